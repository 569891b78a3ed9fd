"""Log formats of other RAG systems, round 4, each through the real `citeaudit run` on real Parquet and DuckDB files:
a citation the format gives is read, checked against the source it names, or `fabricated` with its reason, never
lost."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.cli.hostile import CTX, audited
from tests.cli.hostile import cites_by_answer as _cites
from tests.cli.hostile import fabricated_reasons as _reasons
from tests.conftest import make_answer

REFUNDS, SHIPPING = "Refunds take 30 days.", "Shipping is free over 50 euros."
TEXT = f"{REFUNDS} {SHIPPING}"
URL_CTX = [c | {"url": f"https://x.org/{c['doc_id']}"} for c in CTX]


def _run(tmp_path: Path, answers: dict[str, Any], ctx: list[dict[str, Any]] = URL_CTX) -> Path:
    rows = [make_answer(k, v if isinstance(v, str) else json.dumps(v), ctx) for k, v in answers.items()]
    return audited(tmp_path, rows)


def test_a_gemini_response_dumped_by_the_python_sdk_is_read(tmp_path: Path) -> None:
    # google-genai's `response.model_dump(mode="json")` (and `to_dict()` of the older SDK) write the fields in snake
    # case, `grounding_metadata`, `grounding_supports`, `start_index`, `grounding_chunk_indices`: every support was
    # left unread (YELLOW no_citations, a wrong one never checked)
    def dumped(text: str, *supports: tuple[int, int, list[Any]]) -> dict[str, Any]:
        chunks = [{"web": {"uri": "https://x.org/d1", "title": "x.org"}},
                  {"retrieved_context": {"uri": "https://x.org/d2", "title": "Shipping.pdf"}}]  # fmt: skip
        sup = [{"segment": {"start_index": s, "end_index": e, "text": text[s:e]}, "grounding_chunk_indices": i,
                "confidence_scores": [0.9]} for s, e, i in supports]  # fmt: skip
        meta = {"grounding_chunks": chunks, "grounding_supports": sup, "web_search_queries": ["refunds"]}
        cand = {"content": {"parts": [{"text": text}], "role": "model"}, "grounding_metadata": meta,
                "finish_reason": "STOP"}  # fmt: skip
        return {"candidates": [cand], "model_version": "gemini-2.0-flash", "sdk_http_response": None}

    end = len(REFUNDS)
    answers = {
        "right": dumped(TEXT, (0, end, [0]), (end + 1, len(TEXT), [1])),
        "wrong": dumped(TEXT, (0, end, [1])),
        "past": dumped(TEXT, (0, end, [7])),
    }
    db = _run(tmp_path, answers)
    cites = _cites(db)
    assert cites["right"] == [
        ("https://x.org/d1", 1, "verified", REFUNDS),
        ("https://x.org/d2", 2, "verified", SHIPPING),
    ]
    assert cites["wrong"][0][1] == 2 and cites["wrong"][0][2] != "verified"
    assert _reasons(db)["past"] == ["malformed_citation:groundingChunkIndices"]


def test_a_grounding_segment_counts_in_the_part_its_part_index_names(tmp_path: Path) -> None:
    # a segment's offsets count from the start of the part its `partIndex` names (Gemini answers in several parts,
    # code or a thought part between): they were read in the parts joined, a second part's support
    # malformed_citation:segment.startIndex (fabricated, RED) however right
    code = {"executableCode": {"language": "PYTHON", "code": "print(1)"}}

    def doc(parts: list[Any], *supports: dict[str, Any]) -> dict[str, Any]:
        chunks = [{"retrievedContext": {"uri": f"https://x.org/{d}"}} for d in ("d1", "d2")]
        meta = {"groundingChunks": chunks, "groundingSupports": list(supports)}
        return {"candidates": [{"content": {"parts": parts}, "groundingMetadata": meta}]}

    def seg(text: str, idx: int, part: int | None = None, start: int = 0) -> dict[str, Any]:
        at = {"partIndex": part} if part is not None else {}
        s = {"startIndex": start, "endIndex": start + len(text.encode()), "text": text} | at
        return {"segment": s, "groundingChunkIndices": [idx]}

    two = [{"text": REFUNDS}, code, {"text": " Rückgabe: " + SHIPPING}]
    answers = {
        "parts": doc(two, seg(REFUNDS, 0, 0), seg(SHIPPING, 1, 2, len(" Rückgabe: ".encode()))),
        "wrong_part": doc(two, seg(SHIPPING, 1, 7, 1)),
        "joined": doc([{"text": REFUNDS}, {"text": " " + SHIPPING}], seg(SHIPPING, 1, None, len(REFUNDS) + 1)),
    }
    db = _run(tmp_path, answers)
    cites = _cites(db)
    assert cites["parts"] == [
        ("https://x.org/d1", 1, "verified", REFUNDS),
        ("https://x.org/d2", 2, "verified", SHIPPING),
    ]
    assert _reasons(db)["wrong_part"] == ["malformed_citation:segment.partIndex"]
    assert cites["joined"] == [("https://x.org/d2", 2, "verified", SHIPPING)]  # no partIndex: the parts joined
