"""`citeaudit eval`: audit a labelled development set for real and score the verdicts against human labels.

Labels are JSON lines `{"answer_id": ..., "gold": ..., ...}` (see `shared/data/real/README.md`); every labelled
answer carries one labelled claim. How the audit's citation rows meet that one label:

- **Which citations.** When the label names a marker (`marker` / `cited_rank`, as in WiCE) the labelled claim is
  the last cited sentence, so only the citations on that sentence count; otherwise (AttributionBench) the whole
  answer is the claim and every citation of the answer counts.
- **Several citations, one claim.** `support` = the maximum support over those citations (a claim is supported
  when any cited source supports it); the verdict, suggested source and evidence span are those of the
  citation with that maximum (first by `citation_ord` on ties). The baseline score aggregates the same way.
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
import json
import logging
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, TypeVar

import duckdb
import pyarrow as pa
from rapidfuzz import fuzz

from audit.config import AuditConfig
from audit.errors import InputError
from audit.ingest import discover_inputs
from audit.metrics import AurocResult, auroc, balanced_accuracy
from audit.sql import connect, quote
from audit.verdict import SEVERITY, Verdict
from audit.verify.text import content_words, keyword_overlap
from audit.window import Window

log = logging.getLogger(__name__)

GOLD_CLASSES = ("supported", "not_supported", "partially_supported", "misattributed")
NO_CITATION = "no_citation"  # a labelled claim the audit found no citation for
VERDICTS = (*(v.value for v in reversed(SEVERITY)), NO_CITATION)
POSITIVE_VERDICT = Verdict.VERIFIED.value


class LabelError(InputError):
    """A labels file that cannot be read or has a malformed line."""


@dataclass(frozen=True)
class Label:
    answer_id: str
    gold: str
    marker: str | None = None
    cited_rank: int | None = None
    true_rank: int | None = None
    support_char_spans: tuple[tuple[int, int], ...] = ()
    src_dataset: str | None = None

    @property
    def last_sentence_only(self) -> bool:
        return self.marker is not None or self.cited_rank is not None


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


# ---------------------------------------------------------------- labels


def _opt_int(obj: dict[str, Any], key: str, where: str) -> int | None:
    v = obj.get(key)
    if v is None:
        return None
    if isinstance(v, bool) or not isinstance(v, int):
        raise LabelError(f"{where}: {key} must be an integer, got {v!r}")
    return v


def _spans(obj: dict[str, Any], where: str) -> tuple[tuple[int, int], ...]:
    raw = obj.get("support_char_spans") or []
    out: list[tuple[int, int]] = []
    if not isinstance(raw, list):
        raise LabelError(f"{where}: support_char_spans must be a list of [start, end] pairs")
    for sp in raw:
        if not (
            isinstance(sp, list) and len(sp) == 2 and all(isinstance(x, int) and not isinstance(x, bool) for x in sp)
        ):
            raise LabelError(f"{where}: support_char_spans must be a list of [start, end] pairs, got {sp!r}")
        out.append((sp[0], sp[1]))
    return tuple(out)


def parse_label(line: str, where: str) -> Label:
    """One label line; `where` (file:line) names it in any error."""
    try:
        obj = json.loads(line)
    except json.JSONDecodeError as exc:
        raise LabelError(f"{where}: not valid JSON ({exc.msg})") from None
    if not isinstance(obj, dict):
        raise LabelError(f"{where}: a label must be a JSON object")
    for key in ("answer_id", "gold"):
        if not isinstance(obj.get(key), str) or not obj[key]:
            raise LabelError(f"{where}: missing or empty {key!r}")
    if obj["gold"] not in GOLD_CLASSES:
        raise LabelError(f"{where}: gold {obj['gold']!r} is not one of {', '.join(GOLD_CLASSES)}")
    marker = obj.get("marker")
    src = obj.get("src_dataset")
    return Label(
        answer_id=obj["answer_id"],
        gold=obj["gold"],
        marker=str(marker) if marker is not None else None,
        cited_rank=_opt_int(obj, "cited_rank", where),
        true_rank=_opt_int(obj, "true_rank", where),
        support_char_spans=_spans(obj, where),
        src_dataset=str(src) if src is not None else None,
    )


def read_labels(path: str | Path) -> list[Label]:
    """Every label of a JSONL file; blank lines are skipped, a repeated answer_id is an error."""
    p = Path(path)
    if not p.is_file():
        raise LabelError(f"labels file not found: {p}")
    try:
        text = p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise LabelError(f"{p}: cannot read labels ({exc})") from None
    labels: list[Label] = []
    seen: dict[str, int] = {}
    for n, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        where = f"{p}:{n}"
        lab = parse_label(line, where)
        if lab.answer_id in seen:
            raise LabelError(f"{where}: answer_id {lab.answer_id!r} already labelled on line {seen[lab.answer_id]}")
        seen[lab.answer_id] = n
        labels.append(lab)
    if not labels:
        raise LabelError(f"{p}: no labels")
    return labels


# ---------------------------------------------------------------- scoring (pure)


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
    if g == "misattributed":
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


def _misattribution(claims: Sequence[ClaimResult]) -> MisattributionStats:
    cs = [c for c in claims if c.label.gold == "misattributed"]
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
        "misattribution": _misattribution(claims),
        "evidence": _evidence(claims),
        "by_source": by_source,
        "n_no_citation": sum(c.n_citations == 0 for c in claims),
        "n_multi_citation": sum(c.n_citations > 1 for c in claims),
    }


# ---------------------------------------------------------------- audit output


_CITATIONS_SQL = """
SELECT c.answer_id, c.citation_ord, c.claim, c.claim_start, c.context_rank, c.support, c.verdict,
       c.evidence_start, c.evidence_end, c.suggested_rank,
       a.ctx[c.context_rank].text AS source
FROM audit.citation_audit c
JOIN eval_labels l USING (answer_id)
LEFT JOIN (SELECT {answer_id} AS answer_id, {contexts} AS ctx
           FROM read_parquet($files, union_by_name = true)) a USING (answer_id)
ORDER BY c.answer_id, c.citation_ord
"""


def read_citations(
    db: str | Path, files: list[str], answer_ids: Sequence[str], cfg: AuditConfig
) -> tuple[set[str], dict[str, list[CitationRow]]]:
    """Audited labelled answer ids and their citation rows, each with its cited context's text."""
    mapping = cfg.run.column_mapping
    sql = _CITATIONS_SQL.format(
        answer_id=quote(mapping.get("answer_id", "answer_id"), identifier=True),
        contexts=quote(mapping.get("contexts", "contexts"), identifier=True),
    )
    with connect() as con:
        try:
            con.execute("ATTACH ? AS audit (READ_ONLY)", [str(db)])
            con.register("eval_labels", pa.table({"answer_id": pa.array(list(answer_ids), pa.string())}))
            audited = {
                r[0]
                for r in con.execute(
                    "SELECT DISTINCT answer_id FROM audit.answer_audit JOIN eval_labels USING (answer_id)"
                ).fetchall()
            }
            rows: dict[str, list[CitationRow]] = {}
            for r in con.execute(sql, {"files": files}).fetchall():
                rows.setdefault(r[0], []).append(CitationRow(*r))
        except duckdb.Error as exc:
            raise InputError(f"cannot read the audit of {files[0]} from {db}: {exc}") from None
    return audited, rows


def _latest_run(db: str | Path) -> tuple[str | None, str | None]:
    with connect(db, read_only=True) as con:
        try:
            rows = con.execute(
                "SELECT run_id, config_hash FROM runs WHERE status = 'completed' ORDER BY finished_at DESC LIMIT 1"
            ).fetchall()
        except duckdb.Error as exc:
            raise InputError(f"{db}: not an audit database ({exc})") from None
    return (rows[0][0], rows[0][1]) if rows else (None, None)


def evaluate(
    answers_path: str,
    labels_path: str | Path,
    cfg: AuditConfig,
    db: str | Path | None = None,
    reuse_db: bool = False,
    progress: Callable[[int], None] | None = None,
    on_plan: Callable[[int], None] | None = None,
) -> EvalReport:
    """Audit `answers_path` (into `db`, or a temporary DuckDB file) and score it against the labels.

    With `reuse_db` the existing audit in `db` is scored as it is, without re-running the audit.
    """
    from audit.runner import run_audit

    t0 = time.perf_counter()
    labels = read_labels(labels_path)
    files = discover_inputs(answers_path)
    tmp: tempfile.TemporaryDirectory[str] | None = None
    audit_seconds: float | None = None
    try:
        if reuse_db:
            if db is None or not Path(db).is_file():
                raise InputError(f"--reuse-db needs an existing audit database, got {db}")
            run_id, config_hash = _latest_run(db)
            config_hash = config_hash or cfg.config_hash()
        else:
            if db is None:
                tmp = tempfile.TemporaryDirectory(prefix="citeaudit-eval-")
                db_path: str | Path = Path(tmp.name) / "eval.duckdb"
            else:
                db_path = db
            summary = run_audit(answers_path, db_path, Window(), cfg, progress=progress, on_plan=on_plan)
            run_id, config_hash, audit_seconds = summary.run_id, cfg.config_hash(), summary.seconds
            db = db_path
        audited, rows = read_citations(db, files, [lab.answer_id for lab in labels], cfg)
    finally:
        if tmp is not None:
            tmp.cleanup()
    matched = [lab for lab in labels if lab.answer_id in audited]
    if not matched:
        raise InputError(f"none of the {len(labels)} labelled answers in {labels_path} was audited from {answers_path}")
    claims = [aggregate_claim(lab, rows.get(lab.answer_id, [])) for lab in matched]
    return EvalReport(
        answers=answers_path,
        labels=str(labels_path),
        db=None if tmp is not None else str(db),
        run_id=run_id,
        config_hash=config_hash,
        n_labels=len(labels),
        n_matched=len(matched),
        n_unmatched=len(labels) - len(matched),
        audit_seconds=audit_seconds,
        seconds=time.perf_counter() - t0,
        **score_claims(claims),
    )


# ---------------------------------------------------------------- text report


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


# ---------------------------------------------------------------- command line


def make_eval_command(friendly_errors: Callable[[Callable[..., Any]], Callable[..., Any]]) -> Any:
    """The `citeaudit eval` click command; `audit/cli.py` registers it with its error handler."""
    import click

    from audit.config import load_config
    from audit.progress import audit_progress

    @click.command(name="eval")
    @click.option("--answers", required=True, help="Answers Parquet (file, folder or glob) of a labelled set.")
    @click.option("--labels", required=True, help="Labels JSONL: {answer_id, gold, ...} per line.")
    @click.option("--config", "config_path", type=click.Path(), help="TOML config (see citeaudit.toml).")
    @click.option("--db", help="Keep the audit in this DuckDB file (default: a temporary file).")
    @click.option("--reuse-db", is_flag=True, help="Score the audit already in --db instead of re-running it.")
    @click.option("--json", "as_json", is_flag=True, help="Print the report as JSON instead of a table.")
    @click.option("--quiet", is_flag=True, help="No progress bar.")
    @friendly_errors
    def eval_cmd(
        answers: str,
        labels: str,
        config_path: str | None,
        db: str | None,
        reuse_db: bool,
        as_json: bool,
        quiet: bool,
    ) -> None:
        """Audit a labelled set and score the verdicts against the human labels (AUROC, recall, ...)."""
        cfg = load_config(config_path)
        read_labels(labels)  # fail on bad inputs before any progress display
        discover_inputs(answers)
        with audit_progress(disable=quiet or reuse_db) as hooks:
            report = evaluate(
                answers, labels, cfg, db=db, reuse_db=reuse_db, progress=hooks.progress, on_plan=hooks.on_plan
            )
        from audit.verify.support import provenance

        if as_json:
            click.echo(
                json.dumps({**report.as_dict(), "support_model": provenance(cfg.support.model)}, indent=1, default=str)
            )
        else:
            click.echo(format_report(report))
            click.echo(provenance(cfg.support.model))

    return eval_cmd
