"""Late inputs: the audited days whose logs changed after their audit, so the incremental nightly audits them again.

A run records the input files it read rows of its window from (`InputFile`: path, size, mtime, SHA-256 and every day
the file holds) in `run_inputs`, in its load's transaction. The nightly compares the files at `--input` with the latest
completed run of each audited day: a file holding rows of the day that this run did not read (a file that arrived
late) or read in another version (appended, rewritten) puts the day back in the plan. An unchanged folder costs a
`stat` per file: a file is hashed only when its size matches a recorded version and its mtime does not (touched, or
rewritten to the same size), and its `logged_at` column is scanned only when it is new or changed. A file that is gone
changes nothing: the rows audited from it stay (see `LatePlan`).
"""

from __future__ import annotations

import hashlib
import os
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import duckdb

from audit.errors import InputError, one_line
from audit.ingest import check_files, column_expr, describe_files, scan_sql
from audit.sql import READ_WAIT_S, connect
from audit.window import Window


@dataclass(frozen=True)
class InputFile:
    """One input file as a run found it: `sha256` is None when the file changed while it was read."""

    path: str
    size_bytes: int
    mtime_ns: int
    sha256: str | None
    days: tuple[date, ...]


_DIGESTS: dict[tuple[str, int, int], str] = {}  # (path, size, mtime_ns) -> SHA-256: a backfill hashes a file once


def _stat(path: str) -> os.stat_result:
    try:
        return os.stat(path)
    except OSError as exc:  # gone or unreadable since it was discovered: one line naming it, not a traceback
        raise InputError(f"input file {path}: {exc.strerror}: it changed while the audit looked at it") from None


def file_sha256(path: str, st: os.stat_result) -> str | None:
    """The file's SHA-256, or None when its size or mtime moved while it was read (a writer still at it)."""
    key = (path, st.st_size, st.st_mtime_ns)
    if key not in _DIGESTS:
        try:
            with open(path, "rb") as f:
                digest = hashlib.file_digest(f, "sha256").hexdigest()
        except OSError as exc:
            raise InputError(f"cannot read input file {path}: {exc.strerror}") from None
        after = _stat(path)
        if (after.st_size, after.st_mtime_ns) != (st.st_size, st.st_mtime_ns):
            return None
        _DIGESTS[key] = digest
    return _DIGESTS[key]


def days_by_file(
    files: list[str], mapping: dict[str, str] | None, con: duckdb.DuckDBPyConnection, window: Window | None = None
) -> dict[str, tuple[date, ...]]:
    """Every UTC day each file holds a row of, read from its `logged_at` column alone (the audit's own scan), for the
    files that hold a row of `window` (as the audit reads it: a row without a usable timestamp counts too)."""
    if not files:
        return {}
    mapping = mapping or {}
    col = column_expr("logged_at", mapping, check_files(files, mapping))
    every = scan_sql(files, Window(), col)
    query = (
        "SELECT source_file, list(DISTINCT CAST(logged_at AS DATE) ORDER BY CAST(logged_at AS DATE)) "
        f"FILTER (WHERE logged_at IS NOT NULL) FROM ({every})"
    )
    if window is not None and window.sql("logged_at") is not None:
        query += f" WHERE source_file IN (SELECT source_file FROM ({scan_sql(files, window, col)}))"
    try:
        rows = con.execute(query + " GROUP BY source_file").fetchall()
    except duckdb.Error as exc:
        raise InputError(f"cannot scan logged_at in {describe_files(files)}: {one_line(str(exc))}") from None
    return {str(r[0]): tuple(r[1] or ()) for r in rows}


def input_files(
    logs: list[str], files: list[str], window: Window, mapping: dict[str, str] | None, con: duckdb.DuckDBPyConnection
) -> tuple[InputFile, ...]:
    """The logs (`logs`, read as `files`: a log that is no UTF-8 through its readable copy, whose rows name the log)
    holding rows of `window`, as a run records them. Each is stat'ed before it is read: a file that grows during the
    run is recorded as it was, so the next nightly finds it changed."""
    stats = {f: _stat(f) for f in logs}
    held = days_by_file(files, mapping, con, window)
    return tuple(
        InputFile(f, st.st_size, st.st_mtime_ns, file_sha256(f, st), held[f])
        for f, st in sorted(stats.items())
        if f in held
    )


@dataclass(frozen=True)
class LatePlan:
    """Days to audit because their inputs changed since their audit (`again`: day -> why), days left as they are
    although they changed, because a file their audit read is gone and a re-audit would drop its rows (`held`: day ->
    why), files found touched but unchanged (same size and SHA-256), whose new mtime is worth recording, and the
    files to record as the baseline of the days audited before runs recorded their inputs (`record_plan`)."""

    again: dict[date, str] = field(default_factory=dict)
    held: dict[date, str] = field(default_factory=dict)
    touched: list[tuple[str, int, int, str]] = field(default_factory=list)
    baseline: list[InputFile] = field(default_factory=list)


# every completed run (its window, start, and whether it recorded its inputs), and the inputs recorded
_RUNS = """
SELECT run_id, window_start, window_end, started_at,
       run_id IN (SELECT run_id FROM run_inputs) AS recorded
FROM runs WHERE status = 'completed' ORDER BY started_at
"""
_RUNS_BEFORE = "SELECT run_id, window_start, window_end, started_at, false FROM runs WHERE status = 'completed'"
_INPUTS = "SELECT run_id, path, size_bytes, mtime_ns, sha256, days FROM run_inputs"


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


def _same(now: InputFile | None, then: InputFile) -> bool:
    """Whether a file now (its recorded version, None when new or changed) is the version a run read."""
    if now is None or now.size_bytes != then.size_bytes:
        return False
    return now.mtime_ns == then.mtime_ns or (now.sha256 is not None and now.sha256 == then.sha256)


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
            rec = InputFile(rest[0], rest[1], rest[2], rest[3], tuple(rest[4]))
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
        return LatePlan(baseline=[InputFile(f, st.st_size, st.st_mtime_ns, None, held[f]) for f, st in stats.items()])
    versions = {(r.path, r.size_bytes, r.mtime_ns): r for r in every}
    by_size: dict[tuple[str, int], list[InputFile]] = defaultdict(list)
    for r in every:
        by_size[(r.path, r.size_bytes)].append(r)
    plan = LatePlan()
    now: dict[str, InputFile | None] = {}  # path -> its recorded version, or None when new or changed
    for f in files:
        st = _stat(f)
        rec = versions.get((f, st.st_size, st.st_mtime_ns))
        if rec is None and any(r.sha256 for r in by_size.get((f, st.st_size), ())):
            sha = file_sha256(f, st)  # touched, or rewritten to the same size: the bytes tell
            rec = next((r for r in by_size[(f, st.st_size)] if sha is not None and r.sha256 == sha), None)
            if rec is not None and sha is not None:
                plan.touched.append((f, st.st_size, st.st_mtime_ns, sha))
        now[f] = rec
    unseen = [f for f, rec in now.items() if rec is None]
    scanned: dict[str, tuple[date, ...]] = {}
    if unseen:  # an unchanged folder opens no database for it (~13 ms of CPU each)
        with connect() as con:
            scanned = days_by_file(unseen, mapping, con)
    days_now = {f: (rec.days if rec is not None else scanned.get(f, ())) for f, rec in now.items()}
    _compare(plan, runs, by_run, now, days_now, end, planned, shown, {r.path for r in every})
    return plan


def _compare(
    plan: LatePlan,
    runs: list[_Run],
    by_run: dict[str, list[InputFile]],
    now: dict[str, InputFile | None],
    days_now: dict[str, tuple[date, ...]],
    end: date,
    planned: set[date],
    shown: Path | None,
    known: set[str],
) -> None:
    audited = sorted({d for r in runs if (d := _one_day(r)) is not None})
    for day in (d for d in audited if d <= end and d not in planned):
        last = max((r for r in runs if r.covers(day)), key=lambda r: r.started_at)
        read = {r.path: r for r in by_run[last.run_id if last.recorded else BASELINE] if day in r.days}
        new = [f for f, ds in days_now.items() if day in ds and f not in read]
        changed = [f for f, ds in days_now.items() if day in ds and f in read and not _same(now[f], read[f])]
        gone = [f for f in read if f not in now]
        if not new and not changed:
            continue
        why = _why(new, changed, shown)
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
    for f, rec in now.items():
        if rec is None and f not in known:
            for d in days_now[f]:
                if d <= end and d not in planned and not any(r.covers(d) for r in runs):
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
    nightly does not hash them again), and the baseline of an audit file from before runs recorded their inputs."""
    for path, size, mtime_ns, sha in plan.touched:
        con.execute(
            "UPDATE run_inputs SET mtime_ns = $mtime WHERE path = $path AND size_bytes = $size AND sha256 = $sha",
            {"mtime": mtime_ns, "path": path, "size": size, "sha": sha},
        )
    if plan.baseline:
        con.executemany(
            "INSERT INTO run_inputs VALUES (?, ?, ?, ?, ?, ?)",
            [[BASELINE, f.path, f.size_bytes, f.mtime_ns, f.sha256, list(f.days)] for f in plan.baseline],
        )
