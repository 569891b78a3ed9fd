"""The audit of one shard: stage -> extract -> resolve (DuckDB) -> assess (Python, batched) -> result tables.

A shard is a set of input files, a window and a contiguous range of `hash(answer_id)` (planned by estimated work in
`audit.shardplan`), so duplicates of one answer_id always meet in the same shard. Nothing here writes the DuckDB
output file.
"""

from __future__ import annotations

import json
import logging
import os
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import duckdb
import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from audit.config import AuditConfig
from audit.counts import AnswerCounts
from audit.errors import ConfigError, InputError
from audit.evidence import with_source_windows
from audit.extract.markers import extract_citations
from audit.guard import assess_guarded, move_to_quarantine, quarantine_failed, quarantine_too_many_citations
from audit.ingest import stage_answers
from audit.schema import RESULT_TABLES, conform
from audit.shardplan import hash_range_filter
from audit.sql import connect, run
from audit.timing import Stopwatch
from audit.verify.embcache import BoundedEmbeddingCache
from audit.verify.peercache import peer_cache, shared_first, sharing
from audit.verify.semantic import BiEncoderScorer, CrossEncoderScorer, EmbeddingCache, SemanticScorer, model_key
from audit.window import Window

log = logging.getLogger(__name__)

MANIFEST = "_manifest.json"


@dataclass(frozen=True)
class Shard:
    files: tuple[str, ...]
    window: Window
    index: int = 0
    count: int = 1
    contexts_files: tuple[str, ...] = ()
    hash_lo: int | None = None  # answers with hash(answer_id) in [hash_lo, hash_hi]; None: open end
    hash_hi: int | None = None
    est_seconds: float = 0.0  # the plan's estimate of this shard's work
    answers: int = 0  # rows of the window in this hash range, as planned (quarantined ones included)
    split: str | None = None  # this shard's folder of the split input (`audit.split`); None: scan the files
    # DuckDB `hash(text)` of the long contexts other shards also retrieved (`audit.verify.peercache`)
    shared_sources: tuple[int, ...] = ()

    @property
    def name(self) -> str:
        return f"shard-{self.index:05d}-of-{self.count:05d}"


@dataclass
class ShardResult:
    tables: dict[str, pa.Table]
    embeddings: pa.Table
    counts: AnswerCounts
    embedded: int  # texts this shard had to embed (cache misses)
    alignments: pa.Table  # token alignments of the pairs aligned here (`alignment_cache` rows)


def new_cache(cfg: AuditConfig, cache_db: str | Path | None = None) -> BoundedEmbeddingCache:
    """The bi-encoder's cache (at most `[run] cache_vectors` vectors), primed from the DuckDB file if it exists."""
    cache = BoundedEmbeddingCache(model_key(cfg.verify.model, cfg.verify.quantize), cfg.run.cache_vectors)
    if cache_db is not None and Path(cache_db).exists():
        load_cache(cache, Path(cache_db))
    return cache


def make_scorer(
    cfg: AuditConfig,
    cache_db: str | Path | None = None,
    replica: int = 0,
    threads: int = 0,
    cache: EmbeddingCache | None = None,
) -> SemanticScorer:
    """The configured semantic scorer, with `cache` or a new one primed from `cache_db` (`new_cache`). `replica` > 0:
    a model of its own (for another shard thread), running on `threads` threads per call (0: every core)."""
    check_device(cfg.verify.device)
    if cfg.verify.nli_model:
        return CrossEncoderScorer(cfg.verify.nli_model, cfg.verify.device)
    if cache is None:
        cache = new_cache(cfg, cache_db)
    return BiEncoderScorer(
        cfg.verify.model, cfg.verify.device, cfg.verify.batch_size, cache, cfg.verify.quantize, replica, threads
    )


def runs_on_torch(cfg: AuditConfig) -> bool:
    """Whether the configured transformer runs on torch (float MiniLM or a cross-encoder); the int8 default runs on
    ONNX Runtime and never imports torch."""
    return cfg.verify.quantize == "none" or bool(cfg.verify.nli_model)


def check_device(device: str) -> None:
    """A device torch cannot use is a config error, named before any work (not a traceback mid-run)."""
    if device == "cpu":
        return
    import torch

    if device.startswith("cuda") and not torch.cuda.is_available():
        raise ConfigError(f"verify.device = {device!r} but torch sees no CUDA device here; use device = 'cpu'")
    if device.startswith("cuda:") and int(device.split(":")[1]) >= torch.cuda.device_count():
        raise ConfigError(f"verify.device = {device!r} but torch sees {torch.cuda.device_count()} CUDA devices")
    if device == "mps" and not torch.backends.mps.is_available():
        raise ConfigError("verify.device = 'mps' but torch sees no MPS device here; use device = 'cpu'")


PRIME_BATCH = 8192  # embedding_cache rows read at a time when a cache is primed from the database


def load_cache(cache: EmbeddingCache, db: Path) -> None:
    try:
        con = connect(db, read_only=True)
    except InputError as exc:  # locked by a writer or not a DuckDB file: run without the cache
        log.warning("embedding cache not read from %s: %s", db, exc)
        return
    with con:
        if _has_table(con, "embedding_cache"):
            limit = getattr(cache, "limit", None)
            reader = con.sql(
                "SELECT content_hash, embedding FROM embedding_cache WHERE model = $model LIMIT $limit",
                params={"model": cache.model, "limit": int(limit) if limit else None},
            ).to_arrow_reader(PRIME_BATCH)
            # closed even on an error: a reader left open (held by the traceback) keeps this read-only database
            # open, and the failed run's write to the same file then spins forever in duckdb.connect
            dim: int | None = None
            ignored = 0
            with reader:
                for batch in reader:  # in batches: a whole table of vectors at once doubled the priming's memory
                    dim = dim or _cache_dimension(batch)
                    usable = _usable_vectors(batch, dim)
                    ignored += batch.num_rows - usable.num_rows
                    cache.load_table(usable)
            if ignored:
                log.warning(
                    "embedding cache of %s: ignored %d rows of embedding_cache for %s that are no %s-dimension unit "
                    "vector (NULL, empty, another length, NaN or infinite values); their texts are embedded again "
                    "and the rows replaced",
                    db,
                    ignored,
                    cache.model,
                    dim,
                )
            log.info("embedding cache: %d vectors for %s", len(cache), cache.model)
        _load_alignments(cache, con, db)


def _has_table(con: duckdb.DuckDBPyConnection, name: str) -> bool:
    return con.execute(
        "SELECT count(*) FROM information_schema.tables WHERE table_name = $name", {"name": name}
    ).fetchall() == [(1,)]


def _load_alignments(cache: EmbeddingCache, con: duckdb.DuckDBPyConnection, db: Path) -> None:
    """Prime the cache's token alignments from the `alignment_cache` table (a file from before it has none)."""
    if not _has_table(con, "alignment_cache"):
        return
    reader = con.sql(
        "SELECT pair_hash, token_align FROM alignment_cache WHERE model = $model LIMIT $limit",
        params={"model": cache.model, "limit": cache.align_limit},
    ).to_arrow_reader(PRIME_BATCH)
    ignored = 0
    with reader:  # closed even on an error (see load_cache)
        for batch in reader:
            ignored += cache.load_alignments(pa.Table.from_batches([batch]))
    if ignored:
        log.warning(
            "embedding cache of %s: ignored %d rows of alignment_cache for %s (NULL key, or no number in [0, 1]); "
            "their pairs are aligned again",
            db,
            ignored,
            cache.model,
        )


def _cache_dimension(batch: pa.RecordBatch) -> int | None:
    """The length most vectors of a batch of `embedding_cache` rows have (None: no vector in it)."""
    lengths = pc.list_value_length(batch.column("embedding")).drop_null()
    counts = pc.value_counts(pc.filter(lengths, pc.greater(lengths, 0)))
    if len(counts) == 0:
        return None
    ranked = sorted(counts.to_pylist(), key=lambda c: (-c["counts"], -c["values"]))
    return int(ranked[0]["values"])


def _usable_vectors(batch: pa.RecordBatch, dim: int | None) -> pa.Table:
    """The rows of a batch of `embedding_cache` whose vector can be primed: a key, `dim` values, all finite, of
    unit length (the scorer's vectors are normalized). A cache must never sink a run: a row written by hand or by
    another tool (a short vector made priming fail with a reshape error) is left out and its text embedded again."""
    table = pa.Table.from_batches([batch])
    if dim is None:
        return table.slice(0, 0)
    emb = table.column("embedding")
    ok = np.asarray(
        pc.fill_null(
            pc.and_(pc.is_valid(table.column("content_hash")), pc.equal(pc.list_value_length(emb), dim)), False
        ),
        dtype=bool,
    )
    if ok.any():
        vecs = pc.list_flatten(emb.filter(pa.array(ok))).to_numpy(zero_copy_only=False).astype(np.float32)
        vecs = vecs.reshape(-1, dim)  # a NULL inside a vector is NaN here
        with np.errstate(invalid="ignore", over="ignore"):
            good = np.isfinite(vecs).all(axis=1) & (np.abs(np.linalg.norm(vecs, axis=1) - 1.0) < UNIT_TOLERANCE)
        ok[ok] = good
    return table.filter(pa.array(ok))


UNIT_TOLERANCE = 1e-2  # a cached vector's norm may differ from 1 by this much (float16 / int8 rounding is ~1e-3)


# A shard's private DuckDB gives freed memory back to the OS early: by default DuckDB's allocator keeps up to 128 MB
# (512 MB after bulk frees) of it per process, and a shard's input scan frees ~200 MB (a real-shaped shard of
# ~1,300 answers, measured: resident memory after staging 356 MB by default, 257 MB with these thresholds). Shards
# audited two at a time each kept theirs, which made the audit's peak grow with the shard size.
SHARD_DUCKDB = {"allocator_flush_threshold": "32MB", "allocator_bulk_deallocation_flush_threshold": "32MB"}


def audit_shard(
    shard: Shard,
    cfg: AuditConfig,
    run_id: str,
    scorer: SemanticScorer,
    progress: Callable[[int], None] | None = None,
    watch: Stopwatch | None = None,
    threads: int = 0,
    peer: Path | None = None,
) -> ShardResult:
    """Audit one shard in a private in-memory DuckDB (on `threads` threads; 0: one per core); returns the rows of
    every result table. `peer`: the run's folder where shards in other processes share the per-source work of the
    sources they all retrieved (`audit.verify.peercache`)."""
    watch = watch or Stopwatch()
    with connect(config={**SHARD_DUCKDB, **({"threads": threads} if threads > 0 else {})}) as con:
        with watch("ingest"):
            counts = _stage(con, shard, cfg)
            shared = peer_cache(con, shard.shared_sources, peer)
        with watch("extract"):
            extract_citations(con, cfg.extract.numeric_base)
            counts = _quarantine_blank_structured(con, counts)
            counts = quarantine_too_many_citations(con, counts, cfg.run.max_citations_per_answer)
        with watch("resolve"):
            run(con, "resolve")
        cite_rows, uncited_rows, stat_rows, unit_rows = [], [], [], []
        failed: dict[str, str] = {}  # answers whose assessment raised: quarantined, the run goes on (audit/guard.py)
        before = getattr(scorer, "encoded", 0)
        with watch("verify"), sharing(shared):
            reader = con.sql(_BATCH_QUERY).to_arrow_reader(cfg.run.batch_answers)
            for batch in reader:
                res = assess_guarded(shared_first(batch.to_pylist(), shared, shard.index), cfg, scorer, failed)
                cite_rows += res.citations
                uncited_rows += res.uncited
                stat_rows += res.stats
                unit_rows += res.units
                if progress:
                    progress(batch.num_rows)
            counts = quarantine_failed(con, counts, failed)
        if shared is not None:
            done = "%s: per-source work of shared sources: %d read from peers, %d written"
            log.info(done, shard.name, *shared.counts)
        with watch("score"):
            tables = _result_tables(con, cfg, run_id, cite_rows, uncited_rows, stat_rows, unit_rows)
        embedded = getattr(scorer, "encoded", 0) - before
        cache = getattr(scorer, "cache", None)
        cache = cache if cache is not None else EmbeddingCache("none")
        return ShardResult(tables, cache.take_new_rows(), counts, embedded, cache.take_new_alignments())


def _stage(con: duckdb.DuckDBPyConnection, shard: Shard, cfg: AuditConfig) -> AnswerCounts:
    counts = stage_answers(
        con,
        list(shard.files),
        shard.window,
        cfg.run.column_mapping,
        list(shard.contexts_files) or None,
        row_filter=hash_range_filter(shard.hash_lo, shard.hash_hi),
        split=shard.split,
        limits=(cfg.run.max_answer_chars, cfg.run.max_contexts_chars, cfg.run.max_contexts_per_answer),
    )
    return counts


def _quarantine_blank_structured(con: duckdb.DuckDBPyConnection, counts: AnswerCounts) -> AnswerCounts:
    """Structured output whose answer text is blank (`{"answer": ""}`, a final event with `"data": " "`) goes to
    quarantine like a blank plain answer: the text is known only once the JSON is read, after validation."""
    return move_to_quarantine(
        con,
        counts,
        "SELECT answer_id, $reason AS reason FROM texts WHERE structured AND is_blank(answer_text)",  # validate.sql
        {"reason": "answer is empty: the JSON's answer text holds nothing to audit"},
    )


_BATCH_QUERY = """
WITH cites AS (
    SELECT answer_id, list(struct_pack(citation_ord, marker, dialect, char_start, char_end, cited_ref, json_claim,
                                       context_rank, doc_id, chunk_id, doc_ranks, fabricated_reason,
                                       quote, claimed_type, confidence_raw)
                           ORDER BY citation_ord) AS citations
    FROM resolved GROUP BY answer_id
), contexts AS (
    SELECT answer_id, list(struct_pack(rank, text, doc_id, chunk_id) ORDER BY rank) AS contexts
    FROM ctx GROUP BY answer_id
)
SELECT a.answer_id, a.logged_at, t.answer_text, t.confidence_raw, t.missing_information_raw, c.citations, x.contexts,
       r.ref_start, t.prose_around
FROM answers_ok a JOIN texts t USING (answer_id)
LEFT JOIN cites c USING (answer_id) LEFT JOIN contexts x USING (answer_id) LEFT JOIN reference_lists r USING (answer_id)
ORDER BY a.answer_id
"""


def _result_tables(
    con: duckdb.DuckDBPyConnection,
    cfg: AuditConfig,
    run_id: str,
    cite_rows: list[dict[str, object]],
    uncited_rows: list[dict[str, object]],
    stat_rows: list[dict[str, object]],
    unit_rows: list[dict[str, object]],
) -> dict[str, pa.Table]:
    for rows in (cite_rows, uncited_rows):
        for r in rows:
            r["run_id"] = run_id
    citations = with_source_windows(con, conform(cite_rows, "citation_audit"))
    stats = pa.Table.from_pylist(
        stat_rows,
        schema=pa.schema(
            [("answer_id", pa.string())]
            + [(k, pa.int32()) for k in ("n_sentences", "n_claims", "n_cited_sentences", "n_uncited_claims")]
            + [("claimed_confidence", pa.float64()), ("missing_information", pa.string())]
            + [("self_report_flags", pa.list_(pa.string()))]
        ),
    )
    con.register("cite_rows", citations)
    con.register("stat_rows", stats)
    units = [("answer_id", pa.string()), ("citation_ord", pa.int32()), ("claim_sentences", pa.string())]
    units.append(("statement", pa.bool_()))
    con.register("claim_units", pa.Table.from_pylist(unit_rows, schema=pa.schema(units)))
    lv = cfg.levels
    settings: dict[str, float | str] = {
        "green": lv.green_min_integrity,
        "yellow": lv.yellow_min_integrity,
        "min_coverage": lv.min_coverage,
        "prefix": lv.required_prefix,
        "overconfident_at": lv.overconfident_confidence,
        "overconfident_gap": lv.overconfident_gap,
    }
    for name, value in settings.items():
        con.execute(f"SET VARIABLE {name} = $value", {"value": value if isinstance(value, str) else float(value)})
    run(con, "answer_audit")
    answers = con.sql("SELECT $run_id AS run_id, * FROM answer_rows ORDER BY answer_id", params={"run_id": run_id})
    quarantine = con.sql(
        "SELECT $run_id AS run_id, source, row_ref, answer_id, logged_at, field, reason "
        "FROM quarantined ORDER BY row_ref",
        params={"run_id": run_id},
    )
    return {
        "answer_audit": conform(answers.to_arrow_table().to_pylist(), "answer_audit"),
        "citation_audit": citations,
        "uncited_claims": conform(uncited_rows, "uncited_claims"),
        "quarantine": conform(quarantine.to_arrow_table().to_pylist(), "quarantine"),
    }


def write_shard_result(result: ShardResult, out_dir: Path, shard: Shard) -> Path:
    """Write a shard's tables as Parquet; the manifest is written last, so a folder without one is incomplete."""
    final = out_dir / shard.name
    tmp = out_dir / f".{shard.name}.tmp-{os.getpid()}"
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    for name in RESULT_TABLES:
        pq.write_table(result.tables[name], tmp / f"{name}.parquet")
    # no dictionary for the vectors' numbers (it cost ~6x the write: 0.07 against 0.01 s for AB dev's 3,274 vectors)
    pq.write_table(result.embeddings, tmp / "embedding_cache.parquet", use_dictionary=["model"])
    pq.write_table(result.alignments, tmp / "alignment_cache.parquet")
    manifest = {
        "shard": shard.name,
        "answers_read": result.counts.answers_read,
        "answers_audited": result.counts.answers_audited,
        "answers_quarantined": result.counts.answers_quarantined,
        "citations": result.tables["citation_audit"].num_rows,
        "embedded": result.embedded,
    }
    (tmp / MANIFEST).write_text(json.dumps(manifest, indent=2))
    shutil.rmtree(final, ignore_errors=True)
    tmp.rename(final)
    return final
