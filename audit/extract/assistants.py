"""OpenAI Assistants API messages, read as structured output (audit.extract.shapes).

A `thread.message`, `{"content": [{"type": "text", "text": {"value": ..., "annotations": [{"type": "file_citation",
"text": "【4:0†source】", "start_index", "end_index", "file_citation": {"file_id", "quote"}}]}}]}`, was
`structured_parse_failed` (RED, the raw JSON audited as the claim, each mark `source_not_named`) however right. The
text parts' values joined (each a paragraph) are the answer, each file citation's mark out of it (the mark names no
file; its annotation does); each cites the sentence before its mark by its `file_id` (a document's id or title), its
`quote` (v1) the quote checked; a `url_citation` cites it by its `url`. A `file_path` annotation is a link to a file
the assistant made, no citation: its text stays. One that cannot be read is `malformed_citation:<field>`
(`annotations`, `start_index`, `file_citation`, `url`).
"""

from __future__ import annotations

from typing import Any

from audit.extract.shaped import as_int as _int
from audit.extract.shaped import bad as _bad
from audit.extract.shaped import claim_before


def _part(value: str, notes: Any) -> tuple[str, list[dict[str, Any]]]:
    """One text part: its value without its citation marks, and its citations."""
    if not isinstance(notes, list):
        return value, ([] if notes is None else [_bad("annotations", notes)])
    found: list[tuple[int, int, Any, dict[str, Any]]] = []  # (start, end of the mark to cut, the note, the body)
    out: list[dict[str, Any]] = []
    for a in notes:
        kind = a.get("type") if isinstance(a, dict) else None
        if kind == "file_path":
            continue
        if kind not in ("file_citation", "url_citation"):
            out.append(_bad("annotations", a))
            continue
        s, e = _int(a.get("start_index")), _int(a.get("end_index"))
        if s is None or not 0 <= s <= len(value):
            out.append(_bad("start_index", a))
            continue
        mark = a.get("text")
        cut = e is not None and s <= e <= len(value) and isinstance(mark, str) and value[s:e] == mark
        body = a.get(kind) if isinstance(a.get(kind), dict) else a
        found.append((s, e if cut and e is not None else s, a, body))
    text, pos, shift = [], 0, []
    for s, e, _, _ in sorted(found, key=lambda f: f[0]):
        s = max(s, pos)
        text.append(value[pos:s])
        shift.append((s, sum(len(t) for t in text)))
        pos = max(pos, e)
    text.append(value[pos:])
    clean = "".join(text)
    at = dict(shift)
    for s, _, a, body in found:
        claim = claim_before(clean, at.get(s, s))
        if a["type"] == "url_citation":
            url = body.get("url")
            ok = isinstance(url, str) and url.strip()
            out.append({"url": url, "claim_text": claim} if ok else _bad("url", a, claim_text=claim))
            continue
        file_id, quote = body.get("file_id"), body.get("quote")
        if not isinstance(file_id, str) or not file_id.strip():
            out.append(_bad("file_citation", a, claim_text=claim))
            continue
        one = {"document_name": file_id, "claim_text": claim}
        out.append(one | ({"text_span": quote} if isinstance(quote, str) and quote.strip() else {}))
    return clean, out


def assistants_message(content: list[Any]) -> dict[str, Any] | None:
    """The structured output a message's `content` parts stand for, or None (no text part holding a `value`)."""
    parts = [
        p["text"]
        for p in content
        if isinstance(p, dict) and isinstance(p.get("text"), dict) and isinstance(p["text"].get("value"), str)
    ]
    if not parts:
        return None
    texts, cites = [], []
    for p in parts:
        text, found = _part(p["value"], p.get("annotations"))
        texts.append(text)
        cites += found
    return {"answer": "\n\n".join(texts), "citations": cites}
