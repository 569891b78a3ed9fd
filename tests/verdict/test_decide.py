"""The verdict core, from a table of cases (tests/verdict/cases/decide.jsonl)."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

from audit.config import SupportConfig
from audit.verdict import (
    SEVERITY,
    CitationEvidence,
    JointEvidence,
    SourceScore,
    Verdict,
    decide,
    restatement_needed,
    suggestion_to_confirm,
)

CASES = [
    json.loads(line) for line in (Path(__file__).parent / "cases" / "decide.jsonl").read_text().splitlines() if line
]


def _score(raw: dict[str, Any]) -> SourceScore:
    return SourceScore(**{**raw, "missing": tuple(raw.get("missing", ()))})


def _evidence(raw: dict[str, Any]) -> CitationEvidence:
    ev = dict(raw)
    if "cited" in ev:
        ev["cited"] = _score(ev["cited"])
    for key in ("others", "others_refined", "whole", "lone"):
        if key in ev:
            ev[key] = {int(k): _score(v) for k, v in ev[key].items()}
    if "joint" in ev:
        j = ev["joint"]
        clauses = tuple(tuple(_score(s) for s in row) for row in j["clauses"])
        ev["joint"] = JointEvidence(j["rank"], tuple(j["ranks"]), clauses, j["others_alone"])
    if "extra_reasons" in ev:
        ev["extra_reasons"] = tuple(ev["extra_reasons"])
    return CitationEvidence(**ev)


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_decide(case: dict[str, Any]) -> None:
    cfg = dataclasses.replace(SupportConfig(), **case.get("cfg", {}))
    d = decide(_evidence(case["ev"]), cfg)
    assert d.verdict == Verdict(case["verdict"])
    if case["support"] is None:
        assert d.support is None
    else:
        assert d.support == pytest.approx(case["support"], abs=1e-5)
    assert list(d.reasons) == case["reasons"]
    assert d.suggested_rank == case.get("suggested_rank")


def test_every_verdict_has_a_case() -> None:
    assert {Verdict(c["verdict"]) for c in CASES} == set(Verdict)


def test_severity_lists_every_verdict_once() -> None:
    assert sorted(SEVERITY) == sorted(Verdict)


@pytest.mark.parametrize(
    ("ev", "needed"),
    [
        # the other source ahead on the first stage, short of the margin: read
        ({"cited": {"support": 0.26}, "others": {"2": {"support": 0.42}}}, True),
        ({"cited": {"support": 0.3}, "others": {"2": {"support": 0.3}}}, True),
        # behind the cited source on the first stage: not read
        ({"cited": {"support": 0.3}, "others": {"2": {"support": 0.28}}}, False),
        # decided without it: the first stage's lead (better_source), a verified citation, no other source
        ({"cited": {"support": 0.1}, "others": {"2": {"support": 0.42}}}, False),
        ({"cited": {"support": 0.5}, "others": {"2": {"support": 0.6}}}, False),
        ({"cited": {"support": 0.3}}, False),
        ({"fabricated_reason": "index_out_of_range", "others": {"2": {"support": 0.42}}}, False),
    ],
)
def test_the_best_other_source_is_scored_again_only_where_decide_reads_it(ev: dict[str, Any], needed: bool) -> None:
    # `assess` scores the best other source again as the cited one is (the transformer runs on it) only where
    # `decide` reads that score
    assert restatement_needed(_evidence(ev), SupportConfig()) is needed


@pytest.mark.parametrize(
    ("ev", "rank"),
    [
        # the first stage suggests a source (the margin, the verified clause): it is scored again to confirm it
        ({"cited": {"support": 0.43}, "others": {"2": {"support": 0.64}, "3": {"support": 0.1}}}, 2),
        ({"cited": {"support": 0.43}, "others": {"3": {"support": 0.54}}}, 3),
        # no suggestion, a verified citation, no other source: none
        ({"cited": {"support": 0.3}, "others": {"2": {"support": 0.42}}}, None),
        ({"cited": {"support": 0.5}, "others": {"2": {"support": 0.9}}}, None),
        ({"cited": {"support": 0.3}}, None),
    ],
)
def test_a_first_stage_suggestion_is_scored_again_to_confirm_it(ev: dict[str, Any], rank: int | None) -> None:
    assert suggestion_to_confirm(_evidence(ev), SupportConfig()) == rank
