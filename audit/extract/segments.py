"""An answer logged in parts: sentences each with its citations (`{"sentences": [...]}`), a list of paragraphs or
of a stream's pieces, segments (`{"text": ...}`); and a citation given as a position, a name or an object, as a
citation object (audit/extract/shapes.py reads them)."""

from __future__ import annotations

import json
import re
from typing import Any

from audit.errors import unique_keys
from audit.extract.shaped import as_int as _int
from audit.extract.shaped import bad as _bad


def _position(ref: Any) -> int | None:
    got = _int(ref)
    return got if got is not None or not (isinstance(ref, str) and ref.strip().isdigit()) else int(ref)


def sentences_of(items: list[Any]) -> tuple[str, list[dict[str, Any]]]:
    texts, out = [], []
    # positions counted from 0, `[{"text": ..., "citations": [0]}, ...]` (a list's index, as `source_index` is): one 0
    # among them says so (0 was read as a 1-based position: fabricated, and each other one off by one, misattributed)
    lists = [s.get("citations", s.get("sources")) for s in items if isinstance(s, dict)]
    listed = [r for refs in lists if isinstance(refs, list) for r in refs]
    from_zero = any(_position(r) == 0 for r in listed)
    for s in items:
        t = s.get("text", s.get("sentence")) if isinstance(s, dict) else s
        if not isinstance(t, str):
            out.append(_bad("sentences[].text", s))
            continue
        texts.append(t.strip())
        refs = s.get("citations", s.get("sources")) if isinstance(s, dict) else None
        if refs is not None and not isinstance(refs, list):
            out.append(_bad("sentences[].citations", s, claim_text=t.strip()))
            continue
        for r in refs or []:
            at = _position(r) if from_zero else None
            out.append(({"source_index": at} if at is not None else object_of(r)) | {"claim_text": t.strip()})
    return " ".join(t for t in texts if t), out


def answer_parts(ans: Any) -> dict[str, Any] | None:
    """An answer given as a list of texts (paragraphs, or a stream's pieces), of segments (`{"text": ...}`, with
    their own `citations` or not), or as one segment, `{"text": ...}`: its text (and its segments' citations). It
    was structured_parse_failed, the raw JSON checked as the claim of every marker (RED however right). None when a
    part holds no text."""
    if isinstance(ans, dict) and isinstance(ans.get("text"), str) and len(ans) <= 2:
        ans = [ans]
    if not isinstance(ans, list) or not ans or len(ans) > 10_000:
        return None
    if all(isinstance(p, dict) for p in ans):
        if not all(isinstance(p.get("text", p.get("content")), str) for p in ans):
            return None
        if any("citations" in p or "sources" in p for p in ans):
            text, cites = sentences_of(ans)
            return {"answer": text, "citations": cites}
        ans = [p.get("text", p.get("content")) for p in ans]
    if not all(isinstance(p, str) for p in ans):
        return None
    # paragraphs each ending a sentence (or a list's item), else a stream's pieces, joined as written
    ended = all(re.search(r"[.!?:)\]}>。！？]\s*$", p) or not p.strip() for p in ans[:-1])
    return {"answer": ("\n\n" if ended else "").join(p.strip() if ended else p for p in ans)}


def object_of(ref: Any) -> dict[str, Any]:
    """A citation given as a position, a name or an object, as a citation object."""
    if isinstance(ref, dict):
        return dict(ref)
    if _int(ref) is not None or (isinstance(ref, str) and ref.strip().isdigit()):
        return {"id": ref}
    if isinstance(ref, str) and ref.strip():
        return {"document_name": ref}
    return _bad("citations", ref)


def _parsed(text: str, kind: type) -> Any:
    """`text` read as JSON when it is a `kind` (dict or list) written as text, else None."""
    body = text.strip()
    if not body.startswith("{" if kind is dict else "[") or len(body) > 50_000_000:
        return None
    try:
        got = json.loads(body, object_pairs_hook=unique_keys)
    except (ValueError, RecursionError):
        return None
    return got if isinstance(got, kind) else None


def unnested(doc: dict[str, Any]) -> dict[str, Any] | None:
    """A structured output with a part written as JSON text inside it, read as JSON: `"citations": "[{...}]"` (it
    was citations_not_a_list, no citation read, RED however right) and `"answer": "{\\"answer\\": ...}"` (a tool's
    output encoded twice: the inner JSON checked as the claims' text, unflagged). None when nothing is so."""
    out, changed = dict(doc), False
    for _ in range(4):  # a text encoded more than once
        ans, cites = out.get("answer"), out.get("citations")
        inner = _parsed(ans, dict) if isinstance(ans, str) else None
        if inner is not None and isinstance(inner.get("answer"), (str, list, dict)):
            out = {k: v for k, v in out.items() if k != "answer"} | inner
            changed = True
            continue
        listed = _parsed(cites, list) if isinstance(cites, str) else None
        if listed is not None:
            out["citations"] = listed
            changed = True
            continue
        break
    return out if changed else None
