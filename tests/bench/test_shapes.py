"""The real-shaped benchmark input: seeded, Zipf reuse of many distinct chunks, long documents, unique claims."""

from __future__ import annotations

from collections import Counter
from datetime import timedelta
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from audit.bench.shapes import BENCH_DAY, KnowledgeBase, RealShape, write_night
from audit.contract import answers_schema

SHAPE = RealShape(kb_chunks=2_000, long_docs=10)


@pytest.fixture(scope="module")
def kb() -> KnowledgeBase:
    return KnowledgeBase(SHAPE)


@pytest.fixture(scope="module")
def nights(kb: KnowledgeBase, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    out = tmp_path_factory.mktemp("shape")
    first = write_night(out / "a", kb, SHAPE, 400, BENCH_DAY, seed=1)
    second = write_night(out / "b", kb, SHAPE, 400, BENCH_DAY + timedelta(days=1), seed=2)
    return first, second


def _rows(path: Path) -> list[dict]:  # type: ignore[type-arg]
    return pq.read_table(path).to_pylist()


def test_contract_and_layout(nights: tuple[Path, Path]) -> None:
    first, second = nights
    assert first.parent.name == f"date={BENCH_DAY}" and second.parent.name == f"date={BENCH_DAY + timedelta(days=1)}"
    assert pq.read_schema(first).remove_metadata() == answers_schema().remove_metadata()
    assert {r["logged_at"].date() for r in _rows(first)} == {BENCH_DAY}


def test_same_arguments_same_bytes(kb: KnowledgeBase, tmp_path: Path, nights: tuple[Path, Path]) -> None:
    again = write_night(tmp_path, kb, SHAPE, 400, BENCH_DAY, seed=1)
    assert pq.read_table(again).equals(pq.read_table(nights[0]))


def test_chunks_realistic_reused_zipf_and_long_documents(nights: tuple[Path, Path]) -> None:
    ctx = [c for r in _rows(nights[0]) for c in r["contexts"]]
    lengths = [len(c["text"]) for c in ctx if c["chunk_id"] != "page"]
    assert min(lengths) >= 300 and max(lengths) <= 2_000 + 400  # a chunk ends on a whole sentence
    long = [len(c["text"]) for c in ctx if c["chunk_id"] == "page"]
    assert long and min(long) >= 8_000
    uses = Counter((c["doc_id"], c["chunk_id"]) for c in ctx if c["chunk_id"] != "page")
    counts = sorted(uses.values(), reverse=True)
    assert counts[0] >= 20 * counts[len(counts) // 2]  # a few chunks are retrieved again and again ...
    assert len(uses) > 0.25 * sum(counts)  # ... over a long tail of distinct ones


def test_claims_unique_some_sentences_uncited(nights: tuple[Path, Path]) -> None:
    answers = [r["answer"] for r in _rows(nights[0])] + [r["answer"] for r in _rows(nights[1])]
    sentences = [s for a in answers for s in a.split(". ") if "[" in s]
    assert len(set(sentences)) == len(sentences)  # no claim repeats, not even across nights
    assert sum(1 for a in answers for s in a.split(". ") if "[" not in s and len(s.split()) > 6) > len(answers) / 2


def test_second_night_reuses_the_knowledge_base(nights: tuple[Path, Path]) -> None:
    def chunks(p: Path) -> set[str]:
        return {c["text"] for r in _rows(p) for c in r["contexts"]}

    a, b = chunks(nights[0]), chunks(nights[1])
    assert len(a & b) > 0.2 * len(b)
