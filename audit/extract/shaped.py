"""What the readers of other systems' log formats share (audit.extract.shapes, audit.extract.anthropic): the
citation object that names a logged field it could not read, a logged number read as an integer, and a reader's
error kept to its answer."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

log = logging.getLogger("audit.extract.shapes")

# the key of a citation object made here that names the logged field it could not read (read only for shaped answers)
MALFORMED = "citeaudit_malformed"


def as_int(v: Any) -> int | None:
    """An integer, or a float that is a whole number, as an int; anything else (a bool, text) None."""
    if isinstance(v, bool):
        return None
    if isinstance(v, int):
        return v
    if isinstance(v, float) and v.is_integer():
        return int(v)
    return None


def bad(field: str, raw: Any, **kw: Any) -> dict[str, Any]:
    """A citation that cannot be read: `malformed_citation:<field>`, the item as logged its `cited_ref`."""
    return {MALFORMED: field, "raw": raw} | kw


def read_guarded(read: Callable[[str], dict[str, Any] | None], answer_id: str, text: str) -> dict[str, Any] | None:
    """`read(text)`; where the reader breaks on this answer (a bug: the readers run over every answer at once, outside
    the assessment's per-answer guard, and one such error stopped the whole run), None: the answer is read as the
    plain structured output it is (an unknown format: structured_parse_failed), the error logged."""
    try:
        return read(text)
    except Exception as exc:
        log.warning("answer %s: its log format could not be read (%s: %s)", answer_id, type(exc).__name__, exc)
        return None
