"""The incremental plan (audit.schedule), the cron deployment, and the flow commands' CLI."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pytest
from click.testing import CliRunner
from flow_helpers import DAY1, DAY2

from audit.cli import main
from audit.errors import ConfigError
from audit.schedule import data_days, day_range, first_data_day, last_completed_day, pending_days, previous_day
from audit.store import open_db


def test_previous_day_is_utc() -> None:
    assert previous_day(datetime(2026, 11, 3, 0, 30, tzinfo=UTC)) == date(2026, 11, 2)
    # 01:30 on Nov 3 in UTC+2 is still Nov 2 in UTC
    assert previous_day(datetime(2026, 11, 3, 1, 30, tzinfo=UTC) + timedelta(hours=0)) == date(2026, 11, 2)
    east = datetime.fromisoformat("2026-11-03T01:30:00+02:00")
    assert previous_day(east) == date(2026, 11, 1)
    assert previous_day(datetime(2026, 11, 3, 12)) == date(2026, 11, 2)  # naive = UTC


def test_day_range() -> None:
    assert day_range(DAY1, DAY2) == [DAY1, DAY2]
    assert day_range(DAY1, DAY1) == [DAY1]
    with pytest.raises(ConfigError):
        day_range(DAY2, DAY1)


def _record(db: Path, day: date, status: str, days: int = 1) -> None:
    con = open_db(db)
    try:
        start = datetime(day.year, day.month, day.day, tzinfo=UTC)
        con.execute(
            "INSERT INTO runs (run_id, started_at, window_start, window_end, input, config_hash, code_version, status)"
            " VALUES (?, ?, ?, ?, 'x', 'h', 'v', ?)",
            [f"r-{day}-{status}-{days}", start + timedelta(days=days), start, start + timedelta(days=days), status],
        )
    finally:
        con.close()


def test_pending_days_from_watermark(tmp_path: Path) -> None:
    db = tmp_path / "a.duckdb"
    now = datetime(2026, 11, 5, 2, 0, tzinfo=UTC)
    assert last_completed_day(db) is None
    assert pending_days(db, now, None) == []  # no watermark, no data
    assert pending_days(db, now, DAY1) == [DAY1, DAY2, date(2026, 11, 3), date(2026, 11, 4)]
    _record(db, DAY2, "completed")
    _record(db, date(2026, 11, 3), "failed: boom")  # a failed run does not move the watermark
    _record(db, date(2026, 11, 1), "completed", days=7)  # nor does a window that is not one day
    assert last_completed_day(db) == DAY2
    assert pending_days(db, now, DAY1) == [date(2026, 11, 3), date(2026, 11, 4)]
    _record(db, date(2026, 11, 4), "completed")
    assert pending_days(db, now, DAY1) == []


def test_a_day_that_did_not_complete_below_the_watermark_is_audited_again_after_the_new_days(tmp_path: Path) -> None:
    # a day killed mid-way (left `running`) or failed, then a later day audited by hand (`nightly --day`): the
    # watermark passed it, and the incremental nightly said 'nothing to audit: every day with data up to yesterday
    # (UTC) is completed', the day's rows never audited
    db = tmp_path / "a.duckdb"
    now = datetime(2026, 11, 4, 2, 0, tzinfo=UTC)
    _record(db, DAY1, "running")
    _record(db, date(2026, 10, 30), "failed: boom")
    _record(db, DAY2, "completed")
    # the new days first: a day that keeps failing does not hold them back
    assert pending_days(db, now, DAY1) == [date(2026, 11, 3), date(2026, 10, 30), DAY1]
    _record(db, date(2026, 10, 30), "completed")
    _record(db, DAY1, "completed", days=7)  # a completed run of a window covering the day audited it too
    assert pending_days(db, now, DAY1) == [date(2026, 11, 3)]


def test_nothing_to_audit_names_the_watermark_not_every_day_completed(tmp_path: Path) -> None:
    # `nightly --day` of DAY2, then the incremental nightly: DAY1 has data and was never audited, and the plan (every
    # day after the last completed one) is rightly empty; the line said 'every day with data up to yesterday (UTC)
    # is completed', which DAY1 is not
    from audit.cli.flows import nothing_to_audit

    db = tmp_path / "a.duckdb"
    assert nothing_to_audit(str(db)) == f"nothing to audit: no day with data up to yesterday (UTC) in {db}"
    _record(db, DAY2, "completed")
    text = nothing_to_audit(str(db))
    assert "is completed" not in text
    assert f"after the last completed one ({DAY2})" in text and str(db) in text
    assert "citeaudit nightly --day" in text and "backfill" in text


def test_a_day_audited_before_it_ended_is_no_watermark(tmp_path: Path) -> None:
    db = tmp_path / "a.duckdb"
    _record(db, DAY1, "completed")
    con = open_db(db)
    try:  # a run of DAY2 that started at noon on DAY2 (its rows after noon never read), and one of a day far ahead
        for day, started in [(DAY2, datetime(2026, 11, 2, 12, tzinfo=UTC)), (date(2999, 1, 1), datetime.now(UTC))]:
            start = datetime(day.year, day.month, day.day, tzinfo=UTC)
            con.execute(
                "INSERT INTO runs (run_id, started_at, window_start, window_end, input, config_hash, code_version, "
                "status) VALUES (?, ?, ?, ?, 'x', 'h', 'v', 'completed')",
                [f"early-{day}", started, start, start + timedelta(days=1)],
            )
    finally:
        con.close()
    assert last_completed_day(db) == DAY1


def test_data_days(logs: Path) -> None:
    files = sorted(str(p) for p in logs.rglob("*.parquet"))
    assert first_data_day(files) == DAY1
    assert data_days(files) == [DAY1, DAY2]
    assert data_days(files, start=DAY2, end=date(2026, 11, 9)) == [DAY2]
    assert data_days(files, start=date(2026, 11, 3), end=date(2026, 11, 9)) == []


def test_deployment_has_configured_cron(tmp_path: Path) -> None:
    from flows.deploy import nightly_deployment

    default = nightly_deployment()
    assert default.schedules[0].schedule.cron == "0 2 * * *"
    assert default.schedules[0].schedule.timezone == "UTC"

    dep = nightly_deployment(
        name="nightly",
        cron="30 3 * * *",
        timezone="Europe/Berlin",
        input="/data/logs",
        db="/data/audit.duckdb",
        dask_address="tcp://10.0.0.5:8786",
        config=None,
    )
    assert dep.name == "nightly"
    assert dep.schedules[0].schedule.cron == "30 3 * * *"
    assert dep.schedules[0].schedule.timezone == "Europe/Berlin"
    assert dep.parameters == {"input": "/data/logs", "db": "/data/audit.duckdb", "dask_address": "tcp://10.0.0.5:8786"}
    assert dep.entrypoint == "flows.nightly.nightly_audit"


@pytest.mark.parametrize("command", ["nightly", "backfill", "serve"])
def test_cli_help(command: str) -> None:
    res = CliRunner().invoke(main, [command, "--help"])
    assert res.exit_code == 0, res.output
    assert "--dask-address" in res.output and "--input" in res.output


def test_cli_bad_day_is_one_line_error(tmp_path: Path) -> None:
    res = CliRunner().invoke(main, ["nightly", "--day", "2026-13-01", "--db", str(tmp_path / "a.duckdb")])
    assert res.exit_code == 2
    assert "not a day" in res.output
    res = CliRunner().invoke(main, ["backfill", "--start", "2026-11-05", "--end", "2026-11-01"])
    assert res.exit_code == 2
    assert "after end" in res.output


def test_serve_builds_deployment_from_config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from flows.runtime import build_deployment

    monkeypatch.chdir(tmp_path)
    cfg_file = tmp_path / "c.toml"
    cfg_file.write_text('[run]\ncron = "15 4 * * *"\ntimezone = "America/New_York"\ndask_address = "tcp://h:8786"\n')
    dep = build_deployment("logs/*.parquet", "out/audit.duckdb", str(cfg_file))
    assert dep.schedules[0].schedule.cron == "15 4 * * *"
    assert dep.schedules[0].schedule.timezone == "America/New_York"
    # served runs do not share the caller's working directory: paths are absolute
    assert dep.parameters["input"] == str(tmp_path / "logs/*.parquet")
    assert dep.parameters["db"] == str(tmp_path / "out/audit.duckdb")
    assert dep.parameters["config"] == str(cfg_file)
    assert "day" not in dep.parameters  # scheduled runs are incremental
    assert build_deployment("x", "y.duckdb", None, cron="0 5 * * 1").schedules[0].schedule.cron == "0 5 * * 1"


@pytest.mark.parametrize("command", ["nightly", "backfill"])
def test_a_flow_without_input_says_it_audits_the_bundled_sample(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: str
) -> None:
    # `--input` defaults to data/sample: a user who forgot it (with --db of their own audit) got the sample audited
    # into their results without a word; here the folder is missing, so the line comes before the error
    monkeypatch.chdir(tmp_path)
    days = ["--day", "2026-11-01"] if command == "nightly" else ["--start", "2026-11-01", "--end", "2026-11-01"]
    res = CliRunner().invoke(main, [command, "--db", str(tmp_path / "a.duckdb"), *days])
    assert "no --input given: auditing the bundled sample logs (data/sample)" in res.output
    assert res.exit_code == 2 and "data/sample" in res.output.split("no --input given")[1].split("\n", 1)[1]
    res = CliRunner().invoke(main, [command, "--input", "data/sample", "--db", str(tmp_path / "a.duckdb"), *days])
    assert res.exit_code == 2 and "no --input given" not in res.output


@pytest.mark.parametrize("command", ["nightly", "backfill"])
def test_cli_broken_input_file_fails_before_the_flow(tmp_path: Path, command: str) -> None:
    broken = tmp_path / "logs" / "broken.parquet"
    broken.parent.mkdir()
    broken.write_text("not parquet")
    days = ["--day", "2026-11-01"] if command == "nightly" else ["--start", "2026-11-01", "--end", "2026-11-01"]
    res = CliRunner().invoke(main, [command, "--input", str(broken.parent), "--db", str(tmp_path / "a.duckdb"), *days])
    assert res.exit_code == 2
    assert "broken.parquet: not a readable Parquet file" in res.output
    assert "Traceback" not in res.output
    assert not (tmp_path / "a.duckdb").exists()


def test_the_watermark_of_a_database_from_a_newer_citeaudit_says_to_upgrade(tmp_path: Path) -> None:
    # the incremental nightly read `runs` of a file written by a newer citeaudit as if it were this version's: a
    # column it had renamed ended in DuckDB's binder error (exit 1) before the write refused the file
    import duckdb

    from audit.errors import InputError

    db = tmp_path / "a.duckdb"
    _record(db, DAY1, "completed")
    con = duckdb.connect(str(db))
    con.execute("UPDATE schema_version SET version = 4 WHERE name = 'outputs'")
    con.execute("ALTER TABLE runs RENAME COLUMN status TO state")
    con.close()
    with pytest.raises(InputError, match=r"outputs v4 is newer than this citeaudit \(v3\): upgrade citeaudit"):
        last_completed_day(db)


def test_a_database_without_runs_has_no_watermark_and_no_unfinished_day(tmp_path: Path) -> None:
    # a DuckDB file with no `runs` table (another tool's, or one whose first run never got that far): read as none
    import duckdb

    from audit.schedule import unfinished_days

    db = tmp_path / "a.duckdb"
    duckdb.connect(str(db)).close()
    assert db.exists()
    assert last_completed_day(db) is None and unfinished_days(db) == []
    assert unfinished_days(tmp_path / "none.duckdb") == []
    now = datetime(2026, 11, 5, 2, 0, tzinfo=UTC)
    assert pending_days(db, now, DAY1) == [DAY1, DAY2, date(2026, 11, 3), date(2026, 11, 4)]
