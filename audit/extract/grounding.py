"""Vertex AI / Gemini grounding, read as structured output (audit.extract.shapes): the first candidate's text parts
joined are the answer; each `groundingSupports` item cites its `segment` (UTF-8 byte offsets, as Vertex counts, from
the start of the part its `partIndex` names: they were read in the parts joined, a second part's support malformed)
by the `uri` (else `title`) of each chunk its `groundingChunkIndices` name; by the `title` where a retrieved source
carries it and none carries the uri (Vertex AI Search's `gs://` uris, which an app's own log may not keep). The
Python SDK's dump of a response (google-genai's `model_dump(mode="json")`, the older `to_dict()`) writes the same
fields in snake case (`grounding_metadata`, `grounding_supports`, `start_index`): they are read as their camel-case
names (they were left unread, YELLOW `no_citations`). One that cannot be read is `malformed_citation:<field>`, named
in camel case.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from audit.extract.shaped import as_int as _int
from audit.extract.shaped import bad as _bad
from audit.extract.shaped import span as _span

_SNAKE = re.compile(r"_([a-z0-9])")
_DECIMAL = re.compile(r"-?[0-9]{1,19}")


def _proto(v: Any) -> Any:
    """An integer field as protobuf's JSON may write it, a decimal text (`"21"`, which every proto3 JSON reader
    accepts: a gateway re-serialising the response wrote its int32 fields so), as the number; else as logged. A
    segment's offsets and the chunks' indices so written were `malformed_citation:segment.startIndex`, RED however
    right."""
    return int(v) if isinstance(v, str) and _DECIMAL.fullmatch(v.strip()) else v


def camel(v: Any) -> Any:
    """`v` with every object key in camel case (`grounding_chunk_indices` -> `groundingChunkIndices`)."""
    if isinstance(v, dict):
        return {(_SNAKE.sub(lambda m: m.group(1).upper(), k) if isinstance(k, str) else k): camel(x)
                for k, x in v.items()}  # fmt: skip
    if isinstance(v, list):
        return [camel(x) for x in v]
    return v


def _segment(parts: list[Any], seg: dict[str, Any]) -> tuple[str, str]:
    """(the claim a segment points at, "") or ("", the field that cannot be read): its offsets count from the start
    of the part its `partIndex` names (a non-text part has no text to point at); without one, in the first part,
    else in the parts joined (as a logger that joined them counted)."""
    texts = [p["text"] if isinstance(p, dict) and isinstance(p.get("text"), str) else None for p in parts]
    names = ("segment.startIndex", "segment.endIndex")
    start, end, quoted = _proto(seg.get("startIndex", 0)), _proto(seg.get("endIndex")), seg.get("text")
    if "partIndex" in seg:
        i = _int(_proto(seg["partIndex"]))
        if i is None or not 0 <= i < len(texts) or texts[i] is None:
            return "", "segment.partIndex"
        return _span(str(texts[i]), start, end, quoted, names, unit="utf8")
    first = texts[0] if texts and texts[0] is not None else ""
    claim, bad = _span(first, start, end, quoted, names, unit="utf8")
    joined = "".join(t for t in texts if t is not None)
    return (claim, bad) if not bad or joined == first else _span(joined, start, end, quoted, names, unit="utf8")


def _chunk_name(src: Any, known: Callable[[str], bool]) -> Any:
    """The name a chunk's source is cited by: its `uri`, else its `title`; the title where `known` (a retrieved
    source's name) holds for it and not for the uri (it was `unknown_document`, fabricated, however right)."""
    if not isinstance(src, dict):
        return None
    uri, title = src.get("uri"), src.get("title")
    if isinstance(uri, str) and isinstance(title, str) and title.strip() and not known(uri) and known(title):
        return title
    return uri or title


def _supports(parts: list[Any], meta: dict[str, Any], known: Callable[[str], bool]) -> list[dict[str, Any]]:
    chunks, supports = meta.get("groundingChunks"), meta.get("groundingSupports")
    chunks = chunks if isinstance(chunks, list) else []
    if not isinstance(supports, list):
        return [] if supports is None else [_bad("groundingSupports", supports)]
    out: list[dict[str, Any]] = []
    for g in supports:
        seg = g.get("segment") if isinstance(g, dict) else None
        if not isinstance(seg, dict):
            out.append(_bad("segment", g))
            continue
        claim, bad = _segment(parts, seg)
        idx = g.get("groundingChunkIndices")
        if bad:
            out.append(_bad(bad, g))
            continue
        if not isinstance(idx, list) or not idx:
            out.append(_bad("groundingChunkIndices", g, claim_text=claim))
            continue
        for i in idx:
            k = _int(_proto(i))
            chunk = chunks[k] if k is not None and 0 <= k < len(chunks) and isinstance(chunks[k], dict) else None
            src = chunk and (chunk.get("retrievedContext") or chunk.get("web"))
            name = _chunk_name(src, known)
            out.append(
                {"url": name, "claim_text": claim} if name else _bad("groundingChunkIndices", g, claim_text=claim)
            )
    return out


def vertex_candidate(cand: dict[str, Any], known: Callable[[str], bool] = lambda _: False) -> dict[str, Any] | None:
    """The structured output a response's first candidate stands for, or None (no `content.parts` list); `known`:
    whether a name is one of the answer's retrieved sources'."""
    cand = camel(cand)
    parts = (cand.get("content") or {}).get("parts") if isinstance(cand.get("content"), dict) else None
    if not isinstance(parts, list):
        return None
    text = "".join(p.get("text", "") for p in parts if isinstance(p, dict) and isinstance(p.get("text"), str))
    meta = cand.get("groundingMetadata")
    return {"answer": text, "citations": _supports(parts, meta, known) if isinstance(meta, dict) else []}
