"""The let-in sweep's round 14 rules read alone (pure functions, no run): a party given the role the source gives the
other party of its deed (`roles.role_given_other`), a state said to hold now whose end the source tells
(`ended.state_but_ended`), and the guards that keep their twins clear (docs/hostile-inputs.md, "The let-in sweep,
round 14")."""

from __future__ import annotations

from audit.verify.ended import state_but_ended
from audit.verify.roles import role_given_other


def test_a_role_is_read_from_a_noun_a_deed_a_receiver_and_a_passive() -> None:
    final = "Nadal beat Federer in the final of the 2008 French Open."
    assert role_given_other("Federer was the winner of the final.", [final]) == "winner/loser"
    assert role_given_other("Federer was the winner.", ["Federer was beaten by Nadal in the final."]) == "winner/loser"
    sale = "In 2010 Google sold the Motorola unit to Lenovo."
    assert role_given_other("Lenovo sold the Motorola unit to Google.", [sale]) == "seller/buyer"
    assert role_given_other("Jones was Smith's employer.", ["Smith employed Jones as a clerk."]) == "employer/employee"


def test_a_role_the_source_gives_the_party_too_or_under_a_negation_is_no_reason() -> None:
    seat = "Jones beat Brown in the 1998 election, but Brown won the seat back in 2002."
    assert role_given_other("Brown won the seat back in 2002.", [seat]) is None
    assert role_given_other("Nadal did not lose to Federer.", ["Nadal beat Federer."]) is None
    assert role_given_other("Federer lost to Nadal.", ["Nadal never lost to Federer; he beat him."]) is None
    assert role_given_other("The museum was the buyer.", ["The museum bought the painting from a dealer."]) is None
    # a deed after "but" is its sentence's subject's: "won the title" the team's, not no one's
    title = "The team lost to Leeds in March but won the title in May."
    assert role_given_other("The team won the title in May.", [title]) is None
    assert role_given_other("Leeds lost to the team in March.", [title]) == "loser/winner"
    # a deed after "had" is its subject's: "Watford had beaten City" makes Watford a winner too
    cup = "In 2019, Manchester City beat Watford 6-0 in the FA Cup final. Watford had beaten City in the league."
    assert role_given_other("Watford beat Manchester City in the league.", [cup]) is None
    # an adverb between a deed and its subject is read past: "and later sold it" is the club's sale (false alarms
    # round 13's pronoun case met round 14's roles at the merge: swapped:seller/buyer)
    stadium = "The club bought the stadium in 2019 and later sold it."
    assert role_given_other("The club sold the stadium.", [stadium]) is None
    assert role_given_other("The club eventually sold the stadium.", ["The club bought the stadium."]) == "seller/buyer"
    assert role_given_other("Italy sold the rights to Spain.", ["Spain sold the rights to Italy."]) == "seller/buyer"


def test_a_state_said_of_now_is_read_against_the_deed_that_ends_it() -> None:
    assert state_but_ended("The hiker is missing.", ["The hiker was found alive on Sunday."]) == "is missing/found"
    assert state_but_ended("The hiker is missing.", ["Police found the hiker on Sunday."]) == "is missing/found"
    assert state_but_ended("Smith is still alive.", ["Smith died in 2010."]) == "is still alive/died"


def test_a_past_state_a_deed_the_subject_did_or_a_state_the_source_says_holds_is_no_reason() -> None:
    assert state_but_ended("The hiker went missing on Friday.", ["The hiker was found on Sunday."]) is None
    assert state_but_ended("The president is still in office.", ["The president fired his aide on Monday."]) is None
    assert state_but_ended("The hiker is missing.", ["Police found the hiker's dog on Sunday."]) is None
    both = "One of the two climbers was found alive on Sunday; the other is still missing."
    assert state_but_ended("One climber is still missing.", [both]) is None
    assert state_but_ended("The hiker is missing.", ["The hiker is yet to be found."]) is None
    assert state_but_ended("Smith is alive.", ["Smith's wife died in 2010."]) is None
