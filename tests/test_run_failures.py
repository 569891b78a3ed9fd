"""A run that cannot finish says so in `runs`, keeps what it finished, and leaves nothing stale behind."""

from __future__ import annotations

import signal
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import duckdb
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from audit.config import AuditConfig, RunConfig
from audit.errors import DatabaseLocked
from audit.runner import run_audit, work_root
from audit.window import Window
from audit.workdir import OWNER
from tests.conftest import make_answer

CTX = [{"doc_id": "d1", "chunk_id": "c1", "title": "T", "page": 1, "text": "Refunds take 30 days."}]
HOLD = (
    "import duckdb, sys, time; c = duckdb.connect(sys.argv[1], read_only=True); "
    "print('held', flush=True); time.sleep(float(sys.argv[2]))"
)


def _rows(n: int = 3) -> list[dict]:
    return [
        make_answer(f"a{i}", "Refunds take 30 days [1].", CTX, logged_at=datetime(2026, 11, 1, 9, i, tzinfo=UTC))
        for i in range(n)
    ]


def _statuses(db: Path) -> list[str]:
    con = duckdb.connect(str(db), read_only=True)
    try:
        return [r[0] for r in con.execute("SELECT status FROM runs ORDER BY started_at").fetchall()]
    finally:
        con.close()


def _hold(db: Path, seconds: float) -> subprocess.Popen[str]:
    """Another process reading the audit file (a shared lock no writer can pass) for `seconds`."""
    proc = subprocess.Popen([sys.executable, "-c", HOLD, str(db), str(seconds)], stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None and proc.stdout.readline().strip() == "held"
    return proc


def test_ctrl_c_leaves_a_failed_run(write_answers, tmp_path, scorer):
    db = tmp_path / "audit.duckdb"

    def interrupt(_n: int) -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_audit(str(write_answers(_rows())), db, Window(), AuditConfig(), progress=interrupt, scorer=scorer)
    assert _statuses(db) == ["failed: interrupted (Ctrl-C / SIGINT)"]


def test_a_reader_holding_the_db_at_load_is_waited_for(write_answers, tmp_path, scorer):
    db = tmp_path / "audit.duckdb"
    holders: list[subprocess.Popen[str]] = []

    def hold_once(_n: int) -> None:  # a reader arrives while the shards are audited, and leaves 2 s later
        if not holders:
            holders.append(_hold(db, 2))

    cfg = AuditConfig(run=RunConfig(lock_wait_seconds=60))
    summary = run_audit(str(write_answers(_rows())), db, Window(), cfg, progress=hold_once, scorer=scorer)
    holders[0].wait()
    assert summary.counts.answers_audited == 3
    assert _statuses(db) == ["completed"]


def test_a_db_locked_past_the_wait_fails_clearly_and_the_rerun_only_loads(write_answers, tmp_path, scorer):
    db = tmp_path / "audit.duckdb"
    inp = str(write_answers(_rows()))
    holders: list[subprocess.Popen[str]] = []

    def hold_once(_n: int) -> None:
        if not holders:
            holders.append(_hold(db, 30))

    cfg = AuditConfig(run=RunConfig(lock_wait_seconds=1))
    try:
        with pytest.raises(DatabaseLocked, match=r"held by another process.*Finished shards are kept in .*rerun"):
            run_audit(inp, db, Window(), cfg, progress=hold_once, scorer=scorer)
    finally:
        holders[0].kill()
        holders[0].wait()
    kept = list(work_root(db).glob("run-*/shard-*/_manifest.json"))
    assert len(kept) == 1
    # the failure could not be written while the file was held: the run stays visible as `running`
    assert _statuses(db) == ["running"]

    class NoScoring:  # the rerun must not audit again: any scoring call fails the test
        def __getattr__(self, name: str) -> object:
            raise AssertionError(f"rerun scored again ({name})")

    summary = run_audit(inp, db, Window(), cfg, scorer=NoScoring())  # type: ignore[arg-type]
    assert summary.counts.answers_audited == 3
    assert sorted(_statuses(db)) == ["abandoned", "completed"]
    assert not list(work_root(db).iterdir())


def test_a_rerun_does_not_read_the_kept_work_dir_of_a_database_inside_its_input_folder(tmp_path, scorer):
    """`--input logs/ --db logs/audit.duckdb`: the work dir (`logs/.citeaudit-work`) of a run that could not load
    keeps the shards' split copies of the rows; the rerun read them as more logs (it stopped on the shard
    assignment file, 'required column answer_id is missing', and would have read each answer twice)."""
    from audit.contract import answers_schema

    logs = tmp_path / "logs"
    logs.mkdir()
    pq.write_table(pa.Table.from_pylist(_rows(2), schema=answers_schema()), logs / "answers.parquet")
    db = logs / "audit.duckdb"
    holders: list[subprocess.Popen[str]] = []

    def hold_once(_n: int) -> None:
        if not holders:
            holders.append(_hold(db, 30))

    cfg = AuditConfig(run=RunConfig(lock_wait_seconds=1, shard_seconds=0.0001, shard_threads=1))
    try:
        with pytest.raises(DatabaseLocked):
            run_audit(str(logs), db, Window(), cfg, progress=hold_once, scorer=scorer)
    finally:
        holders[0].kill()
        holders[0].wait()
    assert list(work_root(db).glob("run-*/input/**/*.parquet"))  # the kept split input lies under logs/
    summary = run_audit(str(logs), db, Window(), cfg, scorer=scorer)
    assert (summary.counts.answers_read, summary.counts.answers_audited) == (2, 2)


def test_work_dirs_of_dead_runs_are_removed_by_the_next_run(write_answers, tmp_path, scorer):
    db = tmp_path / "audit.duckdb"
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    stale = work_root(db) / "run-0123456789abcdef"
    (stale / "shard-00000-of-00001").mkdir(parents=True)
    (stale / OWNER).write_text(dead.stdout.strip())
    run_audit(str(write_answers(_rows(1))), db, Window(), AuditConfig(), scorer=scorer)
    assert not stale.exists()


def test_sigterm_mid_run_leaves_a_failed_run_and_the_rerun_completes_it(tmp_path):
    # a scheduler stopping the job (SIGTERM) used to kill the process at once: no message, the run left `running`
    inp, db = tmp_path / "in", tmp_path / "audit.duckdb"
    # 400 answers: the signal comes as the first shard starts (its log line, not a time), so any day with a shard to
    # audit is in the shard phase then; 2000 only made the rerun five times as long
    subprocess.run([sys.executable, "-m", "audit.sample.generate", "--out", str(inp), "--rows", "400"], check=True)
    proc = subprocess.Popen(
        [sys.executable, "-m", "audit.cli", "-v", "run", "--input", str(inp), "--db", str(db)],
        stderr=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        text=True,
    )
    assert proc.stderr is not None
    seen = []
    for line in proc.stderr:  # wait until shards are being audited
        seen.append(line)
        if "read " in line and "answers:" in line:
            break
    proc.send_signal(signal.SIGTERM)
    rest = proc.stderr.read()
    assert proc.wait(timeout=300) == 143, "".join(seen) + rest
    assert rest.strip().splitlines()[-1] == (
        "error: terminated by SIGTERM (the run is recorded as failed; rerun to complete it)"
    )
    assert "Traceback" not in rest
    assert _statuses(db) == ["failed: terminated (SIGTERM)"]
    done = subprocess.run(
        [sys.executable, "-m", "audit.cli", "run", "--input", str(inp), "--db", str(db), "--quiet"],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    con = duckdb.connect(str(db), read_only=True)
    try:
        audited, distinct = con.execute("SELECT count(*), count(DISTINCT answer_id) FROM answer_audit").fetchall()[0]
        quarantined = con.execute("SELECT count(*) FROM quarantine").fetchall()[0][0]
    finally:
        con.close()
    assert audited == distinct and audited + quarantined == 400  # nothing lost, nothing twice


def test_a_failure_is_recorded_as_one_bounded_line(write_answers, tmp_path, scorer):
    """`runs.status` held DuckDB's whole multi-line text (`LINE 1:` and the query, carets): its first line now."""
    db = tmp_path / "audit.duckdb"

    def fail(_n: int) -> None:
        raise RuntimeError("Binder Error: column x not found\n\nLINE 1: SELECT x FROM t\n               ^")

    with pytest.raises(RuntimeError):
        run_audit(str(write_answers(_rows())), db, Window(), AuditConfig(), progress=fail, scorer=scorer)
    assert _statuses(db) == ["failed: RuntimeError: Binder Error: column x not found"]

    def fail_long(_n: int) -> None:
        raise RuntimeError("y" * 5000)

    with pytest.raises(RuntimeError):
        run_audit(str(write_answers(_rows())), db, Window(), AuditConfig(), progress=fail_long, scorer=scorer)
    assert _statuses(db)[-1] == "failed: " + ("RuntimeError: " + "y" * 5000)[:500]


def test_an_answer_the_audit_breaks_on_is_quarantined_and_the_run_goes_on(tmp_path: Path, monkeypatch) -> None:
    # a row no check foresaw can still meet a defect (a `ſeptember` date raised KeyError in the key-fact code and
    # stopped the whole run); planted here: the claim locator raises on one answer of three
    from click.testing import CliRunner

    import audit.assess
    from audit.cli import main
    from audit.contract import answers_schema

    real = audit.assess.claim_for

    def breaks_on_boom(cite, text, *args, **kwargs):
        if "BOOM" in text:
            raise KeyError("ſep")
        return real(cite, text, *args, **kwargs)

    monkeypatch.setattr(audit.assess, "claim_for", breaks_on_boom)
    rows = _rows(3)
    rows[1]["answer"] = "Refunds take 30 days BOOM [1]."
    inp, db = tmp_path / "answers.parquet", tmp_path / "audit.duckdb"
    pq.write_table(pa.Table.from_pylist(rows, schema=answers_schema()), inp)
    res = CliRunner().invoke(main, ["run", "--input", str(inp), "--db", str(db), "--quiet"])
    assert res.exit_code == 0 and "Traceback" not in res.output, res.output
    con = duckdb.connect(str(db), read_only=True)
    try:
        counts = con.execute("SELECT answers_read, answers_audited, answers_quarantined, status FROM runs").fetchall()
        quarantined = con.execute("SELECT row_ref, answer_id, field, reason FROM quarantine").fetchall()
        audited = con.execute("SELECT answer_id FROM answer_audit ORDER BY 1").fetchall()
    finally:
        con.close()
    assert counts == [(3, 2, 1, "completed")]
    assert audited == [("a0",), ("a2",)]
    ((row_ref, answer_id, field, reason),) = quarantined
    assert row_ref.endswith("answers.parquet:1") and answer_id == "a1" and field == "answer", quarantined
    assert reason.startswith("could not be audited: KeyError") and "please report" in reason, reason


def test_when_no_answer_of_a_batch_can_be_audited_the_run_stops(tmp_path: Path, monkeypatch) -> None:
    # every answer failing is no row's fault (a model that cannot run): quarantining them all would hide it
    from click.testing import CliRunner

    import audit.assess
    from audit.cli import main
    from audit.contract import answers_schema

    def always_breaks(*args, **kwargs):
        raise RuntimeError("planted: the verifier cannot run")

    monkeypatch.setattr(audit.assess, "claim_for", always_breaks)
    inp, db = tmp_path / "answers.parquet", tmp_path / "audit.duckdb"
    pq.write_table(pa.Table.from_pylist(_rows(3), schema=answers_schema()), inp)
    res = CliRunner().invoke(main, ["run", "--input", str(inp), "--db", str(db), "--quiet"])
    assert res.exit_code != 0 and "planted: the verifier cannot run" in res.output, res.output
    assert "Traceback" not in res.output, res.output
    assert [s.split(":")[0] for s in _statuses(db)] == ["failed"]


def _run_planted(tmp_path: Path, monkeypatch, rows: list[dict], fault, config: str = "") -> tuple[Any, list[tuple]]:
    """`citeaudit run` on `rows` with `fault(cite, text)` planted in the claim locator; its result and `runs`."""
    from click.testing import CliRunner

    import audit.assess
    from audit.cli import main
    from audit.contract import answers_schema

    real = audit.assess.claim_for

    def planted(cite, text, *args, **kwargs):
        fault(cite, text)
        return real(cite, text, *args, **kwargs)

    monkeypatch.setattr(audit.assess, "claim_for", planted)
    inp, db, toml = tmp_path / "answers.parquet", tmp_path / "audit.duckdb", tmp_path / "citeaudit.toml"
    toml.write_text(config)
    pq.write_table(pa.Table.from_pylist(rows, schema=answers_schema()), inp)
    res = CliRunner().invoke(main, ["run", "--input", str(inp), "--db", str(db), "--quiet", "--config", str(toml)])
    con = duckdb.connect(str(db), read_only=True)
    try:
        runs = con.execute("SELECT answers_read, answers_audited, answers_quarantined, status FROM runs").fetchall()
    finally:
        con.close()
    return res, runs


def _systemic(_cite: Any, _text: str) -> None:
    raise RuntimeError("planted: the verifier cannot run")


def _on_boom(_cite: Any, text: str) -> None:
    if "BOOM" in text:
        raise KeyError("ſep")


@pytest.mark.parametrize(("n", "config"), [(3, "[run]\nbatch_answers = 1\n"), (3, "[run]\nshard_rows = 1\n"), (1, "")])
def test_a_fault_no_answer_escapes_stops_the_run_whatever_the_batch_size(tmp_path, monkeypatch, n, config) -> None:
    # batches of one answer (`batch_answers = 1`, `shard_rows = 1`, a log of one answer): a verifier that cannot run
    # quarantined every answer one by one and the run `completed`, exit 0, nothing audited
    res, runs = _run_planted(tmp_path, monkeypatch, _rows(n), _systemic, config)
    assert res.exit_code != 0 and "planted: the verifier cannot run" in res.output, (res.output, runs)
    assert [r[3].split(":")[0] for r in runs] == ["failed"], runs


def test_a_batch_whose_every_answer_breaks_the_audit_is_quarantined_when_the_audit_still_runs(
    tmp_path, monkeypatch
) -> None:
    # a log of two answers both meeting the same defect (two `ſeptember` pages): each breaks the audit, which still
    # audits a sound answer; the row's fault, not the run's: quarantined, not a stopped run
    rows = _rows(2)
    for row in rows:
        row["answer"] = "Refunds take 30 days BOOM [1]."
    res, runs = _run_planted(tmp_path, monkeypatch, rows, _on_boom)
    assert res.exit_code == 0, res.output
    assert runs == [(2, 0, 2, "completed")], runs


def test_start_run_writes_the_running_row_while_it_plans(write_answers, tmp_path):
    """Steps 1 and 2 at once (the running row in a thread while the shards are planned, on the serial start of every
    run): both done when it returns, as begin_run then plan_run left them."""
    from audit.runner import finish_run, start_run

    cfg, db = AuditConfig(run=RunConfig(shard_seconds=1e-4)), tmp_path / "audit.duckdb"
    _run, plan = start_run(db, str(write_answers(_rows(6))), Window(), cfg)
    assert _statuses(db) == ["running"] and plan.rows == 6 and len(plan.shards) > 1
    assert all(Path(str(s.split)).is_dir() for s in plan.shards) and plan.work.parent == work_root(db)
    finish_run(plan)


def test_start_run_records_a_plan_that_fails_and_a_database_it_cannot_write_leaves_no_work_dir(write_answers, tmp_path):
    from audit.errors import InputError
    from audit.runner import start_run

    cfg = AuditConfig(run=RunConfig(shard_seconds=1e-4, lock_wait_seconds=0.0))
    broken = tmp_path / "logs" / "broken.parquet"
    broken.parent.mkdir()
    broken.write_bytes(b"PAR1 not a parquet file PAR1")
    db = tmp_path / "audit.duckdb"
    with pytest.raises(InputError):
        start_run(db, str(broken), Window(), cfg)
    assert len(_statuses(db)) == 1 and _statuses(db)[0].startswith("failed: ")  # the plan's failure, recorded
    garbage = tmp_path / "other" / "audit.duckdb"
    garbage.parent.mkdir()
    garbage.write_bytes(b"not a duckdb file" * 100)
    with pytest.raises(InputError, match="audit database"):
        start_run(garbage, str(write_answers(_rows(6))), Window(), cfg)
    assert not [d for d in work_root(garbage).iterdir() if d.name.startswith("run-")]  # the plan it made: gone


def test_a_work_dir_on_a_file_system_without_locks_is_used_unguarded(tmp_path, monkeypatch, caplog):
    """flock on an NFS mount without lockd fails with ENOLCK: the run goes on as before the guard, with a warning."""
    import errno

    import audit.workdir as workdir

    def no_locks(fd: int, op: int) -> None:
        raise OSError(errno.ENOLCK, "No locks available")

    monkeypatch.setattr(workdir.fcntl, "flock", no_locks)
    work = workdir.claim_work_dir(tmp_path / "work", "run-0123456789abcdef")
    assert work.is_dir() and "cannot be locked" in caplog.text
    workdir.release_work_dir(work)
