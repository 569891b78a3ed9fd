"""Reliability sweep, round 3: hostile inputs and output paths, each through the real `citeaudit` command on real
Parquet and DuckDB files: one line naming the file and what to do, a non-zero exit, never a traceback, nothing lost,
nothing let in."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from click.testing import CliRunner

from audit.cli import main
from audit.contract import answers_schema
from tests.conftest import REPO, make_answer, query

CTX = [{"doc_id": "d1", "chunk_id": "c1", "title": "Refund Policy.pdf", "page": 1, "text": "Refunds take 30 days."}]


def _answers(path: Path, ids: tuple[str, ...] = ("good",)) -> Path:
    rows = [make_answer(i, "Refunds take 30 days [1].", CTX) for i in ids]
    path.parent.mkdir(parents=True, exist_ok=True)
    pq.write_table(pa.Table.from_pylist(rows, schema=answers_schema()), path)
    return path


@pytest.fixture(scope="module")
def audited_once(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """One good answer as logs/answers.parquet, audited by the real `citeaudit run` into audit.duckdb, once for the
    module: the tests that only need such a pair (to read, or to see refused as a target) get copies of it."""
    root = tmp_path_factory.mktemp("audited")
    inp, db = _answers(root / "logs" / "answers.parquet"), root / "audit.duckdb"
    res = CliRunner().invoke(main, ["run", "--input", str(inp), "--db", str(db), "--quiet"])
    assert res.exit_code == 0, res.output
    return inp, db


def _audited(tmp_path: Path, once: tuple[Path, Path]) -> tuple[Path, Path]:
    """Copies of `audited_once`'s answers and audit file in `tmp_path` (logs/answers.parquet, audit.duckdb)."""
    inp, db = tmp_path / "logs" / "answers.parquet", tmp_path / "audit.duckdb"
    inp.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(once[0], inp)
    shutil.copyfile(once[1], db)
    return inp, db


def test_a_review_page_never_replaces_a_file_that_is_no_review_page(
    tmp_path: Path, audited_once: tuple[Path, Path]
) -> None:
    # `citeaudit report --out` renamed the page over whatever file was there: `--out audit.duckdb` (the database
    # given as --db, a slip of the option) replaced the whole audit with the page, `--out logs/answers.parquet` a log,
    # `--out notes.txt` the notes, exit 0, `review page: ...`
    inp, db = _audited(tmp_path, audited_once)
    notes = tmp_path / "notes.txt"
    notes.write_text("precious")
    for target in (db, inp, notes):
        before = target.read_bytes()
        res = CliRunner().invoke(main, ["report", "--db", str(db), "--out", str(target)])
        assert res.exit_code == 2, (target, res.output)
        want = f"error: --out {target} exists and is not a citeaudit review page"
        assert res.output.startswith(want) and res.output.count("\n") == 1, (target, res.output)
        assert "nothing was changed" in res.output, res.output
        assert target.read_bytes() == before, target
    assert query(db, "SELECT answers_audited FROM runs") == [(1,)]
    # a review page, an empty file (mktemp's) and a new name are written as before
    page, empty = tmp_path / "review.html", tmp_path / "empty.html"
    empty.touch()
    for target in (page, page, empty):
        res = CliRunner().invoke(main, ["report", "--db", str(db), "--out", str(target)])
        assert res.exit_code == 0, res.output
        assert "<title>citeaudit review" in target.read_text(), target


def test_a_reader_that_goes_away_ends_a_run_or_an_export_with_141_not_1(tmp_path: Path) -> None:
    # `citeaudit run ... | head -3` (a cron line keeping the summary's top): rich met the closed pipe and ended the
    # process with exit 1 and no word, a completed run reported failed to `set -o pipefail`; `sql` ends 141 since the
    # command-line sweep, as shell tools do
    inp, db = _answers(tmp_path / "answers.parquet"), tmp_path / "audit.duckdb"
    for args in (
        ["run", "--input", str(inp), "--db", str(db), "--quiet"],
        ["export", "--db", str(db), "--out", str(tmp_path / "export")],
    ):
        proc = subprocess.Popen(
            [sys.executable, "-m", "audit.cli", *args],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env={**os.environ, "PYTHONPATH": str(REPO)},
            cwd=REPO,
        )
        assert proc.stdout and proc.stderr
        proc.stdout.close()  # the reader is gone before the command writes its first line
        assert (proc.wait(timeout=600), proc.stderr.read()) == (141, b""), args
    assert query(db, "SELECT status, answers_audited FROM runs") == [("completed", 1)]
    assert (tmp_path / "export" / "manifest.json").is_file()


def test_output_in_an_encoding_that_cannot_write_a_character_is_one_line_naming_the_setting(tmp_path: Path) -> None:
    # `PYTHONIOENCODING=ascii` (or latin-1, a Windows code page) and an id or answer in another script: `sql` ended
    # "error: UnicodeEncodeError: 'ascii' codec can't encode character '\xe9' ... (citeaudit -v ... shows the
    # traceback)", exit 1, as a defect of citeaudit's, naming no setting
    inp, db = tmp_path / "answers.parquet", tmp_path / "audit.duckdb"
    rows = [make_answer("café", "Refunds take 30 days [1].", CTX)]
    pq.write_table(pa.Table.from_pylist(rows, schema=answers_schema()), inp)
    assert CliRunner().invoke(main, ["run", "--input", str(inp), "--db", str(db), "--quiet"]).exit_code == 0
    for fmt in ("table", "csv", "json"):
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "audit.cli",
                "sql",
                "--db",
                str(db),
                "--format",
                fmt,
                "SELECT answer_id FROM runs, answer_audit",
            ],
            capture_output=True,
            text=True,
            env={**os.environ, "PYTHONPATH": str(REPO), "PYTHONIOENCODING": "ascii"},
            cwd=REPO,
        )
        if fmt == "json":  # JSON escapes what it cannot write
            assert done.returncode == 0 and "caf\\u00e9" in done.stdout, done.stderr
            continue
        assert done.returncode == 2, (fmt, done.stderr)
        want = "error: the output's encoding (ascii) cannot write 'é' (U+00E9): "
        assert done.stderr.startswith(want) and done.stderr.count("\n") == 1, (fmt, done.stderr)
        assert "PYTHONIOENCODING=utf-8" in done.stderr, done.stderr


def test_hidden_files_and_folders_spark_and_macos_leave_among_the_logs_are_no_logs(tmp_path: Path) -> None:
    # Spark writes a table's part files through `_temporary/` (left there by a job that failed or is still running)
    # and names a finished one with `_SUCCESS`; macOS leaves `._part-0.parquet` (AppleDouble) beside each file copied
    # to a shared drive. The folder search read them all: `_temporary`'s attempt files as more answers (read 4, 2
    # quarantined as duplicates of the real ones), `._part-0.parquet` stopped the run, exit 2, "not a readable
    # Parquet file". Hadoop, Spark, Hive and pyarrow's datasets leave a name starting with `_` or `.` out
    logs = tmp_path / "logs"
    day = logs / "date=2026-11-01"
    _answers(day / "part-0.parquet", ("a0", "a1"))
    _answers(day / "_temporary" / "0" / "_temporary" / "attempt_1" / "part-0.parquet", ("a0", "a1"))
    _answers(day / ".part-1.parquet", ("hidden",))  # a writer's file in progress, renamed when whole
    (day / "_SUCCESS").touch()
    (day / "._part-0.parquet").write_bytes(b"\x00\x05\x16\x07\x00\x02\x00\x00Mac OS X        " + b"\x00" * 64)
    for n, spec in enumerate((str(logs), f"{logs}/**/*.parquet", f"{logs}/*")):
        db = tmp_path / f"audit{n}.duckdb"
        res = CliRunner().invoke(main, ["run", "--input", spec, "--db", str(db), "--quiet"])
        assert res.exit_code == 0, (spec, res.output)
        assert query(db, "SELECT answers_read, answers_audited, answers_quarantined FROM runs") == [(2, 2, 0)], spec
        assert query(db, "SELECT answer_id FROM answer_audit ORDER BY 1") == [("a0",), ("a1",)], spec
    # a file given by its own name is read whatever it is called
    db = tmp_path / "given.duckdb"
    res = CliRunner().invoke(main, ["run", "--input", str(day / ".part-1.parquet"), "--db", str(db), "--quiet"])
    assert res.exit_code == 0 and query(db, "SELECT answer_id FROM answer_audit") == [("hidden",)], res.output


def test_bench_figures_and_a_fitted_model_never_replace_a_file_of_another_kind(
    tmp_path: Path, audited_once: tuple[Path, Path]
) -> None:
    # `citeaudit bench --json` and `calibrate --out` renamed their JSON over whatever file was there, after all of
    # their work: `bench --json audit.duckdb` replaced the audit with the figures, `calibrate --out pairs.jsonl` the
    # training pairs it had just read with the model, exit 0
    _, db = _audited(tmp_path, audited_once)
    pairs = tmp_path / "pairs.jsonl"
    pairs.write_text('{"dataset": "s", "claim": "c", "source": "s", "label": 1}\n')
    cases = {
        ("bench", "--rows", "1", "--naive-rows", "0", "--json"): (db, "a citeaudit benchmark's figures (JSON)"),
        ("calibrate", "--pairs", str(pairs), "--out"): (pairs, "a support model (JSON)"),
    }
    for args, (target, kind) in cases.items():
        before = target.read_bytes()
        res = CliRunner().invoke(main, [*args, str(target)])
        assert res.exit_code == 2, (args, res.output)
        want = f"error: {args[-1]} {target} exists and is not {kind}"
        assert res.output.startswith(want) and res.output.count("\n") == 1, (args, res.output)
        assert target.read_bytes() == before, args
    assert query(db, "SELECT answers_audited FROM runs") == [(1,)]


def test_a_database_or_config_that_is_a_link_loop_is_named_so(tmp_path: Path, audited_once: tuple[Path, Path]) -> None:
    # `--db a` with `a -> b -> a`: `sql`, `report` and `export` said "no audit database at a: run `citeaudit run`
    # first", which fails on the same loop; `--config` said "config file not found" while the link was right there
    _, db = _audited(tmp_path, audited_once)
    loop, back = tmp_path / "loop.duckdb", tmp_path / "back.duckdb"
    loop.symlink_to(back)
    back.symlink_to(loop)
    chain = f"({loop} -> {back} -> {loop})"
    for args in (
        ["sql", "--db", str(loop), "SELECT 1"],
        ["report", "--db", str(loop), "--out", str(tmp_path / "r.html")],
        ["export", "--db", str(loop), "--out", str(tmp_path / "export")],
    ):
        res = CliRunner().invoke(main, args)
        assert res.exit_code == 2, (args, res.output)
        want = f"error: audit database {loop}: a link that leads back to itself {chain}: "
        assert res.output.startswith(want) and res.output.count("\n") == 1, (args, res.output)
    config, again = tmp_path / "loop.toml", tmp_path / "again.toml"
    config.symlink_to(again)
    again.symlink_to(config)
    inp = tmp_path / "logs" / "answers.parquet"
    res = CliRunner().invoke(main, ["run", "--input", str(inp), "--db", str(db), "--config", str(config), "--quiet"])
    assert res.exit_code == 2, res.output
    want = f"error: config file {config}: a link that leads back to itself ({config} -> {again} -> {config}): "
    assert res.output.startswith(want) and res.output.count("\n") == 1, res.output


def test_a_new_database_is_never_made_under_a_parquet_name(tmp_path: Path) -> None:
    # `citeaudit run --input logs --db logs/audit.parquet` (a name mistyped for an export): the run made a DuckDB file
    # named .parquet among the logs, exit 0, and every later run over the folder stopped, exit 2, "audit.parquet: not
    # a readable Parquet file", which does not say it is the audit database
    logs = tmp_path / "logs"
    _answers(logs / "answers.parquet")
    for name in ("audit.parquet", "audit.PQ", "audit.parq"):
        db = logs / name
        res = CliRunner().invoke(main, ["run", "--input", str(logs), "--db", str(db), "--quiet"])
        assert res.exit_code == 2, res.output
        want = f"error: audit database {db}: a Parquet name for a DuckDB file: a folder search would read it as a log"
        assert res.output.startswith(want) and res.output.count("\n") == 1, res.output
        assert not db.exists()
    db = tmp_path / "audit.duckdb"
    res = CliRunner().invoke(main, ["run", "--input", str(logs), "--db", str(db), "--quiet"])
    assert res.exit_code == 0, res.output


def test_an_answer_the_contexts_table_leaves_out_keeps_the_contexts_it_logged(tmp_path: Path) -> None:
    # a --contexts table replaced the contexts every answer logged: an answer the table had no row of got all its
    # citations `fabricated` (source_not_found), a correct answer RED; now it keeps its own, while an answer the
    # table does hold is read from the table only (its logged copy says 90 days, the table 30)
    wrong_ctx = [{**CTX[0], "text": "Refunds take 90 days."}]
    rows = [
        make_answer("in_table", "Refunds take 30 days [1].", wrong_ctx),
        make_answer("logged_only", "Refunds take 30 days [1].", CTX),
        make_answer("logged_wrong", "Refunds take 60 days [1].", CTX),
        make_answer("neither", "Refunds take 30 days [1].", []),
    ]
    logs, table = tmp_path / "answers.parquet", tmp_path / "ctx" / "contexts.parquet"
    pq.write_table(pa.Table.from_pylist(rows, schema=answers_schema()), logs)
    table.parent.mkdir()
    pq.write_table(pa.Table.from_pylist([{"answer_id": "in_table", "rank": 1, **CTX[0]}]), table)
    sharded = tmp_path / "sharded.toml"  # the same through the split into shards (a contexts file per shard)
    sharded.write_text("[run]\nshard_seconds = 0.0001\n")
    for name, config in (("one", []), ("shards", ["--config", str(sharded)])):
        args = ["run", "--input", str(logs), "--contexts", str(table), "--db", str(tmp_path / f"{name}.duckdb")]
        res = CliRunner().invoke(main, [*args, "--quiet", *config])
        assert res.exit_code == 0, res.output
        got = query(tmp_path / f"{name}.duckdb", "SELECT answer_id, verdict FROM citation_audit")
        assert sorted(got) == [
            ("in_table", "verified"),
            ("logged_only", "verified"),
            ("logged_wrong", "weak"),  # missing_number:60, checked against its own logged source
            ("neither", "fabricated"),
        ], (name, got)


def test_bench_refuses_a_night_too_large_to_generate_before_generating_anything(tmp_path: Path) -> None:
    # `citeaudit bench --rows 1180591620717411303424` (2^70) generated answers for ever, no output (killed after 10
    # minutes); a night above the bound is one usage line naming it, exit 2, before any work
    res = CliRunner().invoke(main, ["bench", "--rows", str(2**70)])
    assert res.exit_code == 2, res.output
    assert "--rows" in res.output and "10000000" in res.output and "Traceback" not in res.output, res.output


def test_terminal_colour_codes_logged_in_an_answer_are_no_part_of_its_claims(tmp_path: Path) -> None:
    # an answer logged with a terminal's colour codes (`\x1b[31m`, `\x1b[0m`, `\x1b[1;32m`) kept `[31m` in its claim,
    # whose 31 was then a `missing_number` (a correct answer RED); the codes are no words of a claim now, while its
    # offsets still point into the answer as logged
    rows = [
        make_answer("coloured", "Refunds\x1b[31m take 30 days\x1b[0m [1].", CTX),
        make_answer("bold", "\x1b[1;32mRefunds take 30 days\x1b[m [1].", CTX),
        make_answer("wrong", "Refunds\x1b[31m take 60 days\x1b[0m [1].", CTX),
    ]
    logs, db = tmp_path / "answers.parquet", tmp_path / "audit.duckdb"
    pq.write_table(pa.Table.from_pylist(rows, schema=answers_schema()), logs)
    res = CliRunner().invoke(main, ["run", "--input", str(logs), "--db", str(db), "--quiet"])
    assert res.exit_code == 0, res.output
    got = query(db, "SELECT answer_id, claim, verdict, reasons FROM citation_audit ORDER BY answer_id")
    assert got == [
        ("bold", "Refunds take 30 days.", "verified", ["exact_match"]),
        ("coloured", "Refunds take 30 days.", "verified", ["exact_match"]),
        ("wrong", "Refunds take 60 days.", "weak", ["missing_number:60", "swapped:60/30"]),
    ], got
