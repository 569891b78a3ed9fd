"""Logged text as the review page shows it: escaped, control characters written out, and cut when long.

Logged text is hostile and unbounded: a 50,000-character claim, answer or model name shown whole made the page
unusable, and a bidi override (U+202E) made `evil<RLO>tnanet` read `eviltenant`. Every text is escaped; control
characters are written out (`\\u202e`, `\\x00`) as on the terminal and in the charts (`audit.errors.terminal_text`);
a text longer than its `shown` characters shows that many, and the rest, up to `kept` characters, sits behind a
`<details>` element (readable without JavaScript); beyond `kept` the page says how much is left out, which bounds the
page's size whatever is logged.
"""

from __future__ import annotations

import hashlib
import html
from collections.abc import Sequence
from typing import Any

from audit.errors import terminal_text

NONE_LABEL = "(none)"
TEXT_SHOWN, TEXT_KEPT = 400, 5_000  # claims, evidence in their source: characters shown, and kept behind "more"
NAME_SHOWN, NAME_KEPT = 60, 1_000  # ids, tenants, models, doc ids, markers, reasons

Part = tuple[str, bool]  # a piece of text, and whether it is highlighted (<mark>)


def _render(parts: Sequence[Part], one_line: bool, tag: str) -> str:
    out = []
    for text, marked in parts:
        body = html.escape(terminal_text(text, one_line))
        if marked:
            out.append(f"<mark>{body}</mark>")
        elif body:
            out.append(f"<{tag}>{body}</{tag}>" if tag else body)
    return "".join(out)


def _split(parts: Sequence[Part], at: int) -> tuple[list[Part], list[Part]]:
    """`parts` cut after `at` characters (a highlighted part cut in two stays highlighted on both sides)."""
    head: list[Part] = []
    tail: list[Part] = []
    left = at
    for text, marked in parts:
        if left >= len(text):
            head.append((text, marked))
        elif left > 0:
            head.append((text[:left], marked))
            tail.append((text[left:], marked))
        else:
            tail.append((text, marked))
        left = max(left - len(text), 0)
    return head, tail


def parts_html(parts: Sequence[Part], shown: int, kept: int, one_line: bool = False, tag: str = "") -> str:
    """Text in parts as page HTML: whole when it is `shown` characters or fewer, else that many and the rest up to
    `kept` behind a `<details>`, with how many characters are left out beyond that. `tag` wraps plain parts
    (`code`)."""
    total = sum(len(text) for text, _ in parts)
    if total <= shown:
        return _render(parts, one_line, tag)
    head, rest = _split(parts, shown)
    more, _ = _split(rest, kept - shown)
    left_out = total - kept
    note = f'<span class="muted"> … {left_out:,} more characters left out</span>' if left_out > 0 else ""
    return (
        f'<details class="long"><summary>{_render(head, one_line, tag)}'
        f'<span class="more">… ({total:,} characters)</span></summary>'
        f"{_render(more, one_line, tag)}{note}</details>"
    )


def text_html(value: Any) -> str:
    """A logged text (a claim) for the page: newlines kept, cut at TEXT_SHOWN, at most TEXT_KEPT characters."""
    return "" if value is None else parts_html([(str(value), False)], TEXT_SHOWN, TEXT_KEPT)


def name_html(value: Any, tag: str = "") -> str:
    """A logged one-line value (an id, a tenant, a model) for the page: cut at NAME_SHOWN, at most NAME_KEPT;
    None shows as `(none)`."""
    if value is None:
        return NONE_LABEL
    return parts_html([(str(value), False)], NAME_SHOWN, NAME_KEPT, one_line=True, tag=tag)


ITEMS_SHOWN, ITEMS_KEPT = 6, 200  # a finding's reasons, an answer's flags


def names_html(values: Sequence[Any], tag: str = "code") -> str:
    """A list of logged names (a finding's reasons, an answer's flags), one a line: the first ITEMS_SHOWN, the rest up
    to ITEMS_KEPT behind a `<details>` saying how many (a claim of 60 numbers its source lacks listed 60 reasons, a
    row thousands of pixels high); "–" when there are none."""
    if not values:
        return "–"
    lines = [name_html(v, tag) for v in values[:ITEMS_KEPT]]
    if len(values) <= ITEMS_SHOWN:
        return "<br>".join(lines)
    left_out = len(values) - ITEMS_KEPT
    note = f'<br><span class="muted">… {left_out:,} more left out</span>' if left_out > 0 else ""
    return (
        f'<details class="long"><summary>{"<br>".join(lines[:ITEMS_SHOWN])}'
        f'<br><span class="more">… ({len(values):,} in all)</span></summary>'
        f"{'<br>'.join(lines[ITEMS_SHOWN:])}{note}</details>"
    )


def filter_key(value: Any) -> str:
    """The value a filter option and a row carry for a logged name (also its option's label): the name written out
    on one line, and when it is longer than NAME_SHOWN its start and a hash of the whole (short, still unique)."""
    if value is None:
        return NONE_LABEL
    text = str(value)
    if len(text) <= NAME_SHOWN:
        return terminal_text(text, one_line=True)
    return f"{terminal_text(text[:NAME_SHOWN], one_line=True)}…{hashlib.sha256(text.encode()).hexdigest()[:12]}"
