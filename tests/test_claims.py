"""audit.claims on answers of very many markers: each marker's claim found in time independent of the others."""

from __future__ import annotations

import time

from audit.claims import Claim, claim_for
from audit.extract.clauses import cited_clauses
from audit.extract.sentences import cited_stretches, mask_markers, split_sentences


def _claims(text: str) -> list[tuple[str, int | None, int | None]]:
    """Each marker's claim, found as audit.assess finds them."""
    sentences = split_sentences(text)
    _, marks = mask_markers(text)
    stretches, clauses = cited_stretches(text, marks), cited_clauses(text, sentences, marks)
    cites = [{"char_start": s, "char_end": e, "dialect": "numeric"} for s, e in marks]
    memo: dict[tuple[int, ...], Claim] = {}
    return [
        (c.text, c.start, c.end) for c in (claim_for(x, text, sentences, None, stretches, clauses, memo) for x in cites)
    ]


def test_markers_side_by_side_in_an_overlong_sentence_share_one_claim_found_once() -> None:
    # every marker of a run of markers (`[1]` 10,000 times: one "sentence" of 30 KB) cut and stripped the same 2,000
    # characters of it again, the markers in them found anew each time: 10,000 markers took 57 s, 1,000,000 would
    # take hours; now each distinct span is cut and stripped once per answer (CPU time, generous bound)
    text = "[1]" * 30_000 + "\nShipping is free [2]."
    start = time.process_time()
    got = _claims(text)
    assert time.process_time() - start < 5.0
    assert len(got) == 30_001 and len(set(got[:-1])) == 1 and got[-1][0] == "Shipping is free."
