"""The false-alarm sweep, round 16: supported claims the real `citeaudit run` capped (real Parquet, DuckDB and model)
for an approximate number whose source states the figure it rounds ("about 40%" / "39.6%": `numranges`), a month the
source names after a preposition that opens its sentence ("In March, ...": `months.month_keys`), and a negation said
as a state ("went ahead" / "was not averted", "did not allow" / "rejected", "did not lose" / "retained":
`states.said_as_state`), written by hand (none from the dev sets; the `h_` cases held out, written after the rules).
Beside each one, the wrong claim stays below `verified` with its reason (docs/hostile-inputs.md, "The false-alarm
sweep, round 16"). One `citeaudit run` for the module."""

from __future__ import annotations

from tests.cli.hostile import Verdicts, claims

HARD = ("missing_", "negation_mismatch", "direction_mismatch", "swapped:", "stitched:", "unasserted:", "conditional:")
SURVEY = "In the survey, {} of respondents said they would switch providers within a year."
FOREST = "Forests cover {} of the country's land area."
LOSS = "The company reported a net loss of {}."
COST = "The project's final cost was {}."
FARMS = "Agriculture employs {} of the country's workforce."
FESTIVAL = "The festival attracted {} visitors this year."
SEATS = "The opposition won {} of the seats."
SOLAR = "Solar panels are installed on {} of homes."


@claims(
    {
        "about": ("About 40% of respondents said they would switch providers.", SURVEY.format("39.6%")),
        "nearly": ("Nearly 60% of the land is forested.", FOREST.format("58.7%")),
        "roughly": ("Turnout was roughly 70%.", "Voter turnout reached 69.8 percent."),
        "around_m": ("The project cost around $5 million.", COST.format("$4.96 million")),
        "about_3": ("Inflation rose to about 3%.", "Annual inflation rose to 3.1% in June."),
        "almost_bn": ("The company lost almost $1 billion.", LOSS.format("$987 million")),
        "h_approx": ("Approximately 15% of the workforce is employed in agriculture.", FARMS.format("14.7%")),
        "h_around_k": ("The festival drew around 80,000 visitors.", FESTIVAL.format("81,200")),
        "h_roughly_bn": ("The deal is worth roughly $2 billion.", "The deal is valued at $2.03 billion."),
        "h_almost_half": ("Almost 50% of homes have solar panels.", SOLAR.format("48.9%")),
        "w_about": ("About 40% of respondents said they would switch providers.", SURVEY.format("36%")),
        "w_about_far": ("About 40% of respondents said they would switch providers.", SURVEY.format("25%")),
        "w_nearly": ("Nearly 60% of the land is forested.", FOREST.format("61.2%")),
        "w_almost_bn": ("The company lost almost $1 billion.", LOSS.format("$1.2 billion")),
        "w_around_m": ("The project cost around $5 million.", COST.format("$4.5 million")),
        "w_year": ("The factory closed around 2010.", "The factory closed in 2007."),
        "w_h_approx": ("Approximately 15% of the workforce is employed in agriculture.", FARMS.format("13.9%")),
        "w_h_around_k": ("The festival drew around 80,000 visitors.", FESTIVAL.format("72,000")),
        "w_h_just_over": ("Just over 30% of the seats went to the opposition.", SEATS.format("29.4%")),
        "w_h_almost_half": ("Almost 50% of homes have solar panels.", SOLAR.format("50.8%")),
    },
    HARD,
)
def test_an_approximate_number_the_source_figure_rounds_to(got: Verdicts) -> None:
    # "About 40%" against "39.6%" was missing_number:40: the figure rounds to the claim's at its last significant
    # digit and lies within 5% of it ("nearly" from below, "just over" from above); "almost $1 billion" against
    # "$987 million" loses its reason and is `weak` with none (the model's doubt)
    for key in ("about", "nearly", "roughly", "around_m", "about_3", "h_approx", "h_around_k", "h_roughly_bn"):
        assert got[key] == ("verified", []), (key, got[key])
    for key in ("almost_bn", "h_almost_half"):
        assert got[key][1] == [], (key, got[key])
    for key, reason in (
        ("w_about", "missing_number:40"),
        ("w_about_far", "missing_number:40"),
        ("w_nearly", "missing_number:60"),
        ("w_almost_bn", "missing_number:1 billion"),
        ("w_around_m", "missing_number:5 million"),
        ("w_year", "missing_number:2010"),
        ("w_h_approx", "missing_number:15"),
        ("w_h_around_k", "missing_number:80000"),
        ("w_h_just_over", "missing_number:30"),
        ("w_h_almost_half", "missing_number:50"),
    ):
        assert got[key][0] != "verified" and reason in got[key][1], (key, got[key])


ACQUIRE = "In {}, the company announced that it would acquire the startup."
REPORT = "In May, the government published its annual report on housing."


@claims(
    {
        "march": ("The company announced the acquisition of the startup in March.", ACQUIRE.format("March")),
        "h_may": ("The government published the report in May.", REPORT),
        "w_may": ("The company announced the acquisition of the startup in May.", ACQUIRE.format("March")),
        "w_h_june": ("The government published the report in June.", REPORT),
    },
    HARD,
)
def test_a_month_after_a_preposition_opening_the_source_sentence(got: Verdicts) -> None:
    # "in March" against "In March, the company ..." was missing_date:March: the source's preposition was read in
    # lower case only, so a sentence opening with it named no March (nor May)
    for key in ("march", "h_may"):
        assert got[key] == ("verified", []), (key, got[key])
    for key, reason in (("w_may", "missing_date:May"), ("w_h_june", "missing_date:June")):
        assert got[key][0] != "verified" and reason in got[key][1], (key, got[key])


STRIKE = "The strike was not averted, and workers walked out on Monday."
APPEAL = "The judge rejected the appeal."
TITLE = "The champion retained her title."


@claims(
    {
        "went_ahead": ("The strike went ahead.", STRIKE),
        "took_place": ("The rail strike took place on Monday.", "The rail strike planned for Monday was not averted."),
        "not_allow": ("The judge did not allow the appeal.", APPEAL),
        "not_approve": ("The council did not approve the plan.", "The council turned down the plan on Tuesday."),
        "not_lose": ("The champion did not lose her title.", TITLE),
        "h_went_ahead": ("The protest went ahead despite the ban.", "The protest was not prevented by the ban."),
        "h_occurred": ("The collision occurred near the harbour.", "The collision near the harbour was not avoided."),
        "h_dismissed": ("The court did not uphold the complaint.", "The court dismissed the complaint."),
        "w_upheld": ("The judge did not allow the appeal.", "The judge upheld the appeal."),
        "w_allowed": ("The judge did not allow the appeal.", "The judge rejected the request but allowed the appeal."),
        "w_lost": ("The champion did not lose her title.", "The champion lost her title."),
        "w_h_kept": ("The party did not lose its majority.", "The party kept its leader but lost its majority."),
        "w_h_not_ahead": ("The protest did not go ahead.", "The protest went ahead despite the ban."),
    },
    HARD,
)
def test_a_negation_said_as_a_state(got: Verdicts) -> None:
    # each right claim was negation_mismatch: a state ("went ahead", "rejected", "retained") is the denial the other
    # side words with "not"; not where the plain side states the denied word's stem or the state negated
    for key in ("went_ahead", "took_place", "not_allow", "not_approve", "not_lose", "h_went_ahead", "h_occurred"):
        assert got[key][1] == [], (key, got[key])
    for key in ("not_allow", "h_occurred"):
        assert got[key][0] == "verified", (key, got[key])
    assert got["h_dismissed"][1] == [], got["h_dismissed"]
    for key in ("w_upheld", "w_allowed", "w_lost", "w_h_kept", "w_h_not_ahead"):
        assert got[key][0] != "verified" and "negation_mismatch" in got[key][1], (key, got[key])
