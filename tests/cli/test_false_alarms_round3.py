"""The false-alarm sweep, round 3: supported claims that say what their source says in other words (a negation
written into its verb or said by "failed to", ...), each through the real `citeaudit run` on real Parquet and DuckDB
files. A hard rule that caps such a claim below `verified` is a false alarm; the wrong claim beside each one must
stay capped (docs/hostile-inputs.md, "The false-alarm sweep, round 3")."""

from __future__ import annotations

from pathlib import Path

from tests.cli.hostile import Verdicts, claim_verdicts, claims

HARD = ("missing_", "negation_mismatch", "direction_mismatch", "swapped:", "stitched:", "unasserted:", "conditional:")


def _audit(tmp_path: Path, cases: dict[str, tuple[str, str]]) -> dict[str, tuple[str, list[str]]]:
    """Each case's verdict and its hard-rule reasons."""
    return claim_verdicts(tmp_path, cases, HARD)


@claims(
    {
        "didnt": ("The team didn't win the cup.", "The team did not win the cup."),
        "did_not": ("The team did not win the cup.", "The team didn't win the cup."),
        "failed_to": ("The party failed to win a majority.", "The party did not win a majority."),
        "won": ("The team won the cup.", "The team didn't win the cup."),
        "won_majority": ("The party won a majority.", "The party failed to win a majority."),
    },
    HARD,
)
def test_a_negation_in_its_verb_or_said_by_failed_to_is_one(got: Verdicts) -> None:
    # "The team didn't win the cup" against "The team did not win the cup" was direction_mismatch (weak): "n't"
    # inside "didn't" was no negation, so "win" stood on the winning side; "failed to win" against "did not win" too.
    # The claim of the other side stays capped (it was verified against "didn't win": a let-in)
    for key in ("didnt", "did_not", "failed_to"):
        assert got[key] == ("verified", []), (key, got)
    for key in ("won", "won_majority"):
        assert got[key][0] != "verified" and "direction_mismatch" in got[key][1], (key, got)


@claims(
    {
        "unknown": ("The cause of the fire is not known.", "The cause of the fire is unknown."),
        "not_known": ("The cause of the fire is unknown.", "The cause of the fire is not known."),
        "impossible": (
            "It is not possible to climb the peak in winter.",
            "It is impossible to climb the peak in winter.",
        ),
        "unable": ("The rescuers could not reach the village.", "The rescuers were unable to reach the village."),
        "declined": (
            "The company did not comment on the report.",
            "The company declined to comment on the report.",
        ),
        "known": ("The cause of the fire is known.", "The cause of the fire is unknown."),
        "fell": ("Sales fell to 5 million units in 2020.", "Sales declined to 5 million units in 2020."),
    },
    HARD,
)
def test_a_negation_said_by_a_negating_word_is_one(got: Verdicts) -> None:
    # "The cause of the fire is not known" against "... is unknown", "not possible" / "impossible", "could not
    # reach" / "were unable to reach", "did not comment" / "declined to comment" were negation_mismatch (weak).
    # "known" against "unknown" stays capped, and "declined to 5 million" is no negation ("unable to" and "declined
    # to" only waive a mismatch: "reached" against "were unable to reach" is verified as before, test_features)
    for key in ("unknown", "not_known", "impossible", "unable", "declined", "fell"):
        assert "negation_mismatch" not in got[key][1], (key, got)
    for key in ("unknown", "impossible", "unable", "declined"):
        assert got[key] == ("verified", []), (key, got)
    assert got["known"][0] != "verified" and got["known"][1] == ["swapped:known/unknown"], got


@claims(
    {
        "roman": ("Henry VIII broke with Rome in 1534.", "Henry the Eighth broke with Rome in 1534."),
        "words": ("Henry the Eighth broke with Rome in 1534.", "Henry VIII broke with Rome in 1534."),
        "digits": ("Louis XIV ruled France for 72 years.", "Louis the 14th ruled France for 72 years."),
        "other": ("Henry VII broke with Rome in 1534.", "Henry the Eighth broke with Rome in 1534."),
        "other_words": ("Henry the Seventh broke with Rome in 1534.", "Henry VIII broke with Rome in 1534."),
    },
    HARD,
)
def test_a_roman_numeral_is_its_ordinal(got: Verdicts) -> None:
    # "Henry VIII" against a source's "Henry the Eighth" was missing_name:VIII, and back missing_name:Eighth, "Louis
    # XIV" against "Louis the 14th" missing_name:XIV (weak). Another king's number stays missing
    for key in ("roman", "words", "digits"):
        assert got[key] == ("verified", []), (key, got)
    assert got["other"][0] != "verified" and got["other"][1] == ["missing_name:VII"], got
    assert got["other_words"][0] != "verified" and got["other_words"][1] == ["missing_name:Seventh"], got


@claims(
    {
        "weekdays": ("The office is open Monday to Friday.", "The office is open on weekdays."),
        "weekends": ("The market opens on Saturdays and Sundays.", "The market opens at weekends."),
        "saturday": ("The office is open Monday to Saturday.", "The office is open on weekdays."),
    },
    HARD,
)
def test_a_weekday_is_one_of_the_weekdays(got: Verdicts) -> None:
    # "The office is open Monday to Friday" against "The office is open on weekdays" was missing_name:Monday and
    # :Friday (weak); a day outside the source's weekdays stays missing
    for key in ("weekdays", "weekends"):
        assert got[key] == ("verified", []), (key, got)
    assert got["saturday"][0] != "verified" and got["saturday"][1] == ["missing_name:Saturday"], got


@claims(
    {
        "dozen": ("The team hired 12 engineers.", "The team hired a dozen engineers."),
        "half": ("The team hired 6 engineers.", "The team hired half a dozen engineers."),
        "thousand": ("About 1,000 people attended the rally.", "About a thousand people attended the rally."),
        "sixties": ("The song was popular in the 1960s.", "The song was popular in the sixties."),
        "other": ("The team hired 13 engineers.", "The team hired a dozen engineers."),
        "dozens": ("The team hired 24 engineers.", "The team hired dozens of engineers."),
    },
    HARD,
)
def test_a_dozen_a_thousand_or_a_decade_in_words_is_its_number(got: Verdicts) -> None:
    # "The team hired 12 engineers" against "The team hired a dozen engineers" was missing_number:12, "About 1,000
    # people" against "About a thousand people" missing_number:1000, "in the 1960s" against "in the sixties"
    # missing_number:1960 (weak); 13 stays missing, and so does 24 against "dozens of"
    for key in ("dozen", "half", "thousand", "sixties"):
        assert not got[key][1], (key, got)
    for key in ("dozen", "half"):
        assert got[key] == ("verified", []), (key, got)
    assert got["other"][0] != "verified" and got["other"][1] == ["missing_number:13"], got
    assert got["dozens"][0] != "verified" and got["dozens"][1] == ["missing_number:24"], got


@claims(
    {
        "denied": (
            "The application was denied by the council.",
            "The application was rejected by the council.",
        ),
        "rejected": ("The council rejected the application.", "The council denied the application."),
        "approved": ("The council approved the application.", "The council denied the application."),
    },
    HARD,
)
def test_a_refusal_said_with_another_verb_is_one(got: Verdicts) -> None:
    # "The application was denied by the council" against "... was rejected by the council" (and back) was
    # negation_mismatch (weak): "denied" negates, "rejected" does not. An approval against a denial stays capped
    for key in ("denied", "rejected"):
        assert got[key] == ("verified", []), (key, got)
    assert got["approved"][0] != "verified" and "negation_mismatch" in got["approved"][1], got


@claims(
    {
        "jr": ("Martin Luther King Jr. gave the speech in 1963.", "Martin Luther King gave the speech in 1963."),
        "dc": ("The museum is in Washington DC.", "The museum is in Washington, D.C."),
        "umlaut": ("G\u00f6del published the theorem in 1931.", "Goedel published the theorem in 1931."),
        "sr": (
            "Martin Luther King Jr. gave the speech in 1963.",
            "Martin Luther King Sr. gave the speech in 1963.",
        ),
        "other": ("M\u00fcller won the race in 1931.", "Miller won the race in 1931."),
    },
    HARD,
)
def test_a_name_written_another_way_is_named(got: Verdicts) -> None:
    # "Martin Luther King Jr." against "Martin Luther King" was missing_name:Jr, "Washington DC" against "Washington,
    # D.C." missing_name:DC, "Gödel" against "Goedel" missing_name:Gödel (weak). "Jr." against the source's "Sr." and
    # another name stay missing
    for key in ("jr", "dc", "umlaut"):
        assert not got[key][1], (key, got)
    assert got["sr"][0] != "verified" and got["sr"][1] == ["missing_name:Jr"], got
    assert got["other"][0] != "verified" and got["other"][1] == ["missing_name:M\u00fcller"], got


@claims(
    {
        "absent": ("The gene is not present in most patients.", "The gene is absent in most patients."),
        "lost": ("The party did not win the election in 2010.", "The party lost the election in 2010."),
        "present": ("The gene is present in most patients.", "The gene is absent in most patients."),
        "won": ("The party won the election in 2010.", "The party lost the election in 2010."),
    },
    HARD,
)
def test_a_negation_said_by_the_opposite_word_is_one(got: Verdicts) -> None:
    # "The gene is not present in most patients" against "The gene is absent in most patients" and "The party did
    # not win the election" against "The party lost the election" were negation_mismatch (weak): present / absent and
    # win / lost were no opposites of `opposites.py`. The claims of the other side stay capped
    for key in ("absent", "lost"):
        assert "negation_mismatch" not in got[key][1], (key, got)
    assert got["present"][0] != "verified" and got["present"][1] == ["swapped:present/absent"], got
    assert got["won"][0] != "verified" and got["won"][1], got


@claims(
    {
        "unwilling": ("The minister did not resign in 2010.", "The minister was unwilling to resign in 2010."),
        "incapable": (
            "The patient could not walk after the accident.",
            "The patient was incapable of walking after the accident.",
        ),
    },
    HARD,
)
def test_a_negation_said_by_incapable_or_unwilling_is_one(got: Verdicts) -> None:
    # "The minister did not resign" against "The minister was unwilling to resign" and "never managed to write"
    # against "was incapable of writing" were negation_mismatch (weak)
    for key in ("unwilling", "incapable"):
        assert "negation_mismatch" not in got[key][1], (key, got)
