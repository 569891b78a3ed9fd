"""A reasoning model's thinking in its logged output (`<think>...</think>` before the answer: DeepSeek-R1, QwQ,
Qwen3; a prompted `<thinking>` or `<reasoning>` block) is no part of the answer: its markers cite nothing and its
sentences are no claims (they were citations whose claims were the model's musings, and uncited claims: a correct
answer RED). Blanked, every character but a line end a space, so offsets into the answer stay. Pure."""

from __future__ import annotations

import re

# the cheap test in DuckDB for an answer that may hold a block (extract.sql hands only those to `blank_reasoning`)
MAY_REASON = r"(?i)</(?:think|thinking|reasoning)[ \t]*>"
_CLOSE = re.compile(MAY_REASON)
_BLOCK = re.compile(r"(?is)<(think|thinking|reasoning)[ \t]*>.*?</\1[ \t]*>")


def _blank(text: str) -> str:
    return re.sub(r"[^\r\n]", " ", text)


def blank_reasoning(text: str) -> str:
    """`text` with each thinking block blanked: `<think>...</think>` (also `thinking`, `reasoning`), and the text
    before a closing tag that no opening one precedes (a chat template opens the block in the prompt, so the output
    holds its close alone)."""
    first = _CLOSE.search(text)
    if first is None:
        return text
    name = re.escape(first.group(0)[2:].rstrip(" \t>"))
    if not re.search(rf"(?i)<{name}[ \t]*>", text[: first.start()]):
        text = _blank(text[: first.end()]) + text[first.end() :]
    return _BLOCK.sub(lambda m: _blank(m.group(0)), text)
