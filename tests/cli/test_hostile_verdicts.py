"""The "nothing let in" sweep: claims built to be verified against a source that does not support them (a source's
question, denial or hypothesis stated as fact; one word of a copied sentence swapped for its opposite), each through
the real `citeaudit run` on real Parquet and DuckDB files, beside the supported claims they must not flag."""

from __future__ import annotations

from pathlib import Path

from tests.cli.hostile import audited
from tests.conftest import make_answer
from tests.conftest import query as q


def _verdicts(tmp_path: Path, cases: dict[str, tuple[str, str]]) -> dict[str, tuple[str, list[str]]]:
    """Each (claim, source) of `cases` audited as one answer citing its one source: its (verdict, reasons)."""
    rows = [
        make_answer(key, f"{claim} [1]", [{"doc_id": key, "chunk_id": "0", "title": key, "text": source}])
        for key, (claim, source) in cases.items()
    ]
    return dict(q(audited(tmp_path, rows), "SELECT answer_id, (verdict, reasons) FROM citation_audit"))


def test_a_question_denial_or_hypothesis_of_the_source_stated_as_fact_is_not_verified(tmp_path: Path) -> None:
    # the claim was verbatim in the source, inside "denied that ...", "whether ...": exact_match, support 1, verified
    denied = "The ministry denied that the factory had polluted the river during the summer months."
    asked = "Researchers are still investigating whether the new drug reduces the risk of heart attacks."
    got = _verdicts(
        tmp_path,
        {
            "denied": ("The factory had polluted the river during the summer months.", denied),
            "whether": ("The new drug reduces the risk of heart attacks.", asked),
            "asks_if": (
                "The merger will be approved by the regulator next year.",
                "The article asks if the merger will be approved by the regulator next year.",
            ),
            "no_evidence": (
                "Vitamin C prevents the common cold in healthy adults.",
                "There is no evidence that vitamin C prevents the common cold in healthy adults.",
            ),
            "myth": (
                "Goldfish have a memory span of only three seconds.",
                "It is a myth that goldfish have a memory span of only three seconds.",
            ),
            # supported: the source asserts it, or says who found it
            "found_that": (
                "The factory had polluted the river during the summer months.",
                denied.replace("denied", "confirmed"),
            ),
            "said_that": (
                "The new drug reduces the risk of heart attacks.",
                "The authors said that the new drug reduces the risk of heart attacks.",
            ),
            "whole": (denied, denied),
            "if_clause": (
                "Customers receive a full refund within 30 days.",
                "If the parcel is lost, customers receive a full refund within 30 days.",
            ),
        },
    )
    for key in ("denied", "whether", "asks_if", "no_evidence", "myth"):
        verdict, reasons = got[key]
        assert verdict != "verified" and "exact_match" not in reasons, (key, got[key])
        assert any(r.startswith("unasserted:") for r in reasons), (key, got[key])
    assert got["denied"][1][-1] == "unasserted:denied that", got["denied"]
    assert got["whether"][1][-1] == "unasserted:whether", got["whether"]
    for key in ("found_that", "said_that", "whole", "if_clause"):
        assert got[key] == ("verified", ["exact_match"]), (key, got[key])
