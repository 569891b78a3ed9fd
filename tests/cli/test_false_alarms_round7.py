"""The false-alarm sweep, round 7: supported claims that write a fact in another form than their source ("H1 2020" /
"the first half of 2020", "FY2020" / "fiscal 2020", "a fortnight" / "two weeks", "NASA" / "National Aeronautics and
Space Administration", "250" / "two hundred and fifty"), each through the real `citeaudit run` on real Parquet and
DuckDB files. The claim is restated in its source's words before it is read (`audit/verify/restate.py`); the wrong
claim beside each one, whose fact the source states otherwise, must stay below `verified` with its reason
(docs/hostile-inputs.md, "The false-alarm sweep, round 7")."""

from __future__ import annotations

from pathlib import Path

from tests.cli.hostile import Verdicts, claim_verdicts, claims

HARD = ("missing_", "negation_mismatch", "direction_mismatch", "swapped:", "stitched:", "unasserted:", "conditional:")

SALES = "Retail sales fell sharply in {} as stores closed, the company said. Online orders rose."
CONSOLE = "Sales of the console peaked {}, according to the firm's annual report. Supply later improved."
REVENUE = "The group said revenue grew 5% in {} despite the pandemic. Margins were unchanged."
PLANT = "The plant in Ohio closed {} after the company moved production to Mexico."


def _audit(tmp_path: Path, cases: dict[str, tuple[str, str]]) -> dict[str, tuple[str, list[str]]]:
    """Each case's verdict and its hard-rule reasons."""
    return claim_verdicts(tmp_path, cases, HARD)


@claims(
    {
        "h1": ("Retail sales fell sharply in H1 2020.", SALES.format("the first half of 2020")),
        "half": ("Retail sales fell sharply in the first half of 2020.", SALES.format("H1 2020")),
        "q3": ("Sales of the console peaked in Q3 2021.", CONSOLE.format("between July and September 2021")),
        "quarter": (
            "Sales of the console peaked in the July-September quarter of 2021.",
            CONSOLE.format("in Q3 2021"),
        ),
        "fy": ("Revenue grew 5% in FY2020.", REVENUE.format("fiscal 2020")),
        "fy_year": ("Revenue grew 5% in FY2020.", REVENUE.format("fiscal year 2020")),
        "fiscal": ("Revenue grew 5% in fiscal year 2020.", REVENUE.format("FY2020")),
        "fy_span": ("Revenue grew 5% in FY2020-21.", REVENUE.format("the 2020/21 financial year")),
        "mid": ("The Ohio plant closed in mid-2020.", PLANT.format("in the middle of 2020")),
        "early": ("The Ohio plant closed in early 2020.", PLANT.format("at the beginning of 2020")),
        "late": ("The Ohio plant closed in late 2020.", PLANT.format("at the end of 2020")),
        "h2": ("Retail sales fell sharply in H2 2020.", SALES.format("the first half of 2020")),
        "q2": ("Sales of the console peaked in Q2 2021.", CONSOLE.format("between July and September 2021")),
        "fy_other": ("Revenue grew 5% in FY2020.", REVENUE.format("fiscal 2021")),
        "fy_span_other": ("Revenue grew 5% in FY2020-21.", REVENUE.format("the 2021/22 financial year")),
        "mid_other": ("The Ohio plant closed in mid-2020.", PLANT.format("at the end of 2020")),
        "late_other": ("The Ohio plant closed in late 2020.", PLANT.format("at the beginning of 2020")),
    },
    HARD,
)
def test_a_part_of_a_year_or_a_fiscal_year_in_other_words_is_its_date(got: Verdicts) -> None:
    # "in H1 2020" against "in the first half of 2020" was weak (0.36: the transformer aligned "H1" with no token),
    # "Q3 2021" against "between July and September 2021" weak (0.42), "FY2020" against "fiscal 2020" / "fiscal year
    # 2020" weak (0.38, 0.39), "mid-2020" against "in the middle of 2020" missing_date:mid-2020, "early 2020" against
    # "at the beginning of 2020" missing_date:early 2020, "FY2020-21" against "the 2020/21 financial year"
    # missing_number:21. Another half, quarter, year or part stays missing
    for key in ("h1", "half", "q3", "quarter", "fy", "fy_year", "fiscal", "fy_span", "mid", "early", "late"):
        assert got[key] == ("verified", []), (key, got)
    for key, reason in (
        ("h2", "missing_date:H2 2020"),
        ("q2", "missing_date:Q2 2021"),
        ("fy_other", "missing_number:2020"),
        ("fy_span_other", "missing_number:2020"),
        ("mid_other", "missing_date:mid-2020"),
        ("late_other", "missing_date:late 2020"),
    ):
        assert got[key][0] != "verified" and reason in got[key][1], (key, got)


TRIAL = "The fraud trial, held at Leeds Crown Court, lasted {}. The jury took a day to reach its verdict."
FIRM = "The firm employs {} people at its plant near Lyon, most of them engineers."


@claims(
    {
        "fortnight": ("The fraud trial lasted a fortnight.", TRIAL.format("two weeks")),
        "tripled": ("The company's sales tripled last year.", "The company's sales rose by 200% last year."),
        "pct": ("Shares in the bank rose 3 pct on Monday.", "Shares in the bank rose 3 percent on Monday."),
        "thirds": (
            "Two-thirds of members voted for the plan.",
            "In the ballot, 67% of members voted for the plan.",
        ),
        "words": ("The firm employs 250 people near Lyon.", FIRM.format("two hundred and fifty")),
        "digits": ("The firm employs two hundred and fifty people near Lyon.", FIRM.format("250")),
        "century": ("The church was built in the 1800s.", "The church was built in the 19th century by monks."),
        "minus": ("Temperatures in Oslo fell to minus 5 degrees.", "Temperatures in Oslo fell to -5 °C overnight."),
        "three_weeks": ("The fraud trial lasted a fortnight.", TRIAL.format("three weeks")),
        "two_days": ("The fraud trial lasted a fortnight.", TRIAL.format("two days")),
        "rose_300": ("The company's sales tripled last year.", "The company's sales rose by 300% last year."),
        "pct_other": ("Shares in the bank rose 3 pct on Monday.", "Shares in the bank rose 3.5 percent on Monday."),
        "words_other": ("The firm employs 350 people near Lyon.", FIRM.format("two hundred and fifty")),
        "century_other": (
            "The church was built in the 1800s.",
            "The church was built in the 18th century by monks.",
        ),
        "minus_other": (
            "Temperatures in Oslo fell to minus 5 degrees.",
            "Temperatures in Oslo fell to -15 °C overnight.",
        ),
    },
    HARD,
)
def test_a_duration_multiple_share_or_number_in_other_words_is_its_value(got: Verdicts) -> None:
    # "lasted a fortnight" against "lasted two weeks" was weak (0.42), "tripled" against "rose by 200%" weak (0.41),
    # "3 pct" against "3 percent" weak (0.28), "Two-thirds of" against "67% of" weak (0.43), "250" against "two
    # hundred and fifty" missing_number:250 and back missing_number:50 (unsupported), "the 1800s" against "the 19th
    # century" missing_number:1800, "minus 5" against "-5 °C" missing_number:5. A value the source does not state
    # stays below verified ("minus 5" against "-15 °C": missing_number:-5 since round 10 reads "minus" as a sign)
    for key in ("fortnight", "tripled", "pct", "thirds", "words", "digits", "century", "minus"):
        assert got[key] == ("verified", []), (key, got)
    for key in ("three_weeks", "two_days", "rose_300"):  # no rule: the support model alone scores them
        assert got[key][0] != "verified", (key, got)
    for key, reason in (
        ("pct_other", "missing_number:3"),
        ("words_other", "missing_number:350"),
        ("century_other", "missing_number:1800"),
        ("minus_other", "missing_number:-5"),
    ):
        assert got[key][0] != "verified" and reason in got[key][1], (key, got)


UNESCO = "The site was listed by the United Nations Educational, Scientific and Cultural Organization in 1987."
NASA = "NASA launched the probe in 1977 from Cape Canaveral. It left the solar system in 2012."


@claims(
    {
        "unesco": ("The site was listed by UNESCO in 1987.", UNESCO),
        "nasa": ("The National Aeronautics and Space Administration launched the probe in 1977.", NASA),
        "gdp": ("Gross domestic product grew by 2% in 2019.", "Official data show GDP grew by 2% in 2019."),
        "co2": ("Emissions of CO2 fell by 7% in 2020.", "Global emissions of carbon dioxide fell by 7% in 2020."),
        "usd": ("The regulator imposed a fine of USD 5 million.", "The regulator imposed a fine of $5 million."),
        "ad": ("The city was founded in AD 79.", "The city was founded in 79 CE by Roman veterans."),
        "phd": ("She earned a Ph.D. in chemistry in 1990.", "She earned a PhD in chemistry in 1990 at Yale."),
        "unicef": ("The site was listed by UNICEF in 1987.", UNESCO),
        "esa": ("The European Space Agency launched the probe in 1977.", NASA),
        "methane": ("Emissions of CO2 fell by 7% in 2020.", "Global emissions of methane fell by 7% in 2020."),
        "usd_other": (
            "The regulator imposed a fine of USD 5 million.",
            "The regulator imposed a fine of $6 million.",
        ),
        "bc": ("The city was founded in AD 79.", "The city was founded in 79 BC by Roman veterans."),
    },
    HARD,
)
def test_an_acronym_a_formula_or_a_code_written_out_is_named(got: Verdicts) -> None:
    # "UNESCO" against "the United Nations Educational, Scientific and Cultural Organization" was
    # missing_name:UNESCO (the comma broke the name), "The National Aeronautics and Space Administration" against
    # "NASA" weak (0.46), "Gross domestic product" against "GDP" weak (0.41), "CO2" against "carbon dioxide"
    # missing_number:2, "USD 5 million" against "$5 million" missing_name:USD, "AD 79" against "79 CE" missing_name:AD,
    # "a Ph.D." against "a PhD" missing_name:Ph. Another organisation, gas, sum or era stays missing
    for key in ("unesco", "nasa", "gdp", "co2", "usd", "ad", "phd"):
        assert got[key] == ("verified", []), (key, got)
    for key, reason in (
        ("unicef", "missing_name:UNICEF"),
        ("esa", "missing_name:European"),
        ("methane", "missing_number:2"),
        ("usd_other", "missing_number:5 million"),
        ("bc", "missing_name:AD"),
    ):
        assert got[key][0] != "verified" and reason in got[key][1], (key, got)


PROFITS = "The chain's profits {} in 2020 as its stores closed for months."
RATES = "The central bank raised rates by {} on Thursday, its first rise since 2018."
FINE = "The regulator fined the bank {} for failing to report suspicious payments."
OUTPUT = "Factory output fell in {}, the statistics agency said, as energy prices rose."


@claims(
    {
        "halved": ("The chain's profits fell by 50% in 2020.", PROFITS.format("halved")),
        "bps": ("The central bank raised rates by 25 bps.", RATES.format("25 basis points")),
        "quarter_point": ("The central bank raised rates by a quarter point.", RATES.format("25 basis points")),
        "pc": ("Inflation hit 7pc in June.", "Inflation hit 7 percent in June, the highest in decades."),
        "mln": ("The city has 3 mln residents.", "The city has 3 million residents, the census found."),
        "code_after": ("The regulator fined the bank 5 million USD.", FINE.format("$5 million")),
        "dollars": ("The regulator fined the bank 5 million US dollars.", FINE.format("$5 million")),
        "months": ("Factory output fell in Jan-Mar 2021.", OUTPUT.format("the first quarter of 2021")),
        "forty": ("The chain's profits fell by 40% in 2020.", PROFITS.format("halved")),
        "bps_other": ("The central bank raised rates by 50 bps.", RATES.format("25 basis points")),
        "pc_other": ("Inflation hit 6pc in June.", "Inflation hit 7 percent in June, the highest in decades."),
        "code_other": ("The regulator fined the bank 5 million USD.", FINE.format("$6 million")),
        "months_other": ("Factory output fell in Apr-Jun 2021.", OUTPUT.format("the first quarter of 2021")),
    },
    HARD,
)
def test_a_fall_by_half_a_rate_in_points_or_a_sum_by_its_code_is_its_value(got: Verdicts) -> None:
    # "fell by 50%" against "halved" was missing_number:50 (weak), "25 bps" against "25 basis points" weak (0.34) and
    # "a quarter point" against it weak (0.39), "7pc" against "7 percent" weak (0.41), "3 mln" against "3 million"
    # weak (0.36), "5 million USD" against "$5 million" missing_name:USD, "5 million US dollars" against it
    # missing_name:US, "Jan-Mar 2021" against "the first quarter of 2021" missing_date:Mar 2021. Another share, rate,
    # sum or quarter stays below verified with its reason
    for key in ("halved", "bps", "quarter_point", "pc", "mln", "code_after", "dollars", "months"):
        assert got[key] == ("verified", []), (key, got)
    for key, reason in (
        ("forty", "missing_number:40"),
        ("bps_other", "missing_number:50"),
        ("pc_other", "missing_number:6"),
        ("code_other", "missing_number:5 million"),
        ("months_other", "missing_date:Jun 2021"),
    ):
        assert got[key][0] != "verified" and reason in got[key][1], (key, got)
