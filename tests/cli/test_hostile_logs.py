"""Hostile answer logs found by a sixth sweep, each through the real `citeaudit run` on real Parquet and DuckDB
files: nothing lost, nothing let in."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from click.testing import CliRunner

from audit.cli import main
from audit.contract import answers_schema
from tests.cli.hostile import CTX, batched
from tests.conftest import make_answer
from tests.conftest import query as q

CITED = "Refunds take 30 days [1]. Shipping is free over 50 euros [2]."
ANSWERS = {
    "crlf_broken": '\r\n{\r\n"answer":\r\n"' + CITED,
    "newline_broken": '\n{"answer": "' + CITED,
    "tab_broken": '\t{"answer": "' + CITED,
    "space_broken": ' {"answer": "' + CITED,
    "sse_no_final": 'data: {"delta":\n"' + CITED + '"}\n\ndata: [DONE]',
    "events_no_final": '[{"type": "token",\n"data": "' + CITED + '"}]',
    "newline_events": '\n[{"type": "token", "data": "x"}, {"type": "final", "data": "Refunds take 30 days.",'
    ' "citations": [7]}]',
    "newline_object": '\r\n{"answer": "' + CITED + '"}',
    "prose": CITED,
    "prose_list": "[1] " + CITED,
}


@batched([make_answer(key, doc, CTX) for key, doc in ANSWERS.items()])
def test_json_after_a_newline_and_streams_without_a_final_event_are_structured_output(answers_db: Path) -> None:
    # ltrim() removes spaces only: broken JSON after a newline, CRLF or tab was audited as text without the
    # structured_parse_failed flag (GREEN when its lines happened to verify), an event list after a newline was
    # audited as its raw JSON (its `"citations": [7]` read as the marker [7]); a stream cut before its final event
    # (`data: {` lines, a JSON list of events) was audited as raw text, GREEN
    db = answers_db
    got = dict(q(db, "SELECT answer_id, (structured_output, structured_parse_failed, level) FROM answer_audit"))
    broken = (False, True, "RED")
    assert got == {
        "crlf_broken": broken,
        "newline_broken": broken,
        "tab_broken": broken,
        "space_broken": broken,
        "sse_no_final": broken,
        "events_no_final": broken,
        "newline_events": (True, False, "RED"),
        "newline_object": (True, False, "GREEN"),
        "prose": (False, False, "GREEN"),
        "prose_list": (False, False, "GREEN"),
    }, got
    assert q(db, "SELECT cited_ref, verdict, reasons FROM citation_audit WHERE answer_id = 'newline_events'") == [
        ("7", "fabricated", ["index_out_of_range"])
    ]
    flags = q(db, "SELECT DISTINCT flags FROM answer_audit WHERE structured_parse_failed")
    assert flags == [(["structured_parse_failed"],)], flags


@pytest.mark.parametrize("threads", [1, 2])
def test_columns_a_writer_typed_null_are_read_as_null(tmp_path: Path, threads: int) -> None:
    # pyarrow and polars type a column whose values are all None as `null` (and contexts that are all empty lists as
    # list<null>): such a file stopped the whole run with exit 2 ("column 'tenant' must be a string column, got
    # null"), the good files beside it unaudited; now its values are NULL: optional ones are audited as such, a
    # required one quarantines its rows
    logs = tmp_path / "logs"
    logs.mkdir()
    quiet = [
        make_answer(f"quiet{i}", "Refunds take 30 days [1].", [], tenant=None, model=None, question=None)
        for i in range(2)
    ]
    pq.write_table(pa.Table.from_pylist(quiet), logs / "quiet.parquet")
    broken = [make_answer(f"broken{i}", None, CTX, conversation_id=None) for i in range(2)]
    pq.write_table(pa.Table.from_pylist(broken), logs / "broken.parquet")
    good = [make_answer(f"good{i}", "Refunds take 30 days [1].", CTX) for i in range(60)]
    pq.write_table(pa.Table.from_pylist(good, schema=answers_schema()), logs / "good.parquet")
    types = {name: pq.read_schema(logs / f"{name}.parquet") for name in ("quiet", "broken")}
    assert str(types["quiet"].field("tenant").type) == "null", types
    assert str(types["quiet"].field("contexts").type) == "list<element: null>", types
    assert str(types["broken"].field("answer").type) == "null", types
    db, config = tmp_path / "audit.duckdb", tmp_path / "case.toml"
    config.write_text(f"[run]\nshard_seconds = 0.2\nshard_threads = {threads}\n")
    res = CliRunner().invoke(main, ["run", "--input", str(logs), "--db", str(db), "--quiet", "--config", str(config)])
    assert res.exit_code == 0 and "Traceback" not in res.output, res.output
    assert q(db, "SELECT answers_read, answers_audited, answers_quarantined, status FROM runs") == [
        (64, 62, 2, "completed")
    ]
    assert q(db, "SELECT answer_id, field, reason FROM quarantine ORDER BY 1") == [
        (f"broken{i}", "conversation_id", "conversation_id is missing (required)") for i in range(2)
    ]
    got = q(db, "SELECT tenant, model, level, n_citations, n_fabricated FROM answer_audit WHERE answer_id ^@ 'quiet'")
    assert got == [(None, None, "RED", 1, 1)] * 2, got
    assert q(db, "SELECT DISTINCT level FROM answer_audit WHERE answer_id ^@ 'good'") == [("GREEN",)]


def _title_rows() -> list[dict[str, Any]]:
    """The rows of `test_a_title_named_with_another_number_or_extension_is_another_document`."""
    cases = {
        "section": ("Section 4.2", "Section 4.1"),
        "version": ("Refund Policy v2.9", "Refund Policy v2.1"),
        "domain": ("example.org", "example.com"),
        "other_extension": ("Refund Policy.docx", "Refund Policy.pdf"),
        "stem_of_a_number": ("Section 4", "Section 4.1"),
        "without_extension": ("Refund Policy", "Refund Policy.pdf"),
        "with_extension": ("Refund Policy.pdf", "Refund Policy"),
        "same": ("Section 4.1", "Section 4.1"),
    }
    rows = [
        make_answer(key, f"Refunds take 30 days [Document: {cited}, Page 1].", [{**CTX[0], "title": title}])
        for key, (cited, title) in cases.items()
    ]
    doc = '{"answer": "Refunds take 30 days.", "citations": [{"document_name": "Section 4.2", "page_number": 1}]}'
    rows.append(make_answer("object", doc, [{**CTX[0], "title": "Section 4.1"}]))
    return rows


@batched(_title_rows())
def test_a_title_named_with_another_number_or_extension_is_another_document(answers_db: Path) -> None:
    # both the cited and the retrieved title lost whatever followed their last dot (digits too) before they were
    # compared: `Section 4.2` resolved to the retrieved `Section 4.1`, `v2.9` to `v2.1`, `example.org` to
    # `example.com`, and each citation came out verified against the other document
    db = answers_db
    got = dict(q(db, "SELECT answer_id, (verdict, reasons) FROM citation_audit"))
    unknown = ("fabricated", ["unknown_document"])
    verified = ("verified", ["exact_match"])
    assert got == {
        "section": unknown,
        "version": unknown,
        "domain": unknown,
        "other_extension": unknown,
        "stem_of_a_number": unknown,
        "without_extension": verified,
        "with_extension": verified,
        "same": verified,
        "object": unknown,
    }, got


WRONG = "Refunds take 90 days [1]."
ANSWERS_2 = {
    "json": f'```json\n{{"answer": "{WRONG}", "citations": [1]}}\n```',
    "bare_json": f'```\n{{"answer": "{WRONG}"}}\n```\n',
    "markdown": f"```markdown\n{WRONG}\n```",
    "md_crlf": f"\r\n```md\r\n{WRONG}\r\n```\r\n",
    "right": "```markdown\nRefunds take 30 days [1].\n```",
    "broken_json": f'```json\n{{"answer": "{WRONG}"\n```',
    "python": "```python\nrefunds[1]\n```",
    "bare_code": "```\nrefunds[1]\n```",
    "two_fences": f"```markdown\n{WRONG}\n```\n```python\nx[1]\n```",
}


@batched([make_answer(key, doc, CTX) for key, doc in ANSWERS_2.items()])
def test_an_answer_wrapped_whole_in_a_markdown_fence_is_audited(answers_db: Path) -> None:
    # models often wrap their whole output in a fence (```json around structured output, ```markdown around prose):
    # the markers inside were code, no citation was checked, and an answer citing a wrong figure came out YELLOW
    # (`no_citations`) instead of RED; code fences of a programming language stay code
    db = answers_db
    got = dict(q(db, "SELECT answer_id, (answer_text, structured_output, level, n_citations) FROM answer_audit"))
    assert got == {
        "json": (WRONG, True, "RED", 1),
        "bare_json": (WRONG, True, "RED", 1),
        "markdown": (WRONG, False, "RED", 1),
        "md_crlf": (WRONG, False, "RED", 1),
        "right": ("Refunds take 30 days [1].", False, "GREEN", 1),
        "broken_json": (ANSWERS_2["broken_json"], False, "RED", 0),
        "python": (ANSWERS_2["python"], False, "GREEN", 0),
        "bare_code": (ANSWERS_2["bare_code"], False, "GREEN", 0),
        "two_fences": (ANSWERS_2["two_fences"], False, "YELLOW", 0),
    }, got
    reasons = q(db, "SELECT DISTINCT reasons FROM citation_audit WHERE answer_id <> 'right'")
    assert reasons == [(["missing_number:90", "swapped:90/30"],)], reasons
    cited = q(db, "SELECT answer_id, char_start, char_end, marker FROM citation_audit WHERE answer_id = 'markdown'")
    assert cited == [("markdown", 21, 24, "[1]")]


def test_context_texts_and_ranks_a_writer_typed_null_are_read_as_null(tmp_path: Path) -> None:
    # contexts whose `text` is all None (a retriever that logs ids only) in the answers' contexts or a --contexts
    # table, or a table whose ranks are all None, are typed null by pyarrow: each stopped the run with exit 2; now
    # the citations resolve with no text to support them, and a NULL rank quarantines its answer as any NULL rank
    ids_only = pa.list_(pa.struct([("doc_id", pa.string()), ("text", pa.null())]))
    schema = pa.schema([pa.field(f.name, ids_only) if f.name == "contexts" else f for f in answers_schema()])
    rows = [make_answer(f"a{i}", "Refunds take 30 days [1].", []) for i in range(2)]
    for row in rows:
        row["contexts"] = [{"doc_id": "d1", "text": None}]
    logs, db = tmp_path / "answers.parquet", tmp_path / "audit.duckdb"
    pq.write_table(pa.Table.from_pylist(rows, schema=schema), logs)
    res = CliRunner().invoke(main, ["run", "--input", str(logs), "--db", str(db), "--quiet"])
    assert res.exit_code == 0, res.output
    want = [("unsupported", ["context_text_missing", "missing_number:30"])] * 2
    assert q(db, "SELECT verdict, reasons FROM citation_audit") == want
    for row in rows:
        row["contexts"] = None
    pq.write_table(pa.Table.from_pylist(rows, schema=answers_schema()), logs)
    for column, outcome in (("text", (2, 2, 0)), ("rank", (2, 0, 2))):
        table, db = tmp_path / f"contexts-{column}.parquet", tmp_path / f"{column}.duckdb"
        ctx = [{"answer_id": r["answer_id"], "rank": 1, "text": "Refunds take 30 days.", column: None} for r in rows]
        pq.write_table(pa.Table.from_pylist(ctx), table)
        assert str(pq.read_schema(table).field(column).type) == "null"
        res = CliRunner().invoke(
            main, ["run", "--input", str(logs), "--contexts", str(table), "--db", str(db), "--quiet"]
        )
        assert res.exit_code == 0, res.output
        got = q(db, "SELECT answers_read, answers_audited, answers_quarantined FROM runs")
        assert got == [outcome], (column, got)
    assert q(tmp_path / "text.duckdb", "SELECT verdict, reasons FROM citation_audit") == want
    assert q(tmp_path / "rank.duckdb", "SELECT DISTINCT field FROM quarantine") == [("contexts",)]


DATA = '"data": {"answer": "Refunds take 30 days.", "citations": [1]}'
ANSWERS_3 = {
    "two_lists": '{"type": "final", ' + DATA + ', "citations": [7]}',
    "two_answers": '{"type": "final", "answer": "Refunds take 90 days.", ' + DATA + "}",
    "two_objects": '{"type": "final", "data": {"answer": "Refunds take 30 days.", "citations": [{"document_id":'
    ' "d1"}]}, "citations": [{"document_id": "d9"}]}',
    "same_list": '{"type": "final", ' + DATA + ', "citations": [ 1 ]}',
    "null_list": '{"type": "final", ' + DATA + ', "citations": null}',
    "event_only": '{"type": "final", "data": {"answer": "Refunds take 30 days."}, "citations": [1]}',
}


@batched([make_answer(key, doc, CTX) for key, doc in ANSWERS_3.items()])
def test_a_final_event_and_its_data_giving_one_key_two_values_is_flagged(answers_db: Path) -> None:
    # `data` was merged over the event: the event's own `citations` ([7], fabricated) or `answer` were dropped
    # without a word and the answer came out GREEN; the same value in both places, or null in one, is no conflict
    db = answers_db
    got = dict(q(db, "SELECT answer_id, (level, flags) FROM answer_audit"))
    assert got == {
        "two_lists": ("RED", ["duplicate_json_key:citations"]),
        "two_answers": ("RED", ["duplicate_json_key:answer"]),
        "two_objects": ("RED", ["duplicate_json_key:citations"]),
        "same_list": ("GREEN", []),
        "null_list": ("GREEN", []),
        "event_only": ("GREEN", []),
    }, got


def _doc(answer: str, claim: str) -> str:
    return json.dumps({"answer": answer, "inline_citations": [{"source_index": 0, "claim": claim}]})


ANSWERS_5 = {
    "elsewhere": _doc("Refunds take 90 days.", "Refunds take 30 days."),
    "other_case": _doc("REFUNDS  take 30 days.", "Refunds take 30 days."),
    "as_written": _doc("Refunds take 30 days.", "Refunds take 30 days."),
}


@batched([make_answer(key, text, CTX) for key, text in ANSWERS_5.items()])
def test_an_inline_citations_claim_the_answer_does_not_make_is_named(answers_db: Path) -> None:
    # a citation object's claim_text missing from the answer gets `claim_not_in_answer`; an inline_citations claim
    # did not: "30 days" verified while the answer said "90 days", with no reason and no claim offsets to see it by
    db = answers_db
    got = dict(q(db, "SELECT answer_id, (verdict, reasons, claim_start, claim_end) FROM citation_audit"))
    assert got == {
        "elsewhere": ("verified", ["exact_match", "claim_not_in_answer"], None, None),
        "other_case": ("verified", ["exact_match"], 0, 21),
        "as_written": ("verified", ["exact_match"], 0, 21),
    }, got


@pytest.mark.parametrize("threads", [1, 2])
def test_a_file_whose_name_reads_as_a_glob_is_read_as_itself(tmp_path: Path, threads: int) -> None:
    # DuckDB reads `[`, `*` and `?` in a path as a glob: `answers[1].parquet` read the `answers1.parquet` beside it,
    # so its own rows were lost without a quarantine row and the other file's were read twice (each quarantined as
    # a duplicate of itself); `--input answers[1].parquet` audited the other file; a contexts table likewise
    logs = tmp_path / "logs"
    logs.mkdir()
    for name, prefix in (("answers[1]", "bracket"), ("answers1", "plain"), ("answers-x", "star")):
        rows = [make_answer(f"{prefix}{i}", "Refunds take 30 days [1].", []) for i in range(30)]
        for row in rows:
            row["contexts"] = None
        pq.write_table(pa.Table.from_pylist(rows, schema=answers_schema()), logs / f"{name}.parquet")
    (logs / "answers-x.parquet").rename(logs / "answers-*.parquet")
    tables = tmp_path / "contexts"
    tables.mkdir()
    for name, text in (("contexts[1]", "Refunds take 30 days."), ("contexts1", "Refunds take 90 days.")):
        ctx = [
            {"answer_id": f"{prefix}{i}", "rank": 1, "text": text}
            for prefix in ("bracket", "plain", "star")
            for i in range(30)
        ]
        pq.write_table(pa.Table.from_pylist(ctx), tables / f"{name}.parquet")
    config = tmp_path / "case.toml"
    config.write_text(f"[run]\nshard_seconds = 0.2\nshard_threads = {threads}\n")
    for inp, want in ((logs, 90), (logs / "answers[1].parquet", 30)):
        db = tmp_path / f"{inp.name}-{want}.duckdb"
        table = str(tables / "contexts[1].parquet")
        args = ["run", "--input", str(inp), "--contexts", table, "--db", str(db), "--quiet", "--config", str(config)]
        res = CliRunner().invoke(main, args)
        assert res.exit_code == 0, res.output
        assert q(db, "SELECT answers_read, answers_audited, answers_quarantined FROM runs") == [(want, want, 0)]
        files = {Path(f).name for (f,) in q(db, "SELECT DISTINCT source_file FROM answer_audit")}
        assert files == (
            {"answers[1].parquet", "answers1.parquet", "answers-*.parquet"} if want == 90 else {"answers[1].parquet"}
        ), files
        assert q(db, "SELECT DISTINCT verdict FROM citation_audit") == [("verified",)]


@pytest.mark.parametrize("column", ["answer", "logged_at", "contexts"])
def test_a_file_with_damaged_pages_under_a_sound_footer_is_named(tmp_path: Path, column: str) -> None:
    # a file cut or overwritten in its data pages keeps a readable schema, so only the scan failed: the error named
    # the window's first file ("a.parquet and 2 more: TProtocolException: Invalid data") or was an OSError, exit 1
    logs = tmp_path / "logs"
    logs.mkdir()
    for name in ("a", "b", "c"):
        rows = [make_answer(f"{name}{i}", "Refunds take 30 days [1].", CTX) for i in range(40)]
        pq.write_table(pa.Table.from_pylist(rows, schema=answers_schema()), logs / f"{name}.parquet")
    broken = logs / "b.parquet"
    meta = pq.read_metadata(broken).row_group(0)
    chunk = next(
        meta.column(i) for i in range(meta.num_columns) if meta.column(i).path_in_schema.split(".")[0] == column
    )
    offset = chunk.dictionary_page_offset or chunk.data_page_offset
    data = bytearray(broken.read_bytes())
    data[offset : offset + 16] = b"\xff" * 16
    broken.write_bytes(bytes(data))
    assert pq.read_schema(broken) == answers_schema()
    db = tmp_path / "audit.duckdb"
    res = CliRunner().invoke(main, ["run", "--input", str(logs), "--db", str(db), "--quiet"])
    assert "Traceback" not in res.output and res.exit_code == 2, res.output
    assert res.output.startswith(f"error: {broken}: not a readable Parquet file (") and res.output.count("\n") == 1


def test_files_without_rows_or_columns_beside_others_are_left_out(tmp_path: Path) -> None:
    # a logger's empty hour written as `pa.Table.from_pylist([])` has no columns at all: it stopped the night's run
    # ("required column 'answer_id' is missing; columns are []"), and DuckDB cannot read such a file beside others
    logs, tables = tmp_path / "logs", tmp_path / "contexts"
    logs.mkdir()
    tables.mkdir()
    rows = [make_answer(f"a{i}", "Refunds take 30 days [1].", []) for i in range(3)]
    for row in rows:
        row["contexts"] = None
    pq.write_table(pa.Table.from_pylist(rows, schema=answers_schema()), logs / "hour-01.parquet")
    pq.write_table(pa.Table.from_pylist([]), logs / "hour-02.parquet")
    pq.write_table(pa.table({"answer_id": pa.array([], pa.string())}), logs / "hour-03.parquet")
    ctx = [{"answer_id": r["answer_id"], "rank": 1, "text": "Refunds take 30 days."} for r in rows]
    pq.write_table(pa.Table.from_pylist(ctx), tables / "hour-01.parquet")
    pq.write_table(pa.Table.from_pylist([]), tables / "hour-02.parquet")
    db = tmp_path / "audit.duckdb"
    args = ["run", "--input", str(logs), "--contexts", str(tables), "--db", str(db), "--quiet"]
    res = CliRunner().invoke(main, args)
    assert res.exit_code == 0, res.output
    assert q(db, "SELECT answers_read, answers_audited, answers_quarantined FROM runs") == [(3, 3, 0)]
    assert q(db, "SELECT DISTINCT verdict FROM citation_audit") == [("verified",)]
    # every file empty: nothing to audit, and a file without the contract's columns is still named
    res = CliRunner().invoke(main, ["run", "--input", str(logs / "hour-02.parquet"), "--db", str(db), "--quiet"])
    assert res.exit_code == 2 and "hour-02.parquet: required column 'answer_id' is missing" in res.output


FINAL = '{"type": "final", "data": "Refunds take 30 days [1]."}'
ANSWERS_4 = {
    "event_lines": f'event: delta\ndata: {{"type": "delta", "data": "Refunds"}}\n\nevent: final\ndata: {FINAL}\n\n',
    "id_and_crlf": f"id: 7\r\nevent: final\r\ndata: {FINAL}\r\n\r\n",
    "no_final": 'event: delta\ndata: {"type": "delta", "data": "Refunds take 30 days [1]."}\n\n',
    "prose": "event: the refund window is 30 days [1].",
}


@batched([make_answer(key, doc, CTX) for key, doc in ANSWERS_4.items()])
def test_server_sent_events_with_event_lines_are_read_as_a_stream(answers_db: Path) -> None:
    # SSE names each event in an `event:` line before its `data:` (as Anthropic's API streams): such a log was not
    # seen as a stream, its raw text was audited (a correct answer RED, `missing_quote:type`), never flagged
    db = answers_db
    got = dict(
        q(db, "SELECT answer_id, (structured_output, structured_parse_failed, answer_text, level) FROM answer_audit")
    )
    text = "Refunds take 30 days [1]."
    assert got == {
        "event_lines": (True, False, text, "GREEN"),
        "id_and_crlf": (True, False, text, "GREEN"),
        "no_final": (False, True, ANSWERS_4["no_final"], "RED"),
        "prose": (False, False, ANSWERS_4["prose"], got["prose"][3]),
    }, got


def _long_claim_rows() -> list[dict[str, Any]]:
    """The rows of `test_a_very_long_claim_and_quote_against_a_long_source_are_audited`."""
    import random

    rng = random.Random(1)
    words = ["".join(rng.choice("abcdefghij") for _ in range(rng.randint(2, 7))) for _ in range(300)]
    other = ["".join(rng.choice("klmnopqrst") for _ in range(rng.randint(2, 7))) for _ in range(300)]
    source = " ".join(rng.choice(words) for _ in range(4000))
    claim = " ".join(rng.choice(words if i % 2 else other) for i in range(4000))  # half its words not in the source
    quote = " ".join(rng.choice(words) for _ in range(2000))
    long_ctx = [{"doc_id": "d1", "chunk_id": "c1", "title": "Long.pdf", "page": 1, "text": source}]
    obj = {"answer": claim, "citations": [{"document_id": "d1", "text_span": quote, "claim_text": claim}]}
    rows = [make_answer("long", f"{claim} [1].", long_ctx), make_answer("object", json.dumps(obj), long_ctx)]
    return rows


@batched(_long_claim_rows())
def test_a_very_long_claim_and_quote_against_a_long_source_are_audited(answers_db: Path) -> None:
    # rapidfuzz's partial alignment of a claim and a source both tens of thousands of characters long took minutes
    # (a 70,000-character answer stalled a run for over 10 minutes): a claim is aligned by its first 2,000
    # characters, a quote that long counts only verbatim (audit/verify/lexical.py MAX_FUZZY_CHARS)
    db = answers_db
    got = dict(q(db, "SELECT answer_id, verdict FROM citation_audit"))
    assert set(got) == {"long", "object"} and got["object"] != "verified", got
    reasons = q(db, "SELECT reasons FROM citation_audit WHERE answer_id = 'object'")[0][0]
    assert "text_span_not_found_in_source" in reasons
