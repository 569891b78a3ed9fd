"""AWS Bedrock Knowledge Bases' `RetrieveAndGenerate` response, read as structured output (audit.extract.shapes).

`{"output": {"text": ...}, "citations": [{"generatedResponsePart": {"textResponsePart": {"text", "span"}},
"retrievedReferences": [{"content": {"text"}, "location": {"type": "S3", "s3Location": {"uri": ...}}, "metadata"}]}]}`
(boto3's `retrieve_and_generate`) was `structured_parse_failed` (RED, the raw JSON audited as the claim, nothing
cited) however right. `output.text` is the answer; each reference cites its part's text (else the part's `span` of
the answer), by the uri, url or id its `location` gives (S3, web, Confluence, Salesforce, SharePoint, Kendra, a custom
document's id), or the source uri in its `metadata`: the first of them that names a retrieved source, else the first.
One that cannot be read is `malformed_citation:<field>` (`textResponsePart`, `retrievedReferences`, `location`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from audit.extract.shaped import bad as _bad
from audit.extract.shaped import span as _span

_SOURCE_URI = "x-amz-bedrock-kb-source-uri"


def _names(ref: dict[str, Any]) -> list[str]:
    """The names a reference gives its source: each `*Location`'s uri, url or id, then its metadata's source uri."""
    loc, meta = ref.get("location"), ref.get("metadata")
    out = []
    for k, v in loc.items() if isinstance(loc, dict) else []:
        if isinstance(k, str) and k.endswith("Location") and isinstance(v, dict):
            out += [v[f] for f in ("uri", "url", "id") if isinstance(v.get(f), str) and v[f].strip()]
    if isinstance(meta, dict) and isinstance(meta.get(_SOURCE_URI), str) and meta[_SOURCE_URI].strip():
        out.append(meta[_SOURCE_URI])
    return out


def _claim(text: str, part: Any) -> str | None:
    """The text a generated part cites: its own `text`, else its `span` of the answer (end inclusive, as AWS
    documents it, or exclusive)."""
    tp = part.get("textResponsePart") if isinstance(part, dict) else None
    if not isinstance(tp, dict):
        return None
    if isinstance(tp.get("text"), str) and tp["text"].strip():
        return str(tp["text"])
    sp = tp.get("span")
    if not isinstance(sp, dict) or not isinstance(sp.get("end"), int):
        return None
    claim, bad = _span(text, sp.get("start"), sp["end"] + 1, None, ("span.start", "span.end"))
    return None if bad else claim


def bedrock_response(doc: dict[str, Any], known: Callable[[str], bool]) -> dict[str, Any] | None:
    """The structured output a RetrieveAndGenerate response stands for, or None (no `output.text` beside a
    `citations` list); `known`: whether a name is one of the answer's retrieved sources'."""
    output, cites = doc.get("output"), doc.get("citations")
    if not isinstance(output, dict) or not isinstance(output.get("text"), str) or not isinstance(cites, list):
        return None
    text, out = output["text"], []
    for c in cites:
        claim = _claim(text, c.get("generatedResponsePart") if isinstance(c, dict) else None)
        if claim is None:
            out.append(_bad("textResponsePart", c))
            continue
        refs = c.get("retrievedReferences")
        if not isinstance(refs, list):
            out.append(_bad("retrievedReferences", c, claim_text=claim))
            continue
        for ref in refs:
            names = _names(ref) if isinstance(ref, dict) else []
            if not names:
                out.append(_bad("location", ref, claim_text=claim))
                continue
            out.append({"url": next((n for n in names if known(n)), names[0]), "claim_text": claim})
    return {"answer": text, "citations": out}
