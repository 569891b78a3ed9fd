"""The evaluation report as plain text (what `citeaudit eval` prints)."""

from __future__ import annotations

from collections.abc import Sequence

from audit.evaluate.scoring import EvalReport
from audit.metrics import AurocResult


def _f(x: float | None, digits: int = 3) -> str:
    return "-" if x is None else f"{x:.{digits}f}"


def _auroc_cell(a: AurocResult) -> str:
    miss = f", {a.n_missing} no score" if a.n_missing else ""
    return f"{_f(a.value)}  (pos {a.n_pos}, neg {a.n_neg}{miss})"


def _table(rows: list[list[str]], header: list[str], left: Sequence[int] = (0,)) -> list[str]:
    """Columns padded to width; those in `left` aligned left, the rest (numbers) right."""
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    fmt = "  ".join(f"{{:<{w}}}" if i in left else f"{{:>{w}}}" for i, w in enumerate(widths))
    lines = [fmt.format(*header), "  ".join("-" * w for w in widths)]
    lines += [fmt.format(*r) for r in rows]
    return ["  " + line.rstrip() for line in lines]


def format_report(r: EvalReport) -> str:
    """The report as a plain-text table."""
    timing = f"audit {r.audit_seconds:.1f} s, " if r.audit_seconds is not None else ""
    total = f"total {r.seconds:.1f} s" if r.seconds is not None else ""
    lines = [
        f"citeaudit eval  answers={r.answers}  labels={r.labels}",
        f"run {r.run_id or '-'}  config {r.config_hash}  ({timing}{total})",
        f"labels {r.n_labels}, audited {r.n_matched}, not audited {r.n_unmatched}, "
        f"no citation {r.n_no_citation}, several citations (max-aggregated) {r.n_multi_citation}",
        "",
        "per gold class (recall: supported<-verified, not_supported<-not verified, "
        "misattributed<-misattributed with suggested_rank==true_rank)",
    ]
    rows = []
    for g, cs in r.classes.items():
        mix = ", ".join(f"{v} {n}" for v, n in cs.verdicts.items())
        hits = "-" if cs.hits is None else str(cs.hits)
        rows.append([g, str(cs.n), hits, _f(cs.recall), _f(cs.mean_support), mix])
    lines += _table(rows, ["gold", "n", "hits", "recall", "mean support", "verdicts"], left=(0, 5))
    lines += [
        "",
        "supported vs not_supported",
        f"  AUROC support              {_auroc_cell(r.auroc_support)}",
        f"  AUROC baseline (seed)      {_auroc_cell(r.auroc_baseline)}",
        f"  balanced accuracy          {_f(r.balanced_accuracy)}",
    ]
    m = r.misattribution
    if m.n:
        lines += [
            f"  misattributed recall       {_f(m.recall_right_source)}  (right source {m.right_source}/{m.n}; "
            f"flagged at all {m.flagged}/{m.n})",
        ]
    e = r.evidence
    lines.append(
        f"  evidence span hit rate     {_f(e.rate)}  ({e.hits}/{e.n_eligible}; no evidence {e.n_no_evidence}; "
        f"resolved to another context {e.n_other_context})"
    )
    if r.by_source:
        lines += ["", "by src_dataset (supported vs not_supported)"]
        srows = [
            [
                src,
                str(s.n),
                str(s.n_supported),
                str(s.n_not_supported),
                _f(s.auroc_support.value),
                _f(s.auroc_baseline.value),
                _f(s.balanced_accuracy),
            ]
            for src, s in r.by_source.items()
        ]
        lines += _table(srows, ["src_dataset", "n", "sup", "not", "AUROC support", "AUROC baseline", "bal. acc."])
    return "\n".join(lines)
