"""Shard work dirs: where shards write Parquet before the single load. Reused by a rerun, cleaned when stale.

A work dir is named by what its results depend on (input files with size and mtime, window, config, citeaudit's
version, the support model's digest, the embedding models' stamp (`model_card.models_stamp`), shard plan),
so a run that stopped after its shards (a locked database, a crash at load) is finished by rerunning the same
command: finished shards are only loaded (a finished folder that cannot be read as it is, audited again). A dir
whose owning process is gone and that no rerun reuses is stale and is removed by the next run, even after kill -9.
A run holds its dir with a flock (`_owner.lock`) the system lets go when the process dies: a second run of the same
window and inputs meanwhile is refused (`WorkDirBusy`) instead of sharing, and removing, the first one's shards.
"""

from __future__ import annotations

import errno
import hashlib
import json
import logging
import os
import re
import shutil
import threading
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq

from audit.errors import InputError

try:
    import fcntl
except ImportError:  # pragma: no cover - no flock (Windows): a work dir is then not guarded against a second run
    fcntl = None  # type: ignore[assignment]

log = logging.getLogger(__name__)

OWNER = "_owner.pid"
LOCK = "_owner.lock"  # flock-ed while a run holds the dir: the system lets it go when the process dies, even by kill -9
_HELD: dict[Path, int] = {}  # the work dirs this process holds, and the descriptor of each one's lock
_HELD_LOCK = threading.Lock()
# the folders citeaudit makes under a work root: a run's (`run-<key>`, a nightly day's `YYYY-MM-DD-run-<key>`) and
# the UTF-8 repairs' (`utf8-<pid>`, `audit.encoding`); nothing else there is citeaudit's to remove
WORK_DIR_NAME = re.compile(r"(\d{4}-\d{2}-\d{2}-)?run-[0-9a-f]{16}|utf8-\d+")


def work_key(files: list[str], label: str, config_hash: str, contexts: list[str], shards: int) -> str:
    """A content key of the run's inputs and plan: equal keys mean equal shard results."""
    stats = []
    for f in [*files, *contexts]:
        try:
            st = os.stat(f)
            stats.append((f, st.st_size, st.st_mtime_ns))
        except OSError:
            stats.append((f, -1, -1))
    doc = json.dumps([stats, label, config_hash, len(contexts), shards])
    return hashlib.sha256(doc.encode()).hexdigest()[:16]


class WorkDirBusy(InputError):
    """Another live process is auditing the same window of the same inputs into this work dir."""


def claim_work_dir(root: Path, name: str) -> Path:
    """`root/name`, created or reused, owned by this process; stale dirs of dead processes removed first. A dir
    another live process holds (a second run of the same window and inputs) is refused: both wrote the same shard
    folders, and the first to load removed the dir under the other."""
    try:
        root.mkdir(parents=True, exist_ok=True)
        clean_stale(root, keep=name)
        work = root / name
        work.mkdir(exist_ok=True)
        _lock(work)
        (work / OWNER).write_text(str(os.getpid()))
    except OSError as exc:  # a file at --work-dir (or above it), no permission, no space
        if exc.errno in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG):  # a write, which names no file ("None: ...")
            raise InputError(
                f"cannot use {root} as the work dir ({exc.strerror}): free space there (or raise the file size "
                "limit), or give the work dir another folder (nightly, backfill and serve take --work-dir)"
            ) from None
        raise InputError(
            f"cannot use {root} as the work dir ({exc.filename}: {exc.strerror}): make it a folder citeaudit may "
            "write in (by default <db folder>/.citeaudit-work; nightly, backfill and serve take --work-dir)"
        ) from None
    return work


def _lock(work: Path) -> None:
    """Hold `work` for this process (again, when it already does: a retried task, the next night of `serve`)."""
    if fcntl is None:
        return
    key = work.resolve()
    with _HELD_LOCK:
        if key in _HELD:
            return
        fd = os.open(key / LOCK, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            owner = work / OWNER
            pid = owner.read_text().strip() if owner.is_file() else "?"
            raise WorkDirBusy(
                f"another citeaudit (pid {pid}) is auditing the same window of the same inputs (work dir {work}): "
                "its rows land in the database when it ends; rerun after it if you must"
            ) from None
        except OSError as exc:  # a file system without locks (an NFS mount without lockd): run unguarded, as before
            os.close(fd)
            log.warning("work dir %s cannot be locked (%s): a second run of the same window is not kept out", work, exc)
            return
        _HELD[key] = fd


def release_work_dir(work: Path) -> None:
    """Let go of a work dir this process holds (its run ended: loaded, or failed and kept for the rerun)."""
    with _HELD_LOCK:
        fd = _HELD.pop(work.resolve(), None)
    if fd is not None:
        os.close(fd)


def held_elsewhere(work: Path) -> bool:
    """Whether another live process holds `work` (its lock cannot be taken)."""
    if fcntl is None or not (work / LOCK).is_file():
        return False
    with _HELD_LOCK:
        if work.resolve() in _HELD:
            return False
    try:
        fd = os.open(work / LOCK, os.O_RDWR)
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    finally:
        os.close(fd)
    return False


def damaged_result(folder: Path, manifest: str, tables: tuple[str, ...]) -> str | None:
    """Why a shard folder that has its manifest cannot be loaded as it is (None when it can): a manifest that is no
    JSON object, a table's Parquet file missing or cut short (no footer), fewer citation rows than the manifest
    counts. Only footers are read (~0.1 ms a file)."""
    try:
        doc = json.loads((folder / manifest).read_text())
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        return f"{manifest} unreadable ({exc})"
    if not isinstance(doc, dict) or not isinstance(doc.get("citations"), int):
        return f"{manifest} is not a shard manifest"
    rows = {}
    for name in tables:
        try:
            rows[name] = pq.read_metadata(folder / f"{name}.parquet").num_rows
        except (OSError, pa.ArrowException) as exc:
            return f"{name}.parquet unreadable ({str(exc).splitlines()[0] if str(exc) else type(exc).__name__})"
    if rows.get("citation_audit", doc["citations"]) != doc["citations"]:
        return f"citation_audit.parquet holds {rows['citation_audit']} rows, the manifest {doc['citations']}"
    return None


def clean_stale(root: Path, keep: str | None = None) -> list[Path]:
    """Remove work dirs under `root` whose owner process is gone (except `keep`, which a rerun reuses). Only folders
    named as citeaudit names its work dirs: `--work-dir` may be a folder that holds other things too."""
    removed = []
    for d in root.iterdir() if root.is_dir() else []:
        if not d.is_dir() or d.is_symlink() or d.name == keep or not WORK_DIR_NAME.fullmatch(d.name):
            continue
        owner = d / OWNER
        pid = owner.read_text().strip() if owner.is_file() else ""
        if (not pid.isdigit() or not alive(int(pid))) and not held_elsewhere(d):
            shutil.rmtree(d, ignore_errors=True)
            removed.append(d)
    if removed:
        log.info("removed %d stale work dirs under %s", len(removed), root)
    return removed


def alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True
