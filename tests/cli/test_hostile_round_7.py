"""Hostile inputs and log formats, round 7, each through the real `citeaudit run` on real Parquet and DuckDB files:
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
BOTH = "Refunds take 30 days and shipping is free over 50 euros"

DOC_CHUNK_LISTS = {
    "comma": f"{BOTH} [citation:d1:c1, citation:d2:c2].",
    "semicolon": f"{BOTH} [Citation: d1:c1; citation:d2:c2].",
    "tight": f"{BOTH} [citation:d1:c1,citation:d2:c2].",
    "wrong": f"{REFUNDS} [citation:d1:c1, citation:d9:c9]",
}


@batched(logged_rows(DOC_CHUNK_LISTS))
def test_two_doc_chunk_citations_in_one_bracket_are_each_read(answers_db: Path) -> None:
    # `[citation:d1:c1, citation:d2:c2]`, as a model told to cite `[citation:doc:chunk]` writes two sources (round 6
    # left it): no marker at all, the claim uncited (YELLOW however wrong a source). Each is a citation now, as
    # `[1, 2]` is two; one naming a chunk never retrieved is fabricated
    got = cites_by_answer(answers_db)
    for a in ("comma", "semicolon", "tight"):
        assert [(ref, rank, v) for ref, rank, v, _ in got[a]] == [("d1:c1", 1, "verified"), ("d2:c2", 2, "verified")], (
            a,
            got[a],
        )
    assert [(ref, v) for ref, _, v, _ in got["wrong"]] == [("d1:c1", "verified"), ("d9:c9", "fabricated")], got


INDENTED = {
    "code": f"{REFUNDS} [1]\n\n    arr[2] = 0\n    print(arr[2])\n\nThat is all.",
    "tab": f"{REFUNDS} [1]\n\n\tcfg[2] = True\n",
    "first": f"    x = a[2]\n\n{REFUNDS} [1]",
    "in_fence": f"{REFUNDS} [1]\n\n```\n    arr[2] = 0\n```\n",
    # an indented line that is no code: a list item's paragraph, a paragraph's continuation, a whole answer indented
    "item": f"- {REFUNDS} [1]\n\n    {SHIPPING} [2]",
    "lazy": f"{REFUNDS} [1]\n    {SHIPPING} [2]",
    "all": f"    {REFUNDS} [1]\n    {SHIPPING} [2]",
}


@batched(logged_rows(INDENTED))
def test_a_bracket_in_a_code_block_indented_four_spaces_is_no_marker(answers_db: Path) -> None:
    # Markdown's indented code block (four spaces or a tab, after a blank line, not inside a list): `arr[2] = 0` in
    # it was a citation of source 2 whose claim was "arr = 0" (empty_claim, unsupported: a correct answer RED), as
    # a fence's was before round 3. An indented line that continues a paragraph or a list item, or an answer
    # indented whole (a template's indentation), is prose: its markers cite
    got = cites_by_answer(answers_db)
    for a in ("code", "tab", "first", "in_fence"):
        assert [(ref, v) for ref, _, v, _ in got[a]] == [("1", "verified")], (a, got[a])
    for a in ("item", "lazy", "all"):
        assert [(ref, v) for ref, _, v, _ in got[a]] == [("1", "verified"), ("2", "verified")], (a, got[a])


def test_contexts_as_json_text_holding_a_lone_surrogate_escape_are_read(tmp_path: Path) -> None:
    # `contexts` logged as JSON text by Python's `json.dumps` (ASCII escapes): a retrieved text holding an emoji cut
    # in half is written `\ud83d`, valid JSON (Python reads it) that DuckDB refuses, so the row was quarantined as
    # "not JSON" and its answer never audited (round 6). The escape is read as U+FFFD, as in structured output; an
    # emoji's pair of escapes is read as the emoji; an escape JSON has not (`\x41`) is still no JSON: quarantined
    cut = [CTX[0] | {"text": f"{REFUNDS} \ud83d"}, CTX[1]]
    texts = {
        "lone": json.dumps(cut),
        "pair": json.dumps([CTX[0] | {"text": f"{REFUNDS} \U0001f600"}, CTX[1]]),
        "low": json.dumps(cut).replace("\\ud83d", "\\ude00 \\\\ud800"),
        "bad_escape": json.dumps(CTX).replace("Refunds", "\\x52efunds"),
    }
    rows = [make_answer(k, f"{REFUNDS} [1] {SHIPPING} [2]", []) | {"contexts": v} for k, v in texts.items()]
    schema = answers_schema()
    schema = schema.set(schema.get_field_index("contexts"), pa.field("contexts", pa.string()))
    inp, db = tmp_path / "answers.parquet", tmp_path / "audit.duckdb"
    pq.write_table(pa.Table.from_pylist(rows, schema=schema), inp)
    code, out = run_input(inp, db)
    assert code == 0, out
    assert q(db, "SELECT answers_read, answers_audited, answers_quarantined FROM runs") == [(4, 3, 1)]
    ((answer, row, field, reason),) = q(db, "SELECT answer_id, row_ref, field, reason FROM quarantine")
    assert (answer, row.rsplit(":", 1)[1], field) == ("bad_escape", "3", "contexts"), (answer, row, field)
    assert str(inp.resolve()) in row and "not JSON" in reason, (row, reason)
    got = cites_by_answer(db)
    for a in ("lone", "pair", "low"):
        assert [(rank, v) for _, rank, v, _ in got[a]] == [(1, "verified"), (2, "verified")], (a, got[a])


INDEXED = {
    "index": {"answer": f"{REFUNDS} {SHIPPING}", "citations": [{"index": 1}, {"index": 2}]},
    "number": {"answer": REFUNDS, "citations": [{"number": 1, "quote": "Refunds take 30 days."}]},
    "text": {"answer": REFUNDS, "citations": [{"index": "1"}]},
    "past": {"answer": REFUNDS, "citations": [{"index": 7}]},
    "wrong": {"answer": REFUNDS, "citations": [{"index": 2}]},
}


@batched(logged_rows(INDEXED))
def test_a_citation_object_giving_its_source_s_index_or_number_is_that_position(answers_db: Path) -> None:
    # structured output whose citations give the source's number as a model was shown it, `{"index": 1}` or
    # `{"number": 1}` (a JSON schema asking for "the index of the source"): malformed_citation:document_id
    # (fabricated, RED) however right (round 6 left it). It is a position as `{"id": 1}` and a numeric marker are
    # (1-based, `numeric_base`); past the sources, index_out_of_range
    got = cites_by_answer(answers_db)
    assert [(rank, v) for _, rank, v, _ in got["index"]] == [(1, "verified"), (2, "verified")], got["index"]
    for a in ("number", "text"):
        assert [(rank, v) for _, rank, v, _ in got[a]] == [(1, "verified")], (a, got[a])
    assert [(rank, v) for _, rank, v, _ in got["past"]] == [(None, "fabricated")], got["past"]
    assert [(rank, v) for _, rank, v, _ in got["wrong"]] == [(2, "misattributed")], got["wrong"]
    (reasons,) = q(answers_db, "SELECT reasons FROM citation_audit WHERE answer_id = 'past'")[0]
    assert reasons == ["index_out_of_range"], reasons


_POLICY = [
    {"doc_id": "d1", "chunk_id": "c1", "title": "Refund Policy.pdf", "page": 1,
     "text": "Refunds take 30 days. Refunds are paid to the original card."},
    {"doc_id": "d2", "chunk_id": "c2", "title": "Shipping.pdf", "page": 2,
     "text": "Shipping is free over 50 euros. Orders ship within two days."},
]  # fmt: skip
UNANNOUNCED = {
    "joint": "- Refunds take 30 days.\n- Shipping is free over 50 euros. [1][2]",
    "numbered": "1. Refunds take 30 days.\n2. Refunds are paid to the original card. [1]",
    "after_text": "Here is what applies.\n\n* Refunds take 30 days.\n* Shipping is free over 50 euros. [1, 2]",
    "wrong": "- Refunds take 90 days.\n- Shipping is free over 50 euros. [1][2]",
    "items_cite": "- Refunds take 30 days. [1]\n- Shipping is free over 50 euros. [2]",
}


@batched(logged_rows(UNANNOUNCED, _POLICY))
def test_a_marker_closing_a_list_no_line_announces_cites_the_list_whole(answers_db: Path) -> None:
    # a list answer whose markers all close its last item, `- Refunds take 30 days.` then `- Shipping is free over
    # 50 euros. [1][2]`: the markers cited the last item alone (`[1]` unsupported against the shipping item: a
    # correct answer RED) and the items before it were uncited claims (round 6 kept round 5's rule). A list's only
    # markers, at its end, cite it whole, as they do after an announced list: the items are the claim, each a clause
    # for joint support; items citing their own sources keep their own claims
    got = cites_by_answer(answers_db)
    for a in ("joint", "after_text"):
        assert [(rank, v) for _, rank, v, _ in got[a]] == [(1, "verified"), (2, "verified")], (a, got[a])
    assert [(rank, v) for _, rank, v, _ in got["numbered"]] == [(1, "verified")], got["numbered"]
    assert got["numbered"][0][3] == "Refunds take 30 days. Refunds are paid to the original card.", got["numbered"]
    assert got["wrong"][0][2] != "verified", got["wrong"]
    assert [(c, v) for _, _, v, c in got["items_cite"]] == [  # without their bullets (round 13)
        ("Refunds take 30 days.", "verified"),
        ("Shipping is free over 50 euros.", "verified"),
    ], got["items_cite"]
    uncited = {a for (a,) in q(answers_db, "SELECT answer_id FROM uncited_claims")}
    assert not uncited & {"joint", "numbered", "after_text", "wrong"}, uncited


def _text_list_table(rows: list[dict[str, Any]], item: pa.DataType) -> pa.Table:
    """The contract's rows with `contexts` a list of the retrieved texts, as RAGAS, DeepEval and TruLens datasets
    log them (`contexts: list[str]`)."""
    schema = answers_schema()
    schema = schema.set(schema.get_field_index("contexts"), pa.field("contexts", pa.list_(item)))
    return pa.Table.from_pylist(rows, schema=schema)


def test_contexts_logged_as_a_list_of_texts_are_read_in_their_order(tmp_path: Path) -> None:
    # RAGAS, DeepEval and TruLens evaluation sets log `contexts` as the retrieved texts alone, `list<string>`: the
    # run stopped (exit 2, "must be list<struct<...>>") and no row was audited. Each text is the context at its
    # position (no doc_id, title or page: `[1]` resolves by rank); a NULL list is no context, a NULL item keeps its
    # place (context_text_missing)
    answers = {
        "ok": f"{REFUNDS} [1] {SHIPPING} [2]",
        "wrong": f"{REFUNDS} [2]",
        "none": f"{REFUNDS} [1]",
        "null_item": f"{REFUNDS} [1] {SHIPPING} [2]",
    }
    texts: dict[str, list[str | None] | None] = {
        "ok": [REFUNDS, SHIPPING],
        "wrong": [REFUNDS, SHIPPING],
        "none": None,
        "null_item": [None, SHIPPING],
    }
    rows = [make_answer(k, v, []) | {"contexts": texts[k]} for k, v in answers.items()]
    for name, item in (("string", pa.string()), ("large", pa.large_string())):
        inp, db = tmp_path / f"{name}.parquet", tmp_path / f"{name}.duckdb"
        pq.write_table(_text_list_table(rows, item), inp)
        code, out = run_input(inp, db)
        assert code == 0, out
        assert q(db, "SELECT answers_read, answers_audited, answers_quarantined FROM runs") == [(4, 4, 0)]
        got = {a: [(rank, v) for _, rank, v, _ in cs] for a, cs in cites_by_answer(db).items()}
        assert got["ok"] == [(1, "verified"), (2, "verified")], got
        assert got["wrong"] == [(2, "misattributed")], got
        assert got["none"] == [(None, "fabricated")], got
        assert got["null_item"][1] == (2, "verified") and got["null_item"][0][1] != "verified", got


def test_a_folder_of_logs_with_contexts_as_texts_in_one_file_and_structs_in_another_stops_naming_both(
    tmp_path: Path,
) -> None:
    # DuckDB reads a folder's files as one table: `contexts` as texts in one file and as context structs in another
    # is one column of two types. The run stops naming both files and what to do, as for JSON text beside lists
    folder = tmp_path / "logs"
    folder.mkdir()
    pq.write_table(
        pa.Table.from_pylist([make_answer("a", f"{REFUNDS} [1]", CTX)], schema=answers_schema()), folder / "a.parquet"
    )
    text_row = make_answer("b", f"{REFUNDS} [1]", []) | {"contexts": [REFUNDS]}
    pq.write_table(_text_list_table([text_row], pa.string()), folder / "b.parquet")
    code, out = run_input(folder, tmp_path / "audit.duckdb")
    assert code == 2, out
    assert "a.parquet" in out and "b.parquet" in out and "contexts" in out and "texts" in out, out


CRLF_LISTS = {
    "on_line": "The refund policy says the following [1]:\r\n- Refunds take 30 days.\r\n"
    "- Refunds are paid to the original card.\r\n",
    "closing": "The refund policy says:\r\n- Refunds take 30 days.\r\n- Refunds are paid to the original card. [1]\r\n",
    "unannounced": "- Refunds take 30 days.\r\n- Refunds are paid to the original card. [1]\r\n",
}


@batched(logged_rows(CRLF_LISTS, _POLICY))
def test_a_list_written_with_windows_line_ends_is_cited_as_one_written_with_newlines(answers_db: Path) -> None:
    # an answer logged with Windows line ends (`\r\n`: a model served on Windows, a CSV round trip): the marker on
    # the line announcing a list cited the line's words alone, "The refund policy says the following:" (weak: a
    # correct answer RED), and a marker closing a list its last item alone, the others uncited claims: the `\r`
    # before each line's end was read as text after the sentence
    claims = {a: [c for _, _, _, c in cs] for a, cs in cites_by_answer(answers_db).items()}
    items = "Refunds take 30 days. Refunds are paid to the original card."
    assert claims == {
        "on_line": [f"The refund policy says the following: {items}"],
        "closing": [f"The refund policy says: {items}"],
        "unannounced": [items],
    }, claims
    assert not q(answers_db, "SELECT * FROM uncited_claims")


def _completion(content: str, **rest: Any) -> dict[str, Any]:
    msg = {"role": "assistant", "content": content}
    return {"object": "chat.completion", "choices": [{"index": 0, "message": msg}]} | rest


PPLX_OBJECTS = {
    "objects": _completion(
        f"{REFUNDS}[1] {SHIPPING}[2]",
        citations=[{"url": "https://x.org/d1", "title": "Refunds"}, {"url": "https://x.org/d2", "title": "Shipping"}],
    ),
    "wrong": _completion(f"{REFUNDS}[2]", citations=[{"url": "https://x.org/d1"}, {"url": "https://x.org/d2"}]),
    "past": _completion(f"{REFUNDS}[3]", citations=[{"url": "https://x.org/d1"}, {"url": "https://x.org/d2"}]),
}


@batched(logged_rows(PPLX_OBJECTS))
def test_a_chat_completion_s_citations_as_objects_with_urls_are_what_its_markers_number(answers_db: Path) -> None:
    # a Perplexity-style completion whose `citations` a wrapper wrote as objects (`{"url", "title"}`, as its
    # `search_results` are) beside the message's `[n]`: each object was a citation of the whole answer (its title a
    # document no source has, fabricated, RED) beside the markers. The markers number them, as they number the urls
    # of `citations` and the objects of `search_results`
    got = cites_by_answer(answers_db)
    assert [(ref, rank, v) for ref, rank, v, _ in got["objects"]] == [
        ("https://x.org/d1", 1, "verified"),
        ("https://x.org/d2", 2, "verified"),
    ], got["objects"]
    assert [(ref, rank, v) for ref, rank, v, _ in got["wrong"]] == [("https://x.org/d2", 2, "misattributed")], got
    assert [v for _, _, v, _ in got["past"]] == ["fabricated"], got["past"]


def test_contexts_as_json_text_of_another_json_type_are_quarantined_naming_it_in_json_s_words(tmp_path: Path) -> None:
    # a row whose `contexts` text is JSON but no array was quarantined "contexts is JSON ubigint" (DuckDB's name for
    # the type of `3`), "JSON varchar", "JSON boolean": words a user's JSON has not. They are JSON's own now
    texts = {"number": "3", "negative": "-2.5", "string": '"d1"', "bool": "true", "object": json.dumps(CTX[0])}
    rows = [make_answer(k, f"{REFUNDS} [1]", []) | {"contexts": v} for k, v in texts.items()]
    schema = answers_schema()
    schema = schema.set(schema.get_field_index("contexts"), pa.field("contexts", pa.string()))
    inp, db = tmp_path / "answers.parquet", tmp_path / "audit.duckdb"
    pq.write_table(pa.Table.from_pylist(rows, schema=schema), inp)
    code, out = run_input(inp, db)
    assert code == 0, out
    got = dict(q(db, "SELECT answer_id, reason FROM quarantine WHERE field = 'contexts'"))
    want = {"number": "a number", "negative": "a number", "string": "a string", "bool": "true or false",
            "object": "an object"}  # fmt: skip
    for a, words in want.items():
        assert got[a] == f"contexts is JSON text of {words}, not an array of context objects", (a, got[a])


REASONING = {
    "think": "<think>The user asks about refunds. Source [2] is about shipping, so I should cite [1]. Maybe 90 days?"
    f"</think>\n\n{REFUNDS} [1]",
    # a chat template that opens the block in the prompt: the output holds its close alone
    "close_only": f"Okay, the refund source [2] says something. Wait, 90 days?\n</think>\n\n{REFUNDS} [1]",
    "thinking": f"<thinking>\nDocument 2 says shipping is free over 50 euros [2].\n</thinking>\n{REFUNDS} [1]",
    "reasoning": f"<reasoning>Source [2] says free shipping.</reasoning>\n{REFUNDS} [1] {SHIPPING} [2]",
}


@batched(logged_rows(REASONING))
def test_a_reasoning_model_s_thinking_block_is_no_part_of_the_answer(answers_db: Path) -> None:
    # a reasoning model's raw output (DeepSeek-R1, QwQ, Qwen3: `<think>...</think>` before the answer; a prompted
    # `<thinking>` or `<reasoning>` block): its markers were citations whose claims were the model's musings
    # ("Source is about shipping, so I should cite.": unsupported) and its sentences uncited claims, a correct answer
    # RED. The block is no part of the answer (blanked, the offsets kept): its markers cite nothing, its sentences are
    # no claims; the answer after it is audited as before
    got = cites_by_answer(answers_db)
    for a in ("think", "close_only", "thinking"):
        assert [(ref, v, c) for ref, _, v, c in got[a]] == [("1", "verified", REFUNDS)], (a, got[a])
    assert [(ref, v) for ref, _, v, _ in got["reasoning"]] == [("1", "verified"), ("2", "verified")], got
    assert not q(answers_db, "SELECT * FROM uncited_claims")
    levels = dict(q(answers_db, "SELECT answer_id, level FROM answer_audit"))
    assert set(levels.values()) == {"GREEN"}, levels


TABLES = {
    "rows": "| Policy | Rule |\n|---|---|\n| Refunds | 30 days [1] |\n| Shipping | free over 50 euros [2] |",
    "sentences": f"| Policy | Rule |\n| --- | --- |\n| Refunds | {REFUNDS} [1] |\n| Shipping | {SHIPPING} [2] |",
    "wrong": "| Policy | Rule |\n|:--|--:|\n| Shipping | free over 90 euros [2] |",
}


@batched(logged_rows(TABLES))
def test_a_marker_in_a_markdown_table_row_cites_the_row_s_cells_not_its_pipes(answers_db: Path) -> None:
    # an answer laid out as a Markdown table, a marker in a row's last cell: the claim was the row as written, pipes
    # and all ("| Shipping | free over 50 euros |", "| Shipping | Shipping is free over 50 euros."), which the
    # support model read as a weaker statement (weak: a correct answer RED). A row's pipes are its layout: the claim
    # is its cells, the first naming what the others say ("Shipping: free over 50 euros"); a wrong cell is not
    # verified
    got = cites_by_answer(answers_db)
    assert [(v, c) for _, _, v, c in got["rows"]] == [
        ("verified", "Refunds: 30 days"),
        ("verified", "Shipping: free over 50 euros"),
    ], got["rows"]
    assert [(v, c) for _, _, v, c in got["sentences"]] == [
        ("verified", f"Refunds: {REFUNDS}"),
        ("verified", f"Shipping: {SHIPPING}"),
    ], got["sentences"]
    assert got["wrong"][0][2] != "verified", got["wrong"]
    assert not q(answers_db, "SELECT * FROM uncited_claims")  # the header row states nothing
