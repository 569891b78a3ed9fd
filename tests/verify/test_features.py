"""The support features of a pair: pure, model-free parts."""

from __future__ import annotations

import numpy as np
import pytest

from audit.verify.features import (
    FEATURE_NAMES,
    analyse_pair,
    fact_coverage,
    is_negated,
    negation_mismatch,
    pair_features,
)

SOURCE = (
    "Acme ships to 40 countries. Refunds are issued within 30 days of receiving the returned item. "
    "Gift cards cannot be refunded. Our headquarters moved to Lyon in 2019."
)


def feature(vec: np.ndarray, name: str) -> float:
    return float(vec[FEATURE_NAMES.index(name)])


def test_verbatim_claim_needs_no_candidates_and_scores_one():
    a = analyse_pair("Gift cards cannot be refunded.", SOURCE)
    assert a.exact and a.candidates == ()
    v = pair_features(a, None)
    assert feature(v, "exact") == 1.0 and feature(v, "cos_max") == 1.0


def test_candidates_are_source_windows_with_offsets():
    a = analyse_pair("You get a refund within 30 days after we receive the item.", SOURCE, top_k=2)
    assert 1 <= len(a.candidates) <= 2
    for w in a.candidates:
        assert SOURCE[w.start : w.end] == w.text
    assert any("30 days" in w.text for w in a.candidates)


@pytest.mark.parametrize(
    "claim,numbers,names",
    [
        ("Acme ships to 40 countries.", 1.0, 1.0),
        ("Acme ships to 45 countries.", 0.0, 1.0),
        ("The headquarters moved to Paris in 2019.", 1.0, 0.0),
        ("Refunds take a while.", 1.0, 1.0),
    ],
    ids=["all_found", "changed_number", "changed_city", "no_facts"],
)
def test_fact_coverage(claim, numbers, names):
    a = analyse_pair(claim, SOURCE)
    n, m, _ = fact_coverage(a.facts, a.missing)
    assert (n, m) == (numbers, names)


@pytest.mark.parametrize(
    "text,negated",
    [
        ("Gift cards cannot be refunded.", True),
        ("He did not win.", True),
        ("It isn't open.", True),
        ("Gift cards can be refunded.", False),
        ("Notably, it won.", False),
        ("It not only cuts pain but also fever.", False),
        ("Side effects are not uncommon.", False),
        ("A loss is not impossible.", False),
        ("The law did not unduly burden the right.", True),
        ("It is not unanimous.", True),
        ("Not unless you ask.", True),
    ],
    ids=[
        "cannot",
        "not",
        "contraction",
        "plain",
        "notably_is_not_not",
        "not_only",
        "litotes",
        "not_impossible",
        "adverb",
        "not_a_prefix",
        "unless",
    ],
)
def test_negation(text, negated):
    assert is_negated(text) is negated


def test_an_aside_the_claim_does_not_name_negates_nothing():
    source = "The museum, but not its gardens, is open on Mondays."
    assert is_negated(source)
    assert not is_negated(source, "The museum is open on Mondays.")
    assert is_negated(source, "The gardens are open on Mondays.")


def test_negation_mismatch_with_the_best_window():
    a = analyse_pair("Gift cards can be refunded in full.", SOURCE, window_sentences=1)
    cos = np.array([0.9 if "cannot" in w.text else 0.1 for w in a.candidates])
    assert feature(pair_features(a, cos), "negation_mismatch") == 1.0
    b = analyse_pair("Gift cards cannot be refunded in full.", SOURCE, window_sentences=1)
    cos = np.array([0.9 if "cannot" in w.text else 0.1 for w in b.candidates])
    assert feature(pair_features(b, cos), "negation_mismatch") == 0.0


def test_unrelated_claim_has_low_coverage():
    a = analyse_pair("The volcano erupted violently near the fishing village.", SOURCE)
    v = pair_features(a, np.zeros(len(a.candidates)))
    assert feature(v, "keyword") == 0.0 and feature(v, "bigram") == 0.0
    assert feature(v, "missing_words") > 1.0


def test_empty_source_is_all_zero_overlap():
    a = analyse_pair("Refunds are quick.", "")
    v = pair_features(a, None)
    assert a.candidates == () and feature(v, "keyword") == 0.0 and feature(v, "cos_max") == 0.0


@pytest.mark.parametrize(
    "claim,window,mismatch",
    [
        # a negation said by a word with a negating prefix ("unknown" for "not known") or by "unable to" / "declined
        # to" (the false-alarm sweep, round 3: each was negation_mismatch)
        ("The cause of the fire is not known.", "The cause of the fire is unknown.", False),
        ("The cause of the fire is unknown.", "The cause of the fire is not known.", False),
        ("It is not clear who wrote the letter.", "It is unclear who wrote the letter.", False),
        ("It is not possible to climb the peak in winter.", "It is impossible to climb the peak in winter.", False),
        ("The rescuers could not reach the village.", "The rescuers were unable to reach the village.", False),
        ("The company did not comment on the report.", "The company declined to comment on the report.", False),
        # a prefixed word that is no negation of the plain one, or a source stating the plain word too, stays one
        # ("unable to" and "declined to" only waive: read as negations, they fired on supported pairs whose window
        # negates something else, "so I will be unable to attend" beside a claim about a tour; so "The rescuers
        # reached the village" against "were unable to reach" is no mismatch, as before)
        ("The rescuers reached the village.", "The rescuers were unable to reach the village.", False),
        ("The painting is not valuable.", "The painting is invaluable.", True),
        ("The cause of the fire is not known.", "The cause of the fire is known, though unknown to most.", True),
        ("Sales declined to 5 million units.", "Sales fell to 5 million units.", False),
    ],
)
def test_a_negation_said_by_a_negating_word(claim, window, mismatch):
    assert negation_mismatch(claim, window) is mismatch


def test_a_verb_denied_is_not_its_prefixed_word():
    # "did not cover" is no "discover": only a word something is said not to be reads its prefixed form
    assert negation_mismatch("The report did not cover the losses.", "The report helped discover the losses.")


@pytest.mark.parametrize(
    "claim,window,mismatch",
    [
        # a refusal said by "denied" or "refused" (negations) is one said by "rejected", "dismissed", "turned down"
        # (the false-alarm sweep, round 3: "was denied" against "was rejected" was negation_mismatch)
        ("The application was denied by the council.", "The application was rejected by the council.", False),
        ("The council rejected the application.", "The council denied the application.", False),
        ("The spokesman denied the allegations.", "The spokesman dismissed the allegations.", False),
        ("The board refused the offer.", "The board turned down the offer.", False),
        # a refusal against an approval, or a second negation, stays one
        ("The council approved the application.", "The council denied the application.", True),
        ("The council rejected the application.", "The council did not deny the application.", True),
        ("The council never rejected the plan.", "The council rejected the plan.", True),
    ],
)
def test_a_refusal_said_with_another_verb(claim, window, mismatch):
    assert negation_mismatch(claim, window) is mismatch


@pytest.mark.parametrize(
    "claim,window,mismatch",
    [
        # "did not win" is "lost", "not present" is "absent" (the false-alarm sweep, round 3: negation_mismatch)
        ("The party did not win the election.", "The party lost the election.", False),
        ("The gene is not present in most patients.", "The gene is absent in most patients.", False),
        ("The gene is absent in most patients.", "The gene is not present in most patients.", False),
        # a window that states the denied word too stays a mismatch
        ("The gene is not present in most patients.", "The gene is present in most, absent in few.", True),
    ],
)
def test_a_negation_said_by_the_opposite_word(claim, window, mismatch):
    assert negation_mismatch(claim, window) is mismatch


@pytest.mark.parametrize(
    "claim,window,mismatch",
    [
        # "incapable of", "unwilling to" negate as "unable to" does: they waive a mismatch (the false-alarm sweep,
        # round 3: "Janet Leigh never managed to write" against "was incapable of writing", a supported training pair,
        # was negation_mismatch). Not the nouns "failure / inability to": they waived one on an AB dev citation labelled
        # not supported ("the parents' inability to address the child's needs")
        ("Janet Leigh never managed to write a novel.", "Janet Leigh was incapable of writing a novel.", False),
        ("The minister did not resign.", "The minister was unwilling to resign.", False),
        ("The firm did not file its accounts.", "The firm was fined for its failure to file its accounts.", True),
    ],
)
def test_a_negation_said_by_incapable_or_unwilling(claim, window, mismatch):
    assert negation_mismatch(claim, window) is mismatch


def test_a_negation_said_by_a_verb_of_ending_or_barring_or_un() -> None:
    # the false-alarm sweep, round 4: each was a mismatch
    for claim, window in (
        ("The factory no longer produces cars.", "The factory stopped producing cars in 2015."),
        ("The law is no longer in force.", "The law was repealed in 2012."),
        ("The firm stopped making radios.", "The firm no longer makes radios."),
        ("Residents cannot vote in federal elections.", "Residents are barred from voting in federal elections."),
        ("Cars may not enter the old town.", "Cars are banned from entering the old town."),
        ("He never married.", "He remained unmarried all his life."),
        ("The treaty was never signed.", "The treaty remains unsigned."),
        ("Sales did not rise in 2020.", "Sales fell in 2020."),
        ("The author is no longer alive.", "The author died in 2019."),
        ("The launch was not successful.", "The launch failed."),
        ("The two studies do not agree.", "The two studies disagree."),
    ):
        assert not negation_mismatch(claim, window), (claim, window)
    for claim, window in (
        ("The factory has not stopped producing cars.", "The factory stopped producing cars in 2015."),
        ("The factory no longer produces cars.", "It stopped producing trucks but still produces cars."),
        ("Residents are not barred from voting.", "Residents are barred from voting."),
        ("Residents cannot vote.", "Residents are barred from running for office."),
        ("I didn't realize that.", "Players are banned from leaving."),
        ("He never married.", "He married twice and was unmarried in 1990."),
        ("He never covered the story.", "He uncovered the story."),  # not "un" + a participle of the claim
        ("Sales did not fall in 2020.", "Sales fell in 2020."),
    ):
        assert negation_mismatch(claim, window), (claim, window)
