"""Citation markers real assistants write, found by the dialect sweep, each through the real `citeaudit run` on real
Parquet and DuckDB files: a citation silently not read is let in (GREEN), one misread is a false alarm (RED)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq
from click.testing import CliRunner

from audit.cli import main
from audit.contract import answers_schema
from audit.extract.scan import footnote_definitions, markers_outside_code
from tests.cli.hostile import CTX, batched
from tests.conftest import make_answer
from tests.conftest import query as q
from tests.extract.test_markers import extract

ANSWERS = {
    "named": "Refunds take 30 days【4:0†Refund Policy.pdf】.",
    "stem": "Shipping is free over 50 euros【4:12†Shipping】.",
    "ascii": "Refunds take 30 days [4:0†Refund Policy.pdf].",
    "one_number": "Refunds take 30 days【7†Refund Policy.pdf】.",
    "wrong_figure": "Refunds take 30 days [1]. Shipping costs 20 euros【4:1†Shipping.pdf】.",
    "unknown_file": "Refunds take 30 days [1]. Refunds take 30 days【4:0†Warranty.pdf】.",
    "unnamed": "Refunds take 30 days【4:0†source】.",
}


# `†source` with no source retrieved: nothing it can be (source_not_named)
ALONE = make_answer("no_sources", ANSWERS["unnamed"], [])


@batched([make_answer(key, text, CTX) for key, text in ANSWERS.items()] + [ALONE])
def test_an_openai_file_search_annotation_cites_the_file_it_names(answers_db: Path) -> None:
    # OpenAI Assistants' file search writes `【4:0†Refund Policy.pdf】` (message and search-result indexes, then the
    # file's name): it was no marker, so beside a verified [1] a wrong figure cited this way came out GREEN. It names
    # its source by title (with or without the extension, as [Document: X, Page Y] does); `†source` names none, and
    # the numbers are no context ranks: one of the sources retrieved, the one that supports the claim best (round 9:
    # it was source_not_named, fabricated, however right); with none retrieved, a citation that cannot be resolved
    db = answers_db
    got = q(
        db,
        "SELECT answer_id, dialect, cited_ref, context_rank, verdict, reasons, claim FROM citation_audit "
        "WHERE dialect <> 'numeric' ORDER BY 1, citation_ord",
    )
    refunds = "Refunds take 30 days."
    assert [(a, d, r, rank, v, claim) for a, d, r, rank, v, _reasons, claim in got] == [
        ("ascii", "file_search", "Refund Policy.pdf", 1, "verified", refunds),
        ("named", "file_search", "Refund Policy.pdf", 1, "verified", refunds),
        ("no_sources", "file_search", "source", None, "fabricated", refunds),
        ("one_number", "file_search", "Refund Policy.pdf", 1, "verified", refunds),
        ("stem", "file_search", "Shipping", 2, "verified", "Shipping is free over 50 euros."),
        ("unknown_file", "file_search", "Warranty.pdf", None, "fabricated", refunds),
        ("unnamed", "file_search", "source", 1, "verified", refunds),
        ("wrong_figure", "file_search", "Shipping.pdf", 2, got[-1][4], "Shipping costs 20 euros."),
    ], got
    assert got[-1][4] != "verified", got
    reasons = {a: list(r) for a, _d, _r, _rank, _v, r, _c in got}
    assert reasons["unknown_file"] == ["unknown_document"]
    assert reasons["no_sources"] == ["source_not_named"] and reasons["unnamed"] == ["exact_match"]
    levels = dict(q(db, "SELECT answer_id, level FROM answer_audit"))
    assert levels == {
        "named": "GREEN",
        "stem": "GREEN",
        "ascii": "GREEN",
        "one_number": "GREEN",
        "wrong_figure": "RED",
        "unknown_file": "RED",
        "unnamed": "GREEN",
        "no_sources": "RED",
    }, levels
    # the Python reference finds the same markers as the SQL
    cites, _ = extract([ANSWERS["named"], ANSWERS["unnamed"]])
    assert [(m, d, r) for _a, _o, m, d, r, *_ in cites] == [
        ("【4:0†Refund Policy.pdf】", "file_search", "Refund Policy.pdf"),
        ("【4:0†source】", "file_search", "source"),
    ]


ANSWERS_2 = {
    "correct": "Refunds take 30 days¹. Shipping is free over 50 euros².",
    "after_stop": "Refunds take 30 days.¹",
    "list": "Refunds take 30 days¹˒².",
    "wrong_figure": "Refunds take 30 days [1]. Shipping costs 20 euros².",
    "never_retrieved": "Refunds take 30 days [1]. Refunds take 30 days¹⁰.",
    "units": "Refunds take 30 days [1]. The 30 m² room fits 10⁶ boxes of 2 km³ and x² more [1].",
}


@batched([make_answer(key, text, CTX) for key, text in ANSWERS_2.items()])
def test_a_unicode_superscript_after_a_word_is_a_numeric_marker_and_a_unit_is_not(answers_db: Path) -> None:
    # `Refunds take 30 days¹.` cites source 1 as `[1]` does: it was no marker, so beside a verified [1] a wrong figure
    # cited `²` came out GREEN. A superscript run is a marker only after three letters, a CJK character or closing
    # punctuation, and before whitespace, punctuation or the end: `m²`, `km³`, `x²`, `10⁶` are units and powers
    db = answers_db
    got = q(
        db,
        "SELECT answer_id, marker, dialect, cited_ref, context_rank, verdict, claim FROM citation_audit "
        "WHERE dialect <> 'numeric' ORDER BY 1, citation_ord",
    )
    refunds = "Refunds take 30 days."
    assert [(a, m, d, r, rank, v, c) for a, m, d, r, rank, v, c in got] == [
        ("after_stop", "¹", "superscript", "1", 1, "verified", refunds),
        ("correct", "¹", "superscript", "1", 1, "verified", refunds),
        ("correct", "²", "superscript", "2", 2, "verified", "Shipping is free over 50 euros."),
        ("list", "¹˒²", "superscript", "1", 1, "verified", refunds),
        ("list", "¹˒²", "superscript", "2", 2, got[4][5], refunds),
        ("never_retrieved", "¹⁰", "superscript", "10", None, "fabricated", refunds),
        ("wrong_figure", "²", "superscript", "2", 2, got[6][5], "Shipping costs 20 euros."),
    ], got
    assert got[4][5] != "verified" and got[6][5] != "verified", got
    claims = [c for (c,) in q(db, "SELECT claim FROM citation_audit WHERE answer_id = 'units' ORDER BY citation_ord")]
    assert claims[-1] == "The 30 m² room fits 10⁶ boxes of 2 km³ and x² more.", claims
    levels = dict(q(db, "SELECT answer_id, level FROM answer_audit"))
    assert {k: levels[k] for k in ("correct", "after_stop", "wrong_figure", "never_retrieved")} == {
        "correct": "GREEN",
        "after_stop": "GREEN",
        "wrong_figure": "RED",
        "never_retrieved": "RED",
    }, levels
    # the Python reference finds the same markers as the SQL
    cites, texts = extract(list(ANSWERS_2.values()))
    for i, text in enumerate(ANSWERS_2.values()):
        sql = sorted({(s, e) for a, _o, _m, _d, _r, s, e, _k in cites if a == f"a{i}"})
        assert sql == [(m.start(), m.end()) for m in markers_outside_code(texts[f"a{i}"][0])], text


WRONG = "Refunds take 30 days [1]. Shipping costs 20 euros%s."
ANSWERS_3 = {
    "decimal": WRONG % "&#91;2&#93;",
    "named": WRONG % "&lsqb;2&rsqb;",
    "hex": WRONG % "&#x5B;2&#x5D;",
    "sup": WRONG % "<sup>2</sup>",
    "sup_brackets": WRONG % "<sup>[2]</sup>",
    "sup_entities": WRONG % "<SUP>&#91;2&#93;</SUP>",
    "correct": "Refunds take 30 days&#91;1&#93;. Shipping is free over 50 euros<sup>[2]</sup>.",
    "powers": "Refunds take 30 days [1]. The 30 m<sup>2</sup> room fits 10<sup>6</sup> boxes [1].",
}


@batched([make_answer(key, text, CTX) for key, text in ANSWERS_3.items()])
def test_html_escaped_and_sup_tagged_markers_are_the_markers_they_render_as(answers_db: Path) -> None:
    # a log keeps the HTML the chat widget rendered: `&#91;2&#93;`, `&lsqb;2&rsqb;` show as [2], `<sup>2</sup>` and
    # `<sup>[2]</sup>` as a superscript 2. None was a marker, so beside a verified [1] a wrong figure cited so came out
    # GREEN (and the tags stayed in the claim). `10<sup>6</sup>` and `m<sup>2</sup>` are powers, as 10⁶ and m² are
    db = answers_db
    got = q(
        db,
        "SELECT answer_id, marker, cited_ref, context_rank, verdict, claim FROM citation_audit "
        "WHERE marker NOT IN ('[1]') ORDER BY 1, citation_ord",
    )
    shipping = "Shipping costs 20 euros."
    rows = {(a, m): (r, rank, v, c) for a, m, r, rank, v, c in got}
    assert rows == {
        ("correct", "&#91;1&#93;"): ("1", 1, "verified", "Refunds take 30 days."),
        ("correct", "<sup>[2]</sup>"): ("2", 2, "verified", "Shipping is free over 50 euros."),
        ("decimal", "&#91;2&#93;"): ("2", 2, rows[("decimal", "&#91;2&#93;")][2], shipping),
        ("hex", "&#x5B;2&#x5D;"): ("2", 2, rows[("hex", "&#x5B;2&#x5D;")][2], shipping),
        ("named", "&lsqb;2&rsqb;"): ("2", 2, rows[("named", "&lsqb;2&rsqb;")][2], shipping),
        ("sup", "<sup>2</sup>"): ("2", 2, rows[("sup", "<sup>2</sup>")][2], shipping),
        ("sup_brackets", "<sup>[2]</sup>"): ("2", 2, rows[("sup_brackets", "<sup>[2]</sup>")][2], shipping),
        ("sup_entities", "<SUP>&#91;2&#93;</SUP>"): (
            "2",
            2,
            rows[("sup_entities", "<SUP>&#91;2&#93;</SUP>")][2],
            shipping,
        ),
    }, got
    assert all(v != "verified" for (a, _m), (_r, _k, v, _c) in rows.items() if a != "correct"), got
    claims = [c for (c,) in q(db, "SELECT claim FROM citation_audit WHERE answer_id = 'powers' ORDER BY citation_ord")]
    assert claims[-1] == "The 30 m<sup>2</sup> room fits 10<sup>6</sup> boxes.", claims
    levels = dict(q(db, "SELECT answer_id, level FROM answer_audit"))
    assert {k: v for k, v in levels.items() if k != "powers"} == {
        **{k: "RED" for k in ANSWERS_3 if k not in ("correct", "powers")},
        "correct": "GREEN",
    }, levels
    # the Python reference finds the same markers as the SQL
    cites, texts = extract(list(ANSWERS_3.values()))
    for i, text in enumerate(ANSWERS_3.values()):
        sql = sorted({(s, e) for a, _o, _m, _d, _r, s, e, _k in cites if a == f"a{i}"})
        assert sql == [(m.start(), m.end()) for m in markers_outside_code(texts[f"a{i}"][0])], text


CTX_2 = [dict(CTX[0]), {**CTX[1], "url": "https://kb.example/shipping"}]
ANSWERS_4 = {
    "correct": "Refunds take 30 days[^refund-policy]. Shipping is free over 50 euros[^Ship].\n\n"
    "[^refund-policy]: Refund Policy\n[^ship]: <https://kb.example/shipping>",
    "wrong_figure": "Refunds take 30 days [1]. Shipping costs 20 euros[^ship].\n\n[^ship]: Shipping.pdf",
    "undefined": "Refunds take 30 days [1]. Refunds take 30 days[^note].",
    "unknown": "Refunds take 30 days[^w].\n\n[^w]: Warranty.pdf",
}


@batched([make_answer(key, text, CTX_2) for key, text in ANSWERS_4.items()])
def test_a_named_footnote_cites_the_source_its_definition_names(answers_db: Path) -> None:
    # `[^refund-policy]` with `[^refund-policy]: Refund Policy.pdf` (or a url) closing the answer cites that source:
    # it was no marker, so beside a verified [1] a wrong figure cited so came out GREEN. Its definition names the
    # source by title (with or without the extension), doc_id or url; a label never defined is fabricated
    # (footnote_not_defined), never ignored
    db = answers_db
    got = q(
        db,
        "SELECT answer_id, marker, dialect, cited_ref, context_rank, verdict, reasons, claim FROM citation_audit "
        "WHERE dialect <> 'numeric' ORDER BY 1, citation_ord",
    )
    refunds = "Refunds take 30 days."
    rows = [(a, m, d, r, rank, v, c) for a, m, d, r, rank, v, _reasons, c in got]
    assert rows == [
        ("correct", "[^refund-policy]", "named_footnote", "refund-policy", 1, "verified", refunds),
        ("correct", "[^Ship]", "named_footnote", "Ship", 2, "verified", "Shipping is free over 50 euros."),
        ("undefined", "[^note]", "named_footnote", "note", None, "fabricated", refunds),
        ("unknown", "[^w]", "named_footnote", "w", None, "fabricated", refunds),
        ("wrong_figure", "[^ship]", "named_footnote", "ship", 2, got[-1][5], "Shipping costs 20 euros."),
    ], got
    assert got[-1][5] != "verified", got
    reasons = {a: list(r) for a, _m, _d, _r, _k, v, r, _c in got if v == "fabricated"}
    assert reasons == {"undefined": ["footnote_not_defined"], "unknown": ["unknown_document"]}, reasons
    levels = dict(q(db, "SELECT answer_id, level FROM answer_audit"))
    assert levels == {"correct": "GREEN", "wrong_figure": "RED", "undefined": "RED", "unknown": "RED"}, levels
    # the Python reference finds the same markers as the SQL
    cites, texts = extract(list(ANSWERS_4.values()))
    for i, text in enumerate(ANSWERS_4.values()):
        sql = sorted({(s, e) for a, _o, _m, _d, _r, s, e, _k in cites if a == f"a{i}"})
        assert sql == [(m.start(), m.end()) for m in markers_outside_code(texts[f"a{i}"][0])], text
    assert footnote_definitions(ANSWERS_4["correct"]) == {
        "refund-policy": "Refund Policy",
        "ship": "https://kb.example/shipping",
    }


def test_contexts_ranked_from_0_are_flagged_on_the_answer_and_in_the_run_summary(tmp_path: Path) -> None:
    # a 0-based logger's contexts table (rank 0 = first retrieved): ranks are 1-based, `[1]` cites rank 1, so rank 0
    # can be cited by no marker and every [n] reads one place off, without a word. Each such answer is flagged
    # context_rank_0_not_citable and the run's summary says how many (the audit itself is not changed)
    answers = [
        make_answer("zero", "Refunds take 30 days [1].", []),
        make_answer("one", "Refunds take 30 days [1].", []),
    ]
    for a in answers:
        a["contexts"] = None
    inp, ctx, db = tmp_path / "answers.parquet", tmp_path / "contexts.parquet", tmp_path / "audit.duckdb"
    pq.write_table(pa.Table.from_pylist(answers, schema=answers_schema()), inp)
    rows = [
        {"answer_id": "zero", "rank": 0, "text": CTX[0]["text"]},
        {"answer_id": "zero", "rank": 1, "text": CTX[1]["text"]},
        {"answer_id": "one", "rank": 1, "text": CTX[0]["text"]},
        {"answer_id": "one", "rank": 2, "text": CTX[1]["text"]},
    ]
    schema = pa.schema([("answer_id", pa.string()), ("rank", pa.int64()), ("text", pa.string())])
    pq.write_table(pa.Table.from_pylist(rows, schema=schema), ctx)
    res = CliRunner().invoke(main, ["run", "--input", str(inp), "--db", str(db), "--contexts", str(ctx), "--quiet"])
    assert res.exit_code == 0 and "Traceback" not in res.output, res.output
    flags = dict(q(db, "SELECT answer_id, flags FROM answer_audit"))
    assert "context_rank_0_not_citable" in flags["zero"] and "context_rank_0_not_citable" not in flags["one"], flags
    assert "1 answer's contexts start at rank 0" in res.output, res.output


HANDBOOK = [
    {"doc_id": "h", "chunk_id": "h0", "title": "Handbook.pdf", "page": 1, "text": "Welcome to the staff handbook."},
    {"doc_id": "h", "chunk_id": "h1", "title": "Handbook.pdf", "page": 2, "text": "Staff get 25 days of leave."},
    {
        "doc_id": "h",
        "chunk_id": "h2",
        "title": "Handbook.pdf",
        "page": 3,
        "text": "Laptops last 3 years.",
    },
    {"doc_id": "o", "chunk_id": "o0", "title": "Office.pdf", "page": 1, "text": "The office opens at 8 am."},
    # a page retrieved in two chunks
    {"doc_id": "h", "chunk_id": "h3", "title": "Handbook.pdf", "page": 4, "text": "Parking is free for staff."},
    {"doc_id": "h", "chunk_id": "h4", "title": "Handbook.pdf", "page": 4, "text": "Bicycles go in the basement."},
]
LEAVE = "Staff get 25 days of leave."
OBJECTS = json.dumps({"answer": LEAVE, "citations": [{"document_id": "h", "text_span": LEAVE}]})
ANSWERS_5 = {
    "file_search": "Staff get 25 days of leave【4:0†Handbook.pdf】. Laptops last 3 years【4:9†Handbook】.",
    "footnote": "Staff get 25 days of leave [^hb].\n\n[^hb]: Handbook.pdf",
    "object": OBJECTS,
    "wrong_figure": "Staff get 30 days of leave【4:0†Handbook.pdf】.",
    "other_document": "The office opens at 8 am【4:0†Handbook.pdf】.",
    "page": "Bicycles go in the basement [Document: Handbook.pdf, Page 4].",
}


@batched([make_answer(key, text, HANDBOOK) for key, text in ANSWERS_5.items()])
def test_a_document_cited_whole_resolves_to_its_retrieved_chunk_that_supports_the_claim(answers_db: Path) -> None:
    # `【4:0†file】`, a named footnote and a citation object with neither chunk nor page name a document, and a
    # retriever returns documents in chunks: the claim was checked against the document's first chunk alone, so a
    # claim its second chunk states came out `unsupported`, or `misattributed` to that chunk of the named document
    db = answers_db
    got = q(
        db,
        "SELECT answer_id, dialect, context_rank, chunk_id, verdict, suggested_rank FROM citation_audit "
        "ORDER BY 1, citation_ord",
    )
    by = {(a, d): (rank, chunk, v, s) for a, d, rank, chunk, v, s in got}
    assert [r for r in got if r[0] == "file_search"] == [
        ("file_search", "file_search", 2, "h1", "verified", None),
        ("file_search", "file_search", 3, "h2", "verified", None),
    ], got
    assert by[("footnote", "named_footnote")] == (2, "h1", "verified", None), got
    assert by[("object", "citation_object")] == (2, "h1", "verified", None), got
    assert by[("page", "document_page")] == (6, "h4", "verified", None), got
    # a figure none of the chunks states is still not verified, and never blamed on another chunk of the document
    _rank, _chunk, verdict, suggested = by[("wrong_figure", "file_search")]
    assert verdict not in ("verified", "misattributed") and suggested is None, got
    # a claim another document states is misattributed to it, not to a chunk of the named one
    assert by[("other_document", "file_search")][2:] == ("misattributed", 4), got


HANDBOOK_2 = [
    {
        "doc_id": "h",
        "chunk_id": "h0",
        "title": "Handbook.pdf",
        "page": 1,
        "text": "All staff get 25 days of paid leave per year.",
    },
    {
        "doc_id": "h",
        "chunk_id": "h1",
        "title": "Handbook.pdf",
        "page": 2,
        "text": "Staff get 25 days of leave each year. Unused leave may be carried over.",
    },
]
CLAIM = "Staff get 25 days of leave each year."
QUOTE = "All staff get 25 days of paid leave per year."
ANSWERS_6 = {
    "first": json.dumps({"answer": CLAIM, "citations": [{"document_id": "h", "text_span": QUOTE}]}),
    "second": json.dumps({"answer": CLAIM, "citations": [{"document_id": "h", "text_span": "25 days of leave"}]}),
    "nowhere": json.dumps({"answer": CLAIM, "citations": [{"document_id": "h", "text_span": "sabbaticals"}]}),
}


@batched([make_answer(key, text, HANDBOOK_2) for key, text in ANSWERS_6.items()])
def test_a_quote_pins_the_chunk_a_document_cited_whole_resolves_to(answers_db: Path) -> None:
    # a citation object naming a document (no chunk) with its quoted passage: the citation resolved to the chunk that
    # supported the claim best and the quote was searched there alone, so a passage verbatim in another chunk of the
    # named document came out `text_span_not_found_in_source` (a correct citation weak, the answer RED, the evidence
    # in a chunk the quote is not in). The chunks holding the quote are the candidates; with none, all the document's
    db = answers_db
    got = q(
        db,
        "SELECT answer_id, context_rank, chunk_id, quote_status, evidence_text, verdict FROM citation_audit ORDER BY 1",
    )
    by = {a: rest for a, *rest in got}
    assert by["first"] == [1, "h0", "verbatim", QUOTE.rstrip("."), "verified"], got
    assert by["second"] == [2, "h1", "verbatim", "25 days of leave", "verified"], got
    assert by["nowhere"][:3] == [2, "h1", "not_found"], got
    levels = dict(q(db, "SELECT answer_id, level FROM answer_audit"))
    assert levels["first"] == levels["second"] == "GREEN", levels


def _past_32nd_chunk_rows() -> list[dict[str, Any]]:
    """The rows of `test_a_document_cited_whole_past_its_32nd_chunk_is_never_misattributed_to_itself`."""
    handbook = [
        {
            "doc_id": "h",
            "chunk_id": f"h{i}",
            "title": "Handbook.pdf",
            "page": i + 1,
            "text": f"Section {i} covers topic number {i} of the handbook.",
        }
        for i in range(40)
    ]
    handbook[35]["text"] = "Staff get 25 days of leave each year."
    handbook.append(
        {
            "doc_id": "o",
            "chunk_id": "o0",
            "title": "Office.pdf",
            "page": 1,
            "text": "The office opens at 8 am on weekdays.",
        }
    )
    answers = {
        "far": "Staff get 25 days of leave each year【4:0†Handbook.pdf】.",
        "other": "The office opens at 8 am on weekdays【4:0†Handbook.pdf】.",
    }
    return [make_answer(k, v, handbook) for k, v in answers.items()]


@batched(_past_32nd_chunk_rows())
def test_a_document_cited_whole_past_its_32nd_chunk_is_never_misattributed_to_itself(answers_db: Path) -> None:
    # a document retrieved in 40 chunks, the claim in its 36th: only its first 32 were candidates, so the citation
    # came out `misattributed` to rank 36, a chunk of the very document it named (RED). The 32 candidates are now the
    # chunks sharing most words with the claim, and no chunk of the document is ever another source
    db = answers_db
    got = q(db, "SELECT answer_id, context_rank, chunk_id, verdict, suggested_rank FROM citation_audit ORDER BY 1")
    assert got[0] == ("far", 36, "h35", "verified", None), got
    assert got[1][0] == "other" and got[1][3:] == ("misattributed", 41), got
