"""Data for a reliability diagram of self-reported confidence (claimed vs verified per bin of tenths; a calibrated
assistant lies on the diagonal) and the most over-confident models, read from the `confidence_calibration` view.
No HTML here: the review report draws it."""

from __future__ import annotations

from dataclasses import dataclass

import duckdb


@dataclass(frozen=True)
class ReliabilityPoint:
    model: str | None
    bin_low: float
    bin_high: float
    n: int  # citations (level citation) or answers (level answer) in the bin
    mean_claimed: float
    share_verified: float | None  # NULL when the bin's answers have no citations


@dataclass(frozen=True)
class Overconfidence:
    model: str | None
    n: int
    mean_claimed: float
    share_verified: float | None
    gap: float | None  # mean_claimed - share_verified; > 0 claims more than the audit finds


def reliability_points(con: duckdb.DuckDBPyConnection, level: str = "citation") -> list[ReliabilityPoint]:
    """One point per model and confidence bin at `level` ('citation' or 'answer')."""
    rows = con.execute(
        "SELECT model, bin_low, bin_high, n, mean_claimed_confidence, share_verified FROM confidence_calibration "
        "WHERE level = ? ORDER BY model, bin_low",
        [level],
    ).fetchall()
    return [ReliabilityPoint(m, float(lo), float(hi), int(n), float(c), v) for m, lo, hi, n, c, v in rows]


def overconfident_models(
    con: duckdb.DuckDBPyConnection, level: str = "answer", min_n: int = 5, limit: int = 5
) -> list[Overconfidence]:
    """Models ranked by how far their claimed confidence exceeds the verified share (pooled over bins)."""
    rows = con.execute(
        """
        SELECT model, sum(n) AS n, sum(n * mean_claimed_confidence) / sum(n) AS claimed,
               sum(share_verified * citations) / nullif(sum(citations) FILTER (WHERE share_verified IS NOT NULL), 0)
                   AS verified
        FROM confidence_calibration WHERE level = ?
        GROUP BY model HAVING sum(n) >= ?
        ORDER BY claimed - verified DESC NULLS LAST, model
        LIMIT ?
        """,
        [level, min_n, limit],
    ).fetchall()
    return [Overconfidence(m, int(n), float(c), v, None if v is None else float(c) - float(v)) for m, n, c, v in rows]
