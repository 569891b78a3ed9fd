"""What the readers of other systems' log formats share (audit.extract.shapes, audit.extract.anthropic): the
citation object that names a logged field it could not read, a logged number read as an integer, a span of offsets
read in the unit they were counted in, and a reader's error kept to its answer."""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from functools import lru_cache
from typing import Any

log = logging.getLogger("audit.extract.shapes")

# the key of a citation object made here that names the logged field it could not read (read only for shaped answers)
MALFORMED = "citeaudit_malformed"
# a span's longest claim (a cite tag's longest), and how far back the sentence an annotation ends is looked for
MAX_SPAN, CLAIM_WINDOW = 20000, 2000
SENTENCE_END = re.compile(r"[.!?。！？]\s|\n")


def as_int(v: Any) -> int | None:
    """An integer, or a float that is a whole number, as an int; anything else (a bool, text) None."""
    if isinstance(v, bool):
        return None
    if isinstance(v, int):
        return v
    if isinstance(v, float) and v.is_integer():
        return int(v)
    return None


@lru_cache(maxsize=4)
def _encoded(text: str, codec: str) -> bytes:
    """`text` in `codec` (once per text: each span of a Vertex answer encoded it again)."""
    return text.encode(codec, "surrogatepass")


def span(text: str, start: Any, end: Any, quoted: Any, names: tuple[str, str], unit: str = "char") -> tuple[str, str]:
    """(the claim `text[start:end]`, "") or ("", the name of the offset field that cannot be read). Offsets
    counted in another unit (UTF-16 code units as JavaScript counts, UTF-8 bytes as Vertex AI does) are read so
    when the logged `quoted` text is what they point at; without a quote, in the format's own unit, unless an offset
    falls inside a character there (then it was counted in another: characters, as a logger recounting them does)."""
    s, e = as_int(start), as_int(end)
    if s is None or s < 0:
        return "", names[0]
    if e is None or e <= s:
        return "", names[1]
    in_range = False
    for u in [unit] + [x for x in ("char", "utf16", "utf8") if x != unit]:
        codec, width = {"char": (None, 1), "utf16": ("utf-16-le", 2), "utf8": ("utf-8", 1)}[u]
        data = _encoded(text, codec) if codec else None
        if e > (len(text) if data is None else len(data) // width):
            continue
        in_range = True
        if data is not None and not (_edge(data, s * width, u) and _edge(data, e * width, u)):
            continue  # an offset inside a character (a byte of it, half a surrogate pair) is none of this unit's
        piece = text[s:e] if data is None else data[s * width : e * width].decode(str(codec), "replace")
        if len(piece) > MAX_SPAN:  # a claim is a sentence or a few: 9,000 spans of 1 MB held 9 GB (MemoryError)
            return "", names[1]
        if not isinstance(quoted, str) or not quoted.strip():
            return piece, ""
        if piece.strip() == quoted.strip():
            return piece, ""
    return "", (names[0] if in_range else names[1])  # in range but at other text than its own, or past the text


def _edge(data: bytes, at: int, unit: str) -> bool:
    """Whether `at` is a character's edge in `data` (UTF-8: no continuation byte; UTF-16: no low surrogate)."""
    if at >= len(data):
        return True
    if unit == "utf8":
        return data[at] & 0xC0 != 0x80
    return not 0xDC <= data[at + 1] <= 0xDF  # little endian: a code unit's high byte second


def claim_before(text: str, at: int) -> str:
    """The sentence that ends at `at` (where an inline citation, a link or a file mark, was put), of at most
    `CLAIM_WINDOW` characters (the whole text before it was copied and searched for each annotation: 9,000 of them
    on a text of 1 MB without a sentence end held 9 GB, a MemoryError that stopped the run)."""
    prefix = text[max(0, at - CLAIM_WINDOW) : at].rstrip(" \t([（【")
    starts = [m.end() for m in SENTENCE_END.finditer(prefix[:-1])]
    return prefix[starts[-1] if starts else 0 :].strip()


def listed_names(found: Any, keys: tuple[str, ...], known: Callable[[str], bool]) -> list[str] | None:
    """The sources a list of a response's own search results or citations names, in order (the list its `[n]`
    number): each item's first field of `keys` that names a retrieved source (`known`), else its first given; None
    where one item names nothing (then they cannot number the markers: `[n]` stays the n-th retrieved context)."""
    if not isinstance(found, list) or not found:
        return None
    out = []
    for item in found:
        fields = item if isinstance(item, dict) else {}
        given = [v for k in keys if isinstance(v := fields.get(k), str) and v.strip()]
        if not given:
            return None
        out.append(next((v for v in given if known(v)), given[0]))
    return out


def source_named(src: Any, known: Callable[[str], bool]) -> dict[str, Any]:
    """A Cohere v2 source (`{"type": "tool", "id": ..., "tool_output": {...}}`, `{"type": "document", "document":
    {...}}`) by the url, title or id its document or tool output gives that names a retrieved source; {} if none."""
    body = src.get("document") or src.get("tool_output") if isinstance(src, dict) else None
    for key, field in (("url", "url"), ("title", "document_name"), ("id", "document_id")):
        if isinstance(body, dict) and isinstance(v := body.get(key), str) and known(v):
            return {field: v}
    return {}


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
