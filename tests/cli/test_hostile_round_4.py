"""Hostile inputs and log formats, round 4, each through the real `citeaudit run` on real Parquet and DuckDB files:
every citation a RAG assistant writes is read and checked against the source it names, never lost, and a claim
written as such assistants write it raises no false alarm."""

from __future__ import annotations

from pathlib import Path

from tests.cli.hostile import CTX
from tests.cli.hostile import cites_by_answer as _cites
from tests.cli.hostile import run_logged as _run
from tests.conftest import query as q

REFUNDS, SHIPPING = (c["text"] for c in CTX)  # "Refunds take 30 days.", "Shipping is free over 50 euros."


def test_a_caret_closing_a_raised_bracket_is_part_of_its_marker(tmp_path: Path) -> None:
    # `^[1]^` (Pandoc's superscript around a bracket, as some chat widgets' prompts ask for it): the opening caret
    # was part of the marker, the closing one was left as the next sentence's first character ("^ Shipping is free
    # over 50 euros.", weak: a correct answer RED)
    answers = {"raised": f"{REFUNDS[:-1]}.^[1]^ {SHIPPING}^[2]^", "wrong": f"{REFUNDS}^[2]^ {SHIPPING}^[2]^"}
    cites = _cites(_run(tmp_path, answers))
    assert cites["raised"] == [("1", 1, "verified", REFUNDS), ("2", 2, "verified", SHIPPING)]
    assert cites["wrong"][0][1:] == (2, "misattributed", REFUNDS)


def test_a_pandoc_superscript_number_cites_where_a_superscript_digit_would(tmp_path: Path) -> None:
    # `days.^1^` is Pandoc's raised 1, as a model told to write Markdown footnotes "as superscripts" writes them: it
    # was no marker (YELLOW no_citations, the two sentences one uncited claim, a wrong source never checked). It is
    # read where a superscript digit is (after a word of three letters or a sentence's punctuation, before a space,
    # punctuation or the end); `x^2^`, `mc^2^`, `10^6^` stay powers in the text
    answers = {
        "raised": f"{REFUNDS}^1^ {SHIPPING}^2^",
        "after_word": f"{REFUNDS[:-1]}^1^.",
        "list": f"{REFUNDS}^1,2^",
        "wrong": f"{REFUNDS}^2^",
        "power": "Refunds take x^2^ days for mc^2^ and 10^6^ orders.",
    }
    db = _run(tmp_path, answers)
    cites = _cites(db)
    assert cites["raised"] == [("1", 1, "verified", REFUNDS), ("2", 2, "verified", SHIPPING)]
    assert cites["after_word"] == [("1", 1, "verified", REFUNDS)]
    assert [c[1] for c in cites["list"]] == [1, 2]
    assert cites["wrong"][0][1:3] == (2, "misattributed")
    assert "power" not in cites
    (dialect,) = q(db, "SELECT DISTINCT dialect FROM citation_audit WHERE answer_id = 'raised'")
    assert dialect == ("superscript",)
