"""The false-alarm sweep, round 5: supported claims that state their source's figure another way (a duration in
other units, ...), each through the real `citeaudit run` on real Parquet and DuckDB files. A hard rule that caps such
a claim below `verified` is a false alarm; the wrong claim beside each one must stay capped (docs/hostile-inputs.md,
"The false-alarm sweep, round 5")."""

from __future__ import annotations

from pathlib import Path

from tests.cli.hostile import Verdicts, claim_verdicts, claims

HARD = ("missing_", "negation_mismatch", "direction_mismatch", "swapped:", "stitched:", "unasserted:", "conditional:")


def _audit(tmp_path: Path, cases: dict[str, tuple[str, str]]) -> dict[str, tuple[str, list[str]]]:
    """Each case's verdict and its hard-rule reasons."""
    return claim_verdicts(tmp_path, cases, HARD)


@claims(
    {
        "hours": ("The flight took 2 hours.", "The flight took 120 minutes."),
        "minutes": ("The flight took 120 minutes.", "The flight took 2 hours."),
        "fortnight": ("The trial lasted 2 weeks.", "The trial lasted a fortnight."),
        "days": ("The trial lasted 14 days.", "The trial lasted two weeks."),
        "half_hour": ("The meeting lasted 30 minutes.", "The meeting lasted half an hour."),
        "ninety": ("The show lasts 90 minutes.", "The show lasts an hour and a half."),
        "months": ("The build took 18 months.", "The build took a year and a half."),
        "decade": ("The war lasted 10 years.", "The war lasted a decade."),
        "hyphen": ("It was a 48-hour strike.", "The strike lasted two days."),
        "three_hours": ("The flight took 3 hours.", "The flight took 120 minutes."),
        "seconds": ("The flight took 2 hours.", "The flight took 120 seconds."),
        "month": ("The trial lasted 4 weeks.", "The trial lasted a month."),
        "year": ("The build took 365 days.", "The build took a year."),
        "three_days": ("The strike lasted 48 hours.", "The strike lasted three days."),
    },
    HARD,
)
def test_a_duration_in_other_units_is_its_duration(got: Verdicts) -> None:
    # "The flight took 2 hours" against "120 minutes" was missing_number:2 (weak), and back missing_number:120
    # (unsupported); "2 weeks" / "a fortnight", "18 months" / "a year and a half", "30 minutes" / "half an hour",
    # "10 years" / "a decade" likewise. A duration the source does not state stays missing, and so does one that is
    # only about the same ("4 weeks" is no month, "365 days" no year)
    for key in ("hours", "minutes", "fortnight", "days", "half_hour", "ninety", "months", "decade", "hyphen"):
        assert not any(r.startswith("missing_number:") for r in got[key][1]), (key, got)
    for key in ("hours", "days", "ninety", "decade"):
        assert got[key] == ("verified", []), (key, got)
    for key, number in (
        ("three_hours", "3"),
        ("seconds", "2"),
        ("month", "4"),
        ("year", "365"),
        ("three_days", "48"),
    ):
        assert got[key][0] != "verified" and f"missing_number:{number}" in got[key][1], (key, got)


@claims(
    {
        "words": ("The law took effect on March 5, 2020.", "The law took effect on 05.03.2020."),
        "day_first": ("The law took effect on 5 March 2020.", "The law took effect on 5.3.2020."),
        "back": ("The law took effect on 05.03.2020.", "The law took effect on March 5, 2020."),
        "month_first": ("The law took effect on May 3, 2020.", "The law took effect on 05.03.2020."),
        "other_day": ("The law took effect on March 6, 2020.", "The law took effect on 05.03.2020."),
    },
    HARD,
)
def test_a_date_with_dots_is_day_month_year(got: Verdicts) -> None:
    # "The law took effect on March 5, 2020" against "on 05.03.2020" was missing_number:5, :2020 and missing_date
    # (unsupported): a date written with dots is day, month, year (German, Russian, ... usage). The other reading,
    # May 3, stays missing, and so does another day
    for key in ("words", "back"):
        assert got[key] == ("verified", []), (key, got)
    assert got["day_first"][1] == [], got  # no rule fires; its support is the model's (weak today)
    assert got["month_first"][0] != "verified" and "missing_date:May 3, 2020" in got["month_first"][1], got
    assert got["other_day"][0] != "verified" and "missing_date:March 6, 2020" in got["other_day"][1], got


@claims(
    {
        "three": ("The speech lasted 45 minutes.", "The speech lasted three quarters of an hour."),
        "one": ("The break lasts 15 minutes.", "The break lasts a quarter of an hour."),
        "other": ("The speech lasted 40 minutes.", "The speech lasted three quarters of an hour."),
    },
    HARD,
)
def test_a_quarter_of_an_hour_is_fifteen_minutes(got: Verdicts) -> None:
    # "The speech lasted 45 minutes" against "three quarters of an hour" was missing_number:45 (weak); 40 minutes
    # stays missing
    for key in ("three", "one"):
        assert not any(r.startswith("missing_number:") for r in got[key][1]), (key, got)
    assert got["other"][0] != "verified" and "missing_number:40" in got["other"][1], got


@claims(
    {
        "pm": ("The PM resigned in July.", "The Prime Minister resigned in July."),
        "lower": ("The PM resigned in July.", "The country's prime minister resigned in July."),
        "mp": ("The MP resigned in July.", "The Prime Minister resigned in July."),
    },
    HARD,
)
def test_pm_is_found_where_the_source_writes_prime_minister(got: Verdicts) -> None:
    # "The PM resigned in July" against "The Prime Minister resigned in July" was missing_name:PM (weak): two letters,
    # under `nameforms`' three. Only this title, one way: "MP" against it stays missing
    for key in ("pm", "lower"):
        assert "missing_name:PM" not in got[key][1], (key, got)
    assert got["pm"] == ("verified", []), got
    assert got["mp"][0] != "verified" and "missing_name:MP" in got["mp"][1], got
