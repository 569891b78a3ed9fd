"""Structured output inside a line or two of prose ("Here is the answer:", a ```json fence after "Sure!", a fence on
one line), through the real `citeaudit run` on real Parquet and DuckDB files: its citations are checked, while prose
that merely holds braces or a JSON code sample stays prose."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.cli.hostile import CLAIM, audited, batched
from tests.cli.hostile import POLICY_CTX as CTX
from tests.conftest import make_answer
from tests.conftest import query as q

WRONG = "All returns must be made within 90 days of purchase date."

# a chunk the retrieval never returned and a position beyond the two contexts: fabricated citations, unseen when the
# JSON is read as prose (in a fence it was code; bare, its `[7]` was a marker whose claim was the JSON's own text)
ANSWERS = {
    "object_fabricated": {"answer": WRONG, "citations": [{"document_id": "abc123", "chunk_index": 7}]},
    "index_fabricated": {"answer": WRONG, "citations": [7]},
    "object_correct": {"answer": CLAIM, "citations": [{"document_id": "abc123", "chunk_index": 0}]},
    "index_correct": {"answer": CLAIM, "citations": [1]},
}

WRAPS = {
    "preamble": "Here is the answer:\n{}",
    "preamble_blank_line": "Sure! Here is the JSON you asked for.\n\n{}",
    "preamble_two_lines": "Sure!\nHere is the answer:\n{}",
    "preamble_crlf": "Here is the answer:\r\n{}\r\n",
    "preamble_and_closing": "Here is the answer:\n{}\nLet me know if you need anything else.",
    "fence_after_preamble": "Sure!\n```json\n{}\n```",
    "tilde_fence_after_preamble": "Sure!\n~~~json\n{}\n~~~",
    "fence_and_closing": "Sure!\n```json\n{}\n```\nHope this helps!",
    "fence_on_one_line": "```json {} ```",
    "fence_on_one_line_after_preamble": "Here you go: ```json {} ```",
    "unclosed_fence_after_preamble": "Sure!\n```json\n{}",
}


@pytest.fixture(scope="module")
def wrapped_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Each of ANSWERS in each of WRAPS (answer id `<wrap>--<answer>`), audited by one real `citeaudit run`: an
    answer is audited on its own, so the one audit serves each wrap's test (which reads its own answers only)."""
    rows = [
        make_answer(f"{name}--{k}", wrap.format(json.dumps(v)), CTX)
        for name, wrap in WRAPS.items()
        for k, v in ANSWERS.items()
    ]
    return audited(tmp_path_factory.mktemp("wraps"), rows)


def _of_wrap(rows: list[tuple], wrap: str) -> list[tuple]:
    """The rows (answer id first) of `wrap`'s answers, each under its ANSWERS key."""
    return [(a.split("--", 1)[1], *rest) for a, *rest in rows if a.split("--", 1)[0] == wrap]


@pytest.mark.parametrize("wrap", WRAPS)
def test_structured_output_after_a_line_of_prose_is_structured_output(wrapped_db: Path, wrap: str) -> None:
    # read as prose, the JSON was the audited text: a citation object holds no marker, so a fabricated chunk and a
    # changed figure came out YELLOW `no_citations` (inside a fence it was code, the same), never checked
    db = wrapped_db
    sql = "SELECT answer_id, structured_output, level, flags FROM answer_audit"
    got = {a: (s, lv, f) for a, s, lv, f in _of_wrap(q(db, sql), wrap)}
    assert got == {
        "object_fabricated": (True, "RED", []),
        "index_fabricated": (True, "RED", []),
        "object_correct": (True, "GREEN", []),
        "index_correct": (True, "GREEN", []),
    }
    cite_rows = _of_wrap(q(db, "SELECT answer_id, marker, verdict, reasons FROM citation_audit"), wrap)
    cites = {a: (m, v, r) for a, m, v, r in cite_rows}
    assert cites["object_fabricated"] == ("citations[0]", "fabricated", ["unknown_chunk"])
    assert cites["index_fabricated"] == ("citations[0]", "fabricated", ["index_out_of_range"])
    assert cites["object_correct"][:2] == cites["index_correct"][:2] == ("citations[0]", "verified")
    texts = dict(_of_wrap(q(db, "SELECT answer_id, answer_text FROM answer_audit"), wrap))
    assert texts == {k: v["answer"] for k, v in ANSWERS.items()}


PROSE = {
    # a JSON code sample that is not an answer: no `answer` text
    "config_sample": CLAIM + ' [1]\nTo change it, set:\n```json\n{"refund_window_days": 30, "ids": [2]}\n```',
    "bare_sample": 'To change the window, send:\n{"refund_window_days": 30, "ids": [2]}\n' + CLAIM + " [1]",
    # an answer-shaped example after prose that cites: the prose is the answer, the JSON a sample in it
    "answer_shaped_sample": CLAIM
    + ' [1]\nA structured reply looks like:\n```json\n{"answer": "x", "citations": [2]}\n```',
    # more than a short preamble before the JSON: a paragraph of prose
    "long_preamble": "Refunds are a common question.\nThe policy was revised this year.\nIt applies to every store.\n"
    + json.dumps({"answer": "x", "citations": [2]}),
    # a closing line that cites is prose of its own
    "closing_cites": "Here is the answer:\n" + json.dumps({"answer": CLAIM, "citations": [1]}) + "\nSee also [2].",
    "braces_in_prose": "All returns {of any kind} must be made within 30 days of purchase date [1].",
    "broken_json_after_preamble": 'Here is the answer:\n{"answer": "' + CLAIM + ' [1]", "citations": [1',
}


@batched([make_answer(k, v, CTX) for k, v in PROSE.items()])
def test_prose_holding_braces_or_a_json_sample_stays_prose(answers_db: Path) -> None:
    # the rule: JSON after (or before) a short marker-free preamble is the answer only when it parses and has the
    # shape of structured output (an `answer` text, a final event); anything else is prose, as before, unflagged
    db = answers_db
    got = {a: (s, f) for a, s, f in q(db, "SELECT answer_id, structured_output, flags FROM answer_audit")}
    assert got == {k: (False, []) for k in PROSE}
    texts = dict(q(db, "SELECT answer_id, answer_text FROM answer_audit"))
    assert texts == PROSE
    markers = q(db, "SELECT answer_id, marker, verdict FROM citation_audit ORDER BY answer_id, citation_ord")
    # markers inside the code fences are code; the bare sample's `[2]` is read as a marker, as it always was
    assert ("config_sample", "[1]", "verified") in markers
    assert ("answer_shaped_sample", "[1]", "verified") in markers
    assert [m for a, m, _ in markers if a in ("config_sample", "answer_shaped_sample")] == ["[1]", "[1]"]


FALSE = "Refunds take 90 days to process."
AROUND = {
    # a false statement beside the payload: no citation checks it, so it is an uncited claim of the answer, as it
    # would be in prose (it was neither audited nor counted: coverage 1.0, no uncited claim)
    "statement_in_preamble": f"Sure! {FALSE}\n```json\n{{}}\n```",
    "statement_before_bare_json": f"{FALSE}\n{{}}",
    "statement_in_closing_line": "Here is the answer:\n{}\n" + FALSE,
    "statement_after_fence": f"```json {{}} ```\n{FALSE}",
    "greetings_only": "Sure! Here is the answer:\n```json\n{}\n```\nHope this helps!",
    # the payload's own answer said again before it is audited there, no uncited claim (it was a false alarm)
    "answer_repeated": CLAIM.upper() + "\n{}",
}


PAYLOAD = json.dumps(ANSWERS["object_correct"])


@batched([make_answer(k, w.replace("{}", PAYLOAD), CTX) for k, w in AROUND.items()])
def test_a_statement_around_the_payload_is_an_uncited_claim(answers_db: Path) -> None:
    db = answers_db
    sql = "SELECT answer_id, structured_output, n_claims, n_uncited_claims, coverage, level FROM answer_audit"
    got = {a: rest for a, *rest in q(db, sql)}
    for k in AROUND:
        if k in ("greetings_only", "answer_repeated"):
            assert got[k] == [True, 1, 0, 1.0, "GREEN"], k
        else:
            assert got[k] == [True, 2, 1, 0.5, "GREEN"], k  # GREEN at the default min_coverage of 0, as in prose
    uncited = q(db, "SELECT answer_id, sentence, best_rank, char_start, char_end FROM uncited_claims ORDER BY 1")
    answers = {k: w.replace("{}", PAYLOAD) for k, w in AROUND.items()}
    assert [(a, s, r) for a, s, r, _, _ in uncited] == [(k, FALSE, 1) for k in sorted(AROUND) if FALSE in AROUND[k]]
    # offsets into the answer as logged (the text around the payload is no part of answer_text)
    assert all(answers[a][b:e] == FALSE for a, _, _, b, e in uncited)
    cites = q(db, "SELECT answer_id, verdict FROM citation_audit")
    assert sorted(cites) == sorted((k, "verified") for k in AROUND)


GOOD = json.dumps(ANSWERS["object_correct"])
OTHER = json.dumps({"answer": "Returns take 90 days.", "citations": [{"document_id": "abc123", "chunk_index": 0}]})
TEXTS = {
    "second_bare": f"Here is the answer:\n{GOOD}\n{OTHER}",
    "second_fence_on_one_line": f"```json {GOOD} ```\n```json {OTHER} ```",
    "example_before_fence": f"Example: {OTHER}\n```json\n{GOOD}\n```",
    "list_after": f"Here is the answer:\n{GOOD}\n" + json.dumps([{"type": "final", "data": "Refunds: 90 days."}]),
}


@batched([make_answer(k, v, CTX) for k, v in TEXTS.items()])
def test_a_second_payload_beside_the_payload_is_no_preamble(answers_db: Path) -> None:
    # a JSON answer in the line before or after another (two answers, or an "example" before the real one) was
    # taken as the text around the payload: the other answer, wrong and with its own citation, was never checked,
    # and the whole came out GREEN. Which of the two the user saw is unknown: such text stays prose, as JSON after a
    # paragraph does (its claims uncited, YELLOW), never GREEN on one of them
    db = answers_db
    sql = "SELECT answer_id, structured_output, level, flags FROM answer_audit"
    got = {a: (s, lv, f) for a, s, lv, f in q(db, sql)}
    assert got == {k: (False, "YELLOW", ["no_citations"]) for k in TEXTS}
    assert dict(q(db, "SELECT answer_id, answer_text FROM answer_audit")) == TEXTS


NOTES = [
    "Here's the JSON you requested.",
    "Certainly! Here is the response in JSON format.",
    "Based on the provided documents, here is the answer.",
    "Below is the structured answer with citations.",
    "I have formatted the answer as JSON.",
]


@pytest.mark.parametrize("note", NOTES)
def test_a_line_about_the_payload_is_no_claim(tmp_path: Path, note: str) -> None:
    # the common preambles that only announce the payload state nothing of the sources: as uncited claims they were
    # false alarms on every such answer. A figure, or words after a colon, still make a line a claim
    payload = json.dumps(ANSWERS["object_correct"])
    rows = [
        make_answer("fence", f"{note}\n```json\n{payload}\n```", CTX),
        make_answer("bare", f"{note}\n{payload}", CTX),
        make_answer("stated", f"{note.rstrip('.')}: refunds are not accepted.\n{payload}", CTX),
        make_answer("figure", f"{note} Refunds take 90 days.\n{payload}", CTX),
        make_answer("figure_in_note", f"{note.rstrip('.')}, refunds take 90 days.\n{payload}", CTX),
    ]
    db = audited(tmp_path, rows)
    got = dict(q(db, "SELECT answer_id, n_uncited_claims FROM answer_audit"))
    assert got == {"fence": 0, "bare": 0, "stated": 1, "figure": 1, "figure_in_note": 1}


def _shaped_payload_rows() -> list[dict[str, Any]]:
    """The rows of `test_an_answer_shaped_payload_without_an_answer_text_fails_to_parse`."""
    fab = [{"document_id": "zzz", "chunk_index": 9}]
    docs = {
        "null_answer": {"answer": None, "citations": fab},
        "object_answer": {"answer": {"text": CLAIM}, "citations": fab},
        "citations_only": {"text": CLAIM, "citations": fab},
    }
    rows = [make_answer(k, "Here is the answer:\n" + json.dumps(d), CTX) for k, d in docs.items()]
    rows += [make_answer(k + "_fence", "Sure!\n```json\n" + json.dumps(d) + "\n```", CTX) for k, d in docs.items()]
    rows.append(make_answer("config", 'Here is the setting:\n```json\n{"refund_window_days": 30}\n```', CTX))
    return rows


SHAPED_PAYLOAD_ROWS = _shaped_payload_rows()


@batched(SHAPED_PAYLOAD_ROWS)
def test_an_answer_shaped_payload_without_an_answer_text_fails_to_parse(answers_db: Path) -> None:
    # JSON after a preamble that names `answer` or `citations` but holds no answer text (null, an object) is
    # structured output that cannot be read, as it is without the preamble (RED structured_parse_failed): it was
    # prose, unflagged, its fabricated citation object never seen (YELLOW no_citations). A JSON code sample that is
    # not answer-shaped stays prose, unflagged
    db = answers_db
    got = {a: (p, lv) for a, p, lv in q(db, "SELECT answer_id, structured_parse_failed, level FROM answer_audit")}
    assert got.pop("config")[0] is False
    assert got == {r["answer_id"]: (True, "RED") for r in SHAPED_PAYLOAD_ROWS[:-1]}
