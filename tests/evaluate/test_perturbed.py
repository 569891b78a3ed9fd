"""Perturbed copies of supported real claims (a changed number, a negation, a swapped entity, a word turned into its
opposite) must not verify.

Built from WiCE dev claims that annotators marked `supported`, against the very source that supports them, so any
`verified` verdict on a perturbed copy is the verifier missing the one fact that changed.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from audit.config import AuditConfig
from audit.extract.sentences import split_sentences
from audit.verdict import CitationEvidence, Verdict, decide
from audit.verify.verifier import score_pairs

REAL = Path(__file__).resolve().parents[3] / "shared" / "data" / "real"
CFG = AuditConfig()
_NUMBER = re.compile(r"(?<![\w.])\d[\d,]*(?:\.\d+)?(?![\w])")
_AUX = re.compile(r"\b(is|was|are|were|has|had|have|will|can|did|does)\b")
_NAME = re.compile(r"(?<!^)(?<![.!?] )\b[A-Z][a-z]{2,}\b")


def change_number(claim: str) -> str | None:
    m = _NUMBER.search(claim)
    if m is None:
        return None
    digits = m.group().replace(",", "")
    value = float(digits) if "." in digits else int(digits)
    new = str(value + 7 if isinstance(value, int) and value < 1900 else value + 3)
    return claim[: m.start()] + new + claim[m.end() :]


def negate(claim: str) -> str | None:
    m = _AUX.search(claim)
    if m is None:
        return None
    return claim[: m.end()] + " not" + claim[m.end() :]


# a word and its opposite, written here apart from the verifier's own list (audit/verify/direction.py): pairs it has
# (rose/fell) and pairs it has not (first/last, before/after, north/south)
_OPPOSITES = {
    "increased": "decreased", "rose": "fell", "grew": "shrank", "gained": "lost", "won": "lost", "added": "removed",
    "opened": "closed", "approved": "rejected", "accepted": "rejected", "higher": "lower", "largest": "smallest",
    "highest": "lowest", "before": "after", "first": "last", "earlier": "later", "began": "ended", "joined": "left",
    "north": "south", "east": "west", "best": "worst", "success": "failure", "above": "below",
}  # fmt: skip
_OPPOSITES |= {b: a for a, b in list(_OPPOSITES.items()) if b not in _OPPOSITES}
_OPPOSITE = re.compile(r"\b(" + "|".join(sorted(_OPPOSITES, key=len, reverse=True)) + r")\b")


def opposite(claim: str) -> str | None:
    m = _OPPOSITE.search(claim)
    return None if m is None else claim[: m.start()] + _OPPOSITES[m.group()] + claim[m.end() :]


def swap_entity(claim: str, source: str, pool: list[str]) -> str | None:
    names = [m for m in _NAME.finditer(claim)]
    low = source.lower()
    for m in names:
        for other in pool:
            if other != m.group() and other.lower() not in low:
                return claim[: m.start()] + other + claim[m.end() :]
    return None


def _supported_claims() -> list[tuple[str, str]]:
    answers = {r["answer_id"]: r for r in pq.read_table(REAL / "wice_dev_answers.parquet").to_pylist()}
    out = []
    for line in (REAL / "wice_dev_labels.jsonl").read_text().splitlines():
        lab = json.loads(line)
        if lab["gold"] != "supported":
            continue
        ans = answers[lab["answer_id"]]
        pos = ans["answer"].rfind(lab["marker"])
        sent = next(s for s in split_sentences(ans["answer"]) if s.start <= pos < s.end)
        out.append((sent.text, ans["contexts"][lab["true_rank"] - 1]["text"]))
    return out


@pytest.mark.skipif(not (REAL / "wice_dev_labels.jsonl").is_file(), reason="../shared/data/real is not beside the repo")
def test_perturbed_supported_claims_are_not_verified(scorer, capsys):
    claims = _supported_claims()
    pool = sorted({m.group() for c, _ in claims for m in _NAME.finditer(c)})
    cases: list[tuple[str, str, str]] = []
    for claim, source in claims:
        for kind, new in (
            ("number", change_number(claim)),
            ("negation", negate(claim)),
            ("entity", swap_entity(claim, source, pool)),
            ("opposite", opposite(claim)),
        ):
            if new is not None and new != claim:
                cases.append((kind, new, source))
    scores = score_pairs([(c, s) for _, c, s in cases], CFG, scorer)
    caught: dict[str, list[bool]] = {}
    for (kind, _, _), ps in zip(cases, scores, strict=True):
        d = decide(CitationEvidence(cited=ps.as_source_score()), CFG.support)
        caught.setdefault(kind, []).append(d.verdict is not Verdict.VERIFIED)
    with capsys.disabled():
        for kind, hits in sorted(caught.items()):
            print(f"\nperturbed supported WiCE claims, {kind}: {sum(hits)}/{len(hits)} not verified")
    total = [h for hs in caught.values() for h in hs]
    assert len(total) >= 100
    assert sum(total) / len(total) >= 0.90
