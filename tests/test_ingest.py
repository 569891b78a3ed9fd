"""Reading logs: contract checks per row (quarantine), per file (clear errors), mappings and windows."""

from __future__ import annotations

from datetime import UTC, datetime

import duckdb
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from audit.errors import InputError
from audit.ingest import discover_inputs, stage_answers
from audit.input_schema import check_files
from audit.window import Window
from tests.conftest import make_answer

CTX = [{"doc_id": "d1", "chunk_id": "c1", "title": "T", "page": 1, "text": "Refunds take 30 days."}]


def stage(paths, window=None, mapping=None, contexts=None):
    con = duckdb.connect()
    counts = stage_answers(con, [str(p) for p in paths], window or Window(), mapping, contexts)
    return con, counts


def test_malformed_rows_are_quarantined_with_their_reason(write_answers):
    rows = [
        make_answer("ok", "Refunds take 30 days [1].", CTX),
        make_answer(None, "x [1]", CTX),
        make_answer("no-time", "x [1]", CTX, logged_at=None),
        make_answer("no-answer", None, CTX),
        make_answer("ok", "duplicate of the first row", CTX),
        make_answer("no-conv", "x", CTX, conversation_id=None),
    ]
    path = write_answers(rows)
    con, counts = stage([path])
    assert (counts.answers_read, counts.answers_audited, counts.answers_quarantined) == (6, 1, 5)
    q = con.execute("SELECT row_ref, field, reason FROM quarantined ORDER BY row_ref").fetchall()
    assert [(r.rsplit(":", 1)[1], f) for r, f, _ in q] == [
        ("1", "answer_id"),
        ("2", "logged_at"),
        ("3", "answer"),
        ("4", "answer_id"),
        ("5", "conversation_id"),
    ]
    assert q[3][2] == f"answer_id is a duplicate of {path}:0"
    assert all(r.startswith(str(path)) for r, _, _ in q)


def test_missing_required_column_names_file_and_column(tmp_path):
    path = tmp_path / "bad.parquet"
    pq.write_table(pa.table({"answer_id": ["a"], "answer": ["x"]}), path)
    with pytest.raises(InputError, match=r"bad\.parquet: required column 'conversation_id' is missing"):
        stage([path])


def test_not_a_parquet_file(tmp_path):
    path = tmp_path / "notes.parquet"
    path.write_text("hello")
    with pytest.raises(InputError, match=r"notes\.parquet: not a readable Parquet file"):
        stage([path])


def test_nothing_found():
    with pytest.raises(InputError, match="no Parquet input found"):
        discover_inputs("/nonexistent/*.parquet")


def test_column_mapping(tmp_path):
    path = tmp_path / "renamed.parquet"
    pq.write_table(
        pa.table(
            {
                "id": ["a1"],
                "session": ["s1"],
                "ts": pa.array([datetime(2026, 11, 1, tzinfo=UTC)], pa.timestamp("us", tz="UTC")),
                "response": ["Refunds take 30 days [1]."],
            }
        ),
        path,
    )
    con, counts = stage(
        [path], mapping={"answer_id": "id", "conversation_id": "session", "logged_at": "ts", "answer": "response"}
    )
    assert counts.answers_audited == 1
    assert con.execute("SELECT answer_id, answer FROM answers_ok").fetchall() == [("a1", "Refunds take 30 days [1].")]


def test_string_timestamps_are_parsed_or_quarantined(tmp_path):
    path = tmp_path / "strings.parquet"
    pq.write_table(
        pa.table(
            {
                "answer_id": ["a1", "a2"],
                "conversation_id": ["c", "c"],
                "logged_at": ["2026-11-01 10:00:00", "yesterday-ish"],
                "answer": ["x", "y"],
            }
        ),
        path,
    )
    con, counts = stage([path])
    assert (counts.answers_audited, counts.answers_quarantined) == (1, 1)
    assert con.execute("SELECT field FROM quarantined").fetchall() == [("logged_at",)]


def test_window_filter_keeps_only_the_window(write_answers):
    rows = [
        make_answer("day1", "x", CTX, logged_at=datetime(2026, 11, 1, 23, 59, tzinfo=UTC)),
        make_answer("day2", "x", CTX, logged_at=datetime(2026, 11, 2, 0, 0, tzinfo=UTC)),
    ]
    path = write_answers(rows)
    con, counts = stage([path], Window.for_day(datetime(2026, 11, 2).date()))
    assert counts.answers_audited == 1
    assert con.execute("SELECT answer_id FROM answers_ok").fetchall() == [("day2",)]


def test_separate_contexts_table(tmp_path):
    answers = tmp_path / "answers.parquet"
    contexts = tmp_path / "contexts.parquet"
    pq.write_table(
        pa.table(
            {
                "answer_id": ["a1"],
                "conversation_id": ["c"],
                "logged_at": pa.array([datetime(2026, 11, 1, tzinfo=UTC)], pa.timestamp("us", tz="UTC")),
                "answer": ["Refunds take 30 days [2]."],
            }
        ),
        answers,
    )
    pq.write_table(
        pa.table(
            {
                "answer_id": ["a1", "a1"],
                "rank": [1, 2],
                "doc_id": ["d1", "d2"],
                "text": ["Other.", "Refunds take 30 days."],
            }
        ),
        contexts,
    )
    con, _ = stage([answers], contexts=[str(contexts)])
    assert con.execute("SELECT rank, doc_id, text FROM ctx ORDER BY rank").fetchall() == [
        (1, "d1", "Other."),
        (2, "d2", "Refunds take 30 days."),
    ]


def test_rows_without_timestamp_belong_to_their_hive_partition_day(tmp_path):
    from audit.contract import answers_schema

    folder = tmp_path / "date=2026-11-01"
    folder.mkdir()
    rows = [make_answer("ok", "x", CTX), make_answer("no-time", "x", CTX, logged_at=None)]
    pq.write_table(pa.Table.from_pylist(rows, schema=answers_schema()), folder / "part-0.parquet")
    files = discover_inputs(str(tmp_path))
    _, day1 = stage(files, Window.for_day(datetime(2026, 11, 1).date()))
    _, day2 = stage(files, Window.for_day(datetime(2026, 11, 2).date()))
    assert (day1.answers_read, day1.answers_quarantined) == (2, 1)
    assert (day2.answers_read, day2.answers_quarantined) == (0, 0)


def test_a_folder_finds_parquet_files_whatever_the_case_of_their_suffix(tmp_path):
    """`X.PARQUET`, `x.pq` and `x.parq` in a folder are logs too (they were skipped without a word: their answers
    never audited); other files are not."""
    from audit.contract import answers_schema

    names = ["a.parquet", "B.PARQUET", "c.pq", "d.Parq"]
    for i, name in enumerate(names):
        rows = [make_answer(f"a{i}", "Refunds take 30 days [1].", CTX)]
        pq.write_table(pa.Table.from_pylist(rows, schema=answers_schema()), tmp_path / name)
    (tmp_path / "notes.txt").write_text("not a log")
    (tmp_path / "a.parquet.crc").write_bytes(b"checksum")
    files = discover_inputs(str(tmp_path))
    assert sorted(f.rsplit("/", 1)[1] for f in files) == sorted(names)
    _, counts = stage(files)
    assert counts.answers_read == len(names)


def test_count_rows_uses_the_same_scan(write_answers):
    from audit.ingest import count_rows

    rows = [
        make_answer("a", "x", CTX, logged_at=datetime(2026, 11, 1, tzinfo=UTC)),
        make_answer("b", "x", CTX, logged_at=datetime(2026, 11, 3, tzinfo=UTC)),
    ]
    path = write_answers(rows)
    assert count_rows([str(path)], Window()) == 2
    assert count_rows([str(path)], Window.for_day(datetime(2026, 11, 3).date())) == 1


def _stage_logged_at(tmp_path, values, typ=None):
    path = tmp_path / "times.parquet"
    n = len(values)
    pq.write_table(
        pa.table(
            {
                "answer_id": [f"a{i}" for i in range(n)],
                "conversation_id": ["c"] * n,
                "logged_at": pa.array(values, typ),
                "answer": ["x"] * n,
            }
        ),
        path,
    )
    con, _ = stage([path])
    got = dict(con.execute("SELECT answer_id, logged_at FROM answers_ok").fetchall())
    bad = dict(con.execute("SELECT answer_id, reason FROM quarantined").fetchall())
    return [got.get(f"a{i}") for i in range(n)], bad


UTC10 = datetime(2026, 11, 1, 10, tzinfo=UTC)


@pytest.mark.parametrize(
    "text, expected",
    [
        ("2026-11-01T15:00:00+05:00", UTC10),
        ("2026-11-01T05:00:00-0500", UTC10),
        ("2026-11-01T10:00:00Z", UTC10),
        ("2026-11-01 10:00:00", UTC10),
        ("2026-11-02T01:30:00+15:30", UTC10),
        ("1793527200", UTC10),
        ("1793527200000", UTC10),
    ],
    ids=["plus_offset", "minus_offset_no_colon", "zulu", "naive_is_utc", "offset_crosses_day", "epoch_s", "epoch_ms"],
)
def test_string_timestamps_honour_offsets(tmp_path, text, expected):
    got, bad = _stage_logged_at(tmp_path, [text])
    assert got == [expected] and bad == {}


def test_epoch_integers_by_magnitude(tmp_path):
    s = 1793527200
    got, bad = _stage_logged_at(tmp_path, [s, s * 1000, s * 1_000_000, s * 1_000_000_000], pa.int64())
    assert got == [UTC10] * 4 and bad == {}


def test_unreadable_timestamp_names_value_and_type(tmp_path):
    got, bad = _stage_logged_at(tmp_path, ["yesterday-ish", None])
    assert got == [None, None]
    assert bad["a0"].startswith("logged_at 'yesterday-ish' (string) is not a timestamp")
    assert bad["a1"] == "logged_at is missing (required)"


def test_same_file_by_another_spelling_is_one_file(tmp_path, monkeypatch, write_answers):
    path = write_answers([make_answer("a", "x", CTX)])
    monkeypatch.chdir(tmp_path)
    assert discover_inputs("answers.parquet") == discover_inputs(f"./{path.name}") == [str(path.resolve())]


def test_non_string_answer_column_is_a_file_error(tmp_path):
    path = tmp_path / "ints.parquet"
    pq.write_table(
        pa.table({"answer_id": ["a"], "conversation_id": ["c"], "logged_at": ["2026-11-01"], "answer": [7]}), path
    )
    with pytest.raises(InputError, match=r"ints\.parquet: column 'answer' must be a string column, got int64$"):
        stage([path])
    mapped = tmp_path / "mapped.parquet"
    pq.write_table(
        pa.table({"answer_id": ["a"], "conversation_id": ["c"], "logged_at": ["2026-11-01"], "text": [7]}), mapped
    )
    with pytest.raises(InputError, match=r"column 'text' \(mapped from 'answer'\) must be a string column, got int64$"):
        check_files([str(mapped)], {"answer": "text"})


def test_empty_answer_is_quarantined(write_answers):
    con, counts = stage([write_answers([make_answer("a", "  ", CTX), make_answer("b", "Fine [1].", CTX)])])
    assert (counts.answers_audited, counts.answers_quarantined) == (1, 1)
    assert con.execute("SELECT field, reason FROM quarantined").fetchall() == [
        ("answer", "answer is empty: nothing to audit")
    ]
