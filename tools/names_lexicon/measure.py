"""The training pairs' missing names under the current keynames rule, and what a change moved.

    python tools/names_lexicon/measure.py dump before.json    # on the code before a change
    python tools/names_lexicon/measure.py dump after.json     # on the code after it
    python tools/names_lexicon/measure.py compare before.json after.json

`compare` counts the pairs that newly get a missing_name (none before, one now; and those with any new one) and
those that lose theirs, by label (1 = supported), and lists the names that made the difference. Measures on the
training pairs only, never the dev sets.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

from audit.calibrate import read_pairs
from audit.verify.keyfacts import key_facts, missing_facts

PAIRS = Path(__file__).resolve().parents[3] / "shared" / "data" / "train" / "pairs.jsonl.gz"


def dump(out: Path) -> None:
    rows = []
    for p in read_pairs(PAIRS):
        missing = missing_facts(key_facts(p.claim), p.source)
        names = [r.removeprefix("missing_name:") for r in missing if r.startswith("missing_name:")]
        rows.append({"label": p.label, "claim": p.claim, "names": names})
    out.write_text(json.dumps(rows, ensure_ascii=False), encoding="utf-8")


def compare(before_path: Path, after_path: Path) -> None:
    before = json.loads(before_path.read_text(encoding="utf-8"))
    after = json.loads(after_path.read_text(encoding="utf-8"))
    totals = Counter(r["label"] for r in before)
    gained: Counter[int] = Counter()
    lost: Counter[int] = Counter()
    more: Counter[int] = Counter()
    words: dict[int, Counter[str]] = {0: Counter(), 1: Counter()}
    for b, a in zip(before, after, strict=True):
        if a["names"] and not b["names"]:
            gained[a["label"]] += 1
        if b["names"] and not a["names"]:
            lost[a["label"]] += 1
        new = set(a["names"]) - set(b["names"])
        more[a["label"]] += bool(new)
        for n in new:
            words[a["label"]][n] += 1
    for label, what in ((1, "supported"), (0, "unsupported")):
        print(
            f"{what}: a new missing name on {more[label]} / {totals[label]:,} (as the README counts), "
            f"newly flagged (none before) {gained[label]}, no longer flagged {lost[label]}"
        )
        print("   new names:", ", ".join(f"{w} {c}" for w, c in words[label].most_common(40)))


if __name__ == "__main__":
    if sys.argv[1:2] == ["dump"] and len(sys.argv) == 3:
        dump(Path(sys.argv[2]))
    elif sys.argv[1:2] == ["compare"] and len(sys.argv) == 4:
        compare(Path(sys.argv[2]), Path(sys.argv[3]))
    else:
        sys.exit(__doc__)
