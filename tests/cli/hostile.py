"""What the hostile-log tests share: two retrieved sources, and a log audited through the real `citeaudit run`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import duckdb
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
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


Verdicts = dict[str, tuple[str, list[str]]]


def run_input(inp: Path, db: Path) -> tuple[int, str]:
    """`citeaudit run` of one input file or folder into `db`: its exit code and output, never a traceback."""
    res = CliRunner().invoke(main, ["run", "--input", str(inp), "--db", str(db), "--quiet"])
    assert "Traceback" not in res.output, res.output
    assert res.exception is None or isinstance(res.exception, SystemExit), res.exception
    return res.exit_code, res.output


def claim_answer(answer_id: str, key: str, claim: str, source: str) -> dict[str, Any]:
    """One answer stating `claim` and citing its one source `source` (`[1]`, doc and title `key`, conversation
    `conv-{key}`)."""
    ctx = [{"doc_id": key, "chunk_id": "0", "title": key, "text": source}]
    return make_answer(answer_id, f"{claim} [1]", ctx, conversation_id=f"conv-{key}")


def claim_verdicts(tmp_path: Path, cases: dict[str, tuple[str, str]], keep: tuple[str, ...] = ("",)) -> Verdicts:
    """Each (claim, source) of `cases` audited as one answer citing its one source (`[1]`, doc and title its key):
    its verdict and its reasons that start with one of `keep` (all of them by default)."""
    rows = [claim_answer(key, key, claim, source) for key, (claim, source) in cases.items()]
    got = q(audited(tmp_path, rows), "SELECT answer_id, verdict, reasons FROM citation_audit")
    return {a: (v, [r for r in rs if r.startswith(keep)]) for a, v, rs in got}


def claims(cases: dict[str, tuple[str, str]], keep: tuple[str, ...] = ("",)) -> pytest.MarkDecorator:
    """Mark a test with its claim cases: the test's `got` fixture (tests/cli/conftest.py) is what `claim_verdicts`
    gives for them, read from ONE `citeaudit run` of the cases of every test of the module marked so (the
    module-scoped `claim_batch`: each case the same answer, its own answer_id `test/key`, doc and title its key).
    Each answer is audited alone (its contexts, its resolution, its verdict; a vector depends on its text alone), so
    the batch gives each case what its own run gave, without a run's fixed cost (start, DuckDB planning) per test.
    Only for cases that are independent answers: a run-level outcome (exit code, a quarantined row, run counts) or
    answers that meet (one answer_id, one conversation) need a run of their own."""
    return pytest.mark.claims(cases, keep)


def cites_by_answer(db: Path) -> dict[str, list[tuple[Any, ...]]]:
    """Each answer's citations: (cited_ref, context_rank, verdict, claim), in order."""
    got = q(
        db,
        "SELECT answer_id, list((cited_ref, context_rank, verdict, claim) ORDER BY citation_ord) FROM citation_audit "
        "GROUP BY 1",
    )
    return {a: [tuple(c) for c in cs] for a, cs in got}


def verdicts_by_answer(db: Path) -> dict[str, list[tuple[Any, ...]]]:
    """Each answer's citations: (cited_ref, verdict, claim), in order."""
    return {a: [(ref, v, c) for ref, _, v, c in cs] for a, cs in cites_by_answer(db).items()}


def uncited_by_answer(db: Path) -> dict[str, list[str]]:
    """Each answer's uncited claims' sentences, in order."""
    return dict(q(db, "SELECT answer_id, list(sentence ORDER BY sentence_idx) FROM uncited_claims GROUP BY 1"))


def fabricated_reasons(db: Path) -> dict[str, list[str]]:
    """Each answer's fabricated citations' reasons, in order."""
    got = q(db, "SELECT answer_id, flatten(list(reasons ORDER BY citation_ord)) FROM citation_audit "
               "WHERE verdict = 'fabricated' GROUP BY 1")  # fmt: skip
    return dict(got)


# the log-format rounds' two sources with urls, and their answers audited (a text, or a JSON shape dumped)
URL_CTX = [c | {"url": f"https://x.org/{c['doc_id']}"} for c in CTX]

# the two contexts' statements, each claim without its stop, and the verdicts of both cited right or each other's
# (CTX's texts; SHIPPING above is the policy page's)
CTX_REFUNDS, CTX_SHIPPING = (c["text"] for c in CTX)  # "Refunds take 30 days.", "Shipping is free over 50 euros."
R, S = CTX_REFUNDS[:-1], CTX_SHIPPING[:-1]
BOTH = [("1", "verified", CTX_REFUNDS), ("2", "verified", CTX_SHIPPING)]
SWAPPED = [("2", "misattributed", CTX_REFUNDS), ("1", "misattributed", CTX_SHIPPING)]


def logged_rows(answers: dict[str, Any], ctx: list[dict[str, Any]] = URL_CTX) -> list[dict[str, Any]]:
    """One answer per key, its value the answer's text or a JSON shape written as the log writes it."""
    return [make_answer(k, v if isinstance(v, str) else json.dumps(v), ctx) for k, v in answers.items()]


def run_logged(tmp_path: Path, answers: dict[str, Any], ctx: list[dict[str, Any]] = URL_CTX) -> Path:
    """Audit one answer per key, its value the answer's text or a JSON shape written as the log writes it."""
    return audited(tmp_path, logged_rows(answers, ctx))


def batched(rows: list[dict[str, Any]]) -> pytest.MarkDecorator:
    """Mark a test with its contract rows: the test's `answers_db` fixture (tests/cli/conftest.py) is an audit file
    holding these rows' results alone, as `audited(tmp_path, rows)` wrote them, read from ONE `citeaudit run` of the
    rows of every test of the module marked so (the module-scoped `rows_batch`: each row the same answer, its
    answer_id `tN§` + its own while audited). Each answer is audited alone, so the batch gives each what its own run
    gave. Only for answers that meet no other test's: a test of run-level outcomes (`runs`, `quarantine`, exit code,
    counts, the input's path) or of answers sharing an answer_id across tests needs a run of its own."""
    return pytest.mark.batched(rows)


BATCH_MARK = "§"  # ends a batched answer's prefix (`t3§`): in no answer_id of a test


def own_rows_db(batch: Path, prefix: str, out: Path) -> Path:
    """An audit file at `out` with the tables and views of `batch`, each table with an answer_id keeping only the
    rows whose answer_id starts with `prefix`, that prefix cut off (the test's own answers, as their own run wrote
    them); no other value may hold the prefix."""
    con = duckdb.connect(str(out))
    try:
        con.execute("ATTACH ? AS b (READ_ONLY)", [str(batch)])
        tables = con.execute(
            "SELECT table_name, list(column_name ORDER BY column_index) FROM duckdb_columns() "
            "WHERE database_name = 'b' AND table_name IN (SELECT table_name FROM duckdb_tables() "
            "WHERE database_name = 'b') GROUP BY 1 ORDER BY 1"
        ).fetchall()
        for table, cols in tables:
            if "answer_id" not in cols:
                con.execute(f'CREATE TABLE "{table}" AS SELECT * FROM b."{table}"')
                continue
            con.execute(
                f'CREATE TABLE "{table}" AS SELECT * REPLACE (answer_id[{len(prefix) + 1}:] AS answer_id) '
                f'FROM b."{table}" WHERE starts_with(answer_id, $p)',
                {"p": prefix},
            )
            (left,) = con.execute(
                f'SELECT count(*) FROM "{table}" t WHERE contains(t::VARCHAR, $m)', {"m": BATCH_MARK}
            ).fetchone() or (0,)
            assert left == 0, f"{table}: a batched answer's prefix left in another column"
        for (sql,) in con.execute(
            "SELECT sql FROM duckdb_views() WHERE database_name = 'b' AND NOT internal"
        ).fetchall():
            con.execute(sql)
        con.execute("DETACH b")
    finally:
        con.close()
    return out


def audit_suggestions(
    tmp_path: Path, answers: dict[str, tuple[str, list[str]]]
) -> dict[str, tuple[str, Any, list[str]]]:
    """Each answer (its text, its retrieved sources' texts, doc ids `key-1`, `key-2`, ...) audited in one run: each
    citation's verdict, suggested rank and reasons, by answer_id (the misattribution tests' reading)."""
    ctx = [
        make_answer(
            key,
            answer,
            [
                {"doc_id": f"{key}-{i}", "chunk_id": "0", "title": f"{key}-{i}", "text": t}
                for i, t in enumerate(texts, 1)
            ],
        )
        for key, (answer, texts) in answers.items()
    ]
    got = q(audited(tmp_path, ctx), "SELECT answer_id, verdict, suggested_rank, reasons FROM citation_audit")
    return {a: (verdict, suggested, list(reasons)) for a, verdict, suggested, reasons in got}
