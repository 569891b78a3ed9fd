"""Let-ins round 20's rules on their own, pure: a fact of the source given another deed or noun of its sentence
(`audit/verify/slots.py`), control for a share of half or less (`stakes.py`), a deed done stated as to come and a state
that ended stated as holding (`tenses.py`), a word of more force on its word's scale (`scales.py`), a cause told in a
sentence apart (`causal.cause_apart`), a bid to host stated as hosted (`attempts.py`), "annual" for "every two years"
(`frequency.py`)."""

from __future__ import annotations

import pytest

from audit.verify.attempts import bid_as_attained
from audit.verify.causal import cause_apart, unstated_cause
from audit.verify.frequency import frequency_changed
from audit.verify.scales import more_force
from audit.verify.slots import fact_of_other_clause
from audit.verify.stakes import control_for_share
from audit.verify.tenses import done_as_to_come, ongoing_but_ended

PAINTER = "The painter was born in Lyon in 1840 and died in Paris in 1912."
STADIUM = "The stadium was built for 40,000 spectators in 1960 and expanded to 55,000 in 1995."
FIRM = "The firm said 30 percent of its engineers and 55 percent of its staff overall work remotely."
CHINA = "Exports to China fell 5 percent, while imports from China rose 9 percent."
PROFITS = "Profits fell in the first quarter but recovered in the second quarter, the company said."
TREATY = "The treaty was signed in 1992 and came into force two years later."
METAL = "Heavy metal is a genre of rock music that developed in the late 1960s and early 1970s, largely in Britain."
CURIE = "Marie Curie won the Nobel Prize in Physics in 1903 and the Nobel Prize in Chemistry in 1911."
ENGINEERS = "The company hired 200 engineers in Berlin and 80 engineers in Munich last year."


@pytest.mark.parametrize(
    ("claim", "source", "want"),
    [
        ("The painter died in Lyon.", PAINTER, "lyon/paris"),
        ("The painter was born in Paris.", PAINTER, "paris/lyon"),
        (
            "She studied law in Prague.",
            "She studied law in Vienna and later married a doctor in Prague.",
            "prague/vienna",
        ),
        ("The stadium was built for 55,000 spectators.", STADIUM, "55000/40000"),
        ("The firm said 30 percent of its staff work remotely.", FIRM, "30/55"),
        ("Imports from China fell 5 percent.", CHINA, "5/9"),
        ("Profits fell in the second quarter.", PROFITS, "second quarter/first quarter"),
        ("The treaty came into force in 1992.", TREATY, "1992/two years later"),
        # held out, let in by the first version (a dollar sum read as a figure of no unit)
        (
            "The sequel earned $40 million in its opening weekend.",
            "The first film earned $40 million in its opening weekend, and the sequel earned $65 million.",
            "40/65",
        ),
        # held out (written after the rule)
        (
            "The composer died in Hamburg.",
            "The composer was born in Hamburg in 1833 and died in Vienna in 1897.",
            "hamburg/vienna",
        ),
        (
            "The law took effect in 2009.",
            "The law was passed in 2009 and took effect three years later.",
            "2009/three years later",
        ),
        # supported: each fact with its own deed; one verb for two facts of a list; a name's figure
        ("The painter died in Paris.", PAINTER, None),
        ("The painter was born in Lyon.", PAINTER, None),
        ("The stadium was expanded to 55,000 spectators.", STADIUM, None),
        ("The firm said 55 percent of its staff work remotely.", FIRM, None),
        ("Imports from China rose 9 percent.", CHINA, None),
        ("The treaty was signed in 1992.", TREATY, None),
        ("Heavy metal music developed in the early 1970s.", METAL, None),
        ("The company hired 80 engineers in Munich last year.", ENGINEERS, None),
        # a conjunct with no word of its own in lower case (test_hostile_verdicts' "ok_curie", flagged by a version)
        ("Marie Curie won the Nobel Prize in Chemistry in 1911.", CURIE, None),
        ("Marie Curie won the Nobel Prize in Chemistry in 1903.", CURIE, "chemistry/physics"),
        ("Fox 2000 Pictures released the film.", "The film is a 1997 drama released by Fox 2000 Pictures.", None),
    ],
)
def test_a_fact_given_another_deed_of_its_sentence(claim: str, source: str, want: str | None) -> None:
    assert fact_of_other_clause(claim, [source]) == want


AIRLINE = "The state owns 49 percent of the airline, and the rest is held by private investors."


@pytest.mark.parametrize(
    ("claim", "source", "want"),
    [
        ("The airline is majority owned by the state.", AIRLINE, "majority/49 percent"),
        ("The state owns a majority stake in the airline.", AIRLINE, "majority/49 percent"),
        (
            "The Smith family holds a controlling stake in the brewery.",
            "The Smith family holds a 35% stake in the brewery, which it founded in 1870.",
            "controlling/35 percent",
        ),
        # held out
        (
            "The bank is majority-owned by the government after the bailout.",
            "The government holds 30% of the bank's shares after the bailout.",
            "majority/30 percent",
        ),
        ("The state owns 49 percent of the airline.", AIRLINE, None),
        ("The state holds a minority stake in the airline.", AIRLINE, None),
        ("The state owns a majority stake in the airline.", "The state owns 51 percent of the airline.", None),
        ("The fund holds a majority stake.", "The fund holds 40 percent, and with its partner a majority stake.", None),
    ],
)
def test_control_for_a_share_of_half_or_less(claim: str, source: str, want: str | None) -> None:
    assert control_for_share(claim, [source]) == want


MUSEUM = "The museum reopened in June after a two-year renovation."
CLOSED = "The museum was closed for renovation from 2015 until 2018."


@pytest.mark.parametrize(
    ("rule", "claim", "source", "want"),
    [
        (done_as_to_come, "The museum will reopen in June.", MUSEUM, "will reopen/reopened"),
        (
            done_as_to_come,
            "The museum will be reopened in June.",
            "The museum was reopened in June.",
            "will be reopened/reopened",
        ),
        (
            done_as_to_come,
            "The new terminal will open in March.",  # held out
            "The new terminal opened in March after three years of construction.",
            "will open/opened",
        ),
        (done_as_to_come, "The museum will reopen in June.", "The museum will reopen in June, as planned.", None),
        (done_as_to_come, "The museum reopened in June.", MUSEUM, None),
        (ongoing_but_ended, "The museum has been closed for renovation since 2015.", CLOSED, "since 2015/until 2018"),
        (
            ongoing_but_ended,
            "The factory has been run by the Jansen family since 1952.",  # held out
            "The factory was run by the Jansen family from 1952 to 1998.",
            "since 1952/until 1998",
        ),
        (
            ongoing_but_ended,
            "The museum has been closed since 2015.",
            "The museum was closed in 2015 and remains closed.",
            None,
        ),
        (ongoing_but_ended, "The museum was closed for renovation between 2015 and 2018.", CLOSED, None),
    ],
)
def test_a_deed_or_a_state_in_another_time(rule: object, claim: str, source: str, want: str | None) -> None:
    assert callable(rule) and rule(claim, [source]) == want


PLANT = (
    "The plant closed in 2019. Demand for its products had been falling for years, and the owner retired that spring."
)
MATCH = "The match was called off after heavy rain flooded the pitch. Ticket sales had been poor all season."


@pytest.mark.parametrize(
    ("claim", "source", "want"),
    [
        ("The plant closed in 2019 because demand for its products had been falling.", PLANT, True),
        ("The match was called off because ticket sales had been poor.", MATCH, True),
        (
            "Sales fell in the second half because prices rose by 10 percent.",
            "Sales fell in the second half. Prices rose by 10 percent over the same period.",
            True,
        ),
        (
            "The airline cancelled 40 flights because fuel prices have risen sharply.",  # held out
            "The airline cancelled 40 flights on Monday after a strike. Fuel prices have risen sharply this year.",
            True,
        ),
        ("The match was called off because heavy rain flooded the pitch.", MATCH, False),
        ("The plant closed in 2019 because demand fell.", "Demand fell. As a result, the plant closed in 2019.", False),
        ("The plant closed in 2019 because demand fell.", "Demand fell, so the plant closed in 2019.", False),
    ],
)
def test_a_cause_told_in_a_sentence_apart(claim: str, source: str, want: bool) -> None:
    assert cause_apart(claim, [source]) is want
    assert unstated_cause(claim, [source]) is want


@pytest.mark.parametrize(
    ("claim", "source", "want"),
    [
        (
            "The city hosted the 2012 Olympics.",
            "The city bid for the 2012 Olympics but lost to London.",
            "hosted/bid for",
        ),
        (
            "Qatar hosted the 2022 Asian Games.",  # held out
            "Qatar bid to host the 2022 Asian Games but lost out to Hangzhou.",
            "hosted/bid to host",
        ),
        ("The city hosted the 2012 Olympics.", "The city bid for and hosted the 2012 Olympics.", None),
        ("London hosted the 2012 Olympics.", "London won its bid for the 2012 Olympics and hosted them.", None),
    ],
)
def test_a_bid_to_host_stated_as_hosted(claim: str, source: str, want: str | None) -> None:
    assert bid_as_attained(claim, [source]) == want


def test_annual_against_every_two_years() -> None:
    source = "The festival, held every two years since 1990, draws about 50,000 visitors."
    assert frequency_changed("The annual festival draws about 50,000 visitors.", [source]) == "annual/every two years"
    assert frequency_changed("The biennial festival draws about 50,000 visitors.", [source]) is None


@pytest.mark.parametrize(
    ("claim", "source", "want"),
    [
        (
            "The council banned fireworks.",
            "The council restricted the use of fireworks to New Year's Eve.",
            "banned/restricted",
        ),
        (
            "The chief executive was fired in March.",
            "The chief executive stepped down in March after ten years.",
            "fired/stepped down",
        ),
        (
            "The station was permanently closed in 2020.",
            "The station was briefly closed in 2020 during the pandemic.",
            "permanently/briefly",
        ),
        (
            "The proposal was approved unanimously.",
            "The proposal was approved by 9 votes to 6.",
            "unanimously/by 9 votes to 6",
        ),
        # held out (written after the rule)
        (
            "The earthquake destroyed the old cathedral.",
            "The earthquake damaged the old cathedral and several houses.",
            "destroyed/damaged",
        ),
        (
            "The government prohibited the sale of alcohol in the city.",
            "The government limited the sale of alcohol after 10 p.m. in the city.",
            "prohibited/limited",
        ),
        (
            "Early results confirmed that the vaccine protects against severe illness.",
            "Early results indicated that the vaccine protects against severe illness.",
            "confirmed/indicated",
        ),
        # supported: the weak word said, the strong word in a window too, a strong word the claim negates
        ("The council restricted fireworks.", "The council restricted the use of fireworks to New Year's Eve.", None),
        ("The council banned fireworks.", "The council restricted fireworks in 2019 and banned them in 2021.", None),
        ("The council did not ban fireworks.", "The council restricted the use of fireworks.", None),
    ],
)
def test_a_word_of_more_force_on_its_scale(claim: str, source: str, want: str | None) -> None:
    assert more_force(claim, [source]) == want
