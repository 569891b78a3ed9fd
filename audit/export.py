"""`citeaudit export`: a period's findings as Parquet or CSV files, the config that produced them, and a manifest
(row counts, SHA-256 of every file, and a digest of the manifest's own content). `audit.verify_export` checks it."""

from __future__ import annotations

import contextlib
import errno
import hashlib
import json
import os
import shutil
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import duckdb

from audit.config import AuditConfig
from audit.csv_safe import defused_query
from audit.errors import DISK_FULL, InputError, shown_if_not_utf8
from audit.model_card import model_fingerprints
from audit.output_file import EXPORT_DIGEST_KEY, EXPORT_MANIFEST, EXPORT_STAGING
from audit.schema import OUTPUT_VERSION, RESULT_TABLES
from audit.sql import READ_WAIT_S
from audit.store import code_version, open_db
from audit.window import Window

MANIFEST_NAME = EXPORT_MANIFEST  # the folder search knows an export by it (audit.output_file.is_export_dir)
CONFIG_NAME = "config.json"
DIGEST_KEY = EXPORT_DIGEST_KEY


def sha256_of(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def manifest_digest(manifest: dict[str, Any]) -> str:
    """SHA-256 of the manifest's content without its own digest (canonical JSON: sorted keys, no spaces)."""
    body = {k: v for k, v in manifest.items() if k != DIGEST_KEY}
    return hashlib.sha256(json.dumps(body, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def export_queries(window: Window) -> dict[str, str]:
    """One query per exported table: rows logged in the window (and the runs that wrote them)."""
    in_window = window.sql("logged_at") or "TRUE"
    queries = {name: f"SELECT * FROM {name} WHERE {in_window} ORDER BY ALL" for name in RESULT_TABLES}
    queries["quarantine"] = f"SELECT * FROM quarantine WHERE logged_at IS NULL OR ({in_window}) ORDER BY ALL"
    queries["unverified_citations"] = f"SELECT * FROM unverified_citations WHERE {in_window} ORDER BY ALL"
    queries["runs"] = (
        "SELECT * FROM runs WHERE run_id IN (SELECT run_id FROM answer_audit WHERE "
        f"{in_window} UNION SELECT run_id FROM quarantine WHERE logged_at IS NULL OR ({in_window})) ORDER BY ALL"
    )
    return queries


def config_document(cfg: AuditConfig, run_config_hashes: list[str]) -> dict[str, Any]:
    """The settings behind the verdicts (thresholds, weights, models and the hashes of their cards); whether they
    are the runs' is null when the period has no runs to compare with (not true)."""
    return {
        "config_hash": cfg.config_hash(),
        "runs_config_hashes": run_config_hashes,
        "matches_runs": all(h == cfg.config_hash() for h in run_config_hashes) if run_config_hashes else None,
        "config": cfg.as_dict(),
        "models": model_fingerprints(cfg),
    }


def export_findings(
    db: str | Path,
    out: str | Path,
    window: Window,
    fmt: str = "parquet",
    cfg: AuditConfig | None = None,
    wait_s: float = READ_WAIT_S,
) -> dict[str, Any]:
    """Write every result table's rows logged in `window`, the `unverified_citations` view, the runs that wrote
    them and the config, then the manifest; returns the manifest. Waits up to `wait_s` for a writer to let go of
    the audit file."""
    if fmt not in ("parquet", "csv"):
        raise ValueError(f"unknown format {fmt!r}")
    cfg = cfg or AuditConfig()
    out_dir = Path(out)
    if (shown := shown_if_not_utf8(out_dir)) is not None:  # the folder was made, then DuckDB's COPY failed "Python
        raise InputError(  # Conversion Failure: cannot encode str as UTF-8", leaving it empty
            f"export folder {shown}: the name is not UTF-8, which DuckDB cannot write to: give --out a UTF-8 name"
        )
    # the database first: a --db that cannot be read (a typo, a damaged or newer file, held past the wait) removed the
    # folder's previous export, and nothing replaced it
    with open_db(db, read_only=True, wait_s=wait_s) as con:
        made = not out_dir.exists()
        _make_dir(out_dir, out_dir, parents=True)  # a file at --out (or above it), no permission
        _refuse_links(out_dir, fmt)
        staging = _fresh_staging(out_dir)
        previous = _previous_export(out_dir)
        _refuse_other_files(out_dir, previous)
        try:
            _make_dir(staging, out_dir)  # no permission to write in the folder
            manifest = _write_export(con, db, staging, window, fmt, cfg)
        except BaseException as exc:  # a half-written export is none; the previous one stays whole (full disk, signal)
            shutil.rmtree(staging, ignore_errors=True)
            if made:  # a folder this export made is not left behind empty
                _remove_if_empty(out_dir)
            if (full := _disk_full(exc)) is not None:
                raise InputError(
                    f"cannot export to {out_dir}: {full} while writing it; free space (or raise the file size limit) "
                    "and run the command again (nothing was changed)"
                ) from None
            raise
    _swap_in(staging, out_dir, previous, manifest)
    return manifest


def _disk_full(exc: BaseException) -> str | None:
    """The system's words when `exc` is a write refused for want of space (the disk, a quota, the file size limit),
    else None. DuckDB's COPY gives them inside its own JSON (`IO Error: Async write failed for range ...: {...
    "Could not write file ...: No space left on device", "errno": "28"}`), which named no remedy."""
    if isinstance(exc, OSError) and exc.errno in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG):
        return exc.strerror or DISK_FULL.pattern
    if isinstance(exc, duckdb.Error) and (found := DISK_FULL.search(str(exc))) is not None:
        return found[0]
    return None


def _remove_if_empty(path: Path) -> None:
    with contextlib.suppress(OSError):  # not empty (someone wrote there meanwhile), or gone: left as it is
        path.rmdir()


def _make_dir(path: Path, out_dir: Path, parents: bool = False) -> None:
    """`path` made (the export folder, or its staging folder), or one line naming the export folder and why not."""
    try:
        path.mkdir(parents=parents, exist_ok=parents)
    except OSError as exc:
        raise InputError(f"cannot export to {out_dir} ({exc.filename}: {exc.strerror})") from None


def _fresh_staging(out_dir: Path) -> Path:
    """The folder the export is written into before it is renamed into `out_dir` (so a failure mid-write, a full disk
    or a signal, leaves the previous export whole; the input search never reads it: `is_export_dir`), with what an
    export killed mid-write left there removed (ours by its name)."""
    staging = out_dir / EXPORT_STAGING
    if staging.is_symlink() or staging.is_file():
        staging.unlink()
    else:
        shutil.rmtree(staging, ignore_errors=True)
    return staging


def _swap_in(staging: Path, out_dir: Path, previous: list[str], manifest: dict[str, Any]) -> None:
    """The staged export moved into its folder by renames (no byte written, so no full disk can stop it): its files,
    then the previous export's files it does not replace removed, the manifest last."""
    for name in manifest["files"]:
        os.replace(staging / name, out_dir / name)
    for name in previous:
        if name not in manifest["files"] and name != MANIFEST_NAME:
            (out_dir / name).unlink(missing_ok=True)
    os.replace(staging / MANIFEST_NAME, out_dir / MANIFEST_NAME)
    staging.rmdir()


def written_names(fmt: str) -> list[str]:
    """Every file name an export in `fmt` writes (the folder holds none of them before it starts)."""
    return [f"{name}.{fmt}" for name in export_queries(Window())] + [CONFIG_NAME, MANIFEST_NAME]


def _write_export(
    con: duckdb.DuckDBPyConnection, db: str | Path, out_dir: Path, window: Window, fmt: str, cfg: AuditConfig
) -> dict[str, Any]:
    files: dict[str, dict[str, Any]] = {}
    queries = export_queries(window)
    for name, query in queries.items():
        path = out_dir / f"{name}.{fmt}"
        if fmt == "parquet":
            con.execute(f"COPY ({query}) TO $path (FORMAT parquet, COMPRESSION zstd)", {"path": str(path)})
        else:  # text that would run as a spreadsheet formula gets a leading ' (audit.csv_safe)
            con.execute(f"COPY ({defused_query(con, query)}) TO $path (FORMAT csv, HEADER true)", {"path": str(path)})
        rows = con.execute(f"SELECT count(*) FROM ({query})").fetchall()[0][0]
        files[path.name] = {"table": name, "rows": int(rows), "bytes": path.stat().st_size, "sha256": ""}
    hash_query = f"SELECT DISTINCT config_hash FROM ({queries['runs']}) ORDER BY 1"
    hashes = [r[0] for r in con.execute(hash_query).fetchall()]
    config_path = out_dir / CONFIG_NAME
    config_path.write_text(json.dumps(config_document(cfg, hashes), indent=2, sort_keys=True) + "\n")
    files[CONFIG_NAME] = {"table": None, "rows": None, "bytes": config_path.stat().st_size, "sha256": ""}
    for name, meta in files.items():
        meta["sha256"] = sha256_of(out_dir / name)
    manifest: dict[str, Any] = {
        "exported_at": datetime.now(UTC).isoformat(),
        "database": str(Path(db).resolve()),
        "window": {
            "start": window.start.isoformat() if window.start else None,
            "end": window.end.isoformat() if window.end else None,
        },
        "format": fmt,
        "schema": f"outputs.v{OUTPUT_VERSION}",
        "code_version": code_version(),
        "config_hash": cfg.config_hash(),
        "files": files,
    }
    manifest[DIGEST_KEY] = manifest_digest(manifest)
    (out_dir / MANIFEST_NAME).write_text(json.dumps(manifest, indent=2) + "\n")
    return manifest


def not_a_file(path: Path) -> str | None:
    """Why `path` cannot be a file of an export (a symbolic link, wherever it points, or a folder), or None."""
    if path.is_symlink():
        return "a symbolic link"
    if path.exists() and not path.is_file():
        return "a folder" if path.is_dir() else "not a regular file"
    return None


def _refuse_links(out_dir: Path, fmt: str) -> None:
    """An export writes regular files of its own folder only: a link at a name it writes would be written through,
    to a file outside the folder (config.json and manifest.json were). Refused before anything is changed."""
    for name in written_names(fmt):
        if (what := not_a_file(out_dir / name)) is not None:
            raise InputError(
                f"{out_dir / name} is {what}, and an export writes only regular files of its own folder: remove it "
                "or export into another folder (nothing was changed)"
            )


def _previous_export(out_dir: Path) -> list[str]:
    """Re-exporting into a folder replaces the files of the export that is there (and nothing else): the names an
    export writes that a citeaudit manifest lists, and the manifest. A folder with another manifest.json is refused,
    untouched."""
    old = out_dir / MANIFEST_NAME
    if not old.is_file():
        return []
    try:
        manifest = json.loads(old.read_text())
        ours = isinstance(manifest, dict) and DIGEST_KEY in manifest and isinstance(manifest.get("files"), dict)
    except (OSError, ValueError, RecursionError):  # RecursionError: [[[[...]]]] nested too deeply
        ours = False
    if not ours:
        raise InputError(
            f"{old} is not a citeaudit export's manifest, and an export would replace it: export into another "
            "folder, or remove it if it is yours to drop (nothing was changed)"
        )
    ours_names = {f"{name}.{fmt}" for name in export_queries(Window()) for fmt in ("parquet", "csv")} | {CONFIG_NAME}
    return [name for name in manifest["files"] if name in ours_names] + [MANIFEST_NAME]


def _refuse_other_files(out_dir: Path, previous: list[str]) -> None:
    """An export is every file of its folder (`verify-export` lists any other as not in the manifest): a folder
    holding files besides a previous export's is refused before anything is changed."""
    present = sorted(str(p.relative_to(out_dir)) for p in out_dir.rglob("*") if p.is_file() or p.is_symlink())
    other = [name for name in present if name not in previous]
    if other:
        more = f" and {len(other) - 1} more" if len(other) > 1 else ""
        raise InputError(
            f"{out_dir} holds files that are not an export's ({other[0]}{more}), and an export is every file of its "
            "folder (verify-export would fail it): export into a new or empty folder (nothing was changed)"
        )
