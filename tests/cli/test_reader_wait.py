"""Readers (`citeaudit sql`, `report`, `export`) wait out a writer's brief hold on the audit file: a run holds it
while it records its start and while it loads its results (~0.1 s of a small day), and a reader that met that hold
stopped at once. Each test holds the file from a real second process."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from audit.cli import main

READERS = {
    "sql": lambda db, tmp: ["sql", "SELECT status FROM runs", "--db", str(db), "--format", "csv"],
    "report": lambda db, tmp: ["report", "--db", str(db), "--out", str(tmp / "review.html")],
    "export": lambda db, tmp: ["export", "--db", str(db), "--out", str(tmp / "export")],
}


def _hold(db: Path, seconds: float) -> subprocess.Popen[str]:
    """Another process that opens `db` for writing (as a run's load does), holds it `seconds`, then lets go; returns
    once the file is held."""
    code = (
        f"import duckdb, time; c = duckdb.connect({str(db)!r}); print('held', flush=True); "
        f"time.sleep({seconds}); c.close(); print('released', flush=True); time.sleep(60)"
    )
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None and proc.stdout.readline().strip() == "held"
    return proc


@pytest.mark.parametrize("reader", READERS.values(), ids=READERS.keys())
def test_a_reader_waits_out_a_writers_brief_hold(db: Path, tmp_path: Path, reader) -> None:
    # the hold of a run's load: the reader stopped at once, exit 2, "try again when it is done"
    holder = _hold(db, 2)
    try:
        start = time.monotonic()
        res = CliRunner().invoke(main, reader(db, tmp_path))
        waited = time.monotonic() - start
    finally:
        holder.kill()
        holder.wait()
    assert res.exit_code == 0, res.output
    assert waited >= 1.0  # it read after the writer let go, not before
    if reader is READERS["sql"]:
        assert res.output == "status\ncompleted\n"


@pytest.mark.parametrize("reader", READERS.values(), ids=READERS.keys())
def test_a_reader_stops_with_one_line_when_the_hold_outlasts_its_wait(db: Path, tmp_path: Path, reader) -> None:
    holder = _hold(db, 60)
    try:
        start = time.monotonic()
        res = CliRunner().invoke(main, [*reader(db, tmp_path), "--wait", "1"])
        waited = time.monotonic() - start
    finally:
        holder.kill()
        holder.wait()
    assert res.exit_code == 2, res.output
    assert res.output.startswith(
        f"error: audit database {db} is held by another process, still after waiting 1 s: try again when it is done ("
    ), res.output
    assert res.output.endswith("; --wait SECONDS waits longer\n"), res.output
    assert res.output.count("\n") == 1 and "Traceback" not in res.output
    assert 1.0 <= waited < 8.0


def test_wait_must_not_be_negative(db: Path) -> None:
    res = CliRunner().invoke(main, ["sql", "SELECT 1", "--db", str(db), "--wait", "-1"])
    assert res.exit_code == 2 and "--wait" in res.output and "Traceback" not in res.output
