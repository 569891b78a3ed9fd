"""extract.sql reads a long pattern in one call where it read it in several (each call compiles it again, per shard):
the one call gives what the several gave."""

from __future__ import annotations

import random

import duckdb
import pytest

from audit.extract.dialects import any_marker_pattern, ascii_digits
from audit.extract.scan import reference_list_pattern

_PIECES = [
    "[1]", "[2, 3]", "【4†source】", "[^1]", "[^note-a]", "[Doc: policy.pdf, page 4]", "(source 3)", "¹", "x²",
    "Sources:", "**References**", "## Bibliography", "参考资料：", "Works cited", "sources", "\n", "\n\n", "\r\n", " ",
    "- ", "1. ", "* ", "Refund Policy.pdf", "https://x.org/a", "www.x.org", ": ", "[2]: https://b.org", "[^2]: a.pdf",
    "[3]: Shipping costs 20 euros.", "Refunds take 14 days.", "word", "  ", "\t", "]", "[", ":", "١", "[١]",
]  # fmt: skip


def _mixes(n: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    return ["".join(rng.choice(_PIECES) for _ in range(rng.randint(1, 14))) for _ in range(n)]


@pytest.mark.parametrize("ascii_only", [False, True])
def test_one_call_of_the_reference_list_pattern_reads_what_two_did(ascii_only: bool) -> None:
    refs = reference_list_pattern()
    refs = ascii_digits(refs) if ascii_only else refs
    texts = _mixes(400, 11)
    with duckdb.connect() as con:
        con.execute("CREATE TABLE t AS SELECT unnest($texts) AS s", {"texts": texts})
        rows = con.execute(
            "SELECT s, regexp_full_match(s, $p), regexp_extract(s, $p, 1),"
            " list_transform([s], lambda x: regexp_extract(x, $p, ['pre', 'list']))[1] FROM t",
            {"p": refs},
        ).fetchall()
    lists = 0
    for text, full, pre, once in rows:
        assert (once["list"] != "") == full, text
        if full:
            assert once["pre"] == pre, text
            lists += 1
    assert lists > 20  # the mixes end in lists of every kind


def test_one_call_of_the_marker_pattern_reads_what_four_did() -> None:
    texts = [t[:250] for t in _mixes(400, 5)] + [None]  # short ones, long ones, none
    with duckdb.connect() as con:
        con.execute("CREATE TABLE t AS SELECT unnest($texts) AS s", {"texts": texts})
        rows = con.execute(
            "SELECT s, CASE WHEN length(s) <= 200 THEN regexp_matches(s, $p) END,"
            " list_transform([s, s, s, s], lambda x: length(x) <= 200 AND regexp_matches(x, $p)) FROM t",
            {"p": any_marker_pattern()},
        ).fetchall()
    for text, alone, once in rows:
        if text is not None and len(text) <= 200:
            assert once == [alone] * 4, text
