"""`citeaudit verify-export DIR`: check an export against its manifest.

Recomputes every file's SHA-256 and, for tables, its row count; reports each edited, missing, unreadable or
extra file, a listed file that is a symbolic link (never followed), and a manifest whose content no longer matches
its own digest. One line per problem.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import duckdb

from audit.export import DIGEST_KEY, MANIFEST_NAME, manifest_digest, not_a_file, sha256_of
from audit.output_file import EXPORT_STAGING
from audit.sql import connect, literal_path


@dataclass(frozen=True)
class ExportCheck:
    files_checked: int
    problems: list[str]

    @property
    def ok(self) -> bool:
        return not self.problems


# the dialect `citeaudit export` writes (DuckDB's COPY ... (FORMAT csv, HEADER true)), read as written instead of
# sniffed: a column of many `'`-prefixed cells (audit.csv_safe) or odd quoting could otherwise be guessed otherwise
_CSV_AS_WRITTEN = "header = true, delim = ',', quote = '\"', escape = '\"', all_varchar = true"


def _count_rows(path: Path, fmt: str) -> int:
    reader = "read_parquet($path)" if fmt == "parquet" else f"read_csv($path, {_CSV_AS_WRITTEN})"
    with connect() as con:
        return int(con.execute(f"SELECT count(*) FROM {reader}", {"path": literal_path(path)}).fetchall()[0][0])


def _load_manifest(path: Path) -> tuple[dict[str, Any] | None, list[str]]:
    if (what := not_a_file(path)) is not None:
        return None, [f"{path.name}: {what}, not a file of the export"]
    if not path.is_file():
        return None, [f"{path.name}: missing"]
    try:
        manifest = json.loads(path.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        return None, [f"{path.name}: not valid JSON ({exc})"]
    except RecursionError:  # [[[[...]]]] past Python's recursion limit
        return None, [f"{path.name}: not valid JSON (nested too deeply)"]
    if not isinstance(manifest, dict) or not isinstance(manifest.get("files"), dict):
        return None, [f"{path.name}: no 'files' table"]
    if manifest.get(DIGEST_KEY) != manifest_digest(manifest):
        return manifest, [f"{path.name}: edited (its content no longer matches its {DIGEST_KEY})"]
    return manifest, []


def check_file(folder: Path, name: str, meta: Any, fmt: str) -> list[str]:
    """Problems with one listed file: missing, edited (SHA-256), unreadable or a changed row count."""
    path = folder / name
    if Path(name).name != name or name in ("", ".", ".."):
        return [f"{name}: not a file name inside the export folder"]
    if not isinstance(meta, dict):
        return [f"{name}: manifest entry is not an object"]
    try:
        if (what := not_a_file(path)) is not None:  # a link is never followed: its target is not part of the export
            return [f"{name}: {what}, not a file of the export"]
        if not path.is_file():
            return [f"{name}: missing"]
    except OSError as exc:  # a listed name the system cannot hold (past 255 bytes): no such file can be there
        return [f"{name}: missing ({exc.strerror})"]
    problems = []
    if sha256_of(path) != meta.get("sha256"):
        problems.append(f"{name}: edited (SHA-256 differs from the manifest)")
    if meta.get("rows") is not None:
        try:
            rows = _count_rows(path, fmt)
        except duckdb.Error as exc:
            problems.append(f"{name}: unreadable as {fmt} ({str(exc).splitlines()[0]})")
        else:
            if rows != meta["rows"]:
                problems.append(f"{name}: {rows} rows, the manifest says {meta['rows']}")
    return problems


def verify_export(folder: str | Path) -> ExportCheck:
    """Check every file of an export folder against its manifest."""
    root = Path(folder)
    if not root.is_dir():
        return ExportCheck(0, [f"{root}: not a folder"])
    manifest, problems = _load_manifest(root / MANIFEST_NAME)
    if manifest is None:
        return ExportCheck(0, problems)
    listed: dict[str, Any] = manifest["files"]
    fmt = str(manifest.get("format", "parquet"))
    for name, meta in sorted(listed.items()):
        problems += check_file(root, name, meta, fmt)
    present = {str(p.relative_to(root)) for p in root.rglob("*") if p.is_file() or p.is_symlink()}
    extras = sorted(present - set(listed) - {MANIFEST_NAME})
    if staged := [e for e in extras if Path(e).parts[0] == EXPORT_STAGING]:  # an export killed mid-write (SIGKILL)
        problems.append(
            f"{EXPORT_STAGING}/: {len(staged)} file(s) of an export stopped mid-write, not in the manifest (the "
            "files listed are the export before it): run the export again, or remove that folder"
        )
    for extra in extras:
        if extra not in staged:
            problems.append(f"{extra}: not in the manifest")
    return ExportCheck(len(listed), problems)
