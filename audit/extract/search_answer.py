"""Vertex AI Search's answer (Discovery Engine `servingConfigs.answer`), read as structured output
(audit.extract.shapes).

`{"answer": {"answerText": ..., "citations": [{"startIndex": "0", "endIndex": "21", "sources": [{"referenceId":
"0"}]}], "references": [{"chunkInfo": {"content", "documentMetadata": {"uri", "title"}}}, {"unstructuredDocumentInfo":
{"uri", "title", "chunkContents"}}]}}` was `structured_parse_failed` (RED: an `answer` that is no text) however
right. `answerText` is the answer; each citation cites its span (UTF-8 byte offsets, as the API counts, or characters
where an offset falls inside a character's bytes; proto JSON writes them as text, `"21"`) by each of its sources'
reference: `referenceId` the 0-based position of one of `references`, named by its document's `uri` (else `title`,
else its resource name `document`; the first a retrieved source carries). The Python SDK's snake-case dump
(`answer_text`, `start_index`, `reference_id`) is read as its camel-case names. One that cannot be read is
`malformed_citation:<field>` (`startIndex`, `endIndex`, `sources`, `referenceId`, `not_an_object`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from audit.extract.grounding import camel
from audit.extract.shaped import as_int
from audit.extract.shaped import bad as _bad
from audit.extract.shaped import span as _span


def _number(v: Any) -> Any:
    """A proto JSON int64 (`"21"`) as the integer it writes; anything else as logged."""
    return int(v) if isinstance(v, str) and v.strip().isdigit() else v


def _name(ref: Any, known: Callable[[str], bool]) -> str | None:
    """The name of the document a reference is a part of: its uri, title or resource name, the first a retrieved
    source carries, else the first given."""
    if not isinstance(ref, dict):
        return None
    chunk = ref.get("chunkInfo")
    meta = chunk.get("documentMetadata") if isinstance(chunk, dict) else None
    meta = meta if isinstance(meta, dict) else ref.get("unstructuredDocumentInfo") or ref.get("structuredDocumentInfo")
    if not isinstance(meta, dict):
        return None
    names = [n for n in (meta.get("uri"), meta.get("title"), meta.get("document")) if isinstance(n, str) and n.strip()]
    return next((n for n in names if known(n)), names[0] if names else None)


def search_answer(doc: dict[str, Any], known: Callable[[str], bool]) -> dict[str, Any] | None:
    """The structured output a Vertex AI Search answer stands for, or None (no `answerText`)."""
    ans = camel(doc.get("answer"))
    if not isinstance(ans, dict) or not isinstance(ans.get("answerText"), str):
        return None
    text, refs = ans["answerText"], ans.get("references")
    refs = refs if isinstance(refs, list) else []
    out: list[dict[str, Any]] = []
    for c in ans.get("citations") or []:
        if not isinstance(c, dict):
            out.append(_bad("not_an_object", c))
            continue
        start, end = _number(c.get("startIndex", 0)), _number(c.get("endIndex"))
        claim, bad = _span(text, start, end, None, ("startIndex", "endIndex"), unit="utf8")
        sources = c.get("sources")
        if bad or not isinstance(sources, list) or not sources:
            out.append(_bad(bad or "sources", c, **({"claim_text": claim} if claim else {})))
            continue
        for s in sources:
            at = as_int(_number(s.get("referenceId"))) if isinstance(s, dict) else None
            name = _name(refs[at], known) if at is not None and 0 <= at < len(refs) else None
            out.append({"url": name, "claim_text": claim} if name else _bad("referenceId", s, claim_text=claim))
    return {"answer": text, "citations": out}
