"""The false-alarm sweep, round 20's rules on their own, pure: a negated universal said by its opposite, widened
("unanimously" says all; "objected" / "approved", "remain" / "sold", "won" / "fell short": `universals`), a count of
zero said as "no" (`zeroes`, read by `states` and `direction`), and a negated universal no direction mismatch
(`direction`). The `h_` cases held out, written after the rules; each `w_` case a wrong twin that keeps its reason."""

from __future__ import annotations

import pytest

from audit.verify.direction import direction_mismatch
from audit.verify.features import negation_mismatch
from audit.verify.universals import universal_said_otherwise
from audit.verify.zeroes import zero_said_as_no

CASES = [
    # (key, claim, source, negation_mismatch, direction_mismatch)
    ("objected", "No one objected to the plan.", "The plan was approved unanimously.", False, False),
    ("tickets", "None of the tickets remain.", "All tickets have been sold.", False, False),
    ("majority", "No candidate won a majority.", "All candidates fell short of a majority.", False, False),
    ("zero", "The company made zero profit last year.", "The company made no profit last year.", False, False),
    ("not_all", "Not all shareholders supported the merger.", "Some shareholders opposed the merger.", False, False),
    ("h_obj", "Nobody objected to the proposal.", "The council unanimously approved the proposal.", False, False),
    ("h_seats", "None of the seats remain.", "All the seats have been taken.", False, False),
    ("h_bid", "None of the bidders won the contract.", "All the bidders fell short of the contract's terms.", 0, 0),
    ("h_waste", "The plant produced zero waste last year.", "The plant produced no waste last year.", False, False),
    ("h_growth", "The firm reported zero growth in 2020.", "The firm reported no growth in 2020.", False, False),
    ("h_opposed", "Not all residents supported the plan.", "Several residents opposed the plan.", False, False),
    ("w_supported", "No one supported the plan.", "The plan was approved unanimously.", True, False),
    ("w_rejected", "No one objected to the plan.", "The plan was rejected unanimously.", True, False),
    ("w_sold", "None of the tickets were sold.", "All tickets have been sold.", True, False),
    ("w_remain", "None of the tickets remain.", "All tickets remain available.", True, False),
    ("w_seats", "None of the seats remain.", "All tickets have been sold.", True, False),
    ("w_won", "No candidate won a majority.", "All candidates won a majority.", True, True),
    ("w_a_profit", "The company made a profit last year.", "The company made no profit last year.", True, True),
    ("w_revenue", "The company made zero profit last year.", "The company made no revenue last year.", True, False),
    ("w_plain", "The company made zero profit last year.", "The company made a profit last year.", False, True),
    ("w_all", "All shareholders supported the merger.", "Some shareholders opposed the merger.", False, True),
    ("w_directors", "Not all directors supported the merger.", "Some shareholders opposed the merger.", True, True),
    ("w_h_obj", "Nobody objected to the proposal.", "The council unanimously rejected the proposal.", True, False),
    ("w_h_seats", "None of the seats remain.", "All the tickets have been taken.", True, False),
    ("w_h_waste", "The plant produced zero waste last year.", "The plant produced no energy last year.", True, False),
    ("w_h_growth", "The firm reported zero growth in 2020.", "The firm reported strong growth in 2020.", False, True),
    ("w_h_all", "Not all residents supported the plan.", "All residents supported the plan.", True, False),
]


@pytest.mark.parametrize(("key", "claim", "source", "negation", "direction"), CASES, ids=[c[0] for c in CASES])
def test_round20_negation_and_direction(key: str, claim: str, source: str, negation: bool, direction: bool) -> None:
    assert (negation_mismatch(claim, source), direction_mismatch(claim, source)) == (negation, direction), key


def test_round20_rules_alone() -> None:
    assert universal_said_otherwise("Nobody objected.", "It passed unanimously and was approved.")
    assert not universal_said_otherwise("Nobody objected.", "It was approved by a majority.")  # no universal
    assert universal_said_otherwise("None of the rooms remain.", "All rooms are gone.")
    assert zero_said_as_no("There were no deaths.", "There were zero deaths.")
    assert zero_said_as_no("There was no death.", "0 deaths were reported.")
    assert not zero_said_as_no("There were no injuries.", "There were zero deaths.")
    assert not zero_said_as_no("There were no deaths.", "Deaths fell to zero.")
