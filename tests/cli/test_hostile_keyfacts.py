"""Key facts written the way real answers and sources write them, each through the real `citeaudit run` on real
Parquet and DuckDB files: a correct figure is not a false alarm, a changed one is not let in."""

from __future__ import annotations

from pathlib import Path

from tests.cli.hostile import audited
from tests.conftest import make_answer
from tests.conftest import query as q


def _verdicts(tmp_path: Path, cases: dict[str, tuple[str, str]]) -> dict[str, tuple[str, list[str]]]:
    """Audit one answer per case (its claim citing [1], the source given) and return each citation's verdict and
    its key-fact reasons."""
    rows = [
        make_answer(key, f"{claim} [1]", [{"doc_id": "d1", "chunk_id": "c1", "title": "Doc.pdf", "text": source}])
        for key, (claim, source) in cases.items()
    ]
    db = audited(tmp_path, rows)
    got = q(db, "SELECT answer_id, verdict, reasons FROM citation_audit ORDER BY answer_id")
    return {a: (v, [r for r in rs if r.startswith("missing_")]) for a, v, rs in got}


def test_a_name_inside_a_longer_word_of_the_source_is_missing(tmp_path: Path) -> None:
    # a name was looked up as a substring of the source: "Ann" was found in "Annabel" and "Smith" in "Goldsmith",
    # so a claim naming the wrong person had no missing_name and came out verified
    got = _verdicts(
        tmp_path,
        {
            "inside": (
                "The audit was signed by Ann Smith in the spring.",
                "The audit was signed by Annabel Goldsmith in the spring.",
            ),
            "same": (
                "The audit was signed by Ann Smith in the spring.",
                "The audit was signed by Ann Smith in the spring.",
            ),
            "possessive": (
                "The audit was signed by Ann Smith in the spring.",
                "The audit was Ann Smith's, signed in the spring.",
            ),
        },
    )
    assert got["inside"][1] == ["missing_name:Ann", "missing_name:Smith"], got
    assert got["inside"][0] != "verified", got
    assert got["same"] == ("verified", []), got
    assert got["possessive"][1] == [], got
