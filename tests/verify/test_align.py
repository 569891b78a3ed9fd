"""Token alignment: the claim's least-aligned content token against the evidence windows' tokens, from the real
int8 model (and the float one), independent of what was cached."""

from __future__ import annotations

import numpy as np
import pyarrow as pa
import pytest

from audit.verify.align import TokenStates, TokenStore, Vocabulary, alignment_key, exact_dot, least_aligned
from audit.verify.embcache import EmbeddingCache
from audit.verify.semantic import BiEncoderScorer, content_hash

SOURCE = (
    "The Eiffel Tower was completed in 1889 for the World's Fair in Paris. It is 330 metres tall and was designed by "
    "the engineering company of Gustave Eiffel."
)
SUPPORTED = "The Eiffel Tower was finished in 1889 in Paris."
PARTLY = "The Eiffel Tower was finished in 1889 in Paris and painted gold by Napoleon."


def _vec(*xs: float) -> np.ndarray:
    v = np.asarray(xs, dtype=np.float32)
    return v / np.linalg.norm(v)


VOCAB = Vocabulary(stop=frozenset({5}), special=frozenset({101, 102}))


def test_least_aligned_takes_the_worst_content_token_and_skips_stop_and_special_pieces() -> None:
    claim = TokenStates(
        np.array([101, 7, 5, 8, 102]),
        np.stack([_vec(0, 0, 1), _vec(1, 0, 0), _vec(0, 0, 1), _vec(0.6, 0.8, 0), _vec(0, 0, 1)]),
    )
    evidence = [TokenStates(np.array([101, 9, 102]), np.stack([_vec(0, 0, 1), _vec(1, 0, 0), _vec(0, 0, 1)]))]
    # token 7 matches exactly (1.0); token 8 at best 0.6; the stop piece 5 and [CLS]/[SEP] (which would match the
    # evidence's specials) do not count
    assert least_aligned(claim, evidence, VOCAB) == pytest.approx(0.6)


def test_least_aligned_edges() -> None:
    only_stop = TokenStates(np.array([101, 5, 102]), np.stack([_vec(1, 0), _vec(0, 1), _vec(1, 0)]))
    ev = [TokenStates(np.array([101, 9, 102]), np.stack([_vec(1, 0), _vec(0.8, 0.6), _vec(1, 0)]))]
    assert least_aligned(only_stop, ev, VOCAB) == pytest.approx(0.6)  # no content token: all tokens count
    assert least_aligned(only_stop, [], VOCAB) == 0.0
    empty = TokenStates(np.array([101, 102]), np.stack([_vec(1, 0), _vec(1, 0)]))
    assert least_aligned(empty, ev, VOCAB) == 0.0
    opposite = TokenStates(np.array([101, 7, 102]), np.stack([_vec(1, 0), _vec(-1, 0), _vec(1, 0)]))
    assert least_aligned(opposite, [TokenStates(np.array([9]), np.stack([_vec(1, 0)]))], VOCAB) == 0.0  # clipped


@pytest.mark.parametrize("quantize", ["int8", "none"])
def test_an_unsupported_detail_lowers_the_alignment(quantize: str) -> None:
    scorer = BiEncoderScorer("all-MiniLM-L6-v2", quantize=quantize)
    cos, align = scorer.refine_scores([SUPPORTED, PARTLY], [[SOURCE], [SOURCE]])
    assert align[0] > align[1] + 0.1, align  # "gold", "Napoleon" match nothing in the source
    assert align.min() >= 0.0 and align.max() <= 1.0
    # the cosines are window_scores' own
    plain = BiEncoderScorer("all-MiniLM-L6-v2", quantize=quantize).window_scores([SUPPORTED, PARTLY], [[SOURCE]] * 2)
    assert np.allclose(np.concatenate(cos), np.concatenate(plain), atol=1e-6)


def test_alignment_does_not_depend_on_what_was_cached() -> None:
    fresh = BiEncoderScorer("all-MiniLM-L6-v2", quantize="int8")
    claims, windows = [SUPPORTED, PARTLY], [[SOURCE], [SOURCE, SUPPORTED]]
    want_cos, want = fresh.refine_scores(claims, windows)
    assert fresh.encoded == 3 and fresh.reencoded == 0  # 3 distinct texts, each through the model once
    assert len(fresh.cache.tokens) == 3  # every text's token states are kept, the claims' too
    assert fresh.cache.aligns_held() == 2  # and each pair's alignment
    again = fresh.refine_scores(claims, windows)[1]
    assert np.array_equal(again, want) and fresh.reencoded == 0  # the pairs' alignments are kept: nothing runs
    # a second scorer sharing the vectors (a warm night: all cached) but neither token states nor alignments: same
    # cosines, same alignment, every text run again for its tokens, nothing cached twice
    bare = EmbeddingCache(fresh.cache.model)
    for k in (content_hash(t) for t in (SUPPORTED, PARTLY, SOURCE)):
        bare.put(k, fresh.cache.get(k), new=False)
    bare.tokens = TokenStore(budget=0)
    warm = BiEncoderScorer("all-MiniLM-L6-v2", quantize="int8", cache=bare)
    got_cos, got = warm.refine_scores(claims, windows)
    assert np.array_equal(got, want)
    assert all(np.array_equal(a, b) for a, b in zip(got_cos, want_cos, strict=True))
    assert warm.encoded == 0 and warm.reencoded == 3
    # the alignments it made are handed to the loader once, keyed by pair, and serve the next call
    rows = bare.take_new_alignments()
    assert rows.num_rows == 2 and bare.take_new_alignments().num_rows == 0
    assert sorted(rows.column("token_align").to_pylist()) == sorted(want.tolist())
    assert np.array_equal(warm.refine_scores(claims, windows)[1], want) and warm.reencoded == 3


def test_a_claim_asked_again_against_another_source_is_not_run_again() -> None:
    """Misattribution scores a claim not verified again against its best other source: the claim's token states are
    kept from its first scoring (it ran through the transformer twice), and its alignment is a fresh scorer's."""
    scorer = BiEncoderScorer("all-MiniLM-L6-v2", quantize="int8")
    scorer.refine_scores([PARTLY], [[SOURCE]])
    _, got = scorer.refine_scores([PARTLY], [[SUPPORTED]])
    assert (scorer.encoded, scorer.reencoded) == (3, 0)
    fresh = BiEncoderScorer("all-MiniLM-L6-v2", quantize="int8")
    assert np.array_equal(fresh.refine_scores([PARTLY], [[SUPPORTED]])[1], got)


def test_a_pair_is_keyed_by_its_claim_and_its_windows_in_order() -> None:
    a, b, c = (content_hash(t) for t in ("claim", "window one", "window two"))
    assert alignment_key(a, [b, c]) == alignment_key(a, [b, c])
    assert (
        len({alignment_key(a, [b, c]), alignment_key(a, [c, b]), alignment_key(a, [b]), alignment_key(b, [a, c])}) == 4
    )
    # the separator keeps ("ab", "c") apart from ("a", "bc")
    assert alignment_key("ab", ["c"]) != alignment_key("a", ["bc"])


def test_stored_alignments_are_bounded_and_bad_rows_are_left_out() -> None:
    cache = EmbeddingCache("m", align_limit=3)
    for i in range(5):
        cache.put_align(f"k{i}", i / 10)
        cache.get_align("k0")  # used again and again: stays
    assert cache.aligns_held() == 3 and cache.get_align("k0") == 0.0 and cache.get_align("k1") is None
    assert len(cache.new_aligns) == 5  # what this process computed still goes to the loader
    primed = EmbeddingCache("m", align_limit=10)
    table = pa.table(
        {
            "pair_hash": pa.array(["a", None, "c", "d", "e", "f"], pa.string()),
            "token_align": pa.array([0.5, 0.5, float("nan"), 1.5, -0.1, 1.0], pa.float64()),
        }
    )
    assert primed.load_alignments(table) == 4  # NULL key, NaN, above 1, below 0
    assert primed.get_align("a") == 0.5 and primed.get_align("f") == 1.0 and primed.get_align("d") is None
    assert not primed.new_aligns  # primed rows are not handed back to the loader


def test_the_token_store_stays_within_its_budget() -> None:
    one = TokenStates(np.zeros(10, dtype=np.int64), np.zeros((10, 384), dtype=np.float16))
    size = one.ids.nbytes + one.states.nbytes
    store = TokenStore(budget=3 * size)
    for i in range(5):
        store.put(f"k{i}", one)
        store.get("k0")  # used again and again: stays
    assert len(store) == 3 and store.get("k0") is not None and store.get("k1") is None


def test_a_text_two_shard_threads_need_at_once_runs_once() -> None:
    """Two shard threads sharing one cache ask for the same texts at the same time: each text runs through the
    transformer once (the other thread waits for its states), and the alignments are a lone scorer's."""
    import threading

    claims = [f"{SUPPORTED} Item {i}." for i in range(6)]
    windows = [[SOURCE, f"{PARTLY} Part {i}."] for i in range(6)]
    want_cos, want = BiEncoderScorer("all-MiniLM-L6-v2", quantize="int8").refine_scores(claims, windows)
    shared = EmbeddingCache(BiEncoderScorer("all-MiniLM-L6-v2", quantize="int8").name)
    pair = [BiEncoderScorer("all-MiniLM-L6-v2", quantize="int8", cache=shared, replica=r) for r in (0, 1)]
    start, got = threading.Barrier(2), {}

    def score(s: BiEncoderScorer) -> None:
        start.wait()
        got[s] = s.refine_scores(claims, windows)

    threads = [threading.Thread(target=score, args=(s,)) for s in pair]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sum(s.encoded + s.reencoded for s in pair) == 13  # 6 claims, 6 windows of their own, SOURCE
    for cos, align in got.values():
        assert np.array_equal(align, want)
        assert all(np.array_equal(a, b) for a, b in zip(cos, want_cos, strict=True))


def test_a_claimed_text_is_released_for_the_waiting_thread() -> None:
    store = TokenStore()
    mine, theirs = store.claim(["a", "b", "a"])
    assert mine == {"a", "b"} and not theirs
    other_mine, other_theirs = store.claim(["b", "c"])
    assert other_mine == {"c"} and set(other_theirs) == {"b"} and not other_theirs["b"].is_set()
    store.release(mine)  # done, or its run failed: the waiter goes on (and runs "b" itself if it finds no states)
    assert other_theirs["b"].is_set() and store.get("b") is None
    assert store.claim(["b"])[0] == {"b"}


def test_products_do_not_depend_on_blas_threads() -> None:
    """A float32 matrix product sums in an order that follows BLAS's thread count, which moved one token alignment
    (0.40185767 vs 0.40185761) and a support across its 4th decimal between a Dask worker and the local runner."""
    from threadpoolctl import threadpool_limits

    rng = np.random.default_rng(7)
    a = rng.standard_normal((48, 384)).astype(np.float16).astype(np.float32)  # token states are float16
    b = rng.standard_normal((384, 3000)).astype(np.float16).astype(np.float32)
    with threadpool_limits(1):
        one = exact_dot(a, b)
    with threadpool_limits(2):
        two = exact_dot(a, b)
    assert np.array_equal(one, two) and one.dtype == np.float32
    assert np.allclose(one, a @ b, rtol=1e-5, atol=1e-4)  # the same numbers as float32's product, up to its last bit
