"""Input text that is not UTF-8: the rows that hold it are quarantined, the rest of their file is audited.

DuckDB stops reading a Parquet file at the first string value that is not valid UTF-8 (a logger that wrote raw
Latin-1 or cut a multi-byte character in half), so one such row stopped the whole run. `readable_inputs` checks
the columns the audit reads with DuckDB (a hash of every value; ~10 ms for WiCE dev). A file that fails is read
again with pyarrow, which does not check; each value that is no UTF-8 is found (row, field, first bad byte) and
replaced by its lossy decoding in a copy of the file under the work root. The copy keeps the file's row order and
carries the original file name and, per row, the unreadable field and reason (`SOURCE`, `BAD_FIELD`,
`BAD_REASON`): the scan reads them (`audit.ingest.scan_sql`) and the contract check quarantines exactly those
rows, naming the log's own file and row. The copies live in a folder owned by this process, removed like a stale
work dir once the process is gone.

A timestamp DuckDB cannot hold (a millisecond column given nanoseconds: "Could not convert Timestamp(MS) to
Timestamp(US)") stopped the run the same way; such a file is copied the same way, the value NULL and its row
quarantined, its value and type named as for any `logged_at` that is no timestamp.
"""

from __future__ import annotations

import hashlib
import logging
import os
import re
from collections.abc import Callable
from pathlib import Path

import duckdb
import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

from audit.contract import column_names
from audit.errors import InputError, one_line
from audit.input_schema import CONTEXT_FIELDS, file_schema
from audit.sql import parquet_files, quote, shared
from audit.workdir import OWNER

log = logging.getLogger(__name__)

SUFFIX = ".citeaudit-utf8.parquet"
SOURCE = "__citeaudit_source"
BAD_FIELD = "__citeaudit_unreadable_field"
BAD_REASON = "__citeaudit_unreadable_reason"
BATCH_ROWS = 8192
_ENCODING_ERROR = re.compile(
    r"Invalid string encoding|not valid UTF-?8|Could not convert Timestamp\(M?S\) to Timestamp", re.IGNORECASE
)
# DuckDB holds a timestamp as int64 microseconds: a value of a coarser unit beyond that cannot be read
_TO_MICROS = {"s": 1_000_000, "ms": 1_000}
_MAX_MICROS = 2**63 - 2  # 2**63 - 1 is DuckDB's infinity


def is_encoding_error(exc: BaseException) -> bool:
    """DuckDB's error for a value the copy below makes readable: text that is no UTF-8, a timestamp past its range."""
    return bool(_ENCODING_ERROR.search(str(exc)))


def is_repaired(path: str) -> bool:
    return path.endswith(SUFFIX)


def read_columns(path: str, mapping: dict[str, str]) -> list[str]:
    """The file's columns the audit reads: the contract's, after `[run] column_mapping`."""
    names = set(file_schema(path).names)
    return [src for src in (mapping.get(c, c) for c in column_names()) if src in names]


def scan_error(con: duckdb.DuckDBPyConnection, files: list[str], columns: list[str]) -> duckdb.Error | None:
    """DuckDB's error reading every value of `columns` in `files` (None when it reads them all)."""
    if not columns:
        return None
    # a hash reads every value (`count` may be answered from the file's statistics without reading any)
    counts = ", ".join(f"max(hash({quote(c, identifier=True)}))" for c in columns)
    try:
        con.execute(f"SELECT {counts} FROM read_parquet({parquet_files(files)}, union_by_name = true)").fetchall()
    except duckdb.Error as exc:
        return exc
    return None


def text_is_readable(con: duckdb.DuckDBPyConnection, files: list[str], columns: list[str]) -> bool:
    """False when DuckDB finds a string that is no UTF-8 in `columns` of `files`."""
    exc = scan_error(con, files, columns)
    # anything else (types that differ between files, ...) is told by the checks and scans that follow
    return exc is None or not is_encoding_error(exc)


def _name_broken_file(con: duckdb.DuckDBPyConnection, files: list[str], columns_of: Callable[[str], list[str]]) -> None:
    """Stop naming the file DuckDB cannot read by itself (damaged pages under a sound footer): the scans that
    followed named the first file of the window ("a.parquet and 3 more") or ended in an OSError, exit 1."""
    for f in files:
        exc = scan_error(con, [f], columns_of(f))
        if exc is not None and not is_encoding_error(exc):
            raise InputError(f"{f}: not a readable Parquet file ({one_line(str(exc))})")


def readable_inputs(
    files: list[str], mapping: dict[str, str], root: Path, con: duckdb.DuckDBPyConnection | None = None
) -> list[str]:
    """`files`, each one holding text that is not UTF-8 replaced by its readable copy under `root` (see above);
    checked on `con` (the run plan's database) or a database of its own."""
    contract = {mapping.get(c, c): c for c in column_names()}
    return _readable(files, lambda f: read_columns(f, mapping), root, contract, con)


def readable_contexts(files: list[str], root: Path, con: duckdb.DuckDBPyConnection | None = None) -> list[str]:
    """The same for a `--contexts` table: a row that is no UTF-8 names its file, row and field in its reason, and
    the answer it belongs to is quarantined with that reason (`audit.ingest`)."""
    wanted = {"answer_id", "rank", *CONTEXT_FIELDS}
    return _readable(files, lambda f: [c for c in file_schema(f).names if c in wanted], root, None, con)


def _readable(
    files: list[str],
    columns_of: Callable[[str], list[str]],
    root: Path,
    contract: dict[str, str] | None,
    con: duckdb.DuckDBPyConnection | None,
) -> list[str]:
    stored = {f for f in files if _holds_bytes(f, columns_of(f))}
    with shared(con) as con:
        exc = scan_error(con, files, sorted({c for f in files for c in columns_of(f)}))
        if exc is None and not stored:
            return files
        if exc is not None and not is_encoding_error(exc) and not stored:
            _name_broken_file(con, files, columns_of)
            return files  # types that differ between files, ...: told by the checks and scans that follow
        bad = [f for f in files if f in stored or not text_is_readable(con, [f], columns_of(f))]
    if not bad:
        return files
    folder = root / f"utf8-{os.getpid()}"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / OWNER).write_text(str(os.getpid()))  # a stale work dir once this process is gone (`clean_stale`)
    copies = {f: repair_file(f, columns_of(f), folder, contract) for f in bad}
    return [copies.get(f, f) for f in files]


def _bytes_as_text(typ: pa.DataType) -> pa.DataType | None:
    """`typ` with every bytes type in it as its text type (`binary` -> `string`, the same layout), or None when it
    holds none. Impala, older Hive and Spark write strings as Parquet BYTE_ARRAY without the UTF8 annotation,
    `binary` to pyarrow and BLOB to DuckDB: such a text column stopped the run (exit 2, `input_schema.bytes_hint`);
    it is read as the text it holds through the copy below, a value that is no UTF-8 quarantining its row."""
    if pa.types.is_binary(typ):
        return pa.string()
    if pa.types.is_large_binary(typ):
        return pa.large_string()
    if pa.types.is_binary_view(typ):
        return pa.string_view()
    if pa.types.is_struct(typ):
        fields = [(f, _bytes_as_text(f.type)) for f in typ]
        if all(t is None for _, t in fields):
            return None
        return pa.struct([pa.field(f.name, t or f.type, f.nullable) for f, t in fields])
    if pa.types.is_list(typ) or pa.types.is_large_list(typ):
        inner = _bytes_as_text(typ.value_type)
        if inner is None:
            return None
        item = pa.field(typ.value_field.name, inner, typ.value_field.nullable)
        return pa.large_list(item) if pa.types.is_large_list(typ) else pa.list_(item)
    return None


def _holds_bytes(path: str, columns: list[str]) -> bool:
    """Whether a column of `columns` in `path` holds text stored as bytes (`_bytes_as_text`)."""
    wanted = set(columns)  # (a name given twice is told by the checks that follow: `schema.field` raised KeyError)
    return any(f.name in wanted and _bytes_as_text(f.type) is not None for f in file_schema(path))


def repair_file(path: str, columns: list[str], folder: Path, contract: dict[str, str] | None) -> str:
    """A copy of `columns` of `path` in which every value that is no UTF-8 reads as its lossy decoding, with the
    original name (`SOURCE`) and each such row's first unreadable field and reason (`BAD_FIELD`, `BAD_REASON`).
    `contract`: an answers log's column -> contract name (the field named); None for a contexts table, whose
    reasons name its file and row (the quarantined row is the answer's)."""
    st = os.stat(path)
    key = hashlib.sha256(f"{path}\0{st.st_size}\0{st.st_mtime_ns}\0{columns}".encode()).hexdigest()[:16]
    out = folder / f"{Path(path).stem[:60]}-{key}{SUFFIX}"
    if out.is_file():
        return str(out)
    tmp = out.with_suffix(".tmp")
    rows = found = 0
    writer: pq.ParquetWriter | None = None
    try:
        for batch in pq.ParquetFile(path).iter_batches(batch_size=BATCH_ROWS, columns=columns):
            fixed, field, reason = _repair_batch(batch, rows, path, contract)
            found += sum(r is not None for r in reason)
            table = pa.table(
                {
                    **{name: fixed[i] for i, name in enumerate(batch.schema.names)},
                    SOURCE: pa.array([path] * batch.num_rows, pa.string()),
                    BAD_FIELD: pa.array(field, pa.string()),
                    BAD_REASON: pa.array(reason, pa.string()),
                }
            )
            if writer is None:
                writer = pq.ParquetWriter(tmp, table.schema)
            writer.write_table(table)
            rows += batch.num_rows
    except (pa.ArrowException, OSError) as exc:
        raise InputError(f"{path}: cannot read it again to set aside its text that is no UTF-8 ({exc})") from None
    finally:
        if writer is not None:
            writer.close()
    tmp.replace(out)
    if not found:  # text stored as bytes, all of it UTF-8
        return str(out)
    log.warning(
        "%s: %d of %d rows hold text that is not UTF-8 or a timestamp DuckDB cannot hold; they are quarantined, "
        "the rest audited",
        path,
        found,
        rows,
    )
    return str(out)


def _repair_batch(
    batch: pa.RecordBatch, first_row: int, path: str, contract: dict[str, str] | None
) -> tuple[list[pa.Array], list[str | None], list[str | None]]:
    """The batch's arrays repaired, and each row's first unreadable field and reason (see `repair_file`)."""
    field: list[str | None] = [None] * batch.num_rows
    reason: list[str | None] = [None] * batch.num_rows
    fixed = []
    for name, arr in zip(batch.schema.names, batch.columns, strict=True):
        if (text := _bytes_as_text(arr.type)) is not None:
            arr = (pa.concat_arrays([arr]) if arr.offset else arr).view(text)  # checked as text below
        if contract is not None and pa.types.is_timestamp(arr.type):
            repaired, beyond = _repair_timestamps(arr)
            fixed.append(repaired)
            for i, value in beyond.items():
                if reason[i] is None:
                    field[i] = contract.get(name, name)
                    reason[i] = (
                        f"{field[i]} {value} ({arr.type}) is not a timestamp: beyond any date DuckDB can hold "
                        "(nanoseconds written as milliseconds?); give ISO 8601 (an offset is honoured, none means "
                        "UTC) or epoch seconds/ms"
                    )
            continue
        repaired, bad = repair_array(arr)
        fixed.append(repaired)
        for i, (where, detail) in sorted(bad.items()):
            if reason[i] is not None:
                continue
            what = f"{name}{where} is not valid UTF-8 ({detail})"
            if contract is not None:
                field[i] = contract.get(name, name)
                reason[i] = f"{what}: the log holds bytes that are no text, so the answer cannot be audited; {_FIX}"
            else:
                field[i] = "contexts"
                reason[i] = f"the contexts table {path}, row {first_row + i}: {what}; {_FIX}"
    return fixed, field, reason


_FIX = "fix the encoding where it is logged"


def repair_array(arr: pa.Array) -> tuple[pa.Array, dict[int, tuple[str, str]]]:
    """`arr` with each string value that is no UTF-8 replaced by its lossy decoding (U+FFFD for each bad byte),
    and {index: (where below this level, e.g. `[2].text`, what: the first bad byte and its offset)}."""
    if arr.offset:
        arr = pa.concat_arrays([arr])  # child arrays and offsets below are read from offset 0
    typ = arr.type
    if pa.types.is_string(typ) or pa.types.is_large_string(typ):
        return _repair_strings(arr)
    if pa.types.is_string_view(typ):  # polars' strings
        fixed, bad = _repair_strings(arr.cast(pa.large_string()))
        return (fixed.cast(typ), bad) if bad else (arr, {})
    if pa.types.is_dictionary(typ):  # pandas' and polars' categoricals
        words, found = repair_array(arr.dictionary)
        if not found:
            return arr, {}
        codes = arr.indices.to_pylist()
        bad = {i: found[c] for i, c in enumerate(codes) if c is not None and c in found}
        return pa.DictionaryArray.from_arrays(arr.indices, words), bad
    if pa.types.is_struct(typ):
        children, bad = [], {}
        for k, f in enumerate(typ):
            child, found = repair_array(arr.field(k))
            children.append(child)
            for i, (where, detail) in found.items():
                bad.setdefault(i, (f".{f.name}{where}", detail))
        if not bad:
            return arr, {}
        return pa.StructArray.from_arrays(children, fields=list(typ), mask=arr.is_null()), bad
    if pa.types.is_list_view(typ) or pa.types.is_large_list_view(typ):  # its values in any order: as a plain list
        fixed, bad = repair_array(_as_list(arr))
        return (fixed, bad) if bad else (arr, {})
    if pa.types.is_fixed_size_list(typ):  # a retriever's top k (polars' pl.Array): as a plain list
        fixed, bad = repair_array(arr.cast(pa.list_(typ.value_field)))
        return (fixed, bad) if bad else (arr, {})
    if pa.types.is_list(typ) or pa.types.is_large_list(typ):
        values, found = repair_array(arr.values)
        if not found:
            return arr, {}
        offsets = np.asarray(arr.offsets)
        bad = {}
        for i, (where, detail) in sorted(found.items()):
            row = int(np.searchsorted(offsets, i, side="right")) - 1
            bad.setdefault(row, (f"[{i - int(offsets[row]) + 1}]{where}", detail))
        cls = pa.LargeListArray if pa.types.is_large_list(typ) else pa.ListArray
        return cls.from_arrays(arr.offsets, values, type=typ, mask=arr.is_null()), bad
    return arr, {}


def _as_list(arr: pa.Array) -> pa.Array:
    """A list_view (or large_list_view) array as the list (large_list) it shows: pyarrow 26's cast between them
    gives an invalid array."""
    large = pa.types.is_large_list_view(arr.type)
    nulls = np.asarray(arr.is_null())
    sizes = np.where(nulls, 0, np.asarray(arr.sizes.fill_null(0), dtype=np.int64))
    starts = np.asarray(arr.offsets.fill_null(0), dtype=np.int64)
    offsets = np.concatenate([[0], np.cumsum(sizes)])
    take = np.repeat(starts - offsets[:-1], sizes) + np.arange(offsets[-1], dtype=np.int64)
    values = arr.values.take(pa.array(take, pa.int64()))
    cls, typ = (pa.LargeListArray, pa.large_list) if large else (pa.ListArray, pa.list_)
    offset_type = pa.int64() if large else pa.int32()
    return cls.from_arrays(pa.array(offsets, offset_type), values, type=typ(arr.type.value_field), mask=pa.array(nulls))


def _repair_timestamps(arr: pa.Array) -> tuple[pa.Array, dict[int, int]]:
    """`arr` (a timestamp array) with each value DuckDB cannot read as microseconds NULL, and {index: raw value}."""
    factor = _TO_MICROS.get(arr.type.unit)
    if factor is None:
        return arr, {}
    raw = arr.cast(pa.int64()).fill_null(0).to_numpy()
    nulls = np.asarray(arr.is_null())
    limit = _MAX_MICROS // factor
    beyond = ~nulls & ((raw > limit) | (raw < -limit))
    if not beyond.any():
        return arr, {}
    found = {int(i): int(raw[i]) for i in np.flatnonzero(beyond)}
    return pa.array(raw, pa.int64(), mask=nulls | beyond).cast(arr.type), found


def _repair_strings(arr: pa.Array) -> tuple[pa.Array, dict[int, tuple[str, str]]]:
    try:
        arr.validate(full=True)
        return arr, {}
    except pa.ArrowInvalid:
        pass
    raw = arr.view(pa.large_binary() if pa.types.is_large_string(arr.type) else pa.binary()).to_pylist()
    bad: dict[int, tuple[str, str]] = {}
    text: list[str | None] = []
    for i, b in enumerate(raw):
        if b is None:
            text.append(None)
            continue
        try:
            text.append(b.decode("utf-8"))
        except UnicodeDecodeError as exc:
            bad[i] = ("", f"byte 0x{b[exc.start]:02X} at byte {exc.start}")
            text.append(b.decode("utf-8", "replace"))
    return pa.array(text, arr.type), bad
