"""Which words a marker inside its sentence cites (audit/extract/clauses.py), case by case."""

from __future__ import annotations

import pytest

from audit.extract.clauses import cited_clauses
from audit.extract.sentences import mask_markers, split_sentences

CASES = [
    # a marker after a clause, another after the next: each cites its own clause
    (
        "Refunds are paid within 30 days [1], and shipping is free for orders over 50 euros [2].",
        {"[1]": "Refunds are paid within 30 days", "[2]": "shipping is free for orders over 50 euros [2]."},
    ),
    # markers side by side cite the same clause
    (
        "Refunds take 30 days [1][2], while shipping is free [3]. Next sentence here [4].",
        {"[1]": "Refunds take 30 days", "[2]": "Refunds take 30 days", "[3]": "shipping is free [3]."},
    ),
    # a conjunction without a comma breaks too
    (
        "It is seen in acute promyelocytic leukemia [1] and in the myeloid blasts of acute leukemias [2].",
        {"[1]": "It is seen in acute promyelocytic leukemia", "[2]": "in the myeloid blasts of acute leukemias [2]."},
    ),
    # the words after the last marker stay with it: cut off, they were checked against no source (a let-in)
    ("There is a limit to the effect of interventions applied at a local level [1], thus a need for other ones.", {}),
    (
        "Refunds are paid within 30 days [1], and shipping is free for orders [2], reaching 90% of them.",
        {"[1]": "Refunds are paid within 30 days", "[2]": "shipping is free for orders [2], reaching 90% of them."},
    ),
    # a marker in brackets ("(see [1])", "([1])") or closing a quote cites its clause too, the brackets left out
    (
        "Refunds are paid within 30 days (see [1]), and shipping is free over 50 euros [2].",
        {"[1]": "Refunds are paid within 30 days", "[2]": "shipping is free over 50 euros [2]."},
    ),
    (
        "Refunds are paid within 30 days ([1]), and shipping is free over 50 euros ([2]).",
        {"[1]": "Refunds are paid within 30 days", "[2]": "shipping is free over 50 euros ([2])."},
    ),
    (
        "\u201cRefunds are paid within 30 days [1]\u201d, and shipping is free over 50 euros [2].",
        {"[1]": "\u201cRefunds are paid within 30 days", "[2]": "shipping is free over 50 euros [2]."},
    ),
    (
        'He said "refunds are paid within 30 days [1]," and shipping is free over 50 euros [2].',
        {"[1]": 'He said "refunds are paid within 30 days', "[2]": "shipping is free over 50 euros [2]."},
    ),
    # full-width punctuation (Chinese, Japanese) breaks a clause as its ASCII form does
    (
        "购买后三十天内退款[1]，订单超过一千欧元免运费[2]。",
        {"[1]": "购买后三十天内退款", "[2]": "订单超过一千欧元免运费[2]。"},
    ),
    # a clause that refers back ("it", "which", "its") keeps the words it refers to
    (
        "The Empire State Building opened in 1931 [1], and it is 330 metres tall [2].",
        {
            "[1]": "The Empire State Building opened in 1931",
            "[2]": "The Empire State Building opened in 1931 [1], and it is 330 metres tall [2].",
        },
    ),
    (
        "The Empire State Building opened in 1931 [1], which is 330 metres tall [2].",
        {
            "[1]": "The Empire State Building opened in 1931",
            "[2]": "The Empire State Building opened in 1931 [1], which is 330 metres tall [2].",
        },
    ),
    # markers at the sentence's end cite all of it
    ("Refunds are paid within 30 days and shipping is free [1][2].", {}),
    # no clause break after the marker: the year belongs to what it cites
    ("Revenue rose 5% [1] in 2020.", {}),
    # a sentence that opens with where it comes from: its first marker cites all of it
    ("According to the policy [1], refunds take 30 days [2].", {"[2]": "refunds take 30 days [2]."}),
    # pieces of fewer than three words stay with their sentence
    ("X [1], Y [2].", {}),
    ("In 2020 [1], revenue rose by five percent.", {}),
]


@pytest.mark.parametrize(("text", "expected"), CASES)
def test_cited_clauses(text: str, expected: dict[str, str]) -> None:
    _, marks = mask_markers(text)
    got = cited_clauses(text, split_sentences(text), marks)
    assert {text[m : m + 3]: text[b:e] for m, (b, e) in got.items()} == expected


def test_a_sentence_of_thousands_of_markers_is_cut_in_linear_time() -> None:
    # each marker scanned every cut and the rest of its sentence: 4,000 markers in one "sentence" (a 100 KB answer
    # with no full stop) took 7 s, 16,000 two minutes; now a fraction of a second (CPU time, generous bound)
    import time

    text = "".join(f"alpha beta gamma {i} [{i % 9 + 1}], " for i in range(16_000)) + "and the end of it."
    _, marks = mask_markers(text)
    sentences = split_sentences(text)
    start = time.process_time()
    got = cited_clauses(text, sentences, marks)
    assert time.process_time() - start < 3.0
    assert len(got) == 16_000 and text[slice(*got[marks[1][0]])] == "alpha beta gamma 1"
