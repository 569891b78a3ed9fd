"""The lifecycle sweep, round 2: the audit file damaged or of another kind, signals in each phase, a full disk, inputs
changing mid-run; each through the real `citeaudit` command on real Parquet and DuckDB files. Nothing is lost,
nothing counted twice, a broken file stops with one line saying what to do (docs/hostile-inputs.md, 'The lifecycle
sweep, round 2')."""

from __future__ import annotations

import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq
import pytest
from click.testing import CliRunner

from audit.cli import main
from audit.contract import answers_schema
from tests.cli.test_hostile_lifecycle import (
    CTX,
    DAY,
    ROWS,
    _accounted,
    _cli,
    _config,
    _run,
    _sample,
    _start,
    _tables,
    _wait_for,
)
from tests.conftest import REPO, make_answer, query


def _answers(root: Path) -> Path:
    path = root / "answers.parquet"
    rows = [make_answer("a1", "Refunds take 30 days [1].", CTX)]
    pq.write_table(pa.Table.from_pylist(rows, schema=answers_schema()), path)
    return path


def _damaged(kind: str, db: Path, good: Path) -> None:
    """`db` made into a file that is no usable audit file of this citeaudit's DuckDB."""
    if kind == "truncated":
        db.write_bytes(good.read_bytes()[:100_000])
    elif kind == "random_bytes":
        db.write_bytes(bytes((i * 7919 + 13) % 251 for i in range(300_000)))
    elif kind == "empty":
        db.write_bytes(b"")
    elif kind == "sqlite":
        con = sqlite3.connect(db)
        con.execute("CREATE TABLE runs (x)")
        con.commit()
        con.close()


@pytest.fixture(scope="module")
def good_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """`_answers` audited by `citeaudit run` once for the module (in this process: the damaged-file tests run the
    command on the damaged file, not on this one); each test copies it."""
    root = tmp_path_factory.mktemp("good")
    good = root / "good.duckdb"
    done = CliRunner().invoke(main, ["run", "--input", str(_answers(root)), "--db", str(good), "--quiet"])
    assert done.exit_code == 0, done.output
    return good


@pytest.mark.parametrize("kind", ["truncated", "random_bytes", "empty", "sqlite"])
@pytest.mark.parametrize("command", ["run", "sql"])
def test_an_audit_file_that_is_damaged_or_no_duckdb_file_stops_with_one_line_saying_what_to_do(
    tmp_path: Path, kind: str, command: str, good_db: Path
) -> None:
    # a SQLite file made `run` ask the network for DuckDB's sqlite extension ('Failed to download extension
    # "sqlite_scanner" at URL http://extensions.duckdb.org/...'; with a network it would have written the audit into
    # the SQLite file) and `sql` say 'Loading external extensions is disabled'; a file cut short or of random bytes
    # was named, but nothing said what to do
    inp = _answers(tmp_path)
    good, db = tmp_path / "good.duckdb", tmp_path / "audit.duckdb"
    shutil.copyfile(good_db, good)  # an audit file `citeaudit run` wrote from these answers
    _damaged(kind, db, good)
    before = db.read_bytes()
    if command == "run":
        done = _cli("run", "--input", str(inp), "--db", str(db), "--quiet")
    else:
        done = _cli("sql", "SELECT count(*) FROM runs", "--db", str(db))
    assert done.returncode == 2, done.stderr
    [line] = done.stderr.strip().splitlines()
    assert line.startswith(f"error: cannot open audit database {db}"), line
    assert "extension" not in line, line
    if kind == "sqlite":
        assert "is a SQLite file, not a citeaudit DuckDB file" in line, line
    else:
        assert line.endswith("restore it from a backup, or give --db a new file"), line
    assert db.read_bytes() == before, "the file was written"
    assert query(good, "SELECT status FROM runs") == [("completed",)]


def _outputs_config(root: Path, report_dir: Path, export_dir: Path) -> Path:
    path = root / "outputs.toml"
    path.write_text(
        "[run]\nshard_seconds = 0.2\nshard_threads = 1\n"
        f'[outputs]\nreport_dir = "{report_dir}"\nexport_dir = "{export_dir}"\n'
    )
    return path


def test_a_day_whose_review_page_and_export_could_not_be_written_is_audited_again_by_the_next_nightly(
    tmp_path: Path,
    env_restored: None,
) -> None:
    # the outputs were written after the day's run was recorded `completed`: a night stopped while writing them
    # (SIGTERM, a full disk, a folder it could not write) said 'the run is recorded as failed; rerun to complete it',
    # but the next nightly found 'nothing to audit' and the day's review page and export were never written
    inp = _sample(tmp_path, 60)
    reviews, exports = tmp_path / "reviews", tmp_path / "exports"
    reviews.mkdir()
    page = reviews / "review-2026-11-01.html"
    page.symlink_to(tmp_path / "elsewhere.html")  # refused when the page is written, after the load
    cfg, db = _outputs_config(tmp_path, reviews, exports), tmp_path / "audit.duckdb"
    # both nightlies in this process (as tests/cli/test_hostile_config.py runs one): the test process's local Prefect
    # API starts once, not once per nightly; what is tested is the outputs' failure and the next nightly
    nightly = ["nightly", "--input", str(inp), "--db", str(db), "--config", str(cfg)]
    first = CliRunner().invoke(main, nightly)
    assert first.exit_code == 2, first.output
    assert first.stderr.strip().splitlines()[-1].endswith("(nothing was changed)"), first.stderr
    assert [r[0].split(":")[0] for r in query(db, "SELECT status FROM runs")] == ["failed"]
    page.unlink()
    again = CliRunner().invoke(main, nightly)
    assert again.exit_code == 0, again.output
    assert page.is_file() and not page.is_symlink()
    assert _cli("verify-export", str(exports / "2026-11-01")).returncode == 0
    assert sorted(r[0].split(":")[0] for r in query(db, "SELECT status FROM runs")) == ["completed", "failed"]
    audited, distinct, quarantined = _accounted(db)
    assert audited == distinct and audited + quarantined == 60


def _signalled(proc: subprocess.Popen[str], sig: signal.Signals, after: str, delay: float) -> tuple[int, str]:
    """`sig` sent `delay` s after `proc` logs `after`; its exit code and stderr."""
    seen = _wait_for(proc, after)
    time.sleep(delay)
    proc.send_signal(sig)
    rest = proc.stderr.read() if proc.stderr else ""
    return proc.wait(timeout=120), "".join(seen) + rest


STOPS = {
    signal.SIGTERM: (143, "terminated by SIGTERM", "terminated (SIGTERM)"),
    signal.SIGINT: (130, "interrupted", "interrupted (Ctrl-C / SIGINT)"),
}


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
def test_a_signal_while_a_run_splits_its_input_is_recorded_as_that_signal(tmp_path: Path, sig: signal.Signals) -> None:
    # the split is DuckDB writing each shard's rows (~4 s for 100,000 answers): the run was recorded 'failed:
    # RuntimeError: Query interrupted' and the command said so, exit 1, as if citeaudit had a defect
    one = pq.read_table(next(_sample(tmp_path, 200).glob("*.parquet")))
    ids = one.schema.get_field_index("answer_id")
    big = tmp_path / "big"
    big.mkdir()
    copies = [
        one.set_column(ids, "answer_id", pc.binary_join_element_wise(one["answer_id"], f"-{i}", "")) for i in range(500)
    ]
    pq.write_table(pa.concat_tables(copies), big / "answers.parquet")
    cfg = tmp_path / "five.toml"
    cfg.write_text("[run]\nshard_threads = 1\n")
    db = tmp_path / "audit.duckdb"
    proc = _start("run", "--input", str(big), "--db", str(db), "--config", str(cfg), "--quiet", *DAY)
    code, out = _signalled(proc, sig, "audit.shardplan: shard plan:", 0.5)
    assert "audit.split: split " not in out, "the split had ended: the signal came too late"
    want_code, line, reason = STOPS[sig]
    assert code == want_code, out
    assert out.strip().splitlines()[-1].startswith(f"error: {line}"), out
    assert query(db, "SELECT status FROM runs") == [(f"failed: {reason}",)]


def test_a_load_that_fills_the_disk_says_to_free_space_and_the_rerun_only_loads(tmp_path: Path) -> None:
    # the load's commit failed on the full disk with DuckDB's words alone ('TransactionContext Error: Failed to
    # commit: Could not write file ".../audit.duckdb.wal": File too large'), nothing saying what to do
    import resource
    import shutil

    inp, cfg = _sample(tmp_path, ROWS), _config(tmp_path)
    base, db = tmp_path / "base.duckdb", tmp_path / "audit.duckdb"
    assert _run(inp, base, cfg).returncode == 0
    shutil.copy(base, db)
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    cmd = [sys.executable, "-m", "audit.cli", "run", "--input", str(inp), "--db", str(db), "--config", str(cfg)]
    # files may not grow past 60 KB: the shards' Parquet fits (~20 KB at most), the load's WAL does not (> 100 KB for
    # the day's 60 answers; the limit was 300 KB for a day of 200)
    full = subprocess.run(
        [*cmd, "--quiet", *DAY],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_FSIZE, (60_000, 60_000)),
    )
    assert full.returncode == 2, full.stderr
    [line] = full.stderr.strip().splitlines()
    assert "File too large" in line and "free space" in line and "rerun the same command" in line, line
    statuses = [r[0] for r in query(db, "SELECT status FROM runs ORDER BY started_at")]
    assert statuses[0] == "completed" and statuses[1].startswith("failed: ") and len(statuses) == 2
    assert _tables(db) == _tables(base), "the window keeps its previous rows"
    again = _run(inp, db, cfg)
    assert again.returncode == 0, again.stderr
    assert _tables(db) == _tables(base)
