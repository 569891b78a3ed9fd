"""The false-alarm sweep, round 14, as pure functions: a converse comparative (`events.comparatives_converse`), a
converse deed (`events.deed_converse`), a family's plural and "Black" (`nameforms.found_otherwise` through
`keyfacts.missing_facts`), a negation said as a state (`states.said_as_state`), each beside its wrong form."""

from __future__ import annotations

from audit.verify.events import comparatives_converse, deed_converse
from audit.verify.keyfacts import key_facts, missing_facts
from audit.verify.states import said_as_state


def _than(text: str) -> tuple[list[str], int]:
    words = text.lower().rstrip(".").split()
    return words, words.index("than")


def test_a_comparative_and_its_converse() -> None:
    for claim, sent, expected in (
        ("anna is older than maria", "maria is younger than anna", True),
        ("the shard is taller than the gherkin", "the gherkin is shorter than the shard", True),
        ("ohio has more counties than indiana", "indiana has fewer counties than ohio", True),
        ("rail is cheaper than flying", "flying is more expensive than rail", True),
        ("anna is older than maria", "maria is older than anna", False),
        ("ohio has more counties than indiana", "indiana has fewer lakes than ohio", False),
        ("anna is older than maria", "maria is shorter than anna", False),
    ):
        assert comparatives_converse(*_than(claim), *_than(sent)) is expected, (claim, sent)


def test_a_deed_and_its_converse_with_the_parties_turned() -> None:
    rest = "20 billion dollars".split()
    assert deed_converse(["carmaker", "borrowed"], ["government", "lent"], [*rest, "from", "the", "government"],
                         [*rest, "to", "the", "carmaker"])  # fmt: skip
    assert not deed_converse(["carmaker", "lent"], ["carmaker", "borrowed"], [*rest, "to", "the", "government"],
                             [*rest, "from", "the", "government"])  # fmt: skip
    assert not deed_converse(["carmaker", "borrowed"], ["government", "lent"], [*rest, "from", "the", "government"],
                             [*rest, "to", "the", "bank", "and", "the", "carmaker"])  # fmt: skip


def _missing(claim: str, source: str) -> list[str]:
    return list(missing_facts(key_facts(claim), source))


def test_a_family_in_the_plural_and_black_for_african_american() -> None:
    assert _missing("The Smiths moved to Ohio.", "The Smith family moved to Ohio.") == []
    assert _missing("The Joneses opened a bakery.", "The Jones family opened a bakery.") == []
    assert _missing("The Smiths moved to Ohio.", "The Jones family moved to Ohio.") == ["missing_name:Smiths"]
    assert _missing("The Smiths moved to Ohio.", "Smith moved to Ohio.") == ["missing_name:Smiths"]
    assert _missing("She was the first Black mayor.", "She was the first African American mayor.") == []
    assert _missing("She was the first Black mayor.", "She was the first Hispanic mayor.") == ["missing_name:Black"]
    assert "missing_name:Black" in _missing("It sank in the Black Sea.", "African American sailors; the Red Sea.")
    assert "missing_name:African" in _missing("The first African American mayor.", "The first Black mayor.")


def test_a_negation_said_as_a_state() -> None:
    for negated, plain in (
        ("Pensions are not taxed.", "Pensions are tax-free."),
        ("Smoking is not allowed in the hotel.", "The hotel is smoke-free."),
        ("Admission does not cost anything.", "Admission is free."),
        ("Entry costs nothing.", "Entry is free."),
        ("The firm did not go bankrupt.", "The firm avoided bankruptcy."),
        ("Britain did not vote.", "Britain abstained."),
        ("He did not remember the name.", "He forgot the name."),
        ("The council did not respond to the letter.", "The council ignored the letter."),
        ("None of the passengers were hurt.", "The passengers were unhurt."),
    ):
        assert said_as_state(negated, plain), (negated, plain)
    for negated, plain in (
        ("Alcohol is not allowed in the hotel.", "The hotel is smoke-free."),
        ("Entry does not cost anything.", "Entry costs 5 euros, but parking is free."),
        ("The prisoners were not free to leave.", "The prisoners were free to leave."),
        ("The driver was not injured.", "The driver escaped from the car."),
        ("The council did not read the letter.", "The council ignored the letter."),
    ):
        assert not said_as_state(negated, plain), (negated, plain)
