"""Experiment, step 2: each token-alignment feature as an 11th feature of the support model: leave-one-set-out AUROC
on the training pairs (the decision) and dev AUROC (out of sample: dev sets only scored), as
tools/cross_encoder/stack.py.
"""

import json
import pickle
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, "tools/cross_encoder")
sys.path.insert(0, ".")
from stack import FULL, dev_auroc

from audit.calibrate import _fit, out_of_fold, read_pairs

W = Path(".gpu")
pairs = read_pairs(Path("../shared/data/train/pairs.jsonl.gz"))
y = np.array([p.label for p in pairs])
groups = np.array([p.dataset for p in pairs])
x = np.load(W / "train_x.npy")[:, FULL]
with open(W / "dev_rows.pkl", "rb") as fh:
    dev = pickle.load(fh)
F = np.load("/tmp/bs/feats.npy")
with open("/tmp/bs/index.json") as fh:
    idx = json.load(fh)
pos = {(p, i): k for k, (p, i) in enumerate(idx)}
ftrain = F[[pos[("train", i)] for i in range(len(pairs))]]
names = ["L4rec", "L4recidf", "L4min", "L4low20", "L4prec", "L6rec", "L6recidf", "L6min", "L6low20", "L6prec"]


def run(cols, label):
    xt = np.column_stack([x] + [ftrain[:, c] for c in cols]) if cols else x
    _, per = out_of_fold(xt, y, groups)
    m = _fit(xt, y, groups)
    res = {}
    for n, d in dev.items():
        tag = "ab_dev" if "ab" in n else "wice_dev"

        def sup(j, d=d, tag=tag):
            v = d["x"][j, FULL]
            if cols:
                v = np.append(v, [F[pos[(tag, j)], c] for c in cols])
            return m.predict_proba(v[None, :])[0, 1]

        res[n] = dev_auroc(d, sup)
    print(
        label, f"LOSO mean {np.mean(list(per.values())):.4f}", {k: round(v, 3) for k, v in per.items()}, res, flush=True
    )


run([], "base")
for c in range(10):
    run([c], names[c])
run([7, 2], "L6min+L4min")
run([7, 8], "L6min+L6low20")
