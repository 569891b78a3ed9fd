"""Nothing lost in the incremental nightly: a log file that arrives late, or grows, after its day was audited puts the
day back in the plan (real Parquet, DuckDB, Prefect flow runs and model; no mocks)."""

from __future__ import annotations

import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import duckdb
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq
import pytest
from flow_helpers import DAY1, DAY2, completed_runs

from audit.config import load_config
from audit.late import LatePlan, late_inputs
from audit.store import open_db
from flows.nightly import incremental_plan, nightly_audit

REPO = Path(__file__).resolve().parents[2]
TABLES = {  # a day's rows without run ids and without the input file's path (these logs sit elsewhere than baseline's)
    "answer_audit": "* EXCLUDE (run_id, source_file)",
    "citation_audit": "* EXCLUDE (run_id)",
    "uncited_claims": "* EXCLUDE (run_id)",
    "quarantine": r"answer_id, logged_at, field, regexp_replace(reason, '\S*\.parquet', 'FILE', 'g')",  # duplicate of
}


def day_rows(db: Path | str, day: Any) -> dict[str, list[tuple[Any, ...]]]:
    con = duckdb.connect(str(db), read_only=True)
    try:
        con.execute("SET TimeZone = 'UTC'")
        out = {}
        for table, cols in TABLES.items():
            rows = con.execute(
                f"SELECT {cols} FROM {table} WHERE CAST(logged_at AS DATE) = ? ORDER BY ALL", [day]
            ).fetchall()
            out[table] = [tuple(round(v, 5) if isinstance(v, float) else v for v in r) for r in rows]
        return out
    finally:
        con.close()


def _read(folder: Path) -> pa.Table:
    return pa.concat_tables(pq.read_table(f) for f in sorted(folder.rglob("*.parquet")))


def _late_half(table: pa.Table) -> pa.Table:
    """The rows of DAY1 logged after its noon (UTC): what a logger delivers late."""
    day = pc.cast(table["logged_at"], pa.date32())
    return table.filter(
        pc.and_(pc.equal(day, pa.scalar(DAY1, pa.date32())), pc.greater_equal(pc.hour(table["logged_at"]), 12))
    )


def _without(table: pa.Table, rows: pa.Table) -> pa.Table:
    ids = set(zip(rows["answer_id"].to_pylist(), rows["logged_at"].to_pylist(), strict=True))
    keep = [
        (a, t) not in ids for a, t in zip(table["answer_id"].to_pylist(), table["logged_at"].to_pylist(), strict=True)
    ]
    return table.filter(pa.array(keep))


def _cli(args: list[str], api_url: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PREFECT_API_URL": api_url, "PYTHONPATH": str(REPO)}
    cmd = [str(Path(sys.executable).parent / "citeaudit"), *args]
    return subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=600, cwd=REPO)


def _recorded_mtimes(db: Path, path: Path) -> set[int]:
    con = duckdb.connect(str(db), read_only=True)
    try:
        return {r[0] for r in con.execute("SELECT mtime_ns FROM run_inputs WHERE path = ?", [str(path)]).fetchall()}
    finally:
        con.close()


def test_a_late_file_for_an_audited_day_is_audited_by_the_next_nightly(
    baseline: dict[str, Any], warm_db: Path, logs: Path, tmp_path: Path, prefect_harness: str, caplog: Any
) -> None:
    folder = tmp_path / "logs"
    shutil.copytree(logs, folder)
    day1_file = next((folder / f"date={DAY1}").glob("*.parquet"))
    whole = pq.read_table(day1_file)
    late = _late_half(whole)
    assert 0 < late.num_rows < whole.num_rows
    pq.write_table(_without(whole, late), day1_file)  # the night's file lacks the afternoon
    first = nightly_audit(input=str(folder), db=str(warm_db))
    assert [s["day"] for s in first] == [DAY1.isoformat(), DAY2.isoformat()]
    assert day_rows(warm_db, DAY1) != day_rows(baseline["db"], DAY1)  # the late answers are not there yet
    cfg = load_config(None)

    # an unchanged folder plans nothing; a file touched (same bytes, new mtime) is no change, and its new mtime is
    # recorded so the next nightly does not read it again
    assert incremental_plan(str(folder), str(warm_db), cfg) == {}
    day2_file = next((folder / f"date={DAY2}").glob("*.parquet"))
    st = day2_file.stat()
    os.utime(day2_file, ns=(st.st_atime_ns, st.st_mtime_ns + 5_000_000_000))
    assert incremental_plan(str(folder), str(warm_db), cfg) == {}
    assert _recorded_mtimes(warm_db, day2_file.resolve()) == {st.st_mtime_ns + 5_000_000_000}

    # the afternoon arrives a day later, as a file of its own: the next nightly audits DAY1 again, says why, and the
    # day's rows are the rows of the whole day, each once
    pq.write_table(late, day1_file.parent / "late.parquet")
    res = _cli(["nightly", "--input", str(folder), "--db", str(warm_db)], prefect_harness)
    assert res.returncode == 0, res.stderr[-3000:]
    assert f"{DAY1}: audited again, new input file date={DAY1}/late.parquet" in res.stdout
    assert [r[0] for r in completed_runs(warm_db)] == [DAY1, DAY1, DAY2]  # DAY2 is not audited again
    for day in (DAY1, DAY2):
        assert day_rows(warm_db, day) == day_rows(baseline["db"], day)
    assert incremental_plan(str(folder), str(warm_db), cfg) == {}  # and then nothing more to do

    # a file gone keeps the rows audited from it: the day is not audited again on that account...
    (day1_file.parent / "late.parquet").unlink()
    assert incremental_plan(str(folder), str(warm_db), cfg) == {}
    assert day_rows(warm_db, DAY1) == day_rows(baseline["db"], DAY1)
    # ...nor when a new file would have it audited again (its rows would go): one warning line says what to do
    pq.write_table(late.slice(0, 1), day1_file.parent / "later.parquet")
    with caplog.at_level(logging.WARNING):
        assert incremental_plan(str(folder), str(warm_db), cfg) == {}
    assert (
        f"{DAY1}: not audited again, though new input file date={DAY1}/later.parquet: date={DAY1}/late.parquet, "
        "which its last audit read, is gone and a re-audit would drop its rows; restore it, or audit the day again "
        "with --day"
    ) in caplog.text


def test_an_appended_file_has_its_days_audited_again(
    baseline: dict[str, Any], warm_db: Path, logs: Path, tmp_path: Path
) -> None:
    # one log file for everything, rewritten with more rows (Parquet cannot be appended to in place)
    whole = _read(logs)
    late = _late_half(whole)
    log_file = tmp_path / "answers.parquet"
    pq.write_table(_without(whole, late), log_file)
    assert [s["day"] for s in nightly_audit(input=str(log_file), db=str(warm_db))] == [str(DAY1), str(DAY2)]
    pq.write_table(pa.concat_tables([_without(whole, late), late]), log_file)
    again = nightly_audit(input=str(log_file), db=str(warm_db))
    # only the day whose rows in the file changed: DAY2's rows are the ones its audit read
    assert [(s["day"], s["why"]) for s in again] == [
        (str(DAY1), f"{DAY1}: audited again, input file {log_file} changed since its audit"),
    ]
    for day in (DAY1, DAY2):
        assert day_rows(warm_db, day) == day_rows(baseline["db"], day)
    assert nightly_audit(input=str(log_file), db=str(warm_db)) == []


def test_a_late_file_of_a_day_never_audited_below_the_watermark_is_audited(
    warm_db: Path, logs: Path, tmp_path: Path
) -> None:
    # DAY1's file came after DAY2 was audited: the watermark had passed DAY1, which no run audited
    folder = tmp_path / "logs"
    shutil.copytree(logs, folder)
    held_back = tmp_path / "day1"
    shutil.move(folder / f"date={DAY1}", held_back)
    assert [s["day"] for s in nightly_audit(input=str(folder), db=str(warm_db))] == [str(DAY2)]
    shutil.move(held_back, folder / f"date={DAY1}")
    name = next((folder / f"date={DAY1}").glob("*.parquet")).name
    picked = nightly_audit(input=str(folder), db=str(warm_db))
    assert [(s["day"], s["why"]) for s in picked] == [
        (str(DAY1), f"{DAY1}: audited (no run had audited it), new input file date={DAY1}/{name}")
    ]


def test_an_audit_file_from_before_inputs_were_recorded_gets_a_baseline_then_late_files_count(
    logs: Path, tmp_path: Path
) -> None:
    # a v3 file written before `run_inputs` existed: it gains the table when next written; its audited days have no
    # record of their inputs, so the first nightly records the files as it finds them (the baseline) and audits none
    # again (no re-audit of every day on upgrade); a file that comes later counts against that baseline
    from audit.late import BASELINE, record_plan
    from audit.window import Window

    folder = tmp_path / "logs"
    folder.mkdir()
    shutil.copy(next((logs / f"date={DAY1}").glob("*.parquet")), folder / "day1.parquet")
    db = tmp_path / "old.duckdb"
    w = Window.for_day(DAY1)
    with open_db(db) as con:
        con.execute(
            "INSERT INTO runs (run_id, started_at, window_start, window_end, input, config_hash, code_version, "
            "status) VALUES ('r1', ?, ?, ?, 'x', 'h', 'v', 'completed')",
            [w.end, w.start, w.end],
        )
        con.execute("DROP TABLE run_inputs")
    files = [str((folder / "day1.parquet").resolve())]
    first = late_inputs(db, files, None, DAY2, set(), folder)
    assert first.again == {} and [(f.path, [d.day for d in f.days]) for f in first.baseline] == [(files[0], [DAY1])]
    with open_db(db) as con:  # the nightly's write: the table made, the baseline recorded
        record_plan(con, first)
        assert con.execute("SELECT run_id, path FROM run_inputs").fetchall() == [(BASELINE, files[0])]
    assert late_inputs(db, files, None, DAY2, set(), folder) == LatePlan()  # nothing changed since
    shutil.copy(folder / "day1.parquet", folder / "late.parquet")
    later = late_inputs(db, [*files, str((folder / "late.parquet").resolve())], None, DAY2, set(), folder)
    assert later.again == {DAY1: f"{DAY1}: audited again, new input file late.parquet"}


@pytest.mark.parametrize("planned", [set(), {DAY1}], ids=["late_day", "already_planned"])
def test_a_day_already_in_the_plan_is_not_given_twice(logs: Path, tmp_path: Path, planned: set[Any]) -> None:
    from audit.late import FileDay, InputFile
    from audit.store import RunRecord, _write_inputs, _write_run
    from audit.window import Window

    day1 = logs
    logs = tmp_path / "answers.parquet"
    shutil.copy(next((day1 / f"date={DAY1}").glob("*.parquet")), logs)  # a log of DAY1's answers
    db = tmp_path / "a.duckdb"
    w = Window.for_day(DAY1)
    other = InputFile(str(tmp_path / "gone-elsewhere.parquet"), 1, 1, (FileDay(DAY2, 1, 0),))  # no row of DAY1
    run = RunRecord("r1", w.end, w, str(tmp_path), "h", "m", inputs=(other,))
    with open_db(db) as con:
        _write_run(con, run, "completed", None)
        _write_inputs(con, run)
    late = late_inputs(db, [str(logs.resolve())], None, DAY2, planned, tmp_path)
    assert late.again == ({} if planned else {DAY1: f"{DAY1}: audited again, new input file answers.parquet"})


def test_a_file_gone_while_the_run_plans_is_one_error_naming_it(tmp_path: Path) -> None:
    from audit.errors import InputError
    from audit.late import input_files
    from audit.sql import connect
    from audit.window import Window

    gone = str(tmp_path / "gone.parquet")
    with connect() as con, pytest.raises(InputError, match=f"input file {gone}: No such file or directory"):
        input_files([gone], [], Window.for_day(DAY1), None, con)


def test_a_late_log_of_a_day_first_audited_without_data_is_audited(logs: Path, tmp_path: Path) -> None:
    # reliability round 7: the first nightly of a new audit file ran before the day's log arrived (0 read, completed),
    # the next day's nightly audited its day; the late log then arrived, and no nightly ever audited it ("nothing to
    # audit", checked through the real `citeaudit nightly`: 214 of 400 answers in the file): the run that read
    # nothing recorded no input, so it was taken for a run from before inputs were recorded, and the files as the
    # next nightly found them, the late log among them, became the baseline of what had been read
    from audit.counts import AnswerCounts
    from audit.late import FileDay, InputFile
    from audit.store import RunRecord, _write_inputs, _write_run
    from audit.window import Window

    folder = tmp_path / "logs"
    folder.mkdir()
    day1 = folder / "day1.parquet"
    shutil.copy(next((logs / f"date={DAY1}").glob("*.parquet")), day1)
    st = day1.stat()
    db = tmp_path / "a.duckdb"
    w1, w2 = Window.for_day(DAY1), Window.for_day(DAY2)
    empty = RunRecord("r0", w2.end, w2, str(folder), "h", "m")  # DAY2 audited before its log arrived
    read = InputFile(str(day1.resolve()), st.st_size, st.st_mtime_ns, (FileDay(DAY1, 214, 0),))
    full = RunRecord("r1", w2.end + (w2.end - w2.start), w1, str(folder), "h", "m", inputs=(read,))
    with open_db(db) as con:
        for run, counts in ((empty, AnswerCounts(0, 0, 0)), (full, AnswerCounts(214, 208, 6))):
            _write_run(con, run, "completed", counts)
            _write_inputs(con, run)
    shutil.copy(next((logs / f"date={DAY2}").glob("*.parquet")), folder / "day2.parquet")  # the late log
    files = [str(day1.resolve()), str((folder / "day2.parquet").resolve())]
    late = late_inputs(db, files, None, DAY2, set(), folder)
    assert late.again == {DAY2: f"{DAY2}: audited again, new input file day2.parquet"}, late
