"""The transformer stage's embeddings: int8 on ONNX Runtime (the default) against float32, and independent of
batching, threads and replicas."""

from __future__ import annotations

import numpy as np

from audit.config import AuditConfig
from audit.verify.semantic import BiEncoderScorer, content_hash

TEXTS = [
    "The Eiffel Tower was completed in 1889 for the World's Fair in Paris.",
    "Revenue rose 5% in the third quarter, driven by cloud services.",
    "Marie Curie won the Nobel Prize in Physics in 1903 and in Chemistry in 1911.",
    "The river floods every spring when the snow in the mountains melts.",
    "Short.",
]


def test_int8_vectors_do_not_depend_on_the_texts_embedded_with_them(scorer) -> None:
    # dynamic int8 quantization scales activations per call: batched, a text's vector would move with its
    # neighbours (measured: up to 0.065 of cosine), and shard layouts would change verdicts
    assert scorer.name.endswith("+onnx-int8")
    fresh = BiEncoderScorer("all-MiniLM-L6-v2", quantize="int8")
    together = fresh.encode(TEXTS)
    alone = np.stack([BiEncoderScorer("all-MiniLM-L6-v2", quantize="int8").encode([t])[0] for t in reversed(TEXTS)])
    assert np.array_equal(together, alone[::-1])


def test_int8_vectors_do_not_depend_on_threads_or_replica() -> None:
    # shards audited at once each use a replica with one thread per call; a single shard uses every core
    one = BiEncoderScorer("all-MiniLM-L6-v2", quantize="int8", replica=7, threads=1).encode(TEXTS)
    two = BiEncoderScorer("all-MiniLM-L6-v2", quantize="int8", replica=8, threads=2).encode(TEXTS)
    assert np.array_equal(one, two)


def test_int8_vectors_stay_close_to_the_float_model() -> None:
    q = BiEncoderScorer("all-MiniLM-L6-v2", quantize="int8").encode(TEXTS)
    f = BiEncoderScorer("all-MiniLM-L6-v2", quantize="none", batch_size=8).encode(TEXTS)
    agreement = (q * f).sum(axis=1)
    assert agreement.min() > 0.98, agreement
    # what the verifier uses: claim/window cosines keep their order
    assert np.argsort(q[1:] @ q[0]).tolist() == np.argsort(f[1:] @ f[0]).tolist()


def test_the_two_settings_cache_apart() -> None:
    assert AuditConfig().verify.quantize == "int8"
    assert BiEncoderScorer("all-MiniLM-L6-v2", quantize="none").name == "all-MiniLM-L6-v2"
    # an older database's torch-int8 vectors ("+int8") are not read as the ONNX model's
    assert BiEncoderScorer("all-MiniLM-L6-v2", quantize="int8").name == "all-MiniLM-L6-v2+onnx-int8"


def test_int8_embeds_hostile_texts_to_unit_vectors() -> None:
    # empty and blank windows, control characters, emoji runs, a text far past 256 tokens, right-to-left script
    texts = ["", "   ", "\x00\x01 null", "🙂" * 500, "word " * 50_000, "مرحبا بالعالم"]
    v = BiEncoderScorer("all-MiniLM-L6-v2", quantize="int8").encode(texts)
    assert v.shape == (len(texts), 384)
    assert np.isfinite(v).all()
    assert np.allclose(np.linalg.norm(v, axis=1), 1.0, atol=1e-3)


def test_a_cached_vector_evicted_during_the_call_keeps_its_value() -> None:
    # a text found in the cache at lookup can be evicted by the same call's new vectors (or another shard thread's)
    # before the call returns: the vector read at lookup is the one returned (the previous code read the cache
    # again at the end, found nothing there and failed the shard)
    from audit.verify.embcache import BoundedEmbeddingCache

    reference = BiEncoderScorer("all-MiniLM-L6-v2", quantize="int8").encode(TEXTS)
    cache = BoundedEmbeddingCache("m", 5)  # 4 rows for sources
    scorer = BiEncoderScorer("all-MiniLM-L6-v2", quantize="int8", cache=cache)
    scorer.encode(TEXTS[:1])
    more = [f"{t} ({i})" for i, t in enumerate(TEXTS * 2)]
    got = scorer.encode([TEXTS[0], *more])  # TEXTS[0] is a hit, then pushed out by ten new windows
    assert cache.get(content_hash(TEXTS[0])) is None
    assert np.array_equal(got[0], reference[0])
    assert scorer.encoded == 1 + len(more)  # a hit is never embedded again
    claims_first = scorer.window_scores([TEXTS[1]], [[TEXTS[1], TEXTS[2]]])[0]
    assert claims_first[0] > 0.999  # the claim and the identical window meet, cached in different segments


def test_a_model_replaced_at_the_same_path_caches_apart(tmp_path) -> None:
    # cached vectors were keyed by the folder's path alone: another model copied there read the old one's vectors
    from audit.verify.semantic import model_key

    folder = tmp_path / "my-model"
    folder.mkdir()
    (folder / "model.safetensors").write_bytes(b"weights of model one")
    first = model_key(str(folder))
    assert first.startswith(str(folder.resolve()) + "@") and model_key(str(folder)) == first
    (folder / "model.safetensors").write_bytes(b"weights of model two, same folder")
    assert model_key(str(folder)) != first
    assert model_key(str(folder), "int8").endswith("+onnx-int8")
