"""A reasoning model's thinking block blanked, the offsets kept (`audit/extract/reasoning.py`)."""

from __future__ import annotations

import pytest

from audit.extract.reasoning import blank_reasoning


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("<think>Source [2] it is.</think>\n\nRefunds take 30 days. [1]", "\n\nRefunds take 30 days. [1]"),
        ("Hmm, source [2]?\n</think>\nRefunds take 30 days. [1]", "\n\nRefunds take 30 days. [1]"),  # close alone
        ("<Thinking>a [2]</THINKING> b <reasoning>c</reasoning> d", " b  d"),
        ("Use <think> tags. [1]", "Use <think> tags. [1]"),  # never closed: no block
        ("<think>x" * 2000 + "</thinking> y [1]", "<think>x" * 2000 + "</thinking> y [1]"),  # other names
    ],
)
def test_a_thinking_block_is_blanked_and_the_answer_kept_in_place(text: str, kept: str) -> None:
    got = blank_reasoning(text)
    assert len(got) == len(text)
    assert " ".join(got.split()) == " ".join(kept.split())
