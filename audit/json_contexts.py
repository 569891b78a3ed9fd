"""`contexts` logged as JSON text (a logger that `json.dumps` its nested fields): the SQL that reads each row's JSON
array of context objects, and names why a row's text is no such array (its row quarantined: `validate.sql`)."""

from __future__ import annotations

from audit.input_schema import CONTEXT_FIELDS
from audit.sql import quote

# a context's fields, and those of a framework's document stored whole: LangChain's `Document` (`page_content`,
# `metadata`, also serialized `{"lc": 1, "kwargs": {...}}`), LlamaIndex's `NodeWithScore` (`node`: `text`, `metadata`,
# `id_`)
_FRAMEWORK = {"page_content": "VARCHAR", "metadata": "JSON", "node": "JSON", "kwargs": "JSON", "id": "JSON"}
_CONTEXT_JSON = (
    "[{"
    + ", ".join([f'"{name}": "VARCHAR"' for name in CONTEXT_FIELDS] + [f'"{k}": "{t}"' for k, t in _FRAMEWORK.items()])
    + "}]"
)
# where a document's title, url and doc id sit in its metadata, in the order tried (audit.logged_contexts, which reads
# the same documents logged in the answer's JSON)
_NAME_KEYS = ("title", "file_name", "filename", "document_title", "source")
_DOC_KEYS = ("doc_id", "document_id", "ref_doc_id")


def _node(c: str) -> str:
    """The document a framework item holds (LlamaIndex's `node`, a serialized LangChain document's `kwargs`)."""
    return f"coalesce({c}.node, {c}.kwargs)"


def _meta(c: str) -> str:
    return f"coalesce({c}.metadata, json_extract({_node(c)}, '$.metadata'))"


def _meta_text(meta: str, key: str) -> str:
    """A metadata string, non-blank, else NULL."""
    v = f"nullif(trim(json_extract_string({meta}, '$.{key}')), '')"
    return f"CASE WHEN json_type({meta}, '$.{key}') = 'VARCHAR' THEN {v} END"


def _meta_number(meta: str, key: str) -> str:
    """A metadata page written as a whole number (or its digits, at most six), else NULL."""
    v = f"trim(json_extract_string({meta}, '$.{key}'))"
    return (
        f"CASE WHEN json_type({meta}, '$.{key}') IN ('VARCHAR', 'UBIGINT', 'BIGINT') "
        f"AND regexp_full_match({v}, '[0-9]{{1,6}}') THEN CAST({v} AS INTEGER) END"
    )


def _page_offset(cs: str) -> str:
    """What to add to a document's metadata `page` (audit.logged_contexts.page_offset): LangChain's PDF loaders count
    it from 0, so 1; 0 where the row's documents show `page` equal to a numeric `page_label`, none of them page 0."""
    page, label = (_meta_number(_meta("d"), k) for k in ("page", "page_label"))
    pairs = f"list_filter({cs}, lambda d: {page} IS NOT NULL AND {label} IS NOT NULL)"
    return (
        f"CASE WHEN len({pairs}) > 0 AND list_bool_and(list_transform({pairs}, lambda d: {page} = {label})) "
        f"AND NOT coalesce(list_bool_or(list_transform({cs}, lambda d: coalesce({page} = 0, false))), false) "
        "THEN 0 ELSE 1 END"
    )


def _context(c: str, off: str) -> str:
    """A context struct from an item: its own fields, else its document's (text, title, url, doc id, page)."""
    meta = _meta(c)
    name = "coalesce(" + ", ".join(_meta_text(meta, k) for k in _NAME_KEYS) + ")"
    # a `source` that is a file's path (LangChain's loaders: `/srv/kb/Refund Policy.pdf`) titles it by its file name,
    # as a model cites it; the path stays its doc_id
    source = _meta_text(meta, "source")
    base = f"CASE WHEN NOT contains({source}, '://') THEN nullif(regexp_extract({source}, '[^/\\\\]+$'), '') END"
    title = "coalesce(" + ", ".join([_meta_text(meta, k) for k in _NAME_KEYS[:-1]] + [base, source]) + ")"
    url = (
        "coalesce("
        + ", ".join(
            f"CASE WHEN contains({_meta_text(meta, k)}, '://') THEN {_meta_text(meta, k)} END"
            for k in ("url", "source")
        )
        + ")"
    )
    node_id = (
        f"coalesce({_meta_text(_node(c), 'id_')}, {_meta_text(_node(c), 'node_id')}, "
        f"CASE WHEN json_type({c}.id) IN ('VARCHAR', 'UBIGINT', 'BIGINT') THEN json_extract_string({c}.id, '$') END)"
    )
    doc = "coalesce(" + ", ".join(_meta_text(meta, k) for k in _DOC_KEYS) + f", {name}, {node_id})"
    page = (
        f"CAST(coalesce({_meta_number(meta, 'page_label')}, {_meta_number(meta, 'page_number')}, "
        f"{_meta_number(meta, 'page')} + {off}) AS VARCHAR)"
    )
    text = (
        f"coalesce({c}.text, {c}.page_content, {_meta_text(_node(c), 'text')}, {_meta_text(_node(c), 'page_content')})"
    )
    own = {"doc_id": doc, "chunk_id": node_id, "title": title, "page": page, "url": url, "text": text}
    return (
        "{"
        + ", ".join(f"{quote(k)}: coalesce({c}.{quote(k, identifier=True)}, {own[k]})" for k in CONTEXT_FIELDS)
        + "}"
    )


def _contexts(items: str) -> str:
    """The context structs of `items` (from_json of `_CONTEXT_JSON`), NULL for NULL."""
    inner = f"list_transform(cs, lambda c: {_context('c', 'off')})"
    return f"list_transform([{items}], lambda cs: list_transform([{_page_offset('cs')}], lambda off: {inner})[1])[1]"


# a JSON escape of a surrogate: an escaped backslash (kept: `\\ud83d` is a backslash and "ud83d") or a surrogate pair
# (kept: an emoji), group 1; else a surrogate alone, group 2 its digits (audit.extract.markers.replace_lone_surrogates)
_SURROGATE_ESCAPE = (
    r"(\\\\|\\u[dD][89abAB][0-9a-fA-F]{2}\\u[dD][c-fC-F][0-9a-fA-F]{2})|\\u([dD][89a-fA-F][0-9a-fA-F]{2})"
)


def _lone_surrogates_replaced(text: str) -> str:
    """`text` (JSON) with each escape of a lone surrogate written `\\ufffd`: an emoji cut in half (`\\ud83d`, as
    Python's `json.dumps` writes one) is valid JSON DuckDB refuses ("no low surrogate in string"), so a row of
    contexts logged as JSON text holding one was quarantined as no JSON. Each match is written with chr(1) and
    chr(2) around what a lone one leaves (its digits), then those are read; a text holding chr(1) is left as it is
    (it is no JSON anyway)."""
    marked = f"regexp_replace({text}, {quote(_SURROGATE_ESCAPE)}, '\\1' || chr(1) || '\\2' || chr(2), 'g')"
    lone = f"regexp_replace({marked}, chr(1) || '[dD][89a-fA-F][0-9a-fA-F]{{2}}' || chr(2), '\\\\ufffd', 'g')"
    return (
        f"CASE WHEN regexp_matches({text}, '\\\\u[dD][89a-fA-F]') AND NOT contains({text}, chr(1)) "
        f"THEN replace({lone}, chr(1) || chr(2), '') ELSE {text} END"
    )


# a JSON value's type in JSON's words (DuckDB's json_type says UBIGINT, VARCHAR: words a user's JSON has not)
_JSON_WORDS = (
    "CASE ({kind}) WHEN 'OBJECT' THEN 'an object' WHEN 'VARCHAR' THEN 'a string' WHEN 'BOOLEAN' THEN 'true or false' "
    "ELSE 'a number' END"
)


def json_contexts_sql(src: str) -> str:
    """`contexts` logged as JSON text (a logger that `json.dumps` its nested fields): the JSON array of context
    objects it holds, each field read as text (a page "3" or 3 as `page`, an integer id as its digits), an item that
    is no object a context without text (its place kept); NULL for a NULL, blank or JSON null value. `contexts_error`
    names why a value is no such array (its row is quarantined, `validate.sql`). A byte order mark before it is
    skipped, and a lone surrogate escape read as U+FFFD (`_lone_surrogates_replaced`)."""
    text = f"ltrim(CAST({src} AS VARCHAR), chr(65279) || ' ' || chr(9) || chr(10) || chr(13))"
    # JSON text the logger `json.dumps` again (a JSON string holding the array): the array it holds (every row was
    # quarantined, "contexts is JSON text of a string")
    held = "json_extract_string(contexts_logged, '$')"
    unwrapped = (
        "CASE WHEN starts_with(contexts_logged, '\"') AND json_valid(contexts_logged) "
        f"AND json_type(contexts_logged) = 'VARCHAR' AND json_valid({held}) AND json_type({held}) = 'ARRAY' "
        f"THEN {held} ELSE contexts_logged END"
    )
    text = f"list_transform([{text}], lambda contexts_logged: {unwrapped})[1]"
    raw = "contexts_text"  # the text read once (`_lone_surrogates_replaced`), bound to this name below
    kind = f"CASE WHEN json_valid({raw}) THEN json_type({raw}) END"
    contexts = _contexts(f"CASE WHEN ({kind}) = 'ARRAY' THEN from_json({raw}, {quote(_CONTEXT_JSON)}) END")
    # a context naming a field it reads twice (`text` twice: from_json read the first, which one was retrieved unknown)
    fields = ", ".join(quote(name) for name in CONTEXT_FIELDS)
    # each context's message when it gives a field twice, else NULL (built once: the first message is the error)
    dup = (
        f"list_filter(json_keys(c), lambda k: k IN ({fields}) AND len(list_filter(json_keys(c), lambda j: j = k)) > 1)"
    )
    twice = (
        f"list_transform(json_extract({raw}, '$[*]'), lambda c, i: 'contexts[' || i || '] gives field ''' || "
        f"{dup}[1] || ''' twice: which value was retrieved is unknown')"
    )
    error = (
        f"CASE WHEN {raw} = '' OR ({kind}) = 'NULL' THEN NULL "
        f"WHEN ({kind}) IS NULL THEN 'contexts is text that is not JSON (' || left({raw}, 40) || "
        "CASE WHEN length(" + raw + ") > 40 THEN '...' ELSE '' END || '): it must be a JSON array of context objects' "
        f"WHEN ({kind}) <> 'ARRAY' THEN 'contexts is JSON text of ' || {_JSON_WORDS.format(kind=kind)} "
        "|| ', not an array of context objects' "
        f"ELSE list_filter({twice}, lambda m: m IS NOT NULL)[1] END"
    )
    both = f"{{'contexts': {contexts}, 'contexts_error': {error}}}"
    return f"unnest(list_transform([{_lone_surrogates_replaced(text)}], lambda contexts_text: {both})[1])"
