"""What the hostile-log tests share: two retrieved sources, and a log audited through the real `citeaudit run`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq
from click.testing import CliRunner

from audit.cli import main
from audit.contract import answers_schema
from tests.conftest import make_answer
from tests.conftest import query as q

CTX = [
    {"doc_id": "d1", "chunk_id": "c1", "title": "Refund Policy.pdf", "page": 1, "text": "Refunds take 30 days."},
    {"doc_id": "d2", "chunk_id": "c2", "title": "Shipping.pdf", "page": 2, "text": "Shipping is free over 50 euros."},
]

# two policy pages as citation objects name them (`document_id`, `chunk_index`, page, title), and a claim the first
# states: the structured-output tests' sources
REFUND = "All returns must be made within 30 days of purchase date. Store credit is valid for 12 months."
SHIPPING = "Orders over $50 ship free within the EU region."
POLICY_CTX = [
    {"doc_id": "abc123", "chunk_id": "0", "title": "Refund Policy.pdf", "page": 3, "text": REFUND},
    {"doc_id": "ship9", "chunk_id": "1", "title": "Shipping.pdf", "page": 2, "text": SHIPPING},
]
CLAIM = "All returns must be made within 30 days of purchase date."


def audited(tmp_path: Path, rows: list[dict[str, Any]]) -> Path:
    """Write `rows` as answers.parquet, audit them into audit.duckdb (which must succeed, every row accounted for)."""
    inp, db = tmp_path / "answers.parquet", tmp_path / "audit.duckdb"
    pq.write_table(pa.Table.from_pylist(rows, schema=answers_schema()), inp)
    res = CliRunner().invoke(main, ["run", "--input", str(inp), "--db", str(db), "--quiet"])
    assert res.exit_code == 0 and "Traceback" not in res.output, res.output
    ((read, audited, quarantined),) = q(db, "SELECT answers_read, answers_audited, answers_quarantined FROM runs")
    assert (read, audited, quarantined) == (len(rows), len(rows), 0)
    return db


def claim_verdicts(
    tmp_path: Path, cases: dict[str, tuple[str, str]], keep: tuple[str, ...] = ("",)
) -> dict[str, tuple[str, list[str]]]:
    """Each (claim, source) of `cases` audited as one answer citing its one source (`[1]`, doc and title its key):
    its verdict and its reasons that start with one of `keep` (all of them by default)."""
    rows = [
        make_answer(key, f"{claim} [1]", [{"doc_id": key, "chunk_id": "0", "title": key, "text": source}])
        for key, (claim, source) in cases.items()
    ]
    got = q(audited(tmp_path, rows), "SELECT answer_id, verdict, reasons FROM citation_audit")
    return {a: (v, [r for r in rs if r.startswith(keep)]) for a, v, rs in got}


def cites_by_answer(db: Path) -> dict[str, list[tuple[Any, ...]]]:
    """Each answer's citations: (cited_ref, context_rank, verdict, claim), in order."""
    got = q(
        db,
        "SELECT answer_id, list((cited_ref, context_rank, verdict, claim) ORDER BY citation_ord) FROM citation_audit "
        "GROUP BY 1",
    )
    return {a: [tuple(c) for c in cs] for a, cs in got}


def fabricated_reasons(db: Path) -> dict[str, list[str]]:
    """Each answer's fabricated citations' reasons, in order."""
    got = q(db, "SELECT answer_id, flatten(list(reasons ORDER BY citation_ord)) FROM citation_audit "
               "WHERE verdict = 'fabricated' GROUP BY 1")  # fmt: skip
    return dict(got)


# the log-format rounds' two sources with urls, and their answers audited (a text, or a JSON shape dumped)
URL_CTX = [c | {"url": f"https://x.org/{c['doc_id']}"} for c in CTX]


def run_logged(tmp_path: Path, answers: dict[str, Any], ctx: list[dict[str, Any]] = URL_CTX) -> Path:
    """Audit one answer per key, its value the answer's text or a JSON shape written as the log writes it."""
    rows = [make_answer(k, v if isinstance(v, str) else json.dumps(v), ctx) for k, v in answers.items()]
    return audited(tmp_path, rows)
