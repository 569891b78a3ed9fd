"""Claims and row plans of the generator, and how a claim and its citations are written into an answer."""

from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from audit.sample.kb import (
    _SYNONYMS,
)

# --------------------------------------------------------------------------------------------------------------
# answers


@dataclass
class Claim:
    body: str  # the sentence without marker, ending with "."
    marker: str  # "" when uncited; for json_inline the source_index as "source_index:N"; citations[i] for objects
    cited: list[int]  # 1-based cited ranks (may be out of range); [] when uncited
    truth: dict[str, Any] | None = None
    obj: dict[str, Any] | None = None  # the citation object (citation_object dialect)


@dataclass
class RowPlan:
    conversation_id: str
    turn_index: int
    tenant: str
    model: str
    dialect: str
    form: str
    logged_at: datetime
    faults: list[str] = field(default_factory=list)
    quarantine: str | None = None


def _render(claim: Claim, dialect: str, rng: random.Random) -> str:
    if not claim.marker or dialect in ("json_inline", "citation_object"):
        return claim.body
    stem = claim.body[:-1]
    if rng.random() < 0.15:
        return f"{stem}.{claim.marker}"
    return f"{stem} {claim.marker}."


def _object_answer(text: str, objs: list[dict[str, Any]], extra: dict[str, Any], form: str) -> str:
    """A citation-object answer as logged: answer JSON, or a stream whose final event carries it."""
    if form == "answer_json":
        return json.dumps({"answer": text, "citations": objs} | extra, ensure_ascii=False)
    sources = sorted({o["document_id"] for o in objs if "document_id" in o})
    words = text.split(" ")
    events: list[dict[str, Any]] = [{"type": "start"}]
    events += [{"type": "token", "data": " ".join(words[i : i + 8])} for i in range(0, min(len(words), 24), 8)]
    events.append({"type": "final", "data": text, "sources": sources, "citations": objs} | extra)
    if form == "event_list":
        return json.dumps(events, ensure_ascii=False)
    return "\n".join(json.dumps(e, ensure_ascii=False) for e in events)


def misquote(text: str, rng: random.Random) -> str:
    """A "direct quote" that is not verbatim: one wording swapped, else one word left out; numbers are kept."""
    padded = f" {text} "
    swaps = [(a, b) for a, b in _SYNONYMS if a in padded]
    if swaps:
        a, b = rng.choice(swaps)
        return padded.replace(a, b, 1).strip()
    words = list(re.finditer(r"(?<= )[a-z]{4,}(?= )", text))
    m = rng.choice(words)
    return text[: m.start()] + text[m.end() + 1 :]


def _source_span(ctx_text: str, sentence: str) -> list[int]:
    start = ctx_text.index(sentence)
    return [start, start + len(sentence)]
