"""The input files' schemas, checked before anything is read: the contract's columns, their types, and names that
DuckDB would read as one (it binds names regardless of case)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import pyarrow as pa
import pyarrow.parquet as pq

from audit.contract import column_names, context_type, required_columns
from audit.errors import InputError, one_line

CONTEXT_FIELDS = [f.name for f in context_type()]
T = TypeVar("T")


def file_schema(path: str) -> pa.Schema:
    return _footer(path, pq.read_schema)


def file_rows(path: str) -> int:
    """The rows a Parquet file holds, from its footer."""
    return _footer(path, pq.read_metadata).num_rows


def _footer(path: str, read: Callable[[str], T]) -> T:
    """`read(path)` of a Parquet file's footer, a missing or unreadable file told in one line."""
    try:
        return read(path)
    except FileNotFoundError:
        raise InputError(f"{path}: file not found") from None
    except (pa.ArrowInvalid, OSError) as exc:
        raise InputError(f"{path}: not a readable Parquet file ({one_line(str(exc))})") from None


def check_files(files: list[str], mapping: dict[str, str]) -> dict[str, pa.DataType]:
    """Check every file has the contract's required columns; return the union of column types."""
    types: dict[str, pa.DataType] = {}
    first: dict[str, str] = {}  # column -> the file its type was first seen in
    for f in files:
        schema = file_schema(f)
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
                if _is_all_null(col, typ):
                    # every value null: what pyarrow and polars write for a column of None (a night's logs without
                    # a tenant, contexts of only empty lists) holds no value of a wrong type: read as NULL (it
                    # stopped the run)
                    continue
                if col == "contexts" and col in types and _contexts_kind(typ) != _contexts_kind(types[col]):
                    raise InputError(
                        f"{f}: column {src!r} (contexts) is {_contexts_kind(typ, True)} here but "
                        f"{_contexts_kind(types[col], True)} in {first[col]}, and DuckDB reads a folder's files as "
                        "one column: write contexts one way in every file, or audit them apart"
                    )
                if col == "contexts" and (is_text(typ) or is_text_list(typ)):
                    # a logger that `json.dumps` its nested fields: a JSON array of context objects per row, read
                    # row by row (`ingest.json_contexts_sql`; a row that is no such array is quarantined); or the
                    # retrieved texts alone (RAGAS, DeepEval, TruLens: `list<string>`), each a context at its place
                    types.setdefault(col, typ)
                    first.setdefault(col, f)
                    continue
                if col == "contexts":
                    _check_fields_once(f, src, typ)
                if col == "contexts" and _whole_documents(typ):
                    # LangChain or LlamaIndex documents stored whole, or maps: read as the JSON they hold
                    types.setdefault(col, typ)
                    first.setdefault(col, f)
                    continue
                if col == "contexts" and not _is_context_list(typ):
                    raise InputError(
                        f"{f}: column {src!r} must be list<struct<doc_id, chunk_id, title, page, url, text>>, got {typ}"
                    )
                if col == "contexts":
                    _check_case_clash(f, [x.name for x in typ.value_type], set(CONTEXT_FIELDS), "contexts fields")
                if col == "answer" and not is_text(typ):
                    hint = f" (mapped from {col!r})" if src != col else ""  # "column 'answer' (answer)" said it twice
                    raise InputError(f"{f}: column {src!r}{hint} must be a string column, got {typ}{bytes_hint(typ)}")
                if col in _TYPE_RULES and not _TYPE_RULES[col][0](typ):
                    hint = f" ({col})" if src != col else ""
                    raise InputError(
                        f"{f}: column {src!r}{hint} must be {_TYPE_RULES[col][1]}, got {typ}{bytes_hint(typ)}"
                    )
                if col == "contexts":
                    check_context_fields(f, [(x.name, x.type) for x in typ.value_type])
                if col == "logged_at" and col in types:
                    types[col] = _merge_logged_at(types[col], typ, first[col], f, src)
                types.setdefault(col, typ)
                first.setdefault(col, f)
    return types


def _check_fields_once(f: str, src: str, typ: pa.DataType) -> None:
    """A contexts struct naming a field twice (a logger merging two schemas) is refused naming it: `text` twice was
    "must be list<struct<...>>" without the reason, `doc_id` twice read one of the two, which unknown."""
    if is_list_type(typ) and pa.types.is_struct(typ.value_type):
        fields = [x.name for x in typ.value_type]
        if twice := sorted({n for n in fields if fields.count(n) > 1}):
            raise InputError(
                f"{f}: column {src!r} has struct fields {twice} more than once; each field needs its own name"
            )


def _is_all_null(col: str, typ: pa.DataType) -> bool:
    """Arrow's `null` type (and, for `contexts`, a list of it): what a writer infers from values that are all None
    (or all empty lists)."""
    if col == "contexts" and is_list_type(typ):
        typ = typ.value_type
    return pa.types.is_null(typ)


def is_list_type(typ: pa.DataType) -> bool:
    """A list as DuckDB reads one: list, large_list, their views (`pa.list_view`, `pa.large_list_view`, Arrow's
    newer layout) or a fixed_size_list (polars' `pl.Array`: a retriever's top k), which Parquet stores as a plain
    list; `contexts` so typed stopped the run."""
    checks = (
        pa.types.is_list,
        pa.types.is_large_list,
        pa.types.is_list_view,
        pa.types.is_large_list_view,
        pa.types.is_fixed_size_list,
    )
    return any(check(typ) for check in checks)


def _is_whole_number(typ: pa.DataType) -> bool:
    """Integers and decimals, which DuckDB writes as text exactly (ids exported from SQL databases often are)."""
    return pa.types.is_integer(typ) or pa.types.is_decimal(typ)


def _is_text_or_whole(typ: pa.DataType) -> bool:
    """Text, or whole numbers DuckDB reads exactly: a decimal of more than 38 digits it reads as a DOUBLE, so two
    ids 10**44 + 1 and 10**44 + 2 were one, '1e+44' (the second quarantined as a duplicate of the first)."""
    if pa.types.is_decimal(typ) and typ.precision > 38:
        return False
    return is_text(typ) or _is_whole_number(typ)


def _is_number_or_text(typ: pa.DataType) -> bool:
    """Integers, floats, decimals or text: a value whole in int32 is read, any other is named on its row."""
    return _is_whole_number(typ) or pa.types.is_floating(typ) or is_text(typ) or pa.types.is_null(typ)


def _is_instant_source(typ: pa.DataType) -> bool:
    """What `logged_at` may be read from: an Arrow duration is stored as int64 and was read as an epoch."""
    return pa.types.is_timestamp(typ) or pa.types.is_date(typ) or _is_number_or_text(typ)


def _is_id_text(typ: pa.DataType) -> bool:
    return _is_text_or_whole(typ) or pa.types.is_null(typ)


_INTEGERS = "integers (whole numbers as floats or text are read)"
_STRING = "a string column (or integers)"
# the contract's typed columns (and context fields): DuckDB casts anything to text (a list id ['a'] to '[a]', a
# boolean to 'true'), a boolean turn_index to 0/1
_TYPE_RULES = {
    **{col: (_is_text_or_whole, _STRING) for col in ("answer_id", "conversation_id", "tenant", "model", "question")},
    "turn_index": (_is_number_or_text, _INTEGERS),
    "logged_at": (_is_instant_source, "a timestamp, a date, epoch numbers or text"),
}
_CONTEXT_RULES = {
    "doc_id": (_is_id_text, "a string (or integers)"),
    "chunk_id": (_is_id_text, "a string (or integers)"),
    "title": (_is_id_text, "a string (or integers)"),
    "url": (_is_id_text, "a string (or integers)"),
    "page": (_is_number_or_text, _INTEGERS),
}


def check_context_fields(f: str, fields: list[tuple[str, pa.DataType]]) -> None:
    """A context's ids, title and url are text (or integers), its page a number or text: anything else stops."""
    for name, typ in fields:
        if name in _CONTEXT_RULES and not _CONTEXT_RULES[name][0](typ):
            raise InputError(f"{f}: contexts field {name!r} must be {_CONTEXT_RULES[name][1]}, got {typ}")


def _check_case_clash(f: str, names: list[str], read: set[str], what: str = "column names") -> None:
    """DuckDB binds column (and struct field) names regardless of case: of `Answer` and `answer` it reads the first
    for both."""
    folded = {n.lower() for n in read}
    clash = sorted(n for n in names if n.lower() in folded and [m.lower() for m in names].count(n.lower()) > 1)
    if clash:
        raise InputError(f"{f}: {what} {clash} differ only in case, which DuckDB reads as one name; rename one")


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
    (what pandas and polars categoricals are written as), or an extension type over one: Parquet's JSON logical type,
    as DuckDB writes a JSON column, is pyarrow's `arrow.json` over a string (DuckDB reads it as the text it holds)."""
    if isinstance(typ, pa.BaseExtensionType):
        typ = typ.storage_type
    if pa.types.is_dictionary(typ):
        typ = typ.value_type
    return pa.types.is_string(typ) or pa.types.is_large_string(typ) or pa.types.is_string_view(typ)


def bytes_hint(typ: pa.DataType) -> str:
    """What to do with text stored as bytes (Parquet BYTE_ARRAY without the UTF8 annotation: Impala and older Hive and
    Spark write strings so), said after the type a text column was refused for: `got binary` alone said nothing of
    how to fix it."""
    if pa.types.is_dictionary(typ):
        typ = typ.value_type
    if not (pa.types.is_binary(typ) or pa.types.is_large_binary(typ) or pa.types.is_binary_view(typ)):
        return ""
    return (
        " (text stored as bytes, without Parquet's UTF8 annotation, as Impala and older Hive and Spark write strings:"
        " rewrite the column as strings, e.g. pyarrow's table.set_column(i, name, pc.cast(col, pa.string())), or"
        " have the writer annotate them, Impala's PARQUET_ANNOTATE_STRINGS_UTF8=true)"
    )


def is_text_list(typ: pa.DataType) -> bool:
    """A list of strings: `contexts` as the retrieved texts alone (`list<string>`, as RAGAS datasets log them)."""
    return is_list_type(typ) and is_text(typ.value_type)


# the fields a framework's document has in place of a context's `text`: LangChain's `Document` (`page_content`,
# `metadata`) and LlamaIndex's `NodeWithScore` (`node`, `score`)
DOCUMENT_FIELDS = ("page_content", "node")


def is_document_list(typ: pa.DataType) -> bool:
    """A list of contexts read as the JSON they hold (`json_contexts`): framework documents stored whole, LangChain's
    `Document` (`page_content`, `metadata`) or LlamaIndex's `NodeWithScore` (`node`) without a `text`; a context
    struct whose title and page sit in a `metadata` struct or map; or each context a map (`map<string, ...>`, as
    Spark and loggers writing dicts as maps do)."""
    if not is_list_type(typ):
        return False
    item = typ.value_type
    if pa.types.is_map(item):
        return is_text(item.key_type)
    if not pa.types.is_struct(item):
        return False
    names = {f.name for f in item}
    return ("text" not in names and bool(names & set(DOCUMENT_FIELDS))) or "metadata" in names


def _whole_documents(typ: pa.DataType) -> bool:
    """Contexts that are no context structs (documents or maps): read as their JSON, without the structs' checks."""
    if not is_document_list(typ):
        return False
    item = typ.value_type
    return not (pa.types.is_struct(item) and "text" in {f.name for f in item})


def _contexts_kind(typ: pa.DataType, named: bool = False) -> str:
    """How a file writes `contexts` (JSON text, the texts alone, context structs): DuckDB reads a folder's files as one
    column, so every file must write them one way. `named`: as an error message names it."""
    if is_text(typ):
        return "JSON text"
    if is_text_list(typ):
        return "a list of texts" if named else "texts"
    if _whole_documents(typ):
        return "a list of framework documents or maps" if named else "documents"
    return str(typ) if named else "structs"


def _is_context_list(typ: pa.DataType) -> bool:
    """A list of structs whose `text` is a string (the source a citation is verified against)."""
    if not is_list_type(typ) or not pa.types.is_struct(typ.value_type):
        return False
    text = [f.type for f in typ.value_type if f.name == "text"]
    return len(text) == 1 and (is_text(text[0]) or pa.types.is_null(text[0]))


def check_context_files(files: list[str]) -> None:
    """A separate contexts table needs `answer_id`, `rank` (integers) and `text` (text) in every file."""
    for f in files:
        schema = file_schema(f)
        names = set(schema.names)
        _check_case_clash(f, schema.names, {"answer_id", "rank", *CONTEXT_FIELDS})
        for col in ("answer_id", "rank", "text"):
            if col not in names:
                raise InputError(f"{f}: contexts table needs column {col!r}; columns are {sorted(names)}")
        rank = schema.field("rank").type
        # floats and decimals too: pandas writes an integer column holding a null as float64 (a whole value is read,
        # another quarantines its answer: ingest._stage_context_table)
        numeric = (pa.types.is_integer, pa.types.is_floating, pa.types.is_decimal, pa.types.is_null)
        if not any(check(rank) for check in numeric):
            raise InputError(f"{f}: contexts column 'rank' must be integers (1 = first retrieved), got {rank}")
        if not (is_text(schema.field("text").type) or pa.types.is_null(schema.field("text").type)):
            raise InputError(f"{f}: contexts column 'text' must be a string column, got {schema.field('text').type}")
        if not _is_text_or_whole(typ := schema.field("answer_id").type):
            raise InputError(f"{f}: contexts column 'answer_id' must be {_STRING}, got {typ}")
        check_context_fields(f, [(x.name, x.type) for x in schema])
