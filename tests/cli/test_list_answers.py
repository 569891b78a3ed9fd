"""List-shaped answers ("The supported languages are Python [1], Java [2], and Go [3].") through the real
`citeaudit run` on real Parquet and DuckDB files: each source is checked for its own item, and only for it."""

from __future__ import annotations

from pathlib import Path

from tests.cli.hostile import batched
from tests.conftest import make_answer
from tests.conftest import query as q


def _ctx(*texts: str) -> list[dict[str, object]]:
    return [
        {"doc_id": f"d{i}", "chunk_id": f"c{i}", "title": f"Doc {i}.pdf", "page": 1, "text": t}
        for i, t in enumerate(texts, 1)
    ]


LANGS = _ctx(
    "Python is one of the supported languages.",
    "Java is one of the supported languages.",
    "Go is one of the supported languages.",
)
FOUNDERS = _ctx(
    "Ada Lovelace was one of its founders.",
    "Alan Turing was one of its founders.",
    "Grace Hopper was one of its founders.",
)
REVENUE = _ctx("Revenue was $5M in 2020.", "Revenue was $7M in 2021.", "Revenue was $9M in 2022.")
REVENUE_8M = _ctx("Revenue was $5M in 2020.", "Revenue was $7M in 2021.", "Revenue was $8M in 2022.")


ROWS = [
    make_answer("langs", "The supported languages are Python [1], Java [2], and Go [3].", LANGS),
    make_answer("founders", "Its founders were Ada Lovelace [1], Alan Turing [2] and Grace Hopper [3].", FOUNDERS),
    make_answer("revenue", "Revenue was $5M in 2020 [1], $7M in 2021 [2], and $9M in 2022 [3].", REVENUE),
    make_answer("revenue_8m", "Revenue was $5M in 2020 [1], $7M in 2021 [2], and $9M in 2022 [3].", REVENUE_8M),
]


@batched(ROWS)
def test_each_citation_of_a_list_is_checked_for_its_own_item(answers_db: Path) -> None:
    # each source states only its own item: checked against the whole sentence, each missed the other items
    # (missing_name:Java, missing_number:7M, ...) and a correct answer came out RED; a changed item is still caught
    db = answers_db
    got = q(db, "SELECT answer_id, citation_ord, claim, verdict FROM citation_audit ORDER BY 1, 2")
    assert [(a, o, c) for a, o, c, _v in got] == [
        ("founders", 1, "Its founders were Ada Lovelace"),
        ("founders", 2, "Its founders were Alan Turing"),
        ("founders", 3, "Its founders were Grace Hopper."),
        ("langs", 1, "The supported languages are Python"),
        ("langs", 2, "The supported languages are Java"),
        ("langs", 3, "The supported languages are Go."),
        ("revenue", 1, "Revenue was $5M in 2020"),
        ("revenue", 2, "Revenue was $7M in 2021"),
        ("revenue", 3, "Revenue was $9M in 2022."),
        ("revenue_8m", 1, "Revenue was $5M in 2020"),
        ("revenue_8m", 2, "Revenue was $7M in 2021"),
        ("revenue_8m", 3, "Revenue was $9M in 2022."),
    ], got
    verdicts = {(a, o): v for a, o, _c, v in got}
    assert all(v == "verified" for (a, _o), v in verdicts.items() if a != "revenue_8m"), verdicts
    assert verdicts[("revenue_8m", 1)] == verdicts[("revenue_8m", 2)] == "verified", verdicts
    assert verdicts[("revenue_8m", 3)] != "verified", verdicts
    reasons = q(db, "SELECT reasons FROM citation_audit WHERE answer_id = 'revenue_8m' AND citation_ord = 3")
    # "$9M" is 9 million (a scale letter on a sum of money, the false-alarm sweep): it was missing_number:9
    assert "missing_number:9 million" in reasons[0][0], reasons
    levels = dict(q(db, "SELECT answer_id, level FROM answer_audit"))
    assert levels == {"langs": "GREEN", "founders": "GREEN", "revenue": "GREEN", "revenue_8m": levels["revenue_8m"]}
    assert levels["revenue_8m"] != "GREEN", levels


ROWS_2 = [
    make_answer("middle", "The supported languages are Python [1], Java, and Go [3].", LANGS),
    make_answer("trailing", "The supported languages are Python [1], Java [2], and Go.", LANGS),
]


@batched(ROWS_2)
def test_an_item_without_a_marker_is_checked_with_the_next_marker_or_the_last(answers_db: Path) -> None:
    # "Java" has no marker of its own: it goes with [3] (or, after the last marker, with [2]), whose source must state
    # it too; left out of every claim, a wrong item in a cited sentence was checked against nothing
    db = answers_db
    got = q(db, "SELECT answer_id, citation_ord, claim, verdict FROM citation_audit ORDER BY 1, 2")
    assert [(a, o, c) for a, o, c, _v in got] == [
        ("middle", 1, "The supported languages are Python"),
        ("middle", 2, "The supported languages are Java, and Go."),
        ("trailing", 1, "The supported languages are Python"),
        ("trailing", 2, "The supported languages are Java, and Go."),
    ], got
    assert [v for _a, _o, _c, v in got] == ["verified", got[1][3], "verified", got[3][3]], got
    assert got[1][3] != "verified" and got[3][3] != "verified", got
    reasons = q(db, "SELECT answer_id, reasons FROM citation_audit WHERE citation_ord = 2 ORDER BY 1")
    assert reasons == [("middle", ["missing_name:Java"]), ("trailing", ["missing_name:Go"])], reasons
    levels = dict(q(db, "SELECT answer_id, level FROM answer_audit"))
    assert levels["middle"] != "GREEN" and levels["trailing"] != "GREEN", levels


UNTIL = _ctx(
    "The supported languages were Python until 2015.",
    "The supported languages were Java until 2015.",
    "The supported languages were Go until 2019.",
)
WINDOWS = _ctx("We support Python on Windows.", "We support Java on Windows.", "We support Go, but not on Windows.")
COST = _ctx("Support for Python costs $9.", "Support for Java costs $9.", "Support for Go costs $5.")
ROWS_3 = [
    make_answer("until", "The supported languages were Python [1], Java [2], and Go [3] until 2019.", UNTIL),
    make_answer("comma", "The supported languages were Python [1], Java [2], and Go [3], until 2019.", UNTIL),
    make_answer("windows", "We support Python [1], Java [2], and Go [3], but not on Windows.", WINDOWS),
    make_answer("cost", "Support for Python [1], Java [2], and Go [3] costs $5.", COST),
    make_answer("long", "Support for Python 3 [1], Java 8 [2], and Go [3] costs $5.", COST),
]


@batched(ROWS_3)
def test_the_words_after_a_lists_last_marker_are_said_of_every_item(answers_db: Path) -> None:
    # "... Python [1], Java [2], and Go [3] until 2019.": the words after the last item's marker are said of every
    # item; cut off, [1] checked "The supported languages were Python" (exact_match) against a page that ends its
    # support in 2015, and a wrong answer came out GREEN
    db = answers_db
    got = q(db, "SELECT answer_id, citation_ord, claim, verdict FROM citation_audit ORDER BY 1, 2")
    wrong = [(a, o, c) for a, o, c, v in got if o < 3 and v == "verified"]
    assert not wrong, got
    levels = dict(q(db, "SELECT answer_id, level FROM answer_audit"))
    assert "GREEN" not in levels.values(), levels


UNTIL_2 = _ctx(
    "The supported languages were Python until 2019.",
    "The supported languages were Java until 2019.",
    "The supported languages were Go until 2019.",
)
ROWS_4 = [make_answer("until", "The supported languages were Python [1], Java [2], and Go [3] until 2019.", UNTIL_2)]


@batched(ROWS_4)
def test_a_lists_shared_tail_is_checked_with_each_item(answers_db: Path) -> None:
    # the same shape, each source stating its item and the tail: each citation checked for its item and the tail
    db = answers_db
    got = q(db, "SELECT citation_ord, claim, verdict FROM citation_audit ORDER BY 1")
    assert [c for _o, c, _v in got] == [
        "The supported languages were Python until 2019.",
        "The supported languages were Java until 2019.",
        "The supported languages were Go until 2019.",
    ], got
    assert all(v == "verified" for _o, _c, v in got), got
    assert q(db, "SELECT level FROM answer_audit") == [("GREEN",)]


SUPPORTED = _ctx("Python is supported.", "Java is supported.", "Go is supported.")
ROWS_5 = [
    make_answer("except", "All languages except Python [1], Java [2], and Go [3] are supported.", SUPPORTED),
    make_answer("other", "Languages other than Python [1], Java [2], and Go [3] are supported.", SUPPORTED),
    make_answer("only", "Python [1], Java [2], and Go [3] are the only supported languages.", SUPPORTED),
    make_answer(
        "only_frame",
        "The only supported languages are Python [1], Java [2], and Go [3].",
        _ctx("Python is supported, like Ruby.", "Java is supported, like Ruby.", "Go is supported, like Ruby."),
    ),
]


@batched(ROWS_5)
def test_a_list_whose_frame_excludes_its_items_cites_its_whole_sentence(answers_db: Path) -> None:
    # "All languages except Python [1], Java [2], and Go [3] are supported.": cut to "All languages except Python are
    # supported", [1] was verified against "Python is supported." (the cascade reads past "except", "other than",
    # "only"); the whole sentence names the other items, which no single source states
    db = answers_db
    got = q(db, "SELECT answer_id, citation_ord, claim, verdict FROM citation_audit ORDER BY 1, 2")
    assert not [(a, o, c) for a, o, c, v in got if v == "verified"], got
    levels = dict(q(db, "SELECT answer_id, level FROM answer_audit"))
    assert "GREEN" not in levels.values(), levels


ENDED = _ctx("Support for Python ended in 2015.", "Support for Go ended in 2019.")
DE = _ctx(
    "Die Plattform unterstützt Python.",
    "Die Plattform unterstützt Java.",
    "Die Plattform unterstützt Go nicht mehr.",
)
ROWS_6 = [
    make_answer("pair", "Support for Python [1] and Go [2] ended in 2019.", ENDED),
    make_answer("de", "Die Plattform unterstützt Python [1], Java [2] und Go [3] nicht mehr.", DE),
]


@batched(ROWS_6)
def test_the_words_after_a_pairs_second_marker_are_said_of_both(answers_db: Path) -> None:
    # "Support for Python [1] and Go [2] ended in 2019.": [1] cut to "Support for Python" (exact_match) against a
    # source that ended it in 2015 (GREEN); German: "Die Plattform unterstützt Python [1], Java [2] und Go [3] nicht
    # mehr." cut [1] to "Die Plattform unterstützt Python" against a page where it still does
    db = answers_db
    got = q(db, "SELECT answer_id, citation_ord, claim, verdict FROM citation_audit ORDER BY 1, 2")
    claims = {(a, o): c for a, o, c, _v in got}
    assert claims[("pair", 1)] == "Support for Python ended in 2019.", got
    assert claims[("pair", 2)] == "Support for Go ended in 2019.", got
    assert not [(a, o, c) for a, o, c, v in got if o == 1 and v == "verified"], got
    levels = dict(q(db, "SELECT answer_id, level FROM answer_audit"))
    assert "GREEN" not in levels.values(), levels


CTX = _ctx("Microsoft acquired GitHub.", "Google bought Fitbit.")


@batched([make_answer("m", "Microsoft acquired GitHub [1], and Google [2] bought Fitbit.", CTX)])
def test_a_clause_after_a_comma_and_is_no_pair(answers_db: Path) -> None:
    # ", and" joins clauses: "Microsoft acquired GitHub [1], and Google [2] bought Fitbit." is no pair whose words
    # after [2] are said of both ("Microsoft acquired GitHub bought Fitbit": a correct answer RED)
    db = answers_db
    got = q(db, "SELECT citation_ord, claim, verdict FROM citation_audit ORDER BY 1")
    assert got == [(1, "Microsoft acquired GitHub", "verified"), (2, "Google bought Fitbit.", "verified")], got


CTX_2 = _ctx(
    "The supported languages were Python until 2015.",
    "The supported languages were Java until 2015.",
    "The supported languages were Go until 2019.",
    "The supported languages were Go until 2019.",
)
ANSWER = "The supported languages were Python [1], Java [2], and Go [3] until 2019 [4]."


@batched([make_answer("m", ANSWER, CTX_2)])
def test_the_words_after_the_last_items_first_marker_are_said_of_every_item(answers_db: Path) -> None:
    # "..., and Go [3] until 2019 [4].": "until 2019" follows [3] and is cited by [4]; taken from after the last
    # marker only, [1] and [2] were checked without it ("The supported languages were Python", exact_match) against
    # sources that end their support in 2015, and the answer came out GREEN
    db = answers_db
    got = q(db, "SELECT citation_ord, claim, verdict FROM citation_audit ORDER BY 1")
    assert [c for _o, c, _v in got][:2] == [
        "The supported languages were Python until 2019.",
        "The supported languages were Java until 2019.",
    ], got
    assert not [o for o, _c, v in got if o < 3 and v == "verified"], got
    assert q(db, "SELECT level FROM answer_audit") != [("GREEN",)]


JAVA_NOT = (*LANGS[:1], {**LANGS[1], "text": "Java is not one of the supported languages."}, *LANGS[2:])
ROWS_7 = [
    make_answer("langs", "Python [1], Java [2], and Go [3] are supported languages.", LANGS),
    make_answer("java_not", "Python [1], Java [2], and Go [3] are supported languages.", list(JAVA_NOT)),
    make_answer("founders", "Ada Lovelace [1], Alan Turing [2] and Grace Hopper [3] were its founders.", FOUNDERS),
]


@batched(ROWS_7)
def test_a_list_whose_frame_follows_its_items(answers_db: Path) -> None:
    # "Python [1], Java [2], and Go [3] are supported.": no words before the list, the words after it are its frame;
    # checked against the whole sentence, [1] and [2] missed the other items (a correct answer RED)
    db = answers_db
    got = q(db, "SELECT answer_id, citation_ord, claim, verdict FROM citation_audit ORDER BY 1, 2")
    claims = {(a, o): c for a, o, c, _v in got}
    assert [claims[("langs", o)] for o in (1, 2, 3)] == [
        "Python are supported languages.",
        "Java are supported languages.",
        "Go are supported languages.",
    ], got
    assert claims[("founders", 2)] == "Alan Turing were its founders.", got
    verdicts = {(a, o): v for a, o, _c, v in got}
    assert verdicts[("java_not", 2)] != "verified", got
    assert all(v == "verified" for (a, _o), v in verdicts.items() if a != "java_not"), got
    levels = dict(q(db, "SELECT answer_id, level FROM answer_audit"))
    assert levels["langs"] == levels["founders"] == "GREEN" != levels["java_not"], levels


REV = _ctx("In 2020, revenue was $5M.", "In 2020, revenue was $7M.", "In 2020, revenue was $9M.")
REV_8M = _ctx("In 2020, revenue was $5M.", "In 2020, revenue was $7M.", "In 2020, revenue was $8M.")
ROWS_8 = [
    make_answer("in2020", "In 2020, revenue was $5M [1], $7M [2], and $9M [3].", REV),
    make_answer("in2020_8m", "In 2020, revenue was $5M [1], $7M [2], and $9M [3].", REV_8M),
    make_answer("docs", "According to the docs, the supported languages are Python [1], Java [2], and Go [3].", LANGS),
]


@batched(ROWS_8)
def test_a_list_in_a_sentence_that_opens_with_a_time_or_a_source(answers_db: Path) -> None:
    # "In 2020, revenue was $5M [1], $7M [2], ..." and "According to the docs, ...": the opening words end at a comma
    # before the list, so a marker after an item cites the frame (opening words included) and its item; the whole
    # sentence missed the other items (a correct answer RED). "According to the docs [1], ..." still cites it all
    db = answers_db
    got = q(db, "SELECT answer_id, citation_ord, claim, verdict FROM citation_audit ORDER BY 1, 2")
    claims = {(a, o): c for a, o, c, _v in got}
    assert claims[("in2020", 2)] == "In 2020, revenue was $7M", got
    assert claims[("docs", 2)] == "According to the docs, the supported languages are Java", got
    verdicts = {(a, o): v for a, o, _c, v in got}
    assert verdicts[("in2020_8m", 3)] != "verified", got
    levels = dict(q(db, "SELECT answer_id, level FROM answer_audit"))
    assert levels["in2020"] == levels["docs"] == "GREEN" != levels["in2020_8m"], (levels, got)


CTX_3 = _ctx(
    "The supported languages were Python until 2015.",
    "The supported languages were Java until 2015.",
    "The supported languages were Go until 2019.",
    "The supported languages were Python, Java, and Go until 2019.",
)
ROWS_9 = [
    make_answer("after", "The supported languages were Python [1], Java [2], and Go [3], [4] until 2019.", CTX_3),
    make_answer("first", "The supported languages were Python [1], [4], Java [2], and Go [3] until 2019.", CTX_3),
]


@batched(ROWS_9)
def test_markers_apart_by_a_comma_cite_one_item(answers_db: Path) -> None:
    # "Go [3], [4] until 2019." and "Python [1], [2], Java [3]": a cut between two markers with no word between them
    # split the item from its markers' clause, the list broke and [1] was checked without "until 2019"
    # (exact_match against a source that ended in 2015)
    db = answers_db
    got = q(db, "SELECT answer_id, citation_ord, claim, verdict FROM citation_audit ORDER BY 1, 2")
    python_java = {("after", 1), ("after", 2), ("first", 1), ("first", 3)}  # the citations of sources 1 and 2
    assert not [(a, o, c) for a, o, c, v in got if (a, o) in python_java and v == "verified"], got
    levels = dict(q(db, "SELECT answer_id, level FROM answer_audit"))
    assert "GREEN" not in levels.values(), levels


FLAT = _ctx("Python stayed flat.", "Java stayed flat.", "Go stayed flat.")


@batched([make_answer("m", "Python rose [1], Java fell [2], and Go [3] stayed flat.", FLAT)])
def test_clauses_of_their_own_before_a_lists_closing_words_are_no_items(answers_db: Path) -> None:
    # "Python rose [1], Java fell [2], and Go [3] stayed flat.": "Java fell" is a clause, not an item whose frame
    # is "stayed flat"; read as one, [2] checked "Java fell stayed flat" against "Java stayed flat." (verified: GREEN)
    db = answers_db
    got = q(db, "SELECT citation_ord, claim, verdict FROM citation_audit ORDER BY 1")
    assert not [(o, c) for o, c, v in got if o < 3 and v == "verified"], got
    assert q(db, "SELECT level FROM answer_audit") != [("GREEN",)]
