"""The DuckDB output file: schema, and the single writer that swaps a window's results in one transaction."""

from __future__ import annotations

import json
import logging
import os
import stat
import subprocess
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import cache
from pathlib import Path
from typing import Any

import duckdb

import audit
from audit.counts import AnswerCounts
from audit.errors import ConfigError, InputError, link_loop, note_run_begun
from audit.late import InputFile, insert_inputs
from audit.pipeline import MANIFEST
from audit.schema import (
    OUTPUT_VERSION,
    RESULT_TABLES,
    check_tables,
    migrate,
    output_ddl,
    readable_version,
)
from audit.sql import connect, parquet_files, quote, transaction
from audit.window import Window

log = logging.getLogger(__name__)

DEFAULT_DB = "data/audit.duckdb"  # the audit file the commands and flows use unless told otherwise
CACHE_TABLES = ("embedding_cache", "alignment_cache")  # what shards computed that later runs can reuse


@dataclass(frozen=True)
class RunRecord:
    run_id: str
    started_at: datetime
    window: Window
    input: str
    config_hash: str
    model: str
    flow_run_id: str | None = None
    inputs: tuple[InputFile, ...] = ()  # the files it read rows of its window from, written with its load
    scanned: tuple[str, ...] = ()  # every log it read, rows of its window or none: the window's rows of them are its


@cache
def code_version() -> str:
    """The package version and the checkout's commit, asked of git once per process (each ask forked the process: a
    run writes its `runs` row twice, on the flow's serial path)."""
    try:
        sha = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"],
            capture_output=True,
            text=True,
            timeout=5,
            cwd=Path(__file__).parent,
            check=False,
        ).stdout.strip()
    except OSError:
        sha = ""
    return f"{audit.__version__}+{sha}" if sha else audit.__version__


@dataclass(frozen=True)
class LoadedRun:
    """What a load wrote: the run's counts, and the overview of its rows (`overview`) read in the load's own
    connection: the flow's summary opened the file once more for it (~40 ms of its serial end)."""

    counts: AnswerCounts
    overview: dict[str, Any]


def open_db(path: str | Path, read_only: bool = False, wait_s: float = 0.0) -> duckdb.DuckDBPyConnection:
    """Connect to the output file, creating it and its tables and views when needed (`with open_db(p) as con:`)."""
    p = Path(path)
    if read_only:
        if not p.exists() and link_loop(p) is None:  # a link loop is named by connect
            raise InputError(f"no audit database at {p}: run `citeaudit run` first or pass --db")
        con = connect(p, read_only=True, wait_s=wait_s)
        try:
            found = readable_version(con)  # a newer file, read, failed on a column it lacked (Binder Error)
            if found in (None, OUTPUT_VERSION):  # an older file is migrated when next written
                check_tables(con)
            if found is None:  # an empty DuckDB file: reading it failed on the first table, in five raw lines
                raise ValueError(f"holds no citeaudit tables: run `citeaudit run --db {p}` first")
        except ValueError as exc:
            con.close()
            raise InputError(f"audit database {p}: {exc}") from None
        return con
    _check_writable(p)
    try:
        p.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:  # a file where a folder must be, no permission
        raise InputError(f"cannot make the folder of audit database {p} ({exc.filename}: {exc.strerror})") from None
    con = connect(p, wait_s=wait_s)
    try:
        found = migrate(con)
    except ValueError as exc:
        con.close()
        raise InputError(f"audit database {p}: {exc}") from None
    if found is not None and found < OUTPUT_VERSION:
        log.info("migrated audit database %s from outputs v%d to v%d", p, found, OUTPUT_VERSION)
    # one transaction: a new file's tables made one statement after another, then killed among them, read as an
    # outputs v1 file that no migration could take (tests/cli/test_hostile_lifecycle.py)
    try:
        with transaction(con):
            con.execute(output_ddl())
            con.execute(
                "INSERT INTO schema_version VALUES ('outputs', ?) "
                "ON CONFLICT (name) DO UPDATE SET version = excluded.version",
                [OUTPUT_VERSION],
            )
    except BaseException:
        con.close()
        raise
    return con


def _check_writable(p: Path) -> None:
    """An audit file made read-only (`chmod a-w`, a period frozen for an auditor) is refused before it is opened to
    write: run as root (a container, a cron job) DuckDB wrote it all the same."""
    try:
        mode = p.stat().st_mode
    except OSError:
        return  # none yet (made), or not to be looked at here (connect names it)
    if stat.S_ISREG(mode) and not mode & 0o222:
        raise InputError(
            f"audit database {p} is read-only (mode {stat.S_IMODE(mode):04o}), so nothing was written to it: make it "
            f"writable (chmod u+w {p}) to audit into it, or give --db another file"
        )


def load_shards(
    db: str | Path, run: RunRecord, shard_dirs: list[Path], wait_s: float = 60.0, memory_limit: str = ""
) -> LoadedRun:
    """Replace the window's rows with the shards' rows, record the run: all in one transaction; then read the
    run's overview.

    Waits up to `wait_s` for another process holding the file; the shard folders are left as they are either way.
    Rows take this run's id even when a shard was written by an earlier attempt that could not load."""
    missing = [str(d) for d in shard_dirs if not (d / MANIFEST).is_file()]
    if missing:
        raise InputError(f"shard results incomplete (no {MANIFEST}): {', '.join(missing)}")
    manifests = [json.loads((d / MANIFEST).read_text()) for d in shard_dirs]
    counts = AnswerCounts.total(AnswerCounts.from_dict(m) for m in manifests)
    with open_db(db, wait_s=wait_s) as con:
        if memory_limit:  # the transaction's new rows spill to disk beyond it (measured: a 12,000-answer load
            # added 404 MB to the process without a limit, 143 MB at 128 MB; the 100,000-answer bench peaked at 4.7 GB)
            con.execute(f"SET memory_limit = {quote(memory_limit)}")  # validated by config, quoted anyway
        try:
            _load(con, run, shard_dirs, counts)
        except duckdb.OutOfMemoryException as exc:
            raise ConfigError(
                f"loading the run needs more memory than [run] load_memory_limit = {memory_limit!r} allows "
                f"({str(exc).splitlines()[0]}); raise it and rerun: the finished shards are kept and only load"
            ) from None
        loaded = LoadedRun(counts, overview(con, run.run_id))
    log.info("loaded run %s: %s", run.run_id, counts)
    return loaded


def overview(con: duckdb.DuckDBPyConnection, run_id: str) -> dict[str, Any]:
    """Counts of a run, and level/verdict tallies of the rows it wrote, on an open connection to the audit file (the
    loader's, right after its commit; `audit.report.run_overview` opens the file for it)."""
    row = con.execute(
        "SELECT answers_read, answers_audited, answers_quarantined, citations FROM runs WHERE run_id = ?",
        [run_id],
    ).fetchall()
    keys = ("answers_read", "answers_audited", "answers_quarantined", "citations")
    counts = dict(zip(keys, row[0] if row else (0, 0, 0, 0), strict=True))
    levels = dict(
        con.execute("SELECT level, count(*) FROM answer_audit WHERE run_id = ? GROUP BY 1", [run_id]).fetchall()
    )
    verdicts = dict(
        con.execute("SELECT verdict, count(*) FROM citation_audit WHERE run_id = ? GROUP BY 1", [run_id]).fetchall()
    )
    uncited = con.execute("SELECT count(*) FROM uncited_claims WHERE run_id = ?", [run_id]).fetchall()
    zero = con.execute(
        "SELECT count(*) FROM answer_audit WHERE run_id = ? AND list_contains(flags, 'context_rank_0_not_citable')",
        [run_id],
    ).fetchall()
    return {
        "counts": counts,
        "levels": levels,
        "verdicts": verdicts,
        "uncited": uncited[0][0],
        "rank_0": zero[0][0],
    }


def _load(con: duckdb.DuckDBPyConnection, run: RunRecord, shard_dirs: list[Path], counts: AnswerCounts) -> None:
    with transaction(con):
        for name in (*RESULT_TABLES, *CACHE_TABLES):
            # a shard folder written before alignment_cache existed has no file of it
            files = [str(d / f"{name}.parquet") for d in shard_dirs if (d / f"{name}.parquet").is_file()]
            if files:
                # a view cannot take parameters: the file list goes through quote
                con.execute(
                    f"CREATE OR REPLACE TEMP VIEW new_{name} AS SELECT * FROM read_parquet({parquet_files(files)})"
                )
            else:
                con.execute(f"CREATE OR REPLACE TEMP VIEW new_{name} AS SELECT * FROM {name} WHERE FALSE")
        for stmt in replace_statements(run.window, _gone_sources(con, run.window), run.scanned):
            con.execute(stmt)
        for name in RESULT_TABLES:
            con.execute(
                f"INSERT INTO {name} BY NAME SELECT * REPLACE ($run_id AS run_id) FROM new_{name}",
                {"run_id": run.run_id},
            )
        # a stored row this run embedded again was not primed: unusable (see pipeline._usable_vectors), or beyond
        # the cache's limit; the unusable ones are replaced, so a bad row costs one recomputation, not one a night
        con.execute(
            "DELETE FROM embedding_cache e USING new_embedding_cache n WHERE e.model = n.model "
            "AND e.content_hash = n.content_hash AND (e.embedding IS NULL OR len(e.embedding) <> len(n.embedding) "
            "OR NOT coalesce(list_bool_and(list_transform(e.embedding, lambda x: coalesce(isfinite(x), false))), "
            "false) "
            "OR abs(sqrt(list_sum(list_transform(e.embedding, lambda x: x * x))) - 1) >= 0.01)"
        )
        # only the pairs the table lacks (no key index to lean on: see embedding_cache in the schema)
        con.execute(
            "INSERT INTO embedding_cache BY NAME SELECT * FROM (SELECT DISTINCT ON (model, content_hash) * "
            "FROM new_embedding_cache) n WHERE NOT EXISTS (SELECT 1 FROM embedding_cache e "
            "WHERE e.model = n.model AND e.content_hash = n.content_hash)"
        )
        # likewise a stored alignment that is no number in [0, 1] (left out of priming) is replaced
        con.execute(
            "DELETE FROM alignment_cache e USING new_alignment_cache n WHERE e.model = n.model "
            "AND e.pair_hash = n.pair_hash AND NOT coalesce(isfinite(e.token_align) AND e.token_align BETWEEN 0 AND 1, "
            "false)"
        )
        con.execute(
            "INSERT INTO alignment_cache BY NAME SELECT * FROM (SELECT DISTINCT ON (model, pair_hash) * "
            "FROM new_alignment_cache) n WHERE NOT EXISTS (SELECT 1 FROM alignment_cache e "
            "WHERE e.model = n.model AND e.pair_hash = n.pair_hash)"
        )
        _write_run(con, run, "completed", counts)
        _write_inputs(con, run)
        # runs of this window, or of a window inside it, that died without a load or a failure record (kill -9) are
        # now superseded; a run still alive writes its own end over this
        con.execute(
            "UPDATE runs SET status = 'abandoned' WHERE status = 'running' AND run_id <> $run "
            "AND ($start IS NULL OR window_start >= $start) AND ($end IS NULL OR window_end <= $end)",
            {"run": run.run_id, "start": run.window.start, "end": run.window.end},
        )


def _gone_sources(con: duckdb.DuckDBPyConnection, window: Window) -> list[str]:
    """The input files of the window's stored rows, and of quarantined rows without a timestamp (of no window; of
    every quarantined row for an unbounded run), that are no longer there (log retention, a move)."""
    win = window.sql("logged_at")
    stored = con.execute(
        "SELECT DISTINCT source FROM quarantine"
        if win is None
        else f"SELECT DISTINCT source_file FROM answer_audit WHERE {win} UNION SELECT source FROM quarantine "
        f"WHERE ({win}) OR logged_at IS NULL"
    ).fetchall()
    return sorted(f for (f,) in stored if f is not None and not os.path.lexists(f))


def replace_statements(
    window: Window, gone: list[str] | tuple[str, ...] = (), scanned: list[str] | tuple[str, ...] = ()
) -> list[str]:
    """DELETEs that clear what a run of `window` replaces: a window owns its rows and only its rows.

    A bounded window replaces the rows logged in it that came from the files this run read, from files no longer
    there (`gone`), or under an answer_id it audits now, and quarantined rows without a timestamp that the run read
    again; never a row of another window, even one with the same answer_id (an answer_id logged on two days is kept
    once per day), nor the rows of another input's files that are still there (a second folder's run of the same
    day deleted the first one's rows). An unbounded window owns everything it read, so it replaces by answer_id and
    row_ref, and every row of the files it read.

    A file the run read (`scanned`, and any its rows name) was read whole within the window: its rows there are all
    derived again, so an earlier row of it that this run no longer derives (quarantined then, audited now that the
    log is fixed; at a row number that moved; a row rewritten out of the log or to another day) goes. A quarantined
    row of a file no longer there (moved, renamed) goes when this run quarantines it again (`moved` below).
    """
    win = window.sql("logged_at")
    refs = "SELECT row_ref FROM new_quarantine"
    gone_files = f"({', '.join(quote(f) for f in gone)})" if gone else ""
    read = "SELECT source_file FROM new_answer_audit UNION SELECT source FROM new_quarantine"
    if scanned:  # a log that holds no row of the window now (rewritten without them) is read all the same
        read += f" UNION SELECT unnest({quote(list(scanned))})"
    ids = (
        "SELECT answer_id FROM new_answer_audit UNION SELECT answer_id FROM new_quarantine WHERE answer_id IS NOT NULL"
    )
    # a quarantined row of a log no longer there (moved, renamed) that this run read again: the same answer_id, or
    # with none, the same row number, field, reason and timestamp quarantined again (without a timestamp, in a file of
    # the same name); in a bounded run only a row without a timestamp (a timed one goes with its window), and one of
    # a `date=` folder only by a run of that day
    same_row = (
        r"concat_ws('|', regexp_extract(row_ref, ':(\d+)$', 1), field, reason, CAST(logged_at AS VARCHAR), "
        r"CASE WHEN logged_at IS NULL THEN regexp_extract(row_ref, '[^/\\]*$') END)"
    )
    day = r"TRY_CAST(regexp_extract(source, 'date=(\d{4}-\d{2}-\d{2})', 1) AS DATE)"
    in_window = window.sql(f"(CAST({day} AS TIMESTAMP) AT TIME ZONE 'UTC')")
    again = f"SELECT {same_row} FROM new_quarantine WHERE answer_id IS NULL" + (" AND logged_at IS NULL" if win else "")
    moved = (
        f" OR (source IN {gone_files} AND (answer_id IN ({ids}) OR (answer_id IS NULL AND {same_row} IN ({again})))"
        + (f" AND logged_at IS NULL AND ({day} IS NULL OR ({in_window})))" if win else ")")
        if gone
        else ""
    )
    if win is None:
        touched = f"{ids} UNION SELECT answer_id FROM answer_audit WHERE source_file IN ({read})"
        return [
            *(
                f"DELETE FROM {t} WHERE answer_id IN ({touched})"
                for t in ("citation_audit", "uncited_claims", "answer_audit")
            ),
            f"DELETE FROM quarantine WHERE row_ref IN ({refs}) OR source IN ({read}){moved}",
        ]
    owned = f"source_file IN ({read}) OR answer_id IN ({ids})" + (f" OR source_file IN {gone_files}" if gone else "")
    owned_quarantined = f"source IN ({read}) OR answer_id IN ({ids})" + (f" OR source IN {gone_files}" if gone else "")
    # the answer tables' rows of the window this run replaces, by their answers
    answers = f"SELECT answer_id FROM answer_audit WHERE ({win}) AND ({owned})"
    # a row without a timestamp belongs to the window of its hive `date=` folder, or to every window reading its file
    # (`ingest.window_filter`)
    untimed = f"row_ref IN ({refs}) OR (source IN ({read}) AND ({day} IS NULL OR ({in_window})))"
    return [
        *(f"DELETE FROM {t} WHERE ({win}) AND answer_id IN ({answers})" for t in ("citation_audit", "uncited_claims")),
        f"DELETE FROM answer_audit WHERE ({win}) AND ({owned})",
        f"DELETE FROM quarantine WHERE (({win}) AND ({owned_quarantined})) OR (logged_at IS NULL AND ({untimed}))"
        + moved,
    ]


def _write_run(con: duckdb.DuckDBPyConnection, run: RunRecord, status: str, counts: AnswerCounts | None) -> None:
    con.execute(
        "INSERT OR REPLACE INTO runs VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            run.run_id,
            run.started_at,
            datetime.now(UTC),
            run.window.start,
            run.window.end,
            run.input,
            run.config_hash,
            code_version(),
            run.model,
            status,
            counts.answers_read if counts else None,
            counts.answers_audited if counts else None,
            counts.answers_quarantined if counts else None,
            counts.citations if counts else None,
            run.flow_run_id,
        ],
    )


def _write_inputs(con: duckdb.DuckDBPyConnection, run: RunRecord) -> None:
    """The run's input files (`audit.late`), beside its `runs` row: what the next nightly compares the folder with."""
    con.execute("DELETE FROM run_inputs WHERE run_id = ?", [run.run_id])
    insert_inputs(con, run.run_id, run.inputs)


def record_started_run(db: str | Path, run: RunRecord, wait_s: float = 60.0) -> None:
    """A `running` row, so a run that dies before its load stays visible; its load or failure replaces it."""
    with open_db(db, wait_s=wait_s) as con:
        _write_run(con, run, "running", None)
    note_run_begun(run.run_id)


def record_failed_run(db: str | Path, run: RunRecord, error: str, wait_s: float = 60.0) -> bool:
    """Note a run that did not complete; its window keeps its previous rows. Never raises: the failure being
    recorded is the one to report (a database still locked, say, is logged); returns whether it was written."""
    try:
        con = open_db(db, wait_s=wait_s)
    except (InputError, duckdb.Error) as exc:  # opening commits its tables: a full disk refuses that too
        log.warning("run %s not recorded as failed: %s", run.run_id, exc)
        return False
    with con:
        try:
            _write_run(con, run, f"failed: {error[:500]}", None)
            return True
        except duckdb.Error as exc:
            log.warning("run %s not recorded as failed: %s", run.run_id, exc)
            return False
