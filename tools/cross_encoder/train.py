"""Cross-encoder experiment, step 2 (GPU): the packaged MiniLM-L6 fine-tuned as a claim-vs-evidence classifier.

    python3 tools/cross_encoder/train.py --carry WORK/carry --out OUT --split loso --bs 64 --lr 5e-5 --epochs 3

One logit per (claim, evidence) pair from `[CLS] claim [SEP] evidence [SEP]` (256 tokens, binary cross-entropy,
every training set and label weighing the same, bf16 on a GPU; word embeddings frozen, so a shipped model would be
the packaged MiniLM's embeddings plus ~21 MB of float16 layers). Variants: `plain` (the training pairs) and `aug`
(plus prep.py's synthetic negatives). For each: held-out logits on the training pairs (`--split loso`: each
training set held out in turn, so the stacked model learns how far the logit carries to an unseen kind of data;
`claim`: 5 folds grouped by claim), then a model on all pairs scores the dev citations. Writes OUT/preds.json
(read by stack.py) and the full model's weights. Measured on one H100: ~30 s per training of 13k pairs x 3 epochs.
"""

from __future__ import annotations

import argparse
import gzip
import json
import math
import os
import time
from pathlib import Path

import numpy as np
import torch
from safetensors.torch import load_file, save_file
from transformers import AutoTokenizer, BertConfig, BertForSequenceClassification

ap = argparse.ArgumentParser()
ap.add_argument("--carry", default=".gpu/carry")
ap.add_argument("--out", default=os.environ.get("OUT", "/tmp/out"))
ap.add_argument("--variants", default="plain,aug")
ap.add_argument("--epochs", type=int, default=3)
ap.add_argument("--lr", type=float, default=3e-5)
ap.add_argument("--bs", type=int, default=32)
ap.add_argument("--max-len", type=int, default=256)
ap.add_argument("--folds", type=int, default=5)
ap.add_argument("--limit", type=int, default=0)
ap.add_argument("--device", default="cuda")
ap.add_argument("--split", default="claim")
args = ap.parse_args()
carry = Path(args.carry)
out = Path(args.out)
out.mkdir(parents=True, exist_ok=True)
dev = torch.device(args.device)
torch.manual_seed(0)

with gzip.open(carry / "ce_data.jsonl.gz", "rt", encoding="utf-8") as fh:
    rows = [json.loads(line) for line in fh]
if args.limit:
    rows = (
        rows[:: max(1, len(rows) // args.limit)][: args.limit]
        + [r for r in rows if r["part"] in ("ab_dev", "wice_dev")][: args.limit]
    )
tok = AutoTokenizer.from_pretrained(str(carry / "minilm"))
config = BertConfig.from_pretrained(str(carry / "minilm"), num_labels=1)
base = load_file(str(carry / "minilm" / "weights_fp16.safetensors"))
for _k in [k for k in base if k.endswith(".q8")]:
    _name = _k[: -len(".q8")]
    base[_name] = base.pop(_k).float() * base.pop(_name + ".scale").float()
used = base.pop("used_ids").long()
emb_rows = base.pop("word_rows").float()


def fresh_model() -> BertForSequenceClassification:
    torch.manual_seed(0)
    m = BertForSequenceClassification(config)
    sd = {("bert." + k): v.float() for k, v in base.items()}
    word = torch.zeros(config.vocab_size, config.hidden_size)
    word[used] = emb_rows
    sd["bert.embeddings.word_embeddings.weight"] = word
    missing, unexpected = m.load_state_dict(sd, strict=False)
    assert not unexpected, unexpected
    assert all(k.startswith("classifier") or "pooler" in k for k in missing), missing
    m.bert.embeddings.word_embeddings.weight.requires_grad_(False)
    return m.to(dev)


def encode(rs: list[dict]) -> dict[str, torch.Tensor]:
    enc = tok(
        [r["claim"] for r in rs],
        [r["evidence"] or "" for r in rs],
        truncation="only_second",
        max_length=args.max_len,
        padding=False,
    )
    return enc


def batches(enc, idx: np.ndarray, bs: int):
    for s in range(0, len(idx), bs):
        b = idx[s : s + bs]
        feats = [{k: enc[k][i] for k in ("input_ids", "token_type_ids", "attention_mask")} for i in b]
        yield b, tok.pad(feats, return_tensors="pt")


def train(rs: list[dict]) -> BertForSequenceClassification:
    m = fresh_model()
    enc = encode(rs)
    y = torch.tensor([float(r["label"]) for r in rs])
    # each training set weighs the same in the loss (as in calibrate), positives and negatives balanced within it
    sets = {}
    for i, r in enumerate(rs):
        sets.setdefault((r["dataset"], r["label"]), []).append(i)
    w = torch.zeros(len(rs))
    nsets = len({d for d, _ in sets})
    for (_d, _l), ids in sets.items():
        w[ids] = len(rs) / (nsets * 2 * len(ids))
    w = w.clamp(max=10.0)
    params = [p for p in m.parameters() if p.requires_grad]
    opt = torch.optim.AdamW(params, lr=args.lr, weight_decay=0.01)
    steps = args.epochs * math.ceil(len(rs) / args.bs)
    warm = int(0.1 * steps)
    sched = torch.optim.lr_scheduler.LambdaLR(
        opt,
        lambda s: (
            min(1.0, (s + 1) / max(1, warm)) * max(0.0, (steps - s) / max(1, steps - warm))
            if s >= warm
            else (s + 1) / max(1, warm)
        ),
    )
    m.train()
    rng = np.random.default_rng(0)
    step = 0
    for ep in range(args.epochs):
        order = rng.permutation(len(rs))
        tot = 0.0
        for b, batch in batches(enc, order, args.bs):
            batch = {k: v.to(dev) for k, v in batch.items()}
            with torch.autocast("cuda", dtype=torch.bfloat16, enabled=dev.type == "cuda"):
                logits = m(**batch).logits.squeeze(-1).float()
            loss = torch.nn.functional.binary_cross_entropy_with_logits(logits, y[b].to(dev), weight=w[b].to(dev))
            loss.backward()
            torch.nn.utils.clip_grad_norm_(params, 1.0)
            opt.step()
            sched.step()
            opt.zero_grad(set_to_none=True)
            tot += float(loss.detach()) * len(b)
            step += 1
        print(f"    epoch {ep} loss {tot / len(rs):.4f}", flush=True)
    m.eval()
    return m


@torch.no_grad()
def predict(m, rs: list[dict]) -> np.ndarray:
    enc = encode(rs)
    idx = np.argsort([len(x) for x in enc["input_ids"]])
    outp = np.zeros(len(rs), dtype=np.float32)
    for b, batch in batches(enc, idx, 256):
        batch = {k: v.to(dev) for k, v in batch.items()}
        with torch.autocast("cuda", dtype=torch.bfloat16, enabled=dev.type == "cuda"):
            outp[b] = m(**batch).logits.squeeze(-1).float().cpu().numpy()
    return outp


def auroc(s: np.ndarray, y: np.ndarray) -> float:
    from sklearn.metrics import roc_auc_score

    return float(roc_auc_score(y, s)) if len(set(y)) == 2 else float("nan")


if args.split == "loso":
    sets = sorted(
        {
            r["dataset"].replace("expertqa_rand_val", "expertqa_domain_val")
            for r in rows
            if r["part"] in ("train", "synthetic", "synthetic2")
        }
    )
    for r in rows:
        if r["part"] in ("train", "synthetic", "synthetic2"):
            r["fold"] = sets.index(r["dataset"].replace("expertqa_rand_val", "expertqa_domain_val"))
    args.folds = len(sets)
real = [r for r in rows if r["part"] == "train"]
synth = [r for r in rows if r["part"] == "synthetic"]
synth2 = [r for r in rows if r["part"] == "synthetic2"]
devr = [r for r in rows if r["part"] in ("ab_dev", "wice_dev")]
print(f"train {len(real)} synthetic {len(synth)} synthetic2 {len(synth2)} dev {len(devr)}", flush=True)
result = {}
for variant in args.variants.split(","):
    t0 = time.time()
    pool = real + (synth if variant in ("aug", "aug2") else []) + (synth2 if variant in ("part", "aug2") else [])
    oof = np.zeros(len(real), dtype=np.float32)
    for k in range(args.folds):
        tr = [r for r in pool if r["fold"] != k]
        te = [i for i, r in enumerate(real) if r["fold"] == k]
        if not te or len(tr) < 10:
            continue
        m = train(tr)
        oof[te] = predict(m, [real[i] for i in te])
        y = np.array([real[i]["label"] for i in te])
        print(
            f"  {variant} fold {k}: {len(tr)} rows, held-out AUROC {auroc(oof[te], y):.3f} ({time.time() - t0:.0f}s)",
            flush=True,
        )
        del m
    y = np.array([r["label"] for r in real])
    per_set = {
        d: auroc(
            oof[[i for i, r in enumerate(real) if r["dataset"] == d]],
            y[[i for i, r in enumerate(real) if r["dataset"] == d]],
        )
        for d in sorted({r["dataset"] for r in real})
    }
    print(f"  {variant} OOF AUROC {auroc(oof, y):.3f} per set {json.dumps(per_set)}", flush=True)
    m = train(pool)
    dpred = predict(m, devr)
    sd = {
        k[len("bert.") :] if k.startswith("bert.") else k: v.detach().to(torch.float16).cpu().contiguous()
        for k, v in m.state_dict().items()
        if k != "bert.embeddings.word_embeddings.weight"
    }
    keys = sorted(sd)
    half = len(keys) // 2
    save_file({k: sd[k] for k in keys[:half]}, str(out / f"{variant}_w1.safetensors"))
    save_file({k: sd[k] for k in keys[half:]}, str(out / f"{variant}_w2.safetensors"))
    result[variant] = {
        "oof": oof.tolist(),
        "oof_index": [r["i"] for r in real],
        "dev": [{"part": r["part"], "i": r["i"], "logit": float(p)} for r, p in zip(devr, dpred, strict=True)],
        "seconds": time.time() - t0,
        "oof_auroc": auroc(oof, y),
        "per_set": per_set,
    }
    print(f"  {variant} done in {time.time() - t0:.0f}s", flush=True)
    with open(out / "preds.json", "w") as fh:
        json.dump({"args": vars(args), "result": result}, fh)
