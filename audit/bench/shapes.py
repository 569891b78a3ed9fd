"""Benchmark inputs shaped like production logs: a knowledge base of many distinct chunks, Zipf reuse, long documents.

A real assistant answers from a knowledge base of thousands of chunks (300-2,000 characters) and some long documents
(whole web pages, manuals); popular chunks are retrieved again and again (Zipf), but every answer states its own
claims, and some of its sentences carry no citation. `write_night` writes one UTC day of such answers; nights with
the same `kb_seed` share the knowledge base, so the second night measures a warm embedding cache over new answers.

Words come from the embedding model's own vocabulary (whole-word entries), so texts tokenize like English prose.
Everything is seeded: the same arguments write the same files.
"""

from __future__ import annotations

import bisect
import itertools
import random
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from functools import cache
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq

from audit.contract import answers_schema
from audit.verify.semantic import DEFAULT_MODEL, resolve_model_path

BENCH_DAY = date(2026, 11, 1)
_ROWS_PER_GROUP = 2000  # rows built and written at a time: generation memory stays flat in N


@dataclass(frozen=True)
class RealShape:
    """The knobs of the real-shaped profile (defaults: a mid-size support knowledge base)."""

    kb_chunks: int = 20_000  # distinct chunks of 300-2,000 characters
    long_docs: int = 300  # documents of 8,000-40,000 characters (web pages, manuals)
    long_share: float = 0.06  # share of retrieved contexts that are a long document
    zipf_s: float = 1.05  # chunk popularity: the k-th most retrieved chunk is retrieved ~ 1/k^s as often
    contexts: tuple[int, int] = (3, 6)  # retrieved contexts per answer
    cited: tuple[int, int] = (1, 4)  # cited sentences per answer
    uncited: tuple[int, int] = (0, 3)  # factual sentences without a citation
    misattributed: float = 0.05  # share of citations pointing at the wrong retrieved context
    out_of_range: float = 0.02  # share of numeric markers beyond the retrieved contexts
    kb_seed: int = 2026


@cache
def _vocabulary() -> tuple[str, ...]:
    """Whole English words of the packaged model's WordPiece vocabulary (one token each)."""
    vocab = Path(resolve_model_path(DEFAULT_MODEL)) / "vocab.txt"
    words = [w for w in vocab.read_text().split() if w.isalpha() and w.isascii() and len(w) >= 3]
    return tuple(words[:12_000])


class _Words:
    """Zipf-weighted word sampler: frequent words are frequent, like in prose (idf then means something)."""

    def __init__(self, rng: random.Random) -> None:
        words = list(_vocabulary())  # WordPiece vocabularies list frequent words first
        self.words = words
        self.cum = list(itertools.accumulate(1.0 / (k + 1) for k in range(len(words))))

    def pick(self, rng: random.Random, n: int) -> list[str]:
        total = self.cum[-1]
        return [self.words[bisect.bisect_left(self.cum, rng.random() * total)] for _ in range(n)]


def _sentence(words: _Words, rng: random.Random) -> str:
    ws = words.pick(rng, rng.randint(8, 24))
    if rng.random() < 0.35:
        ws.insert(rng.randrange(len(ws)), str(rng.choice([rng.randint(2, 99), rng.randint(100, 9999)])))
    if rng.random() < 0.2:
        ws.insert(rng.randrange(len(ws)), rng.choice(words.words[:4000]).capitalize())
    return ws[0].capitalize() + " " + " ".join(ws[1:]) + "."


def _text(words: _Words, rng: random.Random, lo: int, hi: int) -> str:
    target = rng.randint(lo, hi)
    out: list[str] = []
    n = 0
    while n < target:
        s = _sentence(words, rng)
        out.append(s)
        n += len(s) + 1
    return " ".join(out)


@dataclass(frozen=True)
class _Source:
    doc_id: str
    chunk_id: str
    title: str
    page: int
    text: str


class KnowledgeBase:
    """The seeded chunks and long documents; built once per shape, shared by every night."""

    def __init__(self, shape: RealShape) -> None:
        rng = random.Random(shape.kb_seed)
        self.words = _Words(rng)
        self.chunks = [
            _Source(f"kb_doc_{i // 8}", f"chunk-{i % 8}", f"KB article {i // 8}", 1 + (i % 8) // 3, "")
            for i in range(shape.kb_chunks)
        ]
        self._chunk_seed = rng.randrange(2**31)
        self.long = [
            _Source(f"web_{i}", "page", f"Long document {i}", 1, _text(self.words, rng, 8_000, 40_000))
            for i in range(shape.long_docs)
        ]
        order = list(range(shape.kb_chunks))
        rng.shuffle(order)  # popularity is unrelated to chunk id
        self.by_popularity = order
        self.cum = list(itertools.accumulate(1.0 / (k + 1) ** shape.zipf_s for k in range(shape.kb_chunks)))

    @cache  # noqa: B019 - one KB per benchmark; texts are built lazily so a 20k-chunk KB costs only what is retrieved
    def chunk_text(self, i: int) -> str:
        return _text(self.words, random.Random(self._chunk_seed * 1_000_003 + i), 300, 2_000)

    def retrieve(self, rng: random.Random, k: int, long_share: float) -> list[_Source]:
        seen: set[int] = set()
        out: list[_Source] = []
        while len(out) < k:
            if self.long and rng.random() < long_share:
                out.append(rng.choice(self.long))
                continue
            pos = bisect.bisect_left(self.cum, rng.random() * self.cum[-1])
            i = self.by_popularity[min(pos, len(self.by_popularity) - 1)]
            if i in seen:
                continue
            seen.add(i)
            c = self.chunks[i]
            out.append(_Source(c.doc_id, c.chunk_id, c.title, c.page, self.chunk_text(i)))
        return out


def _claim_from(source: str, words: _Words, rng: random.Random) -> str:
    """A sentence of the source, reworded a little and made unique to this answer (claims never repeat): a word
    dropped, two swapped, and one or two words of the same source added (an off-topic word now and then)."""
    sentences = [s for s in source.split(". ") if s]
    ws = rng.choice(sentences).rstrip(".").split()
    if len(ws) > 6 and rng.random() < 0.7:
        del ws[rng.randrange(1, len(ws))]
    if len(ws) > 4 and rng.random() < 0.5:
        j = rng.randrange(1, len(ws) - 1)
        ws[j], ws[j + 1] = ws[j + 1], ws[j]
    pool = source.split()
    extra = [rng.choice(pool).strip(".").lower() for _ in range(rng.randint(1, 2))]
    if rng.random() < 0.1:
        extra = words.pick(rng, 1)
    ws += extra
    return ws[0][:1].upper() + ws[0][1:] + " " + " ".join(ws[1:]) + "."


def _answer(kb: KnowledgeBase, shape: RealShape, rng: random.Random) -> tuple[str, list[_Source]]:
    ctx = kb.retrieve(rng, rng.randint(*shape.contexts), shape.long_share)
    parts: list[str] = []
    for _ in range(rng.randint(*shape.cited)):
        k = rng.randrange(len(ctx))
        claim = _claim_from(ctx[k].text, kb.words, rng)
        cited = k
        if rng.random() < shape.misattributed and len(ctx) > 1:
            cited = (k + rng.randrange(1, len(ctx))) % len(ctx)
        if rng.random() < shape.out_of_range:
            marker = f"[{len(ctx) + rng.randint(1, 3)}]"
        elif rng.random() < 0.2:
            marker = f"[citation:{ctx[cited].doc_id}:{ctx[cited].chunk_id}]"
        else:
            marker = f"[{cited + 1}]"
        parts.append(claim[:-1] + " " + marker + ".")
    for _ in range(rng.randint(*shape.uncited)):
        parts.insert(rng.randrange(len(parts) + 1), _claim_from(rng.choice(ctx).text, kb.words, rng))
    if rng.random() < 0.3:
        parts.append(rng.choice(["Hope this helps!", "Let me know if you need more detail.", "Is there more?"]))
    return " ".join(parts), ctx


def _rows(kb: KnowledgeBase, shape: RealShape, rows: int, day: date, seed: int) -> Iterator[pa.Table]:
    rng = random.Random(seed)
    start = datetime(day.year, day.month, day.day, tzinfo=UTC)
    schema = answers_schema()
    for lo in range(0, rows, _ROWS_PER_GROUP):
        batch: dict[str, list[object]] = {f.name: [] for f in schema}
        for i in range(lo, min(rows, lo + _ROWS_PER_GROUP)):
            text, ctx = _answer(kb, shape, rng)
            batch["answer_id"].append(f"{day.isoformat()}-s{seed}-{i:07d}")
            batch["conversation_id"].append(f"conv-{seed}-{i // 3}")
            batch["turn_index"].append(i % 3)
            batch["logged_at"].append(start + timedelta(seconds=rng.randrange(86_400)))
            batch["tenant"].append(f"tenant-{rng.randrange(4)}")
            batch["model"].append(rng.choice(["gpt-4o", "claude-3", "llama-3-70b"]))
            batch["question"].append("What does the knowledge base say about " + " ".join(kb.words.pick(rng, 3)) + "?")
            batch["answer"].append(text)
            batch["contexts"].append(
                [
                    {
                        "doc_id": c.doc_id,
                        "chunk_id": c.chunk_id,
                        "title": c.title,
                        "page": c.page,
                        "url": None,
                        "text": c.text,
                    }
                    for c in ctx
                ]
            )
        yield pa.Table.from_pydict(batch, schema=schema)


def write_night(out: str | Path, kb: KnowledgeBase, shape: RealShape, rows: int, day: date, seed: int) -> Path:
    """Write `rows` answers logged on `day` to `out/date=DAY/part-0.parquet` (hive layout, like a log sink)."""
    path = Path(out) / f"date={day.isoformat()}" / "part-0.parquet"
    path.parent.mkdir(parents=True, exist_ok=True)
    with pq.ParquetWriter(path, answers_schema(), compression="zstd") as writer:
        for table in _rows(kb, shape, rows, day, seed):
            writer.write_table(table)
    return path
