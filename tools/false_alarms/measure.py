"""The training pairs' model-free hard reasons, and what a change moved (the false-alarm sweeps' counts).

    python tools/false_alarms/measure.py dump before.json    # on the code before a change
    python tools/false_alarms/measure.py dump after.json     # on the code after it
    python tools/false_alarms/measure.py compare before.json after.json

Per pair: its key facts' missing reasons, `negation_mismatch` on the best-overlap window (and a negation the
copied-sentence rule reads), `swapped:` / `stitched:` / `unasserted:` from the copied-sentence and frame rules.
`compare` counts the pairs each kind of reason fires on, supported / unsupported, and lists the pairs that moved.
Measures on the training pairs only, never the dev sets.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

from audit.calibrate import read_pairs
from audit.verify.asserted import unasserted_frame
from audit.verify.features import analyse_pair, is_negated
from audit.verify.swaps import swapped_words
from audit.verify.verifier import CLOSE_COPY

PAIRS = Path(__file__).resolve().parents[3] / "shared" / "data" / "train" / "pairs.jsonl.gz"
KINDS = ("missing_number", "missing_name", "missing_date", "negation_mismatch", "swapped", "stitched", "unasserted")


def reasons(claim: str, source: str) -> list[str]:
    """The hard reasons a pair gets without the support model."""
    a = analyse_pair(claim, source)
    out = list(a.missing)
    if a.candidates and not a.exact:
        best = max(range(len(a.candidates)), key=lambda j: a.candidate_overlap[j])
        if is_negated(claim) != is_negated(a.candidates[best].text, claim):
            out.append("negation_mismatch")
        for s in swapped_words(claim, [w.text for w in a.candidates], a.facts.names):
            out.append("negation_mismatch:copy" if s == "negation" else s if ":" in s else f"swapped:{s}")
    span = a.lexical.span
    close = span is not None and (a.exact or a.lexical.score >= CLOSE_COPY) and span != (0, len(source))
    if span is not None and close and (frame := unasserted_frame(source, span[0])) is not None:
        out.append(f"unasserted:{frame}")
    return out


def dump(out: Path) -> None:
    rows = [{"label": p.label, "claim": p.claim, "r": reasons(p.claim, p.source)} for p in read_pairs(PAIRS)]
    out.write_text(json.dumps(rows, ensure_ascii=False), encoding="utf-8")


def compare(before_path: Path, after_path: Path) -> None:
    before = json.loads(before_path.read_text(encoding="utf-8"))
    after = json.loads(after_path.read_text(encoding="utf-8"))
    for kind in KINDS:
        b, a = (
            Counter(r["label"] for r in rows if any(x.startswith(kind) for x in r["r"])) for rows in (before, after)
        )
        print(f"{kind:18} supported {b[1]} -> {a[1]}   unsupported {b[0]} -> {a[0]}")
    for x, y in zip(before, after, strict=True):
        if x["r"] != y["r"]:
            print(" ", x["label"], sorted(set(x["r"]) ^ set(y["r"])), "|", x["claim"][:140])


if __name__ == "__main__":
    if sys.argv[1:2] == ["dump"] and len(sys.argv) == 3:
        dump(Path(sys.argv[2]))
    elif sys.argv[1:2] == ["compare"] and len(sys.argv) == 4:
        compare(Path(sys.argv[2]), Path(sys.argv[3]))
    else:
        sys.exit(__doc__)
