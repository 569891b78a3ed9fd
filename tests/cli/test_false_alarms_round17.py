"""The false-alarm sweep, round 17: supported claims the real `citeaudit run` capped (real Parquet, DuckDB and model)
for an approximate number whose source figure lies in the years' span but is written as an amount ("Some 2,000
people" / "1,950 people": `numranges.year_amounts`), a "~" before a number ("~500 patients" / "498 patients" was
`swapped:500/498`: `copywords.words`), a name's last word in the plural ("14 European Cups" / "the European Cup 14
times": `nameforms._singular_named`) and a country's abbreviation before an institution's name the source states
("the US Federal Reserve" / "the Fed": `nameforms._country_qualifier`), written by hand (none from the dev sets; the
`h_` cases held out, written after the rules). Beside each one, the wrong claim stays below `verified` with its reason
(docs/hostile-inputs.md, "The false-alarm sweep, round 17"). One `citeaudit run` for the module."""

from __future__ import annotations

from tests.cli.hostile import Verdicts, claims

HARD = ("missing_", "negation_mismatch", "direction_mismatch", "swapped:", "stitched:", "unasserted:", "conditional:")
RALLY = "An estimated {} people attended the rally in the capital."
TRIAL = "The trial enrolled {} patients across 12 sites."
SURVEY = "The survey reached {} households in the region."


@claims(
    {
        "some_2000": ("Some 2,000 people attended the rally.", RALLY.format("1,950")),
        "nearly_2000": ("Nearly 2,000 homes were damaged.", "The storm damaged 1,960 homes."),
        "about_1500": ("About 1,500 workers lost their jobs.", "The closure cost 1,480 workers their jobs."),
        "bare_count": ("Some 2,000 people attended the rally.", "The rally drew 1950 people to the square."),
        "tilde": ("The trial enrolled ~500 patients.", TRIAL.format("498")),
        "tilde_copy": ("The trial enrolled ~500 patients across 12 sites.", TRIAL.format("498")),
        "h_around_k": ("Around 1,200 jobs were cut.", "The company cut 1,185 jobs last year."),
        "h_nearly": ("Nearly 1,900 people were evacuated.", "Officials evacuated 1,870 people from the town."),
        "h_tilde_k": ("The survey reached ~1,200 households.", SURVEY.format("1,187")),
        "h_approx_sign": ("The battery lasts ≈10 hours on a charge.", "The battery lasts 10.2 hours on a charge."),
        "w_some_2000": ("Some 2,000 people attended the rally.", RALLY.format("1,500")),
        "w_year": ("Some 2,000 people attended the rally.", "The rally was first held in 1950 and drew crowds."),
        "w_around_2010": ("The factory closed around 2010.", "The factory closed in 2007."),
        "w_tilde": ("The trial enrolled ~500 patients.", TRIAL.format("450")),
        "w_h_year": ("Some 1,900 residents left the town.", "The town was founded in 1890 and emptied later."),
        "w_h_the_year": ("About 2,000 elections were held.", "The 1990 elections were held in May."),
        "w_h_tilde_k": ("The survey reached ~1,200 households.", SURVEY.format("1,050")),
    },
    HARD,
)
def test_an_approximate_number_whose_source_figure_is_an_amount(got: Verdicts) -> None:
    # "Some 2,000 people" against "1,950 people" was missing_number:2000 (a source number in 1000-2100 was read as a
    # year): a year needs a year's context; one written with a thousands comma, or before a plural noun and not after
    # a word that places a year ("in", "since", "the"), is an amount. "~500" against "498" in a copied sentence was
    # swapped:500/498 (the word splitter dropped the "~"): "~" and "≈" are "about"
    for key in ("some_2000", "nearly_2000", "tilde", "tilde_copy", "h_around_k", "h_nearly"):
        assert got[key] == ("verified", []), (key, got[key])
    for key in ("about_1500", "bare_count", "h_tilde_k", "h_approx_sign"):
        assert got[key][1] == [], (key, got[key])
    for key, reason in (
        ("w_some_2000", "missing_number:2000"),
        ("w_year", "missing_number:2000"),
        ("w_around_2010", "missing_number:2010"),
        ("w_tilde", "missing_number:500"),
        ("w_h_year", "missing_number:1900"),
        ("w_h_the_year", "missing_number:2000"),
        ("w_h_tilde_k", "missing_number:1200"),
    ):
        assert got[key][0] != "verified" and reason in got[key][1], (key, got[key])


CUP = "Real Madrid has won the European Cup a record {} times."


@claims(
    {
        "cups": ("Real Madrid won 14 European Cups.", CUP.format(14)),
        "cups_14th": ("Real Madrid won 14 European Cups.", "In 2022, Real Madrid won the European Cup a 14th time."),
        "cups_titles": ("Real Madrid won 14 European Cups.", "Real Madrid holds a record 14 European Cup titles."),
        "h_world_cups": ("Brazil has won 5 World Cups.", "Brazil has won the World Cup 5 times, more than any nation."),
        "h_bayern": ("Bayern Munich won 6 European Cups.", "Bayern Munich has won the European Cup 6 times."),
        "lfc": ("Liverpool won the Premier League in 2020.", "Liverpool won the Premier League title in 2020."),
        "lfc_season": ("Liverpool won the Premier League in 2020.", "Liverpool won the 2019–20 Premier League."),
        "lfc_crowned": (
            "Liverpool won the Premier League in 2020.",
            "Liverpool were crowned Premier League champions in 2020.",
        ),
        "w_cups": ("Real Madrid won 14 European Cups.", CUP.format(13)),
        "w_h_super_cups": ("Bayern Munich won 6 Super Cups.", "Bayern Munich has won the European Cup 6 times."),
        "w_lfc": ("Liverpool won the Premier League in 2020.", "Liverpool won the Premier League title in 2019."),
    },
    HARD,
)
def test_a_name_in_the_plural_the_source_states_once(got: Verdicts) -> None:
    # "14 European Cups" against "the European Cup 14 times" was missing_name:Cups: a name's last word in the plural
    # was read only from five letters ("Prizes", "Awards"); from four now ("Cups"). The Liverpool claims (the let-in
    # round 17 saw them `weak`) were verified against these sources on 2d252a8 already: kept as they are
    for key in ("cups", "cups_14th", "cups_titles", "h_world_cups", "h_bayern", "lfc", "lfc_season", "lfc_crowned"):
        assert got[key] == ("verified", []), (key, got[key])
    for key, reason in (
        ("w_cups", "missing_number:14"),
        ("w_h_super_cups", "missing_name:Cups"),
        ("w_lfc", "missing_number:2020"),
    ):
        assert got[key][0] != "verified" and reason in got[key][1], (key, got[key])


@claims(
    {
        "fed": ("The US Federal Reserve raised interest rates in March.", "In March, the Fed raised interest rates."),
        "fed_full": ("The US Federal Reserve held rates steady.", "The Federal Reserve held rates steady on Monday."),
        "boe": ("The UK's Bank of England cut rates.", "The Bank of England cut rates on Thursday."),
        "h_parliament": ("The UK Parliament passed the bill.", "Parliament passed the bill on Friday."),
        "h_congress": ("The US Congress approved the budget.", "Congress approved the budget late on Thursday."),
        "w_fed": ("The US Federal Reserve raised interest rates.", "The Federal Reserve of Canada raised rates."),
        "w_government": ("The French government raised the pension age.", "The government raised the pension age."),
        "w_h_congress": ("The US Congress approved the budget.", "Mexico's Congress approved the budget on Thursday."),
    },
    HARD,
)
def test_a_country_before_an_institution_the_source_names(got: Verdicts) -> None:
    # "the US Federal Reserve" against "the Fed" was missing_name:US: a country's abbreviation just before a name the
    # source states only qualifies it, in a source that names no other country; not before a common word ("the
    # French government"), nor where the source names another country
    for key in ("fed", "fed_full", "boe", "h_parliament", "h_congress"):
        assert got[key] == ("verified", []), (key, got[key])
    for key, reason in (
        ("w_fed", "missing_name:US"),
        ("w_government", "missing_name:French"),
        ("w_h_congress", "missing_name:US"),
    ):
        assert got[key][0] != "verified" and reason in got[key][1], (key, got[key])
