"""The training pairs' leave-one-set-out (out-of-fold) predictions of the support model, their worst errors, and
what a key-fact change moves: the numbers, names and dates columns recomputed by the code as it is now over a cached
feature matrix (`citeaudit calibrate --features-cache`), every other column as cached.

    python tools/hard_reasons/oof.py loso CACHE.npz [cols.json]     # LOSO per set, plain and with the verdict's caps
    python tools/hard_reasons/oof.py worst CACHE.npz N              # the N worst errors of each set, with reasons
    python tools/hard_reasons/oof.py compare before.json after.json # the pairs whose columns moved

OOF_CACHED=1 keeps the cached columns (the code that made the cache: recomputed by that code they are equal);
OOF_LEXICAL=1 recomputes the window-free lexical columns too (`partial`, `keyword`, `bigram`: an approximate measure
of a lexical change, the windows and cosines as cached). The same fit as `citeaudit calibrate`
(`audit.calibrate.out_of_fold` over the shipped 11 features). Training pairs only, never the dev sets.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import numpy as np

from audit.calibrate import MODEL_FEATURES, SECOND_STAGE_FEATURES, TrainPair, out_of_fold, read_pairs
from audit.metrics import auroc
from audit.verify.features import FEATURE_NAMES, fact_coverage
from audit.verify.keyfacts import key_facts, missing_facts
from audit.verify.urls import split_urls

PAIRS = Path(__file__).resolve().parents[3] / "shared" / "data" / "train" / "pairs.jsonl.gz"
FULL = (*MODEL_FEATURES, *SECOND_STAGE_FEATURES)
NUMBERS, NAMES, DATES = (FEATURE_NAMES.index(f) for f in ("numbers", "names", "dates"))
VERIFIED = 0.46  # the shipped model's threshold: a capped pair scores under it (`audit.verdict.capped_support`)


def key_columns(pairs: list[TrainPair]) -> tuple[np.ndarray, list[list[str]]]:
    """The numbers and names coverage of every pair, and its missing reasons, by the code as it is now."""
    cols, reasons = np.zeros((len(pairs), 3)), []
    for i, p in enumerate(pairs):
        claim, _urls = split_urls(p.claim)
        facts = key_facts(claim)
        missing = tuple(missing_facts(facts, p.source))
        cols[i] = fact_coverage(facts, missing)
        reasons.append(list(missing))
    return cols, reasons


def loso(x: np.ndarray, pairs: list[TrainPair]) -> tuple[np.ndarray, dict[str, float | None]]:
    y = np.array([p.label for p in pairs])
    groups = np.array([p.dataset for p in pairs])
    cols = [FEATURE_NAMES.index(f) for f in FULL]
    return out_of_fold(x[:, cols], y, groups)


def lexical_columns(pairs: list[TrainPair]) -> np.ndarray:
    """The window-free lexical columns (partial, keyword, bigram) of every pair, by the code as it is now."""
    from audit.verify.features import analyse_pair

    out = np.zeros((len(pairs), 3))
    for i, p in enumerate(pairs):
        a = analyse_pair(p.claim, p.source)
        out[i] = a.partial, a.keyword, a.bigram
    return out


def _load(cache: str, pairs: list[TrainPair], recompute: bool = True) -> tuple[np.ndarray, list[list[str]]]:
    with np.load(cache) as z:
        x = np.array(z["x"])
    if not recompute or os.environ.get("OOF_CACHED"):  # the columns as cached (the code that made the cache)
        return x, [[] for _ in pairs]
    if os.environ.get("OOF_LEXICAL"):  # the window-free lexical columns too (the windows and cosines as cached)
        lex = lexical_columns(pairs)
        for j, name in enumerate(("partial", "keyword", "bigram")):
            x[:, FEATURE_NAMES.index(name)] = lex[:, j]
    cols, reasons = key_columns(pairs)
    exact = x[:, FEATURE_NAMES.index("exact")] > 0
    x[~exact, NUMBERS], x[~exact, NAMES], x[~exact, DATES] = cols[~exact, 0], cols[~exact, 1], cols[~exact, 2]
    return x, reasons


def main(argv: list[str]) -> None:
    pairs = read_pairs(PAIRS)
    if argv[:1] == ["loso"]:
        x, reasons = _load(argv[1], pairs)
        pred, per_set = loso(x, pairs)
        vals = [v for v in per_set.values() if v is not None]
        print(" ".join(f"{g} {v:.4f}" for g, v in per_set.items() if v is not None), f"mean {np.mean(vals):.4f}")
        # with the verdict's caps: a pair lacking a number, date or name, or with a negation mismatch, under verified
        capped = (x[:, [NUMBERS, NAMES, DATES]] < 1).any(axis=1) | (x[:, FEATURE_NAMES.index("negation_mismatch")] > 0)
        pc = np.where(capped, np.minimum(pred, VERIFIED - 1e-3), pred)
        cap = {
            g: auroc(
                [float(v) for v in pc[[p.dataset == g for p in pairs]]],
                [bool(p.label) for p in pairs if p.dataset == g],
            ).value
            for g in per_set
        }
        print(
            "capped:",
            " ".join(f"{g} {v:.4f}" for g, v in cap.items() if v is not None),
            f"mean {np.mean([v for v in cap.values() if v is not None]):.4f}",
        )
        if len(argv) > 2:
            rows = [
                {"label": p.label, "cols": list(map(float, x[i, [NUMBERS, NAMES, DATES]])), "reasons": reasons[i]}
                for i, p in enumerate(pairs)
            ]
            Path(argv[2]).write_text(json.dumps(rows), encoding="utf-8")
    elif argv[:1] == ["worst"]:
        x, reasons = _load(argv[1], pairs)
        pred, _ = loso(x, pairs)
        n = int(argv[2])
        for g in sorted({p.dataset for p in pairs}):
            ix = [i for i, p in enumerate(pairs) if p.dataset == g and not np.isnan(pred[i])]
            for label, order in ((1, 1), (0, -1)):
                rows = sorted((i for i in ix if pairs[i].label == label), key=lambda i: order * pred[i])[:n]
                print(f"=== {g} label {label} worst {len(rows)}")
                for i in rows:
                    f = dict(zip(FEATURE_NAMES, x[i].round(2), strict=True))
                    print(
                        f"[{i}] p={pred[i]:.3f} kw={f['keyword']} cos={f['cos_transformer']} al={f['token_align']}"
                        f" num={f['numbers']} nam={f['names']} neg={f['negation_mismatch']} {reasons[i]}"
                    )
                    print("   C:", pairs[i].claim[:300].replace("\n", " "))
                    print("   S:", pairs[i].source[:300].replace("\n", " "))
    elif argv[:1] == ["compare"]:
        before = json.loads(Path(argv[1]).read_text(encoding="utf-8"))
        after = json.loads(Path(argv[2]).read_text(encoding="utf-8"))
        moved = [(i, b, a) for i, (b, a) in enumerate(zip(before, after, strict=True)) if b["cols"] != a["cols"]]
        print(f"{len(moved)} pairs moved, {sum(1 for _, b, _ in moved if b['label'] == 1)} supported")
        for i, b, a in moved:
            gone = sorted(set(b["reasons"]) - set(a["reasons"]))
            new = sorted(set(a["reasons"]) - set(b["reasons"]))
            print(f"  [{i}] label {b['label']} {b['cols']} -> {a['cols']} -{gone} +{new} {pairs[i].claim[:120]!r}")
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
