"""The naive peer: a citation auditor written row by row, the way a team would write it from the seed scripts.

For each answer: a regex over the text for markers, a sentence split, and for each citation rapidfuzz
`partial_ratio` and keyword overlap of the claim against the cited source plus one sentence-transformers call
(claim and source embedded together). No set work, no cache, no shards. It does less than citeaudit (no uncited
claims, no misattribution search, no evidence windows, numeric and doc-chunk markers only), so the speed ratio
measured against it is a conservative one. It exists only to be timed beside citeaudit in `citeaudit bench`.
"""

from __future__ import annotations

import json
import re
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pyarrow.parquet as pq
from rapidfuzz import fuzz

from audit.verdict import Verdict

_NUMERIC = re.compile(r"\[(\d+(?:\s*[,-]\s*\d+)*)\]")
_DOC_CHUNK = re.compile(r"\[citation:([^:\]]+):([^\]]+)\]")
_ANY_MARKER = re.compile(r"\[[^\]]*\]")
_SENTENCE = re.compile(r"(?<=[.!?])\s+")
_WORD = re.compile(r"[a-z0-9]{3,}")


@dataclass(frozen=True)
class NaiveResult:
    answers: int
    citations: int
    seconds: float

    @property
    def answers_per_s(self) -> float:
        return self.answers / self.seconds if self.seconds > 0 else 0.0


def _keywords(text: str) -> set[str]:
    return set(_WORD.findall(text.lower()))


def _answer_text(raw: str) -> str:
    if raw.lstrip().startswith("{"):
        try:
            doc = json.loads(raw)
            return str(doc.get("answer", raw)) if isinstance(doc, dict) else raw
        except ValueError:
            return raw
    return raw


def _cited_indexes(marker_body: str) -> list[int]:
    out: list[int] = []
    for part in re.split(r"\s*,\s*", marker_body):
        lo, _, hi = part.partition("-")
        out.extend(range(int(lo), int(hi or lo) + 1))
    return out


def _verify(claim: str, source: str, model: Any) -> dict[str, Any]:
    words = _keywords(claim)
    overlap = len(words & _keywords(source)) / len(words) if words else 0.0
    lexical = min(fuzz.partial_ratio(claim, source) / 100.0, overlap)
    emb = model.encode([claim, source], normalize_embeddings=True, show_progress_bar=False)  # one call per citation
    cosine = float(np.dot(emb[0], emb[1]))
    score = 0.5 * lexical + 0.5 * cosine
    verdict = Verdict.VERIFIED if score >= 0.6 else Verdict.UNSUPPORTED
    return {"lexical": lexical, "cosine": cosine, "verdict": verdict.value}


def audit_row(row: dict[str, Any], model: Any) -> list[dict[str, Any]]:
    """Every citation of one logged answer, verified against its cited source."""
    contexts = row.get("contexts") or []
    out: list[dict[str, Any]] = []
    for sentence in _SENTENCE.split(_answer_text(row.get("answer") or "")):
        claim = _ANY_MARKER.sub("", sentence).strip()
        sources: list[str | None] = []
        for m in _NUMERIC.finditer(sentence):
            for k in _cited_indexes(m.group(1)):
                sources.append(contexts[k - 1]["text"] if 1 <= k <= len(contexts) else None)
        for m in _DOC_CHUNK.finditer(sentence):
            hit = [c for c in contexts if c["doc_id"] == m.group(1) and c["chunk_id"] == m.group(2)]
            sources.append(hit[0]["text"] if hit else None)
        for source in sources:
            if source is None:
                out.append({"answer_id": row["answer_id"], "claim": claim, "verdict": Verdict.FABRICATED.value})
            else:
                out.append({"answer_id": row["answer_id"], "claim": claim, **_verify(claim, source, model)})
    return out


def naive_audit(files: list[str], limit: int, model: Any) -> NaiveResult:
    """Audit the first `limit` answers of `files` row by row; the time covers reading, checking and collecting."""
    t0 = time.perf_counter()
    answers = citations = 0
    results: list[dict[str, Any]] = []
    for path in files:
        reader = pq.ParquetFile(Path(path)).iter_batches(batch_size=256, columns=["answer_id", "answer", "contexts"])
        for batch in reader:
            for row in batch.to_pylist():
                if answers >= limit:
                    break
                found = audit_row(row, model)
                results.extend(found)
                answers += 1
                citations += len(found)
            if answers >= limit:
                break
        if answers >= limit:
            break
    return NaiveResult(answers, citations, time.perf_counter() - t0)
