"""audit.extract.sections and audit.extract.segments, pure: what a heading's or a pointer's marker cites, and an
answer logged in parts or with JSON written as text inside it."""

from __future__ import annotations

import json

from audit.claims import Claim, claim_for
from audit.extract.clauses import cited_clauses
from audit.extract.sections import is_heading, is_pointer, section
from audit.extract.segments import answer_parts, unnested
from audit.extract.sentences import cited_stretches, mask_markers, split_sentences


def _claims(text: str) -> list[str]:
    """Each marker's claim, found as audit.assess finds them."""
    sentences = split_sentences(text)
    _, marks = mask_markers(text)
    stretches, clauses = cited_stretches(text, marks), cited_clauses(text, sentences, marks)
    cites = [{"char_start": s, "char_end": e, "dialect": "numeric"} for s, e in marks]
    memo: dict[tuple[int, ...], Claim] = {}
    return [claim_for(c, text, sentences, None, stretches, clauses, memo).text for c in cites]


def test_a_pointer_is_a_sentence_only_pointing_at_its_markers() -> None:
    for s in ("See.", "(See.)", "For details.", "See the refund policy.", "Cf. the section below."):
        assert is_pointer(s), s
    for s in ("See a doctor immediately.", "Refunds take 30 days.", "See how prices rose by 30%.", "Sources say so."):
        assert not is_pointer(s), s


def test_a_pointers_marker_cites_the_sentence_before() -> None:
    assert _claims("Refunds take 30 days. See [1].") == ["Refunds take 30 days."]
    assert _claims("Refunds take 30 days. (Source: [1]) Shipping is free.") == ["Refunds take 30 days."]
    assert _claims("Refunds take 30 days. Source: [1]") == ["Refunds take 30 days."]
    # a source's label on its own line cites the sentences above it (`sections.labelled`, below)
    assert _claims("Refunds take 30 days.\n\nSources: [1]") == ["Refunds take 30 days."]
    # a pointer opening the answer cites the sentence after it (hostile inputs 16; it cited ".")
    assert _claims("See [1]. Refunds take 30 days.") == ["Refunds take 30 days."]
    assert _claims("(See [2].) Shipping is free. Refunds take 30 days [1].")[0] == "Shipping is free."
    assert _claims("See [1]. See also [2].") == [".", "."]  # nothing but pointers: as before
    assert _claims("Rest well. See a doctor [1].") == ["See a doctor."]  # written after the rule: a statement


def test_a_headings_marker_cites_its_section_up_to_a_marked_sentence() -> None:
    text = "# Policy\n## Refunds [1]\nRefunds take 30 days. Credit lasts a year.\n## Shipping [2]\nShipping is free."
    assert _claims(text) == ["Refunds take 30 days. Credit lasts a year.", "Shipping is free."]
    assert _claims("## Refunds [1]\nRefunds take 30 days. Shipping is free [2].") == [
        "Refunds take 30 days.",
        "Shipping is free.",
    ]
    items = ("- Refunds take 30 days.\n- Credit lasts a year.", "1. Refunds take 30 days.\n2. Credit lasts a year.")
    for listed in items:  # a list's items under the heading, without their bullets and numbers
        assert _claims(f"## Refunds [1]\n{listed}") == ["Refunds take 30 days. Credit lasts a year."], listed
    assert _claims("## Refunds [1]\n## Shipping [2]") == ["Refunds", "Shipping"]  # no section: its own words
    sentences = split_sentences("**Bold** [1] in a line.\nA line\n=====")
    assert not is_heading("**Bold** [1] in a line.\nA line\n=====", sentences[0])  # written after the rule
    assert section("Text [1].", split_sentences("Text [1]."), 0) is None


def test_an_answer_in_parts_is_joined() -> None:
    assert answer_parts(["A [1].", "B [2]."]) == {"answer": "A [1].\n\nB [2]."}
    assert answer_parts(["Refunds take ", "30 days [1]."]) == {"answer": "Refunds take 30 days [1]."}
    assert answer_parts([{"text": "A."}, {"content": "B."}]) == {"answer": "A.\n\nB."}
    assert answer_parts({"text": "A [1]."}) == {"answer": "A [1]."}
    for bad in (["A.", 5], [], [{"text": 1}], "A.", {"text": "A.", "b": 1, "c": 2}):
        assert answer_parts(bad) is None, bad


def test_json_written_as_text_inside_the_json_is_read() -> None:
    inner = {"answer": "A [1].", "citations": [1]}
    assert unnested({"answer": json.dumps(inner), "model": "m"}) == inner | {"model": "m"}
    assert unnested({"answer": "A.", "citations": "[1, 2]"}) == {"answer": "A.", "citations": [1, 2]}
    assert unnested({"answer": json.dumps({"answer": json.dumps(inner)})}) == inner  # encoded twice
    for same in ({"answer": "A."}, {"answer": "{1} A."}, {"answer": "A.", "citations": "[oops"}):
        assert unnested(same) is None, same


def test_a_source_labels_line_cites_the_sentences_above_it_up_to_a_marker() -> None:
    para = "Refunds take 30 days. Shipping is free."
    assert _claims(f"{para}\nSources: [1], [2]") == [para, para]
    assert _claims(f"{para}\n\n**References:** [1]") == [para]
    assert _claims("Refunds take 30 days [1]. Shipping is free.\nSource: [2]") == [
        "Refunds take 30 days.",
        "Shipping is free.",
    ]
    assert _claims("Refunds take 30 days.\nSources: [1]\n\nShipping is free.\nSources: [2]") == [
        "Refunds take 30 days.",
        "Shipping is free.",
    ]
    # a label after a sentence on its line is a pointer's (the sentence before); alone, it cites nothing above
    assert _claims("Refunds take 30 days. Sources: [1]") == ["Refunds take 30 days."]
    assert _claims("Sources: [1]") == ["Sources:"]
    # a label with words of a claim is no label's line (written after the rule)
    assert _claims(f"{para}\nSources say refunds take 30 days [1].") == ["Sources say refunds take 30 days."]
    # at most a claim's length, from the sentence nearest the label
    long = " ".join(f"Sentence number {i} says something long enough to count here." for i in range(60))
    claim = _claims(f"{long}\nSources: [1]")[0]
    assert claim.endswith("number 59 says something long enough to count here.") and len(claim) <= 2000


def test_zero_based_segment_citations_read_as_source_indexes() -> None:
    # one 0 among a list of segments' positions says they count from 0 (0 was fabricated, the others off by one)
    zero = answer_parts([{"text": "A.", "citations": [0]}, {"text": "B.", "citations": ["1"]}])
    assert zero is not None and [c.get("source_index") for c in zero["citations"]] == [0, 1]
    one = answer_parts([{"text": "A.", "citations": [1]}, {"text": "B.", "citations": [2]}])
    assert one is not None and [c.get("id") for c in one["citations"]] == [1, 2]  # from 1: as before
    named = answer_parts([{"text": "A.", "citations": [0, "policy.pdf"]}])  # written after the rule: a name stays one
    assert named is not None and named["citations"][1].get("document_name") == "policy.pdf"
