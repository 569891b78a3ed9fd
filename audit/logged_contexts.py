"""The sources a RAG framework logs beside its answer, as the answer's contexts when the log gives it none.

LlamaIndex's `Response` carries its `source_nodes` (`{"node": {"id_", "text", "metadata"}, "score"}`), LangChain's
chains their `source_documents` (or, `create_retrieval_chain`, `context`) as documents (`{"page_content",
"metadata"}`, also serialized `{"lc": 1, "kwargs": {...}}`). Logged as the answer's JSON with no `contexts` value,
every `[n]` of the answer was `index_out_of_range` (fabricated, RED) however right: the sources are the answer's
contexts, in the order logged (`[1]` is the first, as LlamaIndex's and LangChain's citation prompts number them).
A `contexts` value, when there is one, is what was retrieved and wins. An item that is no source (not an object, a
text that is no text) keeps its place as a context without text (`context_text_missing`), so the numbering holds.
"""

from __future__ import annotations

import json
import re
from typing import Any

import duckdb
import pyarrow as pa

from audit.errors import unique_keys

# the keys the sources go by, in the order tried
SOURCE_KEYS = ("source_nodes", "source_documents", "context")
_NAME_KEYS = ("title", "file_name", "filename", "document_title", "source")
_DOC_KEYS = ("doc_id", "document_id", "ref_doc_id")


def _text(v: Any) -> str | None:
    return v.strip() or None if isinstance(v, str) else None


def _node(item: Any) -> dict[str, Any] | None:
    """The logged source's node: LangChain's Document (also serialized), LlamaIndex's node, or None."""
    if isinstance(item, dict) and isinstance(item.get("kwargs"), dict) and item.get("lc") is not None:
        item = item["kwargs"]  # LangChain's serialized Document
    node = item.get("node") if isinstance(item, dict) and isinstance(item.get("node"), dict) else item
    return node if isinstance(node, dict) else None


def _meta(node: dict[str, Any] | None) -> dict[str, Any]:
    return node["metadata"] if node is not None and isinstance(node.get("metadata"), dict) else {}


def _number(v: Any) -> int | None:
    """A page written as a whole number (or its digits), else None."""
    t = _text(str(v)) if isinstance(v, str | int) and not isinstance(v, bool) else None
    return int(t) if t and t.isdigit() and len(t) <= 6 else None


def page_offset(metas: list[dict[str, Any]]) -> int:
    """What to add to a source's `page`: LangChain's PDF loaders (PyPDFLoader, PyMuPDFLoader, PDFPlumberLoader)
    count it from 0, and a marker names the page a reader sees (`Page 3` for `page` 2), so 1; 0 where the log's own
    sources show their `page` equal to their numeric `page_label` (a loader counting from 1), none of them 0."""
    pairs = [
        (p, lab)
        for m in metas
        if (p := _number(m.get("page"))) is not None and (lab := _number(m.get("page_label"))) is not None
    ]
    return 0 if pairs and all(p == lab for p, lab in pairs) and all(_number(m.get("page")) != 0 for m in metas) else 1


def _page(meta: dict[str, Any], offset: int) -> int | None:
    """The page a reader sees: the numeric `page_label` (LlamaIndex's, and LangChain's newer PDF loaders'), else
    `page_number` (Unstructured's, from 1), else `page` + `offset` (`page_offset`)."""
    for key, add in (("page_label", 0), ("page_number", 0), ("page", offset)):
        if (n := _number(meta.get(key))) is not None:
            return n + add
    return None


def _file_name(source: Any) -> str | None:
    """The last part of a `source` that is a file's path (no url), else None."""
    t = _text(source)
    return None if t is None or "://" in t else _text(re.split(r"[/\\]", t)[-1])


def _source(item: Any, rank: int, offset: int = 1) -> dict[str, Any]:
    """One logged source as a context row (doc_id, chunk_id, title, page, url, text)."""
    node = _node(item)
    if node is None:
        return {"chunk_id": str(rank), "text": None}
    meta = _meta(node)
    text = node.get("page_content", node.get("text"))
    node_id = next((_text(str(v)) for k in ("id_", "node_id", "id") if isinstance(v := node.get(k), str | int)), None)
    name = next((t for k in _NAME_KEYS if (t := _text(meta.get(k)))), None)
    # a `source` that is a file's path (`/srv/kb/Refund Policy.pdf`, as LangChain's loaders write it) titles the
    # document by its file name, as a model cites it; the path stays its doc_id
    title = next((t for k in _NAME_KEYS[:-1] if (t := _text(meta.get(k)))), None) or _file_name(meta.get("source"))
    url = next((t for k in ("url", "source") if (t := _text(meta.get(k))) and "://" in t), None)
    doc = next((t for k in _DOC_KEYS if (t := _text(meta.get(k)) or _text(node.get(k)))), None)
    return {
        "doc_id": doc or name or node_id,
        "chunk_id": node_id or str(rank),
        "title": title or name,
        "page": _page(meta, offset),
        "url": url,
        "text": text if isinstance(text, str) else None,
    }


def logged_sources(answer: str) -> list[dict[str, Any]]:
    """The sources logged in `answer`'s JSON under the first of `SOURCE_KEYS` holding a list, as context rows."""
    body = answer.lstrip("\ufeff \t\r\n")
    if not body.startswith("{"):
        return []
    try:
        doc = json.loads(body, object_pairs_hook=unique_keys)
    except (ValueError, RecursionError):
        return []  # a key given twice, or JSON past Python's depth: left as logged
    if not isinstance(doc, dict):
        return []
    items: list[Any] = next((doc[k] for k in SOURCE_KEYS if isinstance(doc.get(k), list) and doc[k]), [])
    offset = page_offset([_meta(_node(item)) for item in items])
    sources = [_source(item, rank, offset) for rank, item in enumerate(items, 1)]
    # a list none of whose items holds a source's text (names, numbers, a chat history's messages) is no list of sources
    return sources if any(isinstance(s["text"], str) for s in sources) else []


def stage_logged_contexts(con: duckdb.DuckDBPyConnection) -> int:
    """Add to `ctx` the sources logged in the JSON of each answer of `answers_ok` that has no context (before the
    size limits, which bound them as any contexts). The number of answers given contexts so."""
    keys = "|".join(SOURCE_KEYS)
    found = con.execute(
        "SELECT answer_id, answer FROM answers_ok a WHERE regexp_matches(answer, '^[\\s\\x{feff}]*\\{') "
        f"AND regexp_matches(answer, '\"(?:{keys})\"') "
        "AND NOT EXISTS (SELECT 1 FROM ctx c WHERE c.answer_id = a.answer_id)"
    ).fetchall()
    rows = [{"answer_id": a, "rank": r} | s for a, t in found for r, s in enumerate(logged_sources(t), 1)]
    if not rows:
        return 0
    cols = {"answer_id": pa.string(), "rank": pa.int32(), "doc_id": pa.string(), "chunk_id": pa.string(),
            "title": pa.string(), "page": pa.int64(), "url": pa.string(), "text": pa.string()}  # fmt: skip
    table = pa.table({c: [r.get(c) for r in rows] for c in cols}, schema=pa.schema(list(cols.items())))
    con.register("logged_contexts_in", table)
    try:
        con.execute("INSERT INTO ctx BY NAME SELECT * FROM logged_contexts_in")
    finally:
        con.unregister("logged_contexts_in")
    return len({r["answer_id"] for r in rows})
