"""A reasoning model's thinking in its logged output (`<think>...</think>` before the answer: DeepSeek-R1, QwQ,
Qwen3; a prompted `<thinking>` or `<reasoning>` block) is no part of the answer: its markers cite nothing and its
sentences are no claims (they were citations whose claims were the model's musings, and uncited claims: a correct
answer RED). Blanked, every character but a line end a space, so offsets into the answer stay. Pure."""

from __future__ import annotations

import re

# the cheap test in DuckDB for an answer that may hold a block (extract.sql hands only those to `blank_reasoning`)
MAY_REASON = r"(?i)</(?:think|thinking|reasoning)[ \t]*>"
_CLOSE = re.compile(MAY_REASON)
_TAG = re.compile(r"(?i)<(/?)(think|thinking|reasoning)[ \t]*>")


def _blank(text: str) -> str:
    return re.sub(r"[^\r\n]", " ", text)


def blank_reasoning(text: str) -> str:
    """`text` with each thinking block blanked: `<think>...</think>` (also `thinking`, `reasoning`), and the text
    before a closing tag that no opening one precedes (a chat template opens the block in the prompt, so the output
    holds its close alone)."""
    if _CLOSE.search(text) is None:
        return text
    # one pass over the tags (a lazy `<think>.*?</think>` read to the text's end from every opening never closed:
    # quadratic, a minute for 450 KB of them): a block opens at a tag, closes at the first close of its name
    spans: list[tuple[int, int]] = []
    open_at: tuple[int, str] | None = None
    for m in _TAG.finditer(text):
        name = m.group(2).lower()
        if open_at is None and not m.group(1):
            open_at = (m.start(), name)
        elif open_at is not None and m.group(1) and name == open_at[1]:
            spans.append((open_at[0], m.end()))
            open_at = None
        elif open_at is None and not spans and m.group(1):  # a close no opening precedes: its text before it
            spans.append((0, m.end()))
    pieces, last = [], 0
    for a, b in spans:
        pieces += [text[last:a], _blank(text[a:b])]
        last = b
    return "".join(pieces) + text[last:]
