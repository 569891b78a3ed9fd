"""Late inputs: the audited days whose logs changed after their audit, so the incremental nightly audits them again.

A run records the input files it read rows of its window from (`InputFile`: path, size, mtime, and for every day the
file holds its rows' count and a digest of their `answer_id` and `logged_at`) in `run_inputs`, in its load's
transaction. The nightly compares the files at `--input` with the latest completed run of each audited day: a file
holding rows of the day that this run did not read (a file that arrived late), or whose rows of the day are not the
ones it read (appended to, rewritten), puts the day back in the plan; a file appended with rows of other days leaves
the day alone. An unchanged folder costs a `stat` per file: only a file whose size or mtime moved is scanned, and only
its `logged_at` and `answer_id` columns; one that is only touched (its days as recorded) gets its new mtime recorded.
A file that is gone changes nothing: the rows audited from it stay (see `LatePlan`).
"""

from __future__ import annotations

import os
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

import duckdb

from audit.errors import InputError, one_line
from audit.ingest import check_files, column_expr, describe_files, scan_sql
from audit.sql import READ_WAIT_S, connect
from audit.window import Window


@dataclass(frozen=True)
class FileDay:
    """A file's rows of one UTC day: how many, and the bit-xor of hash(answer_id, logged_at) over them."""

    day: date
    answers: int
    digest: int


@dataclass(frozen=True)
class InputFile:
    """One input file as a run found it (stat'ed before it was read: a file growing meanwhile reads as changed)."""

    path: str
    size_bytes: int
    mtime_ns: int
    days: tuple[FileDay, ...]

    def holds(self, day: date) -> FileDay | None:
        return next((d for d in self.days if d.day == day), None)


def _stat(path: str) -> os.stat_result:
    try:
        return os.stat(path)
    except OSError as exc:  # gone or unreadable since it was discovered: one line naming it, not a traceback
        raise InputError(f"input file {path}: {exc.strerror}: it changed while the audit looked at it") from None


# per file, per UTC day of `logged_at`: the rows and their digest (rows without a usable timestamp are on no day)
_DAYS = """
SELECT source_file, list({{'day': day, 'answers': n, 'digest': digest}} ORDER BY day) FILTER (WHERE day IS NOT NULL)
FROM (
    SELECT source_file, CAST(logged_at AS DATE) AS day, count(*) AS n, bit_xor(hash(answer_id, logged_at)) AS digest
    FROM ({scan}) GROUP BY ALL
) {where}
GROUP BY source_file
"""


def days_by_file(
    files: list[str], mapping: dict[str, str] | None, con: duckdb.DuckDBPyConnection, window: Window | None = None
) -> dict[str, tuple[FileDay, ...]]:
    """The days each file holds rows of (`FileDay`), read from its `logged_at` and `answer_id` columns alone with the
    audit's own scan; with `window`, only the files holding a row of it (as the audit reads it: a row without a usable
    timestamp counts too)."""
    if not files:
        return {}
    mapping = mapping or {}
    types = check_files(files, mapping)
    cols = f"{column_expr('logged_at', mapping, types)}, {column_expr('answer_id', mapping, types)}"
    where = ""
    if window is not None and window.sql("logged_at") is not None:
        where = f"WHERE source_file IN (SELECT source_file FROM ({scan_sql(files, window, cols)}))"
    try:
        rows = con.execute(_DAYS.format(scan=scan_sql(files, Window(), cols), where=where)).fetchall()
    except duckdb.Error as exc:
        raise InputError(f"cannot scan logged_at in {describe_files(files)}: {one_line(str(exc))}") from None
    return {str(r[0]): _file_days(r[1]) for r in rows}


def _file_days(rows: list[dict[str, Any]] | None) -> tuple[FileDay, ...]:
    return tuple(FileDay(r["day"], r["answers"], r["digest"]) for r in rows or ())


def input_files(
    logs: list[str], files: list[str], window: Window, mapping: dict[str, str] | None, con: duckdb.DuckDBPyConnection
) -> tuple[InputFile, ...]:
    """The logs (`logs`, read as `files`: a log that is no UTF-8 through its readable copy, whose rows name the log)
    holding rows of `window`, as a run records them."""
    stats = {f: _stat(f) for f in logs}
    held = days_by_file(files, mapping, con, window)
    return tuple(InputFile(f, st.st_size, st.st_mtime_ns, held[f]) for f, st in sorted(stats.items()) if f in held)


@dataclass(frozen=True)
class LatePlan:
    """Days to audit because their inputs changed since their audit (`again`: day -> why), days left as they are
    although they changed, because a file their audit read is gone and a re-audit would drop its rows (`held`: day ->
    why), files found touched but unchanged (path, size, recorded mtime, new mtime), whose new mtime is worth
    recording, and the files to record as the baseline of the days audited before runs recorded their inputs."""

    again: dict[date, str] = field(default_factory=dict)
    held: dict[date, str] = field(default_factory=dict)
    touched: list[tuple[str, int, int, int]] = field(default_factory=list)
    baseline: list[InputFile] = field(default_factory=list)


# every completed run (its window, start, and whether it recorded its inputs), and the inputs recorded; a run that
# read no row (a day audited before its logs arrived) recorded none, and is no run from before inputs were recorded:
# taken for one, it made the next nightly take the files as it found them, the late log included, as read
_RUNS = """
SELECT run_id, window_start, window_end, started_at,
       run_id IN (SELECT run_id FROM run_inputs) OR answers_read = 0 AS recorded
FROM runs WHERE status = 'completed' ORDER BY started_at
"""
_RUNS_BEFORE = "SELECT run_id, window_start, window_end, started_at, false FROM runs WHERE status = 'completed'"
_INPUTS = "SELECT run_id, path, size_bytes, mtime_ns, days FROM run_inputs"


@dataclass(frozen=True)
class _Run:
    run_id: str
    start: datetime | None
    end: datetime | None
    started_at: datetime
    recorded: bool

    def covers(self, day: date) -> bool:
        """Whether this run audited `day` whole: its window holds the day and it started after the day had ended."""
        lo = datetime(day.year, day.month, day.day, tzinfo=UTC)
        hi = lo + timedelta(days=1)
        inside = (self.start is None or self.start <= lo) and (self.end is None or self.end >= hi)
        return inside and self.started_at >= hi


def _same_day(now: InputFile, then: InputFile, day: date) -> bool:
    """Whether a file now holds the rows of `day` a run read from it."""
    return (now.size_bytes, now.mtime_ns) == (then.size_bytes, then.mtime_ns) or now.holds(day) == then.holds(day)


def _one_day(run: _Run) -> date | None:
    if run.start is None or run.end is None or run.end - run.start != timedelta(days=1):
        return None
    day = run.start.astimezone(UTC).date()
    return day if datetime(day.year, day.month, day.day, tzinfo=UTC) == run.start and run.covers(day) else None


def _read_records(db: Path) -> tuple[list[_Run], list[InputFile], dict[str, list[InputFile]]]:
    with connect(db, read_only=True, wait_s=READ_WAIT_S) as con:
        tables = {r[0] for r in con.execute("SELECT table_name FROM information_schema.tables").fetchall()}
        if "runs" not in tables:
            return [], [], {}
        if "run_inputs" not in tables:  # a v3 file from before inputs were recorded: gains the table when next written
            return [_Run(*r) for r in con.execute(_RUNS_BEFORE).fetchall()], [], {}
        runs = [_Run(*r) for r in con.execute(_RUNS).fetchall()]
        by_run: dict[str, list[InputFile]] = defaultdict(list)
        every = []
        for run_id, *rest in con.execute(_INPUTS).fetchall():
            rec = InputFile(rest[0], rest[1], rest[2], _file_days(rest[3]))
            by_run[run_id].append(rec)
            every.append(rec)
    return runs, every, by_run


BASELINE = ""  # the run_id of the files as the first nightly after an upgrade found them (see `late_inputs`)


def late_inputs(
    db: str | Path,
    files: list[str],
    mapping: dict[str, str] | None,
    end: date,
    planned: set[date],
    shown: Path | None = None,
) -> LatePlan:
    """The days up to `end` (yesterday) not in `planned` that the nightly should audit because of new or changed
    input files (see the module's docstring); `shown`: the input folder, file names are given relative to it.

    A day audited before runs recorded their inputs (an audit file of an earlier citeaudit) is compared with the
    files as the first nightly since found them: that nightly records them (`LatePlan.baseline`) and compares nothing.
    """
    p = Path(db)
    if not p.exists():
        return LatePlan()
    runs, every, by_run = _read_records(p)
    if not runs:
        return LatePlan()
    first = min((r.started_at for r in runs if r.recorded), default=None)
    legacy = any(not r.recorded and (first is None or r.started_at < first) for r in runs)
    if legacy and BASELINE not in by_run:
        with connect() as con:
            held = days_by_file(files, mapping, con)
        stats = {f: _stat(f) for f in held}
        return LatePlan(baseline=[InputFile(f, st.st_size, st.st_mtime_ns, held[f]) for f, st in stats.items()])
    versions = {(r.path, r.size_bytes, r.mtime_ns): r for r in every}
    plan = LatePlan()
    now: dict[str, InputFile] = {}  # path -> the file as it is: a recorded version, or scanned
    moved = {}
    for f in files:
        st = _stat(f)
        rec = versions.get((f, st.st_size, st.st_mtime_ns))
        if rec is not None:
            now[f] = rec
        else:
            moved[f] = st
    if moved:  # new, changed or touched files: their days read (an unchanged folder opens no database for it)
        with connect() as con:
            scanned = days_by_file(list(moved), mapping, con)
        for f, st in moved.items():
            now[f] = InputFile(f, st.st_size, st.st_mtime_ns, scanned.get(f, ()))
            same = next(
                (r for r in every if r.path == f and r.size_bytes == st.st_size and r.days == now[f].days), None
            )
            if same is not None:  # touched: the same rows, a new mtime
                plan.touched.append((f, st.st_size, same.mtime_ns, st.st_mtime_ns))
    _compare(plan, runs, by_run, now, end, planned, shown, {r.path for r in every})
    return plan


def _compare(
    plan: LatePlan,
    runs: list[_Run],
    by_run: dict[str, list[InputFile]],
    now: dict[str, InputFile],
    end: date,
    planned: set[date],
    shown: Path | None,
    known: set[str],
) -> None:
    last_of: dict[date, _Run] = {}  # each audited day's latest completed one-day run (runs come in start order)
    wider = []  # runs of other windows (`citeaudit run --since/--until`, unbounded): few
    for r in runs:
        one = _one_day(r)
        if one is not None:
            last_of[one] = r
        else:
            wider.append(r)
    holding: dict[date, list[str]] = defaultdict(list)
    for f, file in now.items():
        for held in file.days:
            holding[held.day].append(f)
    for day in sorted(d for d in last_of if d <= end and d not in planned):
        last = max([last_of[day], *(r for r in wider if r.covers(day))], key=lambda r: r.started_at)
        read = {r.path: r for r in by_run[last.run_id if last.recorded else BASELINE] if r.holds(day)}
        new = [f for f in holding[day] if f not in read]
        changed = [f for f in holding[day] if f in read and not _same_day(now[f], read[f], day)]
        if not new and not changed:
            continue  # a file gone, or no longer holding the day's rows, leaves the rows audited from it
        why = _why(new, changed, shown)
        gone = [f for f in read if f not in now]
        if gone:
            plan.held[day] = (
                f"{day}: not audited again, though {why}: {_names(gone, shown)}, which its last audit read, is gone "
                "and a re-audit would drop its rows; restore it, or audit the day again with --day"
            )
        else:
            plan.again[day] = f"{day}: audited again, {why}"
    # a day below the watermark that no completed run audited, held by a file new to the audit file (it arrived after
    # a later day was audited): audited too, rather than left out for good
    fresh = defaultdict(list)
    for f, file in now.items():
        if f not in known:
            for held in file.days:
                d = held.day
                if d <= end and d not in planned and d not in last_of and not any(r.covers(d) for r in wider):
                    fresh[d].append(f)
    for day in sorted(fresh):
        plan.again[day] = f"{day}: audited (no run had audited it), {_why(fresh[day], [], shown)}"


def _name(path: str, shown: Path | None) -> str:
    if shown is not None:
        try:
            return str(Path(path).relative_to(shown))
        except ValueError:
            pass
    return path


def _names(paths: list[str], shown: Path | None, most: int = 3) -> str:
    names = [_name(p, shown) for p in sorted(paths)]
    more = f" and {len(names) - most} more" if len(names) > most else ""
    return ", ".join(names[:most]) + more


def _why(new: list[str], changed: list[str], shown: Path | None) -> str:
    parts = []
    if new:
        parts.append(f"new input file{'s' if len(new) > 1 else ''} {_names(new, shown)}")
    if changed:
        parts.append(f"input file{'s' if len(changed) > 1 else ''} {_names(changed, shown)} changed since its audit")
    return "; ".join(parts)


def record_plan(con: duckdb.DuckDBPyConnection, plan: LatePlan) -> None:
    """Write what the nightly's comparison found worth keeping: the new mtime of files touched but unchanged (the next
    nightly does not scan them again), and the baseline of an audit file from before runs recorded their inputs."""
    for path, size, old, new in plan.touched:
        con.execute(
            "UPDATE run_inputs SET mtime_ns = $new WHERE path = $path AND size_bytes = $size AND mtime_ns = $old",
            {"new": new, "path": path, "size": size, "old": old},
        )
    if plan.baseline:
        insert_inputs(con, BASELINE, plan.baseline)


def insert_inputs(con: duckdb.DuckDBPyConnection, run_id: str, files: tuple[InputFile, ...] | list[InputFile]) -> None:
    """`files` as `run_inputs` rows of `run_id`."""
    if files:
        con.executemany(
            "INSERT INTO run_inputs VALUES (?, ?, ?, ?, ?)",
            [[run_id, f.path, f.size_bytes, f.mtime_ns, [vars(d) for d in f.days]] for f in files],
        )
