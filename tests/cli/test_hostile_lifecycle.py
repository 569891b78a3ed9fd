"""The lifecycle sweep: runs started twice at once, killed (-9) mid-way, rerun over a work dir a crash left, on a
database they cannot write; each through the real `citeaudit` command on real Parquet and DuckDB files. Nothing is
lost, nothing counted twice, and `runs` tells what happened (docs/hostile-inputs.md, 'The lifecycle sweep')."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
from click.testing import CliRunner

from audit.cli import main
from audit.contract import answers_schema
from audit.sample.generate import main as generate_main
from tests.conftest import REPO, make_answer, query

CTX = [{"doc_id": "d1", "chunk_id": "c1", "title": "T", "page": 1, "text": "Refunds take 30 days."}]
DAY = ("--since", "2026-11-01", "--until", "2026-11-02")
# a day of the generator's answers: 60 make 6 shards under `_config` (a test kills a run once 3 are written), each
# shard's set-up (~1 CPU s) the most of a run's cost; 200 (20 shards) checked the same at three times the cost
ROWS = 60


def _cli(*args: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    return subprocess.run(
        [sys.executable, "-m", "audit.cli", *args], env=env, capture_output=True, text=True, timeout=timeout
    )


def _start(*args: str) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    return subprocess.Popen(
        [sys.executable, "-m", "audit.cli", "-v", *args],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )


def _sample(root: Path, rows: int) -> Path:
    """The generator's answers over one day (2026-11-01), planted faults included: `python -m audit.sample.generate
    --out root/in --rows N --days 1`, called in this process (the generator is not what these tests test)."""
    out = root / "in"
    generate_main(["--out", str(out), "--rows", str(rows), "--days", "1"])
    return out


def _config(root: Path, **run: object) -> Path:
    """Many small shards, one at a time: a run spends seconds in its shard phase."""
    settings = {"shard_seconds": 0.2, "shard_threads": 1, **run}
    path = root / "citeaudit.toml"
    path.write_text("[run]\n" + "".join(f"{k} = {v!r}\n" for k, v in settings.items()))
    return path


def _wait_for(proc: subprocess.Popen[str], text: str) -> list[str]:
    """stderr lines of `proc` up to the first holding `text` (the process is then in that phase)."""
    assert proc.stderr is not None
    seen = []
    for line in proc.stderr:
        seen.append(line)
        if text in line:
            return seen
    raise AssertionError(f"{text!r} never logged:\n{''.join(seen)}")


def _tables(db: Path) -> dict[str, list[tuple]]:
    """Every result table's rows (and the embeddings stored) without the run ids, in one order."""
    tables = ("answer_audit", "citation_audit", "uncited_claims", "quarantine")
    rows = {t: query(db, f"SELECT * EXCLUDE (run_id) FROM {t} ORDER BY ALL") for t in tables}
    return rows | {"embedding_cache": query(db, "SELECT model, content_hash FROM embedding_cache ORDER BY ALL")}


def _run(inp: Path, db: Path, cfg: Path, *more: str) -> subprocess.CompletedProcess[str]:
    return _cli("run", "--input", str(inp), "--db", str(db), "--config", str(cfg), "--quiet", *DAY, *more)


def _killed_in_the_shard_phase(inp: Path, db: Path, cfg: Path, shards_done: int) -> Path:
    """`citeaudit run` killed (-9) once `shards_done` shards are written; its work dir."""
    proc = _start("run", "--input", str(inp), "--db", str(db), "--config", str(cfg), "--quiet", *DAY)
    seen = []
    for _ in range(shards_done + 1):  # a shard logs `read N answers` as it starts: the ones before it are written
        seen += _wait_for(proc, "audit.ingest: read ")
    proc.send_signal(signal.SIGKILL)
    assert proc.wait(timeout=60) == -signal.SIGKILL
    [work] = (db.parent / ".citeaudit-work").glob("run-*")
    assert len(list(work.glob("shard-*/_manifest.json"))) >= shards_done, "".join(seen)
    return work


def _accounted(db: Path) -> tuple[int, int, int]:
    """Answers stored, distinct answer ids among them, quarantined rows."""
    audited, distinct = query(db, "SELECT count(*), count(DISTINCT answer_id) FROM answer_audit")[0]
    return audited, distinct, query(db, "SELECT count(*) FROM quarantine")[0][0]


def test_a_second_run_of_the_same_window_while_one_is_running_is_refused_and_the_first_completes(
    tmp_path: Path,
) -> None:
    # both claimed the same work dir: the second reused the first's finished shards, and whichever loaded first
    # removed the dir under the other, which failed with 'shard results incomplete (no _manifest.json): <15 paths>'
    # (or the first did, after the second had audited half the day again)
    # the first run is stopped (SIGSTOP) in its shard phase while the second starts, so the two overlap on a busy
    # machine as on an idle one, whatever the day's size (it was a 600-answer day, sized for the overlap)
    inp, cfg, db = _sample(tmp_path, ROWS), _config(tmp_path), tmp_path / "audit.duckdb"
    first = _start("run", "--input", str(inp), "--db", str(db), "--config", str(cfg), "--quiet", *DAY)
    try:
        _wait_for(first, "audit.ingest: read ")  # auditing its shards: its work dir is claimed
        first.send_signal(signal.SIGSTOP)
        second = _cli("run", "--input", str(inp), "--db", str(db), "--config", str(cfg), "--quiet", *DAY)
        assert first.poll() is None, "the first run ended before the second was refused"
    finally:
        first.send_signal(signal.SIGCONT)
        rest = first.stderr.read() if first.stderr else ""
        assert first.wait(timeout=300) == 0, rest
    assert second.returncode == 2, second.stderr
    line = second.stderr.strip().splitlines()[-1]
    assert line.startswith("error: another citeaudit (pid ") and "is auditing the same window" in line, line
    assert "Traceback" not in second.stderr
    statuses = sorted(r[0] for r in query(db, "SELECT status FROM runs"))
    assert statuses[0] == "completed" and statuses[1].startswith("failed: ") and len(statuses) == 2
    audited, distinct, quarantined = _accounted(db)
    read = query(db, "SELECT answers_read FROM runs WHERE status = 'completed'")[0][0]
    assert audited == distinct and audited + quarantined == read == ROWS


def test_a_run_killed_mid_shards_whose_work_dir_was_damaged_reruns_to_the_uninterrupted_tables(tmp_path: Path) -> None:
    # a finished shard folder whose Parquet was cut short (a full disk, a crash of the machine before the page cache
    # reached the disk) was reused as finished: every rerun failed on 'No magic bytes found at end of file', for
    # good, until someone deleted the work dir by hand
    inp, cfg = _sample(tmp_path, ROWS), _config(tmp_path)
    base, db = tmp_path / "base.duckdb", tmp_path / "audit.duckdb"
    # the uninterrupted reference, audited in this process (a process of its own is not what is tested here)
    args = ["run", "--input", str(inp), "--db", str(base), "--config", str(cfg), "--quiet", *DAY]
    uninterrupted = CliRunner().invoke(main, args)
    assert uninterrupted.exit_code == 0, uninterrupted.output
    work = _killed_in_the_shard_phase(inp, db, cfg, shards_done=3)
    assert [r[0] for r in query(db, "SELECT status FROM runs")] == ["running"]
    shards = sorted(work.glob("shard-*"))
    cut = shards[0] / "citation_audit.parquet"
    cut.write_bytes(cut.read_bytes()[:100])  # a manifest, and a Parquet file cut short
    (shards[1] / "_manifest.json").unlink()  # half written: no manifest
    (shards[2] / "_manifest.json").write_text('{"shard": ')  # a manifest cut short
    done = _run(inp, db, cfg)
    assert done.returncode == 0, done.stderr
    assert _tables(db) == _tables(base)
    assert sorted(r[0] for r in query(db, "SELECT status FROM runs")) == ["abandoned", "completed"]
    assert not work.exists()


def test_a_nightly_killed_mid_day_leaves_no_prefect_server_behind_and_the_next_nightly_completes_the_day(
    tmp_path: Path,
) -> None:
    # the local Prefect API the command starts is a process of its own: a nightly killed by -9 (the OOM killer, a
    # scheduler's hard stop) left it serving on its port for good, ~150 MB a killed night
    import psutil

    inp, cfg, db = _sample(tmp_path, ROWS), _config(tmp_path), tmp_path / "audit.duckdb"
    env = {**os.environ, "PYTHONPATH": str(REPO), "PREFECT_API_URL": ""}
    cmd = [
        sys.executable,
        "-m",
        "audit.cli",
        "-v",
        "nightly",
        "--input",
        str(inp),
        "--db",
        str(db),
        "--config",
        str(cfg),
    ]
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        _wait_for(proc, "audit.ingest: read ")  # a shard of 2026-11-01 is being audited
        servers = [p for p in psutil.Process(proc.pid).children(recursive=True) if "uvicorn" in " ".join(p.cmdline())]
        assert servers, "no local Prefect API found"
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=60)
    _gone, alive = psutil.wait_procs(servers, timeout=30)
    for p in alive:
        p.kill()
    assert not alive, f"the local Prefect API outlived its command: {[p.pid for p in alive]}"
    assert [r[0] for r in query(db, "SELECT status FROM runs")] == ["running"]
    done = _cli("nightly", "--input", str(inp), "--db", str(db), "--config", str(cfg))
    assert done.returncode == 0, done.stderr
    statuses = query(db, "SELECT CAST(window_start AS DATE)::VARCHAR, status FROM runs ORDER BY started_at")
    assert statuses == [("2026-11-01", "abandoned"), ("2026-11-01", "completed")]
    audited, distinct, quarantined = _accounted(db)
    assert audited == distinct and audited + quarantined == ROWS


def test_a_run_killed_mid_way_is_abandoned_once_a_run_of_a_window_covering_it_completes(tmp_path: Path) -> None:
    # only a completed run of the very same window marked it: a day's run killed by -9 and then audited by a run of
    # the week (or of everything) stayed `running` for good, a run that no process was running
    inp, cfg, db = _sample(tmp_path, ROWS), _config(tmp_path), tmp_path / "audit.duckdb"
    _killed_in_the_shard_phase(inp, db, cfg, shards_done=1)
    done = _cli("run", "--input", str(inp), "--db", str(db), "--config", str(cfg), "--quiet", "--since", "2026-10-01")
    assert done.returncode == 0, done.stderr
    assert sorted(r[0] for r in query(db, "SELECT status FROM runs")) == ["abandoned", "completed"]


def test_a_new_audit_file_whose_creation_stopped_half_way_is_created_again(tmp_path: Path) -> None:
    # the tables were made one statement after another: a first run killed among them (~45 ms on a new file) left
    # schema_version, runs and two result tables, which every later command read as an outputs v1 file and refused
    # ('not a citeaudit audit database: migrating it from outputs v1 failed'), for good
    db = tmp_path / "audit.duckdb"
    stop = (
        "import sys, audit.store as s; ddl = s.output_ddl(); "
        "s.output_ddl = lambda: ';\\n'.join(ddl.split(';\\n')[:4]) + ';\\nSELECT error(\\'stopped here\\');'; "
        "s.open_db(sys.argv[1])"
    )
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    stopped = subprocess.run([sys.executable, "-c", stop, str(db)], env=env, capture_output=True, text=True)
    assert "stopped here" in stopped.stderr
    rows = [make_answer("a1", "Refunds take 30 days [1].", CTX)]
    pq.write_table(pa.Table.from_pylist(rows, schema=answers_schema()), tmp_path / "answers.parquet")
    done = _cli("run", "--input", str(tmp_path / "answers.parquet"), "--db", str(db), "--quiet")
    assert done.returncode == 0, done.stderr
    assert query(db, "SELECT status, answers_audited FROM runs") == [("completed", 1)]
