"""Hostile answer texts found by a seventh sweep of answer logs, each through the real `citeaudit run` on real
Parquet and DuckDB files: nothing lost, nothing let in."""

from __future__ import annotations

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


def _audited(tmp_path: Path, rows: list[dict[str, Any]]) -> Path:
    """Write `rows` as answers.parquet, audit them into audit.duckdb (which must succeed, every row accounted for)."""
    inp, db = tmp_path / "answers.parquet", tmp_path / "audit.duckdb"
    pq.write_table(pa.Table.from_pylist(rows, schema=answers_schema()), inp)
    res = CliRunner().invoke(main, ["run", "--input", str(inp), "--db", str(db), "--quiet"])
    assert res.exit_code == 0 and "Traceback" not in res.output, res.output
    ((read, audited, quarantined),) = q(db, "SELECT answers_read, answers_audited, answers_quarantined FROM runs")
    assert (read, audited, quarantined) == (len(rows), len(rows), 0)
    return db


def test_a_final_event_whose_answer_differs_from_its_data_text_is_flagged(tmp_path: Path) -> None:
    # a final event's `data` text is the answer; an `answer` field beside it saying something else (here citing a
    # source never retrieved) was dropped without a word and the answer came out GREEN: which text the user saw is
    # unknown, as when `data` is an object whose `answer` differs (duplicate_json_key:answer, RED)
    event = '{"type": "final", "data": "Refunds take 30 days [1].", "answer": %s}'
    other = event % '"Refunds take 90 days [7]."'
    answers = {
        "event": other,
        "server_sent": f'data: {{"type": "delta", "data": "Refunds"}}\n\ndata: {other}\n\n',
        "event_list": f'[{{"type": "delta", "data": "Refunds"}}, {other}]',
        "not_a_string": event % '{"text": "Refunds take 90 days [7]."}',
        "same_text": event % '"Refunds take 30 days [1]."',
        "null_answer": event % "null",
    }
    db = _audited(tmp_path, [make_answer(key, doc, CTX) for key, doc in answers.items()])
    got = dict(q(db, "SELECT answer_id, (answer_text, level, flags) FROM answer_audit"))
    text, conflict = "Refunds take 30 days [1].", ["duplicate_json_key:answer"]
    assert got == {
        "event": (text, "RED", conflict),
        "server_sent": (text, "RED", conflict),
        "event_list": (text, "RED", conflict),
        "not_a_string": (text, "RED", conflict),
        "same_text": (text, "GREEN", []),
        "null_answer": (text, "GREEN", []),
    }, got


def test_a_numeric_marker_with_invisible_characters_inside_is_a_citation(tmp_path: Path) -> None:
    # a zero-width space, word joiner, soft hyphen or byte order mark inside the brackets (a model's or a
    # renderer's; invisible on screen) made `[2]` no marker: its claim went unchecked, and next to a verified
    # citation the answer came out GREEN whatever it cited ([7], never retrieved, included)
    answers = {
        "wrong_figure": "Refunds take 30 days [1]. Shipping costs 20 euros [\u200b2].",
        "never_retrieved": "Refunds take 30 days [1][\u20607\u2060].",
        "soft_hyphen": "Refunds take 30 days [1\u00ad].",
        "list": "Refunds take 30 days [\ufeff1,\u200b 2].",
    }
    db = _audited(tmp_path, [make_answer(key, text, CTX) for key, text in answers.items()])
    got = q(db, "SELECT answer_id, marker, cited_ref, verdict, claim FROM citation_audit ORDER BY 1, citation_ord")
    refunds, shipping = "Refunds take 30 days.", "Shipping costs 20 euros."
    assert [(a, c, v, claim) for a, _m, c, v, claim in got] == [
        ("list", "1", "verified", refunds),
        ("list", "2", "unsupported", refunds),
        ("never_retrieved", "1", "verified", refunds),
        ("never_retrieved", "7", "fabricated", refunds),
        ("soft_hyphen", "1", "verified", refunds),
        ("wrong_figure", "1", "verified", refunds),
        ("wrong_figure", "2", got[-1][3], shipping),
    ], got
    assert got[-1][3] != "verified" and got[-1][1] == "[\u200b2]", got
    levels = dict(q(db, "SELECT answer_id, level FROM answer_audit"))
    assert levels == {"wrong_figure": "RED", "never_retrieved": "RED", "soft_hyphen": "GREEN", "list": "RED"}, levels
