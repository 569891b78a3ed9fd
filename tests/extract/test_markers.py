"""Extraction of every dialect in DuckDB, with exact offsets, checked against case files."""

from __future__ import annotations

import json
from pathlib import Path

import duckdb
import pyarrow as pa
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from audit.extract.dialects import expand_numeric
from audit.extract.markers import extract_citations
from audit.extract.scan import markers_outside_code

CASES = [json.loads(line) for line in (Path(__file__).parent / "cases" / "markers.jsonl").read_text().splitlines()]


def extract(answers: list[str], numeric_base: int = 1) -> tuple[list[tuple], dict[str, tuple]]:
    con = duckdb.connect()
    ids = [f"a{i}" for i in range(len(answers))]
    con.register("src", pa.table({"answer_id": ids, "answer": answers}))
    con.execute("CREATE TEMP TABLE answers_ok AS SELECT * FROM src")
    extract_citations(con, numeric_base)
    cites = con.execute(
        "SELECT answer_id, citation_ord, marker, dialect, cited_ref, char_start, char_end, cited_rank "
        "FROM citations ORDER BY answer_id, citation_ord"
    ).fetchall()
    texts = {
        r[0]: r[1:]
        for r in con.execute("SELECT answer_id, answer_text, structured, structured_parse_failed FROM texts").fetchall()
    }
    con.close()
    return cites, texts


@pytest.fixture(scope="module")
def case_extracts() -> dict[str, tuple[list[tuple], tuple]]:
    """Every case's answer extracted in one DuckDB run (each answer its own answer_id: the SQL reads each answer
    alone): its citations and its text row, by case id."""
    cites, texts = extract([c["answer"] for c in CASES])
    return {c["id"]: ([x for x in cites if x[0] == f"a{i}"], texts[f"a{i}"]) for i, c in enumerate(CASES)}


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_dialect_cases(case, case_extracts):
    cites, (text, structured, failed) = case_extracts[case["id"]]
    got = [[m, d, ref] for (_a, _o, m, d, ref, _s, _e, _r) in cites]
    assert got == case["expect"]
    assert structured == case.get("structured", False)
    assert failed == case.get("parse_failed", False)
    for _a, _o, marker, dialect, _ref, start, end, _r in cites:
        if dialect not in ("structured", "citation_object"):
            assert text[start:end] == marker


def test_inline_claim_offsets_point_at_the_claim():
    case = next(c for c in CASES if c["id"] == "json_inline_citations")
    cites, texts = extract([case["answer"]])
    text = texts["a0"][0]
    assert [text[s:e] for *_, s, e, _r in cites] == ["Refunds take 30 days.", "Shipping is free."]


def test_structured_source_index_is_zero_based_and_citations_one_based():
    inline = next(c for c in CASES if c["id"] == "json_inline_citations")["answer"]
    listed = next(c for c in CASES if c["id"] == "json_citations")["answer"]
    cites, _ = extract([inline, listed])
    ranks = {(a, m): r for a, _o, m, _d, _ref, _s, _e, r in cites}
    assert ranks[("a0", "inline_citations[0]")] == 1
    assert ranks[("a1", "citations[1]")] == 2


def test_numeric_base_zero():
    cites, _ = extract(["Zero based [0] and [2]."], numeric_base=0)
    assert [r for *_, r in cites] == [1, 3]


def test_python_reference_expansion_matches_sql():
    for inner, want in [
        ("1, 3", [1, 3]),
        ("1; 3", [1, 3]),
        ("2-4", [2, 3, 4]),
        ("4–2", [2, 3, 4]),
        ("1, 3-4", [1, 3, 4]),
    ]:
        assert expand_numeric(inner) == want


marker_text = st.sampled_from(
    [
        *["[1]", "[2, 3]", "[2-4]", "[1][2]", "[Document: A b.pdf, Page 3]", "[citation:kb_1:chunk-2]", "[", "]"],
        *["[x]", "[\u200b1]", "[2\u00ad,\u2060 3]", "\u200b", "~~~", "\n```\n", "[1](u)", "(", ")", "(a(b))"],
        *["【4:0†a.pdf】", "[1:2†source]", "†", "【", "】", "days\u00b9", "\u00b2\u02d2\u00b3", " m\u00b2", "10\u2076"],
        *["&#91;1&#93;", "&lsqb;2&rsqb;", "<sup>", "</sup>", "<sup>[3]</sup>", "<sup>1</sup>", "&#91;", "&"],
        *["[^note]", "[^a-b]", "\n[^note]: A b.pdf", "[^x"],
        *["https://x.org/a", "www.x.org", "://", ".", " ", "\u3002", "\u00a0"],
    ]
)
free_text = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=40)


answer_text = st.lists(st.one_of(marker_text, free_text), max_size=8).map("".join)


# ~80 answers in 10 DuckDB runs of 3 to 15 (25 runs of 1 to 6 drew ~65): a run's set-up, not its answers, is the
# test's time (~0.2 s each); each answer is still checked on its own, and a failure names the answer that breaks
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(answer_text, min_size=3, max_size=15))
def test_extraction_never_raises_and_offsets_stay_inside_the_text(answers):
    cites, texts = extract(answers)
    for i, answer in enumerate(answers):
        text = texts[f"a{i}"][0]
        mine = [c for c in cites if c[0] == f"a{i}"]
        for _a, _o, marker, dialect, _ref, start, end, _r in mine:
            if dialect == "structured":
                continue
            assert 0 <= start < end <= len(text), answer
            assert text[start:end] == marker, answer
        # the set-based SQL finds exactly the markers the Python reference regex finds
        sql_spans = sorted({(c[5], c[6]) for c in mine if c[3] != "structured"})
        py_spans = sorted((m.start(), m.end()) for m in markers_outside_code(text))
        assert sql_spans == py_spans, answer


@pytest.mark.parametrize(
    "text",
    [
        "Refunds take 30 days [\u0661].",
        "Refunds [\uff11].",
        "Refunds [\u00a01]. Also [2].",
        "Refunds [\u200b1]. Also [\u00ad2\u2060].",
    ],
)
def test_the_python_reference_reads_digits_and_spaces_as_the_sql_does(text):
    # RE2 reads `\d` and `\s` as ASCII; Python's Unicode classes took an Arabic-Indic or full-width digit (and a
    # no-break space) for a marker the SQL never extracts
    cites, _ = extract([text])
    assert sorted((c[5], c[6]) for c in cites) == sorted((m.start(), m.end()) for m in markers_outside_code(text))


def test_every_dialect_the_sql_emits_is_registered():
    from audit.extract.dialects import DIALECTS, JSON_DIALECTS

    cites, _ = extract([c["answer"] for c in CASES])
    emitted = {d for _a, _o, _m, d, *_ in cites}
    assert emitted == {d.name for d in DIALECTS} | {d.name for d in JSON_DIALECTS}


@pytest.mark.parametrize(
    "answers",
    [
        ['{"answer": "Refunds take 30 days [\\u0967]. Shipping is free [\\uff12]."}'],
        ["Refunds take 30 days [1].", "Shipping is free [\u0968]."],
        ["Refunds take 30 days [1].", "Shipping is free [2]."],
    ],
    ids=["json_escaped_digits", "one_answer_of_the_run_in_devanagari", "ascii_only"],
)
def test_a_run_reads_other_scripts_digits_where_any_answer_holds_one_also_as_a_json_escape(answers):
    # the marker patterns read ASCII digits alone in a run none of whose answers holds another script's digit (the
    # all-scripts class made every pattern dearer to compile); a digit that a JSON escape stands for is one
    cites, _ = extract(answers)
    assert [(c[0], c[2], c[4]) for c in cites] == [
        ("a0", "[\u0967]", "1") if "u0967" in answers[0] else ("a0", "[1]", "1"),
        *([("a0", "[\uff12]", "2")] if "u0967" in answers[0] else []),
        *([("a1", f"[{answers[1][-3]}]", "2")] if len(answers) > 1 else []),
    ]
