"""Cross-encoder experiment, step 3 (CPU): does the trained cross-encoder add to the support model, out of sample?

    python tools/cross_encoder/stack.py WORK PREDS.json

`PREDS.json` is what `train.py` wrote. For each variant it prints the dev AUROC (per set and per AttributionBench
source) of: the cross-encoder alone; the shipped feature model (its 10 features); and the feature model refitted
with the cross-encoder's logit as an 11th feature, fitted on the training pairs' held-out logits (the folds of
`train.py`), the way `citeaudit calibrate` fits the support model. Dev support is the model's probability before
the verdict's caps (a verbatim claim counts 1); claims aggregate as in `citeaudit eval` (maximum over citations).
"""

from __future__ import annotations

import dataclasses
import json
import pickle
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from audit.calibrate import MODEL_FEATURES, SECOND_STAGE_FEATURES, _fit, read_pairs
from audit.evaluate.scoring import aggregate_claim, score_claims
from audit.verify.features import FEATURE_NAMES

FULL = [FEATURE_NAMES.index(f) for f in (*MODEL_FEATURES, *SECOND_STAGE_FEATURES)]


def dev_auroc(d: dict[str, Any], support_of: Callable[[int], float]) -> dict[str, float]:
    """AUROC of one dev set with each scored citation's support replaced by `support_of(citation index)`."""
    rows = list(d["rows"])
    for j in d["todo"]:
        rows[j] = dataclasses.replace(rows[j], support=1.0 if d["exact"][j] else float(support_of(j)))
    by: dict[str, list[Any]] = {}
    for r in rows:
        by.setdefault(r.answer_id, []).append(r)
    claims = [aggregate_claim(lab, by.get(lab.answer_id, [])) for lab in d["labels"] if lab.answer_id in d["audited"]]
    sc = score_claims(claims)
    out = {"all": round(sc["auroc_support"].value, 3)}
    out.update({src: round(st.auroc_support.value, 3) for src, st in sc["by_source"].items()})
    return out


def main(work: Path, preds_path: Path) -> None:
    pairs = read_pairs(Path(__file__).resolve().parents[3] / "shared" / "data" / "train" / "pairs.jsonl.gz")
    y = np.array([p.label for p in pairs])
    groups = np.array([p.dataset for p in pairs])
    x = np.load(work / "train_x.npy")[:, FULL]
    with open(work / "dev_rows.pkl", "rb") as fh:
        dev = pickle.load(fh)
    base = _fit(x, y, groups)
    print(
        "feature model  ",
        {n: dev_auroc(d, lambda j, d=d: base.predict_proba(d["x"][j : j + 1, FULL])[0, 1]) for n, d in dev.items()},
    )
    for variant, r in json.loads(preds_path.read_text())["result"].items():
        oof = np.full(len(pairs), np.nan)
        oof[r["oof_index"]] = r["oof"]
        logit = {(e["part"], e["i"]): e["logit"] for e in r["dev"]}
        if variant.startswith("resid"):  # the feature model's logit plus the cross-encoder's (trained on its misses)

            def boosted(j: int, n: str, d: dict[str, Any], lg: dict[Any, float] = logit) -> float:
                z = base.decision_function(d["x"][j : j + 1, FULL])[0] + lg[(n, j)]
                return float(1.0 / (1.0 + np.exp(-z)))

            print(f"== {variant}: feature logit + cross-encoder logit")
            print("  boosted      ", {n: dev_auroc(d, lambda j, n=n, d=d: boosted(j, n, d)) for n, d in dev.items()})
            if np.isnan(oof).all():
                continue
        print(
            f"== {variant}: held-out cross-encoder AUROC on the training pairs {r.get('oof_auroc', float('nan')):.3f}"
        )
        print("  alone        ", {n: dev_auroc(d, lambda j, n=n, lg=logit: lg[(n, j)]) for n, d in dev.items()})
        ok = ~np.isnan(oof)
        m = _fit(np.column_stack([x, oof])[ok], y[ok], groups[ok])
        print("  weights      ", np.round(m[-1].coef_[0], 2))

        def stacked(j: int, n: str, d: dict[str, Any], m: Any = m, lg: dict[Any, float] = logit) -> float:
            return float(m.predict_proba(np.append(d["x"][j, FULL], lg[(n, j)])[None, :])[0, 1])

        print("  + feature    ", {n: dev_auroc(d, lambda j, n=n, d=d: stacked(j, n, d)) for n, d in dev.items()})


if __name__ == "__main__":
    main(Path(sys.argv[1]), Path(sys.argv[2]))
