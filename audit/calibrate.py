"""`citeaudit calibrate`: fit the support model's four weights on labelled claims, reproducibly.

For every labelled claim with gold `supported` (1) or `not_supported` (0) the features of its audited citations
(semantic, lexical, numbers; the maximum over the claim's citations, as `citeaudit eval` aggregates) are read from
the audit database, and a logistic regression with a small L2 penalty is fitted by Newton's method. Each labelled
set gets equal total weight, so a large set does not drown a small one. The thresholds stay round numbers
(verified 0.6, weak 0.35): the fit moves the score, not the cut-offs. Nothing random: the same audits give the
same weights.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import duckdb
import numpy as np
import pyarrow as pa

from audit.config import AuditConfig, SupportConfig
from audit.errors import InputError
from audit.evaluate import Label, claim_rows, read_labels
from audit.metrics import auroc
from audit.verify.support import FEATURES

L2 = 0.01


@dataclass(frozen=True)
class FeatureRow:
    answer_id: str
    citation_ord: int
    claim_start: int | None
    semantic: float | None
    lexical: float | None
    numbers: float | None
    exact: bool


@dataclass(frozen=True)
class LabelledSet:
    name: str
    x: np.ndarray  # (n, 3) features in FEATURES order
    y: np.ndarray  # 1 supported, 0 not supported


@dataclass(frozen=True)
class Calibration:
    support: SupportConfig
    sets: dict[str, dict[str, float | int | None]]  # per set: n, AUROC before/after


_SQL = """
SELECT c.answer_id, c.citation_ord, c.claim_start, c.semantic_score, c.lexical_score, c.number_coverage,
       list_contains(c.reasons, 'exact_match') AS exact
FROM audit.citation_audit c JOIN cal_labels USING (answer_id)
WHERE c.verdict <> 'fabricated'
ORDER BY c.answer_id, c.citation_ord
"""


def claim_features(rows: list[FeatureRow]) -> tuple[float, float, float] | None:
    """Max of each feature over the claim's citations; a verbatim match counts as cosine 1."""
    usable = [r for r in rows if r.lexical is not None]
    if not usable:
        return None
    sem = max((1.0 if r.exact else (r.semantic or 0.0)) for r in usable)
    lex = max(r.lexical or 0.0 for r in usable)
    num = max(r.numbers if r.numbers is not None else 1.0 for r in usable)
    return sem, lex, num


def read_set(name: str, db: str | Path, labels: list[Label]) -> LabelledSet:
    """Features and binary labels of one audited labelled set."""
    binary = [lab for lab in labels if lab.gold in ("supported", "not_supported")]
    con = duckdb.connect()
    try:
        con.execute("ATTACH ? AS audit (READ_ONLY)", [str(db)])
        con.register("cal_labels", pa.table({"answer_id": pa.array([lab.answer_id for lab in binary], pa.string())}))
        by_answer: dict[str, list[FeatureRow]] = {}
        for r in con.execute(_SQL).fetchall():
            by_answer.setdefault(r[0], []).append(FeatureRow(*r))
    except duckdb.Error as exc:
        raise InputError(f"cannot read features from {db}: {exc}") from None
    finally:
        con.close()
    xs, ys = [], []
    for lab in binary:
        feats = claim_features(claim_rows(lab, by_answer.get(lab.answer_id, [])))
        if feats is not None:
            xs.append(feats)
            ys.append(1.0 if lab.gold == "supported" else 0.0)
    if not xs or len(set(ys)) < 2:
        raise InputError(f"{name}: need audited claims of both gold classes supported and not_supported in {db}")
    return LabelledSet(name, np.asarray(xs, dtype=np.float64), np.asarray(ys))


def fit_logistic(x: np.ndarray, y: np.ndarray, w: np.ndarray, l2: float = L2, iters: int = 50) -> np.ndarray:
    """Weighted L2-penalised logistic regression by Newton's method: [intercept, coef...]."""
    a = np.hstack([np.ones((len(x), 1)), x])
    beta = np.zeros(a.shape[1])
    penalty = np.diag([0.0] + [l2] * x.shape[1])
    for _ in range(iters):
        p = 1.0 / (1.0 + np.exp(-(a @ beta)))
        grad = a.T @ (w * (p - y)) + penalty @ beta
        hess = (a * (w * p * (1 - p))[:, None]).T @ a + penalty
        step = np.linalg.solve(hess, grad)
        beta -= step
        if np.abs(step).max() < 1e-10:
            break
    return beta


def _score(cfg: SupportConfig, x: np.ndarray) -> np.ndarray:
    z = cfg.intercept + cfg.w_semantic * x[:, 0] + cfg.w_lexical * x[:, 1] + cfg.w_numbers * x[:, 2]
    return 1.0 / (1.0 + np.exp(-z))


def _fit(sets: Sequence[LabelledSet], base: SupportConfig) -> SupportConfig:
    x = np.vstack([s.x for s in sets])
    y = np.concatenate([s.y for s in sets])
    w = np.concatenate([np.full(len(s.y), len(y) / (len(sets) * len(s.y))) for s in sets])
    beta = fit_logistic(x, y, w)
    return dataclasses.replace(
        base,
        intercept=round(float(beta[0]), 3),
        w_semantic=round(float(beta[1]), 3),
        w_lexical=round(float(beta[2]), 3),
        w_numbers=round(float(beta[3]), 3),
    )


def _auroc(cfg: SupportConfig, s: LabelledSet) -> float | None:
    return auroc(_score(cfg, s.x).tolist(), s.y.astype(bool).tolist()).value


def calibrate(sets: list[LabelledSet], cfg: AuditConfig) -> Calibration:
    """Fit on all sets pooled (equal weight per set); report each set's AUROC with the old weights, the new
    ones, and weights fitted without that set (a held-out estimate)."""
    new = _fit(sets, cfg.support)
    report: dict[str, dict[str, float | int | None]] = {}
    for s in sets:
        others = [o for o in sets if o is not s]
        report[s.name] = {
            "n": len(s.y),
            "supported": int(s.y.sum()),
            "auroc_before": _auroc(cfg.support, s),
            "auroc_after": _auroc(new, s),
            "auroc_held_out": _auroc(_fit(others, cfg.support), s) if others else None,
        }
    return Calibration(new, report)


def support_toml(s: SupportConfig) -> str:
    lines = ["[support]", f"# fitted by citeaudit calibrate on features {', '.join(FEATURES)}"]
    for f in ("intercept", "w_semantic", "w_lexical", "w_numbers"):
        lines.append(f"{f} = {getattr(s, f)}")
    return "\n".join(lines) + "\n"


def calibrate_from_audits(pairs: Sequence[tuple[str, str | Path, str | Path]], cfg: AuditConfig) -> Calibration:
    """`pairs` of (name, audit database, labels file)."""
    return calibrate([read_set(name, db, read_labels(labels)) for name, db, labels in pairs], cfg)
