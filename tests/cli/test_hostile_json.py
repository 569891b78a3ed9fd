"""Hostile JSON answers, each through the real `citeaudit run` on real Parquet and DuckDB files: JSON a logger writes
that the audit must read as any other JSON answer (or quarantine as it quarantines `[]`)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq
from click.testing import CliRunner

from audit.cli import main
from audit.contract import answers_schema
from tests.cli.hostile import CLAIM, CTX, POLICY_CTX, batched
from tests.conftest import make_answer
from tests.conftest import query as q

SURROGATE_SQL = """
    SELECT a.answer_id, a.level, a.flags, a.answer_text, a.structured_output, a.structured_parse_failed,
           list(c.verdict ORDER BY c.citation_ord), list(c.claim ORDER BY c.citation_ord)
    FROM answer_audit a LEFT JOIN citation_audit c USING (answer_id)
    GROUP BY ALL ORDER BY a.answer_id
"""


# each lone surrogate escape, and its twin written with `\ufffd`
SURROGATE_CASES = {
    "high": (r"Thanks \ud83d", r"Thanks \ufffd"),
    "low": (r"Thanks \ude00", r"Thanks \ufffd"),
    "upper": (r"Thanks \uD83D", r"Thanks \ufffd"),
    "reversed": (r"Thanks \ude00\ud83d", r"Thanks \ufffd\ufffd"),
    "high_then_pair": (r"Thanks \ud83d\ud83d\ude00", r"Thanks \ufffd\ud83d\ude00"),
    # an escaped backslash, then the lone escape
    "after_backslash": (r"Thanks \\\ud83d", r"Thanks \\\ufffd"),
}


def _surrogate_rows() -> list[dict[str, Any]]:
    """The rows of `test_a_lone_surrogate_escaped_in_json_is_read_as_a_replacement_character`."""

    def doc(tail: str) -> str:
        return '{"answer": "Refunds take 30 days [1]. Shipping is free over 50 euros [2]. ' + tail + '"}'

    rows = []
    for name, (hostile, twin) in SURROGATE_CASES.items():
        rows += [make_answer(name, doc(hostile), CTX), make_answer(name + "~twin", doc(twin), CTX)]
    # unchanged: a valid pair (an emoji), an escaped backslash before `ud83d` (no escape at all), prose
    rows += [
        make_answer("pair", doc(r"Thanks \ud83d\ude00"), CTX),
        make_answer("escaped", doc(r"Thanks \\ud83d"), CTX),
        make_answer("prose", r"Refunds take 30 days [1]. Thanks \ud83d", CTX),
        make_answer("md_fence", "\ufeff```md\n" + r"Refunds take 30 days [1]. Thanks \ud83d" + "\n```", CTX),
        # the prose before a payload is read as logged, the payload's JSON repaired
        make_answer("preamble", "Store credit lasts 9 months \\ud83d.\n" + doc(r"Thanks \ud83d"), CTX),
        # a stream: JSON lines whose final event carries the answer
        make_answer(
            "stream",
            '{"type": "delta", "data": "Refunds"}\n{"type": "final", "data": "Refunds take 30 days [1]. \\ud83d"}',
            CTX,
        ),
    ]
    return rows


@batched(_surrogate_rows())
def test_a_lone_surrogate_escaped_in_json_is_read_as_a_replacement_character(answers_db: Path) -> None:
    # JavaScript's JSON.stringify writes an emoji cut in half as a lone surrogate escape: valid JSON, which DuckDB's
    # reader refused ("no low surrogate in string"), so the answer was structured_parse_failed, RED, its claim the
    # raw JSON. Each is audited as its twin written with `\ufffd` (U+FFFD, what a lossy decoder reads), and flagged
    db = answers_db
    got = {r[0]: r[1:] for r in q(db, SURROGATE_SQL)}
    for name in SURROGATE_CASES:
        level, flags, text, structured, failed, verdicts, claims = got[name]
        t_level, t_flags, t_text, *_, t_verdicts, t_claims = got[name + "~twin"]
        assert (structured, failed) == (True, False), name
        assert (level, text, verdicts, claims) == (t_level, t_text, t_verdicts, t_claims), name
        assert flags == [*t_flags, "lone_surrogate_replaced"], name
        assert "\ufffd" in text and "{" not in text, name
    assert got["high"][0] == "GREEN" and got["high"][5] == ["verified", "verified"]
    assert got["after_backslash"][2].endswith("Thanks \\\ufffd")
    assert got["high_then_pair"][2].endswith("Thanks \ufffd\U0001f600")
    assert got["pair"][2].endswith("Thanks \U0001f600") and "lone_surrogate_replaced" not in got["pair"][1]
    assert got["escaped"][2].endswith("Thanks \\ud83d") and "lone_surrogate_replaced" not in got["escaped"][1]
    assert got["prose"][2] == r"Refunds take 30 days [1]. Thanks \ud83d" and got["prose"][3] is False
    assert got["prose"][1] == []
    assert got["md_fence"][2] == r"Refunds take 30 days [1]. Thanks \ud83d" and got["md_fence"][1] == []
    assert got["preamble"][2].endswith("Thanks \ufffd") and got["preamble"][1] == ["lone_surrogate_replaced"]
    [(claim, start, end)] = q(
        db, "SELECT sentence, char_start, char_end FROM uncited_claims WHERE answer_id = 'preamble'"
    )
    assert claim == r"Store credit lasts 9 months \ud83d." and (start, end) == (0, len(claim))
    assert got["stream"][2] == "Refunds take 30 days [1]. \ufffd"
    assert got["stream"][1] == ["lone_surrogate_replaced"] and got["stream"][5] == ["verified"]


def test_an_answer_of_only_empty_json_lists_or_nulls_is_quarantined_as_empty(tmp_path: Path) -> None:
    # `[]` alone was quarantined as empty, but empty lists nested (`[[[]]]`, `[[], []]`), a list of nulls, a JSON
    # empty string, and `[]` after a byte order mark or in a ```json fence were audited as text with no claim: GREEN,
    # as if the model had answered
    empty = {
        "nested": "[[[]]]",
        "siblings": "[[], []]",
        "spaced": "\n[ [ ] ]\r\n",
        "nulls": "[null, [null]]",
        "string": '""',
        "blank_string": '["  "]',
        "bom": "\ufeff[]",
        "bom_null": "\ufeffnull",
        "fenced": "```json\n[[]]\n```",
        "tilde_fenced": "~~~\nnull\n~~~",
        "cut": "[[]",
    }
    kept = {
        "good": "Refunds take 30 days [1].",
        "nullish": "null.",
        "zero": "[0]",
        "object": "[{}]",
        "answer_list": '{"answer": []}',
        "word": '["ok"]',
        "code": "```python\nx = []\n```",
    }
    rows = [make_answer(k, v, CTX) for k, v in {**empty, **kept}.items()]
    inp, db = tmp_path / "answers.parquet", tmp_path / "audit.duckdb"
    pq.write_table(pa.Table.from_pylist(rows, schema=answers_schema()), inp)
    res = CliRunner().invoke(main, ["run", "--input", str(inp), "--db", str(db), "--quiet"])
    assert res.exit_code == 0, res.output
    reason = "answer is empty: JSON null, an empty string or an empty list, nothing to audit"
    got = q(db, "SELECT answer_id, row_ref, field, reason FROM quarantine ORDER BY answer_id")
    rows_of = {r["answer_id"]: i for i, r in enumerate(rows)}
    assert got == [(k, f"{inp}:{rows_of[k]}", "answer", reason) for k in sorted(empty)]
    assert q(db, "SELECT answers_read, answers_audited, answers_quarantined FROM runs") == [
        (len(rows), len(kept), len(empty))
    ]
    levels = dict(q(db, "SELECT answer_id, level FROM answer_audit"))
    assert levels["good"] == "GREEN" and levels["object"] == levels["answer_list"] == "RED"


def _cite_doc(**extra: object) -> str:
    cite = {"document_id": "abc123", "chunk_index": 0, **extra}
    return json.dumps({"answer": CLAIM, "citations": [cite]})


BAD_PAGES = {"list": [99], "bool": True, "fraction": 3.5, "words": "page 99", "negative": -1, "object": {"n": 3}}
BAD_NAMES = {"name_number": 5, "name_list": ["Shipping.pdf"], "name_bool": False}
OK_CITES = {
    "page": _cite_doc(page_number=3),
    "page_text": _cite_doc(page_number="3"),
    "page_null": _cite_doc(page_number=None),
    "name": _cite_doc(document_name="Refund Policy.pdf"),
    "name_null": _cite_doc(document_name=None),
}


def _wrong_type_rows() -> list[dict[str, Any]]:
    """The rows of `test_a_citation_objects_page_or_name_of_a_wrong_type_is_malformed_not_dropped`."""
    rows = [make_answer(k, _cite_doc(page_number=v), POLICY_CTX) for k, v in BAD_PAGES.items()]
    rows += [make_answer(k, _cite_doc(document_name=v), POLICY_CTX) for k, v in BAD_NAMES.items()]
    rows += [make_answer(k, v, POLICY_CTX) for k, v in OK_CITES.items()]
    return rows


@batched(_wrong_type_rows())
def test_a_citation_objects_page_or_name_of_a_wrong_type_is_malformed_not_dropped(answers_db: Path) -> None:
    # beside a document_id and chunk_index the page must be the chunk's and the name its document's; a page or a
    # name that could not be read (a list, a bool, 3.5, "page 99", -1; a number or list for the name) was dropped
    # without a word, the citation verified and the answer GREEN whatever the reader was sent to
    db = answers_db
    got = {a: (v, r) for a, v, r in q(db, "SELECT answer_id, verdict, reasons FROM citation_audit")}
    for k in BAD_PAGES:
        assert got[k] == ("fabricated", ["malformed_citation:page_number"]), k
    for k in BAD_NAMES:
        assert got[k] == ("fabricated", ["malformed_citation:document_name"]), k
    for k in OK_CITES:
        assert got[k][0] == "verified", k
