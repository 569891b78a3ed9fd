"""Anthropic's Messages API response with citations, read as structured output (audit.extract.shapes).

`{"content": [{"type": "text", "text": ..., "citations": [{"type": "char_location", "cited_text": ...,
"document_index": 0, ...}]}, ...]}` was `structured_parse_failed` (RED, the raw JSON audited as the claim) however
right. The text blocks joined are the answer; each citation of a block cites the block's text: `document_index` (a
`char_location`, `page_location` or `content_block_location`) the 0-based position of the document passed, as a
`source_index`; a `web_search_result_location` its `url`, a `search_result_location` its `source`; its `cited_text`
is the quote checked in the source. One that cannot be read is `malformed_citation:<field>` (`document_index`, `url`,
`source`, `type`, `not_an_object`, `citations`).
"""

from __future__ import annotations

from typing import Any

from audit.extract.shaped import as_int as _int
from audit.extract.shaped import bad as _bad

_POSITIONED = ("char_location", "page_location", "content_block_location")


def _one(c: Any, claim: str) -> dict[str, Any]:
    if not isinstance(c, dict):
        return _bad("not_an_object", c, claim_text=claim)
    quote = c.get("cited_text")
    out: dict[str, Any] = {"claim_text": claim} | ({"text_span": quote} if isinstance(quote, str) else {})
    kind = c.get("type")
    if kind in _POSITIONED or (kind is None and "document_index" in c):
        at = _int(c.get("document_index"))
        return out | {"source_index": at} if at is not None and at >= 0 else _bad("document_index", c, claim_text=claim)
    field = {"web_search_result_location": "url", "search_result_location": "source"}.get(str(kind))
    if field is None:
        return _bad("type", c, claim_text=claim)
    name = c.get(field)
    ok = isinstance(name, str) and name.strip()
    return out | {"document_name": name} if ok else _bad(field, c, claim_text=claim)


def anthropic_message(content: list[Any]) -> dict[str, Any] | None:
    """The structured output a message's `content` blocks stand for, or None (no text block)."""
    blocks = [b for b in content if isinstance(b, dict) and b.get("type") == "text" and isinstance(b.get("text"), str)]
    if not blocks:
        return None
    cites: list[dict[str, Any]] = []
    for b in blocks:
        refs, claim = b.get("citations"), b["text"].strip()
        if refs is None:
            continue
        if not isinstance(refs, list):
            cites.append(_bad("citations", refs, claim_text=claim))
            continue
        cites += [_one(c, claim) for c in refs]
    return {"answer": "".join(b["text"] for b in blocks), "citations": cites}
