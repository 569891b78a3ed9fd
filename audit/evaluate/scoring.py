"""Scoring an audit against labels (pure): per-claim aggregation of citation rows, and every metric of the report.

Labels are JSON lines `{"answer_id": ..., "gold": ..., ...}` (see `shared/data/real/README.md`); every labelled
answer carries one labelled claim. How the audit's citation rows meet that one label:

- **Which citations.** When the label names a marker (`marker` / `cited_rank`, as in WiCE) the labelled claim is
  the last cited sentence, so only the citations on that sentence count; otherwise (AttributionBench) the whole
  answer is the claim and every citation of the answer counts.
- **Several citations, one claim.** `support` = the maximum support over those citations (a claim is supported
  when any cited source supports it, alone or jointly: a citation `verified` with `joint_support:[...]` carries
  the claim's clause-by-clause support, audit/verify/joint.py); the verdict, suggested source and evidence span are
  those of the citation with that maximum (first by `citation_ord` on ties). The baseline score aggregates the
  same way.
- **Verdict vs gold.** A verdict `verified` is a positive ("the cited source supports the claim"); every other
  verdict (weak, unsupported, misattributed, fabricated, or no citation at all) is a negative.
  `supported` is recalled by `verified`; `not_supported` by anything but `verified`; `misattributed` by
  `misattributed` whose `suggested_rank` equals the label's `true_rank`. `partially_supported` has no right
  answer and is reported on its own (its verdict mix and mean support).
- **AUROC** of `support`, and of the seed-style baseline `min(fuzz.partial_ratio(claim, source)/100, keyword
  overlap)`, for `supported` (positive) vs `not_supported`; claims without a score are left out and counted.
- **Balanced accuracy**: mean of the recalls of `supported` and `not_supported` under the mapping above.
- **Evidence hits**: among `supported` claims with gold `support_char_spans` whose resolved context is the true
  one, the share whose [evidence_start, evidence_end) overlaps a gold span (no evidence counts as a miss).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from rapidfuzz import fuzz

from audit.evaluate.labels import GOLD_CLASSES, GOLD_MISATTRIBUTED, Label
from audit.metrics import AurocResult, auroc, balanced_accuracy
from audit.verdict import SEVERITY, Verdict
from audit.verify.text import content_words, keyword_overlap

NO_CITATION = "no_citation"  # a labelled claim the audit found no citation for
VERDICTS = (*(v.value for v in reversed(SEVERITY)), NO_CITATION)
POSITIVE_VERDICT = Verdict.VERIFIED.value


@dataclass(frozen=True)
class CitationRow:
    """One audited citation of a labelled answer, with the cited context's text."""

    answer_id: str
    citation_ord: int
    claim: str | None
    claim_start: int | None
    context_rank: int | None
    support: float | None
    verdict: str
    evidence_start: int | None
    evidence_end: int | None
    suggested_rank: int | None
    source: str | None


@dataclass(frozen=True)
class ClaimResult:
    """The audit's answer for one labelled claim, its citations aggregated."""

    label: Label
    n_citations: int
    support: float | None
    baseline: float | None
    verdict: str
    context_rank: int | None
    suggested_rank: int | None
    evidence: tuple[int, int] | None


@dataclass(frozen=True)
class ClassStats:
    n: int
    hits: int | None  # None for a class with no right answer (partially_supported)
    recall: float | None
    mean_support: float | None
    verdicts: dict[str, int]


@dataclass(frozen=True)
class MisattributionStats:
    n: int
    flagged: int  # verdict misattributed, whatever source it suggests
    right_source: int  # verdict misattributed and suggested_rank == true_rank
    recall_right_source: float | None
    recall_flagged: float | None


@dataclass(frozen=True)
class EvidenceStats:
    n_eligible: int  # supported, with gold spans, resolved context == true context
    hits: int
    rate: float | None
    n_no_evidence: int  # eligible but no evidence span (counted as misses)
    n_other_context: int  # supported with gold spans but resolved to another context (left out)


@dataclass(frozen=True)
class SourceStats:
    n: int
    n_supported: int
    n_not_supported: int
    auroc_support: AurocResult
    auroc_baseline: AurocResult
    balanced_accuracy: float | None


@dataclass
class EvalReport:
    answers: str
    labels: str
    db: str | None
    run_id: str | None
    config_hash: str
    n_labels: int
    n_matched: int  # labelled answers present in the audit output
    n_unmatched: int  # labelled answers not audited (absent from the input or quarantined)
    n_no_citation: int  # audited labelled answers with no citation row for the labelled claim
    n_multi_citation: int  # labelled claims with more than one citation (aggregated)
    classes: dict[str, ClassStats]
    auroc_support: AurocResult
    auroc_baseline: AurocResult
    balanced_accuracy: float | None
    misattribution: MisattributionStats
    evidence: EvidenceStats
    by_source: dict[str, SourceStats] = field(default_factory=dict)
    audit_seconds: float | None = None
    seconds: float | None = None

    def as_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)


def baseline_score(claim: str | None, source: str | None) -> float | None:
    """The seed scorer: min(partial_ratio(claim, source)/100, share of the claim's content words in the source).

    None when there is no claim, no source, or the claim has no content words."""
    if not claim or source is None:
        return None
    overlap = keyword_overlap(content_words(claim), content_words(source))
    if overlap is None:
        return None
    return min(fuzz.partial_ratio(claim, source) / 100.0, overlap)


class _HasClaimStart(Protocol):
    @property
    def claim_start(self) -> int | None: ...


RowT = TypeVar("RowT", bound=_HasClaimStart)


def claim_rows(label: Label, rows: Sequence[RowT]) -> list[RowT]:
    """The citation rows of the labelled claim (see the module docstring)."""
    if not label.last_sentence_only or not rows:
        return list(rows)
    starts = [r.claim_start for r in rows if r.claim_start is not None]
    if not starts:
        return list(rows)
    last = max(starts)
    return [r for r in rows if r.claim_start == last]


def aggregate_claim(label: Label, rows: Sequence[CitationRow]) -> ClaimResult:
    """Max support over the claim's citations; verdict, evidence and suggestion of the best one."""
    picked = sorted(claim_rows(label, rows), key=lambda r: r.citation_ord)
    if not picked:
        return ClaimResult(label, 0, None, None, NO_CITATION, None, None, None)
    scored = [r for r in picked if r.support is not None]
    best = max(scored, key=lambda r: r.support or 0.0) if scored else picked[0]  # max keeps the first on ties
    baselines = [b for b in (baseline_score(r.claim, r.source) for r in picked) if b is not None]
    evidence = (
        (best.evidence_start, best.evidence_end)
        if best.evidence_start is not None and best.evidence_end is not None
        else None
    )
    return ClaimResult(
        label=label,
        n_citations=len(picked),
        support=best.support,
        baseline=max(baselines) if baselines else None,
        verdict=best.verdict,
        context_rank=best.context_rank,
        suggested_rank=best.suggested_rank,
        evidence=evidence,
    )


def _overlaps(span: tuple[int, int], gold: Sequence[tuple[int, int]]) -> bool:
    s, e = span
    return any(s < ge and gs < e for gs, ge in gold)


def _is_hit(c: ClaimResult) -> bool | None:
    g = c.label.gold
    if g == "supported":
        return c.verdict == POSITIVE_VERDICT
    if g == "not_supported":
        return c.verdict != POSITIVE_VERDICT
    if g == GOLD_MISATTRIBUTED:
        return (
            c.verdict == Verdict.MISATTRIBUTED
            and c.suggested_rank is not None
            and c.suggested_rank == c.label.true_rank
        )
    return None


def _mean(xs: Sequence[float | None]) -> float | None:
    vals = [x for x in xs if x is not None]
    return sum(vals) / len(vals) if vals else None


def _binary(claims: Sequence[ClaimResult]) -> tuple[AurocResult, AurocResult, float | None, int, int]:
    binary = [c for c in claims if c.label.gold in ("supported", "not_supported")]
    y = [c.label.gold == "supported" for c in binary]
    a_sup = auroc([c.support for c in binary], y)
    a_base = auroc([c.baseline for c in binary], y)
    pred = ["supported" if c.verdict == POSITIVE_VERDICT else "not_supported" for c in binary]
    bacc = balanced_accuracy(pred, [c.label.gold for c in binary], ("supported", "not_supported"))
    return a_sup, a_base, bacc, sum(y), len(y) - sum(y)


def _class_stats(claims: Sequence[ClaimResult]) -> dict[str, ClassStats]:
    out: dict[str, ClassStats] = {}
    for g in GOLD_CLASSES:
        cs = [c for c in claims if c.label.gold == g]
        if not cs:
            continue
        verdicts = {v: n for v in VERDICTS if (n := sum(c.verdict == v for c in cs))}
        if g == "partially_supported":
            hits, recall = None, None
        else:
            hits = sum(bool(_is_hit(c)) for c in cs)
            recall = hits / len(cs)
        out[g] = ClassStats(len(cs), hits, recall, _mean([c.support for c in cs]), verdicts)
    return out


def misattribution_stats(claims: Sequence[ClaimResult]) -> MisattributionStats:
    cs = [c for c in claims if c.label.gold == GOLD_MISATTRIBUTED]
    flagged = sum(c.verdict == Verdict.MISATTRIBUTED for c in cs)
    right = sum(bool(_is_hit(c)) for c in cs)
    n = len(cs)
    return MisattributionStats(n, flagged, right, right / n if n else None, flagged / n if n else None)


def _evidence(claims: Sequence[ClaimResult]) -> EvidenceStats:
    eligible = other = hits = no_ev = 0
    for c in claims:
        lab = c.label
        if lab.gold != "supported" or not lab.support_char_spans:
            continue
        true_rank = lab.true_rank if lab.true_rank is not None else lab.cited_rank
        if c.context_rank is None or c.context_rank != true_rank:
            other += 1
            continue
        eligible += 1
        if c.evidence is None:
            no_ev += 1
        elif _overlaps(c.evidence, lab.support_char_spans):
            hits += 1
    return EvidenceStats(eligible, hits, hits / eligible if eligible else None, no_ev, other)


def score_claims(claims: Sequence[ClaimResult]) -> dict[str, Any]:
    """Every metric of the report from the aggregated claims (pure)."""
    a_sup, a_base, bacc, _, _ = _binary(claims)
    by_source: dict[str, SourceStats] = {}
    for src in sorted({c.label.src_dataset for c in claims if c.label.src_dataset is not None}):
        sub = [c for c in claims if c.label.src_dataset == src]
        s_sup, s_base, s_bacc, n_pos, n_neg = _binary(sub)
        by_source[src] = SourceStats(len(sub), n_pos, n_neg, s_sup, s_base, s_bacc)
    return {
        "classes": _class_stats(claims),
        "auroc_support": a_sup,
        "auroc_baseline": a_base,
        "balanced_accuracy": bacc,
        "misattribution": misattribution_stats(claims),
        "evidence": _evidence(claims),
        "by_source": by_source,
        "n_no_citation": sum(c.n_citations == 0 for c in claims),
        "n_multi_citation": sum(c.n_citations > 1 for c in claims),
    }
