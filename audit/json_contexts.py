"""`contexts` logged as JSON text (a logger that `json.dumps` its nested fields): the SQL that reads each row's JSON
array of context objects, and names why a row's text is no such array (its row quarantined: `validate.sql`)."""

from __future__ import annotations

from audit.input_schema import CONTEXT_FIELDS
from audit.sql import quote

_CONTEXT_JSON = "[{" + ", ".join(f'"{name}": "VARCHAR"' for name in CONTEXT_FIELDS) + "}]"


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
    raw = "contexts_text"  # the text read once (`_lone_surrogates_replaced`), bound to this name below
    kind = f"CASE WHEN json_valid({raw}) THEN json_type({raw}) END"
    contexts = f"CASE WHEN ({kind}) = 'ARRAY' THEN from_json({raw}, {quote(_CONTEXT_JSON)}) END"
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
