"""A claim's part of a year (a season, early / mid / late YEAR, a half or a quarter of it) is a date its source must
agree with: "formed in the autumn of 2019" against a source that dates the forming in April 2019, and "split in
late 2019" against February 2019, came out `verified` (the false-alarm sweep's let-ins). Each beside the right
twins that must stay `verified`; through the real `citeaudit run` on real Parquet and DuckDB files."""

from __future__ import annotations

from pathlib import Path

from tests.cli.hostile import claim_verdicts
from tests.cli.test_hostile_verdicts import _assert_flagged, _assert_verified

BAND = "The band formed in April 2019 in Leeds and released its first album the following year."
COUPLE = "The couple split in February 2019 after five years of marriage."
PLANT = "The new assembly plant opened in September 2020, a year behind schedule."
SALES = "Sales of the console peaked in February 2021, when the company shipped 3 million units."
BRIDGE = "The bridge reopened to traffic on 12 November 2018 after two years of repairs."


def test_a_part_of_a_year_the_source_dates_otherwise_is_not_verified(tmp_path: Path) -> None:
    # "autumn" and "late" were read as no key fact: the year was found, and the claims were verified
    got = claim_verdicts(
        tmp_path,
        {
            "autumn": ("The band formed in the autumn of 2019.", BAND),
            "late": ("The couple split in late 2019.", COUPLE),
            "first_half": ("The new assembly plant opened in the first half of 2020.", PLANT),
            "quarter": ("Sales of the console peaked in Q3 2021.", SALES),
            "summer": ("The bridge reopened to traffic in summer 2018.", BRIDGE),
            # supported: the part of the year holds the source's month
            "ok_spring": ("The band formed in the spring of 2019.", BAND),
            "ok_late": ("The couple split in late 2019.", COUPLE.replace("February", "November")),
            "ok_half": (
                "The new assembly plant opened in the first half of 2020.",
                PLANT.replace("September", "March"),
            ),
            "ok_quarter": ("Sales of the console peaked in Q3 2021.", SALES.replace("February", "August")),
            "ok_fall": ("The bridge reopened to traffic in the fall of 2018.", BRIDGE),
            # December is winter of either year: not flagged
            "ok_winter": ("The band formed in the winter of 2019.", BAND.replace("April", "December")),
        },
    )
    _assert_flagged(
        got,
        {
            "autumn": "missing_date:autumn of 2019",
            "late": "missing_date:late 2019",
            "first_half": "missing_date:first half of 2020",
            "quarter": "missing_date:Q3 2021",
            "summer": "missing_date:summer 2018",
        },
    )
    _assert_verified(got, ("ok_spring", "ok_late", "ok_half", "ok_fall", "ok_winter"), clear_of="missing_")
    # "Q3 2021" against "August 2021" is `weak` by the support model before and after (a quarter against a month
    # reads as a looser paraphrase; no hard rule caps it): it must gain no reason, neither the date nor Q3's "3"
    assert not [r for r in got["ok_quarter"][1] if r.startswith("missing_")], got["ok_quarter"]
