"""Key facts written the way real answers and sources write them, each through the real `citeaudit run` on real
Parquet and DuckDB files: a correct figure is not a false alarm, a changed one is not let in."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.cli.hostile import Verdicts, batched, claim_verdicts, claims
from tests.conftest import make_answer
from tests.conftest import query as q


def _verdicts(tmp_path: Path, cases: dict[str, tuple[str, str]]) -> dict[str, tuple[str, list[str]]]:
    """Each case's verdict and its key-fact reasons (`missing_...`)."""
    return claim_verdicts(tmp_path, cases, ("missing_",))


@claims(
    {
        "inside": (
            "The audit was signed by Ann Smith in the spring.",
            "The audit was signed by Annabel Goldsmith in the spring.",
        ),
        "same": (
            "The audit was signed by Ann Smith in the spring.",
            "The audit was signed by Ann Smith in the spring.",
        ),
        "possessive": (
            "The audit was signed by Ann Smith in the spring.",
            "The audit was Ann Smith's, signed in the spring.",
        ),
    },
    ("missing_",),
)
def test_a_name_inside_a_longer_word_of_the_source_is_missing(got: Verdicts) -> None:
    # a name was looked up as a substring of the source: "Ann" was found in "Annabel" and "Smith" in "Goldsmith",
    # so a claim naming the wrong person had no missing_name and came out verified
    assert got["inside"][1] == ["missing_name:Ann", "missing_name:Smith"], got
    assert got["inside"][0] != "verified", got
    assert got["same"] == ("verified", []), got
    assert got["possessive"][1] == [], got


@claims(
    {
        "changed_scale": (
            "The company raised $5 million in its first round.",
            "The company raised $5 billion in its first round.",
        ),
        "same_scale": (
            "The company raised $5 million in its first round.",
            "The company raised $5 million in its first round.",
        ),
        "spelled_out": (
            "The company raised 2.5 million dollars in its first round.",
            "The company raised 2,500,000 dollars in its first round.",
        ),
        "written_in_full": (
            "The company raised 2,500,000 dollars in its first round.",
            "The company raised 2.5 million dollars in its first round.",
        ),
    },
    ("missing_",),
)
def test_a_number_with_a_scale_word_is_compared_by_its_value(got: Verdicts) -> None:
    # "million", "billion" after a number were not part of it: "$5 million" against a source's "$5 billion" had no
    # missing_number (verified: let in), and "2.5 million" against "2,500,000" had missing_number:2.5 (a false alarm)
    assert got["changed_scale"][1] == ["missing_number:5 million"], got
    assert got["changed_scale"][0] != "verified", got
    assert got["same_scale"] == ("verified", []), got
    assert got["spelled_out"][1] == [], got
    assert got["written_in_full"][1] == [], got


@claims(
    {
        "iso_day": (
            "The contract was signed on 2020-03-03 in Oslo.",
            "The contract was signed on 2020-03-04 in Oslo.",
        ),
        "slash_day": (
            "The contract was signed on 03/03/2020 in Oslo.",
            "The contract was signed on 03/04/2020 in Oslo.",
        ),
        "iso_same": (
            "The contract was signed on 2020-03-03 in Oslo.",
            "The contract was signed on 2020-03-03 in Oslo.",
        ),
        "iso_as_words": (
            "The contract was signed on 2020-03-03 in Oslo.",
            "The contract was signed on March 3, 2020 in Oslo.",
        ),
        "words_as_iso": (
            "The contract was signed on March 3, 2020 in Oslo.",
            "The contract was signed on 2020-03-03 in Oslo.",
        ),
    },
    ("missing_",),
)
def test_a_numeric_date_whose_day_differs_is_missing(got: Verdicts) -> None:
    # the parts of "2020-03-03" were two numbers, 2020 and 03, each looked up alone: against a source's
    # "2020-03-04" both were there (its month is 03), so a claim with the wrong day had no missing_number (verified)
    assert got["iso_day"][1] == ["missing_number:2020-03-03"], got
    assert got["slash_day"][1] == ["missing_number:3/3/2020"], got
    assert got["iso_day"][0] != "verified" and got["slash_day"][0] != "verified", got
    assert got["iso_same"] == ("verified", []), got
    assert got["iso_as_words"][1] == [], got
    assert "missing_number:3" not in got["words_as_iso"][1], got


@claims(
    {
        "no_break": (
            "The warehouse holds 12000 pallets of stock.",
            "The warehouse holds 12\u00a0000 pallets of stock.",
        ),
        "thin": (
            "The warehouse holds 12,000 pallets of stock.",
            "The warehouse holds 12\u202f000 pallets of stock.",
        ),
        "changed": (
            "The warehouse holds 13000 pallets of stock.",
            "The warehouse holds 12\u00a0000 pallets of stock.",
        ),
    },
    ("missing_",),
)
def test_a_number_grouped_by_a_no_break_or_thin_space_is_one_number(got: Verdicts) -> None:
    # "12 000" with a no-break or thin space (French, SI, typeset PDFs) was two numbers, 12 and 000: a claim stating
    # 12000 or 12,000 had missing_number:12000 and could not be verified
    assert got["no_break"] == ("verified", []), got
    assert got["thin"] == ("verified", []), got
    assert got["changed"][1] == ["missing_number:13000"] and got["changed"][0] != "verified", got


@claims(
    {
        "minus": (
            "The freezer is kept at -18 degrees at all times.",
            "The freezer is kept at \u221218 degrees at all times.",
        ),
        "sign_dropped": (
            "The freezer is kept at -18 degrees at all times.",
            "The freezer is kept at 18 degrees at all times.",
        ),
    },
    ("missing_",),
)
def test_a_number_signed_by_the_minus_sign_is_negative(got: Verdicts) -> None:
    # the minus sign U+2212 (typeset sources, Wikipedia) was no sign: a source's "−18" held 18, so a claim stating
    # -18 had missing_number:-18 and could not be verified
    assert got["minus"] == ("verified", []), got
    assert got["sign_dropped"][1] == ["missing_number:-18"] and got["sign_dropped"][0] != "verified", got


@claims(
    {
        "possessive": (
            "Last year Apple's revenue grew by 8 percent.",
            "Last year revenue at Apple grew by 8 percent.",
        ),
        "brand": (
            "The new menu launched at McDonald's in the spring.",
            "The new menu launched at McDonalds in the spring.",
        ),
        "other_name": (
            "Last year Apple's revenue grew by 8 percent.",
            "Last year revenue at Google grew by 8 percent.",
        ),
    },
    ("missing_",),
)
def test_a_possessive_name_is_found_without_its_s(got: Verdicts) -> None:
    # a claim's "Apple's" was looked up with its 's: a source naming Apple without a possessive lacked it
    # (missing_name:Apple's, never verified), and "McDonald's" was missing from a source writing "McDonalds"
    assert got["possessive"] == ("verified", []), got
    assert got["brand"] == ("verified", []), got
    assert got["other_name"][1] == ["missing_name:Apple's"] and got["other_name"][0] != "verified", got


@claims(
    {
        "folded": (
            "The office moved to Zurich and Malmo last year.",
            "The office moved to Z\u00fcrich and Malm\u00f6 last year.",
        ),
        "decomposed": ("The office moved to Zurich last year.", "The office moved to Zu\u0308rich last year."),
        "other_city": ("The office moved to Zurich last year.", "The office moved to Z\u00fcnd last year."),
    },
    ("missing_",),
)
def test_a_name_written_without_its_accents_is_found(got: Verdicts) -> None:
    # a claim's "Zurich" was missing from a source writing "Zürich" (missing_name:Zurich, never verified): a name
    # is compared with its accents folded, on both sides
    assert got["folded"] == ("verified", []), got
    assert got["decomposed"] == ("verified", []), got
    assert got["other_city"][1] == ["missing_name:Zurich"] and got["other_city"][0] != "verified", got


@claims(
    {
        "zero": (
            "The interest rate was set at 3.0 percent in May.",
            "The interest rate was set at 3 percent in May.",
        ),
        "zeros": (
            "The interest rate was set at 3 percent in May.",
            "The interest rate was set at 3.00 percent in May.",
        ),
        "version": (
            "The team shipped Python 3.10 to every server.",
            "The team shipped Python 3.1 to every server.",
        ),
    },
    ("missing_",),
)
def test_a_number_with_zero_decimals_is_the_whole_number(got: Verdicts) -> None:
    # "3.0" was compared as written: against a source's "3" a claim had missing_number:3.0 and could not be verified;
    # only zero decimals go ("3.10" is not "3.1": a version)
    assert got["zero"] == ("verified", []), got
    assert got["zeros"] == ("verified", []), got
    assert got["version"][1] == ["missing_number:3.10"] and got["version"][0] != "verified", got


@claims(
    {
        "broken": (
            "The report was written by Jean-Luc Picard last year.",
            "The report was written by Jean-\nLuc Picard last year.",
        ),
        "broken_spaces": (
            "The report was written by Jean-Luc Picard last year.",
            "The report was written by Jean- \n  Luc Picard last year.",
        ),
        "other": (
            "The report was written by Jean-Luc Picard last year.",
            "The report was written by Jean-\nPaul Picard last year.",
        ),
    },
    ("missing_",),
)
def test_a_hyphenated_name_broken_across_lines_in_the_source_is_found(got: Verdicts) -> None:
    # a source extracted from a PDF breaks "Jean-Luc" after its hyphen ("Jean-\nLuc"): a claim naming Jean-Luc had
    # missing_name:Jean-Luc and could not be verified
    assert got["broken"] == ("verified", []), got
    assert got["broken_spaces"] == ("verified", []), got
    assert got["other"][1] == ["missing_name:Jean-Luc"] and got["other"][0] != "verified", got


@claims(
    {
        "month_day": (
            "The contract was signed on March 5, 2020 in Oslo.",
            "The contract was signed on April 5, 2020 in Oslo.",
        ),
        "month_year": (
            "The contract was signed in March 2020 in Oslo.",
            "The contract was signed in May 2020 in Oslo.",
        ),
        "verb": (
            "The contract was signed on May 5, 2020 in Oslo.",
            "The contract may be signed on 5 June 2020 in Oslo.",
        ),
        "same": (
            "The contract was signed in March 2020 in Oslo.",
            "The contract was signed on 12 March 2020 in Oslo.",
        ),
    },
    ("missing_",),
)
def test_a_date_whose_month_alone_differs_is_missing_and_capped(got: Verdicts) -> None:
    # the month of a date in words was looked for as a substring of the whole source and a `missing_date` capped
    # nothing: "March 5, 2020" against "April 5, 2020" could verify, "March 2020" (no day) was no key fact at all,
    # and "may" the verb stood for the month
    assert got["month_day"][1] == ["missing_date:March 5, 2020"], got
    assert got["month_year"][1] == ["missing_date:March 2020"], got
    assert got["verb"][1] == ["missing_date:May 5, 2020"], got
    assert all(got[k][0] != "verified" for k in ("month_day", "month_year", "verb")), got
    assert got["same"][1] == [], got


@claims(
    {
        "token": (
            "The operator moved the whole network to 4G in 2019.",
            "The operator moved the whole network to 5G in 2019.",
        ),
        "european": ("The plant employs 1,000 people in Lyon.", "The plant employs 1.000 people in Lyon."),
        "words": ("The refund window is 30 days in Oslo.", "The refund window is thirty days in Oslo."),
    },
    ("missing_",),
)
def test_numbers_in_tokens_words_and_european_groups(got: Verdicts) -> None:
    # "4G" held no number (a claim's 4G against a source's 5G verified); a source's "1.000" and "thirty" gave a
    # claim's 1,000 and 30 a missing_number (false alarms)
    assert got["token"][1] == ["missing_number:4"] and got["token"][0] != "verified", got
    assert got["european"][1] == [] and got["words"][1] == [], got


@claims(
    {
        "changed": (
            "The audit was signed by Jürgen Müller in the spring.",
            "The audit was signed by Jürgen Schmidt in the spring.",
        ),
        "unaccented": ("The plant opened in Łódź in the spring.", "The plant opened in Lodz in the spring."),
    },
    ("missing_",),
)
def test_a_name_with_letters_outside_a_z_is_a_key_fact(got: Verdicts) -> None:
    # a name was [A-Z][a-zA-Z]+: "Müller" or "Москва" was none, so a claim naming the wrong one had no missing_name
    assert got["changed"][1] == ["missing_name:Müller"] and got["changed"][0] != "verified", got
    assert got["unaccented"][1] == [], got


def _ctx(text: str) -> list[dict[str, Any]]:
    return [{"doc_id": "d1", "chunk_id": "c1", "title": "P.pdf", "page": 1, "text": text}]


SRC_3 = "Refunds are paid within 30 days of the purchase, from 3 March 2020."
ANSWERS_2 = {
    "full_width": ("Refunds are paid within ３０ days of the purchase [1].", SRC_3),
    "in_source": ("Refunds are paid within 30 days of the purchase [1].", SRC_3.replace("30", "３０")),
    "cjk": ("退款在购买后３０天内支付[1]。", "退款在购买后30天内支付。"),
    "arabic_indic": (
        "تدفع المبالغ المستردة خلال ٣٠ يوما من الشراء [1].",
        "تدفع المبالغ المستردة خلال 30 يوما من الشراء.",
    ),
    "date": ("Refunds are paid within 30 days, from ３ March ２０２０ [1].", SRC_3),
    "wrong": ("Refunds are paid within ４０ days of the purchase [1].", SRC_3),
}


@batched([make_answer(k, a, _ctx(s)) for k, (a, s) in ANSWERS_2.items()])
def test_digits_of_other_scripts_are_the_numbers_they_write(answers_db: Path) -> None:
    # "３０" (full width: CJK answers write them), "٣٠" (Arabic-Indic), "𝟑𝟎" are 30: a claim or source writing them
    # against ASCII digits was `missing_number:３０` (a correct citation weak or unsupported, the answer RED);
    # another figure is still missing, in any script
    db = answers_db
    got = {a: (v, list(r)) for a, v, r in q(db, "SELECT answer_id, verdict, reasons FROM citation_audit")}
    assert not [(a, r) for a, (_v, r) in got.items() if a != "wrong" and any(x.startswith("missing_") for x in r)], got
    # (a claim in full-width digits is not yet an exact match of ASCII ones: its verdict is the support model's)
    assert got["in_source"][0] == got["cjk"][0] == got["arabic_indic"][0] == "verified", got
    assert got["wrong"][0] != "verified" and "missing_number:40" in got["wrong"][1], got


SRC = "The new office in Berlin opened on 3 March 2020 with 250 employees."
ANSWERS = {
    "day_in_words": "The new office in Berlin opened on the fifth of March 2020 with 250 employees.",
    "lower_may": "The new office in Berlin opened on may 3, 2020 with 250 employees.",
    "month_day_words": "The new office in Berlin opened on March twenty-first, 2020 with 250 employees.",
    "right_day": "The new office in Berlin opened on the third of March 2020 with 250 employees.",
    "right_after": "The new office in Berlin opened on March the third, 2020 with 250 employees.",
}


@claims({k: (a, SRC) for k, a in ANSWERS.items()}, ("missing_",))
def test_a_date_with_its_day_in_words_or_its_month_in_lower_case_is_a_date(got: Verdicts) -> None:
    # "the fifth of March 2020" stated March 2020 alone, and lower-case "may 3, 2020" no date at all ("may" the
    # verb): against a page of 3 March 2020 both wrong dates were verified, the answer GREEN. A claim's ordinal day
    # beside its month is its day; "may" or "march" in lower case is a month with its year ("troops march 5 miles"
    # is still no date)
    assert got["day_in_words"][1] == ["missing_date:5 of March 2020"], got
    assert got["lower_may"][1] == ["missing_date:may 3, 2020"], got
    assert got["month_day_words"][1] == ["missing_date:March 21, 2020"], got
    assert {got[k][0] for k in ("day_in_words", "lower_may", "month_day_words")} & {"verified"} == set(), got
    assert got["right_day"][0] == got["right_after"][0] == "verified", got


SRC_2 = "The mission was led by Jean\u2011Luc Picard and Anne\u2010Marie Duval."


@claims(
    {
        "nb": ("The mission was led by Jean-Luc Picard.", SRC_2),
        "hyphen": ("The mission was led by Anne-Marie Duval.", SRC_2),
        "other": ("The mission was led by Jean-Paul Picard.", SRC_2),
    },
    ("missing_",),
)
def test_a_name_with_a_typeset_hyphen_in_the_source_is_found(got: Verdicts) -> None:
    # PDFs set "Jean-Luc" with U+2010 or the no-break hyphen U+2011: the claim's "Jean-Luc" was `missing_name`
    assert got["nb"][1] == got["hyphen"][1] == [], got
    assert got["other"][1] == ["missing_name:Jean-Paul"], got


# each claim stating the opposite change of its source, and the right one
OPPOSITE_CHANGES = {
    "revenue": ("Quarterly revenue rose 5% in 2020.", "Quarterly revenue fell 5% in 2020."),
    "team": ("The home team won the 1998 final against the visitors.", "The home team lost the 1998 final."),
    "feature": (
        "Support for Python 2 was added in version 3.0.",
        "Support for Python 2 was removed in version 3.0.",
    ),
}


def _opposite_change_rows() -> list[dict[str, Any]]:
    """The rows of `test_a_claim_stating_the_opposite_change_of_its_source_is_not_verified`."""
    sources = {
        "revenue": "Quarterly revenue fell 5% in 2020 as stores closed during the pandemic.",
        "team": "The home team lost the 1998 final against the visitors after extra time.",
        "feature": "Support for Python 2 was removed from the toolkit in version 3.0.",
    }
    rows = []
    for key, (wrong, right) in OPPOSITE_CHANGES.items():
        ctx = [{"doc_id": key, "chunk_id": "0", "title": key, "page": 1, "text": sources[key]}]
        rows += [make_answer(f"{key}-wrong", f"{wrong} [1]", ctx), make_answer(f"{key}-right", f"{right} [1]", ctx)]
    return rows


@batched(_opposite_change_rows())
def test_a_claim_stating_the_opposite_change_of_its_source_is_not_verified(answers_db: Path) -> None:
    # "won" against a source that says lost, "added" against removed: the two embed alike and share every other word,
    # so the support model verified them; the direction rule caps them (`direction_mismatch`), while the right
    # direction still verifies
    db = answers_db
    got = dict(q(db, "SELECT answer_id, (verdict, reasons) FROM citation_audit"))
    for key in OPPOSITE_CHANGES:
        verdict, reasons = got[f"{key}-wrong"]
        assert verdict != "verified" and "direction_mismatch" in reasons, (key, got[f"{key}-wrong"])
        assert got[f"{key}-right"][0] == "verified", (key, got[f"{key}-right"])


CASES = {
    "other_quantity": (
        "Net income increased to $5 million in 2021.",
        "Net income was $5 million in 2021, up from $3 million a year earlier, as operating expenses declined.",
    ),
    "close_to": (
        "The station opened in 1905 near the city centre.",
        "The station, which lies close to the city centre, first welcomed passengers in 1905.",
    ),
    "grew_up": (
        "Gates grew up in Seattle and later attended Harvard.",
        "Gates spent his childhood in Seattle and attended Harvard before dropping out in 1975.",
    ),
    "reporting_verb": (
        "The company added that 200 jobs would go by March.",
        "The company said 200 jobs would be eliminated by March.",
    ),
}


@claims(CASES)
def test_an_opposite_word_about_something_else_in_the_window_is_no_direction_mismatch(got: Verdicts) -> None:
    # the direction rule looked for the opposite word anywhere in the evidence window: a correct claim whose window
    # uses an opposite word about something else (operating expenses declined; a station "close to" the centre; he
    # dropped out of college; the company "added that") was capped below verified with `direction_mismatch`
    assert all(v[0] == "verified" and "direction_mismatch" not in v[1] for v in got.values()), got


SOURCES = {
    "sick": "Hundreds of schoolgirls in Qom have fallen sick in recent months. The authorities have not found "
    "any cause.",
    "sales": "Quarterly sales fell in 2020. The company did not give a reason.",
}
CLAIMS = {
    "sick": "Hundreds of schoolgirls in Qom have not fallen sick in recent months, and the authorities have not "
    "found any cause.",
    "sales": "Quarterly sales did not rise in 2020, and the company did not give a reason.",
}
ROWS = [
    make_answer(key, f"{CLAIMS[key]} [1]", [{"doc_id": key, "chunk_id": "0", "title": key, "text": SOURCES[key]}])
    for key in CLAIMS
]


@batched(ROWS)
def test_a_negated_change_states_the_opposite_change(answers_db: Path) -> None:
    # "have not fallen sick" against "have fallen sick" was the same side to the direction rule, and the window's own
    # negation elsewhere ("have not found") hid it from the negation rule: verified. A negated word of a side states
    # the other side, so "did not rise" against "fell" stays no mismatch
    db = answers_db
    got = dict(q(db, "SELECT answer_id, (verdict, reasons) FROM citation_audit"))
    assert got["sick"][0] != "verified" and "direction_mismatch" in got["sick"][1], got
    assert "direction_mismatch" not in got["sales"][1], got


CASES_2 = {
    "price": (
        "Apple stock closed at $150 on Friday.",
        "Apple stock opened at $148 on Friday and finished the day at $150.",
    ),
    "year": (
        "The company began paying a dividend in fiscal 2021.",
        "In the fiscal year ended June 30, 2021, the company paid its first dividend.",
    ),
}


@claims(CASES_2)
def test_a_closing_price_and_a_year_ended_are_no_direction(got: Verdicts) -> None:
    # financial prose: a share "closed at" a price (its last price of the day, not a closure) and "the fiscal year
    # ended June 30" (a date, not an ending) were opposites of "opened at" and "began" to the direction rule
    assert all(v[0] == "verified" and "direction_mismatch" not in v[1] for v in got.values()), got


CLAIM_2, SOURCE_5 = (
    "The bridge was opened to traffic in 1937.",
    "The bridge began carrying traffic in 1937; it was closed to pedestrians in 2001.",
)


@batched([make_answer("bridge", f"{CLAIM_2} [1]", [{"doc_id": "b", "chunk_id": "0", "text": SOURCE_5}])])
def test_an_opposite_word_in_the_next_clause_is_no_direction_mismatch(answers_db: Path) -> None:
    # a window telling two events ("began carrying traffic in 1937; it was closed to pedestrians in 2001"): the words
    # near "closed" reached back over the semicolon to "traffic", the claim's, and "opened to traffic in 1937" was
    # capped with direction_mismatch
    db = answers_db
    assert q(db, "SELECT verdict, reasons FROM citation_audit") == [("verified", [])]


CASES_3 = {
    "final": (
        "Brazil won the 2002 World Cup final against Germany in Yokohama.",
        "Germany lost the 2002 World Cup final to Brazil in Yokohama.",
    ),
    "summit": (
        "The Alpine hut stands 300 metres above the glacier.",
        "The glacier lies 300 metres below the Alpine hut.",
    ),
}


@claims(CASES_3)
def test_the_converse_of_a_win_is_no_direction_mismatch(got: Verdicts) -> None:
    # "won" and "lost", "above" and "below" relate two things: "Brazil won against Germany" is what "Germany lost to
    # Brazil" says, with the two swapped, and it was capped with direction_mismatch
    assert all(v[0] == "verified" and "direction_mismatch" not in v[1] for v in got.values()), got


CASES_4 = {
    "margin": (
        "The net interest margin was lower than in the second quarter.",
        "The net interest margin was 6.35 percent, 46 basis points higher than in the second quarter.",
    ),
    "converse": (
        "Sales in Europe were higher than in Asia in 2021.",
        "In 2021, sales in Asia were lower than in Europe.",
    ),
    "education": (
        "Spending on higher education rose in 2021.",
        "Spending on universities increased in 2021, while spending on lower grades was flat.",
    ),
}


@claims(CASES_4)
def test_lower_against_a_source_that_says_higher_is_not_verified(got: Verdicts) -> None:
    # "higher" / "lower" were left out of the direction rule (for "the Lower House"; lower-case words only are read):
    # a margin "lower than in the second quarter" against a source that says 46 basis points higher was verified;
    # the converse ("Asia lower than Europe" for "Europe higher than Asia") is no mismatch, nor "higher education"
    assert got["margin"][0] != "verified" and "direction_mismatch" in got["margin"][1], got
    assert "direction_mismatch" not in got["converse"][1] and "direction_mismatch" not in got["education"][1], got


CLAIM_3, SOURCE_6 = (
    "The 2015 ruling allowed same-sex marriage nationwide.",
    "The 2015 ruling lifted the ban on same-sex marriage nationwide.",
)


@batched([make_answer("ban", f"{CLAIM_3} [1]", [{"doc_id": "b", "chunk_id": "0", "text": SOURCE_6}])])
def test_a_lifted_ban_is_no_direction_mismatch(answers_db: Path) -> None:
    # "lifted the ban" allows, it does not ban: "the ruling allowed same-sex marriage" against "the ruling lifted the
    # ban on same-sex marriage" was capped with direction_mismatch
    db = answers_db
    assert q(db, "SELECT verdict, reasons FROM citation_audit") == [("verified", [])]


CLAIM_4, SOURCE_7 = "World War II ended in 1945.", "World War II began in 1939 and lasted six years, until 1945."


@batched([make_answer("war", f"{CLAIM_4} [1]", [{"doc_id": "w", "chunk_id": "0", "text": SOURCE_7}])])
def test_another_event_of_the_same_thing_is_no_direction_mismatch(answers_db: Path) -> None:
    # began and ended, opened and closed are two events of one thing, both true at their own dates: a window telling
    # when a war began (1939) and how long it lasted was read as contradicting "ended in 1945", capped
    # with direction_mismatch; the same date ("opened in 1889" against "closed in 1889") still is a mismatch
    db = answers_db
    assert q(db, "SELECT verdict, reasons FROM citation_audit") == [("verified", [])]


CLAIM_5, SOURCE_8 = "Smith lost the 2020 mayoral election.", "Jones won the 2020 mayoral election, defeating Smith."


@batched([make_answer("vote", f"{CLAIM_5} [1]", [{"doc_id": "v", "chunk_id": "0", "text": SOURCE_8}])])
def test_the_loser_named_after_the_winner_is_no_direction_mismatch(answers_db: Path) -> None:
    # "Smith lost the 2020 election" against "Jones won the 2020 election, defeating Smith": the converse check wanted
    # the claim's words after "lost" before "won" too, and the claim names no winner: capped with direction_mismatch
    db = answers_db
    assert q(db, "SELECT verdict, reasons FROM citation_audit") == [("verified", [])]


CLAIM_6, SOURCE_9 = (
    "The FDA approved the drug in 2019.",
    "In 2019 the FDA cleared the drug, having rejected an earlier version in 2016.",
)


@batched([make_answer("fda", f"{CLAIM_6} [1]", [{"doc_id": "f", "chunk_id": "0", "text": SOURCE_9}])])
def test_a_decision_at_another_date_is_no_direction_mismatch(answers_db: Path) -> None:
    # approved and rejected are decisions, each true at its own date: "approved the drug in 2019" against "cleared
    # the drug in 2019, having rejected an earlier version in 2016" was capped with direction_mismatch
    db = answers_db
    assert q(db, "SELECT verdict, reasons FROM citation_audit") == [("verified", [])]


SOURCE = "Brandy sings the song Go Outside in the Rain, released by the label in 1990."


@claims(
    {
        "swapped": ("Milira sings the song Go Outside in the Rain, released by the label in 1990.", SOURCE),
        "same": ("Brandy sings the song Go Outside in the Rain, released by the label in 1990.", SOURCE),
        "common_word": ("Throughout 1990 Brandy sang the song Go Outside in the Rain.", SOURCE),
        "after_a_bullet": ("- Consider that Brandy sang the song Go Outside in the Rain in 1990.", SOURCE),
    },
    ("missing_",),
)
def test_a_name_that_starts_the_claim_is_a_key_fact(got: Verdicts) -> None:
    # a capitalised word starting a sentence was never a name: a claim whose subject was swapped at its start had
    # no missing_name; a word that is no common word ("Milira") is one now, a common one ("Throughout") still not
    assert got["swapped"][1] == ["missing_name:Milira"], got
    assert got["swapped"][0] != "verified", got
    assert got["same"] == ("verified", []), got
    assert got["common_word"][1] == [], got
    assert got["after_a_bullet"][1] == [], got


SOURCE_2 = "Jones scored the winning goal."


@claims(
    {
        "swapped": ("Smith scored the winning goal.", SOURCE_2),
        "same": ("Jones scored the winning goal.", SOURCE_2),
        "common_word": ("Late on, Jones scored the winning goal.", SOURCE_2),
    },
    ("missing_",),
)
def test_a_name_that_is_also_a_word_starting_the_claim_is_a_key_fact(got: Verdicts) -> None:
    # the common words were the uncased vocabulary's, which holds "smith": "Smith scored the winning goal [1]."
    # against a source naming Jones came out verified
    assert got["swapped"][1] == ["missing_name:Smith"], got
    assert got["swapped"][0] != "verified", got
    assert got["same"] == ("verified", []), got
    assert got["common_word"] == ("verified", []), got


SOURCE_3 = "The firm, founded in Oslo in 1990, has five offices and sells its software in Europe."


@claims(
    {
        "changed": (
            "The firm, founded in Oslo in 1990, has three offices and sells its software in Europe.",
            SOURCE_3,
        ),
        "same": ("The firm, founded in Oslo in 1990, has five offices and sells its software in Europe.", SOURCE_3),
        "not_counted": ("The firm, founded in Oslo in 1990, sells its software in two markets.", SOURCE_3),
    },
    ("missing_",),
)
def test_a_count_in_words_is_compared_with_the_sources_count(got: Verdicts) -> None:
    # a claim's number in words was a number only before a scale word: "three offices" against a source's "five
    # offices" had no missing_number and came out verified
    assert got["changed"][1] == ["missing_number:3"], got
    assert got["changed"][0] != "verified", got
    assert got["same"] == ("verified", []), got
    assert got["not_counted"][1] == [], got


SOURCE_4 = "Leeds United {} the First Division title in 1992, losing only four of their 42 league matches."


@claims(
    {
        "won": ("Leeds United won the First Division title in 1992.", SOURCE_4.format("claimed")),
        "lost": ("Leeds United lost the First Division title in 1992.", SOURCE_4.format("won")),
    }
)
def test_a_count_of_losses_is_no_lost_contest(got: Verdicts) -> None:
    # "losing only four of their 42 matches" counts a season's losses, it says no contest was lost: "won the title"
    # against "claimed the title ..., losing only four" was capped with direction_mismatch, and "lost the title"
    # against "won the title ..., losing only four" read both sides in the window and was no mismatch
    assert "direction_mismatch" not in got["won"][1], got
    assert got["lost"][0] != "verified" and "direction_mismatch" in got["lost"][1], got


CLAIM = "The new law is allowing shops to open on Sundays."


@claims(
    {
        "over": (CLAIM, "Under the new law, shops previously banned from trading on Sundays may now open."),
        "in_force": (CLAIM, "Under the new law, shops are banned from trading on Sundays."),
    }
)
def test_a_ban_in_the_past_is_no_ban(got: Verdicts) -> None:
    # "previously banned ..., may now open" tells a ban that is over: "the new law is allowing shops to open on
    # Sundays" against it was capped with direction_mismatch; a ban in force still is a mismatch
    assert "direction_mismatch" not in got["over"][1], got
    assert got["in_force"][0] != "verified" and "direction_mismatch" in got["in_force"][1], got


REFUNDS = "Refunds take 30 days. The form is at https://help.example.com/refunds-2024 for every order."


@claims(
    {
        "pointer": ("Refunds take 30 days, see https://help.example.com/refunds-2024", REFUNDS),
        "pointer_www": ("Refunds take 30 days (www.help.example.com/refunds-2024/).", REFUNDS),
        "invented": ("The form is at https://help.example.com/returns-2023 for every order.", REFUNDS),
        "not_given": ("Refunds take 30 days https://kb.example/s", "Refunds take 30 days."),
        "arxiv": (
            "The arxiv url of the original LLaMA paper is https://arxiv.org/abs/2012.15730",
            "LLaMA: Open and Efficient Foundation Language Models. https://arxiv.org/abs/2302.13971",
        ),
    },
    ("missing_",),
)
def test_a_link_in_a_claim_is_read_apart_and_must_be_in_the_source(got: Verdicts) -> None:
    # a link was read as words: its pieces matched nothing and its digits were numbers the source lacked, so a correct
    # claim pointing at a page came out RED; now the claim is verified without it, and the link is a key fact the
    # source must give (an invented link, even on a copied sentence, is never verified)
    assert got["pointer"] == ("verified", []), got
    assert got["pointer_www"] == ("verified", []), got
    assert got["invented"] == ("weak", ["missing_url:https://help.example.com/returns-2023"]), got
    assert got["not_given"][1] == ["missing_url:https://kb.example/s"], got
    assert got["not_given"][0] != "verified", got
    assert got["arxiv"][1] == ["missing_url:https://arxiv.org/abs/2012.15730"], got
    assert got["arxiv"][0] != "verified", got
