"""Hostile input found by a fuzzing sweep, each through the real `citeaudit run` on real Parquet and DuckDB files:
a broken row is quarantined and the run goes on; a broken file, config or database stops with exit 2 and one line
naming it, never a traceback."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import duckdb
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from click.testing import CliRunner

from audit.cli import main
from audit.contract import answers_schema
from audit.input_schema import bytes_hint
from tests.cli.hostile import batched
from tests.conftest import REPO, SAMPLE, make_answer
from tests.conftest import query as q

CTX = [{"doc_id": "d1", "chunk_id": "c1", "title": "Refund Policy.pdf", "page": 1, "text": "Refunds take 30 days."}]


def _row(answer_id: str, **extra: Any) -> dict[str, Any]:
    return make_answer(answer_id, "Refunds take 30 days [1].", CTX, **extra)


def _table(rows: list[dict[str, Any]], **types: pa.DataType) -> pa.Table:
    schema = pa.schema([pa.field(f.name, types.get(f.name, f.type)) for f in answers_schema()])
    return pa.Table.from_pylist(rows, schema=schema)


def _run(inp: Path, db: Path, *extra: str) -> tuple[int, str]:
    res = CliRunner().invoke(main, ["run", "--input", str(inp), "--db", str(db), "--quiet", *extra])
    assert "Traceback" not in res.output, res.output
    assert res.exception is None or isinstance(res.exception, SystemExit), res.output
    return res.exit_code, res.output


def _sample_audit(tmp_path: Path, rows: int, db_name: str) -> tuple[Path, Path]:
    """The first `rows` answers of the bundled sample as answers.parquet, audited into `db_name` (which must
    succeed); both paths."""
    inp, db = tmp_path / "answers.parquet", tmp_path / db_name
    pq.write_table(pq.read_table(SAMPLE / "date=2026-11-01" / "part-0.parquet").slice(0, rows), inp)
    assert _run(inp, db)[0] == 0
    return inp, db


@pytest.fixture(scope="module")
def sample_20(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """`_sample_audit(root, 20, "audit.duckdb")` once for the module: the answers and the audit file."""
    return _sample_audit(tmp_path_factory.mktemp("sample20"), 20, "audit.duckdb")


def _sample_copy(tmp_path: Path, sample: tuple[Path, Path], db_name: str) -> tuple[Path, Path]:
    """`sample_20`'s answers (read where they are: a rerun of them writes the same source_file and row_ref) and a
    copy of its audit file as `tmp_path / db_name`: what `_sample_audit(tmp_path, 20, db_name)` gave the test."""
    inp, db = sample
    copy = tmp_path / db_name
    shutil.copyfile(db, copy)
    return inp, copy


def _audited(tmp_path: Path, rows: list[dict[str, Any]]) -> tuple[Path, Path]:
    """Write `rows` as answers.parquet, audit them into audit.duckdb (which must succeed); both paths."""
    inp, db = tmp_path / "answers.parquet", tmp_path / "audit.duckdb"
    pq.write_table(_table(rows), inp)
    code, out = _run(inp, db)
    assert code == 0, out
    return inp, db


def _accounted(db: Path) -> tuple[int, int, int]:
    ((read, audited, quarantined, status),) = q(
        db, "SELECT answers_read, answers_audited, answers_quarantined, status FROM runs"
    )
    assert status == "completed" and read == audited + quarantined
    assert q(db, "SELECT count(*) FROM answer_audit") == [(audited,)]
    assert q(db, "SELECT count(*) FROM quarantine") == [(quarantined,)]
    return read, audited, quarantined


def _own_accounted(db: Path) -> tuple[int, int]:
    """A `@batched` test's answers audited and quarantined. Its module's one run (`rows_batch`) read and audited
    every test's rows and quarantined none (`audited` asserts so), and completed: with the test's own counts, what
    `_accounted` checks of a run of the test's rows alone."""
    assert q(db, "SELECT status FROM runs") == [("completed",)]
    return q(db, "SELECT count(*) FROM answer_audit")[0][0], q(db, "SELECT count(*) FROM quarantine")[0][0]


def _config(tmp_path: Path, toml: str) -> Path:
    config = tmp_path / "case.toml"
    config.write_text(toml)
    return config


def test_logged_at_outside_years_1_to_9999_is_quarantined(tmp_path: Path) -> None:
    # DuckDB reads these as instants (infinity, year 0, a far epoch) that no Python datetime can hold: the whole
    # run died with OverflowError (exit 1) instead of quarantining the rows
    bad = ["infinity", "-infinity", "0000-01-01", "-1000-01-01T00:00:00Z", "-99999999999", "294247-01-10"]
    rows = [_row("good", logged_at="2026-11-01T12:00:00Z")] + [_row(f"bad{i}", logged_at=v) for i, v in enumerate(bad)]
    inp = tmp_path / "answers.parquet"
    pq.write_table(_table(rows, logged_at=pa.string()), inp)
    db = tmp_path / "audit.duckdb"
    code, out = _run(inp, db)
    assert code == 0, out
    assert _accounted(db) == (7, 1, 6)
    got = q(db, "SELECT field, reason FROM quarantine ORDER BY answer_id")
    for (field, reason), value in zip(got, bad, strict=True):
        assert field == "logged_at" and f"logged_at '{value}' (string) is not a timestamp" in reason, got


def test_a_failure_while_priming_the_embedding_cache_fails_the_run_instead_of_hanging(
    tmp_path: Path, sample_20: tuple[Path, Path]
) -> None:
    # priming reads `embedding_cache` from the audit file read-only; an error there (first found with a cache too big
    # to allocate, which config now refuses; then a vector of another length, which is now left out) left the Arrow
    # reader open in the traceback, and recording the failed run then opened the same file for writing:
    # duckdb.connect spun at 100 % CPU. Here priming is made to fail.
    inp, db = _sample_copy(tmp_path, sample_20, "audit.duckdb")
    config = tmp_path / "wait.toml"
    config.write_text("[run]\nlock_wait_seconds = 1.0\n")
    broken = (
        "import sys; from audit.verify.embcache import BoundedEmbeddingCache as C\n"
        "def load_table(self, table): raise ValueError('cannot prime')\n"
        "C.load_table = load_table\n"
        "from audit.cli import main; sys.argv[0] = 'citeaudit'; main()"
    )
    cmd = [sys.executable, "-c", broken, "run", "--input", str(inp), "--db", str(db), "--quiet"]
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    try:
        res = subprocess.run([*cmd, "--config", str(config)], env=env, capture_output=True, text=True, timeout=60)
    except subprocess.TimeoutExpired:
        pytest.fail("citeaudit run hung after a failure while priming the embedding cache")
    assert res.returncode == 1 and res.stderr.startswith("error: ValueError: cannot prime"), res.stderr
    assert "Traceback" not in res.stderr
    assert q(db, "SELECT count(*) FROM runs WHERE status LIKE 'failed: ValueError%'") == [(1,)]


_TABLES = {
    "answer_audit": "SELECT * EXCLUDE (run_id) FROM answer_audit ORDER BY ALL",
    "citation_audit": "SELECT * EXCLUDE (run_id) FROM citation_audit ORDER BY ALL",
    "uncited_claims": "SELECT * EXCLUDE (run_id) FROM uncited_claims ORDER BY ALL",
    "quarantine": "SELECT * EXCLUDE (run_id) FROM quarantine ORDER BY ALL",
}


def _tables(db: Path) -> dict[str, list[tuple[Any, ...]]]:
    return {name: q(db, sql) for name, sql in _TABLES.items()}


def test_unusable_rows_in_the_embedding_cache_are_ignored_and_replaced(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, sample_20: tuple[Path, Path]
) -> None:
    # a vector of another length (or an empty one) in `embedding_cache` made priming fail with "cannot reshape"
    # (exit 1) on every later run of that database; NULL, NaN or infinite values would have been scored as they were
    inp, clean = _sample_copy(tmp_path, sample_20, "clean.duckdb")
    want, ((cached,),) = _tables(clean), q(clean, "SELECT count(*) FROM embedding_cache")
    db = tmp_path / "audit.duckdb"
    db.write_bytes(clean.read_bytes())
    con = duckdb.connect(str(db))
    con.execute("ALTER TABLE embedding_cache ALTER COLUMN embedding DROP NOT NULL")  # as an older file may have it
    bad = ["[1.0, 2.0]", "[]", "NULL", "list_transform(embedding, lambda x: 'nan'::FLOAT)"]
    bad += ["list_transform(embedding, lambda x: 'inf'::FLOAT)", "list_transform(embedding, lambda x: NULL)"]
    bad += ["list_transform(embedding, lambda x: x * 3)"]  # the right length, not a unit vector: not the model's
    con.execute(
        "CREATE TEMP TABLE keys AS "
        "SELECT content_hash, row_number() OVER (ORDER BY content_hash) AS i FROM embedding_cache"
    )
    for i, vector in enumerate(bad):
        con.execute(
            f"UPDATE embedding_cache SET embedding = {vector} "
            f"WHERE content_hash IN (SELECT content_hash FROM keys WHERE i % {len(bad) + 1} = {i})"
        )
    ((broken,),) = con.execute(f"SELECT count(*) FROM keys WHERE i % {len(bad) + 1} < {len(bad)}").fetchall()
    con.close()
    assert _run(inp, db)[0] == 0
    warned = [r.getMessage() for r in caplog.records if "rows of embedding_cache" in r.getMessage()]
    assert len(warned) == 1 and f"of {db}: ignored {broken} rows " in warned[0], warned
    assert _tables(db) == want
    assert q(db, "SELECT count(*) FROM embedding_cache") == [(cached,)]
    valid = "len(embedding) = 384 AND abs(sqrt(list_sum(list_transform(embedding, lambda x: x * x))) - 1) < 0.01"
    assert q(db, f"SELECT count(*) FROM embedding_cache WHERE {valid}") == [(cached,)], "the bad rows are replaced"


def test_a_corrupt_audit_database_is_named_at_once_not_waited_on_as_locked(tmp_path: Path) -> None:
    # DuckDB's checksum error says "... in block at location ...": "block" contains "lock", so a damaged file was
    # retried for lock_wait_seconds (60 s by default) and then reported as held by another process
    inp = tmp_path / "answers.parquet"
    pq.write_table(_table([_row("good")]), inp)
    db = tmp_path / "audit.duckdb"
    assert _run(inp, db)[0] == 0
    with db.open("r+b") as f:  # zero a block past the headers
        f.seek(4096)
        f.write(b"\0" * 8192)
    config = tmp_path / "wait.toml"
    config.write_text("[run]\nlock_wait_seconds = 30.0\n")
    started = time.monotonic()
    code, out = _run(inp, db, "--config", str(config))
    assert time.monotonic() - started < 20, out
    assert code == 2 and out.startswith(f"error: cannot open audit database {db}"), out
    assert "held by another process" not in out and "checksum" in out, out


def test_logged_at_as_a_timestamp_in_one_file_and_text_in_another(tmp_path: Path) -> None:
    # each file alone is valid; together DuckDB reads the column as text, but its conversion was chosen from the
    # first file's type (timestamp: used as is), so text reached Python and the run died with ArrowTypeError
    logs = tmp_path / "logs"
    logs.mkdir()
    pq.write_table(_table([_row("a", logged_at=datetime(2026, 11, 1, 12, tzinfo=UTC))]), logs / "a.parquet")
    text = _table([_row("b", logged_at="2026-11-01T13:00:00+01:00")], logged_at=pa.string())
    pq.write_table(text, logs / "b.parquet")
    db = tmp_path / "audit.duckdb"
    code, out = _run(logs, db)
    assert code == 0, out
    assert _accounted(db) == (2, 2, 0)
    got = q(db, "SELECT answer_id, strftime(logged_at AT TIME ZONE 'UTC', '%H:%M') FROM answer_audit ORDER BY 1")
    assert got == [("a", "12:00"), ("b", "12:00")]
    # epoch numbers and timestamps DuckDB cannot read as one column: exit 2 naming both files
    (logs / "b.parquet").unlink()
    pq.write_table(_table([_row("c", logged_at=1793538000)], logged_at=pa.int64()), logs / "c.parquet")
    code, out = _run(logs, db)
    assert code == 2 and out.startswith(f"error: {logs / 'c.parquet'}: column 'logged_at'"), out
    assert str(logs / "a.parquet") in out


_OWN_NAME = "each column needs its own name"


def test_a_file_with_a_column_name_twice_stops_with_its_name(tmp_path: Path) -> None:
    # pyarrow's schema.field() raised KeyError for the doubled name: exit 1 without the file
    good = _table([_row("good")])
    inp = tmp_path / "answers.parquet"
    pq.write_table(pa.Table.from_arrays([*good.columns, good["answer"]], names=[*good.column_names, "answer"]), inp)
    code, out = _run(inp, tmp_path / "audit.duckdb")
    assert code == 2 and out == f"error: {inp}: column names ['answer'] occur more than once; {_OWN_NAME}\n"


def test_contexts_whose_text_is_not_a_string_stop_with_the_expected_type(tmp_path: Path) -> None:
    # an integer `text` passed the check and failed in the shard plan's SQL with a DuckDB binder error
    ctx = pa.list_(pa.struct([("doc_id", pa.string()), ("text", pa.int64())]))
    inp = tmp_path / "answers.parquet"
    pq.write_table(_table([{**_row("good"), "contexts": [{"doc_id": "d1", "text": 5}]}], contexts=ctx), inp)
    code, out = _run(inp, tmp_path / "audit.duckdb")
    assert code == 2 and out.startswith(f"error: {inp}: column 'contexts' must be list<struct<"), out
    assert "Binder Error" not in out and out.count("\n") == 1, out


def test_ids_of_tabs_or_newlines_are_blank_and_quarantined(tmp_path: Path) -> None:
    # trim() removes spaces only: "\t" passed as an answer_id and "\n" as a conversation_id, while " " was quarantined
    rows = [_row("good"), _row("\t"), _row("\r\n"), _row("bad", conversation_id="\n"), _row("ok\t", turn_index=1)]
    db = _audited(tmp_path, rows)[1]
    assert _accounted(db) == (5, 2, 3)
    assert q(db, "SELECT field FROM quarantine ORDER BY row_ref") == [
        ("answer_id",),
        ("answer_id",),
        ("conversation_id",),
    ]


def test_a_config_that_is_not_utf8_stops_with_its_name(tmp_path: Path) -> None:
    # a Latin-1 comment raised UnicodeDecodeError from read_text: exit 1, the config not named
    inp = tmp_path / "answers.parquet"
    pq.write_table(_table([_row("good")]), inp)
    config = tmp_path / "latin1.toml"
    config.write_bytes("# Réglages\n[run]\nshard_rows = 100\n".encode("latin-1"))
    code, out = _run(inp, tmp_path / "audit.duckdb", "--config", str(config))
    assert code == 2 and out.startswith(f"error: {config}: not valid TOML: TOML is UTF-8, byte 3 is not"), out


def test_column_mapping_names_only_contract_columns_and_maps_them_to_text(tmp_path: Path) -> None:
    # a misspelt contract name was ignored without a word (the mapping silently did nothing) and a table value
    # raised TypeError (exit 1)
    inp = tmp_path / "answers.parquet"
    pq.write_table(_table([_row("good")]), inp)
    for mapping, error in [
        ('{answer_idd = "id"}', "unknown key run.column_mapping.answer_idd (known: answer_id, "),
        ("{answer_id = {a = 1}}", "run.column_mapping.answer_id must be a column name (text), got {'a': 1}"),
        ("{answer_id = 5}", "run.column_mapping.answer_id must be a column name (text), got 5"),
    ]:
        config = _config(tmp_path, f"[run]\ncolumn_mapping = {mapping}\n")
        code, out = _run(inp, tmp_path / "audit.duckdb", "--config", str(config))
        assert code == 2 and out.startswith(f"error: {config}: {error}"), out


def test_another_applications_duckdb_file_is_named_and_left_as_it_was(tmp_path: Path) -> None:
    # a file with its own `runs` (or `answer_audit`) table: the outputs DDL ran over it first (creating citeaudit's
    # other tables and views in it), then a raw binder error came out that named neither the file nor the cause
    inp = tmp_path / "answers.parquet"
    pq.write_table(_table([_row("good")]), inp)
    for table, columns in [("runs", "id INTEGER, name VARCHAR"), ("answer_audit", "foo INTEGER")]:
        db = tmp_path / f"other-{table}.duckdb"
        con = duckdb.connect(str(db))
        con.execute(f"CREATE TABLE {table} ({columns})")
        con.close()
        want = f"error: audit database {db}: not a citeaudit audit database (its table {table} lacks "
        code, out = _run(inp, db)
        assert code == 2 and out.startswith(want) and "Binder Error" not in out, out
        assert q(db, "SELECT table_name FROM information_schema.tables") == [(table,)]  # nothing added
        for command in (["report", "--out", str(tmp_path / "r.html")], ["export", "--out", str(tmp_path / "x")]):
            res = CliRunner().invoke(main, [*command, "--db", str(db)])
            assert res.exit_code == 2 and res.output.startswith(want), res.output
    # a column of the right name but another type is not citeaudit's either
    db = tmp_path / "typed.duckdb"
    assert _run(inp, db)[0] == 0
    con = duckdb.connect(str(db))
    con.execute("ALTER TABLE quarantine ALTER COLUMN reason TYPE INTEGER USING 0")
    con.close()
    code, out = _run(inp, db)
    assert code == 2 and "(its table quarantine has reason as INTEGER, not VARCHAR)" in out, out
    # a file with a `citation_audit` of its own looks like outputs v1: its migration fails and is rolled back
    db = tmp_path / "other-citation_audit.duckdb"
    con = duckdb.connect(str(db))
    con.execute("CREATE TABLE citation_audit (foo INTEGER)")
    con.close()
    code, out = _run(inp, db)
    assert code == 2 and out.startswith(f"error: audit database {db}: not a citeaudit audit database: migrating"), out
    assert q(db, "SELECT table_name FROM information_schema.tables") == [("citation_audit",)]


def _damaged_after_open(db: Path, into: Path) -> str:
    """Copy `db` to `into` with one data block damaged: it opens, and reading the table returned fails."""
    size = db.stat().st_size
    for offset in range(12288 + 262144, size, 262144):  # DuckDB's 3 header pages, then 256 KiB blocks
        data = bytearray(db.read_bytes())
        data[offset + 100 : offset + 164] = b"\xff" * 64
        into.write_bytes(bytes(data))
        con = duckdb.connect(str(into), read_only=True)
        try:
            for table in ("answer_audit", "citation_audit", "runs", "quarantine", "uncited_claims"):
                con.execute(f"SELECT * FROM {table}").fetchall()
        except duckdb.Error as exc:
            assert "Corrupt database file" in str(exc)
            return table
        finally:
            con.close()
    pytest.fail(f"no block of {db} is read after it opens")


def test_a_database_damaged_past_its_headers_is_named_when_a_query_reads_the_damage(tmp_path: Path) -> None:
    # DuckDB checks a block's checksum when a query reads it, long after the file opened: the error said
    # "Corrupt database file: ... in block at location ..." without naming the file (run, export, report, sql)
    inp, good = _sample_audit(tmp_path, 60, "good.duckdb")
    db = tmp_path / "audit.duckdb"
    table = _damaged_after_open(good, db)
    want = f"error: audit database {db} is damaged: "
    code, out = _run(inp, db)
    assert code == 2 and out.startswith(want) and "checksum" in out and out.count("\n") == 1, out
    for command in (["export", "--out", str(tmp_path / "x")], ["sql", f"SELECT * FROM {table}"]):
        res = CliRunner().invoke(main, [*command, "--db", str(db)])
        assert res.exit_code == 2 and res.output.startswith(want), res.output


def _citations_not_a_list_rows() -> list[dict[str, Any]]:
    """The rows of `test_json_citations_that_are_not_a_list_are_flagged_and_red`."""
    text = "Refunds take 30 days [1]."
    answers = {
        "object": {"answer": text, "citations": {"document_id": "d1"}},
        "string": {"answer": text, "citations": "1"},
        "number": {"answer": text, "citations": 1},
        "inline": {"answer": text, "inline_citations": {"source_index": 0}},
        "event": {"type": "final", "data": text, "citations": "1"},
        "null": {"answer": text, "citations": None},  # JSON null counts as absent
        "list": {"answer": text, "citations": [1]},
    }
    rows = [make_answer(key, json.dumps(doc), CTX) for key, doc in answers.items()]
    return rows


@batched(_citations_not_a_list_rows())
def test_json_citations_that_are_not_a_list_are_flagged_and_red(answers_db: Path) -> None:
    # `"citations": {...}` or `"citations": "1"` was skipped without a word: the answer came out GREEN on its inline
    # markers alone (or YELLOW `no_citations`), nothing telling the reviewer its citations could not be read
    db = answers_db
    assert _own_accounted(db) == (7, 0)
    assert dict(q(db, "SELECT answer_id, (level, flags) FROM answer_audit")) == {
        "object": ("RED", ["citations_not_a_list:object"]),
        "string": ("RED", ["citations_not_a_list:string"]),
        "number": ("RED", ["citations_not_a_list:integer"]),
        "inline": ("RED", ["inline_citations_not_a_list:object"]),
        "event": ("RED", ["citations_not_a_list:string"]),
        "null": ("GREEN", []),
        "list": ("GREEN", []),
    }


def test_non_finite_numbers_and_an_embedding_cache_past_memory_stop_naming_the_setting(tmp_path: Path) -> None:
    # TOML's nan and inf were taken: `shard_seconds = nan` passed `<= 0` (every comparison with nan is false), and
    # `cache_vectors` had no upper bound: 99999999999999 ended in MemoryError (exit 1) once the cache was first used
    inp = tmp_path / "answers.parquet"
    pq.write_table(_table([_row("good")]), inp)
    for setting, error in [
        ("[run]\nshard_seconds = nan", "run.shard_seconds must be a finite number, got nan"),
        ("[run]\nlock_wait_seconds = inf", "run.lock_wait_seconds must be a finite number, got inf"),
        ("[support]\nverified = -inf", "support.verified must be a finite number, got -inf"),
        ("[levels]\nmin_coverage = nan", "levels.min_coverage must be a finite number, got nan"),
        ("[run]\ncache_vectors = 99999999999999", "run.cache_vectors must be between 10000 and 10000000 "),
    ]:
        config = _config(tmp_path, setting + "\n")
        code, out = _run(inp, tmp_path / "audit.duckdb", "--config", str(config))
        assert code == 2 and out.startswith(f"error: {config}: {error}") and out.count("\n") == 1, out


def test_a_support_model_file_that_is_not_utf8_stops_with_its_name(tmp_path: Path) -> None:
    # json.loads raised UnicodeDecodeError (a ValueError, not the JSONDecodeError caught): exit 1, the file not named
    inp = tmp_path / "answers.parquet"
    pq.write_table(_table([_row("good")]), inp)
    model = tmp_path / "support.json"
    packaged = json.loads((REPO / "audit" / "models" / "support.json").read_text())
    model.write_bytes(json.dumps({**packaged, "name": "modèle"}, ensure_ascii=False).encode("latin-1"))
    config = tmp_path / "model.toml"
    config.write_text(f"[support]\nmodel = {json.dumps(str(model))}\n")
    code, out = _run(inp, tmp_path / "audit.duckdb", "--config", str(config))
    assert code == 2 and out.startswith(f"error: {model}: not valid JSON: a support model file is UTF-8, byte "), out


def test_an_answer_of_only_unicode_whitespace_is_empty_and_quarantined(tmp_path: Path) -> None:
    # the check was regexp '\s*', and RE2's \s is ASCII: an answer of no-break spaces (or em, ideographic spaces,
    # line separators, next-line) was audited as text with no sentences instead of quarantined as empty
    blanks = ["\u00a0", "\u00a0 \u00a0\n", "\u2003\u3000", "\u2028\u2029", "\x85", "\u202f\t"]
    blanks += ["\u200b", "\ufeff \u200d"]  # invisible format characters (zero-width space, BOM, joiner)
    rows = [_row("good")] + [make_answer(f"blank{i}", text, CTX) for i, text in enumerate(blanks)]
    db = _audited(tmp_path, rows)[1]
    assert _accounted(db) == (9, 1, 8)
    assert set(q(db, "SELECT field, reason FROM quarantine")) == {("answer", "answer is empty: nothing to audit")}


def _encoded(table: pa.Table, text: pa.DataType) -> pa.Table:
    """Every string column as `text` (a dictionary: how pandas and polars write categoricals; or string_view), and
    the contexts' strings too when a dictionary (pyarrow cannot write a string_view inside a list)."""

    def swap(typ: pa.DataType) -> pa.DataType:
        if pa.types.is_string(typ):
            return text
        if pa.types.is_list(typ) and pa.types.is_dictionary(text):
            return pa.list_(pa.struct([pa.field(f.name, swap(f.type)) for f in typ.value_type]))
        return typ

    return table.cast(pa.schema([pa.field(f.name, swap(f.type)) for f in table.schema]))


def test_dictionary_encoded_and_string_view_columns_are_audited_as_plain_strings(tmp_path: Path) -> None:
    # `answer` (or the contexts' text) as dictionary<int32, string> (a pandas or polars categorical written by
    # pyarrow) or string_view stopped with exit 2 ("must be a string column"), though DuckDB reads both as VARCHAR
    plain = pq.read_table(SAMPLE / "date=2026-11-01" / "part-0.parquet").take(list(range(40)))  # not a slice
    results: dict[str, list[Any]] = {}
    for name, text in [
        ("plain", None),
        ("dictionary", pa.dictionary(pa.int32(), pa.string())),
        ("polars", pa.dictionary(pa.uint32(), pa.string())),  # as polars writes a Categorical
        ("view", pa.string_view()),
    ]:
        inp = tmp_path / f"{name}.parquet"
        pq.write_table(plain if text is None else _encoded(plain, text), inp)
        if text is not None:
            assert pq.read_schema(inp).field("answer").type == text
        db = tmp_path / f"{name}.duckdb"
        code, out = _run(inp, db)
        assert code == 0, out
        results[name] = [
            _accounted(db),
            q(db, "SELECT * EXCLUDE (run_id, source_file) FROM answer_audit ORDER BY ALL"),
            q(db, "SELECT * EXCLUDE (run_id) FROM citation_audit ORDER BY ALL"),
            q(db, "SELECT * EXCLUDE (run_id) FROM uncited_claims ORDER BY ALL"),
        ]
        results[name].append(
            q(
                db,
                "SELECT replace(row_ref, source, ''), answer_id, logged_at, field, replace(reason, source, '') "
                "FROM quarantine ORDER BY ALL",
            )
        )
    assert results["plain"][0][1:] == (39, 1) and results["plain"][2], "the slice has citations and a broken row"
    for name in ("dictionary", "polars", "view"):
        assert results[name] == results["plain"], name


def test_naive_timestamps_read_with_aware_ones_are_utc_whatever_the_machines_time_zone(tmp_path: Path) -> None:
    # read together, DuckDB converts the naive file's values to TIMESTAMPTZ in its session time zone, which is the
    # machine's: on a machine in New York a naive 23:30 became 04:30 UTC the next day and fell out of its day
    logs = tmp_path / "logs"
    logs.mkdir()
    naive = _table([_row("naive", logged_at=datetime(2026, 11, 1, 23, 30))], logged_at=pa.timestamp("us"))
    pq.write_table(naive, logs / "naive.parquet")
    pq.write_table(_table([_row("aware", logged_at=datetime(2026, 11, 1, 12, tzinfo=UTC))]), logs / "aware.parquet")
    db = tmp_path / "audit.duckdb"
    cmd = [sys.executable, "-m", "audit.cli", "run", "--input", str(logs), "--db", str(db), "--quiet"]
    env = {**os.environ, "PYTHONPATH": str(REPO), "TZ": "America/New_York"}
    day = ["--since", "2026-11-01", "--until", "2026-11-02"]
    res = subprocess.run([*cmd, *day], env=env, capture_output=True, text=True, timeout=120)
    assert res.returncode == 0, res.stderr
    assert _accounted(db) == (2, 2, 0)
    got = q(db, "SELECT answer_id, strftime(logged_at AT TIME ZONE 'UTC', '%d %H:%M') FROM answer_audit ORDER BY 1")
    assert got == [("aware", "01 12:00"), ("naive", "01 23:30")]


def test_eval_reuse_db_of_another_application_says_it_is_not_a_citeaudit_database(tmp_path: Path) -> None:
    # its `runs` without `status`: "not an audit database (Binder Error: ... LINE 1: SELECT ...)" over five lines
    inp = tmp_path / "answers.parquet"
    pq.write_table(_table([_row("good")]), inp)
    labels = tmp_path / "labels.jsonl"
    labels.write_text('{"answer_id": "good", "gold": "supported"}\n')
    db = tmp_path / "other.duckdb"
    con = duckdb.connect(str(db))
    con.execute("CREATE TABLE runs (id INTEGER, name VARCHAR)")
    con.close()
    command = ["eval", "--answers", str(inp), "--labels", str(labels), "--db", str(db), "--reuse-db", "--quiet"]
    res = CliRunner().invoke(main, command)
    want = f"error: audit database {db}: not a citeaudit audit database (its table runs lacks "
    assert res.exit_code == 2 and res.output.startswith(want) and res.output.count("\n") == 1, res.output


def test_a_nightly_that_fails_inside_its_flow_prints_one_error_line_and_nothing_after(tmp_path: Path) -> None:
    # Prefect keeps a failed flow's exception until exit; a DuckDB connection left in its frames made DuckDB's
    # bindings print "nanobind: leaked 28 instances!" and ~40 more lines after the error line
    inp = tmp_path / "answers.parquet"
    pq.write_table(_table([_row("good")]), inp)
    db = tmp_path / "other.duckdb"
    con = duckdb.connect(str(db))
    con.execute("CREATE TABLE runs (id INTEGER, name VARCHAR)")
    con.close()
    cmd = [sys.executable, "-m", "audit.cli", "nightly", "--day", "2026-11-01", "--input", str(inp), "--db", str(db)]
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    res = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=300)
    assert res.returncode == 2, res.stderr
    assert res.stderr.startswith(f"error: audit database {db}: not a citeaudit audit database"), res.stderr
    assert res.stderr.count("\n") == 1 and "nanobind" not in res.stderr, res.stderr


def test_report_limit_below_zero_is_refused_as_an_option_error(tmp_path: Path) -> None:
    # a negative --limit reached DuckDB's LIMIT: a five-line binder error ("LIMIT $limit ^^^^^")
    inp = tmp_path / "answers.parquet"
    pq.write_table(_table([_row("good")]), inp)
    db = tmp_path / "audit.duckdb"
    assert _run(inp, db)[0] == 0
    res = CliRunner().invoke(main, ["report", "--db", str(db), "--out", str(tmp_path / "r.html"), "--limit", "-5"])
    assert res.exit_code == 2 and "Invalid value for '--limit': -5 is not in the range x>=0." in res.output
    assert "Binder Error" not in res.output and not (tmp_path / "r.html").exists()


def test_report_and_export_to_a_path_that_cannot_be_written_stop_naming_it(tmp_path: Path) -> None:
    # IsADirectoryError / FileExistsError / NotADirectoryError came out as exit 1 ("citeaudit -v shows the traceback")
    inp = tmp_path / "answers.parquet"
    pq.write_table(_table([_row("good")]), inp)
    db = tmp_path / "audit.duckdb"
    assert _run(inp, db)[0] == 0
    a_file, a_dir = tmp_path / "a-file", tmp_path / "a-dir"
    a_file.write_text("mine\n")
    a_dir.mkdir()
    for command, want in [
        (["report", "--out", str(a_dir)], f"cannot write the review page to {a_dir} ({a_dir}: Is a directory)"),
        (
            ["report", "--out", str(a_file / "r.html")],
            f"cannot write the review page to {a_file / 'r.html'} ({a_file}:",
        ),
        (["export", "--out", str(a_file)], f"cannot export to {a_file} ({a_file}: File exists)"),
        (["export", "--out", str(a_file / "x")], f"cannot export to {a_file / 'x'} ("),
    ]:
        res = CliRunner().invoke(main, [*command, "--db", str(db)])
        assert res.exit_code == 2 and res.output.startswith(f"error: {want}"), res.output
    assert a_file.read_text() == "mine\n" and not any(a_dir.iterdir())


def test_export_into_a_folder_with_another_manifest_json_deletes_nothing(tmp_path: Path) -> None:
    # the previous export's files were read from any manifest.json's "files": exporting into a folder of another
    # tool deleted every file its manifest listed (here notes.txt and index.html) and the manifest itself
    inp = tmp_path / "answers.parquet"
    pq.write_table(_table([_row("good")]), inp)
    db = tmp_path / "audit.duckdb"
    assert _run(inp, db)[0] == 0
    folder = tmp_path / "site"
    folder.mkdir()
    theirs = {"manifest.json": '{"name": "app", "files": {"notes.txt": {}, "index.html": {}}}\n'}
    theirs |= {"notes.txt": "precious\n", "index.html": "<p>page</p>\n"}
    for name, text in theirs.items():
        (folder / name).write_text(text)
    res = CliRunner().invoke(main, ["export", "--db", str(db), "--out", str(folder)])
    want = f"error: {folder / 'manifest.json'} is not a citeaudit export's manifest"
    assert res.exit_code == 2 and res.output.startswith(want), res.output
    assert {p.name: p.read_text() for p in folder.iterdir()} == theirs
    # a citeaudit manifest naming a file no export writes does not delete it either: the folder holds a file that is
    # not an export's, so the export is refused (it wrote beside it, and verify-export then failed the export)
    export = tmp_path / "export"
    assert CliRunner().invoke(main, ["export", "--db", str(db), "--out", str(export)]).exit_code == 0
    manifest = json.loads((export / "manifest.json").read_text())
    manifest["files"]["notes.txt"] = {}
    (export / "manifest.json").write_text(json.dumps(manifest))
    (export / "notes.txt").write_text("precious\n")
    res = CliRunner().invoke(main, ["export", "--db", str(db), "--out", str(export), "--format", "csv"])
    assert res.exit_code == 2 and "holds files that are not an export's (notes.txt)" in res.output, res.output
    assert (export / "notes.txt").read_text() == "precious\n"
    assert (export / "answer_audit.parquet").is_file() and not list(export.glob("*.csv"))


def test_sql_without_a_statement_says_so(tmp_path: Path) -> None:
    # "", ";" or a comment: DuckDB ran nothing and returned no cursor: AttributeError (exit 1)
    inp = tmp_path / "answers.parquet"
    pq.write_table(_table([_row("good")]), inp)
    db = tmp_path / "audit.duckdb"
    assert _run(inp, db)[0] == 0
    for query in ("", " ; ", "-- a comment"):
        res = CliRunner().invoke(main, ["sql", "--db", str(db), "--", query])
        assert res.exit_code == 2 and res.output.startswith("error: no SQL statement in the query"), res.output


def test_a_support_model_with_nan_weights_or_a_malformed_trained_on_stops_with_its_name(tmp_path: Path) -> None:
    # JSON NaN weights were taken: every support NaN and every such citation `unsupported` without a word; a
    # `trained_on` entry that is not an object raised AttributeError (exit 1)
    inp = tmp_path / "answers.parquet"
    pq.write_table(_table([_row("good")]), inp)
    packaged = json.loads((REPO / "audit" / "models" / "support.json").read_text())
    for change, error in [
        ({"mean": [float("nan")] * len(packaged["mean"])}, "model mean, scale, coef and intercept must be finite"),
        ({"intercept": float("inf")}, "model mean, scale, coef and intercept must be finite"),
        ({"trained_on": {"fever": 5}}, "not a support model file (AttributeError: "),
    ]:
        model = tmp_path / "support.json"
        model.write_text(json.dumps({**packaged, **change}))
        config = _config(tmp_path, f"[support]\nmodel = {json.dumps(str(model))}\n")
        code, out = _run(inp, tmp_path / "audit.duckdb", "--config", str(config))
        assert code == 2 and out.startswith(f"error: {model}: {error}"), out


def test_a_contexts_table_with_unusable_ranks_or_text_stops_naming_the_file_and_row(tmp_path: Path) -> None:
    # `rank` as text failed the CAST inside DuckDB (a raw multi-line conversion error): a column of the wrong type
    # stops the run naming the file
    inp = tmp_path / "answers.parquet"
    pq.write_table(_table([_row("good")]), inp)
    text = "Refunds take 30 days."
    for name, table, error in [
        ("text-rank", pa.table({"answer_id": ["good"], "rank": ["first"], "text": [text]}), "must be integers"),
        ("int-text", pa.table({"answer_id": ["good"], "rank": [1], "text": [5]}), "'text' must be a string column"),
    ]:
        ctx = tmp_path / f"{name}.parquet"
        pq.write_table(table, ctx)
        code, out = _run(inp, tmp_path / "audit.duckdb", "--contexts", str(ctx))
        assert code == 2 and out.startswith(f"error: {ctx}: ") and error in out and out.count("\n") == 1, out


@pytest.mark.parametrize("threads", [1, 2])
def test_a_contexts_row_whose_rank_is_no_position_quarantines_its_answer(tmp_path: Path, threads: int) -> None:
    # a NULL rank reached the verifier (TypeError, exit 1), one beyond int32 failed the CAST; then both stopped the
    # run (exit 2): a broken row of the table now quarantines the answer it belongs to, naming the table's file and
    # row, and the run goes on (with two shard threads the table goes through the split's shard folders)
    answers = [_row(f"a{i}") for i in range(120)]
    for a in answers:
        a["contexts"] = None
    inp, ctx, db = tmp_path / "answers.parquet", tmp_path / "contexts.parquet", tmp_path / "audit.duckdb"
    pq.write_table(_table(answers), inp)
    rows = [{"answer_id": a["answer_id"], "rank": 1, "text": "Refunds take 30 days."} for a in answers]
    rows[7]["rank"], rows[50]["rank"] = None, 2**40
    schema = pa.schema([("answer_id", pa.string()), ("rank", pa.int64()), ("text", pa.string())])
    pq.write_table(pa.Table.from_pylist(rows, schema=schema), ctx)
    config = _config(tmp_path, f"[run]\nshard_seconds = 0.2\nshard_threads = {threads}\n")
    code, out = _run(inp, db, "--contexts", str(ctx), "--config", str(config))
    assert code == 0, out
    assert _accounted(db) == (120, 118, 2)
    table = ctx.resolve()
    assert q(db, "SELECT row_ref, field, reason FROM quarantine ORDER BY answer_id") == [
        (
            f"{inp}:50",
            "contexts",
            f"the contexts table {table}, row 50: rank 1099511627776 is not a position (0 to 2147483647), "
            "so no marker can cite it",
        ),
        (
            f"{inp}:7",
            "contexts",
            f"the contexts table {table}, row 7: rank NULL is not a position (0 to 2147483647), "
            "so no marker can cite it",
        ),
    ]


def test_structured_output_with_a_blank_answer_text_is_quarantined_as_empty(tmp_path: Path) -> None:
    # the blank check ran on the raw JSON, which is not blank: {"answer": ""} was audited with no sentences, GREEN
    blank = {
        "object": {"answer": ""},
        "spaces": {"answer": " \u00a0\n", "citations": [1]},
        "event": {"type": "final", "data": "  "},
        "event_object": {"type": "final", "data": {"answer": ""}},
    }
    rows = [_row("good")] + [make_answer(key, json.dumps(doc), CTX) for key, doc in blank.items()]
    inp, db = _audited(tmp_path, rows)
    assert _accounted(db) == (5, 1, 4)
    got = q(db, "SELECT row_ref, answer_id, field, reason FROM quarantine ORDER BY row_ref")
    reason = "answer is empty: the JSON's answer text holds nothing to audit"
    assert got == [(f"{inp}:{i + 1}", key, "answer", reason) for i, key in enumerate(blank)]


def test_a_contexts_table_giving_one_rank_twice(tmp_path: Path) -> None:
    # two rows of a --contexts table at one rank of an answer: each marker citing that rank came out once per row
    # (n_citations doubled) and was verified against whichever text the join met first; now the same context twice
    # counts once, and different contexts at one rank quarantine the answer, naming the rank and the contexts
    text = "Refunds take 30 days [1]. Shipping is free [2]."
    rows = [make_answer(key, text, []) for key in ("conflict", "repeated", "clean")]
    inp = tmp_path / "answers.parquet"
    pq.write_table(_table(rows), inp)
    ctx: list[dict[str, Any]] = []
    for key in ("conflict", "repeated", "clean"):
        ctx.append({"answer_id": key, "rank": 1, "doc_id": "d1", "chunk_id": "c1", "text": "Refunds take 30 days."})
        ctx.append({"answer_id": key, "rank": 2, "doc_id": "d2", "chunk_id": "c2", "text": "Shipping is free."})
    ctx.append({"answer_id": "conflict", "rank": 1, "doc_id": "d9", "chunk_id": "c9", "text": "Refunds: 90 days."})
    ctx.append({"answer_id": "repeated", "rank": 2, "doc_id": "d2", "chunk_id": "c2", "text": "Shipping is free."})
    results = []
    for order in (ctx, ctx[::-1], ctx):
        contexts = tmp_path / "contexts.parquet"
        pq.write_table(pa.Table.from_pylist(order), contexts)
        db = tmp_path / "audit.duckdb"
        db.unlink(missing_ok=True)
        code, out = _run(inp, db, "--contexts", str(contexts))
        assert code == 0, out
        assert _accounted(db) == (3, 2, 1)
        results.append(_tables(db))
    assert results[0] == results[1] == results[2]
    assert q(db, "SELECT answer_id, n_citations, n_verified FROM answer_audit ORDER BY 1") == [
        ("clean", 2, 2),
        ("repeated", 2, 2),
    ]
    assert q(db, "SELECT row_ref, answer_id, field, reason FROM quarantine") == [
        (
            f"{inp}:0",
            "conflict",
            "contexts",
            "the contexts table gives rank 1 of this answer to 2 different contexts (doc_id/chunk_id d1/c1, d9/c9): "
            "which one a marker cites is unknown",
        )
    ]


def test_eval_labels_with_backward_or_negative_spans_stop_naming_file_line_and_field(tmp_path: Path) -> None:
    # a span [5, 2], [-1, 4] or [3, 3] (or a negative rank) was taken: it overlaps no evidence span, so a label that
    # named its evidence counted as a miss in silence
    inp = tmp_path / "answers.parquet"
    pq.write_table(_table([_row("good")]), inp)
    good = '{"answer_id": "good", "gold": "supported", "cited_rank": 1, "support_char_spans": [[0, 8]]}\n'
    for change, error in [
        ('"support_char_spans": [[0, 8], [5, 2]]', "support_char_spans span [5, 2] must have 0 <= start < end"),
        ('"support_char_spans": [[-1, 4]]', "support_char_spans span [-1, 4] must have 0 <= start < end"),
        ('"support_char_spans": [[3, 3]]', "support_char_spans span [3, 3] must have 0 <= start < end"),
        ('"cited_rank": -1', "cited_rank must be a context rank (>= 0), got -1"),
    ]:
        labels = tmp_path / "labels.jsonl"
        key = change.split(":")[0]
        bad = json.dumps({**json.loads(good), **json.loads("{" + change + "}")})
        assert key.strip('"') in bad
        labels.write_text("\n" + bad + "\n")
        command = ["eval", "--answers", str(inp), "--labels", str(labels), "--db", str(tmp_path / "e.duckdb")]
        res = CliRunner().invoke(main, [*command, "--quiet"])
        assert res.exit_code == 2 and res.output == f"error: {labels}:2: {error}\n", res.output
    labels.write_text(good)
    res = CliRunner().invoke(main, [*command, "--quiet"])
    assert res.exit_code == 0, res.output


def test_a_backfill_of_more_than_366_days_needs_max_days(tmp_path: Path) -> None:
    # --start 0001-01-01 --end 9999-12-30 planned 3.6 million day subflows (every day runs, with data or without)
    # and started on them; a mistyped year meant thousands of days of work before anyone noticed
    inp = tmp_path / "answers.parquet"
    pq.write_table(_table([_row("good")]), inp)
    db = tmp_path / "audit.duckdb"
    for start, end, days, extra in [
        ("0001-01-01", "9999-12-30", 3652058, []),
        ("2016-11-01", "2026-11-01", 3653, ["--max-days", "3000"]),
        ("2025-11-01", "2026-11-01", 366, ["--max-days", "365"]),
    ]:
        command = ["backfill", "--input", str(inp), "--db", str(db), "--start", start, "--end", end, *extra]
        res = CliRunner().invoke(main, command)
        limit = extra[1] if extra else "366"
        want = f"error: backfill from {start} to {end} covers {days} days, more than --max-days {limit}: "
        assert res.exit_code == 2 and res.output.startswith(want) and res.output.count("\n") == 1, res.output
    assert not db.exists()
    res = CliRunner().invoke(main, ["backfill", "--start", "2026-11-01", "--end", "2026-11-01", "--max-days", "0"])
    assert res.exit_code == 2 and "Invalid value for '--max-days': 0 is not in the range x>=1." in res.output


def test_the_last_day_a_date_can_hold_is_refused_as_a_day(tmp_path: Path) -> None:
    # a day's window ends at the next midnight: --day 9999-12-31 died with OverflowError (exit 1)
    inp = tmp_path / "answers.parquet"
    pq.write_table(_table([_row("good")]), inp)
    db = tmp_path / "audit.duckdb"
    for command, what in [
        (["nightly", "--day", "9999-12-31"], "--day"),
        (["backfill", "--start", "9999-12-30", "--end", "9999-12-31"], "--end"),
    ]:
        res = CliRunner().invoke(main, [*command, "--input", str(inp), "--db", str(db)])
        want = f"error: {what}: '9999-12-31' is the last day a date can hold; its window would end past it\n"
        assert res.exit_code == 2 and res.output == want, res.output
    assert not db.exists()


def _bom_and_twice_rows() -> list[dict[str, Any]]:
    """The rows of `test_structured_output_after_a_bom_or_with_a_key_given_twice`."""
    text = "Refunds take 30 days [1]."
    answers = {
        "bom": "\ufeff" + json.dumps({"answer": text}),
        "bom_event": "\ufeff" + json.dumps({"type": "final", "data": text}),
        "bom_text": "\ufeff" + text,
        "twice": '{"answer": "Refunds take 30 days [1].", "answer": "Refunds take 90 days."}',
        "twice_citations": '{"answer": "Refunds take 30 days.", "citations": [1], "citations": [7]}',
        "twice_in_data": '{"type": "final", "data": {"answer": "Refunds take 30 days [1].", "answer": "No."}}',
        "once": json.dumps({"answer": text, "citations": [1], "x": {"answer": 1}}),
    }
    rows = [make_answer(key, doc, CTX) for key, doc in answers.items()]
    return rows


@batched(_bom_and_twice_rows())
def test_structured_output_after_a_bom_or_with_a_key_given_twice(answers_db: Path) -> None:
    # a BOM before the JSON: not seen as structured output, the raw JSON text was audited as the answer (its claim
    # '{"answer": "Refunds take 30 days [1]."}'); a key given twice: DuckDB read the first, most clients the last,
    # and nothing said the two differ
    text = "Refunds take 30 days [1]."
    db = answers_db
    assert _own_accounted(db) == (7, 0)
    got = q(db, "SELECT answer_id, (structured_output, answer_text, level, flags) FROM answer_audit")
    assert dict(got) == {
        "bom": (True, text, "GREEN", []),
        "bom_event": (True, text, "GREEN", []),
        "bom_text": (False, "\ufeff" + text, "GREEN", []),
        "twice": (True, text, "RED", ["duplicate_json_key:answer"]),
        "twice_citations": (True, "Refunds take 30 days.", "RED", ["duplicate_json_key:citations"]),
        "twice_in_data": (True, text, "RED", ["duplicate_json_key:answer"]),
        "once": (True, text, "GREEN", []),
    }


def _citation_key_twice_rows() -> list[dict[str, Any]]:
    """The rows of `test_a_key_given_twice_inside_a_citation_object_is_flagged`."""
    obj = '{"document_id": "d1", "chunk_index": 0, "text_span": "Refunds take 30 days"}'
    twice = '{"document_id": "d1", "document_id": "d9", "chunk_index": 0, "text_span": "Refunds take 30 days"}'
    head = '{"answer": "Refunds take 30 days.", "citations": ['
    answers = {
        "clean": head + obj + "]}",
        "twice": head + obj + ", " + twice + "]}",
        "twice_in_data": '{"type": "final", "data": ' + head + twice + "]}}",
    }
    return [make_answer(key, doc, CTX) for key, doc in answers.items()]


@batched(_citation_key_twice_rows())
def test_a_key_given_twice_inside_a_citation_object_is_flagged(answers_db: Path) -> None:
    # only the top level and `data` were checked: a citation object naming two documents under one key was read as
    # DuckDB's first and audited without a word
    db = answers_db
    got = dict(q(db, "SELECT answer_id, (level, flags) FROM answer_audit"))
    flag = "duplicate_json_key:citations[].document_id"
    assert flag not in got["clean"][1] and got["clean"][0] != "RED", got
    assert got["twice"] == ("RED", [flag]) and got["twice_in_data"] == ("RED", [flag]), got


def _colon_id_rows() -> list[dict[str, Any]]:
    """The rows of `test_doc_chunk_markers_resolve_ids_that_hold_colons`."""
    ctx = [
        {"doc_id": "urn:kb:7", "chunk_id": "c1", "title": "T", "page": 1, "text": "Refunds take 30 days."},
        {"doc_id": "kb8", "chunk_id": "p2:c3", "title": "U", "page": 2, "text": "Shipping is free over 50 euros."},
    ]
    answers = {
        "doc_colons": "Refunds take 30 days [citation:urn:kb:7:c1].",
        "chunk_colons": "Shipping is free over 50 euros [citation:kb8:p2:c3].",
        "unknown_chunk": "Refunds take 30 days [citation:urn:kb:7:c9].",
        "unknown_doc": "Refunds take 30 days [citation:urn:kb:8:c1].",
    }
    return [make_answer(key, text, ctx) for key, text in answers.items()]


@batched(_colon_id_rows())
def test_doc_chunk_markers_resolve_ids_that_hold_colons(answers_db: Path) -> None:
    # [citation:X:Y] was split at the first colon: a knowledge base with ids like urn:kb:7 had every such citation
    # fabricated (unknown_document)
    db = answers_db
    got = dict(q(db, "SELECT answer_id, (context_rank, verdict, reasons) FROM citation_audit"))
    assert got["doc_colons"][:2] == (1, "verified") and got["chunk_colons"][:2] == (2, "verified"), got
    assert got["unknown_chunk"] == (None, "fabricated", ["unknown_chunk"]), got
    assert got["unknown_doc"] == (None, "fabricated", ["unknown_document"]), got


@pytest.mark.parametrize("tz", [None, "UTC", "Asia/Tokyo"])
def test_logged_at_in_nanoseconds_is_read_as_the_instant_it_is(tmp_path: Path, tz: str | None) -> None:
    # pandas writes datetime64[ns]: comparing a TIMESTAMP_NS column with the year-1 bound made DuckDB convert the
    # bound to nanoseconds, which it cannot hold: every such file stopped with exit 2 and a three-line
    # "Conversion Error: Could not convert Timestamp to higher precision"
    noon = 1793534400 * 10**9  # 2026-11-01 12:00 UTC
    rows = [_row("good", logged_at=noon), _row("late", logged_at=noon + 12 * 3600 * 10**9)]
    inp, db = tmp_path / "answers.parquet", tmp_path / "audit.duckdb"
    pq.write_table(_table([*rows, _row("none", logged_at=None)], logged_at=pa.timestamp("ns", tz=tz)), inp)
    code, out = _run(inp, db)
    assert code == 0, out
    assert _accounted(db) == (3, 2, 1)
    got = q(db, "SELECT answer_id, strftime(logged_at AT TIME ZONE 'UTC', '%Y-%m-%d %H:%M') FROM answer_audit")
    assert sorted(got) == [("good", "2026-11-01 12:00"), ("late", "2026-11-02 00:00")]


def test_columns_whose_names_differ_only_in_case_stop_naming_them(tmp_path: Path) -> None:
    # DuckDB binds names regardless of case: with `Answer` before `answer`, it read `Answer` (renaming the second
    # `answer_1`) and audited the wrong column as the answer, GREEN, without a word
    good = _table([_row("good")])
    wrong = pa.array(["Shipping is free [1]."])
    inp = tmp_path / "answers.parquet"
    pq.write_table(pa.Table.from_arrays([wrong, *good.columns], names=["Answer", *good.column_names]), inp)
    code, out = _run(inp, tmp_path / "audit.duckdb")
    assert code == 2 and out == (
        f"error: {inp}: column names ['Answer', 'answer'] differ only in case, which DuckDB reads as one name; "
        "rename one\n"
    ), out
    # other columns may differ only in case: they are not read
    extra = pa.Table.from_arrays([wrong, wrong, *good.columns], names=["Note", "note", *good.column_names])
    pq.write_table(extra, inp)
    db = tmp_path / "ok.duckdb"
    assert _run(inp, db)[0] == 0
    assert q(db, "SELECT answer_id, level FROM answer_audit") == [("good", "GREEN")]


def test_text_columns_of_nested_or_other_types_stop_naming_file_column_and_type(tmp_path: Path) -> None:
    # DuckDB casts anything to VARCHAR: an answer_id list ['a'] was audited as the id '[a]', a struct as "{'a': x}",
    # a boolean conversation_id as 'true', all GREEN; and a struct answer_id in one file beside text in another
    # stopped with a seven-line DuckDB conversion error
    inp = tmp_path / "answers.parquet"
    cases = [
        ("answer_id", pa.array([["a"]], pa.list_(pa.string()))),
        ("answer_id", pa.array([{"a": "x"}], pa.struct([("a", pa.string())]))),
        ("answer_id", pa.array([1.5], pa.float64())),
        ("conversation_id", pa.array([True], pa.bool_())),
        ("tenant", pa.array([[("k", "v")]], pa.map_(pa.string(), pa.string()))),
    ]  # (text stored as bytes, `binary`, is read as text since round 12: test_hostile_round_12)
    for column, values in cases:
        good = _table([_row("good")])
        pq.write_table(good.set_column(good.schema.get_field_index(column), column, values), inp)
        code, out = _run(inp, tmp_path / "audit.duckdb")
        typ = pq.read_schema(inp).field(column).type
        want = f"error: {inp}: column {column!r} must be a string column (or integers), got {typ}{bytes_hint(typ)}\n"
        assert code == 2 and out == want, out
    # integer (and decimal) ids are read as their digits
    good = _table([_row("good")])
    ids = pa.array([7], pa.int64())
    good = good.set_column(0, "answer_id", ids).set_column(1, "conversation_id", ids.cast(pa.decimal128(20)))
    pq.write_table(good, inp)
    db = tmp_path / "ints.duckdb"
    assert _run(inp, db)[0] == 0
    assert q(db, "SELECT answer_id, conversation_id, level FROM answer_audit") == [("7", "7", "GREEN")]


def test_report_and_export_of_a_duckdb_file_without_audit_tables_say_so_in_one_line(tmp_path: Path) -> None:
    # an empty DuckDB file (or one of another application with none of citeaudit's tables): export stopped with
    # five lines of "Catalog Error: Table with name answer_audit does not exist! Did you mean pg_namespace?", and
    # report said the file "predates the review page's columns"
    db = tmp_path / "empty.duckdb"
    duckdb.connect(str(db)).close()
    want = f"error: audit database {db}: holds no citeaudit tables: run `citeaudit run --db {db}` first\n"
    for command in (["report", "--out", str(tmp_path / "r.html")], ["export", "--out", str(tmp_path / "x")]):
        res = CliRunner().invoke(main, [*command, "--db", str(db)])
        assert res.exit_code == 2 and res.output == want, res.output
    assert q(db, "SELECT count(*) FROM information_schema.tables") == [(0,)]  # left as it was


def test_a_config_saved_with_a_byte_order_mark_is_read(tmp_path: Path) -> None:
    # Notepad and PowerShell's Out-File write UTF-8 with a BOM: tomllib refused the file, "not valid TOML: Invalid
    # statement (at line 1, column 1)", though nothing in it was wrong
    inp = tmp_path / "answers.parquet"
    pq.write_table(_table([_row("good")]), inp)
    config = tmp_path / "bom.toml"
    config.write_bytes("\ufeff# réglages\n[levels]\ngreen_min_integrity = 1.5\n".encode())
    code, out = _run(inp, tmp_path / "audit.duckdb", "--config", str(config))
    assert code == 2 and out.startswith(f"error: {config}: need 0 <= levels.yellow_min_integrity"), out  # read
    config.write_bytes("\ufeff[run]\nshard_rows = 100\n".encode())
    assert _run(inp, tmp_path / "audit.duckdb", "--config", str(config))[0] == 0


def test_levels_min_coverage_must_be_a_share(tmp_path: Path) -> None:
    # min_coverage = 5 (meant as 5 %?) was taken: no answer could reach it, every one flagged low_coverage and none
    # GREEN, without a word; -3 switched the policy off as 0 does
    inp = tmp_path / "answers.parquet"
    pq.write_table(_table([_row("good")]), inp)
    for value in ("5", "-3", "1.01"):
        config = _config(tmp_path, f"[levels]\nmin_coverage = {value}\n")
        code, out = _run(inp, tmp_path / "audit.duckdb", "--config", str(config))
        want = f"error: {config}: levels.min_coverage must be between 0 and 1 (a share of claim sentences), got "
        assert code == 2 and out.startswith(want), out


def test_levels_overconfidence_settings_must_be_shares(tmp_path: Path) -> None:
    # a confidence of 90 (meant as 90 %) would flag no answer, a negative gap every confident one: named, exit 2
    inp = tmp_path / "answers.parquet"
    pq.write_table(_table([_row("good")]), inp)
    for key, value in (("overconfident_confidence", "90"), ("overconfident_gap", "-0.4")):
        config = _config(tmp_path, f"[levels]\n{key} = {value}\n")
        code, out = _run(inp, tmp_path / "audit.duckdb", "--config", str(config))
        assert code == 2 and out.startswith(f"error: {config}: levels.{key} must be between 0 and 1, got "), out


def test_column_mapping_may_not_read_the_answer_as_another_column(tmp_path: Path) -> None:
    # `answer_id = "answer"` read the answer text as the answer's id too: audited GREEN with the answer as its id;
    # `logged_at = "answer"` quarantined every row as "not a timestamp" instead of naming the mistake
    inp = tmp_path / "answers.parquet"
    pq.write_table(_table([_row("good")]), inp)
    for mapping, clash in [
        ('answer_id = "answer"', "answer and answer_id both read column 'answer'"),
        ('answer = "contexts"', "answer and contexts both read column 'contexts'"),
        ('logged_at = "answer_id"', "answer_id and logged_at both read column 'answer_id'"),
    ]:
        config = _config(tmp_path, f"[run.column_mapping]\n{mapping}\n")
        code, out = _run(inp, tmp_path / "audit.duckdb", "--config", str(config))
        want = f"error: {config}: run.column_mapping: {clash}; answer, logged_at and contexts need columns of their own"
        assert code == 2 and out == want + "\n", out
    # ids may share one: logs without conversations can give each answer its own
    config = _config(tmp_path, '[run.column_mapping]\nconversation_id = "answer_id"\n')
    db = tmp_path / "shared.duckdb"
    assert _run(inp, db, "--config", str(config))[0] == 0
    assert q(db, "SELECT answer_id, conversation_id FROM answer_audit") == [("good", "good")]


def test_a_broken_link_among_the_input_files_stops_naming_it(tmp_path: Path) -> None:
    # a `.parquet` link whose target is gone (an unmounted archive, a moved file) was skipped as "not a file": the
    # run audited the other files and completed, the missing day's answers left out without a word
    logs = tmp_path / "logs"
    logs.mkdir()
    pq.write_table(_table([_row("good")]), logs / "a.parquet")
    (logs / "b.parquet").symlink_to(tmp_path / "archive" / "b.parquet")
    for spec in (logs, logs / "*.parquet"):
        code, out = _run(spec, tmp_path / "audit.duckdb")
        want = f"error: {logs / 'b.parquet'}: a link to {tmp_path / 'archive' / 'b.parquet'}, which does not exist\n"
        assert code == 2 and out == want, out


def test_eval_labels_with_integer_answer_ids_match_integer_id_columns(tmp_path: Path) -> None:
    # an integer answer_id column is audited as its digits, but a label {"answer_id": 7} stopped with "missing or
    # empty 'answer_id'": it is neither, and the same pipeline writes both
    good = _table([_row("good")])
    inp = tmp_path / "answers.parquet"
    pq.write_table(good.set_column(0, "answer_id", pa.array([7], pa.int64())), inp)
    labels = tmp_path / "labels.jsonl"
    command = ["eval", "--answers", str(inp), "--labels", str(labels), "--db", str(tmp_path / "e.duckdb"), "--json"]
    labels.write_text('{"answer_id": 7, "gold": "supported"}\n')
    res = CliRunner().invoke(main, [*command, "--quiet"])
    assert res.exit_code == 0 and json.loads(res.output)["n_matched"] == 1, res.output
    for value in ("true", "7.5", '["good"]'):
        labels.write_text(f'{{"answer_id": {value}, "gold": "supported"}}\n')
        res = CliRunner().invoke(main, [*command, "--quiet"])
        want = f"error: {labels}:1: answer_id must be a non-empty string (or an integer), got {json.loads(value)!r}\n"
        assert res.exit_code == 2 and res.output == want, res.output


def test_an_answer_that_is_json_null_or_an_empty_event_list_is_quarantined_as_empty(tmp_path: Path) -> None:
    # a logger that wrote a missing answer as JSON (json.dumps(None), an empty list of stream events) left the text
    # `null` or `[]`: audited as a text of no claims, GREEN, as if the model had answered
    texts = {"null": "null", "list": " [ ] ", "nullish": "null."}
    rows = [_row("good")] + [make_answer(key, text, CTX) for key, text in texts.items()]
    db = _audited(tmp_path, rows)[1]
    assert _accounted(db) == (4, 2, 2)
    reason = "answer is empty: JSON null, an empty string or an empty list, nothing to audit"
    assert q(db, "SELECT answer_id, field, reason FROM quarantine ORDER BY 1") == [
        ("list", "answer", reason),
        ("null", "answer", reason),
    ]


def test_a_contexts_table_with_integer_or_nested_answer_ids(tmp_path: Path) -> None:
    # answer_id as integers (accepted in the answers) stopped with a five-line DuckDB binder error naming no file
    # ("Cannot compare values of type BIGINT and VARCHAR"); a struct the same way
    good = _table([_row("good")]).drop_columns(["contexts"])
    inp, ctx = tmp_path / "answers.parquet", tmp_path / "contexts.parquet"
    pq.write_table(good.set_column(0, "answer_id", pa.array([7], pa.int64())), inp)
    rows = {"rank": [1], "doc_id": ["d1"], "text": ["Refunds take 30 days."]}
    pq.write_table(pa.table({"answer_id": pa.array([7], pa.int32()), **rows}), ctx)
    db = tmp_path / "audit.duckdb"
    code, out = _run(inp, db, "--contexts", str(ctx))
    assert code == 0, out
    assert q(db, "SELECT answer_id, context_rank, verdict FROM citation_audit") == [("7", 1, "verified")]
    pq.write_table(pa.table({"answer_id": pa.array([{"id": "7"}]), **rows}), ctx)
    code, out = _run(inp, db, "--contexts", str(ctx))
    want = f"error: {ctx}: contexts column 'answer_id' must be a string column (or integers), got struct<id: string>\n"
    assert code == 2 and out == want, out


def test_a_contexts_table_with_columns_differing_only_in_case_stops_naming_them(tmp_path: Path) -> None:
    # as in the answers: with `Text` before `text`, DuckDB read `Text` as the source every citation was verified
    # against, without a word
    inp, ctx = tmp_path / "answers.parquet", tmp_path / "contexts.parquet"
    pq.write_table(_table([_row("good")]).drop_columns(["contexts"]), inp)
    cols = {"answer_id": ["good"], "rank": [1], "Text": ["Shipping is free."], "text": ["Refunds take 30 days."]}
    pq.write_table(pa.table(cols), ctx)
    code, out = _run(inp, tmp_path / "audit.duckdb", "--contexts", str(ctx))
    want = f"error: {ctx}: column names ['Text', 'text'] differ only in case, which DuckDB reads as one name; "
    assert code == 2 and out == want + "rename one\n", out


def test_contexts_fields_differing_only_in_case_stop_naming_them(tmp_path: Path) -> None:
    # inside the `contexts` struct too: with fields `Text` and `text`, DuckDB read `Text` as the source text and the
    # citation was verified against it without a word
    fields = [("Text", pa.string()), ("doc_id", pa.string()), ("text", pa.string())]
    ctx = [{"Text": "Shipping is free.", "doc_id": "d1", "text": "Refunds take 30 days."}]
    inp = tmp_path / "answers.parquet"
    pq.write_table(_table([{**_row("good"), "contexts": ctx}], contexts=pa.list_(pa.struct(fields))), inp)
    code, out = _run(inp, tmp_path / "audit.duckdb")
    want = f"error: {inp}: contexts fields ['Text', 'text'] differ only in case, which DuckDB reads as one name; "
    assert code == 2 and out == want + "rename one\n", out


def test_serve_with_a_bad_cron_or_time_zone_names_the_setting(tmp_path: Path) -> None:
    # a bad cron ended with exit 1 as an unexpected ValueError (not naming --cron or the config key); a bad time zone
    # with "ValidationError: 1 validation error for RunnerDeployment", naming neither the value nor the setting
    inp = tmp_path / "answers.parquet"
    pq.write_table(_table([_row("good")]), inp)
    config = _config(tmp_path, '[run]\ncron = "61 * * * *"\n')
    base = ["serve", "--input", str(inp), "--db", str(tmp_path / "audit.duckdb")]
    for extra, want in [
        (["--cron", "banana"], "--cron 'banana' is not a cron schedule (Invalid cron string"),
        (["--config", str(config)], f"{config}: run.cron '61 * * * *' is not a cron schedule (Invalid cron string"),
        (["--timezone", "Mars/Base"], "--timezone 'Mars/Base' is not an IANA time zone (such as UTC or Europe/Oslo)"),
    ]:
        res = CliRunner().invoke(main, [*base, *extra])
        assert res.exit_code == 2 and res.output.startswith(f"error: {want}"), res.output
        assert res.output.count("\n") == 1, res.output
