"""Log formats of other RAG systems (round 2 of the log-format sweep), each through the real `citeaudit run` on real
Parquet and DuckDB files: read as the citations they are, resolved to the source they name, and each hostile variant
(offsets out of range, negative, start after end, past the text, unknown documents, wrong types) one fabricated
citation naming its field: nothing lost, no traceback."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.cli.hostile import CTX, audited
from tests.conftest import make_answer
from tests.conftest import query as q

REFUNDS, SHIPPING = "Refunds take 30 days.", "Shipping is free over 50 euros."
TEXT = f"{REFUNDS} {SHIPPING}"
URL_CTX = [c | {"url": f"https://x.org/{c['doc_id']}"} for c in CTX]


def _run(tmp_path: Path, answers: dict[str, Any], ctx: list[dict[str, Any]] = URL_CTX) -> Path:
    rows = [make_answer(k, v if isinstance(v, str) else json.dumps(v), ctx) for k, v in answers.items()]
    return audited(tmp_path, rows)


def _cites(db: Path) -> dict[str, list[tuple[Any, ...]]]:
    """Each answer's citations: (cited_ref, context_rank, verdict, claim), in order."""
    got = q(
        db,
        "SELECT answer_id, list((cited_ref, context_rank, verdict, claim) ORDER BY citation_ord) FROM citation_audit "
        "GROUP BY 1",
    )
    return {a: [tuple(c) for c in cs] for a, cs in got}


def _reasons(db: Path) -> dict[str, list[str]]:
    """Each answer's fabricated citations' reasons, in order."""
    got = q(db, "SELECT answer_id, flatten(list(reasons ORDER BY citation_ord)) FROM citation_audit "
               "WHERE verdict = 'fabricated' GROUP BY 1")  # fmt: skip
    return dict(got)


def _levels(db: Path) -> dict[str, tuple[str, list[str]]]:
    return {a: (lv, fl) for a, lv, fl in q(db, "SELECT answer_id, level, flags FROM answer_audit")}


def _cohere(doc: str = "d1", **kw: Any) -> dict[str, Any]:
    return {"start": 0, "end": len(REFUNDS), "text": REFUNDS, "document_ids": [doc]} | kw


def test_a_confidence_written_as_text_is_read_or_named(tmp_path: Path) -> None:
    # "0.9" and "90%" were `confidence_not_a_number` (NULL); "high" still is, named in a reason
    claims = ["Refunds take 30 days.", "Refunds take thirty days.", "Refunds are paid within 30 days."]
    answers = {
        "text_conf": {
            "answer": " ".join(claims),
            "citations": [{"document_id": "d1", "claim_text": c, "confidence_score": v}
                          for c, v in zip(claims, ["0.9", "90%", "high"], strict=True)],
        }
    }  # fmt: skip
    db = _run(tmp_path, answers)
    got = q(db, "SELECT claimed_confidence, list_filter(reasons, lambda r: r LIKE 'confidence%') FROM citation_audit "
                "ORDER BY citation_ord")  # fmt: skip
    assert got == [(0.9, []), (0.9, []), (None, ['confidence_not_a_number:"high"'])]


def test_chinese_and_japanese_labels_are_markers(tmp_path: Path) -> None:
    ctx = [
        {"doc_id": "z1", "chunk_id": "0", "title": "退款政策.pdf", "text": "退款需要30天。"},
        {"doc_id": "z2", "chunk_id": "0", "title": "运费.pdf", "text": "订单超过50欧元免运费。"},
    ]
    answers = {
        "paren": "退款需要30天（来源 1）。订单超过50欧元免运费（出典2）。",
        "bracket": "退款需要30天[来源1]。订单超过50欧元免运费【来源：2】。",
        "wrong": "退款需要90天（来源 1）。",
        "ghost": "退款需要30天（来源 7）。",
    }
    db = _run(tmp_path, answers, ctx)
    cites, levels = _cites(db), _levels(db)
    assert [(r, v) for _, r, v, _ in cites["paren"]] == [(1, "verified"), (2, "verified")]
    assert [(r, v) for _, r, v, _ in cites["bracket"]] == [(1, "verified"), (2, "verified")]
    assert cites["wrong"][0][1] == 1 and cites["wrong"][0][2] != "verified" and levels["wrong"][0] == "RED"
    assert _reasons(db)["ghost"] == ["index_out_of_range"]
