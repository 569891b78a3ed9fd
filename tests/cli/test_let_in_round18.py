"""The "nothing let in" sweep, round 18: wrong claims an LLM writes against a real-looking source that contrasts two
things. The attribute the sentence gives another name beside the claim's ("Lagos is the capital" against "Lagos is the
largest city, while Abuja is the capital"), a year of another event of the same thing, a deed the source says is yet
to come, a forecast stated as done, a part's figure given to the whole; each beside right twins, all through one real
`citeaudit run` on real Parquet and DuckDB files (docs/hostile-inputs.md, "The let-in sweep, round 18")."""

from __future__ import annotations

from tests.cli.hostile import Verdicts, claims
from tests.cli.test_hostile_verdicts import _assert_flagged, _assert_verified

LAGOS = "Lagos is the largest city in Nigeria, while Abuja is the capital."
SYDNEY = "Sydney is the most populous city in Australia, but Canberra is the capital."
PORT = "Shanghai has the busiest container port in the world; Singapore ranks second."
TORONTO = "Toronto is the largest city in Canada, whereas Ottawa is the capital."
BRAZIL = "Brazil has the largest economy in South America, while Argentina has the third largest."
ROME = "Milan is the financial centre of Italy, while Rome is the capital."
TOKYO = "Tokyo has the largest population in Japan, but Osaka has the busiest markets."


@claims(
    {
        "capital": ("Lagos is the capital of Nigeria.", LAGOS),
        "sydney": ("Sydney is the capital of Australia.", SYDNEY),
        "zurich": (
            "Zurich is the seat of government of Switzerland.",
            "Zurich is the largest city in Switzerland, while Bern is the seat of government.",
        ),
        "port": ("Singapore has the busiest container port in the world.", PORT),
        # held out (written after the rule)
        "toronto": ("Toronto is the capital of Canada.", TORONTO),
        "brazil": ("Argentina has the largest economy in South America.", BRAZIL),
        "milan": ("Milan is the capital of Italy.", ROME),
        "osaka": ("Osaka has the largest population in Japan.", TOKYO),
        # supported: each name's own attribute, and two names each with its own
        "ok_capital": ("Abuja is the capital of Nigeria.", LAGOS),
        "ok_largest": ("Lagos is the largest city in Nigeria.", LAGOS),
        "ok_canberra": ("Canberra is the capital of Australia.", SYDNEY),
        "ok_port": ("Shanghai has the busiest container port in the world.", PORT),
        "ok_ottawa": ("Ottawa is the capital of Canada.", TORONTO),
        "ok_brazil": ("Brazil has the largest economy in South America.", BRAZIL),
        "ok_rome": ("Rome is the capital of Italy.", ROME),
        "ok_osaka": ("Osaka has the busiest markets in Japan.", TOKYO),
        "ok_paris": (
            "Paris is the capital of France.",
            "Paris is the capital of France, and Berlin is the capital of Germany.",
        ),
    }
)
def test_the_attribute_a_sentence_gives_another_name_is_not_verified(got: Verdicts) -> None:
    # "capital", "sydney", "zurich", "port" were verified (no reason): the claim's words after its name are the
    # sentence's, after the other name, in another clause
    _assert_flagged(
        got,
        {
            "capital": "swapped:lagos/abuja",
            "sydney": "swapped:sydney/canberra",
            "zurich": "swapped:zurich/bern",
            "port": "swapped:singapore/shanghai",
            "toronto": "swapped:toronto/ottawa",
            "brazil": "swapped:argentina/brazil",
            "milan": "swapped:milan/rome",
            "osaka": "swapped:osaka/tokyo",
        },
    )
    _assert_verified(got, tuple(k for k in got if k.startswith("ok_")), clear_of="swapped:")


DRUG = "The company applied for approval of the drug in 2019, and the drug was approved in 2021."
BRIDGE = "Construction of the bridge began in 2015, and the bridge was opened in 2018."
VACCINE = "The vaccine was tested in 2020 and approved in 2022."


@claims(
    {
        "drug": ("The drug was approved in 2019.", DRUG),
        "bridge": ("The bridge was opened in 2015.", BRIDGE),
        "vaccine": ("The vaccine was approved in 2020.", VACCINE),
        "ok_drug": ("The drug was approved in 2021.", DRUG),
        "ok_applied": ("The company applied for approval of the drug in 2019.", DRUG),
        "ok_bridge": ("The bridge was opened in 2018.", BRIDGE),
        "ok_began": ("Construction of the bridge began in 2015.", BRIDGE),
        "ok_tested": ("The vaccine was tested in 2020.", VACCINE),
    }
)
def test_a_year_of_another_event_of_the_same_thing_is_not_verified(got: Verdicts) -> None:
    # caught before this round (the round's probe): kept as a guard beside the new rules
    _assert_flagged(got, {"drug": "swapped:2019/2021", "bridge": "swapped:2015/2018", "vaccine": "swapped:2020/2022"})
    _assert_verified(got, tuple(k for k in got if k.startswith("ok_")), clear_of="swapped:")


SENATE = "The bill was passed by the House in March, but the Senate has yet to vote on it."
COURT = "The ruling was upheld by an appeals court in May, but the Supreme Court has not yet heard the case."
PRICES = "Prices are projected to rise next year, analysts said."
RATES = "Interest rates are expected to fall later this year, economists say."
WAGES = "Wages are likely to grow more slowly next year, the bank said."


@claims(
    {
        "senate": ("The bill was passed by the Senate.", SENATE),
        "court": ("The ruling was upheld by the Supreme Court.", COURT),
        "prices": ("Prices have risen.", PRICES),
        "prices_rose": ("Prices rose last year.", PRICES),
        "unemployment": (
            "Unemployment has fallen below 4 percent.",
            "Unemployment is expected to fall below 4 percent next year.",
        ),
        "rates": ("Interest rates have fallen.", RATES),
        # held out
        "board": (
            "The merger was approved by the Board.",
            "Shareholders backed the merger on Tuesday; the Board is yet to approve it.",
        ),
        "wages": ("Wages have grown.", WAGES),
        # supported: the deed done, the forecast said as one
        "ok_house": ("The bill was passed by the House in March.", SENATE),
        "ok_appeals": ("The ruling was upheld by an appeals court.", COURT),
        "ok_senate": (
            "The bill was passed by the House.",
            "The Senate has yet to vote on the bill. The House passed it in March.",
        ),
        "ok_prices": ("Prices are expected to rise next year.", PRICES),
        "ok_rates": ("Interest rates are expected to fall.", RATES),
    }
)
def test_a_deed_yet_to_come_or_a_forecast_stated_as_done_is_not_verified(got: Verdicts) -> None:
    # "senate", "prices", "prices_rose", "unemployment", "rates" were verified (no reason): the claim is no copy of
    # the sentence with one difference, so `swaps` read nothing
    _assert_flagged(
        got,
        {
            "senate": "unasserted:yet to",
            "court": "unasserted:yet to",
            "prices": "unasserted:projected to",
            "prices_rose": "unasserted:projected to",
            "unemployment": "unasserted:expected to",
            "rates": "unasserted:expected to",
            "board": "unasserted:yet to",
            "wages": "unasserted:likely to",
        },
    )
    _assert_verified(got, tuple(k for k in got if k.startswith("ok_")), clear_of="unasserted:")


REVENUE = "Revenue from the company's cloud division grew 15 percent, while total revenue was flat."
PROFIT = "Profit at the bank's investment arm rose 20 percent, while group profit fell 5 percent."
SALES = "Online sales at the retailer rose 8 percent, while overall sales fell 2 percent."
CARGO = "Profit at the airline's cargo unit rose 30 percent, while total profit fell."


@claims(
    {
        "revenue": ("The company's revenue grew 15 percent.", REVENUE),
        "profit": ("The bank's profit rose 20 percent.", PROFIT),
        # held out
        "sales": ("The retailer's sales rose 8 percent.", SALES),
        "airline": ("The airline's profit rose 30 percent.", CARGO),
        # supported: the part named, the total's own figure
        "ok_cloud": ("The company's cloud revenue grew 15 percent.", REVENUE),
        "ok_flat": ("The company's total revenue was flat.", REVENUE),
        "ok_arm": ("Profit at the bank's investment arm rose 20 percent.", PROFIT),
        "ok_online": ("The retailer's online sales rose 8 percent.", SALES),
        "ok_overall": ("The retailer's overall sales fell 2 percent.", SALES),
        "ok_cargo": ("The airline's cargo profit rose 30 percent.", CARGO),
    }
)
def test_a_part_s_figure_given_to_the_whole_is_not_verified(got: Verdicts) -> None:
    # "revenue", "profit" were verified (no reason): every word and the figure of the claim are the sentence's
    _assert_flagged(
        got,
        {
            "revenue": "swapped:revenue/total revenue",
            "profit": "swapped:profit/group profit",
            "sales": "swapped:sales/overall sales",
            "airline": "swapped:profit/total profit",
        },
    )
    _assert_verified(got, tuple(k for k in got if k.startswith("ok_")), clear_of="swapped:")
