"""What the readers of other systems' log formats share (audit.extract.shapes, audit.extract.anthropic): the
citation object that names a logged field it could not read, and a logged number read as an integer."""

from __future__ import annotations

from typing import Any

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
