"""Split a run's window into one folder of Parquet per shard, once, so that each shard reads only its own rows.

Without it every shard scans the whole window and keeps its `hash(answer_id)` range: the filter cannot skip pages
(the hash is random across the file), so each scan decompresses every answer and source text of the window. At
100,000 real-shaped answers that is ~4 s per shard, so the shard plan had to make shards larger as the window grew
(to keep those scans a small share of the work), and a shard's memory grows with its size: the audit's peak
resident memory grew with the window. Split once, a shard's read is its own rows, whatever the window.

The split writes what the shard's staging would have read: the contract's columns after `[run] column_mapping` and
the `logged_at` conversion, the raw `logged_at` text, and the original `source_file` and `row_no` (a quarantined
row still names the file and row of the log). Duplicates of one answer_id share a hash, so they land in the same
shard folder (the duplicate check needs that). Rows stream through Arrow batches: at most `buffer_bytes` wait in
memory before the largest shard's rows are written as one more part file.
"""

from __future__ import annotations

import dataclasses
import logging
import shutil
from collections.abc import Callable, Sequence
from pathlib import Path

import duckdb
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from audit.affinity import MAX_ANSWERS as AFFINITY_MAX_ANSWERS
from audit.affinity import Assignment, Items, assign
from audit.config import AuditConfig
from audit.errors import InputError, one_line
from audit.ingest import CTX_FILE, CTX_ROW, check_context_files, check_files, describe_files, scan_sql, staging_columns
from audit.pipeline import Shard
from audit.shardplan import affinity_items, hash_of
from audit.sql import literal_path, parquet_files, quote, shared, threads
from audit.verify.peercache import MIN_CHARS as PEER_MIN_CHARS
from audit.window import Window

log = logging.getLogger(__name__)

DONE = "_SPLIT_DONE"  # written last: a folder with it is complete and is reused by a rerun of the same plan
BATCH_ROWS = 2048
SHARD_COLUMN = "__citeaudit_shard"  # added by the split's queries; not a name a log would use
BUFFER_BYTES = 128 << 20
GROUP_SHARDS = 64  # more shards than this are split in two passes (see `split_rows`)
GROUP_COLUMN = "__citeaudit_group"
ASSIGNMENT = "_assignment.parquet"  # hash(answer_id) -> shard, written by the caller's `prepare` (audit.affinity)


def shard_sql(bounds: Sequence[int], hash_sql: str) -> str:
    """The 0-based shard of a row: how many shard lower bounds its hash reaches, minus one (`bounds` ascending,
    the first one 0: the plan's shards are contiguous hash ranges covering every hash)."""
    los = ", ".join(str(int(b)) for b in bounds)
    return f"(len(list_filter([{los}]::UBIGINT[], lambda lo: lo <= {hash_sql})) - 1)"


def shard_folder(root: Path, index: int) -> Path:
    return root / f"shard-{index:05d}"


def split_rows(
    query: str,
    root: Path,
    shards: int,
    stem: str,
    describe: str,
    buffer_bytes: int = BUFFER_BYTES,
    con: duckdb.DuckDBPyConnection | None = None,
) -> int:
    """Write the rows of `query` (which has a 0-based SHARD_COLUMN) to `root/shard-NNNNN/{stem}-NNNNN.parquet`;
    every shard folder gets at least one (maybe empty) file, so each shard reads a schema. Returns rows written.
    Run on `con` (the run plan's database, on one thread while it splits) or a database of its own.

    A shard's folder holds one part per time its rows were written out of the buffer, and with many shards the
    buffer's share per shard is small: more than GROUP_SHARDS shards are split in two passes, first into groups of
    GROUP_SHARDS consecutive shards, then each group into its shards, so a shard gets a few parts, not hundreds."""
    if shards <= GROUP_SHARDS:
        return _route(query, root, SHARD_COLUMN, range(shards), stem, describe, buffer_bytes, con)
    groups = -(-shards // GROUP_SHARDS)
    staging = root / "_groups"
    grouped = f"SELECT *, {SHARD_COLUMN} // {GROUP_SHARDS} AS {GROUP_COLUMN} FROM ({query})"
    _route(grouped, staging, GROUP_COLUMN, range(groups), stem, describe, buffer_bytes, con)
    written = 0
    for g in range(groups):
        parts = quote(literal_path(shard_folder(staging, g)) + f"/{stem}-*.parquet")
        owned = range(g * GROUP_SHARDS, min(shards, (g + 1) * GROUP_SHARDS))
        written += _route(
            f"SELECT * FROM read_parquet({parts})", root, SHARD_COLUMN, owned, stem, describe, buffer_bytes, con
        )
        shutil.rmtree(shard_folder(staging, g))
    shutil.rmtree(staging)
    return written


def _route(
    query: str,
    root: Path,
    key: str,
    keys: range,
    stem: str,
    describe: str,
    buffer_bytes: int,
    con: duckdb.DuckDBPyConnection | None = None,
) -> int:
    """The rows of `query` into `root/shard-NNNNN/` by the value of its column `key`, which must lie in `keys`
    (that column is dropped; every folder of `keys` gets a file). At most `buffer_bytes` of rows wait in memory."""
    buffers: dict[int, list[pa.Table]] = {}
    sizes: dict[int, int] = {}
    parts: dict[int, int] = {}
    schema: pa.Schema | None = None
    written = 0

    def flush(k: int) -> None:
        nonlocal written
        table = pa.concat_tables(buffers.pop(k))
        sizes.pop(k, None)
        folder = shard_folder(root, k)
        folder.mkdir(parents=True, exist_ok=True)
        pq.write_table(table, folder / f"{stem}-{parts.get(k, 0):05d}.parquet", compression="zstd")
        parts[k] = parts.get(k, 0) + 1
        written += table.num_rows

    with shared(con) as db, threads(db, 1):
        try:
            reader = db.sql(query).to_arrow_reader(BATCH_ROWS)
            for batch in reader:
                table = pa.Table.from_batches([batch])
                values = table.column(key)
                table = table.drop_columns([key])
                schema = table.schema
                for k in pc.unique(values).to_pylist():
                    if k is None or k not in keys:
                        raise InputError(f"{describe}: a row fell outside every shard ({key} {k}, not in {keys})")
                    part = table.filter(pc.equal(values, k))
                    buffers.setdefault(k, []).append(part)
                    sizes[k] = sizes.get(k, 0) + part.nbytes
                while sum(sizes.values()) > buffer_bytes:
                    flush(max(sizes, key=lambda s: sizes[s]))
            for k in list(buffers):
                flush(k)
            if schema is None:  # no rows at all: the schema of the query's result
                schema = db.sql(f"SELECT * EXCLUDE ({key}) FROM ({query}) LIMIT 0").to_arrow_table().schema
        except duckdb.Error as exc:
            raise InputError(f"cannot split {describe} into shards: {one_line(str(exc))}") from None
    for k in keys:
        if k not in parts:
            folder = shard_folder(root, k)
            folder.mkdir(parents=True, exist_ok=True)
            pq.write_table(schema.empty_table(), folder / f"{stem}-00000.parquet", compression="zstd")
    return written


def split_window(
    answers_query: str,
    contexts_query: str | None,
    root: Path,
    shards: int,
    files: list[str],
    prepare: Callable[[Path], None] | None = None,
    con: duckdb.DuckDBPyConnection | None = None,
) -> list[Path]:
    """Split the window's answers (and a separate contexts table's rows, when given) into one folder per shard
    under `root`; reused when an earlier attempt finished. `prepare(root)` runs first in the new folder (it writes
    what the queries read, such as the shard assignment); the queries run on `con` or a database of their own. Returns
    the shard folders, in shard order."""
    folders = [shard_folder(root, k) for k in range(shards)]
    if (root / DONE).is_file():
        log.info("reusing the split input in %s", root)
        return folders
    shutil.rmtree(root, ignore_errors=True)
    root.mkdir(parents=True)
    if prepare is not None:
        prepare(root)
    rows = split_rows(answers_query, root, shards, "answers", describe_files(files), con=con)
    if contexts_query is not None:
        split_rows(contexts_query, root, shards, "contexts", "the contexts table", con=con)
    (root / DONE).write_text(f"{rows}\n")
    log.info("split %d answers into %d shard folders under %s", rows, shards, root)
    return folders


def split_input(
    files: list[str],
    window: Window,
    cfg: AuditConfig,
    contexts_files: list[str] | None,
    shards: list[Shard],
    root: Path,
    con: duckdb.DuckDBPyConnection | None = None,
) -> list[Shard]:
    """The window's rows written once into one folder per shard (`audit.split`), each shard then reads only its
    own: the shards' repeated scans of the whole window no longer grow with it. On `con` or a database of its own."""
    mapping = cfg.run.column_mapping
    scan = scan_sql(files, window, staging_columns(mapping, check_files(files, mapping)))
    by_source = sum(s.answers for s in shards) <= AFFINITY_MAX_ANSWERS
    answer_key = hash_of("s.answer_id")  # HASH_SQL on the scan's rows
    ctx_key = hash_of("CAST(c.answer_id AS VARCHAR)")  # as the answers' staging casts it
    if by_source:  # answers that share sources meet in one shard (`audit.affinity`)
        table = parquet_files([root / ASSIGNMENT])
        answers = (
            f"SELECT s.*, coalesce(a.shard, 0) AS {SHARD_COLUMN} FROM ({scan}) s "
            f"LEFT JOIN read_parquet({table}) a ON {answer_key} = a.h"
        )
        ctx_shard, ctx_join = "coalesce(a.shard, 0)", f" LEFT JOIN read_parquet({table}) a ON {ctx_key} = a.h"
    else:  # the plan's hash ranges
        bounds = [s.hash_lo or 0 for s in shards]
        answers = f"SELECT s.*, {shard_sql(bounds, answer_key)} AS {SHARD_COLUMN} FROM ({scan}) s"
        ctx_shard, ctx_join = shard_sql(bounds, ctx_key), ""
    contexts = None
    if contexts_files:
        check_context_files(contexts_files)
        contexts = (  # each row keeps its file and row, for the reason when it is broken (`ingest`)
            f"SELECT c.* EXCLUDE (filename, file_row_number), c.filename AS {CTX_FILE}, "
            f"c.file_row_number AS {CTX_ROW}, {ctx_shard} AS {SHARD_COLUMN} "
            f"FROM read_parquet({parquet_files(contexts_files)}, union_by_name = true, "
            f"filename = true, file_row_number = true) c{ctx_join}"
        )

    assigned: list[Assignment] = []
    items_of: list[Items] = []

    def write_assignment(folder: Path) -> None:
        items = affinity_items(files, window, mapping, cfg.verify.refine, cfg.verify.quantize, con)
        done = assign(items, len(shards), cfg.run.shard_rows)
        items_of.append(items)
        pq.write_table(pa.table({"h": items.keys, "shard": done.shard}), folder / ASSIGNMENT)
        log.info("shards by shared sources: answers per shard %s", done.answers)
        assigned.append(done)

    folders = split_window(answers, contexts, root, len(shards), files, write_assignment if by_source else None, con)
    if not by_source:
        return [dataclasses.replace(s, split=str(f)) for s, f in zip(shards, folders, strict=True)]
    # the plan's hash ranges no longer say which answers a shard holds (its folder does), nor their count and work:
    # the assignment does (its work counts a source shared within a shard once)
    done = assigned[0] if assigned else None
    shared_sources = done.shared_contexts(items_of[0], PEER_MIN_CHARS) if done else [() for _ in shards]
    return [
        dataclasses.replace(
            s,
            split=str(f),
            hash_lo=None,
            hash_hi=None,
            answers=done.answers[i] if done else s.answers,
            est_seconds=done.load[i] if done else s.est_seconds,
            shared_sources=shared_sources[i],
        )
        for i, (s, f) in enumerate(zip(shards, folders, strict=True))
    ]
