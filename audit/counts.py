"""The numbers a stage, a shard and a run report: one type for all of them."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, fields


@dataclass(frozen=True)
class AnswerCounts:
    """Answers read, audited and quarantined (read = audited + quarantined), and citations audited."""

    answers_read: int
    answers_audited: int
    answers_quarantined: int
    citations: int = 0

    @classmethod
    def total(cls, parts: Iterable[AnswerCounts]) -> AnswerCounts:
        """Field-wise sum (the shards of one run)."""
        rows = list(parts)
        return cls(*(sum(getattr(p, f.name) for p in rows) for f in fields(cls)))

    @classmethod
    def from_dict(cls, doc: dict[str, int]) -> AnswerCounts:
        return cls(*(int(doc.get(f.name, 0)) for f in fields(cls)))
