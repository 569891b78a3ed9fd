"""Set-based citation extraction in DuckDB (`sql/extract.sql`), driven by the dialect registry."""

from __future__ import annotations

import re

import duckdb

from audit.extract.dialects import (
    CITATION_LIST_NAMES,
    CITATION_OBJECT_NAMES,
    DOC_CHUNK,
    DOCUMENT,
    DOCUMENT_PAGE,
    FILE_SEARCH,
    FOOTNOTE_DEFINITION,
    HTML_NUMERIC,
    HTML_TAG,
    LINES_ONLY,
    LINK,
    NAMED_FOOTNOTE,
    NUMERIC,
    PAREN_NUMERIC,
    REFERENCE_WORDS,
    SUPERSCRIPT,
    SUPERSCRIPT_AFTER,
    SUPERSCRIPT_BEFORE,
    URL,
    WIDE_NUMERALS_FROM,
    WIDE_NUMERALS_TO,
    any_marker_pattern,
    reference_list_pattern,
)
from audit.extract.shapes import CONFLICT_GROUPS, shape_answers
from audit.sql import run, text_table

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


def extract_citations(con: duckdb.DuckDBPyConnection, numeric_base: int = 1) -> None:
    """From `answers_ok`, build temp tables `texts` (audited text per answer) and `citations`."""
    params = {
        "any": any_marker_pattern(),
        "url": URL,
        "tag": HTML_TAG,
        "num": NUMERIC.pattern,
        "html": HTML_NUMERIC.pattern,
        "pnum": PAREN_NUMERIC.pattern,
        "dp": DOCUMENT_PAGE.pattern,
        "doc": DOCUMENT.pattern,
        "dc": DOC_CHUNK.pattern,
        "fs": FILE_SEARCH.pattern,
        "fs_lines": LINES_ONLY,
        "nf": NAMED_FOOTNOTE.pattern,
        "link": LINK.pattern,
        "nfdef": FOOTNOTE_DEFINITION,
        "sup": SUPERSCRIPT.pattern,
        "sup_before": SUPERSCRIPT_BEFORE,
        "sup_after": SUPERSCRIPT_AFTER,
        "refs": reference_list_pattern(),
        "ref_words": REFERENCE_WORDS,
        "wide_from": WIDE_NUMERALS_FROM,
        "wide_to": WIDE_NUMERALS_TO,
        "base": numeric_base,
        "list_names": list(CITATION_LIST_NAMES),
        "conflict_groups": [list(g) for g in CONFLICT_GROUPS],
    } | {f"on_{field}": list(names) for field, names in CITATION_OBJECT_NAMES.items()}
    repair_lone_surrogates(con)
    shape_answers(con)
    run(con, "extract", params)
