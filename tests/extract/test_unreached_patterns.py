"""extract.sql's long patterns that no text of a run may reach ($any in the structured-output statement, where no
answer holds a `{`; $refs, where no text may end in a list of sources) are given as stand-ins DuckDB compiles at once:
each answer is extracted as it is beside answers that reach them (the real patterns)."""

from __future__ import annotations

import random

import duckdb
import pyarrow as pa

from audit.extract.markers import _STAND_IN, extract_citations, unreached_patterns
from audit.sql import load

# no `{`, no word of a list of sources and no `]:`: nothing reaches $refs or $any_json (JSON arrays, fences, streams,
# lines that open with a bracket, markers of every kind do occur)
_PIECES = [
    "[1]", "[2, 3]", "【4†source】", "[^1]", "[Doc: policy.pdf, page 4]", "(source 3)", "¹", "x²", "\n", "\n\n",
    "```\n", "```json\n", "~~~\n", "[1, 2]", '["a", "b"]', "[[1], [2]]", "data: [1]\n", "Here is the answer:\n",
    "Refunds take 14 days.", "https://x.org/a[2]", "`arr[1]`", "    arr[2] = 0", "- ", "1. ", " ", "word", "[", "]",
    "<think>[5]</think>", "true", "42", '"text"', "Hope this helps!",
]  # fmt: skip
# answers that reach both patterns: structured output with a sources list, prose ending in one
_REACHING = [
    '{"answer": "Refunds take 14 days [1].", "sources": ["a.pdf"]}',
    "Refunds take 14 days [1].\n\nSources:\n[1] Refund Policy.pdf",
]
_TABLES = ("texts", "markers", "reference_lists", "reference_entries", "citations")


def _mixes(n: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    return ["".join(rng.choice(_PIECES) for _ in range(rng.randint(1, 12))) for _ in range(n)]


def _extract(answers: list[str]) -> dict[str, list[tuple]]:
    with duckdb.connect() as con:
        ids = [f"a{i:04d}" for i in range(len(answers))]
        con.register("src", pa.table({"answer_id": ids, "answer": answers}))
        con.execute("CREATE TEMP TABLE answers_ok AS SELECT * FROM src")
        extract_citations(con)
        return {t: con.execute(f"SELECT answer_id, * FROM {t} ORDER BY ALL").fetchall() for t in _TABLES}


def test_answers_that_reach_no_long_pattern_are_extracted_as_beside_answers_that_do() -> None:
    answers = _mixes(300, 3)
    alone = _extract(answers)
    beside = _extract(answers + _REACHING)
    reaching = {f"a{i:04d}" for i in range(len(answers), len(answers) + len(_REACHING))}
    for table in _TABLES:
        assert alone[table] == [r for r in beside[table] if r[0] not in reaching], table
    assert len(alone["citations"]) > 300  # the mixes cite


def test_the_stand_ins_are_given_only_where_no_text_reaches_the_pattern() -> None:
    params = {"any": "ANY", "refs": "REFS", "ref_words": "sources|references"}
    for answer, expected in [
        ("Refunds take 14 days [1].", {"any_json": _STAND_IN, "refs": _STAND_IN}),
        ('{"answer": "Refunds take 14 days [1]."}', {"any_json": "ANY", "refs": _STAND_IN}),
        ("Refunds take 14 days [1].\nSources:\n[1] a.pdf", {"any_json": _STAND_IN, "refs": "REFS"}),
        ("Refunds take 14 days [1].\n\n[1]: a.pdf", {"any_json": _STAND_IN, "refs": "REFS"}),
    ]:
        with duckdb.connect() as con:
            con.execute("CREATE TEMP TABLE answers_ok AS SELECT 'a' AS answer_id, $t AS answer", {"t": answer})
            for table, column in [("shaped_answers", "shaped"), ("literal_repairs", "literal")]:
                con.execute(f"CREATE TEMP TABLE {table} AS SELECT 'a' AS answer_id, NULL::VARCHAR AS {column}")
            con.execute("CREATE TEMP TABLE surrogate_repairs AS SELECT 'a' AS answer_id, NULL::VARCHAR AS repaired")
            con.execute("CREATE TEMP TABLE texts AS SELECT 'a' AS answer_id, answer AS answer_text FROM answers_ok")
            con.execute(next(s for s in con.extract_statements(load("extract")) if "MACRO may_list_sources" in s.query))
            got = {k: v.value(con) for k, v in unreached_patterns(params).items()}
        assert got == expected, answer
