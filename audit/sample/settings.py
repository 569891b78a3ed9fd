"""Generator settings: fault rates, dialect mixes, what each planted fault should produce, truth fields."""

from __future__ import annotations

from audit.verdict import Verdict

KB_SEED = 2026
DEFAULT_START = "2026-11-01"
MODELS = ["gpt-4o", "claude-3", "llama-3-70b", "mistral-large"]

DIALECT_WEIGHTS = {
    "numeric": 0.36,
    "document_page": 0.13,
    "doc_chunk": 0.13,
    "json_citations": 0.13,
    "json_inline": 0.12,
    "citation_object": 0.13,
}
OBJECT_FORM_WEIGHTS = {"answer_json": 0.5, "event_list": 0.3, "json_lines": 0.2}
OVERCONFIDENT_MODEL = "llama-3-70b"  # reports confidence 0.9-1.0 whatever its answer holds
CONFIDENCE_DIALECTS = {"json_citations", "citation_object"}  # answers that log an answer-level confidence
MISSING_INFORMATION = ["the exact processing time", "regional exceptions", "the current price list"]
NUMERIC_FORM_WEIGHTS = {"single": 0.55, "list": 0.15, "adjacent": 0.15, "range": 0.15}

# rate = share of the rows eligible for a kind that get one planted instance (at least one when any is eligible)
FAULT_RATES = {
    "index_out_of_range": 0.06,
    "unknown_document": 0.08,
    "page_not_retrieved": 0.08,
    "unknown_chunk": 0.08,
    "unsupported": 0.06,
    "misattributed": 0.06,
    "uncited_claim": 0.08,
    "non_claim": 0.15,
    "invalid_json": 0.08,
    "invented_quote": 0.2,
    "non_verbatim_quote": 0.2,
    "overconfident": 0.15,
}
FAULT_DIALECTS = {
    "index_out_of_range": {"numeric", "json_citations", "json_inline"},
    "unknown_document": {"document_page", "doc_chunk", "citation_object"},
    "page_not_retrieved": {"document_page"},
    "unknown_chunk": {"doc_chunk", "citation_object"},
    "unsupported": set(DIALECT_WEIGHTS),
    "misattributed": set(DIALECT_WEIGHTS),
    "uncited_claim": set(DIALECT_WEIGHTS),
    "non_claim": set(DIALECT_WEIGHTS),
    "invalid_json": {"json_citations"},
    "invented_quote": {"citation_object"},
    "non_verbatim_quote": {"citation_object"},
    "overconfident": CONFIDENCE_DIALECTS,  # rows of OVERCONFIDENT_MODEL only: every claim unsupported
}
# one row of each per QUARANTINE_EVERY rows (at least one each)
QUARANTINE_EVERY = 200
QUARANTINE_REASONS = ["null_answer_id", "null_logged_at", "null_answer", "duplicate_answer_id"]

EXPECTED = {  # kind -> (expected reason, expected verdict)
    "index_out_of_range": ("index_out_of_range", Verdict.FABRICATED.value),
    "unknown_document": ("unknown_document", Verdict.FABRICATED.value),
    "page_not_retrieved": ("page_not_retrieved", Verdict.FABRICATED.value),
    "unknown_chunk": ("unknown_chunk", Verdict.FABRICATED.value),
    "unsupported": ("unsupported", Verdict.UNSUPPORTED.value),
    "misattributed": ("misattributed", Verdict.MISATTRIBUTED.value),
    "uncited_claim": ("uncited_claim", None),
    "non_claim": ("not_flagged", None),
    "invalid_json": ("json_parse_fallback", None),
    "invented_quote": ("text_span_not_found_in_source", None),  # never verified
    "non_verbatim_quote": ("quote_not_verbatim", None),
    "overconfident": ("overconfident", None),  # claimed confidence >= 0.9, at least 0.4 above citation integrity
}

# every truth line has these keys (null when they do not apply); ranks are 1-based positions in `contexts`
TRUTH_FIELDS = [
    "answer_id",
    "date",
    "kind",
    "expected",
    "expected_verdict",
    "dialect",
    "marker",
    "cited_rank",
    "true_rank",
    "claim",
    "details",
]

NON_CLAIMS = [
    "Hope this helps!",
    "Is there anything else I can help you with?",
    "Let me know if you have any other questions.",
    "Feel free to ask if something is unclear.",
]
