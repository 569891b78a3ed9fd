"""Log formats of other RAG systems, read as the structured output citeaudit knows (`{"answer": ..., "citations":
[citation objects]}`) before extraction (`sql/extract.sql` reads `shaped` in place of the logged answer).

Each was read wrong: Cohere's `{"text", "citations": [{"start", "end", "document_ids"}]}`, OpenAI's `annotations`,
Vertex AI's `groundingSupports`, a per-sentence `{"sentences": [{"text", "citations"}]}` and an answer under
`response`, `result`, `output`, `text` or `content` were `structured_parse_failed` (RED, the raw JSON audited as the
claim); `<cite index="1-2">...</cite>` tags in the text were no citation (YELLOW `no_citations`). A citation of
these formats that cannot be read (offsets out of range, past the text, start after end, an id of the wrong type)
is a citation object with `citeaudit_malformed` naming the logged field: one `fabricated` citation with reason
`malformed_citation:<field>`, never a traceback, never dropped.
"""

from __future__ import annotations

import json
import re
from bisect import bisect_right
from collections.abc import Callable
from functools import partial
from typing import Any

import duckdb

from audit.errors import unique_keys
from audit.extract.anthropic import anthropic_message
from audit.extract.assistants import assistants_message
from audit.extract.bedrock import bedrock_response
from audit.extract.dialects import CITATION_OBJECT_NAMES, INVISIBLE, LINK, WIDE_NUMERALS, code_spans
from audit.extract.grounding import vertex_candidate
from audit.extract.mistral import mistral_content
from audit.extract.search_answer import search_answer
from audit.extract.segments import answer_parts, object_of, sentences_of, unnested
from audit.extract.shaped import CLAIM_WINDOW, SENTENCE_END, claim_before, listed_names, read_guarded, source_named
from audit.extract.shaped import MALFORMED as MALFORMED
from audit.extract.shaped import as_int as _int
from audit.extract.shaped import bad as _bad
from audit.extract.shaped import span as _span
from audit.extract.streams import MAY_STREAM, stream_response
from audit.sql import text_table

# The names of a field that are strictly one another's (not `title` beside `url`, or a name beside a title): a citation
# object giving two of them with other values (`document_id: "a"` beside `doc_id: "b"`) was read by the first, in
# silence; it is malformed_citation:<both names> (extract.sql, `field_conflict`)
CONFLICT_GROUPS: tuple[tuple[str, ...], ...] = tuple(
    CITATION_OBJECT_NAMES[f]
    for f in ("document_id", "chunk_index", "chunk_id", "page_number", "source_index", "id", "text_span", "claim_text")
)

# the key giving the 0-based position a generated id stands for: Cohere's `doc_<position>` (v2 `doc:<position>`) is
# that position when no retrieved document has the id (extract.sql, resolve.sql); it was unknown_document however right
POSITION = "citeaudit_position"
# the key marking a shaped answer's `citations` as the names its inline `[n]` number, in order (extract.sql's
# url_lists; a JSON list of names is otherwise cited again beside the markers): Azure On Your Data's titles
NUMBERED = "citeaudit_numbered"
# keys an answer's text goes by without `answer` (LlamaIndex, LangChain, Cohere, a chat message), in the order tried
ANSWER_ALIASES = ("response", "result", "output", "text", "content")
# Anthropic-style tags around the claim they cite: `(cite index="1-2,3-4">`, `<cite id="1">`, `<citation source="2">`.
# A tag's claim holds no opening tag: nested tags are read innermost first, one level a pass (`_MAX_NESTING`), so the
# outer one cites the claim as the user read it (it ended at the inner tag's close, its claim the inner opening tag)
CITE_TAG = re.compile(
    r"[<(](?:[A-Za-z]+:)?(cite|citation)\s+(index|id|source|ref|doc)\s*=\s*[\"']([^\"'<>]{0,200})[\"']\s*>"
    r"((?:(?![<(](?:[A-Za-z]+:)?cit(?:e|ation)\s+(?:index|id|source|ref|doc)\s*=).){0,20000}?)</(?:[A-Za-z]+:)?\1\s*>",
    re.S | re.I,
)
_MAX_NESTING = 16
_LINK_RE = re.compile(LINK.pattern, re.ASCII)
# an opening tag never closed (it was no citation, the raw tag left in the text): `cite.close`, of the sentence after
OPEN_TAG = re.compile(
    r"[<(](?:[A-Za-z]+:)?cit(?:e|ation)\s+(?:index|id|source|ref|doc)\s*=\s*[\"'][^\"'<>]{0,200}[\"']\s*>", re.I
)
_MAY_HOLD_TAG = r"(?i)[<(](?:[a-z]+:)?cit(?:e|ation)\s"


def _cohere(text: str, cites: list[Any], known: Callable[[str], bool] = lambda _: False) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for c in cites:
        if not isinstance(c, dict):
            out.append(_bad("not_an_object", c))
            continue
        claim, bad = _span(text, c.get("start"), c.get("end"), c.get("text"), ("start", "end"))
        ids: Any = c.get("document_ids")
        field = "document_ids"
        if ids is None and "sources" in c:  # Cohere v2: sources [{"type": "document", "id": ...}]
            field, srcs = "sources", c.get("sources")
            ids = [s.get("id") if isinstance(s, dict) else s for s in srcs] if isinstance(srcs, list) else srcs
        if bad:
            out.append(_bad(bad, c))
        elif not isinstance(ids, list) or not ids:
            out.append(_bad(field, c, claim_text=claim))
        else:
            for i, d in enumerate(ids):
                ok = (isinstance(d, str) and d.strip()) or _int(d) is not None
                one = {"document_id": d, "claim_text": claim} if ok else _bad(field, c, claim_text=claim)
                generated = re.fullmatch(r"\s*doc[_:](\d{1,9})\s*", d) if ok and isinstance(d, str) else None
                if ok and field == "sources" and not generated and not (isinstance(d, str) and known(d)):
                    named = source_named(c["sources"][i], known)  # a tool's or a document's own name
                    one = named | {"claim_text": claim} if named else one
                out.append(one | ({POSITION: int(generated.group(1))} if generated else {}))
    return out


def _openai(text: str, notes: Any) -> tuple[str, list[dict[str, Any]]]:
    """The text without the links its url citations stand for, and its citations. A url citation's span holding the
    link it renders (`([x.org](https://...))`, the `link` dialect) is cut out of the text: the link was read a second
    time, as a citation of its own."""
    if not isinstance(notes, list):
        return text, [_bad("annotations", notes)]
    found: list[tuple[dict[str, Any], int]] = []  # (a citation, where its claim ends: -1, none to look for)
    cuts: list[tuple[int, int]] = []
    for a in notes:
        kind = a.get("type") if isinstance(a, dict) and isinstance(a.get("type"), str) else None
        # chat completions nest the fields under the type's name: {"type": "url_citation", "url_citation": {...}}
        body = a[kind] if kind and isinstance(a.get(kind), dict) else a
        if not isinstance(body, dict):
            found.append((_bad("annotations", a), -1))
            continue
        if kind == "file_citation" or "file_id" in body:
            at = _int(body.get("index", body.get("end_index")))
            if at is None or not 0 <= at <= len(text):
                found.append((_bad("index", a), -1))
                continue
            found.append(({"document_name": body.get("filename") or body.get("file_id")}, at))
            continue
        s, e = _int(body.get("start_index")), _int(body.get("end_index"))
        if s is None or not 0 <= s <= len(text):
            found.append((_bad("start_index", a), -1))
        elif e is None or not s <= e <= len(text):
            found.append((_bad("end_index", a), -1))
        elif not isinstance(body.get("url"), str) or not body["url"].strip():
            found.append((_bad("url", a), -1))
        else:
            found.append(({"url": body["url"]}, s))
            if _LINK_RE.fullmatch(text[s:e].strip()):
                cuts.append((s, e))
    clean, moved = _cut(text, cuts)
    return clean, [c if where < 0 else c | {"claim_text": claim_before(clean, moved(where))} for c, where in found]


def _cut(text: str, spans: list[tuple[int, int]]) -> tuple[str, Callable[[int], int]]:
    """`text` without `spans` (each with the spaces before it), and where a place of `text` is in what is left."""
    kept, pos, moved = [], 0, [(0, 0)]  # (a place in text, how far it moved)
    for s, e in sorted(spans):
        if s < pos:
            continue
        keep = text[pos:s].rstrip(" \t")
        kept.append(keep)
        moved.append((s, moved[-1][1] + (s - pos - len(keep))))
        moved.append((e, moved[-1][1] + (e - s)))
        pos = e
    kept.append(text[pos:])

    def at(i: int) -> int:
        j = bisect_right(moved, (i, len(text) + 1)) - 1
        return max(0, i - moved[j][1])

    return "".join(kept), at


def _name_key(text: str) -> tuple[str, str]:
    """A source's name as compared: in lower case, and without its extension (as resolve.sql matches a title)."""
    key = re.sub(f"[{INVISIBLE}]", "", text).strip().lower()
    return key, re.sub(r"\.[a-z][a-z0-9]{0,4}$", "", key)


def _tags(text: str, names: frozenset[str] = frozenset()) -> tuple[str, list[dict[str, Any]]]:
    """`<cite index="1-2">claim</cite>` -> the text without its tags, and a citation of each document the tag names
    (Anthropic's index is DOCUMENT-SENTENCE, listed with commas; `id`, `source`: a position or a document's name);
    nested tags innermost first, `_MAX_NESTING` levels (deeper ones left in the text), tags in Markdown code aside.
    A tag around one of the answer's sources' `names` (`<cite id="1">Refund Policy.pdf</cite>`, after the claim) wraps
    no claim: it cites the sentence before it, its name out of the text as the tag is (the name was audited as the
    claim, the sentence left uncited)."""
    out: list[dict[str, Any]] = []
    for _ in range(_MAX_NESTING):
        text, found = _tags_once(text, names)
        if not found:
            break
        out += found
    parts, pos = [], 0
    code = code_spans(text)
    opened = [m for m in OPEN_TAG.finditer(text) if not _in_code(m, code)]
    for i, m in enumerate(opened):
        parts.append(text[pos : m.start()])
        # the claim: to its sentence's end, the next tag or 2,000 characters, the first of them (to the text's end,
        # 100,000 tags without a sentence end held 90 GB of claims)
        bound = min(opened[i + 1].start() if i + 1 < len(opened) else len(text), m.end() + CLAIM_WINDOW)
        end = SENTENCE_END.search(text, m.end(), bound)
        pos, claim = m.end(), text[m.end() : end.start() + 1 if end else bound]
        out.append(_bad("cite.close", m.group(0), claim_text=claim.strip()))
    return "".join(parts) + text[pos:], out


def _in_code(m: re.Match[str], code: list[tuple[int, int]]) -> bool:
    i = bisect_right(code, (m.start(), len(m.string) + 1)) - 1  # the last code span starting at or before the tag
    return i >= 0 and m.start() < code[i][1]


def _tags_once(text: str, names: frozenset[str]) -> tuple[str, list[dict[str, Any]]]:
    out: list[dict[str, Any]] = []
    parts, pos, tail = [], 0, ""  # tail: the last characters of the text kept, where a name's claim is looked for
    code = code_spans(text)
    for m in CITE_TAG.finditer(text):
        if _in_code(m, code):
            continue
        named = bool(names) and not names.isdisjoint(_name_key(m.group(4)))
        before = text[pos : m.start()].rstrip(" \t") if named else text[pos : m.start()] + m.group(4)
        parts.append(before)
        tail = (tail + before)[-2 * CLAIM_WINDOW :]
        value = re.sub(f"[{INVISIBLE}]", "", m.group(3)).translate(WIDE_NUMERALS).strip()  # as [1\u200b], [１]
        pos, claim, attr = m.end(), claim_before(tail, len(tail)) if named else m.group(4).strip(), m.group(2).lower()
        refs = [r.strip() for r in value.split(",") if r.strip()] or [""]
        for r in refs:
            ref = r.split("-")[0].strip() if attr == "index" else r
            if attr == "index" and not re.fullmatch(r"\d{1,9}(-\d{1,9}(:\d{1,9})?)?", r, re.ASCII):
                out.append(_bad("cite.index", m.group(0)[:200], claim_text=claim))
            elif not ref:
                out.append(_bad(f"cite.{attr}", m.group(0)[:200], claim_text=claim))
            else:
                out.append({"id" if re.fullmatch(r"\d+", ref, re.ASCII) else "document_name": ref, "claim_text": claim})
    return "".join(parts) + text[pos:], out


def _joined(parts: list[Any]) -> str | None:
    """The texts of a list of content parts joined, or None when no part holds a text."""
    texts = [p["text"] for p in parts if isinstance(p, dict) and isinstance(p.get("text"), str)]
    return "".join(texts) if texts else None


def shape(answer: str, names: frozenset[str] = frozenset()) -> dict[str, Any] | None:
    """The structured output a log of another system's format stands for, or None (left as logged); `names`: its
    sources' names (`_name_key` of each title, doc_id and url), to tell a cite tag around one from one around a
    claim."""
    body = answer.lstrip("\ufeff \t\r\n")
    doc: Any = None
    if re.search(MAY_STREAM, body) and (streamed := stream_response(body)) is not None:
        return _foreign(streamed, names)  # a provider's stream logged event by event (audit.extract.streams)
    if body.startswith("{"):
        try:  # a key given twice (DuckDB reads the first, Python the last): left as logged, flagged as before
            doc = json.loads(body, object_pairs_hook=unique_keys)
        except (ValueError, RecursionError):
            return None
    if doc is None:
        if not re.search(_MAY_HOLD_TAG, answer):
            return None
        text, cites = _tags(answer, names)
        return {"answer": text, "citations": cites} if cites else None
    if not isinstance(doc, dict) or doc.get("type") == "final":
        return None
    if (inner := unnested(doc)) is not None:
        doc = inner  # a part written as JSON text inside the JSON (audit/extract/segments.py)
    got = _foreign(doc, names) or inner
    if got is None:
        return None
    if isinstance(got.get("answer"), str) and OPEN_TAG.search(got["answer"]):
        if not isinstance(got.get("citations") or [], list):
            return None  # citations that are no list: flagged citations_not_a_list as logged
        got["answer"], tagged = _tags(got["answer"], names)
        got["citations"] = [object_of(c) for c in got.get("citations") or []] + tagged
    return got


def _foreign(doc: dict[str, Any], names: frozenset[str] = frozenset()) -> dict[str, Any] | None:
    def known(name: str) -> bool:
        return not names.isdisjoint(_name_key(name))

    ans = doc.get("answer")
    if isinstance(ans, dict) and isinstance(ans.get("sentences"), list):
        text, cites = sentences_of(ans["sentences"])
        return {k: v for k, v in doc.items() if k != "answer"} | {"answer": text, "citations": cites}
    if isinstance(ans, str):
        return dict(doc) if OPEN_TAG.search(ans) else None
    if isinstance(ans, dict) and (got := search_answer(doc, known)) is not None:
        return got  # Vertex AI Search: answerText, its citations' references
    if (parts := answer_parts(ans)) is not None:
        return {k: v for k, v in doc.items() if k != "answer"} | parts
    if ans is not None:
        return None  # an answer that is no text: structured_parse_failed, as before
    if isinstance(doc.get("sentences"), list):
        text, cites = sentences_of(doc["sentences"])
        return {"answer": text, "citations": cites}
    if isinstance(doc.get("message"), dict) and "citations" in doc["message"]:  # Cohere v2 chat response
        msg = doc["message"]
        parts = msg.get("content")
        # the text parts joined (a part whose text is a number or a list is no text: it raised TypeError for the
        # whole run); a content without any text part cannot be read (structured_parse_failed)
        content: Any = _joined(parts) if isinstance(parts, list) else parts
        if isinstance(content, str) and isinstance(msg.get("citations"), list):
            return {"answer": content, "citations": _cohere(content, msg["citations"], known)}
    if isinstance(doc.get("choices"), list) and doc["choices"] and isinstance(doc["choices"][0], dict):
        msg = doc["choices"][0].get("message")  # OpenAI chat completions with url_citation annotations
        if isinstance(msg, dict) and isinstance(msg.get("content"), list) and (got := mistral_content(msg["content"])):
            return got  # Mistral: text chunks and the reference chunks citing them
        if isinstance(msg, dict) and isinstance(msg.get("content"), str):
            notes = msg.get("annotations")
            if not notes:  # Perplexity: the message's `[n]` number the response's `citations` (urls)
                rest = {k: v for k, v in doc.items() if k in ("citations", "sources", "confidence")}
                if "citations" not in doc and (urls := listed_names(doc.get("search_results"), ("url",), known)):
                    rest["citations"] = urls  # ... or its `search_results` (`citations` is deprecated)
                elif all(isinstance(c, dict) for c in doc.get("citations") or [None]) and (
                    urls := listed_names(doc.get("citations"), ("url",), known)
                ):
                    rest["citations"] = urls  # ... written as objects by a wrapper (`{"url", "title"}`)
                elif isinstance(on_data := msg.get("context"), dict) and (
                    urls := listed_names(on_data.get("citations"), ("url", "title", "filepath"), known)
                ):
                    # Azure OpenAI On Your Data: `[doc1]` is its first `context.citations` (a url, title or filepath)
                    rest |= {"citations": urls, NUMBERED: True}
                return rest | {"answer": msg["content"]}
            text, cites = _openai(msg["content"], notes)
            return {"answer": text, "citations": cites}
    if isinstance(doc.get("output"), list):  # OpenAI Responses: output[].content[] output_text with annotations
        texts, cites = [], []
        for item in doc["output"]:
            content = item.get("content") if isinstance(item, dict) else None
            for part in content if isinstance(content, list) else []:
                if isinstance(part, dict) and part.get("type") == "output_text" and isinstance(part.get("text"), str):
                    text, found = _openai(part["text"], part.get("annotations") or [])
                    texts.append(text)
                    cites += found
        if texts:  # every output_text part, each a paragraph (only the first was read: the others never checked)
            return {"answer": "\n\n".join(texts), "citations": cites}
    if isinstance(doc.get("candidates"), list) and doc["candidates"] and isinstance(doc["candidates"][0], dict):
        got = vertex_candidate(doc["candidates"][0], known)  # Vertex AI
        if got is not None:
            return got
    if isinstance(doc.get("output"), dict) and (got := bedrock_response(doc, known)):
        return got  # AWS Bedrock Knowledge Bases: RetrieveAndGenerate
    if isinstance(doc.get("content"), list) and (got := assistants_message(doc["content"])) is not None:
        return got  # OpenAI Assistants thread.message: text.value with file_citation annotations
    if isinstance(doc.get("content"), list) and (got := anthropic_message(doc["content"])) is not None:
        return got  # Anthropic Messages: text blocks with citations
    keys = [k for k in ANSWER_ALIASES if isinstance(doc.get(k), str)]
    if not keys:
        return None
    text = doc[keys[0]]
    logged = doc.get("citations")
    if isinstance(logged, list) and any(isinstance(c, dict) and ("start" in c or "end" in c) for c in logged):
        return {k: v for k, v in doc.items() if k not in (keys[0], "citations")} | {
            "answer": text,
            "citations": _cohere(text, logged),
        }
    return {k: v for k, v in doc.items() if k != keys[0]} | {"answer": text}


# the formats whose sources are named by a retrieved source's name where one has it (its `known`): the answers whose
# sources' names are read
_NAMED = r'grounding_?[Cc]hunks|retrievedReferences|"context"|tool_output|"document"\s*:|document_?[MmIi]'


def shape_answers(con: duckdb.DuckDBPyConnection) -> int:
    """Temp table `shaped_answers` (answer_id, shaped): the answers of `answers_ok` logged in another system's format,
    as the structured output they stand for (`shape`); only JSON objects without an `answer` text, and answers
    holding a cite tag, reach Python. Read after `surrogate_repairs` (a lone surrogate is U+FFFD here too)."""
    found = con.execute(
        "SELECT answer_id, coalesce(repaired, answer) FROM answers_ok LEFT JOIN surrogate_repairs USING (answer_id) "
        "WHERE regexp_matches(answer, $tag) OR (regexp_matches(answer, '^[\\s\\x{feff}]*\\{') "
        "AND (coalesce(json_type(TRY_CAST(ltrim(answer, chr(65279)) AS JSON), '$.answer'), '') <> 'VARCHAR' "
        # a part written as JSON text inside it (segments.unnested)
        "OR json_type(TRY_CAST(ltrim(answer, chr(65279)) AS JSON), '$.citations') = 'VARCHAR' "
        "OR regexp_matches(json_extract_string(TRY_CAST(ltrim(answer, chr(65279)) AS JSON), '$.answer'), '^\\s*\\{'))) "
        "OR (regexp_matches(answer, '^[\\s\\x{feff}]*(?:\\[|data:|event:)') AND regexp_matches(answer, $stream))",
        {"tag": _MAY_HOLD_TAG, "stream": MAY_STREAM},
    ).fetchall()
    # `from_prose`: the cite tags of a prose answer, read through the structured-output path, yet no structured
    # output (`structured_output` says the answer was logged as JSON: such prose was reported `true`)
    named: dict[str, set[str]] = {}  # each answer's sources' names (no `ctx` table: extraction run on its own)
    has_ctx = con.execute("SELECT count(*) > 0 FROM information_schema.tables WHERE table_name = 'ctx'").fetchall()
    sources = "SELECT answer_id, unnest([title, doc_id, url]) FROM ctx WHERE answer_id IN " if has_ctx[0][0] else ""
    for a, name in con.execute(sources + "(SELECT answer_id FROM answers_ok WHERE regexp_matches(answer, $tag) "
                               "OR regexp_matches(answer, $named))", {"tag": _MAY_HOLD_TAG, "named": _NAMED}
                               ).fetchall() if sources else []:  # fmt: skip
        if isinstance(name, str) and name.strip():
            named.setdefault(a, set()).update(_name_key(name))
    rows = [
        (a, json.dumps(s, ensure_ascii=False), str(not re.match(r"[\ufeff \t\r\n]*(?:[{\[]|data:|event:)", t)).lower())
        for a, t in found
        if (s := read_guarded(partial(shape, names=frozenset(named.get(a, ()))), a, t)) is not None
    ]
    text_table(con, "shaped_answers", ("answer_id", "shaped", "from_prose"), rows)
    return len(rows)
