"""Mistral's chat completion whose message content is chunks, read as structured output (audit.extract.shapes).

With documents or a search tool, Mistral answers `{"choices": [{"message": {"content": [{"type": "text", "text":
...}, {"type": "reference", "reference_ids": [0, 1]}, ...]}}]}`: it was `structured_parse_failed` (RED, the raw JSON
audited as the claim) however right. The text chunks joined are the answer; each reference chunk cites the sentence
before it (`shaped.claim_before`), each id the 0-based position of a source passed, as a `source_index` (Anthropic's
`document_index` is read so). A reference that cannot be read is `malformed_citation:reference_ids`.
"""

from __future__ import annotations

from typing import Any

from audit.extract.shaped import as_int as _int
from audit.extract.shaped import bad as _bad
from audit.extract.shaped import claim_before


def _is_chunk(c: Any, kind: str) -> bool:
    return isinstance(c, dict) and c.get("type") == kind


def mistral_content(chunks: list[Any]) -> dict[str, Any] | None:
    """The structured output a message's content chunks stand for, or None (no reference chunk, or no text)."""
    if not any(_is_chunk(c, "reference") for c in chunks) or not any(_is_chunk(c, "text") for c in chunks):
        return None
    text, cites = "", []
    for c in chunks:
        if _is_chunk(c, "text") and isinstance(c.get("text"), str):
            text += c["text"]
        elif _is_chunk(c, "reference"):
            claim = claim_before(text, len(text))
            ids = c.get("reference_ids")
            if not isinstance(ids, list) or not ids:
                cites.append(_bad("reference_ids", c, claim_text=claim))
                continue
            for i in ids:
                at = _int(i)
                ok = at is not None and at >= 0
                cites.append(
                    {"source_index": at, "claim_text": claim} if ok else _bad("reference_ids", i, claim_text=claim)
                )
    return {"answer": text, "citations": cites}
