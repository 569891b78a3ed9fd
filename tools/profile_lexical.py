"""Micro-benchmark of the audit's lexical + key-fact stage (`features.analyse_pair`) on the pairs a real audit analyses.

    python tools/profile_lexical.py collect ../shared/data/real/wice_dev_answers.parquet /tmp/lx/wice.pairs.pkl
    python tools/profile_lexical.py time /tmp/lx/wice.pairs.pkl [--passes 3] [--parts] [--paced-gc]
    python tools/profile_lexical.py profile /tmp/lx/wice.pairs.pkl [--top 30]
    python tools/profile_lexical.py dump /tmp/lx/wice.pairs.pkl /tmp/lx/wice.before.pkl
    python tools/profile_lexical.py compare /tmp/lx/wice.before.pkl /tmp/lx/wice.after.pkl

`collect` runs the audit once (a temporary DuckDB file, the default config and scorer pool, as `citeaudit eval`
runs it) with `verifier.analyse_pair` wrapped, and keeps every (claim, source, window_sentences, top_k) it is
called with, in call order, repeats included: exactly the pairs the runner analyses (cited pairs, the other
contexts of a citation that does not verify, uncited sentences against their best context).

`time` replays them single-process, every module cache emptied before each pass (as a fresh audit process starts),
and reports CPU seconds (`time.process_time`: the machine is shared, wall time is unreliable); `--parts` times the
pieces of `analyse_pair` one after another on the same pairs (each from empty caches, so shared per-source work is
charged to the first piece that does it). `profile` is the same pass under cProfile.

`dump` writes every pair's analysis (all fields of `PairAnalysis`: lexical result, key facts, missing-fact reasons,
scores, candidate windows and overlaps) and its feature vector (`pair_features` with the static model's cosines of
its candidates); `compare` checks two dumps for exact equality (np.array_equal on features, == on the rest).
"""

from __future__ import annotations

import argparse
import cProfile
import pickle
import pstats
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

Pair = tuple[str, str, int, int]  # claim, source, window_sentences, top_k


def collect(answers: str, out: Path) -> list[Pair]:
    from audit.config import AuditConfig
    from audit.runner import run_audit
    from audit.verify import verifier
    from audit.window import Window

    cfg = AuditConfig()
    seen: list[Pair] = []
    real = verifier.analyse_pair

    def recording(claim: str, source: str, window_sentences: int = 3, top_k: int = 4) -> Any:
        seen.append((claim, source, window_sentences, top_k))
        return real(claim, source, window_sentences, top_k)

    verifier.analyse_pair = recording  # type: ignore[assignment]
    try:
        with tempfile.TemporaryDirectory(prefix="profile-lexical-") as tmp:
            run_audit(answers, Path(tmp) / "audit.duckdb", Window(), cfg)
    finally:
        verifier.analyse_pair = real  # type: ignore[assignment]
    out.parent.mkdir(parents=True, exist_ok=True)
    with out.open("wb") as f:
        pickle.dump(seen, f)
    return seen


def load(path: Path) -> list[Pair]:
    with path.open("rb") as f:
        pairs: list[Pair] = pickle.load(f)
    return pairs


def clear_caches() -> None:
    """Empty every module-level cache the stage uses, as a fresh audit process has them."""
    from audit.verify import features, keyfacts, lexical, text

    caches: list[Any] = [
        features.index_source,
        lexical.folded,
        lexical._plain,
        text.content_words,
        text.stem,
    ]
    for mod in (keyfacts, lexical, text, features):
        for name in dir(mod):
            obj = getattr(mod, name)
            if callable(getattr(obj, "cache_clear", None)) and obj not in caches:
                caches.append(obj)
    for c in caches:
        c.cache_clear()


def _cpu(fn: Callable[[], None]) -> float:
    clear_caches()
    t = time.process_time()
    fn()
    return time.process_time() - t


def time_pass(pairs: Sequence[Pair]) -> float:
    from audit.verify.features import analyse_pair

    def run() -> None:
        for c, s, w, k in pairs:
            analyse_pair(c, s, w, k)

    return _cpu(run)


def time_parts(pairs: Sequence[Pair]) -> dict[str, float]:
    """Each piece of `analyse_pair` over all pairs, from empty caches (a piece that shares per-source work with an
    earlier one is charged for it again here: the parts add up to more than the whole)."""
    from rapidfuzz import fuzz

    from audit.verify.features import _content_sequence, _top_windows, index_source
    from audit.verify.keyfacts import key_facts, missing_facts
    from audit.verify.lexical import find_loose, fuzzy_text, lexical_verify, quoted_spans
    from audit.verify.text import content_words

    def each(fn: Callable[[str, str, int, int], object]) -> Callable[[], None]:
        def run() -> None:
            for c, s, w, k in pairs:
                fn(c, s, w, k)

        return run

    def top(c: str, s: str, w: int, k: int) -> None:
        src = index_source(s, w)
        if src.windows:
            _top_windows(content_words(c), src, k)

    parts: dict[str, Callable[[], None]] = {
        "lexical_verify": each(lambda c, s, w, k: lexical_verify(c, s)),
        "  quotes (find_loose)": each(lambda c, s, w, k: [find_loose(q, s) for q in quoted_spans(c)]),
        "  exact (find_loose)": each(lambda c, s, w, k: find_loose(c, s) if c.strip() and s.strip() else None),
        "  partial_ratio_alignment": each(
            lambda c, s, w, k: fuzz.partial_ratio_alignment(fuzzy_text(c), s.lower()) if c.strip() else None
        ),
        "key_facts (claim)": each(lambda c, s, w, k: key_facts(c)),
        "missing_facts": each(lambda c, s, w, k: missing_facts(key_facts(c), s)),
        "index_source": each(lambda c, s, w, k: index_source(s, w)),
        "claim words + bigrams": each(lambda c, s, w, k: (content_words(c), _content_sequence(c))),
        "_top_windows (after index)": lambda: (each(lambda c, s, w, k: index_source(s, w))(), each(top)()),
    }
    out = {}
    for name, fn in parts.items():
        out[name] = _cpu(fn)
    # the last one includes building the indexes: report the windows' own share
    out["_top_windows (after index)"] -= out["index_source"]
    return out


def analysis_record(a: Any) -> tuple[Any, ...]:
    return (
        a.claim,
        a.lexical,
        a.facts,
        a.missing,
        a.partial,
        a.keyword,
        a.bigram,
        a.idf_coverage,
        tuple(sorted(a.claim_words)),
        a.missing_words,
        a.candidates,
        a.candidate_overlap,
    )


def dump(pairs: Sequence[Pair], out: Path) -> None:
    from audit.config import AuditConfig
    from audit.verify.features import analyse_pair, pair_features
    from audit.verify.verifier import embed_candidates, static_scorer

    cfg = AuditConfig()
    analyses = [analyse_pair(c, s, w, k) for c, s, w, k in pairs]
    cosines = embed_candidates(analyses, static_scorer(cfg.verify.static_model))
    x = np.vstack([pair_features(a, cos) for a, cos in zip(analyses, cosines, strict=True)])
    with out.open("wb") as f:
        pickle.dump({"records": [analysis_record(a) for a in analyses], "features": x}, f)
    print(f"{len(pairs)} pairs dumped to {out}")


def compare(a_path: Path, b_path: Path) -> bool:
    with a_path.open("rb") as f:
        a = pickle.load(f)
    with b_path.open("rb") as f:
        b = pickle.load(f)
    same_x = a["features"].shape == b["features"].shape and np.array_equal(a["features"], b["features"])
    diff = [i for i, (ra, rb) in enumerate(zip(a["records"], b["records"], strict=True)) if ra != rb]
    ok = same_x and not diff and len(a["records"]) == len(b["records"])
    n = len(a["records"])
    print(f"{n} pairs: features identical: {same_x}; analyses differing: {len(diff)} {diff[:10]}")
    return ok


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("collect")
    c.add_argument("answers")
    c.add_argument("out", type=Path)
    t = sub.add_parser("time")
    t.add_argument("pairs", type=Path)
    t.add_argument("--passes", type=int, default=3)
    t.add_argument("--parts", action="store_true")
    t.add_argument("--paced-gc", action="store_true", help="the collector's pace the citeaudit command sets")
    p = sub.add_parser("profile")
    p.add_argument("pairs", type=Path)
    p.add_argument("--top", type=int, default=30)
    p.add_argument("--sort", default="tottime")
    d = sub.add_parser("dump")
    d.add_argument("pairs", type=Path)
    d.add_argument("out", type=Path)
    m = sub.add_parser("compare")
    m.add_argument("a", type=Path)
    m.add_argument("b", type=Path)
    args = ap.parse_args(argv)

    if args.cmd == "collect":
        pairs = collect(args.answers, args.out)
        print(f"{len(pairs)} pairs ({len(set(pairs))} distinct, {len({p[1] for p in pairs})} sources) -> {args.out}")
    elif args.cmd == "time":
        pairs = load(args.pairs)
        if args.paced_gc:
            from audit.gc_tuning import pace_collector

            pace_collector()
        secs = [time_pass(pairs) for _ in range(args.passes)]
        print(
            f"{len(pairs)} pairs, {len({p[1] for p in pairs})} sources: analyse_pair CPU s per pass "
            f"min {min(secs):.3f} median {statistics.median(secs):.3f} ({' '.join(f'{s:.3f}' for s in secs)})"
        )
        if args.parts:
            for name, s in time_parts(pairs).items():
                print(f"  {name:32s} {s:7.3f} s")
    elif args.cmd == "profile":
        pairs = load(args.pairs)
        prof = cProfile.Profile()
        clear_caches()
        from audit.verify.features import analyse_pair

        prof.enable()
        for cl, s, w, k in pairs:
            analyse_pair(cl, s, w, k)
        prof.disable()
        pstats.Stats(prof).sort_stats(args.sort).print_stats(args.top)
    elif args.cmd == "dump":
        dump(load(args.pairs), args.out)
    elif args.cmd == "compare":
        return 0 if compare(args.a, args.b) else 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
