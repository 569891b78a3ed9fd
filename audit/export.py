"""`citeaudit export`: a period's findings as Parquet or CSV files plus a manifest (row counts, SHA-256)."""

from __future__ import annotations

import hashlib
import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from audit.schema import OUTPUT_VERSION, RESULT_TABLES
from audit.store import code_version, open_db
from audit.window import Window

MANIFEST_NAME = "manifest.json"


def sha256_of(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def export_findings(db: str | Path, out: str | Path, window: Window, fmt: str = "parquet") -> dict[str, Any]:
    """Write every result table's rows logged in `window` (and the runs that touched it) to `out`, then the
    manifest; returns the manifest."""
    if fmt not in ("parquet", "csv"):
        raise ValueError(f"unknown format {fmt!r}")
    out_dir = Path(out)
    out_dir.mkdir(parents=True, exist_ok=True)
    in_window = window.sql("logged_at") or "TRUE"
    queries = {name: f"SELECT * FROM {name} WHERE {in_window} ORDER BY ALL" for name in RESULT_TABLES}
    queries["quarantine"] = f"SELECT * FROM quarantine WHERE logged_at IS NULL OR ({in_window}) ORDER BY ALL"
    queries["runs"] = (
        "SELECT * FROM runs WHERE run_id IN (SELECT run_id FROM answer_audit WHERE "
        f"{in_window} UNION SELECT run_id FROM quarantine WHERE logged_at IS NULL OR ({in_window})) ORDER BY ALL"
    )
    files: dict[str, dict[str, Any]] = {}
    con = open_db(db, read_only=True)
    try:
        for name, query in queries.items():
            path = out_dir / f"{name}.{fmt}"
            options = "FORMAT parquet, COMPRESSION zstd" if fmt == "parquet" else "FORMAT csv, HEADER true"
            con.execute(f"COPY ({query}) TO '{_quote(path)}' ({options})")
            rows = con.execute(f"SELECT count(*) FROM ({query})").fetchall()[0][0]
            files[path.name] = {
                "table": name,
                "rows": int(rows),
                "bytes": path.stat().st_size,
                "sha256": sha256_of(path),
            }
    finally:
        con.close()
    manifest = {
        "exported_at": datetime.now(UTC).isoformat(),
        "database": str(Path(db).resolve()),
        "window": {
            "start": window.start.isoformat() if window.start else None,
            "end": window.end.isoformat() if window.end else None,
        },
        "format": fmt,
        "schema": f"outputs.v{OUTPUT_VERSION}",
        "code_version": code_version(),
        "files": files,
    }
    (out_dir / MANIFEST_NAME).write_text(json.dumps(manifest, indent=2) + "\n")
    return manifest


def _quote(path: Path) -> str:
    return str(path).replace("'", "''")
