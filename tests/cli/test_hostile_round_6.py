"""Hostile inputs and log formats, round 6, each through the real `citeaudit run` on real Parquet and DuckDB files:
a log written as other systems write it is read, a broken row is quarantined naming its file, row and field and the
run goes on, and a broken file stops with one line a user can act on."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq
from click.testing import CliRunner

from audit.cli import main
from audit.contract import answers_schema
from tests.cli.hostile import CTX, batched, logged_rows, run_input
from tests.conftest import make_answer
from tests.conftest import query as q

REFUNDS, SHIPPING = (c["text"] for c in CTX)  # "Refunds take 30 days.", "Shipping is free over 50 euros."


def _json_contexts_table(rows: list[dict[str, Any]], text_type: pa.DataType) -> pa.Table:
    """The contract's rows with `contexts` written as a logger that `json.dumps` its nested fields writes them."""
    schema = answers_schema()
    schema = schema.set(schema.get_field_index("contexts"), pa.field("contexts", text_type))
    return pa.Table.from_pylist(rows, schema=schema)


def _json_context_rows() -> list[dict[str, Any]]:
    ints = [c | {"doc_id": 7, "page": str(c["page"])} for c in CTX]  # an integer id, a page as text
    texts = {
        "ok": json.dumps(CTX),
        "ints": json.dumps(ints),
        "none": None,
        "blank": "  ",
        "null": "null",
        "cut": json.dumps(CTX)[:40],
        "object": json.dumps(CTX[0]),
        "item_text": json.dumps([REFUNDS, CTX[1]]),
        "bom": "\ufeff" + json.dumps(CTX),
        "twice": '[{"doc_id": "d1", "text": "Refunds take 30 days.", "text": "Refunds take 90 days."}]',
    }
    answers = {"ints": f"{SHIPPING} [Document: Shipping.pdf, Page 2]", "item_text": f"{REFUNDS} [1] {SHIPPING} [2]"}
    return [make_answer(k, answers.get(k, f"{REFUNDS} [1]"), []) | {"contexts": v} for k, v in texts.items()]


def test_contexts_logged_as_json_text_are_read_and_a_row_that_is_no_json_array_is_quarantined(tmp_path: Path) -> None:
    # a logger that `json.dumps` its nested fields writes `contexts` as a string column of a JSON array of context
    # objects: the run stopped (exit 2, "must be list<struct<...>>") and no row was audited (rounds 4 and 5 left it).
    # The text is read as the contexts it holds, each row on its own: JSON null, a blank or a NULL value is no
    # context; a row whose text is no JSON, or JSON that is no array, is quarantined naming its file, row and field
    # and the run goes on; an item that is no object keeps its place (its citation context_text_missing)
    rows = _json_context_rows()
    for name, typ in (
        ("string", pa.string()),
        ("large", pa.large_string()),
        ("dict", pa.dictionary(pa.int32(), pa.string())),
    ):
        inp, db = tmp_path / f"{name}.parquet", tmp_path / f"{name}.duckdb"
        pq.write_table(_json_contexts_table(rows, typ), inp)
        code, out = run_input(inp, db)
        assert code == 0, out
        assert q(db, "SELECT answers_read, answers_audited, answers_quarantined FROM runs") == [(10, 7, 3)]
        bad = q(db, "SELECT answer_id, row_ref, field, reason FROM quarantine ORDER BY answer_id")
        assert [(a, r.rsplit(":", 1)[1], f) for a, r, f, _ in bad] == [
            ("cut", "5", "contexts"),
            ("object", "6", "contexts"),
            ("twice", "9", "contexts"),
        ]
        assert str(inp.resolve()) in bad[0][1]
        assert "not JSON" in bad[0][3] and "an array of context objects" in bad[1][3], bad
        # a field given twice in one context (which text was retrieved is unknown: DuckDB read the first)
        assert "contexts[1]" in bad[2][3] and "'text'" in bad[2][3] and "twice" in bad[2][3], bad
        got = dict(
            q(
                db,
                "SELECT answer_id, list((context_rank, verdict) ORDER BY citation_ord) FROM citation_audit GROUP BY 1",
            )
        )
        assert got["ok"] == got["bom"] == [(1, "verified")] and got["ints"] == [(2, "verified")], got
        for a in ("none", "blank", "null"):
            assert got[a] == [(None, "fabricated")], (a, got[a])
        assert got["item_text"] == [(1, "unsupported"), (2, "verified")], got["item_text"]
        (reasons,) = q(db, "SELECT reasons FROM citation_audit WHERE answer_id = 'item_text' AND context_rank = 1")[0]
        assert "context_text_missing" in reasons
        assert q(db, "SELECT doc_id FROM citation_audit WHERE answer_id = 'ints'") == [("7",)]  # its page "2" read


def test_a_folder_of_logs_with_contexts_as_json_text_in_one_file_and_lists_in_another_stops_naming_both(
    tmp_path: Path,
) -> None:
    # DuckDB reads the files of a folder as one table: a `contexts` list in one file and JSON text in another is one
    # column of two types. Each is read as what it is would need a scan per file; the run stops naming both files
    # and what to do, as `logged_at` given as timestamps and epoch numbers does
    folder = tmp_path / "logs"
    folder.mkdir()
    pq.write_table(
        pa.Table.from_pylist([make_answer("a", f"{REFUNDS} [1]", CTX)], schema=answers_schema()), folder / "a.parquet"
    )
    text_row = make_answer("b", f"{REFUNDS} [1]", []) | {"contexts": json.dumps(CTX)}
    pq.write_table(_json_contexts_table([text_row], pa.string()), folder / "b.parquet")
    code, out = run_input(folder, tmp_path / "audit.duckdb")
    assert code == 2, out
    assert "a.parquet" in out and "b.parquet" in out and "contexts" in out and "JSON" in out, out


def _langchain(answer: str, *pages: dict[str, Any]) -> str:
    """A LangChain RetrievalQA result logged as the answer: its `source_documents` (PDF pages: the refund policy,
    then the shipping page) with the metadata given, and no `contexts` value."""
    docs = [
        {"page_content": text, "metadata": {"source": name} | meta}
        for text, name, meta in zip((REFUNDS, SHIPPING), ("Refund Policy.pdf", "Shipping.pdf"), pages, strict=True)
    ]
    return json.dumps({"query": "q?", "result": answer, "source_documents": docs})


_CITED = f"{REFUNDS} [Document: Refund Policy.pdf, Page 3] {SHIPPING} [Document: Shipping.pdf, Page 1]"
LANGCHAIN_PAGES = {
    # PyPDFLoader and LangChain's other PDF loaders: `page` counts from 0
    "zero_based": _langchain(_CITED, {"page": 2}, {"page": 0}),
    "off_by_one": _langchain(f"{REFUNDS} [Document: Refund Policy.pdf, Page 2]", {"page": 2}, {"page": 0}),
    # their newer versions write the printed label beside it
    "labelled": _langchain(_CITED, {"page": 2, "page_label": "3", "total_pages": 9}, {"page": 0, "page_label": "1"}),
    # a loader whose `page` is the printed page: its label says so, and the page beside it without one is read alike
    "one_based": _langchain(
        f"{REFUNDS} [Document: Refund Policy.pdf, Page 3] {SHIPPING} [Document: Shipping.pdf, Page 5]",
        {"page": 3, "page_label": "3"},
        {"page": 5},
    ),
}


def test_a_langchain_document_s_page_counts_from_zero_unless_the_log_shows_otherwise(tmp_path: Path) -> None:
    # LangChain's PDF loaders (PyPDFLoader, PyMuPDFLoader, PDFPlumberLoader) write `metadata.page` counting from 0,
    # and the model writes the page a reader sees: `[Document: Refund Policy.pdf, Page 3]` for metadata page 2. The
    # page was not read (only `page_label`), so every such marker was page_not_retrieved (fabricated, RED) however
    # right. `page` + 1 is the page now; the log's own evidence decides otherwise: a numeric `page_label` beside it
    # is the page, and where the answer's sources show their `page` equal to their label, `page` is read as it is
    rows = [make_answer(k, v, []) | {"contexts": None} for k, v in LANGCHAIN_PAGES.items()]
    inp, db = tmp_path / "answers.parquet", tmp_path / "audit.duckdb"
    pq.write_table(pa.Table.from_pylist(rows, schema=answers_schema()), inp)
    code, out = run_input(inp, db)
    assert code == 0, out
    got = dict(
        q(db, "SELECT answer_id, list((context_rank, verdict) ORDER BY citation_ord) FROM citation_audit GROUP BY 1")
    )
    assert got["zero_based"] == got["labelled"] == got["one_based"] == [(1, "verified"), (2, "verified")], got
    assert got["off_by_one"] == [(None, "fabricated")], got
    assert q(db, "SELECT reasons FROM citation_audit WHERE answer_id = 'off_by_one'") == [(["page_not_retrieved"],)]


_POLICY = [
    {"doc_id": "d1", "chunk_id": "c1", "title": "Refund Policy.pdf", "page": 1,
     "text": "Refunds take 30 days. Refunds are paid to the original card."},
    {"doc_id": "d2", "chunk_id": "c2", "title": "Shipping.pdf", "page": 2,
     "text": "Shipping is free over 50 euros. Orders ship within two days."},
]  # fmt: skip
_ITEMS = "- Refunds take 30 days.\n- Refunds are paid to the original card."
ANNOUNCED = {
    "colon": f"The refund policy says the following [1]:\n{_ITEMS}",
    "after_colon": "According to the refund policy: [1]\n\n"
    "1. Refunds take 30 days.\n2. Refunds are paid to the original card.",
    "wrong": f"The refund policy says the following [1]:\n{_ITEMS.replace('30', '90')}",
    "joint": "Our policies [1][2]:\n- Refunds take 30 days.\n- Shipping is free over 50 euros.",
    "joint_long": "Our policies are these [1][2]:\n- Refunds take 30 days.\n- Shipping is free over 50 euros.",
    "items_cite": "The policies are [1]:\n- Refunds take 30 days. [1]\n- Shipping is free over 50 euros. [2]",
}


@batched(logged_rows(ANNOUNCED, _POLICY))
def test_a_marker_on_the_line_announcing_a_list_cites_the_list(answers_db: Path) -> None:
    # "The refund policy says the following [1]:" and its items: the marker cited the line's words alone, checked as
    # "The refund policy says the following:" (weak: a correct answer RED; "According to the refund policy:" was
    # verified however wrong the items), and each item was an uncited claim. A colon ends no sentence: the line and
    # its items are the claim, the items cited, when no item cites anything itself
    got = dict(
        q(
            answers_db,
            "SELECT answer_id, list((context_rank, verdict) ORDER BY citation_ord) FROM citation_audit GROUP BY 1",
        )
    )
    for a in ("colon", "after_colon"):
        assert got[a] == [(1, "verified")], (a, got[a])
    assert got["joint"] == [(1, "verified"), (2, "verified")], got["joint"]
    # the words announcing the list state no fact of their own: for joint support they go with the first item (as a
    # clause of their own no source verified them alone, and both citations were unsupported)
    assert got["joint_long"] == [(1, "verified"), (2, "verified")], got["joint_long"]
    assert got["wrong"][0][1] != "verified", got["wrong"]
    uncited = {a for (a,) in q(answers_db, "SELECT answer_id FROM uncited_claims")}
    assert not uncited & {"colon", "after_colon", "joint", "wrong"}, uncited
    (claim,) = q(answers_db, "SELECT claim FROM citation_audit WHERE answer_id = 'colon'")[0]
    assert claim == "The refund policy says the following: Refunds take 30 days. Refunds are paid to the original card."
    # items citing their own sources: each cites its own line, and the announcing line's marker its own words
    assert [c for c, _ in got["items_cite"]] == [1, 1, 2], got["items_cite"]


CLOSED = {
    "closing": f"The refund policy says:\n{_ITEMS} [1]",
    "joint": "Our policies are these:\n\n1. Refunds take 30 days.\n2. Shipping is free over 50 euros. [1][2]",
    "wrong": f"The refund policy says:\n{_ITEMS.replace('30', '90')} [1]",
    "unannounced": f"{_ITEMS} [1]",
    "items_cite": "The policies:\n- Refunds take 30 days. [1]\n- Shipping is free over 50 euros. [2]",
}


@batched(logged_rows(CLOSED, _POLICY))
def test_a_marker_closing_an_announced_list_as_its_only_marker_cites_the_list(answers_db: Path) -> None:
    # "The refund policy says:", its items, and one marker after the last: the marker cited the last item alone
    # (`[1][2]` over a refund item and a shipping item: [1] unsupported, a correct answer RED) and the items before
    # it were uncited claims. The announcing line and its items are one sentence (a colon ends none), and a marker
    # at a sentence's end cites it whole. A list no line announces was items side by side here (the marker after its
    # last item cited that item alone, round 5's rule); round 7 cites such a list whole too (test_hostile_round_7)
    got = dict(
        q(
            answers_db,
            "SELECT answer_id, list((context_rank, verdict) ORDER BY citation_ord) FROM citation_audit GROUP BY 1",
        )
    )
    assert got["closing"] == [(1, "verified")], got["closing"]
    assert got["joint"] == [(1, "verified"), (2, "verified")], got["joint"]
    assert got["wrong"][0][1] != "verified", got["wrong"]
    assert [c for c, _ in got["items_cite"]] == [1, 2], got["items_cite"]
    uncited = dict(q(answers_db, "SELECT answer_id, list(sentence) FROM uncited_claims GROUP BY 1"))
    assert not uncited, uncited
    claims = dict(
        q(answers_db, "SELECT answer_id, claim FROM citation_audit WHERE answer_id IN ('closing', 'unannounced')")
    )
    assert claims == {
        "closing": "The refund policy says: Refunds take 30 days. Refunds are paid to the original card.",
        "unannounced": "Refunds take 30 days. Refunds are paid to the original card.",
    }


def test_a_yaml_config_stops_saying_configs_are_toml(tmp_path: Path) -> None:
    # a config written in YAML (`run:` then `  shard_rows: 5`, as Prefect's and many tools' configs are) stopped with
    # "not valid TOML: Expected '=' after a key in a key/value pair (at line 1, column 4)": the user is left to find
    # that citeaudit reads TOML only. A file named .yaml / .yml that is no TOML is told so, with the TOML it wants
    inp = tmp_path / "answers.parquet"
    pq.write_table(pa.Table.from_pylist([make_answer("a", f"{REFUNDS} [1]", CTX)], schema=answers_schema()), inp)
    for name in ("citeaudit.yaml", "citeaudit.yml"):
        cfg = tmp_path / name
        cfg.write_text("run:\n  shard_rows: 5\n")
        res = CliRunner().invoke(
            main, ["run", "--input", str(inp), "--db", str(tmp_path / "a.duckdb"), "--config", str(cfg)]
        )
        assert res.exit_code == 2 and "Traceback" not in res.output, res.output
        assert name in res.output and "YAML" in res.output and "[run]" in res.output, res.output


HTML_ATTRIBUTES = {
    "href": f'{REFUNDS} [1] See <a href="https://x.org/refunds[2]">the refund page</a> for more.',
    "relative": f"{REFUNDS} [1] See <a href='/kb/page[2]' title=\"x\">the refund page</a> for more.",
    "img": f'{REFUNDS} [1] <img src="charts/refunds[2].png" alt="Refunds chart[2]"/>',
    "sup": f"{REFUNDS}<sup>[1]</sup> {SHIPPING}<sup>[2]</sup>",
    "less_than": "Refunds take 30 days if a<b [1] and the rest.",
}


@batched(logged_rows(HTML_ATTRIBUTES))
def test_a_bracket_inside_an_html_tag_s_attribute_is_no_marker(answers_db: Path) -> None:
    # an answer rendered with HTML links or images: `<a href="https://x.org/refunds[2]">` (a url's bracket before its
    # closing quote ends the url), `<a href='/kb/page[2]'>`, `<img src="refunds[2].png" alt="...">`: the bracket was
    # read as a marker, a citation of source 2 whose claim was the tag's text (unsupported, a correct answer RED).
    # A bracket inside a tag (`<name attr="...">`) is no marker, in DuckDB's extraction and in the Python reference;
    # `<sup>[1]</sup>` still is one, and a `<` that opens no tag hides nothing
    got = dict(
        q(
            answers_db,
            "SELECT answer_id, list((cited_ref, verdict) ORDER BY citation_ord) FROM citation_audit GROUP BY 1",
        )
    )
    for a in ("href", "relative", "img"):
        assert got[a] == [("1", "verified")], (a, got[a])
    assert got["sup"] == [("1", "verified"), ("2", "verified")], got["sup"]
    assert [c for c, _ in got["less_than"]] == ["1"], got["less_than"]


_PAGED = [c | {"page": p} for c, p in zip(CTX, (3, 4), strict=True)]
DOCUMENT_PAGES = {
    "quoted": f'{REFUNDS} [Document: "Refund Policy.pdf", Page 3]',
    "curly": f"{REFUNDS} [Document: “Refund Policy.pdf”, Page 3]",
    "semicolon": f"{REFUNDS} [Document: Refund Policy.pdf; Page 3]",
    "of": f"{REFUNDS} [Document: Refund Policy.pdf, Page 3 of 10]",
    "source_quoted": f"{REFUNDS} [Source: 'Refund Policy.pdf']",
    "wrong_page": f'{REFUNDS} [Document: "Refund Policy.pdf"; Page 4 of 10]',
}


@batched(logged_rows(DOCUMENT_PAGES, _PAGED))
def test_a_document_page_marker_with_a_quoted_title_a_semicolon_or_a_page_count_is_read(answers_db: Path) -> None:
    # `[Document: "Refund Policy.pdf", Page 3]` (a model quoting the file's name), `[Document: Refund Policy.pdf;
    # Page 3]`, `[Document: Refund Policy.pdf, Page 3 of 10]`: each was read as the name of a document no source has
    # (the quotes, or "Refund Policy.pdf; Page 3", as the title), unknown_document (fabricated, RED) however right.
    # The quotes are no part of the name, a semicolon parts name and page as a comma does, and "of 10" is the count
    got = dict(
        q(
            answers_db,
            "SELECT answer_id, list((context_rank, verdict) ORDER BY citation_ord) FROM citation_audit GROUP BY 1",
        )
    )
    for a in ("quoted", "curly", "semicolon", "of", "source_quoted"):
        assert got[a] == [(1, "verified")], (a, got[a])
    assert got["wrong_page"] == [(None, "fabricated")], got["wrong_page"]
    (reasons,) = q(answers_db, "SELECT reasons FROM citation_audit WHERE answer_id = 'wrong_page'")[0]
    assert reasons == ["page_not_retrieved"], reasons


BRACKETED_POSITIONS = {
    "one": {"answer": REFUNDS, "citations": ["[1]"]},
    "wrong": {"answer": REFUNDS, "citations": ["[2]"]},
    "past": {"answer": REFUNDS, "citations": ["[7]"]},
    "spaced": {"answer": f"{REFUNDS} {SHIPPING}", "citations": ["[ 1 ]", "[2]"]},
}


@batched(logged_rows(BRACKETED_POSITIONS))
def test_a_json_citations_list_of_bracketed_positions_cites_those_positions(answers_db: Path) -> None:
    # structured output whose `citations` copy the markers the model was shown, `["[1]", "[2]"]`: each was read as
    # the name of a document no source has, unknown_document (fabricated, RED) however right. A bracketed number is
    # the position it shows, as "1" is
    got = dict(
        q(
            answers_db,
            "SELECT answer_id, list((context_rank, verdict) ORDER BY citation_ord) FROM citation_audit GROUP BY 1",
        )
    )
    assert got["one"] == [(1, "verified")], got["one"]
    assert got["wrong"][0][1] != "verified" and got["wrong"][0][0] == 2, got["wrong"]
    assert got["past"] == [(None, "fabricated")], got["past"]
    assert [r for r, _ in got["spaced"]] == [1, 2], got["spaced"]
    (reasons,) = q(answers_db, "SELECT reasons FROM citation_audit WHERE answer_id = 'past'")[0]
    assert reasons == ["index_out_of_range"], reasons


PYTHON_LITERALS = {
    "dict": str({"answer": REFUNDS, "citations": [1]}),
    "none": str({"answer": f"{REFUNDS} [1]", "citations": None, "confidence": 0.9}),
    "objects": str({"answer": REFUNDS, "citations": [{"document_id": "d1", "text_span": REFUNDS, "ok": True}]}),
    "wrong": str({"answer": REFUNDS.replace("30", "90"), "citations": [1]}),
    "apostrophe": str({"answer": f"It's simple: {REFUNDS[0].lower()}{REFUNDS[1:]}", "citations": [1]}),
    "cut": str({"answer": REFUNDS, "citations": [1]})[:-1],
}


@batched(logged_rows(PYTHON_LITERALS))
def test_structured_output_logged_as_a_python_dict_is_read_as_the_json_it_stands_for(answers_db: Path) -> None:
    # a logger that writes the model's parsed output with `str(response)` (or an f-string) logs a Python dict:
    # `{'answer': '...', 'citations': [1]}`, single quotes, None, True. It was structured_parse_failed (RED, the raw
    # dict audited as the claim) however right. A dict (or list) that is no JSON but a Python literal is read as the
    # JSON it stands for, flagged python_literal_read (the level its own); one cut short is still
    # structured_parse_failed
    got = dict(
        q(
            answers_db,
            "SELECT answer_id, list((context_rank, verdict) ORDER BY citation_ord) FROM citation_audit GROUP BY 1",
        )
    )
    flags = dict(q(answers_db, "SELECT answer_id, flags FROM answer_audit"))
    for a in ("dict", "none", "objects", "apostrophe"):
        assert "python_literal_read" in flags[a] and "structured_parse_failed" not in flags[a], (a, flags[a])
    for a in ("dict", "none", "objects"):
        assert got[a] == [(1, "verified")], (a, got[a])
    # str() writes a text holding an apostrophe in double quotes: its claim is the text, not the dict
    assert q(answers_db, "SELECT claim FROM citation_audit WHERE answer_id = 'apostrophe'") == [
        ("It's simple: refunds take 30 days.",)
    ]
    assert got["wrong"][0][1] != "verified", got["wrong"]
    assert "structured_parse_failed" in flags["cut"] and "python_literal_read" not in flags["cut"], flags["cut"]
    assert q(answers_db, "SELECT claimed_confidence FROM answer_audit WHERE answer_id = 'none'") == [(0.9,)]


_PAYLOAD = json.dumps({"answer": REFUNDS, "citations": [1]})
CLOSING_LINES = {
    "thanks": f"{_PAYLOAD}\nHope this helps!",
    "claim": f"{_PAYLOAD}\n\nShipping is free over 90 euros.",
    "preamble": f"Here is the answer:\n{_PAYLOAD}\nHope this helps!",
    "cut": f"{_PAYLOAD[:-1]}\nHope this helps!",
}


@batched(logged_rows(CLOSING_LINES))
def test_structured_output_followed_by_a_closing_line_is_read_as_after_a_preamble(answers_db: Path) -> None:
    # `{"answer": ..., "citations": [1]}` then "Hope this helps!" (a model chatting after its JSON): after a preamble
    # ("Here is the answer:") such a closing line was read beside the payload, but without one the answer was
    # structured_parse_failed (RED, the raw JSON audited as the claim) however right. The payload is read the same
    # way with or without a preamble, the closing line's statement an uncited claim; JSON cut short is still
    # structured_parse_failed
    got = dict(
        q(
            answers_db,
            "SELECT answer_id, list((context_rank, verdict) ORDER BY citation_ord) FROM citation_audit GROUP BY 1",
        )
    )
    flags = dict(q(answers_db, "SELECT answer_id, flags FROM answer_audit"))
    for a in ("thanks", "claim", "preamble"):
        assert got[a] == [(1, "verified")], (a, got[a])
        assert "structured_parse_failed" not in flags[a], (a, flags[a])
    assert "structured_parse_failed" in flags["cut"], flags["cut"]
    uncited = dict(q(answers_db, "SELECT answer_id, list(sentence) FROM uncited_claims GROUP BY 1"))
    assert uncited.get("claim") == ["Shipping is free over 90 euros."], uncited
    assert "thanks" not in uncited, uncited


PAGE_RANGES = {
    "pages": f"{REFUNDS} [Document: Refund Policy.pdf, Pages 2-3]",
    "pp": f"{REFUNDS} [Document: Refund Policy.pdf, pp. 3–4]",
    "elsewhere": f"{REFUNDS} [Document: Refund Policy.pdf, Pages 5-6]",
    "other_doc": f"{REFUNDS} [Document: Shipping.pdf, Pages 1-9]",
}


@batched(logged_rows(PAGE_RANGES, _PAGED))
def test_a_document_page_marker_naming_a_range_of_pages_cites_the_document_on_those_pages(answers_db: Path) -> None:
    # `[Document: Refund Policy.pdf, Pages 2-3]` (a claim drawn from a passage across a page break, or a model
    # citing the pages it was shown), `pp. 3–4`: read as the document named "Refund Policy.pdf, Pages 2-3", no
    # source has, unknown_document (fabricated, RED) however right. The range is read: the document's contexts on
    # those pages, the one that supports the claim best; none retrieved there is page_not_retrieved
    got = dict(
        q(
            answers_db,
            "SELECT answer_id, list((context_rank, verdict) ORDER BY citation_ord) FROM citation_audit GROUP BY 1",
        )
    )
    assert got["pages"] == got["pp"] == [(1, "verified")], got
    reasons = dict(q(answers_db, "SELECT answer_id, reasons FROM citation_audit WHERE verdict = 'fabricated'"))
    assert reasons.get("elsewhere") == ["page_not_retrieved"], reasons
    assert got["other_doc"][0][0] == 2 and got["other_doc"][0][1] != "verified", got["other_doc"]
    refs = dict(q(answers_db, "SELECT answer_id, cited_ref FROM citation_audit"))
    assert refs["pages"] == "Refund Policy.pdf, pages 2-3", refs
