"""Set-based citation extraction in DuckDB (`sql/extract.sql`), driven by the dialect registry."""

from __future__ import annotations

import ast
import json
import re

import duckdb
from duckdb.sqltypes import VARCHAR

from audit.extract.code import MAY_INDENT, indented_code_list
from audit.extract.dialects import (
    BARE_FILE,
    BRACE_NUMERIC,
    CITATION_LIST_NAMES,
    CITATION_OBJECT_NAMES,
    DOC_CHUNK,
    DOC_CHUNK_LIST,
    DOC_CHUNK_REF,
    DOCUMENT,
    DOCUMENT_PAGE,
    DOCUMENT_PAGE_LIST,
    DOCUMENT_PAGE_REF,
    ENTITY_DASH,
    ENTITY_GAP,
    ENTITY_REF,
    FILE_SEARCH,
    FOOTNOTE_DEFINITION,
    HTML_NUMERIC,
    HTML_TAG,
    LINES_ONLY,
    LINK,
    LINKED_NUMERIC,
    MAY_HOLD_WIDE_DIGIT,
    NAMED_FOOTNOTE,
    NUMERIC,
    PAREN_NUMERIC,
    SUPERSCRIPT,
    WIDE_NUMERALS_FROM,
    WIDE_NUMERALS_TO,
    any_marker_pattern,
    ascii_digits,
)
from audit.extract.reasoning import MAY_REASON, blank_reasoning
from audit.extract.scan import (
    AFTER_STOP,
    BRACE_BEFORE,
    CITATION_AFTER,
    REFERENCE_WORDS,
    SUPERSCRIPT_AFTER,
    SUPERSCRIPT_BEFORE,
    URL,
    reference_list_pattern,
)
from audit.extract.shapes import CONFLICT_GROUPS, shape_answers
from audit.sql import Lazy, run, text_table

# a JSON escape of a UTF-16 surrogate, as JavaScript's JSON.stringify writes one (an emoji cut in half: `\ud83d`).
# An escaped backslash is matched first, so `\\ud83d` (a backslash, then "ud83d") is never taken for an escape
_SURROGATE_ESCAPE = re.compile(
    r"\\(?:\\|u([dD][89abAB][0-9a-fA-F]{2})(\\u[dD][c-fC-F][0-9a-fA-F]{2})?|u[dD][c-fC-F][0-9a-fA-F]{2})"
)
# the cheap test in DuckDB for an answer that may hold one (RE2 cannot count the backslashes before it)
_MAY_HOLD_SURROGATE = r"\\u[dD][89a-fA-F]"


def replace_lone_surrogates(text: str) -> str:
    """`text` with each JSON escape of a lone surrogate (a high one not followed by a low one, a low one alone)
    written as `\\ufffd`, the replacement character: valid JSON that DuckDB's reader refuses ("no low surrogate in
    string") becomes JSON it reads, each escape as long as before (offsets into the text do not move). Escaped
    backslashes and surrogate pairs are left as they are."""

    def one(m: re.Match[str]) -> str:
        lone = m.group(0) != "\\\\" and (m.group(1) is None or m.group(2) is None)
        return "\\ufffd" if lone else m.group(0)

    return _SURROGATE_ESCAPE.sub(one, text)


def repair_lone_surrogates(con: duckdb.DuckDBPyConnection) -> int:
    """Temp table `surrogate_repairs` (answer_id, repaired): the answers of `answers_ok` holding a lone surrogate
    escape, with those escapes replaced (`replace_lone_surrogates`); only the rows DuckDB finds a surrogate escape
    in reach Python. The number of answers repaired."""
    found = con.execute(
        "SELECT answer_id, answer FROM answers_ok WHERE regexp_matches(answer, $p)", {"p": _MAY_HOLD_SURROGATE}
    ).fetchall()
    repaired = [(a, r) for a, t in found if (r := replace_lone_surrogates(t)) != t]
    text_table(con, "surrogate_repairs", ("answer_id", "repaired"), repaired)
    return len(repaired)


def holds_wide_digits(con: duckdb.DuckDBPyConnection) -> bool:
    """Whether an answer of `answers_ok` (as logged, or as the structured output `shaped_answers` reads it as) may
    hold a digit of another script than ASCII: one such, or a JSON escape that may stand for one."""
    found = con.execute(
        "SELECT EXISTS (SELECT 1 FROM answers_ok WHERE regexp_matches(answer, $p)) "
        "OR EXISTS (SELECT 1 FROM shaped_answers WHERE regexp_matches(shaped, $p))",
        {"p": MAY_HOLD_WIDE_DIGIT},
    ).fetchone()
    return bool(found and found[0])


# a Python literal's words where JSON has its own (a dict logged with `str()`): the cheap test in DuckDB for an answer
# that may be one
_MAY_BE_LITERAL = r"'|\bNone\b|\bTrue\b|\bFalse\b"


def literal_json(text: str) -> str | None:
    """The JSON a Python dict or list written with `str()` / `repr()` stands for (`{'answer': ..., 'citations':
    None}`: single quotes, None, True, False), or None when `text` is JSON already or no such literal (`ast.
    literal_eval` evaluates no code; a set, bytes or NaN has no JSON)."""
    body = text.strip().lstrip("\ufeff").strip()
    if not body.startswith(("{", "[")):
        return None
    try:
        json.loads(body)
        return None  # JSON: read as it is (a lone surrogate escape aside, `repair_lone_surrogates`)
    except (ValueError, RecursionError):
        pass
    try:
        value = ast.literal_eval(body)
        return json.dumps(value, ensure_ascii=False, allow_nan=False) if isinstance(value, dict | list) else None
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return None


def json_in_string(text: str) -> str | None:
    """The JSON a JSON string holds when its content is a JSON object or array (a logger that `json.dumps` the
    model's JSON output again: `"{\\"answer\\": ...}"`), else None: a string of prose is left as logged. Up to three
    strings deep (a gateway and a logger each encoding it once more: the escaped JSON was audited as prose, RED)."""
    inner = text.strip().lstrip("\ufeff").strip()
    if not inner.startswith('"'):
        return None
    try:
        for _ in range(_STRING_DEPTH):
            inner = json.loads(inner)
            if not isinstance(inner, str):
                return None
            inner = inner.strip()
            if inner.startswith(("{", "[")):
                json.loads(inner)
                return inner
            if not inner.startswith('"'):
                return None
    except (ValueError, RecursionError):
        return None
    return None


_STRING_DEPTH = 3


def repair_python_literals(con: duckdb.DuckDBPyConnection) -> int:
    """Temp table `literal_repairs` (answer_id, literal, how): the answers of `answers_ok` that are a Python dict or
    list logged with `str()` (no JSON: structured_parse_failed, RED, however right), as the JSON they stand for
    (`literal_json`, how `python`); only answers that open with a bracket, are no JSON and hold a quote or a Python
    constant reach Python. Also a JSON string holding the model's JSON (`json_in_string`, how `json_string`: its
    raw text was audited, escapes and all, RED however right). The number of answers so read."""
    found = con.execute(
        "SELECT answer_id, answer FROM answers_ok WHERE regexp_matches(answer, '^[\\s\\x{feff}]*[\\{\\[]') "
        "AND NOT coalesce(json_valid(answer), false) AND regexp_matches(answer, $p)",
        {"p": _MAY_BE_LITERAL},
    ).fetchall()
    read = [(a, j, "python") for a, t in found if (j := literal_json(t)) is not None]
    # a JSON string holding JSON (`json_in_string`): read as that JSON, unflagged (nothing is guessed)
    strings = con.execute(
        "SELECT answer_id, answer FROM answers_ok "
        "WHERE regexp_matches(answer, '^[\\s\\x{feff}]*\"(?:\\\\+\")*\\s*[\\{\\[]')"
    ).fetchall()
    read += [(a, j, "json_string") for a, t in strings if (j := json_in_string(t)) is not None]
    text_table(con, "literal_repairs", ("answer_id", "literal", "how"), read)
    return len(read)


# DuckDB compiles a constant pattern when it plans a statement, whether or not a row reaches the call (~0.1 s for
# $refs, ~0.03 s a call for $any, per shard: most of a small run's extraction). A pattern no row can reach is given as
# a stand-in that compiles at once; the tables come out the same, as no row reads it
_STAND_IN = "()()"
# every text the `texts` statement reads structured output from (no `{`: no JSON object, so no structured output and no
# payload whose surroundings `marked` reads, nor a `sources` list to take as citations: $any_json reaches no row)
_MAY_HOLD_JSON = (
    "SELECT EXISTS (SELECT 1 FROM answers_ok WHERE contains(answer, '{')) "
    "OR EXISTS (SELECT 1 FROM shaped_answers WHERE contains(shaped, '{')) "
    "OR EXISTS (SELECT 1 FROM literal_repairs WHERE contains(literal, '{')) "
    "OR EXISTS (SELECT 1 FROM surrogate_repairs WHERE contains(repaired, '{'))"
)
# the texts `reference_lists` reads with $refs (extract.sql's `may_list_sources`, made before `texts`)
_MAY_LIST_SOURCES = "SELECT EXISTS (SELECT 1 FROM texts WHERE may_list_sources(answer_text, $w))"


def _if_any(query: str, pattern: str, **query_params: str) -> Lazy:
    """`pattern` when `query` (run when the first statement naming it is) finds a row that may reach it, else a
    stand-in."""

    def value(con: duckdb.DuckDBPyConnection) -> str:
        found = con.execute(query, query_params).fetchone()
        return pattern if found and found[0] else _STAND_IN

    return Lazy(value)


def unreached_patterns(params: dict[str, object]) -> dict[str, Lazy]:
    """$any_json and $refs for extract.sql: the patterns, or stand-ins where no text of the run may reach them."""
    anyp, refs, words = str(params["any"]), str(params["refs"]), str(params["ref_words"])
    return {"any_json": _if_any(_MAY_HOLD_JSON, anyp), "refs": _if_any(_MAY_LIST_SOURCES, refs, w=words)}


def _count_sources(con: duckdb.DuckDBPyConnection) -> None:
    """`source_counts` (answer_id, n): each answer's retrieved sources, its last rank (extract.sql reads a superscript
    run past them as its digits); none where no `ctx` was staged (the extraction read alone)."""
    staged = con.execute("SELECT count(*) FROM duckdb_tables() WHERE table_name = 'ctx'").fetchone()
    source = (
        "SELECT answer_id, max(rank) AS n FROM ctx GROUP BY 1"
        if staged and staged[0]
        else ("SELECT NULL::VARCHAR AS answer_id, NULL::INTEGER AS n WHERE false")
    )
    con.execute(f"CREATE OR REPLACE TEMP TABLE source_counts AS {source}")


def extract_citations(con: duckdb.DuckDBPyConnection, numeric_base: int = 1) -> None:
    """From `answers_ok`, build temp tables `texts` (audited text per answer) and `citations`."""
    params = {
        "any": any_marker_pattern(),
        "url": URL,
        "tag": HTML_TAG,
        "num": NUMERIC.pattern,
        "lnum": LINKED_NUMERIC.pattern,
        "html": HTML_NUMERIC.pattern,
        "pnum": PAREN_NUMERIC.pattern,
        "bnum": BRACE_NUMERIC.pattern,
        "brace_before": BRACE_BEFORE,
        "citation_after": CITATION_AFTER,
        "after_stop": AFTER_STOP,
        "bare_file": BARE_FILE,
        "dp": DOCUMENT_PAGE.pattern,
        "dp_list": DOCUMENT_PAGE_LIST,
        "dp_ref": DOCUMENT_PAGE_REF,
        "doc": DOCUMENT.pattern,
        "dc": DOC_CHUNK.pattern,
        "dc_list": DOC_CHUNK_LIST,
        "dc_ref": DOC_CHUNK_REF,
        "fs": FILE_SEARCH.pattern,
        "may_indent": MAY_INDENT,
        "may_reason": MAY_REASON,
        "fs_lines": LINES_ONLY,
        "nf": NAMED_FOOTNOTE.pattern,
        "link": LINK.pattern,
        "nfdef": FOOTNOTE_DEFINITION,
        "sup": SUPERSCRIPT.pattern,
        "sup_before": SUPERSCRIPT_BEFORE,
        "sup_after": SUPERSCRIPT_AFTER,
        "refs": reference_list_pattern(),
        "ref_words": REFERENCE_WORDS,
        "egap": ENTITY_GAP,
        "eref": ENTITY_REF,
        "edash": ENTITY_DASH,
        "wide_from": WIDE_NUMERALS_FROM,
        "wide_to": WIDE_NUMERALS_TO,
        "base": numeric_base,
        "list_names": list(CITATION_LIST_NAMES),
        "conflict_groups": [list(g) for g in CONFLICT_GROUPS],
    } | {f"on_{field}": list(names) for field, names in CITATION_OBJECT_NAMES.items()}
    # indented code blocks (`code_spans`): a scan line by line, in Python, of the texts that may hold one
    con.create_function("citeaudit_indented_code", indented_code_list, [VARCHAR], "INTEGER[][]")
    # a reasoning model's thinking block blanked (`unmarked`): no part of the answer
    con.create_function("citeaudit_blank_reasoning", blank_reasoning, [VARCHAR], VARCHAR)
    try:
        repair_lone_surrogates(con)
        repair_python_literals(con)
        shape_answers(con)
        if not holds_wide_digits(con):  # the marker patterns with ASCII digits, the same matches at less cost
            params = {k: ascii_digits(v) if isinstance(v, str) else v for k, v in params.items()}
        _count_sources(con)
        run(con, "extract", params | unreached_patterns(params))
    finally:
        con.remove_function("citeaudit_indented_code")
        con.remove_function("citeaudit_blank_reasoning")
