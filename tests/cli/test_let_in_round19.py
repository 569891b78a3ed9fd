"""The "nothing let in" sweep, round 19: wrong claims that copy the source's words but leave out what narrows them, or
state more force, more share or more outcome than the source gives. A record's span of time and a part's figure left
out of an exact copy (which the window rules do not read), a hedge under a copied "said", "most" for a share of half
or less, a duty for advice, a bid stated as attained, a record of a wider class; each beside right twins, all through
one real `citeaudit run` on real Parquet and DuckDB files (docs/hostile-inputs.md, "Let-ins, round 19"). Round 20's
cases (a fact given another deed of its sentence, control for a minority share, a cause told apart, a bid to host, a
deed done stated as to come, a state that ended stated as holding, "annual" for "every two years", a word of more
force, "banned" for "restricted") ride in the same
batch ("Let-ins, round 20")."""

from __future__ import annotations

from tests.cli.hostile import Verdicts, claims
from tests.cli.test_hostile_verdicts import _assert_flagged, _assert_verified

TITLE = "It was the team's first league title since 1986."
LOWEST = "Inflation fell to its lowest rate in three years, the central bank said on Tuesday."
WIN = "It was the club's biggest win for 40 years, and the crowd stayed long after the final whistle."
EXPORTS = "Car exports rose 12 percent last year, while total exports were unchanged."
SALES = "Online sales rose 8 percent in March, while overall sales fell 2 percent."
PROFIT = "Profit at the bank's trading arm rose 20 percent, while total profit fell 5 percent."


@claims(
    {
        "title": ("It was the team's first league title.", TITLE),
        "exports": ("Exports rose 12 percent last year.", EXPORTS),
        "total_exports": ("Total exports rose 12 percent last year.", EXPORTS),
        # held out (written after the rules)
        "lowest": ("Inflation fell to its lowest rate.", LOWEST),
        "win": ("It was the club's biggest win.", WIN),
        "sales": ("Sales rose 8 percent in March.", SALES),
        "total_profit": ("Total profit rose 20 percent.", PROFIT),
        # supported: the span said, a record of all time, "since" as a reason, the part named, the total's own figure
        "ok_title": ("It was the team's first league title since 1986.", TITLE),
        "ok_win": ("It was the club's biggest win for 40 years.", WIN),
        "ok_ever": (
            "It was the club's biggest win.",
            "It was the club's biggest win ever, and the crowd stayed long after the final whistle.",
        ),
        "ok_since": (
            "The first vote failed.",
            "The first vote failed, since the quorum was not met, and a second vote was held in May.",
        ),
        "ok_car": ("Car exports rose 12 percent last year.", EXPORTS),
        "ok_online": ("Online sales rose 8 percent in March.", SALES),
        "ok_overall": ("Overall sales fell 2 percent.", SALES),
        "ok_total": ("Total profit fell 5 percent.", PROFIT),
        "ok_plain": (
            "Exports rose 12 percent last year.",
            "Exports rose 12 percent last year, driven by strong demand for cars.",
        ),
    }
)
def test_a_copy_that_leaves_out_what_narrows_it_is_not_verified(got: Verdicts) -> None:
    # "title" and "exports" were verified as exact matches (the window rules skip them), "total_exports" with no reason
    _assert_flagged(
        got,
        {
            "title": "swapped:first/first since 1986",
            "exports": "swapped:exports/total exports",
            "total_exports": "swapped:total exports/car exports",
            "lowest": "swapped:lowest/lowest in three years",
            "win": "swapped:biggest/biggest for 40 years",
            "sales": "swapped:sales/overall sales",
            "total_profit": "swapped:total profit/bank profit",
        },
    )
    _assert_verified(got, tuple(k for k in got if k.startswith("ok_")), clear_of="swapped:")


FIRE = "Police said the fire was probably started deliberately, though no one has been charged."
TRIAL = "The drug reduced symptoms in 40 percent of patients in the trial, compared with 25 percent on placebo."
EXERCISE = "Guidelines recommend that adults get at least 150 minutes of moderate exercise a week."
BRIDGE = "Officials said the bridge may close in May for repairs."
VOTERS = "About 45 percent of voters backed the plan in the referendum held on Sunday."
DRIVERS = "Drivers are advised to switch off their engines at the crossing."


@claims(
    {
        "fire": ("Police said the fire was started deliberately.", FIRE),
        "most": ("The drug reduced symptoms in most patients in the trial.", TRIAL),
        "must": ("Adults must get at least 150 minutes of moderate exercise a week.", EXERCISE),
        # held out
        "bridge": ("Officials said the bridge will close in May.", BRIDGE),
        "witness": (
            "Witnesses said the driver was speeding.",
            "Witnesses said the driver was apparently speeding when the car left the road.",
        ),
        "voters": ("Most voters backed the plan in the referendum.", VOTERS),
        "welsh": (
            "The majority of the town's residents speak Welsh.",
            "Around 30% of the town's residents speak Welsh, according to the census.",
        ),
        "drivers": ("Drivers must switch off their engines at the crossing.", DRIVERS),
        "staff": (
            "Employees are required to complete the safety training.",
            "Employees are encouraged to complete the safety training by June.",
        ),
        # supported: the hedge kept, a share over half, a duty the source states, advice as advice
        "ok_fire": ("Police said the fire was probably started deliberately.", FIRE),
        "ok_bridge": ("Officials said the bridge might close in May.", BRIDGE),
        "ok_police": (
            "Police believe the fire was started deliberately.",
            "Police believe the fire was started deliberately, and have appealed for witnesses.",
        ),
        "ok_share": ("The drug reduced symptoms in 40 percent of patients in the trial.", TRIAL),
        "ok_welsh": (
            "Most of the town's residents speak Welsh.",
            "Around 70% of the town's residents speak Welsh, according to the census.",
        ),
        "ok_most": (
            "Most voters backed the plan.",
            "Most voters backed the plan; 45 percent of voters under 30 opposed it.",
        ),
        "ok_advised": ("Adults are advised to get at least 150 minutes of moderate exercise a week.", EXERCISE),
        "ok_should": ("Drivers should switch off their engines at the crossing.", DRIVERS),
        "ok_required": (
            "Employees are required to complete the safety training.",
            "All employees must complete the safety training by June.",
        ),
    }
)
def test_more_force_or_share_than_the_source_gives_is_not_verified(got: Verdicts) -> None:
    # "fire", "most", "must" were verified with no reason
    _assert_flagged(
        got,
        {
            "fire": "unasserted:probably",
            "most": "swapped:most/40 percent",
            "must": "swapped:must/recommend",
            "bridge": "swapped:will/may",
            "witness": "unasserted:apparently",
            "voters": "swapped:most/45 percent",
            "welsh": "swapped:majority/30 percent",
            "drivers": "swapped:must/advise",
            "staff": "swapped:required/encouraged",
        },
    )
    _assert_verified(got, tuple(k for k in got if k.startswith("ok_")), clear_of="swapped:")
    _assert_verified(got, ("ok_fire", "ok_bridge", "ok_police"), clear_of="unasserted:")


MAYOR = "Jane Doe ran for mayor in 2012 but lost to John Roe. She was elected mayor in 2016 and served two terms."
JUSTICE = "Maria Silva was nominated for chief justice in 2015, but the Senate rejected her. She was appointed in 2019."
BOOKER = "The novel was shortlisted for the Booker Prize in 2001 and sold well."
DEAN = "In 2021 she became the first Black woman to lead the university."
SPACE = "He was the first European astronaut to walk in space, in 1998."


@claims(
    {
        "mayor": ("Jane Doe became mayor in 2012.", MAYOR),
        "elected": ("Jane Doe was elected mayor in 2012.", MAYOR),
        "dean": ("In 2021 she became the first woman to lead the university.", DEAN),
        "space": ("He was the first astronaut to walk in space.", SPACE),
        # held out
        "justice": ("Maria Silva was appointed chief justice in 2015.", JUSTICE),
        "booker": ("The novel won the Booker Prize in 2001.", BOOKER),
        "senate": (
            "Tom Reyes was elected to the Senate in 2010.",
            "Tom Reyes ran for the Senate in 2010 and lost narrowly; he won the seat in 2014.",
        ),
        "judge": (
            "She was the first woman to sit on the court.",
            "She was the first Hispanic woman to sit on the court, appointed in 2009.",
        ),
        "river": (
            "It is the longest river in Europe.",
            "It is the longest navigable river in Europe, carrying barges for 2,000 km.",
        ),
        # a record ranked below the first or one of several, stated unranked (the lead's addition to round 19)
        "port": (
            "Singapore has the busiest port in the world.",
            "Singapore's port is the second busiest in the world after Shanghai.",
        ),
        "city": (
            "Lagos is the largest city in Africa.",
            "Among the cities of Africa, Lagos is one of the largest by population.",
        ),
        "fast": ("The new model is as fast as the old one.", "The new model is slower than the old one, tests show."),
        "ok_port": (
            "Singapore has the second busiest port in the world.",
            "Singapore's port is the second busiest in the world after Shanghai.",
        ),
        "ok_city": ("Lagos is one of the largest cities in Africa.", "Lagos is the second-largest city in Africa."),
        # supported: the year it was attained, the bid as a bid, a nomination confirmed, the record's own class
        "ok_mayor": ("Jane Doe was elected mayor in 2016.", MAYOR),
        "ok_ran": ("Jane Doe ran for mayor in 2012.", MAYOR),
        "ok_nominated": ("Maria Silva was nominated for chief justice in 2015.", JUSTICE),
        "ok_shortlisted": ("The novel was shortlisted for the Booker Prize in 2001.", BOOKER),
        "ok_confirmed": (
            "Reagan appointed her to the Supreme Court in 1981.",
            "She was nominated to the Supreme Court by Reagan in 1981 and confirmed by the Senate.",
        ),
        "ok_dean": ("In 2021 she became the first Black woman to lead the university.", DEAN),
        "ok_space": ("He was the first European astronaut to walk in space.", SPACE),
        "ok_oldest": (
            "It is the longest river in Europe.",
            "It is the longest river in Europe and the most navigable, carrying barges for 2,000 km.",
        ),
    }
)
def test_a_bid_stated_as_won_or_a_record_of_a_wider_class_is_not_verified(got: Verdicts) -> None:
    # "mayor", "elected" (left by round 17), "dean", "space" were verified with no reason
    _assert_flagged(
        got,
        {
            "mayor": "swapped:became/ran for",
            "elected": "swapped:elected/ran for",
            "dean": "swapped:first woman/first black woman",
            "space": "swapped:first astronaut/first european astronaut",
            "justice": "swapped:appointed/was nominated",
            "booker": "swapped:won/was shortlisted",
            "senate": "swapped:elected/ran for",
            "judge": "swapped:first woman/first hispanic woman",
            "river": "swapped:longest river/longest navigable river",
            "port": "swapped:busiest/second busiest",
            "city": "swapped:largest/one of the largest",
            "fast": "swapped:as fast as/slower than",
        },
    )
    _assert_verified(got, tuple(k for k in got if k.startswith("ok_")), clear_of="swapped:")


FEE = "Subscribers pay $10 a month, or $100 a year if they pay in advance."
PLANT = "The plant produces 3,000 cars a month, about 36,000 a year."


@claims(
    {
        "fee": ("Subscribers pay $10 a year.", FEE),
        # held out
        "plant": ("The plant produces 3,000 cars a week.", PLANT),
        "drug": ("The drug costs $500 a week.", "The drug costs $500 a month in the US and $200 a week in Canada."),
        # supported: each amount with its own period, in other words
        "ok_fee": ("Subscribers pay $10 a month.", FEE),
        "ok_year": ("Subscribers pay $100 a year if they pay in advance.", FEE),
        "ok_plant": ("The plant produces about 36,000 cars a year.", PLANT),
        "ok_hours": ("Staff work 40 hours a week.", "Staff at the plant work 40 hours per week on average."),
    }
)
def test_an_amount_given_another_period_is_not_verified(got: Verdicts) -> None:
    # "fee" was verified with no reason ("$100 a month" was caught: `swapped:month/year`; "plant", a copy but for the
    # period, is the copy rule's too)
    _assert_flagged(
        got,
        {
            "fee": "swapped:10 a year/10 a month",
            "plant": "swapped:week/month",
            "drug": "swapped:500 a week/500 a month",
        },
    )
    _assert_verified(got, tuple(k for k in got if k.startswith("ok_")), clear_of="swapped:")


PAINTER = "The painter was born in Lyon in 1840 and died in Paris in 1912."
STADIUM = "The stadium was built for 40,000 spectators in 1960 and expanded to 55,000 in 1995."
FIRM = "The firm said 30 percent of its engineers and 55 percent of its staff overall work remotely."
AIRLINE = "The state owns 49 percent of the airline, and the rest is held by private investors."
PLANT = (
    "The plant closed in 2019. Demand for its products had been falling for years, and the owner retired that spring."
)
OLYMPICS = "The city bid for the 2012 Olympics but lost to London."
MUSEUM = "The museum reopened in June after a two-year renovation."
CLOSED = "The museum was closed for renovation from 2015 until 2018."
COMPOSER = "The composer was born in Hamburg in 1833 and died in Vienna in 1897."
ENGINEERS = "The company hired 200 engineers in Berlin and 80 engineers in Munich last year."
BAN = "The council voted to study a ban on fireworks."
MAJORITY = "The party kept its majority, although it lost six seats."
CHURCH = "The church is the oldest building in the town; the library is its largest."
FOUNDER = "The company was founded by Maria Lopez, who later hired James Chen as its chief executive."
CLUB = "The club was founded by women in 1920, and most of its members are women."
BURGLARIES = "The number of burglaries fell by a third last year."
BRIDGE = "The bridge was closed in May. Engineers had found cracks in its supports the year before."
MOROCCO = "Morocco applied to host the 2010 World Cup, which was awarded to South Africa."
SEAT = "The senator retained her seat in the election, though she lost the popular vote in the capital."
DESIGNED = "The museum was designed by Karl Weber, who later commissioned Lena Fischer to paint its murals."
WHEAT = "The price of wheat fell by a quarter during the drought."
EXPO = "Brazil bid to host the 2030 Expo, which was awarded to Riyadh."


@claims(
    {
        "died": ("The painter died in Lyon.", PAINTER),
        "built": ("The stadium was built for 55,000 spectators.", STADIUM),
        "staff30": ("The firm said 30 percent of its staff work remotely.", FIRM),
        "majority_owned": ("The airline is majority owned by the state.", AIRLINE),
        "because": ("The plant closed in 2019 because demand for its products had been falling.", PLANT),
        "hosted": ("The city hosted the 2012 Olympics.", OLYMPICS),
        "will_reopen": ("The museum will reopen in June.", MUSEUM),
        "since": ("The museum has been closed for renovation since 2015.", CLOSED),
        "annual": (
            "The annual festival draws about 50,000 visitors.",
            "The festival, held every two years since 1990, draws about 50,000 visitors.",
        ),
        "banned": ("The council banned fireworks.", "The council restricted the use of fireworks to New Year's Eve."),
        "fired": ("The chief executive was fired in March.", "The chief executive stepped down in March."),
        # held out (written after the rules)
        "destroyed": ("The earthquake destroyed the old cathedral.", "The earthquake damaged the old cathedral."),
        "composer": ("The composer died in Hamburg.", COMPOSER),
        "stake": (
            "The investment fund acquired a majority stake in the football club in 2021.",
            "The investment fund acquired a 40 percent stake in the football club in 2021.",
        ),
        "tense": (
            "The new terminal will open in March.",
            "The new terminal opened in March after three years of construction.",
        ),
        "law": ("The law took effect in 2009.", "The law was passed in 2009 and took effect three years later."),
        # round 21 (Let-ins, round 21): a deed only weighed, the opposite deed, a record of another holder, ...
        "r21_ban": ("The council voted to ban fireworks.", BAN),
        "r21_majority": ("The party lost its majority.", MAJORITY),
        "r21_oldest": ("The library is the oldest building in the town.", CHURCH),
        "r21_founded": ("James Chen founded the company.", FOUNDER),
        "r21_only": ("Only women can join the club.", CLUB),
        "r21_halved": ("The number of burglaries halved last year.", BURGLARIES),
        "r21_because": ("The bridge was closed in May because engineers had found cracks in its supports.", BRIDGE),
        "r21_hosted": ("Morocco hosted the 2010 World Cup.", MOROCCO),
        # round 21, held out (written after its rules)
        "r21_seat": ("The senator lost her seat in the election.", SEAT),
        "r21_designed": ("Lena Fischer designed the museum.", DESIGNED),
        "r21_quarter": ("The price of wheat halved during the drought.", WHEAT),
        "r21_expo": ("Brazil hosted the 2030 Expo.", EXPO),
        # supported: each fact with its own deed, the share as a share, the cause the source gives, the deed as done
        "ok_died": ("The painter died in Paris.", PAINTER),
        "ok_born": ("The painter was born in Lyon.", PAINTER),
        "ok_expanded": ("The stadium was expanded to 55,000 spectators.", STADIUM),
        "ok_staff55": ("The firm said 55 percent of its staff work remotely.", FIRM),
        "ok_share49": ("The state owns 49 percent of the airline.", AIRLINE),
        "ok_cause": (
            "The match was called off because heavy rain flooded the pitch.",
            "The match was called off after heavy rain flooded the pitch. Ticket sales had been poor all season.",
        ),
        "ok_bid": ("The city lost its bid for the 2012 Olympics to London.", OLYMPICS),
        "ok_reopened": ("The museum reopened in June.", MUSEUM),
        "ok_between": ("The museum was closed for renovation between 2015 and 2018.", CLOSED),
        "ok_munich": ("The company hired 80 engineers in Munich last year.", ENGINEERS),
        "ok_vienna": ("The composer died in Vienna.", COMPOSER),
        "ok_restricted": ("The council restricted fireworks.", "The council restricted the use of fireworks."),
        "ok_r21_study": ("The council voted to study a ban on fireworks.", BAN),
        "ok_r21_kept": ("The party kept its majority.", MAJORITY),
        "ok_r21_seats": ("The party lost six seats.", MAJORITY),
        "ok_r21_church": ("The church is the oldest building in the town.", CHURCH),
        "ok_r21_lopez": ("Maria Lopez founded the company.", FOUNDER),
        "ok_r21_club": ("The club was founded by women in 1920.", CLUB),
        "ok_r21_third": ("The number of burglaries fell by a third last year.", BURGLARIES),
        "ok_r21_awarded": ("South Africa was awarded the 2010 World Cup.", MOROCCO),
        "ok_r21_retained": ("The senator retained her seat in the election.", SEAT),
        "ok_r21_weber": ("Karl Weber designed the museum.", DESIGNED),
    }
)
def test_a_fact_bound_otherwise_or_a_time_moved_is_not_verified(got: Verdicts) -> None:
    # each wrong case was verified with no reason before round 20 (the r21_ ones before round 21)
    _assert_flagged(
        got,
        {
            "died": "swapped:lyon/paris",
            "built": "swapped:55000/40000",
            "staff30": "swapped:30/55",
            "majority_owned": "swapped:majority/49 percent",
            "because": "unasserted:cause",
            "hosted": "swapped:hosted/bid for",
            "will_reopen": "swapped:will reopen/reopened",
            "since": "swapped:since 2015/until 2018",
            "annual": "swapped:annual/every two years",
            "banned": "swapped:banned/restricted",
            "fired": "swapped:fired/stepped down",
            "destroyed": "swapped:destroyed/damaged",
            "composer": "swapped:hamburg/vienna",
            "stake": "swapped:majority/40 percent",
            "tense": "swapped:will open/opened",
            "law": "swapped:2009/three years later",
            "r21_ban": "swapped:ban/study a ban",
            "r21_majority": "swapped:lost/kept",
            "r21_oldest": "swapped:library/church",
            "r21_founded": "swapped:chen/lopez",
            "r21_only": "swapped:only/most",
            "r21_halved": "swapped:halved/fell by a third",
            "r21_because": "unasserted:cause",
            "r21_hosted": "swapped:hosted/applied to host",
            "r21_seat": "swapped:lost/retained",
            "r21_designed": "swapped:fischer/weber",
            "r21_quarter": "swapped:halved/fell by a quarter",
            "r21_expo": "swapped:hosted/bid to host",
        },
    )
    _assert_verified(got, tuple(k for k in got if k.startswith("ok_")), clear_of="swapped:")
    _assert_verified(got, ("ok_cause",), clear_of="unasserted:")
