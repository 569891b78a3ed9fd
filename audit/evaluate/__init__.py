"""`citeaudit eval`: audit a labelled development set for real and score the verdicts against human labels.

One module per job: `labels` (read and check the labels), `scoring` (aggregate citation rows per labelled claim
and compute every metric, pure), `run` (audit the set and read the rows back), `report_text` (the printed table).
"""

from audit.evaluate.labels import GOLD_CLASSES, Label, LabelError, parse_label, read_labels
from audit.evaluate.report_text import format_report
from audit.evaluate.run import evaluate, read_citations
from audit.evaluate.scoring import (
    NO_CITATION,
    VERDICTS,
    CitationRow,
    ClaimResult,
    EvalReport,
    aggregate_claim,
    baseline_score,
    claim_rows,
    score_claims,
)

__all__ = [
    "GOLD_CLASSES",
    "NO_CITATION",
    "VERDICTS",
    "CitationRow",
    "ClaimResult",
    "EvalReport",
    "Label",
    "LabelError",
    "aggregate_claim",
    "baseline_score",
    "claim_rows",
    "evaluate",
    "format_report",
    "parse_label",
    "read_citations",
    "read_labels",
    "score_claims",
]
