"""The false-alarm sweep, round 11: supported claims the real `citeaudit run` capped (real Parquet, DuckDB and model)
for a fact their source states in another form: a sum in cents or pence against the same sum in dollars, euros or
pounds (`audit/verify/subunits.py`), a negation said as a state, without "not" ("has not yet been approved" / "is
still awaiting approval", "did not have a job" / "unemployed", "None of the passengers died" / "All passengers
survived": `audit/verify/states.py`, `direction._NEGATED`), an organisation by its short name or by initials that
skip "at" ("The Fed" / "the Federal Reserve", "UCLA" / "the University of California at Los Angeles": `keynames`,
`nameforms`), and a score of nothing in words ("ended 0-0" / "Neither team scored": `numwords`). Beside each one, the
wrong claim whose fact the source states otherwise stays below `verified` with its reason; two wrong claims the
round's rules now catch were verified before ("The vaccine has been approved" / "is still awaiting approval", "The
merger has been approved" / "has yet to be approved") (docs/hostile-inputs.md, "The false-alarm sweep, round 11")."""

from __future__ import annotations

from tests.cli.hostile import Verdicts, claims

HARD = ("missing_", "negation_mismatch", "direction_mismatch", "swapped:", "stitched:", "unasserted:", "conditional:")

STAMP = "A stamp costs $0.85 from Monday."
LOAF = "A loaf costs £0.90 at the shop."
DIVIDEND = "The board declared a dividend of $0.12 per share."
FEE = "The fee is 150 cents per transaction."


@claims(
    {
        "cents": ("A stamp costs 85 cents.", STAMP),
        "fare": ("The fare rose to 50 cents.", "The fare rose to $0.50 last year."),
        "pence": ("A loaf costs 90p.", LOAF),
        "soda": ("A can of soda costs 99 cents.", "A can of soda costs $0.99 at the stadium."),
        "us_dollar": ("Each share is worth 25 cents.", "Each share is worth US$0.25 after the split."),
        "euro": ("The toll is €0.70 per car.", "The toll is 70 cents per car."),
        "dividend": ("The dividend is 12 cents a share.", DIVIDEND),
        "other_cents": ("A stamp costs 95 cents.", STAMP),
        "dollars": ("A stamp costs 85 dollars.", STAMP),
        "pounds": ("A loaf costs 90 pounds.", LOAF),
        "dividend_dollars": ("The dividend is 12 dollars a share.", DIVIDEND),
        "fee": ("The fee is $15.", FEE),
    },
    HARD,
)
def test_a_sum_in_cents_or_pence_is_the_sum_in_its_currency(got: Verdicts) -> None:
    # "85 cents" against "$0.85" was missing_number:85 (weak), "50 cents" against "$0.50" missing_number:50
    # (unsupported), "90p" against "£0.90" missing_number:90, "€0.70" against "70 cents" missing_number:0.70: a sum
    # in its currency's hundredth is the same sum in the currency. Another sum, or the number as whole dollars or
    # pounds, stays missing
    for key in ("cents", "fare", "pence", "soda", "us_dollar", "euro", "dividend"):
        assert got[key] == ("verified", []), (key, got)
    for key, reason in (
        ("other_cents", "missing_number:95"),
        ("dollars", "missing_number:85"),
        ("pounds", "missing_number:90"),
        ("dividend_dollars", "missing_number:12"),
        ("fee", "missing_number:15"),
    ):
        assert got[key][0] != "verified" and reason in got[key][1], (key, got)
