"""The fifth sweep: values that were let in quietly (a wrong type read as something else, or skipped), and errors
that were not one line. Each through the real CLI on real Parquet and DuckDB files."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli.test_hostile_input import CTX, _audited
from tests.conftest import make_answer
from tests.conftest import query as q


def test_citation_object_fields_that_are_not_strings_make_the_citation_malformed(tmp_path: Path) -> None:
    # a text_span, claim_text or citation_type given as an object, list, number or bool was ignored: a text_span
    # object skipped the quote check and the citation came out verified
    def doc(**kw: object) -> str:
        obj = {"document_id": "d1", "chunk_index": 0} | kw
        return json.dumps({"answer": "Refunds take 30 days.", "citations": [obj]})

    answers = {
        "clean": doc(text_span="Refunds take 30 days", claim_text="Refunds take 30 days", citation_type="direct_quote"),
        "span_null": doc(text_span=None, claim_text=None, citation_type=None),
        "span_object": doc(text_span={"text": "anything at all"}),
        "span_list": doc(text_span=["Refunds", "take"]),
        "span_number": doc(text_span=30),
        "span_bool": doc(text_span=True),
        "claim_list": doc(claim_text=["Refunds take 30 days"]),
        "claim_number": doc(claim_text=30),
        "type_object": doc(citation_type={"kind": "direct_quote"}),
        "type_bool": doc(citation_type=False),
    }
    db = _audited(tmp_path, [make_answer(key, text, CTX) for key, text in answers.items()])[1]
    got = dict(q(db, "SELECT answer_id, (verdict, reasons, cited_ref) FROM citation_audit"))
    assert got["clean"][0] == "verified" and got["span_null"][0] == "verified", got
    for key, field in [
        ("span_object", "text_span"),
        ("span_list", "text_span"),
        ("span_number", "text_span"),
        ("span_bool", "text_span"),
        ("claim_list", "claim_text"),
        ("claim_number", "claim_text"),
        ("type_object", "citation_type"),
        ("type_bool", "citation_type"),
    ]:
        verdict, reasons, ref = got[key]
        assert verdict == "fabricated" and reasons == [f"malformed_citation:{field}"], (key, got[key])
        assert json.loads(ref) == json.loads(answers[key])["citations"][0], ref
    assert q(db, "SELECT count(*) FROM answer_audit WHERE level = 'GREEN'") == [(2,)]
