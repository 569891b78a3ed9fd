"""Read `answers` logs from Parquet into DuckDB, enforce the contract row by row, quarantine what breaks it.

Creates, on the given connection, the temp tables
`answers_ok` (one row per auditable answer), `ctx` (one row per retrieved context, 1-based `rank`)
and `quarantined` (source, row_ref, answer_id, logged_at, field, reason).
"""

from __future__ import annotations

import glob
import logging
from pathlib import Path

import duckdb
import pyarrow as pa
import pyarrow.parquet as pq

from audit.contract import column_names, context_type, required_columns
from audit.counts import AnswerCounts
from audit.errors import InputError
from audit.sql import connect, quote, run
from audit.window import Window

log = logging.getLogger(__name__)

_CONTEXT_FIELDS = [f.name for f in context_type()]


def discover_inputs(spec: str) -> list[str]:
    """Files named by a path, a folder (searched recursively, hive partitions included) or a glob."""
    p = Path(spec)
    if p.is_file():
        found = [p]
    else:
        found = list(p.rglob("*.parquet")) if p.is_dir() else [Path(f) for f in glob.glob(spec, recursive=True)]
        broken = [f for f in found if f.is_symlink() and not f.exists()]  # was skipped: its answers left out
        if broken:
            raise InputError(f"{broken[0]}: a link to {broken[0].readlink()}, which does not exist")
        found = [f for f in found if f.is_file()]
    # one spelling per file (`data/x`, `./data/x`, `/abs/data/x`), so its quarantine rows replace each other
    files = sorted({str(f.resolve()) for f in found})
    if not files:
        raise InputError(f"no Parquet input found at {spec!r} (give a file, a folder or a glob)")
    return files


def describe_files(files: list[str]) -> str:
    """A file list for an error message: the first file, and how many more."""
    return files[0] + (f" and {len(files) - 1} more" if len(files) > 1 else "")


def _file_schema(path: str) -> pa.Schema:
    try:
        return pq.read_schema(path)
    except FileNotFoundError:
        raise InputError(f"{path}: file not found") from None
    except (pa.ArrowInvalid, OSError) as exc:
        raise InputError(f"{path}: not a readable Parquet file ({exc})") from None


def check_files(files: list[str], mapping: dict[str, str]) -> dict[str, pa.DataType]:
    """Check every file has the contract's required columns; return the union of column types."""
    types: dict[str, pa.DataType] = {}
    first: dict[str, str] = {}  # column -> the file its type was first seen in
    for f in files:
        schema = _file_schema(f)
        names = set(schema.names)
        twice = sorted({n for n in schema.names if schema.names.count(n) > 1})
        if twice:
            raise InputError(f"{f}: column names {twice} occur more than once; each column needs its own name")
        _check_case_clash(f, schema.names, {mapping.get(c, c) for c in column_names()})
        for col in required_columns():
            src = mapping.get(col, col)
            if src not in names:
                hint = f" (mapped from {col!r})" if src != col else ""
                raise InputError(
                    f"{f}: required column {src!r}{hint} is missing; columns are {sorted(names)}. "
                    "Map differently named columns with [run] column_mapping in the config."
                )
        for col in column_names():
            src = mapping.get(col, col)
            if src in names:
                typ = schema.field(src).type
                if col == "contexts" and not _is_context_list(typ):
                    raise InputError(
                        f"{f}: column {src!r} must be list<struct<doc_id, chunk_id, title, page, url, text>>, got {typ}"
                    )
                if col == "answer" and not is_text(typ):
                    raise InputError(f"{f}: column {src!r} (answer) must be a string column, got {typ}")
                if col in _TEXT_COLUMNS and not (is_text(typ) or _is_whole_number(typ)):
                    hint = f" ({col})" if src != col else ""
                    raise InputError(f"{f}: column {src!r}{hint} must be a string column (or integers), got {typ}")
                if col == "logged_at" and col in types:
                    types[col] = _merge_logged_at(types[col], typ, first[col], f, src)
                types.setdefault(col, typ)
                first.setdefault(col, f)
    return types


# the contract's other string columns: DuckDB casts anything to text, a list id ['a'] to '[a]', a boolean to 'true'
_TEXT_COLUMNS = ("answer_id", "conversation_id", "tenant", "model", "question")


def _is_whole_number(typ: pa.DataType) -> bool:
    """Integers and decimals, which DuckDB writes as text exactly (ids exported from SQL databases often are)."""
    return pa.types.is_integer(typ) or pa.types.is_decimal(typ)


def _check_case_clash(f: str, names: list[str], read: set[str]) -> None:
    """DuckDB binds column names regardless of case: of `Answer` and `answer` it reads the first for both."""
    folded = {n.lower() for n in read}
    clash = sorted(n for n in names if n.lower() in folded and [m.lower() for m in names].count(n.lower()) > 1)
    if clash:
        raise InputError(f"{f}: column names {clash} differ only in case, which DuckDB reads as one name; rename one")


def _time_kind(typ: pa.DataType) -> str:
    if pa.types.is_timestamp(typ) or pa.types.is_date(typ):
        return "instant"
    if pa.types.is_integer(typ) or pa.types.is_floating(typ):
        return "number"
    return "text"


def _merge_logged_at(seen: pa.DataType, typ: pa.DataType, seen_in: str, f: str, src: str) -> pa.DataType:
    """The type `logged_at` has when DuckDB reads files of both types together (`union_by_name`), so that it is
    converted as what it is: an instant (tz-aware if either is), a number, or text when either file has text."""
    if seen == typ:
        return typ
    kinds = {_time_kind(seen), _time_kind(typ)}
    if "text" in kinds:
        return pa.string()
    if kinds == {"number"}:
        return pa.float64()
    if kinds == {"instant"}:
        aware = any(pa.types.is_timestamp(t) and t.tz is not None for t in (seen, typ))
        return pa.timestamp("us", tz="UTC") if aware else pa.timestamp("us")
    raise InputError(
        f"{f}: column {src!r} (logged_at) is {typ} here but {seen} in {seen_in}, and DuckDB cannot read epoch "
        "numbers and timestamps as one column: write logged_at with one type in every file, or audit them apart"
    )


def is_text(typ: pa.DataType) -> bool:
    """A string column as DuckDB reads one: string, large_string, string_view, or any of these dictionary-encoded
    (what pandas and polars categoricals are written as)."""
    if pa.types.is_dictionary(typ):
        typ = typ.value_type
    return pa.types.is_string(typ) or pa.types.is_large_string(typ) or pa.types.is_string_view(typ)


def _is_context_list(typ: pa.DataType) -> bool:
    """A list of structs whose `text` is a string (the source a citation is verified against)."""
    if not (pa.types.is_list(typ) or pa.types.is_large_list(typ)) or not pa.types.is_struct(typ.value_type):
        return False
    text = [f.type for f in typ.value_type if f.name == "text"]
    return len(text) == 1 and is_text(text[0])


def column_expr(col: str, mapping: dict[str, str], types: dict[str, pa.DataType]) -> str:
    if col not in types:
        return f"NULL AS {col}"
    src = quote(mapping.get(col, col), identifier=True)
    if col == "logged_at":
        return f"{logged_at_sql(src, types[col])} AS logged_at"
    if col == "turn_index":
        return f"TRY_CAST({src} AS INTEGER) AS turn_index"
    if col == "contexts":
        return f"{src} AS contexts"
    return f"CAST({src} AS VARCHAR) AS {col}"


# a string with a time and an offset (Z, +05:00, -0800) names an instant; without one it is read as UTC
_HAS_OFFSET = r"'\d:\d{2}(:\d{2}(\.\d+)?)?\s*([Zz]|[+-]\d{2}(:?\d{2})?)\s*$'"
_EPOCH_TEXT = r"'^\s*-?\d{1,20}(\.\d+)?\s*$'"


def epoch_sql(num: str) -> str:
    """Epoch number -> TIMESTAMPTZ, its unit told by magnitude: |x| < 1e11 seconds, < 1e14 milliseconds,
    < 1e17 microseconds, < 1e20 nanoseconds; larger is not a timestamp (NULL)."""
    x = f"CAST({num} AS DOUBLE)"
    return (
        f"CASE WHEN abs({x}) < 1e11 THEN to_timestamp({x}) WHEN abs({x}) < 1e14 THEN to_timestamp({x} / 1e3) "
        f"WHEN abs({x}) < 1e17 THEN to_timestamp({x} / 1e6) WHEN abs({x}) < 1e20 THEN to_timestamp({x} / 1e9) END"
    )


def logged_at_sql(src: str, typ: pa.DataType) -> str:
    """`logged_at` as a UTC instant from whatever the log holds: timestamps (naive = UTC), dates, epoch numbers,
    ISO strings (offsets honoured, naive = UTC) or digit strings (epoch); NULL when it is none of these, or an
    instant outside years 1-9999 (`infinity`, year 0, a far epoch), which Python and Arrow readers cannot hold."""
    ts = _instant_sql(src, typ)
    return f"CASE WHEN {ts} >= {_FIRST_INSTANT} AND {ts} < {_PAST_LAST_INSTANT} THEN {ts} END"


_FIRST_INSTANT = "TIMESTAMPTZ '0001-01-01 00:00:00+00'"
_PAST_LAST_INSTANT = "TIMESTAMPTZ '10000-01-01 00:00:00+00'"


def _instant_sql(src: str, typ: pa.DataType) -> str:
    if pa.types.is_timestamp(typ):  # in µs: a TIMESTAMP_NS (pandas' default) cannot be compared with year 1
        return f"timezone('UTC', CAST({src} AS TIMESTAMP))" if typ.tz is None else f"CAST({src} AS TIMESTAMPTZ)"
    if pa.types.is_date(typ):
        return f"timezone('UTC', CAST({src} AS TIMESTAMP))"
    if pa.types.is_integer(typ) or pa.types.is_floating(typ):
        return epoch_sql(src)
    text = f"CAST({src} AS VARCHAR)"
    return (
        f"CASE WHEN regexp_matches({text}, {_EPOCH_TEXT}) THEN {epoch_sql(f'TRY_CAST({text} AS DOUBLE)')} "
        f"WHEN regexp_matches({text}, {_HAS_OFFSET}) THEN TRY_CAST({text} AS TIMESTAMPTZ) "
        f"ELSE timezone('UTC', TRY_CAST({text} AS TIMESTAMP)) END"
    )


def staging_columns(mapping: dict[str, str], types: dict[str, pa.DataType]) -> str:
    """The SELECT list of the staging scan: the contract's columns (mapped, `logged_at` converted) and the raw
    `logged_at` text with its type."""
    return ", ".join(column_expr(c, mapping, types) for c in column_names()) + ", " + _logged_at_raw(mapping, types)


def _logged_at_raw(mapping: dict[str, str], types: dict[str, pa.DataType]) -> str:
    """The `logged_at` value as written and its type, so a quarantine reason can name what could not be read."""
    if "logged_at" not in types:
        return "NULL::VARCHAR AS logged_at_raw, NULL::VARCHAR AS logged_at_type"
    src = quote(mapping.get("logged_at", "logged_at"), identifier=True)
    return f"left(CAST({src} AS VARCHAR), 80) AS logged_at_raw, {quote(str(types['logged_at']))} AS logged_at_type"


def _context_struct_fields(types: dict[str, pa.DataType]) -> set[str]:
    typ = types.get("contexts")
    return {f.name for f in typ.value_type} if typ is not None else set()


def window_filter(window: Window) -> str:
    """SQL condition for rows of the window, over `logged_at` and `partition_day` (hive `date=` folder).

    A row without a usable timestamp cannot be audited but must be accounted for: it goes to the window of its
    hive partition day, or, outside hive folders, to every window that reads its file.
    """
    if window.sql("logged_at") is None:
        return "TRUE"
    day = window.sql("(CAST(partition_day AS TIMESTAMP) AT TIME ZONE 'UTC')")
    return f"(({window.sql('logged_at')}) OR (logged_at IS NULL AND (partition_day IS NULL OR ({day}))))"


_PARTITION_DAY = r"TRY_CAST(regexp_extract(filename, 'date=(\d{4}-\d{2}-\d{2})', 1) AS DATE) AS partition_day"


def scan_sql(files: list[str], window: Window, columns: str, row_filter: str | None = None) -> str:
    """SELECT of the input rows in the window: projection and `logged_at` filter are pushed into the scan."""
    file_list = quote(files)
    return f"""
        SELECT * EXCLUDE (partition_day) FROM (
            SELECT filename AS source_file, file_row_number AS row_no, {columns}, {_PARTITION_DAY}
            FROM read_parquet({file_list}, filename = true, file_row_number = true,
                              union_by_name = true, hive_partitioning = false)
        ) WHERE {window_filter(window)} AND ({row_filter or "TRUE"})
    """


def count_rows(files: list[str], window: Window, mapping: dict[str, str] | None = None) -> int:
    """Rows of the window in `files`, read with the same scan as the audit (statistics do most of the work)."""
    mapping = mapping or {}
    types = check_files(files, mapping)
    with connect() as con:
        try:
            rows = con.execute(
                f"SELECT count(*) FROM ({scan_sql(files, window, column_expr('logged_at', mapping, types))})"
            ).fetchall()
        except duckdb.Error as exc:
            raise InputError(f"cannot scan {describe_files(files)}: {exc}") from None
    return int(rows[0][0])


def stage_answers(
    con: duckdb.DuckDBPyConnection,
    files: list[str],
    window: Window,
    mapping: dict[str, str] | None = None,
    contexts_files: list[str] | None = None,
    row_filter: str | None = None,
    split: str | Path | None = None,
) -> AnswerCounts:
    """Scan `files` (projection + `logged_at` pushdown), validate rows, build `answers_ok`, `ctx`, `quarantined`.
    With `split` (a shard folder of `audit.split`), the rows are read from there: what this scan would have kept."""
    mapping = mapping or {}
    types = check_files(files, mapping)
    try:
        if split is None:
            query = scan_sql(files, window, staging_columns(mapping, types), row_filter)
        else:
            query = f"SELECT * FROM read_parquet({quote(str(Path(split) / 'answers-*.parquet'))})"
        con.execute(f"CREATE OR REPLACE TEMP TABLE staged AS {query}")
    except duckdb.Error as exc:
        raise InputError(f"cannot read {describe_files(files)}: {exc}") from None
    run(con, "validate")
    if split is not None and contexts_files:
        contexts_files = sorted(str(p) for p in Path(split).glob("contexts-*.parquet"))
    _stage_contexts(con, types, contexts_files)
    read = _count(con, "staged")
    # the staging copies hold every answer and source text twice more than `answers_ok` and `ctx` do (a shard of
    # ~1,300 real-shaped answers: ~200 MB); nothing reads them after this
    con.execute("DROP TABLE staged_checked; DROP TABLE staged")
    ok = _count(con, "answers_ok")
    bad = _count(con, "quarantined")
    log.info("read %d answers: %d to audit, %d quarantined", read, ok, bad)
    return AnswerCounts(answers_read=read, answers_audited=ok, answers_quarantined=bad)


def _stage_contexts(
    con: duckdb.DuckDBPyConnection, types: dict[str, pa.DataType], contexts_files: list[str] | None
) -> None:
    if contexts_files:
        _stage_context_table(con, contexts_files)
        return
    present = _context_struct_fields(types)
    fields = ", ".join(
        f"c.{quote(name, identifier=True)} AS {name}" if name in present else f"NULL AS {name}"
        for name in _CONTEXT_FIELDS
    )
    con.execute(
        f"""
        CREATE OR REPLACE TEMP TABLE ctx AS
        SELECT answer_id, CAST(rank AS INTEGER) AS rank, {fields}
        FROM (
            SELECT answer_id, unnest(contexts) AS c, generate_subscripts(contexts, 1) AS rank
            FROM staged_checked WHERE reason IS NULL AND contexts IS NOT NULL
        )
        """
    )
    _normalise_ctx_types(con)


def check_context_files(files: list[str]) -> None:
    """A separate contexts table needs `answer_id`, `rank` (integers) and `text` (text) in every file."""
    for f in files:
        schema = _file_schema(f)
        names = set(schema.names)
        _check_case_clash(f, schema.names, {"answer_id", "rank", *_CONTEXT_FIELDS})
        for col in ("answer_id", "rank", "text"):
            if col not in names:
                raise InputError(f"{f}: contexts table needs column {col!r}; columns are {sorted(names)}")
        if not pa.types.is_integer(schema.field("rank").type):
            raise InputError(
                f"{f}: contexts column 'rank' must be integers (1 = first retrieved), got {schema.field('rank').type}"
            )
        if not is_text(schema.field("text").type):
            raise InputError(f"{f}: contexts column 'text' must be a string column, got {schema.field('text').type}")
        if not (is_text(typ := schema.field("answer_id").type) or _is_whole_number(typ)):
            raise InputError(f"{f}: contexts column 'answer_id' must be a string column (or integers), got {typ}")


def _check_context_ranks(con: duckdb.DuckDBPyConnection, files: list[str]) -> None:
    """Every context row needs a rank that fits a position: a missing one cannot be cited, and the verifier
    stopped on it with TypeError."""
    bad = con.execute(
        "SELECT filename, file_row_number, rank FROM read_parquet($files, union_by_name = true, filename = true, "
        "file_row_number = true) WHERE rank IS NULL OR rank NOT BETWEEN 0 AND 2147483647 "
        "ORDER BY filename, file_row_number LIMIT 1",
        {"files": files},
    ).fetchall()
    if bad:
        f, row, rank = bad[0]
        raise InputError(f"{f}: row {row}: contexts column 'rank' must be a position (0 to 2147483647), got {rank}")


def _stage_context_table(con: duckdb.DuckDBPyConnection, files: list[str]) -> None:
    check_context_files(files)
    _check_context_ranks(con, files)
    file_list = quote(files)
    present = set().union(*(set(_file_schema(f).names) for f in files))
    fields = ", ".join(name if name in present else f"NULL AS {name}" for name in _CONTEXT_FIELDS)
    con.execute(
        f"""
        CREATE OR REPLACE TEMP TABLE ctx AS
        SELECT CAST(answer_id AS VARCHAR) AS answer_id, CAST(rank AS INTEGER) AS rank, {fields}
        FROM read_parquet({file_list}, union_by_name = true)
        WHERE CAST(answer_id AS VARCHAR) IN (SELECT answer_id FROM answers_ok)
        """
    )
    _normalise_ctx_types(con)
    run(con, "context_ranks")  # a rank given twice: once if the same context, else the answer quarantined


def _normalise_ctx_types(con: duckdb.DuckDBPyConnection) -> None:
    con.execute(
        """
        CREATE OR REPLACE TEMP TABLE ctx AS
        SELECT answer_id, rank, CAST(doc_id AS VARCHAR) AS doc_id, CAST(chunk_id AS VARCHAR) AS chunk_id,
               CAST(title AS VARCHAR) AS title, TRY_CAST(page AS INTEGER) AS page,
               CAST(url AS VARCHAR) AS url, CAST(text AS VARCHAR) AS text
        FROM ctx
        """
    )


def _count(con: duckdb.DuckDBPyConnection, table: str) -> int:
    row = con.execute(f"SELECT count(*) FROM {quote(table, identifier=True)}").fetchall()
    return int(row[0][0])
