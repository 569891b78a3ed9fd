"""Hostile inputs and log formats, round 10, each through the real `citeaudit run` on real Parquet and DuckDB files
(one run for the module's `@batched` answers): a citation written as users' RAG systems write it is read as one (not
lost, not counted as fabricated), and nothing of its marker stays in the claim."""

from __future__ import annotations

from pathlib import Path

from tests.cli.hostile import CTX, batched, cites_by_answer, logged_rows
from tests.conftest import query as q

REFUNDS, SHIPPING = (c["text"] for c in CTX)  # "Refunds take 30 days.", "Shipping is free over 50 euros."
# ChatGPT's citation marks as its exported answers hold them: private-use characters around `cite` (or `filecite`)
# and the ids of the search results it read, `turn0search0` (result 0 of the answer's search turn 0)
OPEN, SEP, CLOSE = "\ue200", "\ue202", "\ue201"


def _mark(*ids: str, kind: str = "cite") -> str:
    return OPEN + kind + "".join(SEP + i for i in ids) + CLOSE


def _file(*ids: str) -> str:
    return _mark(*ids, kind="filecite")


PRIVATE_USE = {
    "one": f"{REFUNDS}{_mark('turn0search0')} {SHIPPING}{_mark('turn0search1')}",
    "several": f"{REFUNDS} {_mark('turn0search0', 'turn0search3')}",
    "kinds": f"{REFUNDS}{_mark('turn1view0')} {SHIPPING}{_mark('turn0news1')}",
    "file": f"{REFUNDS}{_file('turn0file0')} {SHIPPING}{_file('turn0file1', 'L1-L3')}",
    # result 0 of the search is no rank: the shipping claim is checked against the source that supports it best
    "not_a_rank": f"{SHIPPING}{_mark('turn0search0')}",
    "wrong": f"Refunds take 90 days.{_mark('turn0search0')}",
    # a mark's character left alone (a mark cut short, or of another kind) is no part of the claim
    "stray": f"Refunds take 30 days{OPEN}.{_mark('turn0search0')}",
}


@batched(logged_rows(PRIVATE_USE))
def test_chatgpt_private_use_cite_marks_are_checked_against_the_retrieved_sources(answers_db: Path) -> None:
    # `\ue200cite\ue202turn0search0\ue201` (ChatGPT's exported answers, and `filecite` for an uploaded file): no
    # marker, YELLOW no_citations however wrong, and the private-use characters and ids stayed in the claim. Its ids
    # are a search turn's result indexes, which a log's contexts do not carry: like `【1†source】`, one of the sources
    # retrieved, the one that supports the claim best
    got = {a: [(rank, v, c) for _, rank, v, c in cs] for a, cs in cites_by_answer(answers_db).items()}
    for a in ("one", "kinds", "file"):
        assert got.get(a) == [(1, "verified", REFUNDS), (2, "verified", SHIPPING)], (a, got.get(a))
    assert got["several"] == got["stray"] == [(1, "verified", REFUNDS)], got
    assert got["not_a_rank"] == [(2, "verified", SHIPPING)], got
    ((_, wrong, claim),) = got["wrong"]
    assert wrong not in ("verified", "fabricated") and claim == "Refunds take 90 days.", got
    refs = [ref for cs in cites_by_answer(answers_db).values() for ref, *_ in cs]
    assert not any(c in ref for ref in refs for c in OPEN + SEP + CLOSE), refs


JOINED = "Refunds take 30 days and shipping is free over 50 euros."
ESCAPED = {
    "amp": f"{JOINED[:-1]} [1 &amp; 2].",
    "paren": f"{JOINED[:-1]} (Sources 1 &amp; 2).",
    "twice": f"{JOINED[:-1]} [1 &amp;amp; 2].",
    "html": f"{JOINED[:-1]} &#91;1 &amp; 2&#93;.",
    "wrong": f"{REFUNDS} [2 &amp; 2]",
}


@batched(logged_rows(ESCAPED))
def test_an_escaped_ampersand_between_positions_separates_them(answers_db: Path) -> None:
    # `[1 &amp; 2]` (the answer HTML-escaped by a logger; round 9 reads `[1 & 2]`): no marker, YELLOW no_citations
    # however wrong the source, and the marker stayed in the claim
    got = {a: [(ref, v, c) for ref, _, v, c in cs] for a, cs in cites_by_answer(answers_db).items()}
    for a in ("amp", "paren", "twice", "html"):
        assert got.get(a) == [("1", "verified", JOINED), ("2", "verified", JOINED)], (a, got.get(a))
    assert got["wrong"] == [("2", "misattributed", REFUNDS)], got


ZWJ, ZWNJ = "\u200d", "\u200c"
JOINERS = {
    "before": f"{REFUNDS} {ZWNJ}[1] {SHIPPING} {ZWNJ}[2]",
    "after_stop": f"{REFUNDS}{ZWJ}[1] {SHIPPING}{ZWJ} [2]",
    "around": f"{REFUNDS} [{ZWJ}1] {SHIPPING} {ZWJ}[2]{ZWJ}",
    "after": f"{REFUNDS} [1]{ZWJ} {SHIPPING} [2]{ZWJ}",
    "wrong": f"{REFUNDS} {ZWNJ}[2]",
    # inside a word a joiner is the word's (Persian writes one), and an emoji's sequence keeps its joiners
    "word": f"Refunds take 30 days at the Tehran{ZWNJ}Mall desk. [1]",
}


@batched(logged_rows(JOINERS))
def test_a_zero_width_joiner_beside_a_marker_is_no_part_of_a_claim(answers_db: Path) -> None:
    # `days. \u200c[1]`, `days.\u200d[1]`, `[2]\u200d` (a renderer or a copy leaving a zero-width joiner or
    # non-joiner beside the marker): the marker went to the next sentence (a right citation misattributed), the
    # sentences ran together (unsupported), or a claim was the joiners alone (unsupported)
    got = {a: [(ref, v, c) for ref, _, v, c in cs] for a, cs in cites_by_answer(answers_db).items()}
    for a in ("before", "after_stop", "around", "after"):
        assert got.get(a) == [("1", "verified", REFUNDS), ("2", "verified", SHIPPING)], (a, got.get(a))
    assert got["wrong"] == [("2", "misattributed", REFUNDS)], got
    assert got["word"][0][2] == f"Refunds take 30 days at the Tehran{ZWNJ}Mall desk.", got


FULL_WIDTH = {
    "range": f"{JOINED[:-1]}［１－２］.",
    "amp": f"{JOINED[:-1]}［１＆２］.",
    "wrong": f"{REFUNDS}［２－２］",
}


@batched(logged_rows(FULL_WIDTH))
def test_a_full_width_dash_or_ampersand_between_positions_separates_them(answers_db: Path) -> None:
    # `［１－２］`, `［１＆２］` (an input method in full-width mode; `［１，２］` was read): no marker, YELLOW
    # no_citations however wrong the source
    got = {a: [(ref, v) for ref, _, v, _ in cs] for a, cs in cites_by_answer(answers_db).items()}
    for a in ("range", "amp"):
        assert got.get(a) == [("1", "verified"), ("2", "verified")], (a, got.get(a))
    assert got["wrong"] == [("2", "misattributed")], got


CUT = {
    # an answer logged cut short inside its last mark: that sentence is uncited, and the mark's words no part of it
    "cut": f"{REFUNDS}{_mark('turn0search0')} {SHIPPING}{OPEN}cite{SEP}turn0sea",
    "cut_file": f"{REFUNDS}{_mark('turn0search0')} {SHIPPING}{OPEN}filecite",
}


@batched(logged_rows(CUT))
def test_a_chatgpt_mark_cut_short_is_no_part_of_the_claim(answers_db: Path) -> None:
    # `days.\ue200cite\ue202turn0sea` (a log cutting the answer inside a mark): "euros.citeturn0sea" was the claim
    got = {a: [(v, c) for _, _, v, c in cs] for a, cs in cites_by_answer(answers_db).items()}
    assert got["cut"] == got["cut_file"] == [("verified", REFUNDS)], got
    uncited = dict(q(answers_db, "SELECT answer_id, sentence FROM uncited_claims"))
    assert uncited == {"cut": SHIPPING, "cut_file": SHIPPING}, uncited
