"""Cross-encoder experiment, step 2 (GPU): the packaged MiniLM-L6 fine-tuned as a claim-vs-evidence classifier.

    python3 tools/cross_encoder/train.py --carry WORK/carry --out OUT --split loso --bs 64 --lr 5e-5 --epochs 3

One logit per (claim, evidence) pair from `[CLS] claim [SEP] evidence [SEP]` (256 tokens, binary cross-entropy,
every training set and label weighing the same, bf16 on a GPU; word embeddings frozen, so a shipped model would be
the packaged MiniLM's embeddings plus ~21 MB of float16 layers). Variants: `plain` (the training pairs) and `aug`
(plus prep.py's synthetic negatives). For each: held-out logits on the training pairs (`--split loso`: each
training set held out in turn, so the stacked model learns how far the logit carries to an unseen kind of data;
`claim`: 5 folds grouped by claim), then a model on all pairs scores the dev citations. Writes OUT/preds.json
(read by stack.py) and the full model's weights. Measured on one H100: ~30 s per training of 13k pairs x 3 epochs.

`--nli WORK/carry/snli.jsonl.gz` (nli_data.py) first trains the model on general NLI pairs (entailment against the
rest; 99,890 SNLI pairs, 1 epoch, 128 tokens: ~56 s on the H100), and every later training starts from that state.
Variant `nli` is that model as it is, fine-tuned on no training pair: its logits on the training pairs are held out
without folds. The latest round's call:

    python3 tools/cross_encoder/train.py --carry WORK/carry --out OUT --split loso --bs 64 --lr 5e-5 --epochs 3 \
        --variants nli,part --nli WORK/carry/snli.jsonl.gz --nli-epochs 1
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
ap.add_argument("--nli", default="", help="pretrain on these NLI pairs first (nli_data.py's snli.jsonl.gz)")
ap.add_argument("--nli-epochs", type=int, default=1)
ap.add_argument("--nli-lr", type=float, default=5e-5)
ap.add_argument("--nli-bs", type=int, default=128)
ap.add_argument("--nli-max-len", type=int, default=128)
ap.add_argument("--nli-limit", type=int, default=0)
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


PRETRAINED: dict[str, torch.Tensor] | None = None  # the NLI-pretrained state every later training starts from


def fresh_model() -> BertForSequenceClassification:
    torch.manual_seed(0)
    m = BertForSequenceClassification(config)
    if PRETRAINED is not None:
        m.load_state_dict(PRETRAINED)
        m.bert.embeddings.word_embeddings.weight.requires_grad_(False)
        return m.to(dev)
    sd = {("bert." + k): v.float() for k, v in base.items()}
    word = torch.zeros(config.vocab_size, config.hidden_size)
    word[used] = emb_rows
    sd["bert.embeddings.word_embeddings.weight"] = word
    missing, unexpected = m.load_state_dict(sd, strict=False)
    assert not unexpected, unexpected
    assert all(k.startswith("classifier") or "pooler" in k for k in missing), missing
    m.bert.embeddings.word_embeddings.weight.requires_grad_(False)
    return m.to(dev)


def encode(rs: list[dict], max_len: int = 0) -> dict[str, torch.Tensor]:
    enc = tok(
        [r["claim"] for r in rs],
        [r["evidence"] or "" for r in rs],
        truncation="only_second",
        max_length=max_len or args.max_len,
        padding=False,
    )
    return enc


def batches(enc, idx: np.ndarray, bs: int):
    for s in range(0, len(idx), bs):
        b = idx[s : s + bs]
        feats = [{k: enc[k][i] for k in ("input_ids", "token_type_ids", "attention_mask")} for i in b]
        yield b, tok.pad(feats, return_tensors="pt")


def train(
    rs: list[dict], epochs: int = 0, lr: float = 0.0, bs: int = 0, max_len: int = 0, offset: bool = False
) -> BertForSequenceClassification:
    """`offset`: the loss reads the logit plus each row's `offset` (the feature model's logit, offsets.py), so the
    model learns what the feature model misses (variant `resid`)."""
    epochs, lr, bs = epochs or args.epochs, lr or args.lr, bs or args.bs
    m = fresh_model()
    enc = encode(rs, max_len)
    y = torch.tensor([float(r["label"]) for r in rs])
    off = torch.tensor([float(r.get("offset", 0.0)) if offset else 0.0 for r in rs])
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
    opt = torch.optim.AdamW(params, lr=lr, weight_decay=0.01)
    steps = epochs * math.ceil(len(rs) / bs)
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
    for ep in range(epochs):
        order = rng.permutation(len(rs))
        tot = 0.0
        for b, batch in batches(enc, order, bs):
            batch = {k: v.to(dev) for k, v in batch.items()}
            with torch.autocast("cuda", dtype=torch.bfloat16, enabled=dev.type == "cuda"):
                logits = m(**batch).logits.squeeze(-1).float()
            loss = torch.nn.functional.binary_cross_entropy_with_logits(
                logits + off[b].to(dev), y[b].to(dev), weight=w[b].to(dev)
            )
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
def predict(m, rs: list[dict], max_len: int = 0) -> np.ndarray:
    enc = encode(rs, max_len)
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
if args.nli:
    t0 = time.time()
    with gzip.open(args.nli, "rt", encoding="utf-8") as fh:
        nli = [{**json.loads(line), "dataset": "snli"} for line in fh]
    nli_train = [r for r in nli if r["split"] == "train"]
    nli_test = [r for r in nli if r["split"] == "test"]
    if args.nli_limit:
        nli_train, nli_test = nli_train[: args.nli_limit], nli_test[: args.nli_limit // 10 + 10]
    m = train(nli_train, args.nli_epochs, args.nli_lr, args.nli_bs, args.nli_max_len)
    p = predict(m, nli_test, args.nli_max_len)
    print(
        f"NLI pretraining: {len(nli_train)} pairs, {args.nli_epochs} epoch(s), test AUROC (entailment vs rest) "
        f"{auroc(p, np.array([r['label'] for r in nli_test])):.3f} ({time.time() - t0:.0f}s)",
        flush=True,
    )
    PRETRAINED = {k: v.detach().clone() for k, v in m.state_dict().items()}
    del m


def save_weights(m, variant: str) -> None:
    sd = {
        k[len("bert.") :] if k.startswith("bert.") else k: v.detach().to(torch.float16).cpu().contiguous()
        for k, v in m.state_dict().items()
        if k != "bert.embeddings.word_embeddings.weight"
    }
    keys = sorted(sd)
    half = len(keys) // 2
    save_file({k: sd[k] for k in keys[:half]}, str(out / f"{variant}_w1.safetensors"))
    save_file({k: sd[k] for k in keys[half:]}, str(out / f"{variant}_w2.safetensors"))


result = {}


def record(variant: str, m, oof: np.ndarray, y: np.ndarray, per_set: dict, t0: float) -> None:
    """The model's dev logits, its weights, and its held-out logits on the training pairs, into OUT/preds.json."""
    dpred = predict(m, devr)
    save_weights(m, variant)
    result[variant] = {
        "oof": oof.tolist(),
        "oof_index": [r["i"] for r in real],
        "dev": [{"part": r["part"], "i": r["i"], "logit": float(p)} for r, p in zip(devr, dpred, strict=True)],
        "seconds": time.time() - t0,
        "oof_auroc": auroc(oof, y),
        "per_set": per_set,
    }
    with open(out / "preds.json", "w") as fh:
        json.dump({"args": vars(args), "result": result}, fh)


for variant in args.variants.split(","):
    t0 = time.time()
    if variant == "resid":  # trained on what the feature model misses; the full model first (its dev logits)
        m = train(real, offset=True)
        dpred = predict(m, devr)
        save_weights(m, variant)
        del m
        result[variant] = {
            "oof": [],
            "oof_index": [],
            "dev": [{"part": r["part"], "i": r["i"], "logit": float(p)} for r, p in zip(devr, dpred, strict=True)],
            "seconds": time.time() - t0,
        }
        with open(out / "preds.json", "w") as fh:
            json.dump({"args": vars(args), "result": result}, fh)
        print(f"  resid full model and dev logits ({time.time() - t0:.0f}s)", flush=True)
        oof = np.full(len(real), np.nan, dtype=np.float32)
        for k in range(args.folds):
            tr = [r for r in real if r["fold"] != k]
            te = [i for i, r in enumerate(real) if r["fold"] == k]
            if not te or len(tr) < 10:
                continue
            m = train(tr, offset=True)
            oof[te] = predict(m, [real[i] for i in te])
            off = np.array([real[i]["offset"] for i in te])
            y = np.array([real[i]["label"] for i in te])
            print(
                f"  resid fold {k}: held-out AUROC offset {auroc(off, y):.3f}, offset + logit "
                f"{auroc(off + oof[te], y):.3f}, logit {auroc(oof[te], y):.3f} ({time.time() - t0:.0f}s)",
                flush=True,
            )
            del m
            result[variant]["oof"] = [float(v) for v in oof]
            result[variant]["oof_index"] = [r["i"] for r in real]
            with open(out / "preds.json", "w") as fh:
                json.dump({"args": vars(args), "result": result}, fh)
        continue
    if variant == "nli":  # the NLI-pretrained model as it is: it never saw a training pair, so its logits are held out
        assert PRETRAINED is not None, "variant nli needs --nli"
        m = fresh_model().eval()
        oof = predict(m, real)
        y = np.array([r["label"] for r in real])
        per_set = {}
        for d in sorted({r["dataset"] for r in real}):
            ids = [i for i, r in enumerate(real) if r["dataset"] == d]
            per_set[d] = auroc(oof[ids], y[ids])
        print(f"  nli (no fine-tuning) AUROC on the training pairs {auroc(oof, y):.3f} per set {json.dumps(per_set)}")
        record(variant, m, oof, y, per_set, t0)
        del m
        continue
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
    record(variant, train(pool), oof, y, per_set, t0)
    print(f"  {variant} done in {time.time() - t0:.0f}s", flush=True)
