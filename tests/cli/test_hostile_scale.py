"""Hostile answer logs of size and scale (giant claims, a million newlines, positions at the ends of int32), each
through the real `citeaudit run` on real Parquet and DuckDB files: nothing lost, the run bounded."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli.hostile import CTX, audited
from tests.conftest import make_answer
from tests.conftest import query as q


def test_positions_at_the_ends_of_int32_are_fabricated_never_a_failed_run(tmp_path: Path) -> None:
    # a JSON `citations` entry of -2147483648 (int32's least) made `num - base + 1` overflow INT32, and an inline
    # `source_index` of 2147483647 `source_index + 1`: the whole run failed ("Overflow in subtraction of INT32"),
    # every good answer beside them unaudited
    answers = {
        "least": {"answer": "Refunds take 30 days.", "citations": [-(2**31)]},
        "greatest_inline": {"answer": "Refunds take 30 days.", "inline_citations": [{"source_index": 2**31 - 1}]},
        "least_inline": {"answer": "Refunds take 30 days.", "inline_citations": [{"source_index": -(2**31)}]},
        "greatest": {"answer": "Refunds take 30 days.", "citations": [2**31 - 1, -1, 2**31]},
    }
    rows = [make_answer(key, json.dumps(doc), CTX) for key, doc in answers.items()]
    db = audited(tmp_path, [*rows, make_answer("good", "Refunds take 30 days [1].", CTX)])
    got = q(db, "SELECT answer_id, marker, cited_ref, verdict FROM citation_audit ORDER BY answer_id, marker")
    assert got == [
        ("good", "[1]", "1", "verified"),
        ("greatest", "citations[0]", "2147483647", "fabricated"),
        ("greatest", "citations[1]", "-1", "fabricated"),
        ("greatest", "citations[2]", "2147483648", "fabricated"),
        ("greatest_inline", "inline_citations[0]", "2147483647", "fabricated"),
        ("least", "citations[0]", "-2147483648", "fabricated"),
        ("least_inline", "inline_citations[0]", "-2147483648", "fabricated"),
    ], got
