"""Which contexts a claim is scored against, chosen by shared words: the bound on a misattribution search and the
word index that finds an uncited sentence's best context, against the scans they replace."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from audit.candidates import MAX_ALTERNATIVES, MAX_WHOLE, WordIndex, lone_holder, most_shared, whole_holders
from audit.verify.text import content_words, keyword_overlap


def _scan(claim: str, contexts: dict[int, str]) -> int | None:
    """The scan the index replaced: every context's overlap with the claim, the first of the best."""
    words = content_words(claim)
    best, best_score = None, -1.0
    for rank, text in contexts.items():
        score = keyword_overlap(words, content_words(text)) or 0.0
        if score > best_score:
            best, best_score = rank, score
    return best


WORDS = st.sampled_from(["refund", "refunds", "days", "thirty", "shipping", "free", "euros", "item", "the", "costs"])
TEXT = st.lists(WORDS, max_size=8).map(" ".join)


@settings(max_examples=300)
@given(st.lists(TEXT, max_size=12), TEXT, st.sampled_from([0, 64]))
def test_the_word_index_picks_the_context_the_scan_picks(texts: list[str], claim: str, scan_up_to: int) -> None:
    # by its postings (scan_up_to=0) and by its own scan of few contexts alike
    contexts = {rank: text for rank, text in enumerate(texts, start=1)}
    assert WordIndex(contexts, scan_up_to).best(claim) == _scan(claim, contexts)


def test_a_misattribution_search_scores_at_most_the_bound_and_keeps_the_context_that_states_the_claim() -> None:
    contexts = {r: f"Item {r} costs {r} euros." for r in range(1, 3001)}
    ranks = tuple(contexts)
    picked = most_shared("Item 2501 costs 2501 euros.", ranks, contexts, MAX_ALTERNATIVES)
    assert len(picked) == MAX_ALTERNATIVES and 2501 in picked
    assert list(picked) == sorted(picked)  # in rank order
    assert most_shared("Item 7 costs 7 euros.", ranks[:MAX_ALTERNATIVES], contexts, MAX_ALTERNATIVES) == ranks[:100]


def test_the_sources_holding_every_word_of_a_claim_the_cited_source_lacks_one_of() -> None:
    claim = "Snowboarding is a winter sport in which riders descend snowy slopes on a board"
    cited = "Snowboarding became an Olympic winter sport in 1998, and its riders compete in halfpipe events."
    others = {
        2: "Snowboarding is a winter sport in which riders descend snowy slopes standing on a board.",
        3: "Bananas grow best in tropical regions.",
        5: "On a board, riders descend the snowy slopes: snowboarding is a winter sport.",
    }
    assert whole_holders(claim, cited, others) == (2, 5)
    # the cited source holding them all too, or a claim of two content words: none
    assert whole_holders(claim, others[2], {5: others[5]}) == ()
    assert whole_holders("Snowboarding rocks", cited, others) == ()
    # a hundred copies: the first MAX_WHOLE by rank
    copies = {r: others[2] for r in range(100, 0, -1)}
    assert whole_holders(claim, cited, copies) == tuple(range(1, MAX_WHOLE + 1))


OFF_TOPIC = "Quarterly revenue rose on strong demand for cloud storage."
VEGA = "Marisol Vega spent all twelve seasons of her career at club level."


def test_the_one_page_on_a_claim_whose_cited_page_is_on_none() -> None:
    claim = "Marisol Vega never played for the national team"
    assert lone_holder(claim, OFF_TOPIC, {2: VEGA, 3: "Bananas grow in tropical regions."}) == (2,)
    # the cited page shares a word: it is on the claim's topic too
    assert lone_holder(claim, "The national team lost.", {2: VEGA}) == ()
    # two pages on it, as many words each: neither is the one
    assert lone_holder(claim, OFF_TOPIC, {2: VEGA, 3: "Marisol Vega retired in 2019."}) == ()
    # a page holding two of the claim's words but not its first, what it speaks of
    assert (
        lone_holder(
            "Skiing has a history of almost five millennia",
            OFF_TOPIC,
            {2: "The club's history goes back five decades."},
        )
        == ()
    )
    # a page holding two words of a long claim: under a quarter of them
    long_claim = "Marisol Vega trained young strikers in Valencia, Seville, Bilbao and Malaga after her retirement"
    assert lone_holder(long_claim, OFF_TOPIC, {2: "Marisol Vega retired."}) == ()
