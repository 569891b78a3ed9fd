"""The false-alarm sweep, round 16, as pure functions: an approximate number found where its source's figure rounds
to it (`numranges.number_ranges` through `keyfacts.missing_facts`), a month named alone after a preposition that
opens the source's sentence (`months.month_keys`), and a negation said as a state ("was not averted" / "went ahead",
"did not allow" / "rejected", "did not lose" / "retained": `states.said_as_state`), each beside its wrong form."""

from __future__ import annotations

from audit.verify.keyfacts import key_facts, missing_facts
from audit.verify.months import month_keys
from audit.verify.numranges import number_ranges
from audit.verify.states import said_as_state


def _missing(claim: str, source: str) -> list[str]:
    return missing_facts(key_facts(claim), source)


def test_an_approximate_number_is_found_where_the_source_figure_rounds_to_it() -> None:
    for claim, source in (
        ("About 40% of respondents said so.", "39.6% of respondents said so."),
        ("Nearly 60% of the land is forested.", "Forests cover 58.7% of the land."),
        ("The project cost around $5 million.", "The final cost was $4.96 million."),
        ("The company lost almost $1 billion.", "It reported a net loss of $987 million."),
        ("Inflation rose to about 3%.", "Inflation rose to 3.1% in June."),
        ("Just over 30% of the seats went to the opposition.", "The opposition won 31.2% of the seats."),
        ("Approximately 15 percent work in farming.", "Farming employs 14.7 percent of workers."),
    ):
        assert not [r for r in _missing(claim, source) if r.startswith("missing_number:")], (claim, source)
    for claim, source, reason in (
        ("About 40% of respondents said so.", "36% of respondents said so.", "missing_number:40"),  # 10% off
        ("About 40% of respondents said so.", "25% of respondents said so.", "missing_number:40"),
        ("Nearly 60% of the land is forested.", "Forests cover 61.2% of the land.", "missing_number:60"),  # above
        ("The company lost almost $1 billion.", "It reported a net loss of $1.02 billion.", "missing_number:1 billion"),
        ("Just over 30% of the seats went to it.", "It won 29.4% of the seats.", "missing_number:30"),  # below
        ("The factory closed around 2010.", "The factory closed in 2007.", "missing_number:2010"),
        ("The factory closed around 2010.", "The factory closed in 2009.", "missing_number:2010"),  # no year
        ("The project cost around $5 million.", "The final cost was $4.5 million.", "missing_number:5 million"),
    ):
        assert reason in _missing(claim, source), (claim, source)


def test_the_range_of_an_approximate_number() -> None:
    # half the last significant digit's place, within 5% of the number; "nearly" from below, "just over" from above
    assert ("40", 38.0, 42.0, False) in number_ranges("about 40% of them")
    assert ("2000", 1900.0, 2100.0, False) in number_ranges("some 2,000 people")
    assert ("3", 2.85, 3.15, False) in number_ranges("roughly 3 percent")
    assert ("60", 57.0, 60.0, False) in number_ranges("nearly 60 percent")
    assert ("30", 30.0, 31.5, False) in number_ranges("just over 30 percent")
    assert ("1.5", 1.45, 1.55, False) in number_ranges("approximately 1.5 tonnes")
    assert number_ranges("40% of them") == ()


def test_a_month_named_after_a_preposition_that_opens_the_sentence() -> None:
    # "In March, the company announced ..." names March (the claim's "in March" was missing_date:March); May and March
    # stay months only after a preposition ("March Industries", "May I")
    assert month_keys("In March, the company announced the deal.") == {"date:03"}
    assert month_keys("During May the shop was shut.") == {"date:05"}
    assert month_keys("March Industries announced the deal. May I ask?") == set()
    claim = "The company announced the acquisition of the startup in March."
    assert _missing(claim, "In March, the company announced that it would acquire the startup.") == []
    assert _missing(claim, "In May, the company announced that it would acquire the startup.") == ["missing_date:March"]


def test_a_negation_said_as_a_state() -> None:
    for negated, plain in (
        ("The strike was not averted, and workers walked out.", "The strike went ahead."),
        ("The rail strike was not averted.", "The rail strike took place on Monday."),
        ("The collision was not avoided.", "The collision occurred near the harbour."),
        ("The judge did not allow the appeal.", "The judge rejected the appeal."),
        ("The council did not approve the plan.", "The council turned down the plan."),
        ("The court did not uphold the complaint.", "The court dismissed the complaint."),
        ("The champion did not lose her title.", "The champion retained her title."),
    ):
        assert said_as_state(negated, plain), (negated, plain)
    for negated, plain in (
        ("The strike was not averted.", "The strike was averted after talks."),  # no state of going ahead
        ("The strike was not averted.", "The strike did not go ahead."),
        ("The judge did not allow the appeal.", "The judge rejected the request but allowed the appeal."),
        ("The bank did not grant the loan.", "The bank refused the first application but granted the loan."),
        ("The champion did not lose her title.", "The champion lost her title."),
        ("The party did not lose its majority.", "The party kept its leader but lost its majority."),
        ("The judge did not read the appeal.", "The judge rejected the appeal."),  # not what a rejection denies
    ):
        assert not said_as_state(negated, plain), (negated, plain)
