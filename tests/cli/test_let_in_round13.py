"""The "nothing let in" sweep, round 13: wrong claims that put a buyer in the seller's place ("sold" where the source
says "purchased"), state as done what the source says is still awaited or still so ("was sentenced" against "is
awaiting sentencing", "was found" against "is still missing"), call a thing the original that the source calls a
replica in another clause, name a way to pay that the source rules out ("by card" against "cash only"), state a
multiple ("doubled") that the source's percentage change contradicts, or a count in words the source's digits
contradict, on paragraphs written as news and encyclopaedia pages write them, that came out `verified`, each beside
correct paraphrases that must stay `verified`; all through one real `citeaudit run` on real Parquet and DuckDB files
(docs/hostile-inputs.md, "The let-in sweep, round 13")."""

from __future__ import annotations

from tests.cli.hostile import Verdicts, claims
from tests.cli.test_hostile_verdicts import _assert_flagged, _assert_verified

STADIUM = "In 2019 the club purchased the stadium from the city council for 12 million pounds."
LAND = "The city purchased the land from a private developer in 2018."
ESTATE = "The family is purchasing the estate next to their farm, the agent said."
SHARES = "The fund purchased 2 million shares of the company in the first quarter."


@claims(
    {
        "stadium": ("In 2019 the club sold the stadium to the city council for 12 million pounds.", STADIUM),
        "land": ("The city sold the land to a private developer in 2018.", LAND),
        "estate": ("The family is selling the estate next to their farm, the agent said.", ESTATE),
        "shares": ("The fund sold 2 million shares of the company in the first quarter.", SHARES),
        # supported: the sale told from the seller's side, in the passive, or with another verb of buying
        "ok_council": ("In 2019 the city council sold the stadium to the club for 12 million pounds.", STADIUM),
        "ok_bought": ("The club bought the stadium from the city council in 2019.", STADIUM),
        "ok_passive": ("The stadium was sold to the club by the city council in 2019.", STADIUM),
        "ok_developer": ("A private developer sold the land to the city in 2018.", LAND),
        "ok_buying": ("The family is buying the estate next to their farm, the agent said.", ESTATE),
        "ok_acquired": ("The fund acquired 2 million shares of the company in the first quarter.", SHARES),
    }
)
def test_a_buyer_said_to_have_sold_what_the_source_says_it_purchased_is_not_verified(got: Verdicts) -> None:
    # each was verified (no reason): "sold" / "bought" and "sold" / "acquired" were pairs of a copy's words that
    # exclude each other, "purchased" / "sold" none (`opposites._COPY_PAIRS`: the verbs of a sale, every form)
    _assert_flagged(
        got,
        {
            "stadium": "swapped:sold/purchased",
            "land": "swapped:sold/purchased",
            "estate": "swapped:selling/purchasing",
            "shares": "swapped:sold/purchased",
        },
    )
    _assert_verified(got, tuple(k for k in got if k.startswith("ok_")), clear_of="swapped:")
