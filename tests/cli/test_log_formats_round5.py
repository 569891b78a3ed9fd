"""Log formats of other RAG systems, round 5, each through the real `citeaudit run` on real Parquet and DuckDB files:
a citation the format gives is read, checked against the source it names, or `fabricated` with its reason, never
lost."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.cli.hostile import CTX, batched, cites_by_answer, logged_rows
from tests.conftest import query as q

REFUNDS, SHIPPING = (c["text"] for c in CTX)  # "Refunds take 30 days.", "Shipping is free over 50 euros."


def _mistral(*chunks: dict[str, Any]) -> dict[str, Any]:
    """A Mistral chat completion whose message content is chunks: text and the references citing it."""
    msg = {"role": "assistant", "content": list(chunks), "tool_calls": None}
    return {"id": "c1", "object": "chat.completion", "model": "mistral-large-latest",
            "choices": [{"index": 0, "message": msg, "finish_reason": "stop"}]}  # fmt: skip


def _text(t: str) -> dict[str, Any]:
    return {"type": "text", "text": t}


def _ref(*ids: Any) -> dict[str, Any]:
    return {"type": "reference", "reference_ids": list(ids)}


MISTRAL = {
    "ok": _mistral(_text(REFUNDS), _ref(0), _text(f" {SHIPPING}"), _ref(1)),
    "both": _mistral(_text("Refunds take 30 days and shipping is free over 50 euros."), _ref(0, 1)),
    "wrong": _mistral(_text(REFUNDS), _ref(1)),
    "past": _mistral(_text(REFUNDS), _ref(7)),
    "bad": _mistral(_text(REFUNDS), {"type": "reference", "reference_ids": "zero"}),
}


@batched(logged_rows(MISTRAL))
def test_a_mistral_chat_completion_with_reference_chunks_is_read(answers_db: Path) -> None:
    # Mistral's chat API answers with documents or a search tool as content chunks, `{"type": "text"}` then
    # `{"type": "reference", "reference_ids": [0]}` (the 0-based ids of the sources it cites): the whole completion
    # was structured_parse_failed (RED, the raw JSON audited as the claim) however right. The text chunks joined are
    # the answer; each reference cites the sentence before it, its ids the 0-based positions of the sources
    got = {a: [(rank, v, c) for _, rank, v, c in cs] for a, cs in cites_by_answer(answers_db).items()}
    assert got["ok"] == [(1, "verified", REFUNDS), (2, "verified", SHIPPING)], got
    assert [(rank, v) for rank, v, _ in got["both"]] == [(1, "verified"), (2, "verified")], got
    assert got["wrong"] == [(2, "misattributed", REFUNDS)], got
    assert [v for _, v, _ in got["past"]] == ["fabricated"], got
    assert [v for _, v, _ in got["bad"]] == ["fabricated"], got
    flags = dict(q(answers_db, "SELECT answer_id, flags FROM answer_audit"))
    assert not any("structured_parse_failed" in f for f in flags.values()), flags
    answers = dict(q(answers_db, "SELECT answer_id, answer_text FROM answer_audit"))
    assert answers["ok"] == f"{REFUNDS} {SHIPPING}", answers
