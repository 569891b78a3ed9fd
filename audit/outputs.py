"""What a day's audit writes besides the DuckDB file, when `[outputs]` asks for it: the review page and the export."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from audit.config import AuditConfig
from audit.errors import ConfigError
from audit.export import export_findings
from audit.output_file import file_in_the_way
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
