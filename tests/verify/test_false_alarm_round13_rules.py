"""The false-alarm sweep, round 13, as pure functions: a closed name its source writes apart
(`compounds.compound_found`), a measure converted between systems of units (`conversions.converted_numbers`, read by
`keyfacts.missing_facts`), a state by its people's adjective (`demonyms`, the same) and a deed said again by its
pronoun (`events.deed_resumed`, read by `swaps.swapped_words`). The real-CLI cases are in
tests/cli/test_false_alarms_round13.py."""

from __future__ import annotations

import pytest

from audit.verify.compounds import compound_found
from audit.verify.keyfacts import key_facts, missing_facts
from audit.verify.swaps import swapped_words


@pytest.mark.parametrize(
    ("missing", "source", "found"),
    [
        (["Walmart"], "Wal-Mart opened its first store", {"Walmart"}),
        (["Walmart"], "WAL-MART opened its first store", {"Walmart"}),
        (["Walmart"], "Wal Mart opened its first store", {"Walmart"}),
        (["Walmart's"], "Wal-Mart opened its first store", {"Walmart's"}),
        (["Walmart"], "the wal mart opened its first store", set()),  # open and lower case: two words
        (["Redwood"], "the red wood trail", set()),
        (["Walmart"], "Wal-Greens opened its first store", set()),
        (["Walmart"], "the Wal-Martian stores", set()),  # a part of a longer word
        (["Wal"], "Wal-Mart opened", set()),  # too short to be a closed compound
    ],
)
def test_a_closed_name_written_apart(missing: list[str], source: str, found: set[str]) -> None:
    assert compound_found(missing, tuple(missing), source) == found


@pytest.mark.parametrize(
    ("claim", "source", "missing"),
    [
        ("The trail is 5 miles long.", "The trail is 8 km long.", []),
        ("The trail is 8 km long.", "The trail is 5 miles long.", []),
        ("The trail is 48 kilometres long.", "The trail is 30 miles long.", []),
        ("It reached 38 °C.", "It reached 100 °F.", []),
        ("It reached 100°F.", "It reached 38°C.", []),
        ("The box weighs 11 lb.", "The box weighs 5 kg.", []),
        ("The tank holds 10 gallons.", "The tank holds 38 litres.", []),  # a US gallon
        ("The tank holds 10 gallons.", "The tank holds 45.5 litres.", []),  # an imperial one
        ("The trail is 9 km long.", "The trail is 5 miles long.", ["missing_number:9"]),
        ("It reached 40 °C.", "It reached 100 °F.", ["missing_number:40"]),
        ("The trail is 8.5 km long.", "The trail is 8,400 metres long.", ["missing_number:8.5"]),  # one system
        ("The trail is 8 km long.", "The trail has 5 stops.", ["missing_number:8"]),  # no unit in the source
        # the source gives the measure in the claim's unit too: that number is the one (a training pair's)
        ("He threw a ball 404 feet.", "He threw a ball more than 403 feet (123 m).", ["missing_number:404"]),
        ("He threw a ball 123 metres.", "He threw a ball more than 403 feet (123 m).", []),
    ],
)
def test_a_measure_converted_between_systems(claim: str, source: str, missing: list[str]) -> None:
    assert missing_facts(key_facts(claim), source) == missing


STADIUM = "The club purchased the stadium in 2019 and sold it to a developer in 2021."


@pytest.mark.parametrize(
    ("claim", "source", "swaps"),
    [
        ("The club sold the stadium to a developer in 2021.", STADIUM, ()),
        ("The club sold the stadium.", "The club bought the stadium in 2019 and later sold it.", ()),
        (
            "The fund sold the shares in March.",
            "The fund bought the shares in January and then sold them in March.",
            (),
        ),
        ("The club sold the stadium in 2019.", STADIUM, ("sold/purchased",)),
        (
            "The club sold the stadium to a developer in 2021.",
            "The club purchased the stadium in 2019 and the city sold it to a developer in 2021.",
            ("sold/purchased",),
        ),
        (
            "The fund sold the shares in January.",
            "The fund bought the shares in January and then sold them in March.",
            ("sold/bought",),
        ),
    ],
)
def test_a_deed_said_again_by_its_pronoun(claim: str, source: str, swaps: tuple[str, ...]) -> None:
    assert swapped_words(claim, [source]) == swaps


@pytest.mark.parametrize(
    ("claim", "source", "missing"),
    [
        ("Meat Loaf is Texan.", "Meat Loaf was born in Dallas, Texas.", []),
        ("He was born in Texas.", "The Texan singer was born in 1947.", []),
        ("The senator is a Floridian.", "The senator was born in Miami, Florida.", []),
        ("Meat Loaf is Californian.", "Meat Loaf was born in Dallas, Texas.", ["missing_name:Californian"]),
    ],
)
def test_a_state_by_its_peoples_adjective(claim: str, source: str, missing: list[str]) -> None:
    assert missing_facts(key_facts(claim), source) == missing
