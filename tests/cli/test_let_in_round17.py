"""The "nothing let in" sweep, round 17: wrong claims an LLM writes against a real-looking source. One of two people
of the source given the other's role, a figure (an age, a year) moved to the other person, a link stated as a raised
risk, a plan stated as a present state, "percent" for "percentage points" and back, "the best" for "among the best",
"any" where the source bounds the thing after its noun, a place given the deed of a city in it, the members of a whole
said to do what a counted part of them did; each beside right twins, all through one real `citeaudit run` on real
Parquet and DuckDB files (docs/hostile-inputs.md, "The let-in sweep, round 17")."""

from __future__ import annotations

from tests.cli.hostile import Verdicts, claims
from tests.cli.test_hostile_verdicts import _assert_flagged, _assert_verified

MOON = (
    "Neil Armstrong was the first person to walk on the Moon in July 1969; Buzz Aldrin followed him about 20 minutes "
    "later."
)
BOARD = "David Okafor was elected chair of the board on Monday, with Maria Santos as his deputy."
FINAL = "Venus Williams won the final in straight sets against her sister Serena Williams."


@claims(
    {
        "moon": ("Buzz Aldrin was the first person to walk on the Moon.", MOON),
        "board": ("Maria Santos was elected chair of the board, with David Okafor as her deputy.", BOARD),
        "goal": (
            "Lionel Messi scored the winning goal in the 89th minute.",
            "Luis Suarez scored the winning goal in the 89th minute after a pass from Lionel Messi.",
        ),
        # held out (written after the rule)
        "chancellor": (
            "Angela Merkel was chancellor when the law passed.",
            "Olaf Scholz was chancellor when the law passed; Angela Merkel had left office a year earlier.",
        ),
        "founded": (
            "Paul Allen founded the company, and Bill Gates joined later.",
            "Bill Gates founded the company, and Paul Allen joined later.",
        ),
        "sister": ("Serena Williams won the final in straight sets.", FINAL),
        "second": (
            "Buzz Aldrin was the first person to walk on the Moon.",
            "Neil Armstrong was the first person to walk on the Moon, and Buzz Aldrin was the second.",
        ),
        # supported: the role restated, the other person's own deed, a pronoun or an acronym in the name's place
        "ok_moon": ("Neil Armstrong was the first person to walk on the Moon.", MOON),
        "ok_followed": ("Buzz Aldrin followed Neil Armstrong onto the Moon.", MOON),
        "ok_she": (
            "Anna Weiss hired Tom Baker in 2019.",
            "Chief executive Anna Weiss, 58, has led the company since 2015. She hired Tom Baker in 2019.",
        ),
        "ok_acronym": (
            "The United States signed the treaty in 1992.",
            "The U.S. signed the treaty in 1992. The United States ratified it in 1994.",
        ),
        "ok_venus": ("Venus Williams won the final in straight sets.", FINAL),
        # the two names in each other's place across "and" (written after the AB dev check moved one such pair)
        "ok_between": (
            "Ferries run daily between Northern Ireland and Scotland.",
            "Ferries run daily between Scotland and Northern Ireland, the operator said.",
        ),
    }
)
def test_one_person_given_the_role_the_source_gives_another_it_names_is_not_verified(got: Verdicts) -> None:
    # "moon", "board", "goal" were verified (no reason): a name of two words in another's place was read by nothing
    _assert_flagged(
        got,
        {
            "moon": "swapped:buzz aldrin/neil armstrong",
            "board": "swapped:maria santos/david okafor",
            "goal": "swapped:lionel messi/luis suarez",
            "chancellor": "swapped:angela merkel/olaf scholz",
            "founded": "swapped:paul allen/bill gates",
            "sister": "swapped:serena/venus",
            "second": "swapped:buzz aldrin/neil armstrong",
        },
    )
    _assert_verified(got, tuple(k for k in got if k.startswith("ok_")), clear_of="swapped:")


CFO = (
    "Chief executive Anna Weiss, 58, has led the company since 2015. Chief financial officer Tom Baker, 44, joined in "
    "2019."
)
COACH = "Coach Mark Davies, 47, announced his retirement on Sunday. His predecessor, Alan Price, 61, left in 2018."
PRIZE = "The prize went to John Park in 2016. Sarah Lee won it two years later, in 2018."


@claims(
    {
        "age": ("The company's chief financial officer, Tom Baker, is 58 years old.", CFO),
        "joined": ("Tom Baker joined the company in 2015.", CFO),
        "coach": ("Coach Mark Davies, 61, announced his retirement.", COACH),
        "prize": ("Sarah Lee won the prize in 2016.", PRIZE),
        # held out
        "striker": (
            "The striker, Marco Rossi, is 34.",
            "Captain Luca Bianchi, 34, will miss the game. Striker Marco Rossi, 27, is fit to play.",
        ),
        # supported: each person's own figure, and a figure a pronoun gives the claim's person
        "ok_age": ("Chief financial officer Tom Baker is 44 years old.", CFO),
        "ok_joined": ("Tom Baker joined the company in 2019.", CFO),
        "ok_led": ("Anna Weiss has led the company since 2015.", CFO),
        "ok_prize": ("Sarah Lee won the prize in 2018.", PRIZE),
        "ok_pronoun": (
            "Barack Obama was elected president in 2008.",
            "Barack Obama was born in 1961. In 2008, he was elected president, defeating John McCain.",
        ),
        "ok_who": (
            "Tom Baker is 44 years old.",
            "Chief executive Anna Weiss, 58, has led the company since 2015. Tom Baker, who is 44, joined in 2019.",
        ),
        "ok_wall": (
            "The Berlin Wall fell in 1989.",
            "The Berlin Wall was built in 1961. Crowds led by East German protesters tore it down in November 1989.",
        ),
    }
)
def test_a_figure_of_one_person_moved_to_another_the_source_names_is_not_verified(got: Verdicts) -> None:
    # "age", "joined" were verified (no reason): every word and figure of the claim is in the source, not together
    _assert_flagged(
        got,
        {
            "age": "swapped:58/44",
            "joined": "swapped:2015/2019",
            "coach": "swapped:61/47",
            "prize": "swapped:2016/2018",
            "striker": "swapped:34/27",
        },
    )
    _assert_verified(got, tuple(k for k in got if k.startswith("ok_")), clear_of="swapped:")


MEAT = "Eating red meat is associated with a higher risk of colon cancer, the review found."
FACTORY = "The factory will employ 2,000 workers when it opens next year."
STADIUM = "The stadium, which will hold 60,000 spectators, is due to open in 2027."
TEMPERATURES = "Average temperatures are projected to rise 1.5 degrees by 2050."
TALKS = "The company is in talks to acquire the startup, people familiar with the matter said."


@claims(
    {
        "meat": ("Eating red meat increases the risk of colon cancer.", MEAT),
        "factory": ("The factory employs 2,000 workers.", FACTORY),
        "stadium": ("The stadium holds 60,000 spectators.", STADIUM),
        # held out
        "asthma": (
            "Air pollution raises the risk of asthma in children.",
            "Air pollution is associated with a higher risk of asthma in children, researchers said.",
        ),
        "airport": (
            "The airport handles 30 million passengers a year.",
            "The airport will handle 30 million passengers a year once the new terminal is finished.",
        ),
        "projected": ("Average temperatures rose 1.5 degrees.", TEMPERATURES),
        "talks": ("The company acquired the startup.", TALKS),
        # held out
        "forecast": (
            "The economy grew 2 percent.",
            "The economy is forecast to grow 2 percent next year, the central bank said.",
        ),
        "poised": (
            "The senator won the nomination.",
            "The senator is poised to win the nomination after rivals dropped out.",
        ),
        "likely": (
            "The central bank raised interest rates.",
            "The central bank is likely to raise interest rates at its next meeting.",
        ),
        # supported: the link restated, the risk hedged, a source that states the raise; the plan kept, a schedule
        "ok_projected": ("Average temperatures are projected to rise 1.5 degrees.", TEMPERATURES),
        "ok_talks_done": (
            "The company acquired the startup.",
            "The company, which had been in talks to buy it for months, acquired the startup in May.",
        ),
        "ok_meat": ("Eating red meat is linked to a higher risk of colon cancer.", MEAT),
        "ok_may": ("Eating red meat may increase the risk of colon cancer.", MEAT),
        "ok_raises": (
            "High blood pressure raises the risk of stroke.",
            "High blood pressure raises the risk of stroke, and it is linked to kidney disease.",
        ),
        "ok_will": ("The stadium will hold 60,000 spectators.", STADIUM),
        "ok_opens": ("The metro line opens in December.", "The metro line will open in December, officials said."),
        "ok_opens_year": ("The bridge opens in 2027.", "The bridge will open in 2027, officials said."),
    }
)
def test_a_link_stated_as_a_raised_risk_or_a_plan_stated_as_now_is_not_verified(got: Verdicts) -> None:
    # each wrong one was verified (no reason); "projected to", "in talks to" were no prospect (`hedges.PROSPECTS`)
    _assert_flagged(
        got,
        {
            "meat": "unasserted:cause",
            "asthma": "unasserted:cause",
            "factory": "unasserted:will",
            "stadium": "unasserted:will",
            "airport": "unasserted:will",
            "projected": "unasserted:projected to",
            "talks": "unasserted:talks to",
            "forecast": "unasserted:forecast to",
            "poised": "unasserted:poised to",
            "likely": "unasserted:likely to",
        },
    )
    _assert_verified(got, tuple(k for k in got if k.startswith("ok_")), clear_of="unasserted:")


PARTY = "Support for the party rose 3 percent, from 30 percent to 30.9 percent."
SCHOOL = "The school is among the best in the country, according to the ranking."
BRIDGE = "Trucks of up to 40 tonnes may use the new bridge, which opened in May."


@claims(
    {
        "points": ("Support for the party rose 3 percentage points.", PARTY),
        "among": ("The school is the best in the country.", SCHOOL),
        "truck": ("Any truck may use the new bridge.", BRIDGE),
        "vehicle": (
            "Any vehicle may use the tunnel.",
            "Vehicles under 3.5 tonnes may use the tunnel between 6 am and 10 pm.",
        ),
        # held out
        "beach": ("The beach is the most popular in Spain.", "The beach is among the most popular in Spain."),
        "boat": ("Any boat can moor in the harbour.", "Boats of up to 12 metres can moor in the harbour."),
        "child": ("Any child can enter the competition.", "Children aged 8 to 12 can enter the competition."),
        # supported
        "ok_percent": ("Support for the party rose 3 percent.", PARTY),
        "ok_among": ("The school is among the best in the country.", SCHOOL),
        "ok_truck": ("Any truck of up to 40 tonnes may use the new bridge.", BRIDGE),
        "ok_any": (
            "Any passenger can bring a bike on the train.",
            "Any passenger can bring a bike on the train, and bikes over 20 kilograms need a ticket.",
        ),
    }
)
def test_a_unit_a_rank_or_a_bound_said_otherwise_is_not_verified(got: Verdicts) -> None:
    # "points", "among", "truck", "vehicle" were verified (no reason)
    _assert_flagged(
        got,
        {
            "points": "swapped:percentage points/percent",
            "among": "swapped:the best/among",
            "truck": "swapped:any/up to 40 tonnes",
            "vehicle": "swapped:any/under 3.5 tonnes",
            "beach": "swapped:the most/among",
            "boat": "swapped:any/up to 12 metres",
            "child": "swapped:any/aged 8 to 12",
        },
    )
    _assert_verified(got, tuple(k for k in got if k.startswith("ok_")), clear_of="swapped:")


AUSTIN = "The city of Austin, Texas, passed the law in 2021."
STRIKE = "About 300 of the company's 5,000 employees went on strike on Monday."


@claims(
    {
        "texas": ("Texas passed the law in 2021.", AUSTIN),
        "germany": (
            "Germany banned diesel cars from its city centres.",
            "The city of Stuttgart, Germany, banned older diesel cars from its centre in 2019.",
        ),
        "strike": ("The company's employees went on strike on Monday.", STRIKE),
        # held out
        "ohio": (
            "Ohio raised its minimum wage to 15 dollars.",
            "The city of Columbus, Ohio, raised its minimum wage to 15 dollars.",
        ),
        "pilots": ("The airline's pilots voted to strike.", "About 600 of the airline's 2,400 pilots voted to strike."),
        # supported: the part named, a place only located, the whole doing it, the part counted
        "ok_austin": ("Austin passed the law in 2021.", AUSTIN),
        "ok_louvre": ("The Louvre is in France.", "The Louvre, in Paris, France, is the world's most-visited museum."),
        "ok_state": (
            "California banned plastic bags in 2014.",
            "California banned plastic bags statewide in 2014, after San Francisco, California, banned them in 2007.",
        ),
        "ok_count": ("About 300 employees went on strike on Monday.", STRIKE),
        "ok_each": (
            "The company's employees received a bonus.",
            "Each of the company's 5,000 employees received a bonus of 500 dollars.",
        ),
    }
)
def test_a_part_given_as_the_whole_is_not_verified(got: Verdicts) -> None:
    # each wrong one was verified (no reason)
    _assert_flagged(
        got,
        {
            "texas": "swapped:texas/austin, texas",
            "germany": "swapped:germany/stuttgart, germany",
            "strike": "swapped:employees/300 of 5,000",
            "ohio": "swapped:ohio/columbus, ohio",
            "pilots": "swapped:pilots/600 of 2,400",
        },
    )
    _assert_verified(got, tuple(k for k in got if k.startswith("ok_")), clear_of="swapped:")
