"""Hostile inputs and log formats, round 8, each through the real `citeaudit run` on real Parquet and DuckDB files:
a log written as other systems write it is read, a broken row is quarantined naming its file, row and field and the
run goes on, and a broken file stops with one line a user can act on."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from audit.contract import answers_schema
from tests.cli.hostile import CTX, batched, cites_by_answer, logged_rows, run_input
from tests.conftest import make_answer
from tests.conftest import query as q

REFUNDS, SHIPPING = (c["text"] for c in CTX)  # "Refunds take 30 days.", "Shipping is free over 50 euros."


def _with_contexts(rows: list[dict[str, Any]], typ: pa.DataType | None) -> pa.Table:
    """The contract's rows with `contexts` of type `typ` (None: as pyarrow infers it from the values)."""
    if typ is None:
        return pa.Table.from_pylist(rows)
    schema = answers_schema()
    return pa.Table.from_pylist(rows, schema=schema.set(schema.get_field_index("contexts"), pa.field("contexts", typ)))


def _document(text: str, source: str, page: int) -> dict[str, Any]:
    """A LangChain `Document` as a PDF loader (PyPDFLoader) makes it, `page` counted from 0."""
    return {"page_content": text, "metadata": {"source": source, "page": page}}


DOCUMENTS = [_document(REFUNDS, "Refund Policy.pdf", 0), _document(SHIPPING, "Shipping.pdf", 1)]
DOCUMENT_ANSWERS = {
    "ok": f"{REFUNDS} [1] {SHIPPING} [2]",
    "wrong": f"{REFUNDS} [2]",
    "page": f"{REFUNDS} [Document: Refund Policy.pdf, Page 1]",
    "page0": f"{REFUNDS} [Document: Refund Policy.pdf, Page 0]",
}


def _assert_documents_read(db: Path) -> None:
    assert q(db, "SELECT answers_read, answers_audited, answers_quarantined FROM runs") == [(4, 4, 0)]
    got = {a: [(rank, v, rs) for _, rank, v, rs in cs] for a, cs in _verdicts(db).items()}
    assert [(rank, v) for rank, v, _ in got["ok"]] == [(1, "verified"), (2, "verified")], got
    assert [(rank, v) for rank, v, _ in got["wrong"]] == [(2, "misattributed")], got
    assert [(rank, v) for rank, v, _ in got["page"]] == [(1, "verified")], got
    assert got["page0"][0][1] == "fabricated" and "page_not_retrieved" in got["page0"][0][2], got


def _verdicts(db: Path) -> dict[str, list[tuple[Any, ...]]]:
    got = q(
        db,
        "SELECT answer_id, list((cited_ref, context_rank, verdict, reasons) ORDER BY citation_ord) "
        "FROM citation_audit GROUP BY 1",
    )
    return {a: [tuple(c) for c in cs] for a, cs in got}


def test_contexts_logged_as_langchain_documents_are_read(tmp_path: Path) -> None:
    # LangChain `Document`s stored whole in `contexts` (`page_content` and a `metadata` of `source` and `page`, from 0,
    # as its PDF loaders write them): as JSON text every context had no text (context_text_missing: every answer RED
    # however right); as structs (pyarrow's inference, a metadata struct or map) the run stopped, exit 2, "must be
    # list<struct<...>>". `page_content` is the text, the metadata's source the title, its page read as round 6 reads
    # documents logged in the answer's JSON (`page` + 1 without a `page_label`)
    meta_map = pa.map_(pa.string(), pa.string())
    as_map = [{"page_content": d["page_content"], "metadata": [(k, str(v)) for k, v in d["metadata"].items()]}
              for d in DOCUMENTS]  # fmt: skip
    serialized = [{"lc": 1, "type": "constructor", "id": ["langchain", "schema", "document", "Document"], "kwargs": d}
                  for d in DOCUMENTS]  # fmt: skip
    # a context struct of its own whose title and page sit in its metadata
    with_meta = [{"text": d["page_content"], "metadata": d["metadata"]} for d in DOCUMENTS]
    forms: dict[str, tuple[Any, pa.DataType | None]] = {
        "json": (json.dumps(DOCUMENTS), pa.string()),
        "serialized": (json.dumps(serialized), pa.string()),
        "with_meta": (with_meta, None),
        "struct": (DOCUMENTS, None),
        "map": (as_map, pa.list_(pa.struct([("page_content", pa.string()), ("metadata", meta_map)]))),
    }
    for name, (value, typ) in forms.items():
        rows = [make_answer(k, v, []) | {"contexts": value} for k, v in DOCUMENT_ANSWERS.items()]
        inp, db = tmp_path / f"{name}.parquet", tmp_path / f"{name}.duckdb"
        pq.write_table(_with_contexts(rows, typ), inp)
        code, out = run_input(inp, db)
        assert code == 0, (name, out)
        _assert_documents_read(db)


def test_contexts_logged_as_llamaindex_nodes_with_scores_are_read(tmp_path: Path) -> None:
    # LlamaIndex's `source_nodes` dumped into `contexts` as JSON text, `{"node": {"text", "metadata"}, "score"}`:
    # the node's text was not read (context_text_missing: a correct answer RED)
    nodes = [
        {"node": {"id_": "n1", "text": REFUNDS, "metadata": {"file_name": "Refund Policy.pdf"}}, "score": 0.82},
        {"node": {"id_": "n2", "text": SHIPPING, "metadata": {"file_name": "Shipping.pdf"}}, "score": 0.71},
    ]
    answers = {"ok": f"{REFUNDS} [1] {SHIPPING} [2]", "wrong": f"{REFUNDS} [2]",
               "named": f"{SHIPPING} [Document: Shipping.pdf]"}  # fmt: skip
    rows = [make_answer(k, v, []) | {"contexts": json.dumps(nodes)} for k, v in answers.items()]
    inp, db = tmp_path / "nodes.parquet", tmp_path / "nodes.duckdb"
    pq.write_table(_with_contexts(rows, pa.string()), inp)
    code, out = run_input(inp, db)
    assert code == 0, out
    got = {a: [(rank, v) for _, rank, v, _ in cs] for a, cs in cites_by_answer(db).items()}
    assert got == {"ok": [(1, "verified"), (2, "verified")], "wrong": [(2, "misattributed")],
                   "named": [(2, "verified")]}, got  # fmt: skip


TRAILING = {
    "comma": f"{REFUNDS} [1,] {SHIPPING} [2, ]",
    "list": "Refunds take 30 days and shipping is free over 50 euros [1, 2,].",
    "semicolon": f"{REFUNDS} [1;]",
    "wide": f"{REFUNDS} ［1，］",
    "wrong": f"{REFUNDS} [2,]",
}


@batched(logged_rows(TRAILING))
def test_a_marker_with_a_trailing_separator_is_the_marker(answers_db: Path) -> None:
    # `[1,]`, `[1, ]`, `[1, 2,]` (a model closing its list of positions with a separator, as a template joining ids
    # with ", " writes them; round 7 left it): no marker, YELLOW no_citations however wrong the source
    got = {a: [(ref, v) for ref, _, v, _ in cs] for a, cs in cites_by_answer(answers_db).items()}
    assert got == {
        "comma": [("1", "verified"), ("2", "verified")],
        "list": [("1", "verified"), ("2", "verified")],
        "semicolon": [("1", "verified")],
        "wide": [("1", "verified")],
        "wrong": [("2", "misattributed")],
    }, got


ESCAPED = {
    "once": f"{REFUNDS}&lt;sup&gt;[1]&lt;/sup&gt; {SHIPPING} &lt;sup class=&quot;cite&quot;&gt;[2]&lt;/sup&gt;",
    "twice": f"{REFUNDS}&amp;lt;sup&amp;gt;[1]&amp;lt;/sup&amp;gt; "
    f"{SHIPPING}&amp;lt;sup&amp;gt;[2]&amp;lt;/sup&amp;gt;",
    "entities": f"{REFUNDS} &amp;#91;1&amp;#93; {SHIPPING} &amp;amp;#91;2&amp;amp;#93;",
    "wrong": f"{REFUNDS}&amp;lt;sup&amp;gt;[2]&amp;lt;/sup&amp;gt;",
}


@batched(logged_rows(ESCAPED))
def test_a_raised_marker_in_html_escaped_once_or_twice_is_the_marker(answers_db: Path) -> None:
    # `&lt;sup&gt;[1]&lt;/sup&gt;` (a widget's HTML escaped by the logger, or twice, `&amp;lt;sup&amp;gt;`, as a JSON
    # string HTML-escaped before and after storage; round 7 left it): the bracket was read, but the tags' entities
    # stayed in the text, the next sentence's claim began with them and the marker after a stop cited that next
    # sentence (`[1]` against "&lt;sup&gt;&lt;/sup&gt; Shipping is free...": unsupported, a correct answer RED)
    got = {a: [(ref, v, c) for ref, _, v, c in cs] for a, cs in cites_by_answer(answers_db).items()}
    for a in ("once", "twice", "entities"):
        assert got[a] == [("1", "verified", REFUNDS), ("2", "verified", SHIPPING)], (a, got[a])
    assert got["wrong"] == [("2", "misattributed", REFUNDS)], got


def test_contexts_logged_as_a_list_of_maps_are_read(tmp_path: Path) -> None:
    # each context a `map<string, string>` (a logger, or Spark, writing Python dicts as maps; pandas' `pa.map_`
    # schemas): the run stopped, exit 2, "must be list<struct<...>>". A map is read as the object it holds, as JSON
    # text contexts are (a page "2" resolves `Page 2`)
    answers = {"ok": f"{REFUNDS} [1] {SHIPPING} [2]", "wrong": f"{REFUNDS} [2]",
               "page": f"{SHIPPING} [Document: Shipping.pdf, Page 2]"}  # fmt: skip
    maps = [[(k, str(v)) for k, v in c.items() if v is not None] for c in CTX]
    rows = [make_answer(k, v, []) | {"contexts": maps} for k, v in answers.items()]
    inp, db = tmp_path / "maps.parquet", tmp_path / "maps.duckdb"
    pq.write_table(_with_contexts(rows, pa.list_(pa.map_(pa.string(), pa.string()))), inp)
    code, out = run_input(inp, db)
    assert code == 0, out
    got = {a: [(rank, v) for _, rank, v, _ in cs] for a, cs in cites_by_answer(db).items()}
    assert got == {"ok": [(1, "verified"), (2, "verified")], "wrong": [(2, "misattributed")],
                   "page": [(2, "verified")]}, got  # fmt: skip


WRAPPED = {
    "link": f'{REFUNDS} <a href="https://x.org/d1">[1]</a> {SHIPPING} <a href="#d2" target="_blank">[2]</a>',
    "span": f'{REFUNDS} <span class="citation">[1]</span> {SHIPPING} <span class="citation">[2]</span>',
    "wiki": f'{REFUNDS}<sup id="cite_ref-1" class="reference"><a href="#cite_note-1">[1]</a></sup> '
    f'{SHIPPING}<sup class="reference"><a href="#cite_note-2">&#91;2&#93;</a></sup>',
    "wrong": f'{REFUNDS}<sup class="reference"><a href="#cite_note-2">[2]</a></sup>',
}


@batched(logged_rows(WRAPPED))
def test_a_marker_wrapped_in_an_html_link_or_span_is_the_marker(answers_db: Path) -> None:
    # a chat widget's HTML logged as rendered, the marker a link to its source or a footnote (`<a href="...">[1]</a>`,
    # `<span class="citation">[1]</span>`, Wikipedia's `<sup class="reference"><a href="#cite_note-1">[1]</a></sup>`):
    # the bracket was read but the tags stayed in the text, so the marker after a stop cited the next sentence, its
    # tags and all (`missing_quote:#cite_note-1`: unsupported, a correct answer RED), as `<sup>[1]</sup>` did before
    # round 3. One or two inline tags around the bracket are part of the marker now
    got = {a: [(ref, v, c) for ref, _, v, c in cs] for a, cs in cites_by_answer(answers_db).items()}
    for a in ("link", "span", "wiki"):
        assert got[a] == [("1", "verified", REFUNDS), ("2", "verified", SHIPPING)], (a, got[a])
    assert got["wrong"] == [("2", "misattributed", REFUNDS)], got


def _structured(answer: str, cites: list[int]) -> str:
    return json.dumps({"answer": answer, "citations": cites})


ENCODED_TWICE = {
    "ok": json.dumps(_structured(f"{REFUNDS} {SHIPPING}", [1, 2])),
    "wrong": json.dumps(_structured(REFUNDS, [2])),
    "spaced": " " + json.dumps(json.dumps({"answer": REFUNDS, "citations": [1]}, indent=2)),
    "prose": json.dumps(f"{REFUNDS} [1]"),  # a JSON string of prose: left as logged
}


@batched(logged_rows(ENCODED_TWICE))
def test_structured_output_json_encoded_twice_is_read_as_its_json(answers_db: Path) -> None:
    # a logger that `json.dumps` the model's JSON output again (`"{\"answer\": \"...\", \"citations\": [1]}"`, a
    # JSON string holding the JSON): the answer was audited as that string's raw text, its claims the escaped JSON
    # (`missing_quote:answer\`, `empty_claim`: RED however right). A JSON string whose content is a JSON object or
    # array is read as that JSON
    got = {a: [(ref, v) for ref, _, v, _ in cs] for a, cs in cites_by_answer(answers_db).items()}
    assert got["ok"] == [("1", "verified"), ("2", "verified")], got
    assert got["wrong"] == [("2", "misattributed")], got
    assert got["spaced"] == [("1", "verified")], got
    levels = dict(q(answers_db, "SELECT answer_id, level FROM answer_audit"))
    assert levels["ok"] == "GREEN" and levels["wrong"] == "RED", levels
    flags = dict(q(answers_db, "SELECT answer_id, flags FROM answer_audit"))
    assert not any("python_literal_read" in f for f in flags.values()), flags


def test_contexts_as_json_text_encoded_twice_are_read(tmp_path: Path) -> None:
    # `contexts` as JSON text the logger `json.dumps` again (a JSON string holding the array): every row was
    # quarantined, "contexts is JSON text of a string, not an array of context objects", and no answer audited. A
    # JSON string whose content is a JSON array is read as that array; a string of other text is still quarantined
    ctx = json.dumps([{k: c.get(k) for k in ("doc_id", "chunk_id", "title", "page", "text")} for c in CTX])
    values = {"ok": json.dumps(ctx), "wrong": json.dumps(ctx), "text": json.dumps("Refunds take 30 days.")}
    answers = {"ok": f"{REFUNDS} [1] {SHIPPING} [2]", "wrong": f"{REFUNDS} [2]", "text": f"{REFUNDS} [1]"}
    rows = [make_answer(k, v, []) | {"contexts": values[k]} for k, v in answers.items()]
    inp, db = tmp_path / "twice.parquet", tmp_path / "twice.duckdb"
    pq.write_table(_with_contexts(rows, pa.string()), inp)
    code, out = run_input(inp, db)
    assert code == 0, out
    assert q(db, "SELECT answers_read, answers_audited, answers_quarantined FROM runs") == [(3, 2, 1)]
    got = {a: [(rank, v) for _, rank, v, _ in cs] for a, cs in cites_by_answer(db).items()}
    assert got == {"ok": [(1, "verified"), (2, "verified")], "wrong": [(2, "misattributed")]}, got
    ((answer_id, field, reason),) = q(db, "SELECT answer_id, field, reason FROM quarantine")
    assert (answer_id, field) == ("text", "contexts") and "a string" in reason, reason


LABELLED = {
    "passage": f"{REFUNDS} [Passage 1] {SHIPPING} [passage 2]",
    "context": f"{REFUNDS} [Context 1] {SHIPPING} [Contexts 2]",
    "chunk": f"{REFUNDS} [chunk_1] {SHIPPING} [Snippet 2]",
    "joined": f"{REFUNDS} [source_1] {SHIPPING} [doc-2]",
    "excerpt": f"{REFUNDS} (Excerpt 1) {SHIPPING} [excerpt: 2]",
    "wrong": f"{REFUNDS} [Passage 2]",
}


@batched(logged_rows(LABELLED))
def test_a_position_labelled_passage_context_chunk_or_joined_to_its_label_is_a_marker(answers_db: Path) -> None:
    # RAG prompts number what the model is shown as "Passage 1", "Context 1", "Chunk 1", "Snippet 1" or "Excerpt 1"
    # (academic QA prompts, LangChain's and Haystack's templates), and models join a label to its number with `_`
    # or `-` (`[source_1]`, `[doc-2]`): each was no marker, YELLOW no_citations however wrong the source, as
    # `[Source 2]` was before round 3
    got = {a: [(ref, v) for ref, _, v, _ in cs] for a, cs in cites_by_answer(answers_db).items()}
    for a in ("passage", "context", "chunk", "joined", "excerpt"):
        assert got.get(a) == [("1", "verified"), ("2", "verified")], (a, got.get(a))
    assert got["wrong"] == [("2", "misattributed")], got


def test_a_document_whose_source_is_a_file_path_is_named_by_its_file_name(tmp_path: Path) -> None:
    # LangChain's loaders write the file's path as `source` (`/srv/kb/Refund Policy.pdf`), and a model cites the
    # document by its file name: `[Document: Refund Policy.pdf, Page 1]` was unknown_document (fabricated, RED)
    # however right, in `contexts` and in the answer's logged `source_documents` alike. The path's last part is the
    # title now; the path is still the doc_id (a citation naming the path resolves)
    docs = [_document(REFUNDS, "/srv/kb/Refund Policy.pdf", 0), _document(SHIPPING, "kb\\Shipping.pdf", 1)]
    answers = {
        "name": f"{REFUNDS} [Document: Refund Policy.pdf, Page 1] {SHIPPING} [Document: Shipping.pdf, Page 2]",
        "path": f"{REFUNDS} [Document: /srv/kb/Refund Policy.pdf, Page 1]",
        "wrong": f"{REFUNDS} [Document: Shipping.pdf, Page 2]",
    }
    rows = [make_answer(k, v, []) | {"contexts": json.dumps(docs)} for k, v in answers.items()]
    logged = {"answer": answers["name"], "source_documents": docs}
    rows.append(make_answer("logged", json.dumps(logged), []) | {"contexts": None})
    inp, db = tmp_path / "paths.parquet", tmp_path / "paths.duckdb"
    pq.write_table(_with_contexts(rows, pa.string()), inp)
    code, out = run_input(inp, db)
    assert code == 0, out
    got = {a: [(rank, v) for _, rank, v, _ in cs] for a, cs in cites_by_answer(db).items()}
    assert got["name"] == got["logged"] == [(1, "verified"), (2, "verified")], got
    assert got["path"] == [(1, "verified")], got
    assert got["wrong"] == [(2, "misattributed")], got
