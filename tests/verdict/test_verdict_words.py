"""Every verdict word in Python comes from `audit.verdict` (`Verdict`, `SEVERITY`, `UNVERIFIED`): a grep."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from audit.verdict import Verdict

REPO = Path(__file__).resolve().parents[2]
WORDS = {v.value for v in Verdict}
SQL_LITERAL = re.compile(r"'(" + "|".join(sorted(WORDS)) + r")'")
# the generator names planted faults (`unsupported`, `misattributed`) and their reason codes; the verdicts it expects
# come from Verdict
SKIP = {REPO / "audit" / "verdict.py", *(REPO / "audit" / "sample").rglob("*.py")}
# a label file's gold class, which happens to share a verdict's word
ALLOWED = {("audit/evaluate/labels.py", "misattributed")}


def verdict_literals(path: Path, root: Path = REPO) -> list[str]:
    """`file:line: word` for each string constant that is a verdict word, or holds one as a SQL literal."""
    rel = path.relative_to(root).as_posix()
    hits = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            words = [node.value] if node.value in WORDS else SQL_LITERAL.findall(node.value)
            hits += [f"{rel}:{node.lineno}: {w}" for w in words if (rel, w) not in ALLOWED]
    return hits


def test_no_verdict_literal_outside_the_verdict_module() -> None:
    files = [p for d in ("audit", "flows") for p in sorted((REPO / d).rglob("*.py")) if p not in SKIP]
    hits = [h for p in files for h in verdict_literals(p)]
    assert hits == [], "use audit.verdict.Verdict / SEVERITY / UNVERIFIED:\n" + "\n".join(hits)


def test_the_grep_finds_words_and_sql_literals(tmp_path: Path) -> None:
    f = tmp_path / "m.py"
    f.write_text('A = "weak"\nB = "SELECT 1 WHERE verdict = \'fabricated\'"\nC = "weakly"\n')
    assert verdict_literals(f, tmp_path) == ["m.py:1: weak", "m.py:2: fabricated"]
