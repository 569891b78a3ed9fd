"""The let-in sweep's round 5 rules, as pure functions: a verbatim match of whole words, a quantifier, bound,
denying aside or exception around a copy, one case made a rule, two clauses reversed, a cause the source does not
state, and the new pairs of `opposites.py`."""

from __future__ import annotations

from audit.verify.asserted import condition_opening, dropped_condition, unasserted_frame
from audit.verify.causal import unstated_cause
from audit.verify.lexical import find_loose
from audit.verify.opposites import contradicts
from audit.verify.quantities import single_generalised
from audit.verify.reversal import clauses_reversed, reordered
from audit.verify.swaps import swapped_words


def test_a_verbatim_match_is_of_whole_words() -> None:
    assert find_loose("rose by 2 percent", "It rose by 2 percentage points.") is None
    assert find_loose("Like its predecessor, it has no jack", "Unlike its predecessor, it has no jack.") is None
    two = "Rent rose by 2 percentage points; costs rose by 2 percent."
    assert find_loose("rose by 2 percent", two) == (two.rindex("rose"), len(two) - 1)
    assert find_loose("Half of them", "On behalf of them. Half of them left.") == (19, 31)
    joined = "They use personal and possessive pronounsThere are no articles."  # a page scraped without its breaks
    assert find_loose("Personal and possessive pronouns.", joined) == (9, 41)
    assert find_loose("东京", "我在东京工作") == (2, 4)  # a script that does not space its words is cut anywhere


def _frame(claim: str, source: str) -> str | None:
    return unasserted_frame(source, source.lower().index(claim.lower()), claim)


def test_a_quantifier_or_bound_before_the_copy() -> None:
    assert _frame("bats use echolocation", "Some species of bats use echolocation.") == "some"
    assert _frame("the money was spent", "Most of the money was spent.") == "most"
    assert _frame("half of the voters", "Fewer than half of the voters agreed.") == "fewer than"
    assert _frame("30 people can attend", "At most 30 people can attend.") == "at most"
    # "some" before a number is "about"; a bound before no number is none; the claim's own scope or bound keeps it
    assert _frame("500 people came", "Some 500 people came.") is None
    assert _frame("the bridge", "The road runs over the bridge.") is None
    assert _frame("bats use echolocation", "Some species of bats use echolocation.".replace("Some", "Several")) == (
        "several"
    )
    assert unasserted_frame("Some bats fly.", 5, "Some of these bats fly") is None
    assert unasserted_frame("More than half agreed.", 10, "Over half agreed") is None
    assert _frame("the lake", "In many cases the lake freezes.") is None


def test_a_denial_read_past_an_aside() -> None:
    assert _frame("the castle was old", "It is not true, as many think, that the castle was old.") == "not true that"
    assert _frame("the wall is visible", "It is believed, though not true, that the wall is visible.") == "not true"
    assert _frame("the wall is visible", "The report said, as expected, that the wall is visible.") is None


def _condition(claim: str, source: str) -> str | None:
    start = source.lower().index(claim.lower())
    return dropped_condition(source, start, start + len(claim), claim)


def test_an_exception_left_out() -> None:
    assert _condition("All museums are open", "All museums are open except the gallery.") == "except"
    assert _condition("All members voted", "Apart from the chair, all members voted.") == "apart from"
    assert _condition("Profits rose 5%", "Profits rose 5%, excluding currency effects.") == "excluding"
    assert _condition("Staff must not enter", "Staff must not enter without a badge.") == "without"
    assert _condition("It cannot end", "It cannot end without notice.") == "without"
    # "without" after a copy that negates nothing is a manner, not a condition; "but not" a contrast
    assert _condition("He left the room", "He left the room without a word.") is None
    assert _condition("The drug is safe", "The drug is safe but not cheap.") is None
    museums = "All museums are open except the gallery."
    assert dropped_condition(museums, 0, 20, "Besides the gallery, all museums are open") is None  # the claim's own
    assert dropped_condition(museums, 0, 20, "All museums but the gallery are open") is None
    refund = "The fee is refunded if the order ships late."
    assert dropped_condition(refund, 0, 19, "The fee is refunded, but not the postage") == "if"  # "but": no condition


def test_a_condition_the_copy_leaves_out_of_its_middle() -> None:
    assert condition_opening("only if the employee stays".split()) == "only if"
    assert condition_opening("except on sundays".split()) == "except"
    assert condition_opening("even if it rains".split()) is None


def test_one_case_made_a_rule() -> None:
    assert single_generalised(["patients"], ["one", "patient"]) == "patients/one patient"
    assert single_generalised(["several", "cases"], ["a", "single", "case"]) == "several cases/a single case"
    assert single_generalised(["one", "school"], ["one", "school"]) is None
    assert single_generalised(["two", "schools"], ["one", "school"]) is None  # a number: the key facts' concern
    assert single_generalised(["patients"], ["every", "patient"]) is None


def test_two_clauses_in_each_other_place() -> None:
    def words(text: str) -> list[str]:
        return text.lower().replace(".", "").split()

    source = words("The treaty was signed two years after the war ended in 1918.")
    assert clauses_reversed(words("The war ended two years after the treaty was signed."), source) == "after"
    assert clauses_reversed(words("The treaty was signed two years after the war ended."), source) is None
    assert clauses_reversed(words("After the war ended, the treaty was signed."), source) is None
    assert (
        clauses_reversed(
            words("The canal is twice as long as the river."), words("The river is twice as long as the canal.")
        )
        == "as"
    )
    assert clauses_reversed(words("Anna is as tall as Tom."), words("Tom is as tall as Anna.")) is None
    assert reordered(words("Italy beat Spain in the final"), words("Spain beat Italy in the final")) == "italy/spain"


def test_a_cause_the_source_does_not_state() -> None:
    assert unstated_cause("The flood caused the outbreak.", ["The outbreak followed the flood."])
    assert unstated_cause("Breakfast leads to higher scores.", ["Breakfast is associated with higher scores."])
    assert not unstated_cause("The flood caused the outbreak.", ["The outbreak followed the flood, which caused it."])
    assert not unstated_cause("The outbreak followed the flood.", ["The outbreak followed the flood."])
    assert not unstated_cause("Prices rose because of the war.", ["Prices rose after the war began."])  # "after": no


def test_the_new_pairs_of_opposites() -> None:
    for claim, source in [
        ("gallons", "litres"),
        ("pounds", "kilograms"),
        ("grams", "milligrams"),
        ("tablespoons", "teaspoons"),
        ("three times", "twice"),
        ("must", "should"),
        ("for", "against"),
        ("like", "unlike"),
        ("including", "except"),
    ]:
        assert contradicts(claim, source), (claim, source)
    for claim, source in [("two times", "twice"), ("pounds", "£"), ("pounds", "lbs"), ("ml", "millilitres")]:
        assert not contradicts(claim, source), (claim, source)


def test_a_title_stop_ends_no_sentence() -> None:
    source = "The committee appointed Dr. Lee as chair after Professor Park declined the post."
    claim = "The committee appointed Professor Park as chair after Dr. Lee declined the post."
    assert swapped_words(claim, [source]) == ("professor park/dr lee",)
    assert swapped_words(source, [source]) == ()
