"""Let-ins round 21's rules on their own, pure: a deed the source only weighs stated as done
(`audit/verify/deliberated.py`), a thing given the deed opposite to the source's (`flipped.py`), a record the source
gives another holder (`holders.py`), an active deed's doer the source gives the deed to another name
(`agents.doer_given_other`), "only" where the source says "most" (`options.only_for_most`), a change given as a
fraction in words (`multiplied.py`), a bid the source says went to another party (`attempts.py`), a time's "the year
before" no tie of a cause (`causal.cause_apart`). Cases marked held out were written after the rules."""

from __future__ import annotations

import pytest

from audit.verify.agents import doer_given_other
from audit.verify.attempts import bid_as_attained
from audit.verify.causal import cause_apart
from audit.verify.deliberated import weighed_as_done
from audit.verify.flipped import deed_flipped
from audit.verify.holders import record_of_other
from audit.verify.multiplied import multiple_against_percent
from audit.verify.options import only_for_most
from audit.verify.windowed import window_reasons

BAN = "The council voted to study a ban on fireworks."
PLANT = "The board agreed to consider closing the plant next year."
MAJORITY = "The party kept its majority, although it lost six seats."
SEAT = "The senator retained her seat in the election, though she lost the popular vote in the capital."
CHURCH = "The church is the oldest building in the town; the library is its largest."
FOUNDER = "The company was founded by Maria Lopez, who later hired James Chen as its chief executive."
MUSEUM = "The museum was designed by Karl Weber, who later commissioned Lena Fischer to paint its murals."
CLUB = "The club was founded by women in 1920, and most of its members are women."
BRIDGE = "The bridge was closed in May. Engineers had found cracks in its supports the year before."
MOROCCO = "Morocco applied to host the 2010 World Cup, which was awarded to South Africa."

WRONG = [
    (weighed_as_done, "The council voted to ban fireworks.", BAN, "ban/study a ban"),
    (weighed_as_done, "The board agreed to close the plant next year.", PLANT, "close/consider closing"),
    (deed_flipped, "The party lost its majority.", MAJORITY, "lost/kept"),
    (deed_flipped, "The senator lost her seat in the election.", SEAT, "lost/retained"),  # held out
    (
        deed_flipped,
        "The runner lost the lead.",
        "The runner kept the lead until the final lap, although she lost a shoe.",
        "lost/kept",
    ),  # held out
    (record_of_other, "The library is the oldest building in the town.", CHURCH, "library/church"),
    (doer_given_other, "James Chen founded the company.", FOUNDER, "chen/lopez"),
    (doer_given_other, "Lena Fischer designed the museum.", MUSEUM, "fischer/weber"),  # held out
    (only_for_most, "Only women can join the club.", CLUB, "only/most"),
    (
        only_for_most,
        "Only students from rural areas can receive the scholarship.",
        "The scholarship is mostly awarded to students from rural areas.",
        "only/mostly",
    ),  # held out
    (
        multiple_against_percent,
        "The number of burglaries halved last year.",
        "The number of burglaries fell by a third last year.",
        "halved/fell by a third",
    ),
    (
        multiple_against_percent,
        "The price of wheat halved during the drought.",
        "The price of wheat fell by a quarter during the drought.",
        "halved/fell by a quarter",
    ),  # held out
    (
        multiple_against_percent,
        "Membership of the club doubled in 2019.",
        "Membership of the club rose by half in 2019.",
        "doubled/rose by half",
    ),
    (bid_as_attained, "Morocco hosted the 2010 World Cup.", MOROCCO, "hosted/applied to host"),
    (
        bid_as_attained,
        "Brazil hosted the 2030 Expo.",
        "Brazil bid to host the 2030 Expo, which was awarded to Riyadh.",
        "hosted/bid to host",
    ),  # held out
]
RIGHT = [
    (weighed_as_done, "The council voted to study a ban on fireworks.", BAN),
    (weighed_as_done, "The council voted to ban fireworks.", "The council voted to ban fireworks after a study."),
    (weighed_as_done, "We study the impact of subword units.", "We study the impact of subword units."),
    (deed_flipped, "The party kept its majority.", MAJORITY),
    (deed_flipped, "The party lost six seats.", MAJORITY),
    (deed_flipped, "The senator retained her seat in the election.", SEAT),
    # the converse, another party's opposite deed (tests/cli/test_hostile_keyfacts.py's cases, which a first version
    # flagged)
    (deed_flipped, "Brazil won the 2002 World Cup final.", "Germany lost the 2002 World Cup final to Brazil."),
    (deed_flipped, "Smith lost the 2020 mayoral election.", "Jones won the 2020 mayoral election, defeating Smith."),
    (record_of_other, "The church is the oldest building in the town.", CHURCH),
    (record_of_other, "The library is the largest building in the town.", CHURCH),
    (
        record_of_other,
        "The library, built in 1820, is the oldest building.",
        "The library, built in 1820, is the oldest building in the town.",
    ),
    (doer_given_other, "Maria Lopez founded the company.", FOUNDER),
    (doer_given_other, "Karl Weber designed the museum.", MUSEUM),
    (only_for_most, "The club was founded by women in 1920.", CLUB),
    (only_for_most, "Only women can join the club.", "The club is open to women only; most members live nearby."),
    (
        multiple_against_percent,
        "The number of burglaries fell by a third.",
        "The number of burglaries fell by a third last year.",
    ),
    (multiple_against_percent, "Membership of the club rose by half.", "Membership of the club rose by half in 2019."),
    (bid_as_attained, "South Africa was awarded the 2010 World Cup.", MOROCCO),
    (bid_as_attained, "Morocco applied to host the 2010 World Cup.", MOROCCO),
    (
        bid_as_attained,
        "South Africa hosted the 2010 World Cup.",
        "South Africa applied to host the 2010 World Cup, which was awarded to South Africa.",
    ),
]


@pytest.mark.parametrize(("rule", "claim", "source", "want"), WRONG)
def test_a_wrong_claim_gets_its_reason(rule, claim: str, source: str, want: str) -> None:  # type: ignore[no-untyped-def]
    assert rule(claim, [source]) == want


@pytest.mark.parametrize(("rule", "claim", "source"), RIGHT)
def test_the_right_twin_gets_none(rule, claim: str, source: str) -> None:  # type: ignore[no-untyped-def]
    assert rule(claim, [source]) is None


def test_a_time_before_does_not_tie_a_cause() -> None:
    claim = "The bridge was closed in May because engineers had found cracks in its supports."
    assert cause_apart(claim, [BRIDGE])
    held = "The factory was closed in March because inspectors had found asbestos in the walls."  # held out
    assert cause_apart(
        held, ["The factory was closed in March. Inspectors had found asbestos in the walls a month earlier."]
    )
    assert not cause_apart(
        claim, ["The bridge was closed in May. Before that, engineers had found cracks in its supports."]
    )


def test_the_window_rules_run_the_new_rules() -> None:
    assert "swapped:lost/kept" in window_reasons("The party lost its majority.", [MAJORITY], ())
    assert "swapped:library/church" in window_reasons("The library is the oldest building in the town.", [CHURCH], ())
    assert "swapped:ban/study a ban" in window_reasons("The council voted to ban fireworks.", [BAN], ())
