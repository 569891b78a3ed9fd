"""Misattribution recall and false flags on answers constructed from the training pairs, measured by the real
`citeaudit eval` (issue 7: misattributions flagged with the right source >= 95%).

    python tools/misattribution/measure.py build /tmp/misattr-set          # answers.parquet, labels.jsonl, cases.jsonl
    python tools/misattribution/measure.py measure /tmp/misattr-set        # runs `citeaudit eval`, prints the figures
    python tools/misattribution/measure.py measure /tmp/misattr-set --reuse-db   # re-scores the last audit

The construction (training pairs only, never the dev sets; the data stays outside the repository):

- **misattributed** (gold `misattributed`, `true_rank` the supporting source): a supported pair's claim, cited to a
  source that does not support it, while the pair's own (supporting) source is among the retrieved contexts. The
  wrong source is, where the set has one, a non-supporting source of the very same claim (FEVER-symmetric's minimally
  edited contrast evidence, Factcheck-GPT's partial or refuting evidence: `same_claim`), else the source of the pair
  of the same set whose claim shares most content words with this one (a related topic: `related`). A third,
  unrelated source (another set's) is retrieved too.
- **not_supported** (gold `not_supported`): the same claim cited to the same wrong source, the supporting source
  replaced by a second wrong one (the next same-claim or related source): no retrieved source supports the claim, so
  a `misattributed` verdict is a false flag.
- **right citation** (gold `supported`): the same claim cited to its own (supporting) source, the wrong source and
  the unrelated one retrieved too: a `misattributed` verdict flags a right citation (the other false flag).
- **right citation with a second source** (gold `supported`, case `second_source`): a claim two distinct sources of
  its set support (Factcheck-GPT), cited to one, the other retrieved too: neither is wrong, so a `misattributed`
  verdict flags a right citation; a rule that compares a verified citation with other sources meets these.

Each case lands in the `fit` or `check` half by a hash of its pair's id: a margin or threshold is chosen on `fit`
only, and `check` says how it holds. Printed: right-source recall (misattributed with the right `suggested_rank`),
all flagged, the false-flag rate (negatives flagged `misattributed`) and the right citations flagged, overall, per
half and per kind.
"""

from __future__ import annotations

import argparse
import functools
import gzip
import hashlib
import json
import random
import re
import subprocess
import sys
from collections import defaultdict
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import duckdb
import pyarrow as pa
import pyarrow.parquet as pq

from audit.contract import answers_schema
from audit.verify.text import content_words

PAIRS = Path(__file__).resolve().parents[3] / "shared" / "data" / "train" / "pairs.jsonl.gz"
SETS = ("fever_symmetric", "factcheck_gpt", "fm2", "summedits", "begin", "expertqa_domain_val")


def _half(pair_id: str) -> str:
    return "fit" if hashlib.sha256(pair_id.encode()).digest()[0] % 2 == 0 else "check"


def _jaccard(a: frozenset[str], b: frozenset[str]) -> float:
    return len(a & b) / len(a | b) if a | b else 0.0


def _wrong_sources(p: dict[str, Any], same_set: list[dict[str, Any]], words: dict[str, frozenset[str]]) -> list[Any]:
    """Two sources that do not support `p`'s claim, best first, each as (kind, source): the same claim's
    non-supporting sources first, then the sources of the most related other claims of the set. None holds `p`'s own
    source (`_holds`: its text, but for case, spacing and punctuation), and the two differ so too."""
    out: list[tuple[str, str]] = []
    own = _text_key(p["source"])
    seen: set[str] = set()

    def fits(q: dict[str, Any]) -> bool:
        key = _text_key(q["source"])
        return key not in seen and not _holds(key, own)

    for q in same_set:
        if q["claim"] == p["claim"] and q["label"] == 0 and fits(q):
            out.append(("same_claim", q["source"]))
            seen.add(_text_key(q["source"]))
    mine = words[p["id"]]
    related = sorted(
        (q for q in same_set if q["claim"] != p["claim"] and fits(q)),
        key=lambda q: (-_jaccard(mine, words[q["id"]]), q["id"]),
    )
    for q in related[:5]:
        if len(out) >= 2:
            break
        if fits(q):
            out.append(("related", q["source"]))
            seen.add(_text_key(q["source"]))
    return out[:2]


@functools.cache
def _text_key(text: str) -> str:
    """A source's text but for case, spacing and punctuation."""
    return re.sub(r"\W+", "", text.casefold())


def _holds(key: str, own: str) -> bool:
    """Whether a source (`key`, `_text_key`) holds the right source's whole text (`own`): it supports the claim as
    the right source does, so cited it is no misattribution that a rule could find. BEGIN holds one Wikipedia
    sentence lower-cased and not ("historically, archery ..." and "Historically, archery ..."), ExpertQA one page
    as a passage and as the longer passage around it."""
    return bool(own) and own in key


def _answer(answer_id: str, claim: str, cited: int, sources: list[str]) -> dict[str, Any]:
    body = claim.strip().rstrip(".")
    return {
        "answer_id": answer_id,
        "conversation_id": f"conv-{answer_id}",
        "turn_index": 0,
        "logged_at": datetime(2026, 11, 1, 12, tzinfo=UTC),
        "tenant": "construct",
        "model": "construct",
        "question": "q?",
        "answer": f"{body} [{cited}].",
        "contexts": [
            {"doc_id": f"d{r}", "chunk_id": None, "title": None, "page": None, "url": None, "text": s}
            for r, s in enumerate(sources, start=1)
        ],
    }


def _second_sources(by_set: dict[str, list[dict[str, Any]]], seed: int) -> list[tuple[dict[str, Any], ...]]:
    """Right citations with a second supporting source retrieved: each claim of a set that two distinct sources
    support (Factcheck-GPT holds 187), cited to one, the other and an unrelated source retrieved too. Neither source
    is a wrong one: a `misattributed` verdict flags a right citation."""
    out: list[tuple[dict[str, Any], ...]] = []
    for ds in SETS:
        sources: dict[str, list[dict[str, Any]]] = defaultdict(list)
        for q in sorted(by_set[ds], key=lambda q: q["id"]):
            if q["label"] == 1 and q["source"] not in {r["source"] for r in sources[q["claim"]]}:
                sources[q["claim"]].append(q)
        fillers = [q["source"] for d in SETS if d != ds for q in by_set[d]]
        for claim, (a, b, *_rest) in ((c, qs) for c, qs in sorted(sources.items()) if len(qs) >= 2):
            rng = random.Random(f"{seed}:two:{a['id']}")
            order = [("cited", a["source"]), ("second", b["source"]), ("filler", rng.choice(fillers))]
            rng.shuffle(order)
            rank = next(r for r, (role, _s) in enumerate(order, start=1) if role == "cited")
            aid = f"two-{a['id']}"
            label = {"answer_id": aid, "gold": "supported", "marker": f"[{rank}]", "cited_rank": rank}
            label["src_dataset"] = ds
            case = {"answer_id": aid, "dataset": ds, "half": _half(a["id"]), "kind": "second_source"}
            out.append((_answer(aid, claim, rank, [s for _r, s in order]), label, {**case, "gold": "second_source"}))
    return out


def _pairs_by_set() -> dict[str, list[dict[str, Any]]]:
    """The training pairs, by their set, in file order."""
    with gzip.open(PAIRS, "rt", encoding="utf-8") as f:
        rows = [json.loads(line) for line in f]
    by_set: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in rows:
        by_set[r["dataset"]].append(r)
    return by_set


def build(out: Path, per_set: int, seed: int) -> None:
    by_set = _pairs_by_set()
    rng = random.Random(seed)
    answers: list[dict[str, Any]] = []
    labels: list[dict[str, Any]] = []
    cases: list[dict[str, Any]] = []
    for ds in SETS:
        pool = by_set[ds]
        words = {q["id"]: content_words(q["claim"]) for q in pool}
        supported = sorted((q for q in pool if q["label"] == 1), key=lambda q: q["id"])
        rng.shuffle(supported)
        fillers = [q["source"] for d in SETS if d != ds for q in by_set[d]]
        made = 0
        for p in supported:
            if made >= per_set:
                break
            wrong = _wrong_sources(p, pool, words)
            if len(wrong) < 2:
                continue
            made += 1
            filler = rng.choice(fillers)
            half = _half(p["id"])
            kind = wrong[0][0]
            # the misattribution: cited wrong source, the true one and an unrelated one retrieved, in shuffled order;
            # the negative: the true source replaced by a second wrong one
            for prefix, gold, other in (
                ("mis", "misattributed", ("true", p["source"])),
                ("neg", "not_supported", ("wrong2", wrong[1][1])),
            ):
                order = [("wrong", wrong[0][1]), other, ("filler", filler)]
                rng.shuffle(order)
                ranks = {role: r for r, (role, _s) in enumerate(order, start=1)}
                aid = f"{prefix}-{p['id']}"
                answers.append(_answer(aid, p["claim"], ranks["wrong"], [s for _r, s in order]))
                true_rank = {"true_rank": ranks["true"]} if "true" in ranks else {}
                labels.append(
                    {
                        "answer_id": aid,
                        "gold": gold,
                        "marker": f"[{ranks['wrong']}]",
                        "cited_rank": ranks["wrong"],
                        **true_rank,
                        "src_dataset": ds,
                    }
                )
                cases.append({"answer_id": aid, "dataset": ds, "half": half, "kind": kind, "gold": gold})
            # the right citation: the claim cited to its own source, the wrong one and the unrelated one retrieved
            # too (its own generator, so the two cases above are built as before)
            order = [("true", p["source"]), ("wrong", wrong[0][1]), ("filler", filler)]
            random.Random(f"{seed}:{p['id']}").shuffle(order)
            ranks = {role: r for r, (role, _s) in enumerate(order, start=1)}
            aid = f"ok-{p['id']}"
            answers.append(_answer(aid, p["claim"], ranks["true"], [s for _r, s in order]))
            labels.append(
                {
                    "answer_id": aid,
                    "gold": "supported",
                    "marker": f"[{ranks['true']}]",
                    "cited_rank": ranks["true"],
                    "src_dataset": ds,
                }
            )
            cases.append({"answer_id": aid, "dataset": ds, "half": half, "kind": kind, "gold": "supported"})
    for answer, label, case in _second_sources(by_set, seed):
        answers.append(answer)
        labels.append(label)
        cases.append(case)
    out.mkdir(parents=True, exist_ok=True)
    pq.write_table(pa.Table.from_pylist(answers, schema=answers_schema()), out / "answers.parquet")
    (out / "labels.jsonl").write_text("".join(json.dumps(lab) + "\n" for lab in labels), encoding="utf-8")
    (out / "cases.jsonl").write_text("".join(json.dumps(c) + "\n" for c in cases), encoding="utf-8")
    n_mis = sum(c["gold"] == "misattributed" for c in cases)
    n_ok = sum(c["gold"] == "supported" for c in cases)
    n_two = sum(c["gold"] == "second_source" for c in cases)
    n_neg = len(cases) - n_mis - n_ok - n_two
    print(f"{out}: {n_mis} misattributions, {n_neg} negatives, {n_ok} right citations, {n_two} with a second source")


def _distractors(p: dict[str, Any], pool: list[dict[str, Any]], rng: random.Random) -> list[str]:
    """Two sources of other claims of `pool`, drawn at random: neither holds `p`'s source nor is held by it."""
    own = _text_key(p["source"])
    picked: list[str] = []
    while len(picked) < 2:
        q = rng.choice(pool)
        key = _text_key(q["source"])
        fits = q["claim"] != p["claim"] and not _holds(key, own) and not _holds(own, key)
        if fits and all(_text_key(s) != key for s in picked):
            picked.append(q["source"])
    return picked


def build_random(out: Path, per_set: int, seed: int) -> None:
    """A second construction, shaped as WiCE dev's planted misattributions are (its README: the cited page plus two
    other claims' pages as distractors, shuffled, the marker moved to a distractor): a supported pair's claim cited to
    another claim's source of the same set (`random`), its own source and a third claim's source retrieved too; the
    same answer citing its own source (a right citation); an unsupported pair's claim cited to its own source beside
    two other claims' sources (the negative: a `misattributed` verdict is a false flag)."""
    by_set = _pairs_by_set()
    rng = random.Random(seed)
    made: list[tuple[dict[str, Any], dict[str, Any], dict[str, Any]]] = []

    def add(aid: str, p: dict[str, Any], order: list[tuple[str, str]], cited: str, gold: str) -> None:
        ranks = {role: r for r, (role, _s) in enumerate(order, start=1)}
        label = {"answer_id": aid, "gold": gold, "marker": f"[{ranks[cited]}]", "cited_rank": ranks[cited]}
        if gold == "misattributed":
            label["true_rank"] = ranks["true"]
        label["src_dataset"] = p["dataset"]
        case = {"answer_id": aid, "dataset": p["dataset"], "half": _half(p["id"]), "kind": "random", "gold": gold}
        made.append((_answer(aid, p["claim"], ranks[cited], [s for _r, s in order]), label, case))

    for ds in SETS:
        pool = sorted(by_set[ds], key=lambda q: q["id"])

        for gold, label in (("misattributed", 1), ("not_supported", 0)):
            chosen = [q for q in pool if q["label"] == label]
            rng.shuffle(chosen)
            for p in chosen[:per_set]:
                d1, d2 = _distractors(p, pool, rng)
                order = [("true", p["source"]), ("wrong", d1), ("filler", d2)]
                rng.shuffle(order)
                if gold == "misattributed":
                    add(f"mis-{p['id']}", p, order, "wrong", "misattributed")
                    add(f"ok-{p['id']}", p, order, "true", "supported")
                else:
                    add(f"neg-{p['id']}", p, order, "true", "not_supported")
    out.mkdir(parents=True, exist_ok=True)
    answers, labels, cases = (list(x) for x in zip(*made, strict=True))
    pq.write_table(pa.Table.from_pylist(answers, schema=answers_schema()), out / "answers.parquet")
    (out / "labels.jsonl").write_text("".join(json.dumps(lab) + "\n" for lab in labels), encoding="utf-8")
    (out / "cases.jsonl").write_text("".join(json.dumps(c) + "\n" for c in cases), encoding="utf-8")
    print(f"{out}: {sum(c['gold'] == 'misattributed' for c in cases)} misattributions, {len(cases)} answers")


def measure(out: Path, reuse: bool) -> dict[str, Any]:
    db = out / "audit.duckdb"
    cmd = [
        sys.executable,
        "-m",
        "audit.cli",
        "eval",
        "--answers",
        str(out / "answers.parquet"),
        "--labels",
        str(out / "labels.jsonl"),
        "--db",
        str(db),
        "--quiet",
        "--json",
    ]
    if reuse:
        cmd.append("--reuse-db")
    elif db.exists():
        db.unlink()
    res = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if res.returncode != 0:
        raise SystemExit(f"citeaudit eval failed ({res.returncode}): {res.stderr[-2000:]}")
    report = json.loads(res.stdout)
    cases = {c["answer_id"]: c for c in map(json.loads, (out / "cases.jsonl").open(encoding="utf-8"))}
    labels = {lab["answer_id"]: lab for lab in map(json.loads, (out / "labels.jsonl").open(encoding="utf-8"))}
    con = duckdb.connect(str(db), read_only=True)
    got = {
        r[0]: r[1:]
        for r in con.execute(
            "SELECT answer_id, verdict, suggested_rank, support, reasons FROM citation_audit ORDER BY answer_id"
        ).fetchall()
    }
    con.close()
    cells: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0, 0])  # n, right/flagged, any flagged
    for aid, c in cases.items():
        verdict, suggested, _support, _reasons = got.get(aid, (None, None, None, None))
        flagged = verdict == "misattributed"
        right = flagged and suggested == labels[aid].get("true_rank")
        for key in ("all", c["half"], c["kind"], c["dataset"]):
            cell = cells[(c["gold"], key)]
            cell[0] += 1
            cell[1] += int(right if c["gold"] == "misattributed" else flagged)
            cell[2] += int(flagged)
    print(f"citeaudit eval misattribution: {json.dumps(report.get('misattribution'))}")
    keys = ["all", "fit", "check", "same_claim", "related", "random", *SETS]
    head = f"{'':22} {'right-source recall':>24} {'flagged (any source)':>22} {'false flags':>18}"
    print(f"{head} {'right citations flagged':>24}")
    summary: dict[str, Any] = {}
    for key in keys:
        m, n = cells.get(("misattributed", key)), cells.get(("not_supported", key))
        if m is None or n is None:
            continue
        ok = cells.get(("supported", key))  # None for a set built before right citations were
        right_flags = f" {ok[1]:>10} / {ok[0]:<5} = {ok[1] / ok[0]:.3f}" if ok else ""
        print(
            f"{key:22} {m[1]:>6} / {m[0]:<5} = {m[1] / m[0]:.3f} {m[2]:>8} / {m[0]:<5}"
            f" {n[1]:>6} / {n[0]:<5} = {n[1] / n[0]:.3f}{right_flags}"
        )
        summary[key] = {"recall": m[1] / m[0], "false_flags": n[1] / n[0], "n": m[0]}
        if ok:
            summary[key]["right_citations_flagged"] = ok[1] / ok[0]
    two = cells.get(("second_source", "all"))
    if two:  # a set built before these were
        print(f"right citations with a second supporting source retrieved, flagged: {two[1]} / {two[0]}")
        summary["second_source_flagged"] = two[1] / two[0]
    return summary


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    b = sub.add_parser("build")
    b.add_argument("out", type=Path)
    b.add_argument("--per-set", type=int, default=60, help="misattributions (and as many negatives) per set")
    b.add_argument("--seed", type=int, default=7)
    b.add_argument("--random", action="store_true", help="the WiCE-shaped construction: other claims' sources cited")
    m = sub.add_parser("measure")
    m.add_argument("out", type=Path)
    m.add_argument("--reuse-db", action="store_true")
    args = ap.parse_args()
    if args.cmd == "build" and args.random:
        build_random(args.out, args.per_set, args.seed)
    elif args.cmd == "build":
        build(args.out, args.per_set, args.seed)
    else:
        measure(args.out, args.reuse_db)


if __name__ == "__main__":
    main()
