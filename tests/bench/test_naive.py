"""The naive peer audits row by row with the real model: markers found, out-of-range fabricated, copies verified."""

from __future__ import annotations

from typing import Any

import pytest

from audit.bench.naive import audit_row, naive_audit
from tests.conftest import make_answer

CTX = [
    {"doc_id": "refunds", "chunk_id": "c1", "text": "Refunds are issued within 30 days of the return."},
    {"doc_id": "shipping", "chunk_id": "c2", "text": "Orders ship from Oslo every weekday morning."},
]


@pytest.fixture(scope="module")
def model(scorer: Any) -> Any:  # the session's real embedding model
    from audit.verify.semantic import _load_sentence_transformer, resolve_model_path

    return _load_sentence_transformer(resolve_model_path("all-MiniLM-L6-v2"), "cpu")


def test_markers_and_verdicts(model: Any) -> None:
    row = make_answer(
        "a",
        "Refunds are issued within 30 days of the return [1]. Orders ship from Oslo [citation:shipping:c2]. "
        "The moon is made of cheese [7].",
        CTX,
    )
    found = audit_row(row, model)
    assert [f["verdict"] for f in found] == ["verified", "verified", "fabricated"]
    assert found[0]["claim"] == "Refunds are issued within 30 days of the return ."


def test_naive_audit_reads_files_up_to_the_limit(model: Any, write_answers: Any) -> None:
    rows = [make_answer(f"a{i}", "Orders ship from Oslo every weekday morning [2].", CTX) for i in range(5)]
    path = write_answers(rows)
    res = naive_audit([str(path)], 3, model)
    assert (res.answers, res.citations) == (3, 3) and res.seconds > 0 and res.answers_per_s > 0
