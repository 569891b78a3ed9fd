"""Other systems' log formats (audit.extract.shapes): whatever a log holds where a format's fields go, `shape` gives
structured output or leaves the answer as logged, and never raises (it runs on a whole batch before any guard)."""

from __future__ import annotations

import json
import random
from typing import Any

from audit.extract.shapes import shape

KEYS = (
    "text citations start end document_ids sources message content choices annotations type output candidates "
    "groundingMetadata groundingSupports groundingChunks segment startIndex endIndex groundingChunkIndices sentences "
    "answer response id url start_index end_index file_citation url_citation index parts web retrievedContext uri "
    "title filename file_id"
).split()
LEAVES = (None, True, 0, -1, 5, 2.5, 1e20, "", "x", "0", '<cite id="1">a</cite>', '(cite index="1-2,x">b</cite>',
          "https://a", "file_citation", "url_citation", "output_text", "message", "text")  # fmt: skip


def _value(rng: random.Random, depth: int) -> Any:
    r = rng.random()
    if depth > 4 or r < 0.3:
        return rng.choice(LEAVES)
    if r < 0.6:
        return [_value(rng, depth + 1) for _ in range(rng.randint(0, 3))]
    return {rng.choice(KEYS): _value(rng, depth + 1) for _ in range(rng.randint(0, 4))}


def test_shape_never_raises_on_random_documents() -> None:
    rng = random.Random(7)
    for _ in range(20_000):
        doc = {rng.choice(KEYS): _value(rng, 0) for _ in range(rng.randint(1, 4))}
        out = shape(json.dumps(doc))
        assert out is None or isinstance(json.dumps(out), str)


def test_a_type_that_is_no_text_is_a_malformed_annotation() -> None:
    # an annotation whose `type` is a list raised TypeError (unhashable), failing the batch
    doc = {"choices": [{"message": {"content": "Refunds take 30 days.", "annotations": [{"type": ["x"]}]}}]}
    got = shape(json.dumps(doc))
    assert got is not None and got["citations"][0]["citeaudit_malformed"] == "start_index"
