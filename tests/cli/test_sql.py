"""`citeaudit sql` is read-only: it can read the audit file and nothing else (the attacks of issue 10)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import duckdb
import pytest
from click.testing import CliRunner

from audit.cli import main
from audit.query import open_query_connection


def sql(db: Path, query: str) -> tuple[int, str]:
    res = CliRunner().invoke(main, ["sql", query, "--db", str(db), "--format", "csv"])
    return res.exit_code, res.output


def runs_left(db: Path) -> int:
    con = duckdb.connect(str(db), read_only=True)
    try:
        return int(con.execute("SELECT count(*) FROM runs").fetchall()[0][0])
    finally:
        con.close()


ATTACKS = {
    "attach_detach_delete": (
        "ATTACH '{tmp}/other.duckdb' AS m (READ_WRITE); USE m; DETACH audit; "
        "ATTACH '{db}' AS w (READ_WRITE); DELETE FROM w.runs"
    ),
    "delete": "DELETE FROM runs",
    "drop": "DROP TABLE runs",
    "update": "UPDATE runs SET status = 'x'",
    "copy_to_file": "COPY (SELECT * FROM runs) TO '{tmp}/leak.csv'",
    "export_database": "EXPORT DATABASE '{tmp}/dump'",
    "read_other_file": "SELECT * FROM read_csv('/etc/passwd')",
    "install_extension": "INSTALL httpfs",
    "load_extension": "LOAD httpfs",
    "turn_access_back_on": "SET enable_external_access = true",
    "create_temp": "CREATE TABLE leak AS SELECT 1",
}


@pytest.mark.parametrize("attack", ATTACKS.values(), ids=ATTACKS.keys())
def test_sql_refuses_every_write_and_every_way_out(db, tmp_path, attack):
    code, output = sql(db, attack.format(tmp=tmp_path, db=db))
    assert code == 2
    assert output.startswith("error: ") and "Traceback" not in output
    assert runs_left(db) == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["audit.duckdb"]


@pytest.mark.parametrize(
    "attack",
    [
        "ATTACH '{tmp}/other.duckdb' AS m",
        "COPY (SELECT 1) TO '{tmp}/x.csv'",
        "SELECT * FROM read_text('/etc/hostname')",
    ],
    ids=["attach", "copy_to", "read_text"],
)
def test_the_connection_itself_is_locked_without_the_statement_check(db, tmp_path, attack):
    con = open_query_connection(db)
    try:
        with pytest.raises(duckdb.Error):
            con.execute(attack.format(tmp=tmp_path))
    finally:
        con.close()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["audit.duckdb"]


def test_sql_still_reads(db):
    code, output = sql(db, "DESCRIBE runs")
    assert code == 0 and output.startswith("column_name,")
    code, output = sql(db, "SELECT run_id, status FROM runs")
    assert (code, output) == (0, "run_id,status\nr1,completed\n")


@pytest.mark.parametrize("fmt", ["csv", "json", "table"])
def test_a_reader_that_goes_away_ends_sql_quietly(db, fmt):
    """`citeaudit sql ... | head -1`: the command stops with the shell's 141 and says nothing (it printed
    `error: BrokenPipeError: [Errno 32] Broken pipe` and exited 1)."""
    root = Path(__file__).resolve().parents[2]
    # more output than a pipe holds (64 KB) in every format, the table's 1,000 rows too: a command that could write it
    # all before the reader went away would end 0, whatever it does on a broken pipe (it did, under load)
    query = "SELECT i, repeat('x', 200) AS pad FROM range(1000000) t(i)"
    proc = subprocess.Popen(
        [sys.executable, "-m", "audit.cli", "sql", query, "--db", str(db), "--format", fmt],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": str(root)},
        cwd=root,
    )
    assert proc.stdout and proc.stderr
    proc.stdout.readline()
    proc.stdout.close()
    assert (proc.wait(timeout=120), proc.stderr.read()) == (141, b"")


def test_a_database_a_run_is_writing_is_named_held_and_what_to_do(db: Path) -> None:
    """A reader meets a run's load (another process writing the file): one line, exit 2, saying to try again (it
    said 'still after waiting 0 s'). Readers wait 10 s by default now (tests/cli/test_reader_wait.py); `--wait 0` is
    the reader that does not wait."""
    writer = subprocess.Popen(
        [sys.executable, "-c", f"import duckdb, time; c = duckdb.connect({str(db)!r}); print('held', flush=True); "
         "time.sleep(30)"],
        stdout=subprocess.PIPE,
        text=True,
    )  # fmt: skip
    try:
        assert writer.stdout is not None and writer.stdout.readline().strip() == "held"
        res = CliRunner().invoke(main, ["sql", "SELECT count(*) FROM runs", "--db", str(db), "--wait", "0"])
        code, out = res.exit_code, res.output
    finally:
        writer.kill()
        writer.wait()
    assert code == 2 and "is held by another process, try again when it is done" in out, out
    assert "waiting 0 s" not in out


@pytest.mark.parametrize(
    ("sig", "code", "line"), [("SIGINT", 130, "interrupted"), ("SIGTERM", 143, "terminated by SIGTERM")]
)
def test_a_stopped_query_says_it_stopped_and_no_run_was_recorded(db: Path, sig: str, code: int, line: str) -> None:
    """Ctrl-C or SIGTERM during `citeaudit sql` said 'the run is recorded as failed; rerun to complete it': sql starts
    no run (nor do report, export, bench or calibrate); run, nightly, backfill, serve and eval keep the words."""
    import signal
    import time

    import psutil

    root = Path(__file__).resolve().parents[2]
    proc = subprocess.Popen(
        [sys.executable, "-m", "audit.cli", "sql", "SELECT count(*) FROM range(100000000000)", "--db", str(db)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": str(root)},
        cwd=root,
    )
    # the command has opened the audit file (it then runs its query, for minutes): a signal before that would land
    # in Python's imports, on a busy machine seconds long
    opened = psutil.Process(proc.pid)
    deadline = time.monotonic() + 120
    while not any(f.path == str(db) for f in opened.open_files()) and time.monotonic() < deadline:
        time.sleep(0.1)
    time.sleep(1.0)
    proc.send_signal(getattr(signal, sig))
    assert proc.wait(timeout=120) == code
    assert proc.stderr is not None and proc.stderr.read().decode() == f"error: {line}\n"
