"""Hostile inputs and log formats, round 16, each through the real `citeaudit run` on real Parquet and DuckDB files
(one run for the module's `@batched` answers): markers in brackets and HTML that Chinese assistants and HTML answers
write, a marker whose link label holds the source's title, a pointer opening the answer, segments' citations counted
from 0."""

from __future__ import annotations

from pathlib import Path

from tests.cli.hostile import (
    BOTH,
    SWAPPED,
    R,
    S,
    batched,
    logged_rows,
    uncited_by_answer,
    verdicts_by_answer,
)
from tests.cli.hostile import (
    CTX_REFUNDS as REFUNDS,
)
from tests.cli.hostile import (
    CTX_SHIPPING as SHIPPING,
)

BRACKETS = {
    "tortoise": f"{R}〔1〕. {S}〔2〕.",
    "white_lenticular": f"{R}〖1〗. {S}〖2〗.",
    "wrong": f"{R}〔2〕. {S}〔1〕.",  # written after the rule
    "words": f"{R} [1]. 〔Note〕 {S} [2].",
}


@batched(logged_rows(BRACKETS))
def test_tortoise_shell_and_white_lenticular_brackets_are_markers(answers_db: Path) -> None:
    # `days〔1〕.` was no marker: no_citations, YELLOW however wrong the source (round 15 left it)
    got = verdicts_by_answer(answers_db)
    assert got["tortoise"] == BOTH and got["white_lenticular"] == BOTH, got
    assert got["wrong"] == SWAPPED, got["wrong"]
    assert [ref for ref, _, _ in got["words"]] == ["1", "2"], got["words"]  # a bracketed word stays text
    assert not set(uncited_by_answer(answers_db)) & {"tortoise", "white_lenticular", "wrong"}, uncited_by_answer(
        answers_db
    )


HTML = {
    "sup_link": f'<p>{R}<sup><a href="#ref1">1</a></sup>. {S}<sup><a href="#ref2">2</a></sup>.</p>',
    "a_bracket": f'<p>{R} <a href="#ref1">[1]</a>. {S} <a href="#ref2">[2]</a>.</p>',
    "wrong": f'<div>{R}<sup><a href="#ref2">2</a></sup>. {S}<sup><a href="#ref1">1</a></sup>.</div>',  # after the rule
    "p_each": f"<p>{R} [1].</p>\n<p>{S} [2].</p>",  # written after the rule
}


@batched(logged_rows(HTML))
def test_an_html_answers_raised_links_are_markers_and_its_block_tags_leave_the_claim(answers_db: Path) -> None:
    # `days<sup><a href="#ref1">1</a></sup>` was no marker (no_citations, YELLOW); `<p>` stayed in the claim (weak)
    got = verdicts_by_answer(answers_db)
    assert got["sup_link"] == BOTH and got["a_bracket"] == BOTH, got
    assert got["wrong"] == SWAPPED, got["wrong"]
    assert got["p_each"] == BOTH, got["p_each"]


LINKS = {
    "titled": f"{R} [[1] Refund Policy](https://x.org/d1). {S} [[2] Shipping](https://x.org/d2).",
    "wrong": f"{R} [[2] Shipping](https://x.org/d2). {S} [[1] Refund Policy](https://x.org/d1).",  # after the rule
    "see": f"{R} [see [1]](https://x.org/d1). {S} [2].",
}


@batched(logged_rows(LINKS))
def test_a_link_labelled_with_its_marker_and_title_leaves_the_title_out_of_the_claim(answers_db: Path) -> None:
    # `days [[1] Refund Policy](https://...)` checked "Refunds take 30 days Refund Policy." (weak missing_name)
    got = verdicts_by_answer(answers_db)
    assert got["titled"] == BOTH, got["titled"]
    assert got["wrong"] == SWAPPED, got["wrong"]
    assert got["see"] == BOTH, got["see"]  # round 15's label: as before


OPENING = {
    "see": f"See [1]. {REFUNDS} {S} [2].",
    "paren": f"(See [1].) {REFUNDS} {S} [2].",
    "wrong": f"See [2]. {REFUNDS} {S} [1].",  # written after the rule
    "pointers": "See [1]. See also [2].",
}


@batched(logged_rows(OPENING))
def test_a_pointer_opening_the_answer_cites_the_sentence_after_it(answers_db: Path) -> None:
    # `See [1]. Refunds take 30 days.` cited "." (empty_claim, unsupported, RED) and left the sentence uncited
    got = verdicts_by_answer(answers_db)
    assert got["see"] == BOTH and got["paren"] == BOTH, got
    assert got["wrong"] == SWAPPED, got["wrong"]
    assert [c for _, _, c in got["pointers"]] == [".", "."], got["pointers"]  # nothing but pointers: as before
    assert not set(uncited_by_answer(answers_db)) & {"see", "paren", "wrong"}, uncited_by_answer(answers_db)


ZERO = {
    "segments": {"answer": [{"text": REFUNDS, "citations": [0]}, {"text": SHIPPING, "citations": [1]}]},
    "sentences": {"sentences": [{"text": REFUNDS, "citations": ["0"]}, {"text": SHIPPING, "citations": ["1"]}]},
    "wrong": {"answer": [{"text": REFUNDS, "citations": [1]}, {"text": SHIPPING, "citations": [0]}]},  # after
    "from_one": {"answer": [{"text": REFUNDS, "citations": [1]}, {"text": SHIPPING, "citations": [2]}]},
}


@batched(logged_rows(ZERO))
def test_segments_citations_counted_from_zero_are_read_so(answers_db: Path) -> None:
    # `[{"text": ..., "citations": [0]}, ...]`: 0 was fabricated and 1 misattributed (round 15 left it)
    got = verdicts_by_answer(answers_db)
    want = [("0", "verified", REFUNDS), ("1", "verified", SHIPPING)]
    assert got["segments"] == want and got["sentences"] == want, got
    assert got["wrong"] == [("1", "misattributed", REFUNDS), ("0", "misattributed", SHIPPING)], got["wrong"]
    assert got["from_one"] == BOTH, got["from_one"]
