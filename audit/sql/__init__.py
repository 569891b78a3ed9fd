"""The SQL layer: named .sql files loaded once, scripts run with parameters, one quoting function, one `connect()`.

Values reach SQL as parameters (`$name`); only what a parameter cannot be (an identifier, a file list inside a view,
a window bound composed into a larger condition) goes through `quote`, the single place that escapes SQL text.
"""

from __future__ import annotations

import logging
import math
import re
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from datetime import date, datetime
from functools import cache
from pathlib import Path
from typing import Any

import duckdb
import pyarrow as pa

from audit.errors import DISK_FULL, DatabaseLocked, InputError, link_loop, one_line, shown_if_not_utf8

log = logging.getLogger(__name__)

SQL_DIR = Path(__file__).resolve().parent
# how long a reader (`citeaudit sql`, `report`, `export`, the summary after a run) waits by default for a writer to let
# go of the audit file: a run holds it while it records its start and while it loads (~0.1 s of a small day)
READ_WAIT_S = 10.0


def load(name: str) -> str:
    """The text of `audit/sql/<name>.sql` (`name` with or without `.sql`), read once per process."""
    return _read(name.removesuffix(".sql"))


@cache
def _read(stem: str) -> str:
    return (SQL_DIR / f"{stem}.sql").read_text()


def run_script(con: duckdb.DuckDBPyConnection, script: str, params: Mapping[str, Any] | None = None) -> None:
    """Run every statement of `script` (split by DuckDB's own parser); each gets the parameters it names. A value
    that is a `Lazy` is computed (once) when the first statement naming it runs, on the tables made before it."""
    params = dict(params or {})
    for statement in con.extract_statements(script):
        names = statement.named_parameters
        missing = names - params.keys()
        if missing:
            raise ValueError(f"SQL parameter(s) {sorted(missing)} not given")
        for k in names:
            if isinstance(params[k], Lazy):
                params[k] = params[k].value(con)
        con.execute(statement, {k: params[k] for k in names})


class Lazy:
    """A parameter of `run_script` whose value depends on what the script's earlier statements made: `value(con)`
    is called when the first statement that names it runs."""

    def __init__(self, value: Callable[[duckdb.DuckDBPyConnection], Any]) -> None:
        self.value = value


def run(con: duckdb.DuckDBPyConnection, name: str, params: Mapping[str, Any] | None = None) -> None:
    """Run the named .sql file (see `load`) with `params`."""
    run_script(con, load(name), params)


def text_table(
    con: duckdb.DuckDBPyConnection, name: str, columns: Sequence[str], rows: Sequence[Sequence[str]]
) -> None:
    """Temp table `name` of text `columns` holding `rows` (through Arrow, so it is typed when empty too)."""
    table = pa.table(
        {c: [r[i] for r in rows] for i, c in enumerate(columns)}, schema=pa.schema([(c, pa.string()) for c in columns])
    )
    view = f"{name}_in"
    con.register(view, table)
    try:
        con.execute(
            f"CREATE OR REPLACE TEMP TABLE {quote(name, identifier=True)} "
            f"AS SELECT * FROM {quote(view, identifier=True)}"
        )
    finally:
        con.unregister(view)


def quote(value: Any, identifier: bool = False) -> str:
    """`value` as SQL text: an identifier (`identifier=True`, double quotes) or a literal (None, bool, number,
    str, date, datetime, or a list of these). The only function that escapes SQL."""
    if identifier:
        return '"' + str(value).replace('"', '""') + '"'
    if value is None:
        return "NULL"
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError(f"cannot write {value!r} as a SQL literal")
        return repr(value)
    if isinstance(value, datetime):
        kind = "TIMESTAMPTZ" if value.tzinfo is not None else "TIMESTAMP"
        return f"{kind} {quote(value.isoformat())}"
    if isinstance(value, date):
        return f"DATE {quote(value.isoformat())}"
    if isinstance(value, str | Path):
        return "'" + str(value).replace("'", "''") + "'"
    if isinstance(value, Sequence):
        return "[" + ", ".join(quote(v) for v in value) + "]"
    raise TypeError(f"cannot write a {type(value).__name__} as a SQL literal")


def literal_path(path: str | Path) -> str:
    """`path` as DuckDB's file readers take it to name that one file: they read `*`, `?` and `[` in a path as a glob,
    and a file `answers[1].parquet` read the `answers1.parquet` beside it (its own rows lost, the other's read
    twice). Each such character goes in a class of its own (`[[]`), which matches only itself."""
    return re.sub(r"[*?\[]", lambda m: f"[{m.group(0)}]", str(path))


def parquet_files(paths: Sequence[str | Path]) -> str:
    """The SQL list of `paths` for `read_parquet`, each naming the file it names (`literal_path`)."""
    return quote([literal_path(p) for p in paths])


def _session(con: duckdb.DuckDBPyConnection) -> duckdb.DuckDBPyConnection:
    """Every connection's settings. No progress bar: DuckDB draws one on stdout for a query open over 2 s, and a
    shard's batch reader stays open while Python verifies its rows, so every shard printed a bar into the worker's or
    the nightly job's log. Time zone UTC: DuckDB's default is the machine's, and it converts naive timestamps in it
    wherever they meet aware ones (a naive-timestamp file read with a tz-aware one, a cast to TIMESTAMPTZ), so a
    naive 23:30 moved to the next day's window on a machine in New York."""
    con.execute("SET enable_progress_bar = false")
    con.execute("SET TimeZone = 'UTC'")
    return con


# names DuckDB opens as no local file: in memory (`:memory:`, `:memory:name`), MotherDuck (`md:`), or through a remote
# file system (`s3://...`, which a Path writes `s3:/...`)
_NOT_A_FILE = re.compile(r":memory:|md:|motherduck:|[A-Za-z][A-Za-z0-9+.-]+:/")
_LOCK_HELD = re.compile(r"could not set lock|conflicting lock", re.IGNORECASE)
_DAMAGED = r"corrupt database file|does not match stored checksum"
_CORRUPT = re.compile(_DAMAGED, re.IGNORECASE)
# a file DuckDB cannot open as a database at all: damaged, cut short, of random bytes, empty
_UNREADABLE = re.compile(rf"{_DAMAGED}|not a valid DuckDB database file|could not read enough bytes", re.IGNORECASE)
_RESTORE = "restore it from a backup, or give --db a new file"  # what to do about a damaged or unreadable file


def damaged_database(message: str, path: str | Path | None) -> str | None:
    """The error for a DuckDB `message` that says the database file is damaged, naming `path` (DuckDB reads a
    file's blocks, and checks their checksums, only when a query needs them: long after it opened); None for any
    other message, or when the message names the file already."""
    if path is None or _RESTORE in message:
        return None
    if (cut := _CUT_SHORT.search(message)) is not None and _same_file(cut[1], path):
        # a copy or a restore cut short (a full disk, an interrupted transfer): DuckDB opens it and fails on the
        # first block past its end, with a line that said nothing of what to do
        return f"audit database {path} is cut short (it ends before a block DuckDB needs): {_RESTORE}"
    if not _CORRUPT.search(message) or str(path) in message:
        return None
    return f"audit database {path} is damaged: {message.strip().splitlines()[0]}; {_RESTORE}"


_CUT_SHORT = re.compile(r'could not read enough bytes from file "([^"]*)"', re.IGNORECASE)


def _same_file(named: str, path: str | Path) -> bool:
    try:
        return Path(named).resolve() == Path(path).resolve()
    except (OSError, RuntimeError):  # a link loop, a name the system refuses: not the audit file DuckDB read
        return False


# the names `audit.discover` reads as logs: a new audit file so named among them stopped every run over the folder
_PARQUET_NAMES = frozenset((".parquet", ".pq", ".parq"))


def connect(
    path: str | Path | None = None,
    read_only: bool = False,
    wait_s: float = 0.0,
    config: Mapping[str, Any] | None = None,
) -> duckdb.DuckDBPyConnection:
    """A DuckDB connection (in memory when `path` is None), used as a context manager: `with connect(p) as con:`
    closes it on the way out. Waits up to `wait_s` (with backoff) while another process holds the file."""
    if path is None:
        return _session(duckdb.connect(config=dict(config or {})))
    p = Path(path)
    if (shown := shown_if_not_utf8(p)) is not None:  # DuckDB failed with "std::bad_cast", exit 1
        raise InputError(f"audit database {shown}: the name is not UTF-8, which DuckDB cannot open: rename it")
    if _NOT_A_FILE.match(str(p)):
        raise InputError(
            f"audit database {p}: DuckDB reads this name as an in-memory or remote database, not a file (an audit "
            f"would be lost, or extensions downloaded): give a file path ({p.absolute()} for a file of that name)"
        )
    if (chain := link_loop(p)) is not None:  # readers said to run `citeaudit run` first, which meets the same loop
        raise InputError(
            f"audit database {p}: a link that leads back to itself ({chain}): remove it, or give --db the audit file"
        )
    if not read_only and not p.exists() and p.suffix.lower() in _PARQUET_NAMES:  # made among the logs: read as one
        raise InputError(
            f"audit database {p}: a Parquet name for a DuckDB file: a folder search would read it as a log (nothing "
            "was made): give --db a name ending .duckdb"
        )
    if p.is_dir():  # `--db data/`: readers said to run `citeaudit run` first, writers "Could not read from file"
        raise InputError(f"audit database {p} is a folder, not a file: give --db the DuckDB file (data/audit.duckdb)")
    if _starts_with(p, b"PAR1"):  # DuckDB opens one as an in-memory database holding a view of it (lost audit)
        raise InputError(
            f"audit database {p} is a Parquet file, not a citeaudit DuckDB file: give --db the DuckDB file that "
            "`citeaudit run` writes (data/audit.duckdb by default), or a new file name"
        )
    if _starts_with(p, b"SQLite format 3\0"):  # DuckDB fetched its sqlite extension from the network to open it
        raise InputError(
            f"cannot open audit database {p}: it is a SQLite file, not a citeaudit DuckDB file: give --db the DuckDB "
            "file that `citeaudit run` writes (data/audit.duckdb by default), or a new file name"
        )
    if _lacks_duckdb_header(p):  # DuckDB opens a .csv or .json file as an in-memory database viewing it (lost audit)
        raise InputError(
            f"cannot open audit database {p}: it is not a DuckDB file (it lacks DuckDB's header): give --db the "
            "DuckDB file that `citeaudit run` writes (data/audit.duckdb by default) or a new file name; if it was "
            f"one, {_RESTORE}"
        )
    deadline = time.monotonic() + wait_s
    delay = 0.1
    existed = p.exists()
    while True:
        try:
            return _session(duckdb.connect(str(p), read_only=read_only, config=dict(config or {})))
        except duckdb.Error as exc:
            # DuckDB's own words for a file another process holds; a bare "lock" also matched a corrupt file's
            # "checksum ... in block at location ...", which was waited on and then reported as held
            if not _LOCK_HELD.search(str(exc)):
                mode = " read-only" if read_only else ""
                todo = f"; {_RESTORE}" if _UNREADABLE.search(str(exc)) else ""
                if DISK_FULL.search(str(exc)):  # a new file's first blocks refused
                    todo = "; free space (or raise the file size limit) and run the command again"
                    if not existed:  # what it wrote is cut short: the rerun with room called it damaged
                        for made in (p, p.with_name(p.name + ".wal")):
                            made.unlink(missing_ok=True)
                raise InputError(f"cannot open audit database {p}{mode}: {one_line(str(exc))}{todo}") from None
            if time.monotonic() >= deadline:
                holder = str(exc).split("\n")[0]
                waited = f"still after waiting {wait_s:g} s: " if wait_s > 0 else ""
                raise DatabaseLocked(
                    f"audit database {p} is held by another process, {waited}try again when it is done ({holder})"
                ) from None
            log.info("audit database %s is locked; retrying in %.1f s", p, delay)
            time.sleep(min(delay, max(0.0, deadline - time.monotonic())))
            delay = min(delay * 2, 5.0)


def _starts_with(p: Path, magic: bytes) -> bool:
    """Whether `p` is an existing file that starts with `magic` (Parquet's `PAR1`, SQLite's header)."""
    try:
        with p.open("rb") as f:
            return f.read(len(magic)) == magic
    except OSError:  # no such file (a new database), a folder, no permission: DuckDB says which
        return False


def _lacks_duckdb_header(p: Path) -> bool:
    """Whether `p` is a regular file of some bytes without DuckDB's magic `DUCK` at byte 8 (every DuckDB file's main
    header starts so): DuckDB 2 opens an existing `.csv`, `.tsv`, `.json`, `.jsonl` or `.csv.gz` file as an in-memory
    database holding a view of it, where a run's audit was loaded and lost. An empty file is left to DuckDB."""
    try:
        if not p.is_file():
            return False
        with p.open("rb") as f:
            head = f.read(12)
    except OSError:  # no permission: DuckDB says so
        return False
    return bool(head) and head[8:12] != b"DUCK"


@contextmanager
def shared(con: duckdb.DuckDBPyConnection | None = None) -> Iterator[duckdb.DuckDBPyConnection]:
    """`con` when given (left open: its owner closes it), else a new in-memory connection closed on the way out: the
    steps of a run's plan share one database, and each new one costs ~13 ms of CPU (DuckDB 2.0, measured here)."""
    if con is not None:
        yield con
        return
    with connect() as own:
        yield own


@contextmanager
def threads(con: duckdb.DuckDBPyConnection, n: int) -> Iterator[duckdb.DuckDBPyConnection]:
    """The connection's database on `n` threads while the block runs, then on as many as before."""
    before = con.execute("SELECT current_setting('threads')").fetchall()[0][0]
    con.execute(f"SET threads = {int(n)}")
    try:
        yield con
    except BaseException:
        # a reader stopped mid-way (Ctrl-C, SIGTERM) holds an open result, and DuckDB refuses the SET: the error
        # being raised is the one to report ('connection has an open result' replaced it, exit 2)
        with suppress(duckdb.Error):
            con.execute(f"SET threads = {int(before)}")
        raise
    con.execute(f"SET threads = {int(before)}")


@contextmanager
def transaction(con: duckdb.DuckDBPyConnection) -> Iterator[duckdb.DuckDBPyConnection]:
    """BEGIN … COMMIT, or ROLLBACK and re-raise: all of a block's writes or none."""
    con.execute("BEGIN TRANSACTION")
    try:
        yield con
    except BaseException:
        con.execute("ROLLBACK")
        raise
    con.execute("COMMIT")
