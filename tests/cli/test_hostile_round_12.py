"""Hostile inputs and log formats, round 12, each through the real `citeaudit run` on real Parquet and DuckDB files
(one run for the module's `@batched` answers): a citation written as users' RAG systems write it is read as one (not
lost, not counted as fabricated), and its claim is the one it cites."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from audit.contract import answers_schema, context_type
from tests.cli.hostile import (
    CTX_REFUNDS as REFUNDS,
)
from tests.cli.hostile import (
    CTX_SHIPPING as SHIPPING,
)
from tests.cli.hostile import (
    URL_CTX,
    batched,
    cites_by_answer,
    logged_rows,
    run_input,
    verdicts_by_answer,
)
from tests.conftest import query as q

EXCHANGES = "Exchanges are free within 14 days."
CTX3 = [*URL_CTX, {"doc_id": "d3", "chunk_id": "c3", "title": "Exchanges.pdf", "page": 3, "text": EXCHANGES}]
ALL3 = "Refunds take 30 days, shipping is free over 50 euros and exchanges are free within 14 days"


def _refs(db: Path) -> dict[str, list[str]]:
    return {a: [ref for ref, _, _, _ in cs] for a, cs in cites_by_answer(db).items()}


DASHES = {
    "ndash": f"{ALL3} [1&ndash;3].",
    "decimal": f"{ALL3} [1&#8211;3].",
    "hex": f"{ALL3} [1&#x2013;3].",
    "twice": f"{ALL3} [1&amp;ndash;3].",
    "mdash": f"{ALL3} (Sources 1&mdash;3).",
    "minus": f"{ALL3} [1&minus;3].",  # written after the rule
}


@batched(logged_rows(DASHES, CTX3))
def test_a_dash_written_as_an_html_entity_inside_a_marker_is_its_range(answers_db: Path) -> None:
    # `[1&ndash;3]` was no marker (YELLOW no_citations however wrong); `[1&#8211;3]` read 1 and 3 (the entity a
    # separator): source 2 never checked
    got = _refs(answers_db)
    for a in DASHES:
        assert got.get(a) == ["1", "2", "3"], (a, got.get(a))


MATH = {
    "bold": f"{REFUNDS[:-1]} [𝟏].",
    "sans": f"{REFUNDS[:-1]} [𝟣].",
    "mono": f"{REFUNDS[:-1]} [𝟷].",  # written after the rule
    "wrong": f"{REFUNDS[:-1]} [𝟐].",
    "list": f"{SHIPPING[:-1]} [𝟏, 𝟐].",
}


@batched(logged_rows(MATH))
def test_mathematical_digits_in_a_marker_read_as_the_position_they_show(answers_db: Path) -> None:
    # `[𝟏]` (U+1D7CF, outside the plane the digit class covered) was no marker: YELLOW no_citations however wrong
    got = verdicts_by_answer(answers_db)
    for a in ("bold", "sans", "mono"):
        assert got.get(a) == [("1", "verified", REFUNDS)], (a, got.get(a))
    assert got["wrong"] == [("2", "misattributed", REFUNDS)], got["wrong"]
    assert [r for r, _, _ in got["list"]] == ["1", "2"], got["list"]


SUPERSCRIPTS = {
    "run": f"{REFUNDS[:-1]} and shipping is free over 50 euros¹².",
    "run_wrong": f"{REFUNDS[:-1]}²¹.",
    "percent": "Shipping is free over 50 euros for 40%² of orders.",
    "per_mille": "Shipping is free over 50 euros for 40‰² of orders.",  # written after the rule
    "ten": f"{REFUNDS[:-1]}¹⁰.",
    "power": f"The area is 10 m². {REFUNDS[:-1]} [1].",
}


@batched(logged_rows(SUPERSCRIPTS))
def test_a_superscript_run_glued_to_a_word_or_a_share_is_a_citation(answers_db: Path) -> None:
    # `days¹²` with two sources was source 12 (index_out_of_range, RED however right); `40%²` was no marker (YELLOW)
    got = _refs(answers_db)
    assert got["run"] == ["1", "2"], got
    assert got["run_wrong"] == ["2", "1"], got
    assert got["percent"] == ["2"] and got["per_mille"] == ["2"], got
    assert got["ten"] == ["10"], got  # past the sources, and a 0 is no position: one number, as before
    assert got["power"] == ["1"], got  # `m²` stays a unit


LEADING = {
    "lines": f"[1] {REFUNDS}\n[2] {SHIPPING}",
    "no_stops": f"[1] {REFUNDS[:-1]}\n[2] {SHIPPING[:-1]}",
    "wrong": f"[2] {REFUNDS}\n[1] {SHIPPING}",
    "wide": f"【1】{REFUNDS}\n【2】{SHIPPING}",  # written after the rule
    "trailing": f"{REFUNDS}\n[1]\n{SHIPPING}\n[2]",
    "own_marker": f"{REFUNDS}\n[1] Also, shipping is free over 50 euros [2].",
    "numbered": f"1. [1] {REFUNDS}\n2. [2] {SHIPPING}",
    "numbered_wrong": f"1. [2] {REFUNDS}\n2. [1] {SHIPPING}",
}


@batched(logged_rows(LEADING))
def test_a_marker_opening_a_line_cites_that_line(answers_db: Path) -> None:
    # `days.\n[2] Shipping ...` gave [2] to the sentence before: that sentence cited twice, the line's claim uncited
    got = verdicts_by_answer(answers_db)
    # after a list's number, `1. [1] Refunds ...`, it cited "1.", an empty claim (unsupported, RED however right)
    for a in ("lines", "wide", "numbered"):
        assert got.get(a) == [("1", "verified", REFUNDS), ("2", "verified", SHIPPING)], (a, got.get(a))
    assert got["no_stops"] == [("1", "verified", REFUNDS[:-1]), ("2", "verified", SHIPPING[:-1])], got["no_stops"]
    for a in ("wrong", "numbered_wrong"):
        assert got[a] == [("2", "misattributed", REFUNDS), ("1", "misattributed", SHIPPING)], (a, got[a])
    # a marker alone on its line, or one before a line with a marker of its own, trails the sentence before
    assert got["trailing"] == [("1", "verified", REFUNDS), ("2", "verified", SHIPPING)], got["trailing"]
    assert got["own_marker"][0] == ("1", "verified", REFUNDS), got["own_marker"]


BREAKS = {
    "br": f"{REFUNDS[:-1]} [1].<br>{SHIPPING[:-1]} [2].",
    "leading": f"{REFUNDS}<br>[2] {SHIPPING}",
    "self_closing": f"{REFUNDS[:-1]} [1].<BR />{SHIPPING[:-1]} [2].",  # written after the rule
    "wrong": f"{REFUNDS[:-1]} [2].<br/>{SHIPPING[:-1]} [1].",
}


@batched(logged_rows(BREAKS))
def test_an_html_line_break_in_prose_ends_a_line(answers_db: Path) -> None:
    # `days.<br>Shipping ...` (a chat widget's answer logged as rendered) ended no sentence: both one claim, each
    # marker's unsupported, RED however right
    got = verdicts_by_answer(answers_db)
    for a in ("br", "self_closing"):
        assert got.get(a) == [("1", "verified", REFUNDS), ("2", "verified", SHIPPING)], (a, got.get(a))
    assert got["leading"] == [("2", "verified", SHIPPING)], got["leading"]
    assert got["wrong"] == [("2", "misattributed", REFUNDS), ("1", "misattributed", SHIPPING)], got["wrong"]


QUOTES = {
    "colon": f'She said: "{REFUNDS}" [1]',
    "says": f'The policy says "{REFUNDS[:-1]}" [1].',
    "after": f'"{REFUNDS[:-1]}," the policy states [1].',
    "curly": f"“{REFUNDS[:-1]},” she added [1].",  # written after the rule
    "wrong": 'The policy says "Refunds take 60 days" [1].',
    "named": f'Dr. Reyes said "{REFUNDS[:-1]}" [1].',
    "paraphrased": 'The policy says "refunds are given within a month" [1].',
}


@batched(logged_rows(QUOTES))
def test_a_quotation_in_a_frame_of_speech_is_checked_as_the_quotation(answers_db: Path) -> None:
    # `She said: "Refunds take 30 days."` against "Refunds take 30 days." was weak: the frame scored as part of the
    # claim, a verbatim quotation RED
    got = {a: v for a, cs in cites_by_answer(answers_db).items() for _, _, v, _ in cs}
    for a in ("colon", "says", "after", "curly"):
        assert got.get(a) == "verified", (a, got.get(a))
    assert got["wrong"] != "verified", got  # a changed figure in the quotation
    assert got["named"] != "verified", got  # a speaker the source never names keeps the frame
    assert got["paraphrased"] != "verified", got  # a quotation's words are still the source's


def _encoded(times: int, cite: int) -> str:
    text = json.dumps({"answer": f"{REFUNDS[:-1]} [{cite}].", "citations": [cite]})
    for _ in range(times):
        text = json.dumps(text)
    return text


STRINGS = {"twice": _encoded(1, 1), "thrice": _encoded(2, 1), "thrice_wrong": _encoded(2, 2)}


@batched(logged_rows(STRINGS))
def test_the_model_json_in_a_json_string_in_a_json_string_is_read(answers_db: Path) -> None:
    # a gateway and a logger each `json.dumps` the model's JSON once more: read at one level, the escaped JSON was
    # audited as prose at two (missing_quote:{\\\, ..., RED however right)
    got = verdicts_by_answer(answers_db)
    assert got["twice"] == got["thrice"] == [("1", "verified", REFUNDS)], got
    assert got["thrice_wrong"] == [("2", "misattributed", REFUNDS)], got["thrice_wrong"]


def _gemini(text: str, start: Any, end: Any, index: Any) -> dict[str, Any]:
    chunks = [{"web": {"uri": c["url"], "title": c["title"]}} for c in URL_CTX]
    support = {"segment": {"startIndex": start, "endIndex": end}, "groundingChunkIndices": [index]}
    meta = {"groundingChunks": chunks, "groundingSupports": [support]}
    return {"candidates": [{"content": {"parts": [{"text": text}]}, "groundingMetadata": meta}]}


GEMINI = {
    "texts": _gemini(REFUNDS, "0", str(len(REFUNDS)), "0"),
    "numbers": _gemini(REFUNDS, 0, len(REFUNDS), 0),
    "part_text": _gemini(REFUNDS, 0, str(len(REFUNDS)), "1"),  # written after the rule
    "not_a_number": _gemini(REFUNDS, "zero", len(REFUNDS), 0),
}


@batched(logged_rows(GEMINI))
def test_gemini_grounding_offsets_and_indices_written_as_decimal_texts_are_read(answers_db: Path) -> None:
    # protobuf's JSON (a gateway re-serialising the response) may write int32 fields as texts, `"21"`: each such
    # support was malformed_citation:segment.startIndex, fabricated, RED however right
    got = verdicts_by_answer(answers_db)
    assert got["texts"] == got["numbers"] == [("https://x.org/d1", "verified", REFUNDS)], got
    assert got["part_text"] == [("https://x.org/d2", "misattributed", REFUNDS)], got["part_text"]
    ((_ref, verdict, _),) = got["not_a_number"]
    assert verdict == "fabricated", got["not_a_number"]


def test_text_stored_as_bytes_is_read_as_text_a_value_no_utf8_quarantining_its_row(tmp_path: Path) -> None:
    # Impala and older Hive and Spark write strings as BYTE_ARRAY without the UTF8 annotation (pyarrow: `binary`,
    # DuckDB: BLOB): the run stopped, exit 2 ("must be a string column, got binary"), every other file unaudited
    folder = tmp_path / "logs"
    folder.mkdir()
    rows = logged_rows({"plain": f"{REFUNDS[:-1]} [1].", "answer": f"{REFUNDS[:-1]} [1].", "bad": "x [1]."})
    table = pa.Table.from_pylist(rows, schema=answers_schema())
    pq.write_table(table.slice(0, 1), folder / "plain.parquet")
    answers = table.slice(1, 2)
    i = answers.schema.get_field_index("answer")
    answers = answers.set_column(i, "answer", pa.array([f"{REFUNDS[:-1]} [1].".encode(), b"\xff [1]."]))
    pq.write_table(answers, folder / "answer.parquet")
    ids = table.slice(0, 1).set_column(0, "answer_id", pa.array([b"ids"], pa.large_binary()))
    pq.write_table(ids, folder / "ids.parquet")
    fields = [pa.field(f.name, pa.binary() if f.name == "text" else f.type) for f in context_type()]
    ctx_type = pa.list_(pa.field("element", pa.struct(fields)))
    texts = table.slice(0, 1).set_column(0, "answer_id", pa.array(["contexts"]))
    ctx = [[c | {"text": c["text"].encode()} for c in cs] for cs in texts["contexts"].to_pylist()]
    i = texts.schema.get_field_index("contexts")
    texts = texts.set_column(i, pa.field("contexts", ctx_type), pa.array(ctx, ctx_type))
    pq.write_table(texts, folder / "contexts.parquet")
    db = tmp_path / "audit.duckdb"
    code, out = run_input(folder, db)
    assert code == 0, out
    got = dict(q(db, "SELECT answer_id, list(verdict) FROM citation_audit GROUP BY 1"))
    assert got == {a: ["verified"] for a in ("plain", "answer", "ids", "contexts")}, got
    ((where, answer_id, field, reason),) = q(db, "SELECT row_ref, answer_id, field, reason FROM quarantine")
    assert (where, answer_id, field) == (f"{folder / 'answer.parquet'}:1", "bad", "answer"), (where, answer_id)
    assert reason.startswith("answer is not valid UTF-8 (byte 0xFF at byte 0)"), reason
