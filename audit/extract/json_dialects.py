"""The dialects carried in the JSON of structured output rather than in its text (extracted in `sql/extract.sql`), and
the names a citation object's fields go by (the registry of inline dialects: audit.extract.dialects)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class JsonDialect:
    """A dialect carried in the JSON of structured output rather than in the text (extracted in `sql/extract.sql`)."""

    name: str
    fields: tuple[str, ...]  # the item fields it reads
    example: str


STRUCTURED = JsonDialect(
    name="structured",
    fields=("citations[] (integers, 1-based)", "inline_citations[].source_index (0-based)", "inline_citations[].claim"),
    example='{"answer": "...", "citations": [1, 2]}',
)
CITATION_OBJECT = JsonDialect(
    name="citation_object",
    fields=(
        "document_id",
        "chunk_index",
        "document_name",
        "page_number",
        "text_span",
        "claim_text",
        "citation_type",
        "confidence_score",
    ),
    example='{"answer": "...", "citations": [{"document_id": "abc123", "chunk_index": 0, "text_span": "..."}]}'
    ' or a final stream event {"type": "final", "data": "...", "citations": [...]}',
)
JSON_DIALECTS: tuple[JsonDialect, ...] = (STRUCTURED, CITATION_OBJECT)
# Other keys an answer's list of citations goes by (`{"answer": ..., "sources": [1, 2]}`), read when it has no
# `citations` and cites nowhere inline (extract.sql, `$list_names`)
CITATION_LIST_NAMES = ("sources", "references", "refs")
# The names a citation object's field goes by, the first the item holds (not null) read (extract.sql, `$on_<field>`):
# logs name a source as its retrieved context does (`doc_id`, `chunk_id`, `title`, `page`, `url`), shorten the others
# (`quote`, `claim`, `confidence`) or write them in camel case. A citation so was malformed_citation:document_id
# (fabricated, RED) however right. `chunk_id` is the chunk's id, never an index; a `url` names the document as its
# `document_name` would (resolve.sql matches a name against the context's url too)
CITATION_OBJECT_NAMES: dict[str, tuple[str, ...]] = {
    "document_id": ("document_id", "documentId", "doc_id", "docId"),
    "chunk_index": ("chunk_index", "chunkIndex"),
    "chunk_id": ("chunk_id", "chunkId"),
    "document_name": (
        "document_name",
        "documentName",
        "title",
        "document_title",
        "documentTitle",
        "file_name",
        "fileName",
        "filename",
        "url",
        "source_url",
        "sourceUrl",
    ),
    "page_number": ("page_number", "pageNumber", "page"),
    "text_span": ("text_span", "textSpan", "quote", "quoted_text", "quotedText"),
    "claim_text": ("claim_text", "claimText", "claim"),
    "citation_type": ("citation_type", "citationType"),
    "confidence_score": ("confidence_score", "confidenceScore", "confidence"),
    # without a document_id or document_name: the retrieved document of that id when there is one, else a position
    # as a numeric marker's (`{"id": 2}`: sources shown to the model numbered; LangChain's `source_id`; a schema's
    # `{"index": 2}` or `{"number": 2}`, the number the model was shown: it was malformed_citation:document_id)
    "id": ("id", "source_id", "sourceId", "index", "number"),
    "source_index": ("source_index", "sourceIndex"),  # a 0-based position, as in inline_citations
}
