"""The training pairs' model-free hard reasons, and what a change moved: a claim's missing key facts (numbers, dates,
names, quotes, links), the copied-sentence and frame reasons (`swapped:`, `stitched:`, `unasserted:`,
`conditional:`), and the negation and direction tests on each pair's best-overlap window, as the verifier computes
them without the support model. The let-in and false-alarm sweeps counted with it (docs/hostile-inputs.md; the two
sweeps of 2026-11-27 wrote one script each, since merged here).

    python tools/hard_reasons/measure.py dump before.json    # on the code before a change
    python tools/hard_reasons/measure.py dump after.json     # on the code after it
    python tools/hard_reasons/measure.py compare before.json after.json

`compare` counts, by label (1 = supported), the pairs with each kind of reason before and after, and lists the
reasons new on supported pairs with their claims. Measures on the training pairs only, never the dev sets.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

from audit.calibrate import read_pairs
from audit.verify.causal import unstated_cause
from audit.verify.direction import direction_mismatch
from audit.verify.features import analyse_pair, negation_mismatch
from audit.verify.narrowed import copy_narrowed
from audit.verify.swaps import swapped_words
from audit.verify.verifier import _condition, _copied_span, _frame, _swap_reason, window_reasons

PAIRS = Path(__file__).resolve().parents[3] / "shared" / "data" / "train" / "pairs.jsonl.gz"


def reasons(claim: str, source: str) -> list[str]:
    """The hard-rule reasons of the pair that need no model (the best-overlap window standing for the evidence)."""
    a = analyse_pair(claim, source)
    out: list[str] = list(a.missing)  # key facts the source lacks: missing_number:..., missing_name:..., ...
    frame = _frame(a, source)
    if frame is not None:
        out.append(f"unasserted:{frame}")
    condition = _condition(a, source) if frame is None else None
    if condition is not None:
        out.append(f"conditional:{condition}")
    windows = [w.text for w in a.candidates]
    out += copy_narrowed(a.claim, source, _copied_span(a, source), a.exact, windows)  # what a copy leaves out
    if a.exact:
        return out
    swaps = swapped_words(a.claim, windows, a.facts.names)
    out += [_swap_reason(w) for w in swaps if w != "negation"]
    out += window_reasons(a.claim, windows, swaps)  # the audit's own (audit/verify/verifier.py)
    if unstated_cause(a.claim, windows):
        out.append("unasserted:cause")
    if a.candidates:
        best = max(range(len(a.candidates)), key=lambda j: a.candidate_overlap[j])
        window = a.candidates[best].text
        if negation_mismatch(a.claim, window) or "negation" in swaps:
            out.append("negation_mismatch")
        if direction_mismatch(a.claim, window):
            out.append("direction_mismatch")
    return out


def dump(out: Path) -> None:
    rows = [{"label": p.label, "claim": p.claim, "reasons": reasons(p.claim, p.source)} for p in read_pairs(PAIRS)]
    out.write_text(json.dumps(rows, ensure_ascii=False), encoding="utf-8")


def _kind(reason: str) -> str:
    return reason.split(":")[0] + (":" if ":" in reason else "")


def compare(before_path: Path, after_path: Path) -> None:
    before = json.loads(before_path.read_text(encoding="utf-8"))
    after = json.loads(after_path.read_text(encoding="utf-8"))
    totals = Counter(r["label"] for r in before)
    kinds = sorted({_kind(r) for rows in (before, after) for row in rows for r in row["reasons"]})
    for kind in kinds:
        counts = [
            [
                sum(1 for row in rows if row["label"] == label and any(_kind(r) == kind for r in row["reasons"]))
                for label in (1, 0)
            ]
            for rows in (before, after)
        ]
        print(f"{kind:22} supported / unsupported: {counts[0][0]} / {counts[0][1]} -> {counts[1][0]} / {counts[1][1]}")
    print(f"(of {totals[1]:,} supported / {totals[0]:,} unsupported pairs)")
    for label, what in ((1, "supported"), (0, "unsupported")):
        new = Counter()
        for b, a in zip(before, after, strict=True):
            if a["label"] == label:
                for r in set(a["reasons"]) - set(b["reasons"]):
                    new[r] += 1
                    if label == 1:
                        print(f"  new on a supported pair: {r}: {a['claim'][:150]}")
        print(f"new reasons on {what} pairs:", ", ".join(f"{r} {c}" for r, c in new.most_common(30)))


if __name__ == "__main__":
    if sys.argv[1:2] == ["dump"] and len(sys.argv) == 3:
        dump(Path(sys.argv[2]))
    elif sys.argv[1:2] == ["compare"] and len(sys.argv) == 4:
        compare(Path(sys.argv[2]), Path(sys.argv[3]))
    else:
        sys.exit(__doc__)
