"""A name given the deed that the source gives another name, its own deed beside it (`agents.agent_given_other`):
from the training pairs' out-of-fold errors, round 4 (FEVER's "Easy A is directed by Bert V. Royal" against
"directed by Will Gluck, written by Bert V. Royal" was scored as supported); and the guards that keep its twins
clear."""

from __future__ import annotations

from audit.verify.agents import agent_given_other
from audit.verify.verifier import window_reasons

_EASY_A = "Easy A is a 2010 teen comedy film directed by Will Gluck, written by Bert V. Royal and starring Emma Stone."
_COLOMBIANA = "Colombiana is a 2011 action film co-written and produced by Luc Besson and directed by Olivier Megaton."


def test_a_name_given_another_names_deed() -> None:
    # failed before the rule: every word of the claim is in the window
    assert agent_given_other("Easy A is directed by Bert V. Royal.", [_EASY_A]) == "directed/written"
    assert agent_given_other("Colombiana was produced by Olivier Megaton.", [_COLOMBIANA]) == "produced/directed"
    assert window_reasons("Easy A is directed by Bert V. Royal.", [_EASY_A], ()) == ("swapped:directed/written",)
    # written after the rule: a company's founder and its owner
    firm = "The company was founded by Sergey Brin in 1998 and is now owned by Larry Page."
    assert agent_given_other("The company was founded by Larry Page.", [firm]) == "founded/owned"


def test_the_names_own_deed_or_no_other_doer_is_no_reason() -> None:
    assert agent_given_other("Easy A is written by Bert V. Royal.", [_EASY_A]) is None
    assert agent_given_other("Easy A was directed by Will Gluck.", [_EASY_A]) is None
    assert agent_given_other("Colombiana was written by Luc Besson.", [_COLOMBIANA]) is None  # "co-written"
    # two doers of one deed: the claim names one of them
    both = "The film was produced by Luc Besson and Olivier Megaton, and directed by Pierre Morel."
    assert agent_given_other("The film was produced by Olivier Megaton.", [both]) is None
    # the source gives the deed to no one else, or the name no other deed
    assert agent_given_other("The film was produced by Luc Besson.", ["It was directed by Luc Besson."]) is None
    assert agent_given_other("The film was produced by Luc Besson.", ["It was produced by Pierre Morel."]) is None
    # a negated claim, and a "by" that names no role's doer
    assert agent_given_other("Easy A was not directed by Bert V. Royal.", [_EASY_A]) is None
    tour = "The album was followed by a tour led by Adele, and produced by Paul Epworth."
    assert agent_given_other("The album was followed by Paul Epworth.", [tour]) is None
