"""Read `answers` logs from Parquet into DuckDB, enforce the contract row by row, quarantine what breaks it.

Creates, on the given connection, the temp tables
`answers_ok` (one row per auditable answer), `ctx` (one row per retrieved context, 1-based `rank`)
and `quarantined` (source, row_ref, answer_id, logged_at, field, reason).
"""

from __future__ import annotations

import logging
from pathlib import Path

import duckdb
import pyarrow as pa

from audit.config import RunConfig
from audit.contract import column_names
from audit.counts import AnswerCounts
from audit.discover import answer_inputs as answer_inputs  # re-exported: callers find the logs here too
from audit.discover import discover_inputs as discover_inputs
from audit.encoding import BAD_FIELD, BAD_REASON, SOURCE, is_repaired
from audit.errors import InputError, one_line
from audit.input_schema import (
    CONTEXT_FIELDS,
    check_context_files,
    check_files,
    file_schema,
    is_document_list,
    is_text,
    is_text_list,
)
from audit.json_contexts import json_contexts_sql as json_contexts_sql
from audit.logged_contexts import stage_logged_contexts
from audit.sql import connect, literal_path, parquet_files, quote, run
from audit.window import Window

log = logging.getLogger(__name__)


def describe_files(files: list[str]) -> str:
    """A file list for an error message: the first file, and how many more."""
    return files[0] + (f" and {len(files) - 1} more" if len(files) > 1 else "")


def whole_int_sql(x: str) -> str:
    """A number or text that is a whole number within int32 -> INTEGER, else NULL: never rounded (1.5 became 2),
    never wrapped or silently dropped (see `unread_sql`)."""
    v = f"TRY_CAST({x} AS DOUBLE)"
    return f"CASE WHEN {v} = floor({v}) AND {v} BETWEEN -2147483648 AND 2147483647 THEN CAST({v} AS INTEGER) END"


def unread_sql(x: str) -> str:
    """The value as written when `whole_int_sql` could not read it (named in the answer's flags), else NULL."""
    return f"CASE WHEN {x} IS NOT NULL AND ({whole_int_sql(x)}) IS NULL THEN left(CAST({x} AS VARCHAR), 40) END"


def column_expr(col: str, mapping: dict[str, str], types: dict[str, pa.DataType]) -> str:
    if col not in types:
        extra = {"turn_index": ", NULL::VARCHAR AS turn_index_raw", "contexts": ", NULL::VARCHAR AS contexts_error"}
        return f"NULL AS {col}" + extra.get(col, "")
    src = quote(mapping.get(col, col), identifier=True)
    if col == "logged_at":
        return f"{logged_at_sql(src, types[col])} AS logged_at"
    if col == "turn_index":
        return f"{whole_int_sql(src)} AS turn_index, {unread_sql(src)} AS turn_index_raw"
    if col == "contexts":
        if is_text(types[col]):
            return json_contexts_sql(src)
        if is_document_list(types[col]):  # LangChain / LlamaIndex documents stored whole: read as their JSON
            return json_contexts_sql(f"to_json({src})")
        if is_text_list(types[col]):  # the retrieved texts alone (RAGAS): each the text of a context at its place
            fields = ", ".join(
                f"{quote(name)}: " + ("CAST(context_text AS VARCHAR)" if name == "text" else "NULL::VARCHAR")
                for name in CONTEXT_FIELDS
            )
            texts = f"list_transform({src}, lambda context_text: {{{fields}}})"
            return f"{texts} AS contexts, NULL::VARCHAR AS contexts_error"
        return f"{src} AS contexts, NULL::VARCHAR AS contexts_error"
    return f"CAST({src} AS VARCHAR) AS {col}"


# a string with a time and an offset (Z, +05:00, -0800) names an instant; without one it is read as UTC
_HAS_OFFSET = r"'\d:\d{2}(:\d{2}(\.\d+)?)?\s*([Zz]|[+-]\d{2}(:?\d{2})?)\s*$'"
# an offset within ISO 8601's and java.time's +-18:00, minutes below 60: DuckDB took "+99:00" and "+05:99", days or
# hours off
_REAL_OFFSET = r"'([Zz]|[+-](0\d|1[0-7])(:?[0-5]\d)?|[+-]18(:?00)?)\s*$'"
# text after the time: a zone ("America/New_York", "UTC+05:00", "EST"), "PM", an offset "+5". DuckDB's TIMESTAMP
# cast drops it (a New York time read as UTC, 1 PM as 01:00); its TIMESTAMPTZ cast reads the zones it knows, NULL
# otherwise
_HAS_TIME = r"'\d:\d{2}'"
_ENDS_WITH_TIME = r"'(^|[Tt\s])\d{1,2}:\d{2}(:\d{2}(\.\d+)?)?\s*$'"
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
        f"WHEN regexp_matches({text}, {_HAS_OFFSET}) THEN "
        f"CASE WHEN regexp_matches({text}, {_REAL_OFFSET}) THEN TRY_CAST({text} AS TIMESTAMPTZ) END "
        f"WHEN regexp_matches({text}, {_HAS_TIME}) AND NOT regexp_matches({text}, {_ENDS_WITH_TIME}) "
        f"THEN TRY_CAST({text} AS TIMESTAMPTZ) "
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
    if typ is not None and (is_text(typ) or is_text_list(typ) or is_document_list(typ)):  # every field, as text
        return set(CONTEXT_FIELDS)
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


def _partition_day(source: str) -> str:
    return rf"TRY_CAST(regexp_extract({source}, 'date=(\d{{4}}-\d{{2}}-\d{{2}})', 1) AS DATE) AS partition_day"


def _source(files: list[str]) -> str:
    """The scanned file's name: a readable copy's is the log's own (`audit.encoding`)."""
    return f"coalesce({quote(SOURCE, identifier=True)}, filename)" if any(is_repaired(f) for f in files) else "filename"


def _unreadable(files: list[str]) -> str:
    """The row's unreadable field and reason: NULL unless a readable copy names them (`audit.encoding`)."""
    if not any(is_repaired(f) for f in files):
        return "NULL::VARCHAR AS unreadable_field, NULL::VARCHAR AS unreadable_reason"
    field, reason = (quote(c, identifier=True) for c in (BAD_FIELD, BAD_REASON))
    return f"{field} AS unreadable_field, {reason} AS unreadable_reason"


def scan_sql(files: list[str], window: Window, columns: str, row_filter: str | None = None) -> str:
    """SELECT of the input rows in the window: projection and `logged_at` filter are pushed into the scan."""
    file_list = parquet_files(files)
    return f"""
        SELECT * EXCLUDE (partition_day) FROM (
            SELECT {_source(files)} AS source_file, file_row_number AS row_no, {columns}, {_unreadable(files)},
                   {_partition_day(_source(files))}
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
            raise InputError(f"cannot scan {describe_files(files)}: {one_line(str(exc))}") from None
    return int(rows[0][0])


def stage_answers(
    con: duckdb.DuckDBPyConnection,
    files: list[str],
    window: Window,
    mapping: dict[str, str] | None = None,
    contexts_files: list[str] | None = None,
    row_filter: str | None = None,
    split: str | Path | None = None,
    limits: tuple[int, int, int] = (
        RunConfig.max_answer_chars,
        RunConfig.max_contexts_chars,
        RunConfig.max_contexts_per_answer,
    ),
) -> AnswerCounts:
    """Scan `files` (projection + `logged_at` pushdown), validate rows, build `answers_ok`, `ctx`, `quarantined`.
    With `split` (a shard folder of `audit.split`), the rows are read from there: what this scan would have kept.
    `limits`: an answer's most characters, its contexts' and its most contexts (`[run] max_answer_chars`,
    `max_contexts_chars`, `max_contexts_per_answer`)."""
    mapping = mapping or {}
    types = check_files(files, mapping)
    try:
        if split is None:
            query = scan_sql(files, window, staging_columns(mapping, types), row_filter)
        else:
            query = f"SELECT * FROM read_parquet({quote(literal_path(split) + '/answers-*.parquet')})"
        con.execute(f"CREATE OR REPLACE TEMP TABLE staged AS {query}")
    except duckdb.Error as exc:
        raise InputError(f"cannot read {describe_files(files)}: {one_line(str(exc))}") from None
    run(con, "validate")
    if split is not None and contexts_files:
        contexts_files = sorted(str(p) for p in Path(split).glob("contexts-*.parquet"))
    _stage_contexts(con, types, contexts_files)
    stage_logged_contexts(con)  # sources logged in the answer's JSON, for an answer without contexts
    names = ("max_answer_chars", "max_contexts_chars", "max_contexts_per_answer")
    run(con, "size_limits", dict(zip(names, limits, strict=True)))
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
    if not contexts_files:
        _stage_logged(con, types, "ctx", "TRUE")
        return
    _stage_context_table(con, contexts_files)
    if "contexts" in types:
        # an answer the --contexts table has no row of keeps the contexts it logged: the table replaced them, and
        # every citation of such an answer came out fabricated (a correct answer RED)
        missing = "answer_id NOT IN (SELECT answer_id FROM ctx) AND answer_id IN (SELECT answer_id FROM answers_ok)"
        _stage_logged(con, types, "ctx_logged", missing)
        con.execute("INSERT INTO ctx BY NAME SELECT * FROM ctx_logged; DROP TABLE ctx_logged")


def _stage_logged(con: duckdb.DuckDBPyConnection, types: dict[str, pa.DataType], table: str, where: str) -> None:
    """The contexts logged in the answers' `contexts` column, one row per context, into `table`."""
    present = _context_struct_fields(types)
    fields = ", ".join(
        f"c.{quote(name, identifier=True)} AS {name}" if name in present else f"NULL AS {name}"
        for name in CONTEXT_FIELDS
    )
    con.execute(
        f"""
        CREATE OR REPLACE TEMP TABLE {table} AS
        SELECT answer_id, CAST(rank AS INTEGER) AS rank, {fields}
        FROM (
            SELECT answer_id, unnest(contexts) AS c, generate_subscripts(contexts, 1) AS rank
            FROM staged_checked WHERE reason IS NULL AND contexts IS NOT NULL AND {where}
        )
        """
    )
    _normalise_ctx_types(con, table)


CTX_FILE, CTX_ROW = "__citeaudit_ctx_file", "__citeaudit_ctx_row"  # a contexts row's file and row, kept by the split


def _stage_context_table(con: duckdb.DuckDBPyConnection, files: list[str]) -> None:
    check_context_files(files)
    file_list = parquet_files(files)
    present = set().union(*(set(file_schema(f).names) for f in files))
    fields = ", ".join(name if name in present else f"NULL AS {name}" for name in CONTEXT_FIELDS)
    if CTX_FILE in present:  # a shard folder of the split input: the table's own file and row, kept
        origin, row = quote(CTX_FILE, identifier=True), quote(CTX_ROW, identifier=True)
        reader = f"read_parquet({file_list}, union_by_name = true)"
    else:
        origin, row = "filename", "file_row_number"
        reader = f"read_parquet({file_list}, union_by_name = true, filename = true, file_row_number = true)"
    if SOURCE in present:  # a readable copy (`audit.encoding`) names the file it copies
        origin = f"coalesce({quote(SOURCE, identifier=True)}, {origin})"
    # a row that is broken quarantines its answer (`context_rows.sql`): text that is no UTF-8 (a readable copy's
    # rows carry why), or a rank that is no position (a NULL one reached the verifier: TypeError)
    # a whole number: a float rank (pandas') of 1.5 was never to be rounded to a position; NaN is none (DuckDB finds a
    # Parquet NaN between 0 and 2147483647 and equal to itself; TRY_CAST: it casts a CASE's value for rows its
    # condition leaves out, and NaN fails the cast)
    position = "rank BETWEEN 0 AND 2147483647 AND rank = trunc(rank) AND TRY_CAST(rank AS INTEGER) IS NOT NULL"
    unreadable = quote(BAD_REASON, identifier=True) if BAD_REASON in present else "NULL::VARCHAR"
    reason = (
        f"coalesce({unreadable}, CASE WHEN rank IS NULL OR NOT ({position}) THEN 'the contexts table ' || {origin} "
        f"|| ', row ' || {row} || ': rank ' || coalesce(CAST(rank AS VARCHAR), 'NULL') "
        "|| ' is not a position (0 to 2147483647), so no marker can cite it' END)"
    )
    con.execute(
        f"""
        CREATE OR REPLACE TEMP TABLE ctx AS
        SELECT CAST(answer_id AS VARCHAR) AS answer_id, CASE WHEN {position} THEN TRY_CAST(rank AS INTEGER) END AS rank,
               {fields}, {reason} AS unreadable_reason
        FROM {reader}
        WHERE CAST(answer_id AS VARCHAR) IN (SELECT answer_id FROM answers_ok)
        """
    )
    run(con, "context_rows")  # their answers quarantined with that reason
    _normalise_ctx_types(con)
    run(con, "context_ranks")  # a rank given twice: once if the same context, else the answer quarantined


def _normalise_ctx_types(con: duckdb.DuckDBPyConnection, table: str = "ctx") -> None:
    con.execute(
        f"""
        CREATE OR REPLACE TEMP TABLE {table} AS
        SELECT answer_id, rank, CAST(doc_id AS VARCHAR) AS doc_id, CAST(chunk_id AS VARCHAR) AS chunk_id,
               CAST(title AS VARCHAR) AS title, {whole_int_sql("page")} AS page,
               CAST(url AS VARCHAR) AS url, CAST(text AS VARCHAR) AS text, {unread_sql("page")} AS page_raw
        FROM {table}
        """
    )


def _count(con: duckdb.DuckDBPyConnection, table: str) -> int:
    row = con.execute(f"SELECT count(*) FROM {quote(table, identifier=True)}").fetchall()
    return int(row[0][0])
