"""`evaluate` end to end on small slices of the real labelled sets: the real audit, the real model.

Asserts the report's structure and sane ranges, never the numbers themselves.
"""

from __future__ import annotations

import json
from pathlib import Path

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq
import pytest
from click.testing import CliRunner

from audit.config import AuditConfig
from audit.evaluate import EvalReport, evaluate, format_report

REPO = Path(__file__).resolve().parents[2]
REAL = (REPO / ".." / "shared" / "data" / "real").resolve()

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        not (REAL / "wice_dev_answers.parquet").is_file(),
        reason=f"real labelled sets not found at {REAL} (expected ../shared/data/real next to the repo)",
    ),
]


def write_slice(name: str, per_class: int, tmp_path: Path) -> tuple[Path, Path]:
    """The first `per_class` labelled answers of each gold class (per src_dataset too, when present)."""
    lines = (REAL / f"{name}_labels.jsonl").read_text().splitlines()
    taken: dict[tuple[str, str], int] = {}
    keep: list[str] = []
    for line in lines:
        lab = json.loads(line)
        k = (lab["gold"], lab.get("src_dataset", ""))
        if taken.get(k, 0) < per_class:
            taken[k] = taken.get(k, 0) + 1
            keep.append(line)
    ids = [json.loads(line)["answer_id"] for line in keep]
    table = pq.read_table(REAL / f"{name}_answers.parquet")
    table = table.filter(pc.is_in(table["answer_id"], value_set=pa.array(ids)))
    answers, labels = tmp_path / f"{name}.parquet", tmp_path / f"{name}.jsonl"
    pq.write_table(table, answers)
    labels.write_text("\n".join(keep) + "\n")
    return answers, labels


def check_sane(rep: EvalReport) -> None:
    assert rep.n_matched + rep.n_unmatched == rep.n_labels
    assert sum(c.n for c in rep.classes.values()) == rep.n_matched
    for cls in rep.classes.values():
        assert sum(cls.verdicts.values()) == cls.n
        assert cls.recall is None or 0.0 <= cls.recall <= 1.0
        assert cls.hits is None or 0 <= cls.hits <= cls.n
    n_pos = rep.classes["supported"].n if "supported" in rep.classes else 0
    n_neg = rep.classes["not_supported"].n if "not_supported" in rep.classes else 0
    for a in (rep.auroc_support, rep.auroc_baseline):
        assert a.n_pos + a.n_neg + a.n_missing == n_pos + n_neg
        assert a.value is None or 0.0 <= a.value <= 1.0
    assert rep.balanced_accuracy is None or 0.0 <= rep.balanced_accuracy <= 1.0
    ev = rep.evidence
    assert 0 <= ev.hits <= ev.n_eligible and ev.n_no_evidence <= ev.n_eligible
    assert ev.rate is None or 0.0 <= ev.rate <= 1.0
    text = format_report(rep)
    assert "AUROC support" in text and "AUROC baseline" in text
    json.dumps(rep.as_dict(), default=str)


def test_wice_slice(tmp_path: Path) -> None:
    answers, labels = write_slice("wice_dev", 3, tmp_path)
    db = tmp_path / "audit.duckdb"
    rep = evaluate(str(answers), labels, AuditConfig(), db=db)
    check_sane(rep)
    assert rep.n_unmatched == 0 and rep.n_no_citation == 0
    assert set(rep.classes) == {"supported", "not_supported", "partially_supported", "misattributed"}
    assert rep.auroc_support.value is not None and rep.auroc_baseline.value is not None
    assert rep.misattribution.n == 3 and rep.misattribution.recall_right_source is not None
    assert rep.evidence.n_eligible + rep.evidence.n_other_context > 0

    # the audit kept in --db scores the same without re-running it
    again = evaluate(str(answers), labels, AuditConfig(), db=db, reuse_db=True)
    assert again.classes == rep.classes and again.auroc_support == rep.auroc_support

    from audit.cli import main

    res = CliRunner().invoke(
        main, ["eval", "--answers", str(answers), "--labels", str(labels), "--db", str(db), "--reuse-db", "--json"]
    )
    assert res.exit_code == 0, res.output
    assert json.loads(res.output)["n_matched"] == rep.n_matched


def test_ab_slice_reports_per_source(tmp_path: Path) -> None:
    answers, labels = write_slice("ab_dev", 2, tmp_path)
    rep = evaluate(str(answers), labels, AuditConfig())
    check_sane(rep)
    assert rep.db is None  # temporary audit database, removed
    assert rep.by_source and all(s.n == s.n_supported + s.n_not_supported for s in rep.by_source.values())
    assert sum(s.n for s in rep.by_source.values()) == rep.n_matched
    assert "by src_dataset" in format_report(rep)
