"""A provider's streaming events logged as they came, assembled into the response they add up to (audit.extract.shapes
reads that response as it reads a logged one).

A logger that writes the raw stream (JSON lines, server-sent-event `data: {...}` lines after any `event:`, `id:` or
`retry:` lines, or a JSON list of the event objects) left an answer that is no JSON object: Anthropic's Messages
stream (`message_start`, `content_block_start`, `content_block_delta` with `text_delta` and `citations_delta`),
OpenAI's Responses stream (`response.output_text.delta`, `response.output_text.annotation.added`,
`response.completed`), chat completion chunks (`chat.completion.chunk`, `choices[0].delta.content`, a Perplexity
chunk's `citations` / `search_results`) and Gemini's `streamGenerateContent` chunks (`candidates`) were
`structured_parse_failed` (RED, each event line an uncited claim, or the JSON's `[0]` read as markers) however right.
Only those events are read here; citeaudit's own `{"type": "final"}` stream is extract.sql's.
"""

from __future__ import annotations

import json
import re
from typing import Any

from audit.errors import unique_keys
from audit.extract.grounding import _proto, camel
from audit.extract.shaped import as_int

# what may make an answer such a stream (shape_answers reads only the answers holding one of these)
MAY_STREAM = (
    r'"type"\s*:\s*"(?:content_block_(?:start|delta)|response\.(?:output_text\.delta|completed))"'
    r'|"object"\s*:\s*"chat\.completion\.chunk"|"candidates"\s*:\s*\['
)
_FIELD_LINE = re.compile(r"(?:event|id|retry)\s*:.*|:.*|data:\s*\[DONE\]|\[DONE\]")


def stream_events(answer: str) -> list[dict[str, Any]] | None:
    """The event objects of a logged stream, in order, or None when it is none (a line that is no JSON object)."""
    body = answer.lstrip("\ufeff \t\r\n")
    if body.startswith("["):
        try:
            events = json.loads(body, object_pairs_hook=unique_keys)
        except (ValueError, RecursionError):
            return None
        return events if isinstance(events, list) and all(isinstance(e, dict) for e in events) else None
    out: list[dict[str, Any]] = []
    for line in body.splitlines():
        line = line.strip()
        if not line or _FIELD_LINE.fullmatch(line):
            continue
        line = line[5:].lstrip() if line.startswith("data:") else line
        try:
            event = json.loads(line, object_pairs_hook=unique_keys)
        except (ValueError, RecursionError):
            return None
        if not isinstance(event, dict):
            return None
        out.append(event)
    return out if len(out) > 1 else None


def _anthropic(events: list[dict[str, Any]]) -> dict[str, Any] | None:
    """Anthropic's Messages stream: each content block its start's block, its text deltas appended, its citation
    deltas its citations (`anthropic_message` reads the blocks)."""
    blocks: dict[Any, dict[str, Any]] = {}
    for e in events:
        kind, at = e.get("type"), e.get("index")
        if kind == "content_block_start" and isinstance(e.get("content_block"), dict):
            blocks[at] = dict(e["content_block"])
        elif kind == "content_block_delta" and isinstance(delta := e.get("delta"), dict):
            block = blocks.setdefault(at, {"type": "text", "text": ""})
            if delta.get("type") == "text_delta" and isinstance(delta.get("text"), str):
                block["text"] = str(block.get("text") or "") + delta["text"]
            elif delta.get("type") == "citations_delta" and "citation" in delta:
                block["citations"] = [*(block.get("citations") or []), delta["citation"]]
    return {"content": list(blocks.values())} if blocks else None


def _responses(events: list[dict[str, Any]]) -> dict[str, Any] | None:
    """OpenAI's Responses stream: the completed response, or without one, each output text's deltas joined and the
    annotations added to it."""
    for e in reversed(events):
        if e.get("type") == "response.completed" and isinstance(e.get("response"), dict):
            return e["response"]
    parts: dict[tuple[Any, Any], dict[str, Any]] = {}
    for e in events:
        kind, key = e.get("type"), (e.get("output_index"), e.get("content_index"))
        if kind == "response.output_text.delta" and isinstance(e.get("delta"), str):
            part = parts.setdefault(key, {"type": "output_text", "text": "", "annotations": []})
            part["text"] += e["delta"]
        elif kind == "response.output_text.annotation.added" and "annotation" in e:
            parts.setdefault(key, {"type": "output_text", "text": "", "annotations": []})["annotations"].append(
                e["annotation"]
            )
    return {"output": [{"type": "message", "content": list(parts.values())}]} if parts else None


def _chunks(events: list[dict[str, Any]]) -> dict[str, Any] | None:
    """Chat completion chunks: the first choice's content deltas joined, its annotations, and the last `citations`
    and `search_results` a chunk gave (Perplexity)."""
    text, notes, rest = "", list[Any](), dict[str, Any]()
    for e in events:
        if e.get("object") != "chat.completion.chunk":
            continue
        rest |= {k: e[k] for k in ("citations", "search_results") if k in e}
        choices: Any = e.get("choices") if isinstance(e.get("choices"), list) else []
        first = [c for c in choices if isinstance(c, dict) and c.get("index", 0) == 0]
        delta = first[0].get("delta") if first else None
        if isinstance(delta, dict):
            text += delta["content"] if isinstance(delta.get("content"), str) else ""
            notes += delta["annotations"] if isinstance(delta.get("annotations"), list) else []
    message: dict[str, Any] = {"role": "assistant", "content": text} | ({"annotations": notes} if notes else {})
    return rest | {"choices": [{"index": 0, "message": message}]} if text else None


def _gemini(events: list[dict[str, Any]]) -> dict[str, Any] | None:
    """Gemini's stream (`streamGenerateContent`: a JSON list of responses, or `alt=sse` lines): the first candidate's
    text parts of every chunk joined, one part, with the last grounding metadata a chunk gave (the final chunk's:
    its segments count in the whole text; where they do not, a segment's own text says so, and it is malformed).
    Where several chunks carry supports, each its own (`_merged`), they are all read."""
    text, meta, own = "", None, list[tuple[int, str, dict[str, Any]]]()
    for e in events:
        cands = e.get("candidates")
        first = cands[0] if isinstance(cands, list) and cands and isinstance(cands[0], dict) else {}
        content = first.get("content")
        parts = content.get("parts") if isinstance(content, dict) else None
        before, piece = len(text.encode("utf-8", "surrogatepass")), ""
        for p in parts if isinstance(parts, list) else []:
            piece += p["text"] if isinstance(p, dict) and isinstance(p.get("text"), str) else ""
        text += piece
        got = first.get("groundingMetadata", first.get("grounding_metadata"))
        meta = got if isinstance(got, dict) and got else meta
        if isinstance(got, dict) and isinstance((got := camel(got)).get("groundingSupports"), list):
            own.append((before, piece, got))
    meta = _merged(own) if len(own) > 1 else meta
    cand: dict[str, Any] = {"content": {"parts": [{"text": text}]}} | ({"groundingMetadata": meta} if meta else {})
    return {"candidates": [cand]} if text else None


def _merged(own: list[tuple[int, str, dict[str, Any]]]) -> dict[str, Any]:
    """The grounding metadata of a stream whose chunks each carry supports: a chunk whose every segment lies in its
    own text counts from that text's start (a gateway passing each chunk's grounding on: its segments were read in
    the whole text, the first chunk's claims cut from the wrong bytes, the rest lost), shifted onto the text joined;
    one with a segment past its own text counts in the whole text, as the final chunk's does. Each chunk's indices
    name its own `groundingChunks` (else the last a chunk gave); a support given twice is read once."""
    given = [m["groundingChunks"] for _, _, m in own if isinstance(m.get("groundingChunks"), list)]
    last_chunks: list[Any] = given[-1] if given else []
    chunks: list[Any] = []
    supports: list[Any] = []
    seen: set[str] = set()
    for before, piece, m in own:
        mine = m["groundingChunks"] if isinstance(m.get("groundingChunks"), list) else last_chunks
        segs = [g.get("segment") if isinstance(g, dict) else None for g in m["groundingSupports"]]
        ends = [as_int(_proto(g.get("endIndex"))) if isinstance(g, dict) else None for g in segs]
        size = len(piece.encode("utf-8", "surrogatepass"))
        shift = before if all(x is not None and 0 <= x <= size for x in ends) else 0
        for g in m["groundingSupports"]:
            if not isinstance(g, dict) or not isinstance(g.get("segment"), dict):
                supports.append(g)
                continue
            seg = dict(g["segment"])
            for k in ("startIndex", "endIndex"):
                at = as_int(_proto(seg.get(k, 0)))
                if shift and at is not None and (k in seg or k == "startIndex"):
                    seg[k] = at + shift
            idx = g.get("groundingChunkIndices")
            if isinstance(idx, list):
                idx = [_chunk_at(chunks, mine, as_int(_proto(i))) for i in idx]
            one = g | {"segment": seg, "groundingChunkIndices": idx}
            key = json.dumps(one, sort_keys=True, default=str)
            if key not in seen:
                seen.add(key)
                supports.append(one)
    return {"groundingChunks": chunks, "groundingSupports": supports}


def _chunk_at(chunks: list[Any], mine: list[Any], i: Any) -> Any:
    """The index in the merged `chunks` of the chunk `mine[i]` (added once); an index that names none stays what
    `grounding._supports` reads as malformed."""
    if i is None or not 0 <= i < len(mine) or not isinstance(mine[i], dict):
        return -1
    for k, c in enumerate(chunks):
        if c == mine[i]:
            return k
    chunks.append(mine[i])
    return len(chunks) - 1


def stream_response(answer: str) -> dict[str, Any] | None:
    """The response a logged Anthropic, OpenAI Responses or chat completion stream adds up to, or None."""
    events = stream_events(answer)
    if not events:
        return None
    types = {e.get("type") for e in events}
    if types & {"content_block_start", "content_block_delta"}:
        return _anthropic(events)
    if any(isinstance(t, str) and t.startswith("response.") for t in types):
        return _responses(events)
    if any(e.get("object") == "chat.completion.chunk" for e in events):
        return _chunks(events)
    if all(isinstance(e.get("candidates"), list) for e in events):
        return _gemini(events)
    return None
