"""The false-alarm sweep, round 13: supported claims the real `citeaudit run` capped (real Parquet, DuckDB and model)
for a name, a measure or a deed their source writes in another form, found from the hard reasons that fire on the
training pairs' supported claims (`tools/hard_reasons/measure.py`) and the leftovers of round 12 (the cases below are
written by hand, none from the dev sets): a closed name its source writes hyphenated ("Walmart" / "Wal-Mart":
`audit/verify/compounds.py`), a measure converted between systems of units ("5 miles" / "8 km":
`audit/verify/conversions.py`), a deed said again by its pronoun ("bought the stadium ... and sold it":
`audit/verify/events.py`), a state named by its people's adjective ("Texan" / "Texas": `audit/verify/demonyms.py`).
Beside each one, the wrong claim stays below `verified` with its reason (docs/hostile-inputs.md, "The false-alarm
sweep, round 13")."""

from __future__ import annotations

from tests.cli.hostile import Verdicts, claims

HARD = ("missing_", "negation_mismatch", "direction_mismatch", "swapped:", "stitched:", "unasserted:", "conditional:")

WALMART = "Wal-Mart opened its first store in Rogers, Arkansas, in 1962, and now employs 2.1 million people."


@claims(
    {
        "walmart": ("Walmart opened its first store in Rogers, Arkansas, in 1962.", WALMART),
        "walmart_open": (
            "Walmart opened its first store in Rogers, Arkansas.",
            WALMART.replace("Wal-Mart", "Wal Mart"),
        ),
        "walmarts": ("Walmart's first store opened in Rogers, Arkansas, in 1962.", WALMART),
        "costco": ("Costco opened its first store in Rogers, Arkansas, in 1962.", WALMART),
        "lower_open": (
            "The Redwood trail is closed in winter.",
            "The red wood trail is closed in winter, rangers say.",
        ),
    },
    HARD,
)
def test_a_closed_name_its_source_writes_apart_is_one_name(got: Verdicts) -> None:
    # "Walmart" against "Wal-Mart" was missing_name:Walmart (left open by round 12: a closed word with no capital
    # inside was not split): a hyphen, or a space between two capitalised parts, is spelling. Another name, and two
    # lower-case words for a closed name ("red wood" for "Redwood"), stay missing
    for key in ("walmart", "walmart_open", "walmarts"):
        assert got[key] == ("verified", []), (key, got)
    for key, reason in (("costco", "missing_name:Costco"), ("lower_open", "missing_name:Redwood")):
        assert got[key][0] != "verified" and reason in got[key][1], (key, got)


TRAIL = "The coastal trail is 8 km long and climbs 300 metres, the park service says."
HEAT = "On Tuesday the temperature in Phoenix reached 100 °F, the highest this year."


@claims(
    {
        "miles": ("The coastal trail is 5 miles long.", TRAIL),
        "km": ("The coastal trail is 8 km long.", "The coastal trail is 5 miles long, the park service says."),
        "celsius": ("On Tuesday the temperature in Phoenix reached 38 °C.", HEAT),
        "fahrenheit": ("On Tuesday it reached 100°F in Phoenix.", "On Tuesday it reached 38°C in Phoenix, a record."),
        "feet": ("The trail climbs about 1,000 feet.", TRAIL.replace("300 metres", "305 metres")),
        "pounds": ("The boxer weighed 189 pounds.", "The boxer weighed 85.5 kg at the weigh-in on Friday."),
        "wrong_miles": ("The coastal trail is 9 km long.", "The coastal trail is 5 miles long, the park service says."),
        "wrong_celsius": ("On Tuesday the temperature in Phoenix reached 40 °C.", HEAT),
        "wrong_pounds": ("The boxer weighed 175 pounds.", "The boxer weighed 85.5 kg at the weigh-in on Friday."),
        "same_system": ("The coastal trail is 8.5 km long.", "The coastal trail is 8,400 metres long, the park says."),
        "own_unit": ("The outfielder threw the ball 404 feet.", "The outfielder threw the ball 403 feet (123 m)."),
    },
    HARD,
)
def test_a_measure_converted_between_systems_is_the_measure(got: Verdicts) -> None:
    # "5 miles" against "8 km" was missing_number:5, "38 °C" against "100 °F" missing_number:38, "189 pounds" against
    # "85.5 kg" missing_number:189 (left out on purpose since round 2): the claim's number is the source's converted
    # and rounded. A number no such conversion rounds to stays missing, within one system only an exact
    # restatement is one ("8.5 km" for "8,400 metres", round 11), and where the source gives the measure in the
    # claim's unit too its number there is the one ("404 feet" for "403 feet (123 m)", an unsupported training pair's)
    for key in ("miles", "km", "celsius", "fahrenheit", "feet"):
        assert got[key] == ("verified", []), (key, got)
    assert got["pounds"][1] == [], got  # no rule left; the model alone holds it weak
    for key, reason in (
        ("wrong_miles", "missing_number:9"),
        ("wrong_celsius", "missing_number:40"),
        ("wrong_pounds", "missing_number:175"),
        ("same_system", "missing_number:8.5"),
        ("own_unit", "missing_number:404"),
    ):
        assert got[key][0] != "verified" and reason in got[key][1], (key, got)


STADIUM = "The club purchased the stadium in 2019 and sold it to a developer in 2021."


@claims(
    {
        "sold_it": ("The club sold the stadium to a developer in 2021.", STADIUM),
        "bought": ("The club sold the stadium to a developer in 2021.", STADIUM.replace("purchased", "bought")),
        "them": (
            "The fund sold the shares in March.",
            "The fund bought the shares in January and then sold them in March.",
        ),
        "no_tail": ("The club sold the stadium.", "The club bought the stadium in 2019 and later sold it."),
        "first_date": ("The club sold the stadium in 2019.", STADIUM),
        "other_doer": (
            "The club sold the stadium to a developer in 2021.",
            "The club purchased the stadium in 2019 and the city sold it to a developer in 2021.",
        ),
        "first_deal": (
            "The club sold the stadium to a developer in 2019.",
            "The club purchased the stadium from a developer in 2019 and sold it in 2021.",
        ),
    },
    HARD,
)
def test_a_deed_said_again_by_its_pronoun_is_the_claims(got: Verdicts) -> None:
    # "The club sold the stadium to a developer in 2021" against "purchased the stadium in 2019 and sold it to a
    # developer in 2021" was swapped:sold/purchased (seen in the let-in sweep, left: the copy aligns the claim's
    # "sold" with the first verb): the sentence says the claim's deed again of the same thing ("it"), with what the
    # claim says of it. The first deed's date, another doer ("and the city sold it"), or the first deed's party keep
    # the swap
    for key in ("sold_it", "bought", "them", "no_tail"):
        assert got[key] == ("verified", []), (key, got)
    for key, reason in (
        ("first_date", "swapped:sold/purchased"),
        ("other_doer", "swapped:sold/purchased"),
        ("first_deal", "swapped:sold/purchased"),
    ):
        assert got[key][0] != "verified" and reason in got[key][1], (key, got)


MEAT_LOAF = "Meat Loaf was born Marvin Lee Aday in Dallas, Texas, the only child of a school teacher."


@claims(
    {
        "texan": ("Meat Loaf is Texan.", MEAT_LOAF),
        "texas": ("The singer was born in Texas.", "The Texan singer Meat Loaf was born Marvin Lee Aday in 1947."),
        "floridian": ("The senator is a Floridian.", "The senator was born in Miami, Florida, in 1971."),
        "californian": ("Meat Loaf is Californian.", MEAT_LOAF),
        "ohio": ("The senator was born in Ohio.", "The senator, a Floridian, was born in 1971."),
    },
    HARD,
)
def test_a_state_named_by_its_peoples_adjective(got: Verdicts) -> None:
    # "Meat Loaf is Texan" against "born in Dallas, Texas" was missing_name:Texan (three supported training pairs,
    # no unsupported one): a state and its people's adjective name one place, as a country and its adjective do
    # (round 8). Another state stays missing
    for key in ("texan", "texas", "floridian"):
        assert got[key] == ("verified", []), (key, got)
    for key, reason in (("californian", "missing_name:Californian"), ("ohio", "missing_name:Ohio")):
        assert got[key][0] != "verified" and reason in got[key][1], (key, got)
