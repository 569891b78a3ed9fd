"""The nightly flow writes the day's review page and export when `[outputs]` asks for them (real Prefect run)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from flow_helpers import DAY2

from audit.verify_export import verify_export
from flows.nightly import nightly_audit


def test_nightly_writes_the_days_report_and_export(warm_db: Path, logs: Path, tmp_path: Path) -> None:
    reports, exports = tmp_path / "reports", tmp_path / "exports"
    config = tmp_path / "citeaudit.toml"
    config.write_text(f'[outputs]\nreport_dir = "{reports}"\nexport_dir = "{exports}"\n')
    [summary] = nightly_audit(day=DAY2, input=str(logs), db=str(warm_db), config=str(config))
    page = reports / f"review-{DAY2.isoformat()}.html"
    folder = exports / DAY2.isoformat()
    assert summary["outputs"] == {"report": str(page), "export": str(folder)}
    assert 'data-metric="answers">' + f"{summary['answers_audited']:,}<" in page.read_text()
    check = verify_export(folder)
    assert check.ok and check.files_checked == 7, check.problems


def test_without_outputs_config_nothing_is_written(baseline: dict[str, Any]) -> None:
    assert all(s["outputs"] == {} for s in baseline["summaries"])
    assert not list(Path(baseline["db"]).parent.glob("review-*.html"))
