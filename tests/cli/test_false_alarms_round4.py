"""The false-alarm sweep, round 4: supported claims that paraphrase their source (a name written out against the
acronym the source gives, a weekday beside its date, a negation said by a verb of ending or barring, ...), each
through the real `citeaudit run` on real Parquet and DuckDB files. A hard rule that caps such a claim below
`verified` is a false alarm; the wrong claim beside each one must stay capped (docs/hostile-inputs.md, "The
false-alarm sweep, round 4")."""

from __future__ import annotations

from pathlib import Path

from tests.cli.hostile import Verdicts, claim_verdicts, claims

HARD = ("missing_", "negation_mismatch", "direction_mismatch", "swapped:", "stitched:", "unasserted:", "conditional:")


def _audit(tmp_path: Path, cases: dict[str, tuple[str, str]]) -> dict[str, tuple[str, list[str]]]:
    """Each case's verdict and its hard-rule reasons."""
    return claim_verdicts(tmp_path, cases, HARD)


@claims(
    {
        "fbi": ("The Federal Bureau of Investigation opened an inquiry.", "The FBI opened an inquiry."),
        "fbi_back": ("The FBI opened an inquiry.", "The Federal Bureau of Investigation opened an inquiry."),
        "doj": ("The Department of Justice filed the suit.", "The DOJ filed the suit."),
        "nhs": ("The National Health Service hired 5,000 nurses.", "The NHS hired 5,000 nurses."),
        "epa": ("The Environmental Protection Agency (EPA) issued the rule.", "The EPA issued the rule in 2015."),
        "cia": ("The Central Intelligence Agency opened an inquiry.", "The FBI opened an inquiry."),
        "cia_back": ("The CIA opened an inquiry.", "The Federal Bureau of Investigation opened an inquiry."),
    },
    HARD,
)
def test_a_name_written_out_is_its_acronym(got: Verdicts) -> None:
    # "The Federal Bureau of Investigation opened an inquiry" against "The FBI opened an inquiry" was
    # missing_name:Federal, :Bureau, :Investigation (weak), and back missing_name:FBI; another agency stays missing
    for key in ("fbi", "fbi_back", "epa"):
        assert got[key] == ("verified", []), (key, got)
    for key in ("doj", "nhs"):  # no rule fires; their support is the model's (weak today, just under the threshold)
        assert got[key][1] == [], (key, got)
    assert got["cia"][0] != "verified" and "missing_name:Central" in got["cia"][1], got
    assert got["cia_back"][0] != "verified" and got["cia_back"][1] == ["missing_name:CIA"], got


@claims(
    {
        "before": ("The meeting was held on Tuesday, May 4, 2021.", "The meeting was held on May 4, 2021."),
        "day_first": (
            "The attack happened on Friday 13 November 2015.",
            "The attack happened on 13 November 2015 in Paris.",
        ),
        "after": ("The vote took place on March 3, 2020, a Tuesday.", "The vote took place on March 3, 2020."),
        "iso": ("The outage began on Monday, 2023-01-02.", "The outage began on January 2, 2023."),
        "wrong_day": ("The meeting was held on Wednesday, May 4, 2021.", "The meeting was held on May 4, 2021."),
    },
    HARD,
)
def test_a_weekday_beside_its_date_follows_from_it(got: Verdicts) -> None:
    # "The meeting was held on Tuesday, May 4, 2021" against "... on May 4, 2021" was missing_name:Tuesday (weak):
    # May 4, 2021 was a Tuesday. A weekday the date does not fall on stays missing
    for key in ("before", "day_first", "after", "iso"):
        assert got[key] == ("verified", []), (key, got)
    assert got["wrong_day"][0] != "verified" and got["wrong_day"][1] == ["missing_name:Wednesday"], got


@claims(
    {
        "celsius": ("Water boils at 100 degrees Celsius.", "Water boils at 100 °C at sea level."),
        "fahrenheit": ("The record high was 120 degrees Fahrenheit.", "The record high was 120 °F."),
        "other_scale": ("Water boils at 100 degrees Fahrenheit.", "Water boils at 100 °C at sea level."),
    },
    HARD,
)
def test_a_temperature_scale_is_its_degree_sign(got: Verdicts) -> None:
    # "Water boils at 100 degrees Celsius" against "100 °C" was missing_name:Celsius (weak); the other scale stays
    for key in ("celsius", "fahrenheit"):
        assert got[key] == ("verified", []), (key, got)
    assert got["other_scale"][0] != "verified" and got["other_scale"][1] == ["missing_name:Fahrenheit"], got


@claims(
    {
        "stopped": ("The factory no longer produces cars.", "The factory stopped producing cars in 2015."),
        "ceased": ("The paper is no longer published.", "The paper ceased publication in 2009."),
        "discontinued": ("The model is no longer sold.", "The model was discontinued in 2018."),
        "barred": (
            "Residents cannot vote in federal elections.",
            "Residents are barred from voting in federal elections.",
        ),
        "unmarried": ("He never married.", "He remained unmarried all his life."),
        "fell": ("Sales did not rise in 2020.", "Sales fell in 2020."),
        "died": ("The author is no longer alive.", "The author died in 2019."),
        "disagree": ("The two studies do not agree.", "The two studies disagree."),
        "not_stopped": (
            "The factory has not stopped producing cars.",
            "The factory stopped producing cars in 2015.",
        ),
        "still": (
            "The factory no longer produces cars.",
            "The factory stopped producing trucks in 2015 but still produces cars.",
        ),
        "not_barred": (
            "Residents are not barred from voting in federal elections.",
            "Residents are barred from voting in federal elections.",
        ),
        "barred_other": (
            "Residents cannot vote in federal elections.",
            "Residents are barred from running in federal elections.",
        ),
        "married": ("He never married.", "He married twice and was unmarried in 1990."),
        "not_fall": ("Sales did not fall in 2020.", "Sales fell in 2020."),
    },
    HARD,
)
def test_a_negation_said_by_ending_barring_or_un(got: Verdicts) -> None:
    # "The factory no longer produces cars" against "stopped producing cars in 2015", "Residents cannot vote ..."
    # against "are barred from voting ...", "He never married" against "remained unmarried", "Sales did not rise"
    # against "Sales fell", "The author is no longer alive" against "died" were negation_mismatch (weak). The claims
    # saying the other thing, or one the source says of something else, stay capped
    for key in ("stopped", "ceased", "discontinued", "barred", "unmarried", "fell", "died", "disagree"):
        assert "negation_mismatch" not in got[key][1], (key, got)
    for key in ("stopped", "barred", "fell", "disagree"):
        assert got[key] == ("verified", []), (key, got)
    for key in ("not_stopped", "still", "not_barred", "barred_other", "married", "not_fall"):
        assert got[key][0] != "verified" and "negation_mismatch" in got[key][1], (key, got)


@claims(
    {
        "rate": ("The rate rose to 3.5% in May.", "The rate rose to three and a half percent in May."),
        "hours": ("He ran for 2.5 hours without a break.", "He ran for two and a half hours without a break."),
        "an_hour": ("The show lasts 1.5 hours.", "The show lasts an hour and a half."),
        "words": ("The rate rose to three and a half percent in May.", "The rate rose to 3.5% in May."),
        "whole": ("The rate rose to 3% in May.", "The rate rose to three and a half percent in May."),
        "other": ("The rate rose to 4.5% in May.", "The rate rose to three and a half percent in May."),
    },
    HARD,
)
def test_a_number_and_a_half_in_words_is_its_number(got: Verdicts) -> None:
    # "The rate rose to 3.5%" against "three and a half percent" was missing_number:3.5, "He ran for 2.5 hours"
    # against "two and a half hours" missing_number:2.5 (weak). "3%" against "three and a half percent" was verified
    # (the source's "three" read alone: a let-in) and is missing_number:3 now; 4.5 stays missing
    for key in ("rate", "hours", "an_hour", "words"):
        assert not any(r.startswith("missing_number:") for r in got[key][1]), (key, got)
    for key in ("rate", "hours"):
        assert got[key] == ("verified", []), (key, got)
    for key, number in (("whole", "3"), ("other", "4.5")):
        assert got[key][0] != "verified" and f"missing_number:{number}" in got[key][1], (key, got)


@claims(
    {
        "century": ("The castle dates from the 1200s.", "The castle was built in 1245."),
        "out_of": ("90% of residents have internet access.", "Nine out of ten residents have internet access."),
        "ceo": (
            "According to CEO Elon Musk, the company is focusing on cheaper models.",
            "Chief executive Elon Musk said the company is focusing on cheaper models.",
        ),
        "didnt": ("Tesla's net income didn't rise in 2023.", "Tesla's net income fell in 2023."),
        "other_century": ("The castle dates from the 1300s.", "The castle was built in 1245."),
        "other_share": ("80% of residents have web access.", "Nine out of ten residents have web access."),
        "cfo": (
            "According to CFO Elon Musk, the company is focusing on cheaper models.",
            "Chief executive Elon Musk said the company is focusing on cheaper models.",
        ),
        "didnt_fall": ("Tesla's net income didn't fall in 2023.", "Tesla's net income fell in 2023."),
    },
    HARD,
)
def test_a_century_a_share_out_of_ten_a_title_and_didnt(got: Verdicts) -> None:
    # "The castle dates from the 1200s" against "built in 1245" was missing_number:1200 (read as the decade 1200-1209),
    # "90% of residents" against "Nine out of ten residents" missing_number:90, "According to CEO Elon Musk, ..."
    # against "Chief executive Elon Musk said ..." missing_name:CEO, "Tesla's net income didn't rise in 2023" against
    # "Its net income fell" negation_mismatch (all weak). The wrong claims beside them stay capped
    for key in ("century", "out_of", "ceo", "didnt"):
        assert got[key][1] == [], (key, got)
    for key, reason in (
        ("other_century", "missing_number:1300"),
        ("other_share", "missing_number:80"),
        ("cfo", "missing_name:CFO"),
        ("didnt_fall", "negation_mismatch"),
    ):
        assert got[key][0] != "verified" and reason in got[key][1], (key, got)


@claims(
    {
        "said": (
            "Musk said the company will focus on cheaper models.",
            "Musk said the company would focus on cheaper models.",
        ),
        "announced": (
            "The minister announced that the tax will rise in May.",
            "The minister announced that the tax would rise in May.",
        ),
        "no_saying": ("The plan will cut emissions by half.", "The plan would cut emissions by half."),
        "condition": (
            "The plan will cut emissions by half.",
            "Officials said that, if approved, the plan would cut emissions by half.",
        ),
    },
    HARD,
)
def test_reported_speech_moves_will_back_to_would(got: Verdicts) -> None:
    # "Musk said the company will focus on cheaper models" against "Musk said the company would focus on cheaper
    # models" was unasserted:would (weak): the copied-sentence rule read the reported "would" as a hedge dropped. A
    # "would" with no verb of saying, or with a condition beside it, stays a hedge
    for key in ("said", "announced"):
        assert got[key] == ("verified", []), (key, got)
    for key in ("no_saying", "condition"):
        assert got[key][0] != "verified" and "unasserted:would" in got[key][1], (key, got)
