"""An output file a command writes at its end (calibrate's model, bench's figures), checked before the work starts:
a folder at its path, or a file where its folder must be, stopped the command after all of its work. The same for a
folder a scheduled run will write in (`file_in_the_way`, `check_output_dirs`)."""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path
from typing import TYPE_CHECKING

from audit.errors import ConfigError, InputError

if TYPE_CHECKING:
    from audit.config import AuditConfig


def output_file(path: str | Path, option: str, kind: tuple[str, tuple[str, ...]] | None = None) -> Path:
    """`path` with its folder made, ready to be written; InputError naming `option` when it is a folder or its
    folder cannot be made (nothing is written here). With `kind` (what the command writes, and keys its JSON
    object always holds), a file there must be empty or such a JSON object: the output was renamed over whatever was
    there (`bench --json audit.duckdb` replaced the audit, `calibrate --out pairs.jsonl` the pairs just read)."""
    p = Path(path)
    if p.is_dir():
        raise InputError(f"{option} {p}: cannot write a file there (it is a folder): give a file name")
    if kind is not None and p.is_file() and not _holds_keys(p, kind[1]):
        raise InputError(
            f"{option} {p} exists and is not {kind[0]}, and it would be replaced: give {option} a new file name, or "
            "remove that file first (nothing was changed)"
        )
    try:
        p.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise InputError(f"{option} {p}: cannot write a file there ({exc.filename}: {exc.strerror})") from None
    return p


# a JSON output read back to tell whether it is one: larger files are no figures or model of citeaudit's
_MAX_JSON_BYTES = 64 << 20


def _holds_keys(path: Path, keys: tuple[str, ...]) -> bool:
    """Whether the file at `path` is empty or a JSON object holding `keys` (unreadable: True, the write names it)."""
    try:
        if path.stat().st_size > _MAX_JSON_BYTES:
            return False
        data = path.read_bytes()
    except OSError:
        return True
    if not data.strip():
        return True
    try:
        obj = json.loads(data)
    except (ValueError, RecursionError):  # not UTF-8, not JSON
        return False
    return isinstance(obj, dict) and all(k in obj for k in keys)


def write_output(path: str | Path, text: str, option: str) -> None:
    """`text` written to `path` (checked by `output_file` first), a failure naming `option` in one line. Written
    aside and renamed over `path` (through a link, to its target): a full disk or a signal mid-write leaves the
    previous file whole (calibrate's default --out is the packaged support model, which a full disk cut short). A
    device or a pipe (`--json /dev/stdout`) is written as it is."""
    aside: Path | None = None
    try:
        target = Path(os.path.realpath(output_file(path, option)))
        if target.exists() and not target.is_file():
            target.write_text(text)
            return
        aside = target.with_name(f".{target.name}.{os.getpid()}.tmp")
        try:
            aside.write_text(text)
            os.replace(aside, target)
        except BaseException:  # a full disk, or Ctrl-C / SIGTERM between the write and the rename
            with contextlib.suppress(OSError):
                aside.unlink()
            raise
    except OSError as exc:  # no permission, a full disk
        where = exc.filename if exc.filename not in (None, str(aside)) else path  # the file, not the one aside
        raise InputError(f"{option} {path}: cannot write a file there ({where}: {exc.strerror})") from None


def file_in_the_way(folder: str | Path) -> Path | None:
    """The file at `folder` or above it that keeps it from being a folder (nothing is made), or None."""
    path = Path(folder)
    found = next((p for p in (path, *path.parents) if p.exists()), None)
    return found if found is not None and not found.is_dir() else None


def check_output_dirs(cfg: AuditConfig, source: str) -> None:
    """ConfigError naming the setting when `[outputs] report_dir` or `export_dir` cannot be a folder (a file is at it
    or above it), checked before a day is audited: the day was recorded completed before its outputs failed, and the
    next nightly had nothing left to do for it. Nothing is made here."""
    for key in ("report_dir", "export_dir"):
        folder = getattr(cfg.outputs, key)
        if not folder:
            continue
        if (found := file_in_the_way(folder)) is not None:
            raise ConfigError(
                f"{source}: outputs.{key} {folder!r} is not a folder ({found} is a file): give a folder the day's "
                "outputs can be written in"
            )


# an export is written into this folder of its own folder, then renamed in (audit/export.py)
EXPORT_STAGING = ".citeaudit-staging"
EXPORT_MANIFEST = "manifest.json"  # what `citeaudit export` writes beside its files, digested under EXPORT_DIGEST_KEY
EXPORT_DIGEST_KEY = "manifest_sha256"


def is_export_dir(folder: Path) -> bool:
    """A folder `citeaudit export` wrote (its manifest lists its files), or the folder it writes an export into
    before renaming it in (`EXPORT_STAGING`, no manifest yet, or left by an export killed mid-write): with `[outputs]
    export_dir` under the input folder, the next night read the last night's `answer_audit.parquet` as logs and
    stopped, exit 2."""
    if folder.name == EXPORT_STAGING:
        return True
    try:
        manifest = json.loads((folder / EXPORT_MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):  # none there, or another tool's
        return False
    return isinstance(manifest, dict) and EXPORT_DIGEST_KEY in manifest and isinstance(manifest.get("files"), dict)
