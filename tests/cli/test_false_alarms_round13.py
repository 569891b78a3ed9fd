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
