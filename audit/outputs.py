"""What a day's audit writes besides the DuckDB file, when `[outputs]` asks for it: the review page and the export."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from audit.config import AuditConfig
from audit.export import export_findings
from audit.review import write_report
from audit.window import Window


def report_path(report_dir: str, day: date) -> Path:
    return Path(report_dir) / f"review-{day.isoformat()}.html"


def export_path(export_dir: str, day: date) -> Path:
    return Path(export_dir) / day.isoformat()


def write_day_outputs(db: str | Path, day: date, cfg: AuditConfig) -> dict[str, str]:
    """The day's review page and export where `[outputs] report_dir` / `export_dir` are set; their paths."""
    window = Window.for_day(day)
    written: dict[str, str] = {}
    if cfg.outputs.report_dir:
        written["report"] = str(write_report(db, report_path(cfg.outputs.report_dir, day), window, cfg))
    if cfg.outputs.export_dir:
        folder = export_path(cfg.outputs.export_dir, day)
        export_findings(db, folder, window, "parquet", cfg)
        written["export"] = str(folder)
    return written
