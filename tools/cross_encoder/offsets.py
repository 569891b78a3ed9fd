"""Cross-encoder experiment, step 1b (CPU): the feature model's logit for every row, so the cross-encoder can be
trained on what the feature model misses (train.py's variant `resid`: its logit is added to this offset).

    python tools/cross_encoder/offsets.py WORK

Training pairs get the feature model's leave-one-set-out logit (each set scored by a model fitted without it, as
`citeaudit calibrate` estimates its figures); dev citations get the logit of the model fitted on all training pairs
(the shipped support model's fit). Rewrites WORK/carry/ce_data.jsonl.gz with an `offset` on those rows.
"""

from __future__ import annotations

import gzip
import json
import pickle
import sys
from pathlib import Path

import numpy as np

from audit.calibrate import MODEL_FEATURES, SECOND_STAGE_FEATURES, _fit, out_of_fold, read_pairs
from audit.verify.features import FEATURE_NAMES

FULL = [FEATURE_NAMES.index(f) for f in (*MODEL_FEATURES, *SECOND_STAGE_FEATURES)]


def logit(p: np.ndarray) -> np.ndarray:
    p = np.clip(p, 1e-6, 1 - 1e-6)
    return np.log(p / (1 - p))


def main(work: Path) -> None:
    pairs = read_pairs(Path(__file__).resolve().parents[3] / "shared" / "data" / "train" / "pairs.jsonl.gz")
    y = np.array([p.label for p in pairs])
    groups = np.array([p.dataset for p in pairs])
    x = np.load(work / "train_x.npy")[:, FULL]
    oof, _ = out_of_fold(x, y, groups)
    full = _fit(x, y, groups)
    oof = np.where(np.isnan(oof), full.predict_proba(x)[:, 1], oof)  # a set too small to hold out: in-sample
    train_off = logit(oof)
    with open(work / "dev_rows.pkl", "rb") as fh:
        dev = pickle.load(fh)
    dev_off = {name: logit(full.predict_proba(d["x"][:, FULL])[:, 1]) for name, d in dev.items()}
    src = work / "carry" / "ce_data.jsonl.gz"
    with gzip.open(src, "rt", encoding="utf-8") as fh:
        rows = [json.loads(line) for line in fh]
    for r in rows:
        if r["part"] == "train":
            r["offset"] = float(train_off[r["i"]])
        elif r["part"] in dev_off:
            r["offset"] = float(dev_off[r["part"]][r["i"]])
    with gzip.open(src, "wt", encoding="utf-8") as fh:
        for r in rows:
            fh.write(json.dumps(r) + "\n")
    print("offsets: train", len(train_off), {n: len(v) for n, v in dev_off.items()})


if __name__ == "__main__":
    main(Path(sys.argv[1]))
