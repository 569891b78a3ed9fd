"""Text that is no UTF-8 in a log (a logger writing Latin-1, a multi-byte character cut in half): DuckDB stops
reading a Parquet file at the first such value, so one row stopped the whole run (exit 2). Now that row is
quarantined naming the log's file, row and field, and the rest of the file is audited (`audit.encoding`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from click.testing import CliRunner

from audit.cli import main
from audit.contract import answers_schema
from audit.encoding import SUFFIX, repair_array
from audit.errors import one_line
from tests.conftest import SAMPLE, make_answer
from tests.conftest import query as q

CTX = [
    {"doc_id": "d1", "chunk_id": "c1", "title": "Refund Policy.pdf", "page": 1, "text": "Refunds take 30 days."},
    {"doc_id": "d2", "chunk_id": "c2", "title": "Shipping.pdf", "page": 2, "text": "Shipping is free. BADX here."},
]


def _write_with_bad_bytes(table: pa.Table, path: Path, marks: dict[str, bytes]) -> None:
    """`table` as Parquet whose bytes `mark` (placeholders in the text, ASCII) read `marks[mark]` instead: a file
    exactly as a logger that wrote invalid UTF-8 leaves it (no compression and no dictionary, so the placeholders
    lie in the file as written; statistics carry them too and are patched alike)."""
    pq.write_table(table, path, compression="NONE", use_dictionary=False)
    data = path.read_bytes()
    for mark, raw in marks.items():
        assert len(mark.encode()) == len(raw) and mark.encode() in data
        data = data.replace(mark.encode(), raw)
    path.write_bytes(data)


def _run(inp: Path, db: Path, *extra: str) -> tuple[int, str]:
    res = CliRunner().invoke(main, ["run", "--input", str(inp), "--db", str(db), "--quiet", *extra])
    assert "Traceback" not in res.output, res.output
    assert res.exception is None or isinstance(res.exception, SystemExit), res.output
    return res.exit_code, res.output


def _rows() -> list[dict[str, Any]]:
    ok = "Refunds take 30 days [1]."
    return [
        make_answer("a0", ok, CTX),
        make_answer("a1", "Refunds take 30 days [1]. Caf\u00e9 BADA.", CTX),  # answer: a Latin-1 byte
        make_answer("a2", ok, CTX),  # contexts[2].text: a cut multi-byte character
        make_answer("a3", ok, CTX, question="Where is BADQ?"),  # question
        make_answer("a4", ok, CTX),
    ]


def test_a_value_that_is_no_utf8_quarantines_its_row_and_the_rest_is_audited(tmp_path: Path) -> None:
    rows = _rows()
    for r in rows:  # only a2's second context keeps the placeholder
        if r["answer_id"] != "a2":
            r["contexts"] = [{**c, "text": c["text"].replace("BADX", "fine")} for c in r["contexts"]]
    inp, db = tmp_path / "answers.parquet", tmp_path / "audit.duckdb"
    table = pa.Table.from_pylist(rows, schema=answers_schema())
    _write_with_bad_bytes(table, inp, {"BADA": b"\xe9\xe9ok", "BADX": b"\xe2\x82ok", "BADQ": b"\xff\xfeok"})
    with pytest.raises(pa.ArrowInvalid):
        pq.read_table(inp).validate(full=True)  # the file really holds invalid UTF-8

    code, out = _run(inp, db)
    assert code == 0, out
    ((read, audited, quarantined, status),) = q(
        db, "SELECT answers_read, answers_audited, answers_quarantined, status FROM runs"
    )
    assert (read, audited, quarantined, status) == (5, 2, 3, "completed")
    bad = q(db, "SELECT source, row_ref, answer_id, field, reason FROM quarantine ORDER BY row_ref")
    src = str(inp.resolve())
    assert [(s, r, a, f) for s, r, a, f, _ in bad] == [
        (src, f"{src}:1", "a1", "answer"),
        (src, f"{src}:2", "a2", "contexts"),
        (src, f"{src}:3", "a3", "question"),
    ]
    assert bad[0][4].startswith("answer is not valid UTF-8 (byte 0xE9 at byte 32)")
    assert bad[1][4].startswith("contexts[2].text is not valid UTF-8 (byte 0xE2 at byte 18)")
    assert bad[2][4].startswith("question is not valid UTF-8 (byte 0xFF at byte 9)")
    assert q(db, "SELECT answer_id FROM answer_audit ORDER BY 1") == [("a0",), ("a4",)]
    assert q(db, "SELECT DISTINCT source_file FROM answer_audit") == [(src,)]  # the log, never the copy
    # a rerun replaces the window's rows and finds the same
    assert _run(inp, db)[0] == 0
    assert q(db, "SELECT count(*) FROM quarantine") == [(3,)]


@pytest.mark.parametrize("view", [pa.list_view, pa.large_list_view], ids=["list_view", "large_list_view"])
def test_contexts_as_a_list_view_holding_no_utf8_quarantine_their_answer(tmp_path: Path, view: Any) -> None:
    """`contexts` written as an Arrow list_view: a context text that is no UTF-8 was left unrepaired in the readable
    copy, and the run stopped ("cannot plan shards over ...: not valid UTF8"). It is read as the list it is."""
    rows = [make_answer("a0", "Refunds take 30 days [1].", CTX), make_answer("a1", "Refunds take 30 days [1].", CTX)]
    rows[0]["contexts"] = [{**c, "text": c["text"].replace("BADX", "fine")} for c in rows[0]["contexts"]]
    table = pa.Table.from_pylist(rows, schema=answers_schema())
    contexts = pa.array([r["contexts"] for r in rows], view(table.schema.field("contexts").type.value_type))
    inp, db = tmp_path / "answers.parquet", tmp_path / "audit.duckdb"
    _write_with_bad_bytes(
        table.set_column(table.schema.get_field_index("contexts"), "contexts", contexts), inp, {"BADX": b"\xe2\x82ok"}
    )
    code, out = _run(inp, db)
    assert code == 0, out
    src = str(inp.resolve())
    assert q(db, "SELECT row_ref, field FROM quarantine") == [(f"{src}:1", "contexts")]
    assert q(db, "SELECT answer_id, level FROM answer_audit") == [("a0", "GREEN")]


def test_many_shards_read_the_copy_and_name_the_log(tmp_path: Path) -> None:
    """A window split into shard folders (`audit.split`) carries the unreadable rows' reasons with it."""
    table = pq.read_table(SAMPLE / "date=2026-11-01" / "part-0.parquet").slice(0, 200)
    answers = table.column("answer").to_pylist()
    answers[7] = answers[7] + " BADA"
    answers[150] = answers[150] + " BADB"
    table = table.set_column(table.schema.get_field_index("answer"), "answer", pa.array(answers, pa.string()))
    inp, db = tmp_path / "answers.parquet", tmp_path / "audit.duckdb"
    _write_with_bad_bytes(table, inp, {"BADA": b"\xc3(ok", "BADB": b"\x80\x80ok"})
    config = tmp_path / "small.toml"
    config.write_text("[run]\nshard_seconds = 1.0\nshard_threads = 2\n")
    code, out = _run(inp, db, "--config", str(config))
    assert code == 0, out
    src = str(inp.resolve())
    got = q(db, "SELECT row_ref, field FROM quarantine WHERE reason LIKE '%not valid UTF-8%'")
    assert sorted(got) == sorted([(f"{src}:7", "answer"), (f"{src}:150", "answer")])
    ((read, audited, quarantined),) = q(db, "SELECT answers_read, answers_audited, answers_quarantined FROM runs")
    assert read == 200 and read == audited + quarantined
    assert q(db, f"SELECT count(*) FROM answer_audit WHERE source_file LIKE '%{SUFFIX}'") == [(0,)]


def test_a_contexts_table_row_that_is_no_utf8_quarantines_its_answer(tmp_path: Path) -> None:
    """A `--contexts` row belongs to an answer in another file: that answer is quarantined, its reason naming the
    contexts table's file, row and field; the other answers are audited."""
    answers = [make_answer(a, "Refunds take 30 days [1]. Shipping is free [2].", []) for a in ("a0", "a1", "a2")]
    for a in answers:
        a["contexts"] = None
    inp, ctx, db = tmp_path / "answers.parquet", tmp_path / "contexts.parquet", tmp_path / "audit.duckdb"
    pq.write_table(pa.Table.from_pylist(answers, schema=answers_schema()), inp)
    texts = ["Refunds take 30 days.", "Shipping is free."]
    contexts = pa.table(
        {
            "answer_id": ["a0", "a0", "a1", "a1", "a2", "a2"],
            "rank": [1, 2, 1, 2, 1, 2],
            "doc_id": ["d1", "d2"] * 3,
            "text": [*texts, texts[0], "Shipping is BADX.", *texts],
        }
    )
    _write_with_bad_bytes(contexts, ctx, {"BADX": b"\xff\xffok"})
    code, out = _run(inp, db, "--contexts", str(ctx))
    assert code == 0, out
    src = str(inp.resolve())
    assert q(db, "SELECT row_ref, field, reason FROM quarantine") == [
        (
            f"{src}:1",
            "contexts",
            f"the contexts table {ctx.resolve()}, row 3: text is not valid UTF-8 (byte 0xFF at byte 12); "
            "fix the encoding where it is logged",
        )
    ]
    assert q(db, "SELECT answer_id, n_citations FROM answer_audit ORDER BY 1") == [("a0", 2), ("a2", 2)]
    assert q(db, "SELECT answers_read, answers_audited, answers_quarantined FROM runs") == [(3, 2, 1)]


def test_repair_array_finds_nested_values_and_keeps_nulls_and_slices() -> None:
    bad = b"ok \xff"
    text = pa.array([b"fine", None, bad, b"also fine", bad], pa.binary()).view(pa.string())
    structs = pa.StructArray.from_arrays([text, pa.array([1, 2, 3, 4, 5])], names=["text", "page"])
    lists = pa.ListArray.from_arrays(pa.array([0, 2, 2, 5]), structs, mask=pa.array([False, True, False]))
    fixed, found = repair_array(lists)
    assert found == {2: ("[1].text", "byte 0xFF at byte 3")}  # row 2's first bad context (its third is too)
    fixed.validate(full=True)
    assert fixed.is_null().to_pylist() == [False, True, False]
    assert fixed.to_pylist()[0] == [{"text": "fine", "page": 1}, {"text": None, "page": 2}]
    assert [c["text"] for c in fixed.to_pylist()[2]] == ["ok \ufffd", "also fine", "ok \ufffd"]
    # a slice is read from its own offset
    part, found = repair_array(text.slice(2, 2))
    assert found == {0: ("", "byte 0xFF at byte 3")} and part.to_pylist() == ["ok \ufffd", "also fine"]
    # categoricals (pandas, polars) and string views (polars)
    codes = pa.DictionaryArray.from_arrays(pa.array([0, 1, 0, None, 1]), text.slice(1, 2))
    fixed_codes, found = repair_array(codes)
    assert found == {1: ("", "byte 0xFF at byte 3"), 4: ("", "byte 0xFF at byte 3")}
    assert fixed_codes.to_pylist() == [None, "ok \ufffd", None, None, "ok \ufffd"]
    views, found = repair_array(text.cast(pa.string_view()))
    assert views.type == pa.string_view() and sorted(found) == [2, 4]
    views.validate(full=True)
    clean = pa.array(["a", "b"])
    assert repair_array(clean) == (clean, {})


def test_one_line_shortens_duckdb_s_whole_value() -> None:
    msg = (
        'Invalid Input Error: Invalid string encoding found in Parquet file "f.parquet": value "'
        + "x" * 5000
        + '" is not valid UTF8!'
    )
    line = one_line(msg)
    assert len(line) < 300 and line.endswith('…" is not valid UTF8!') and "f.parquet" in line
