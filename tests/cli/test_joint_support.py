"""Joint support: a claim whose clauses are spread over the sources it cites ("Paris is the capital of France and has
2.1 million inhabitants [1][2]", [1] the capital, [2] the population) is supported by them together when every clause
is verified by one of them alone (audit/verify/joint.py). Each case through the real `citeaudit run` on real Parquet
and DuckDB files: each source alone misses a key fact, and every citation was capped, the answer RED. A claim that is
one clause is never read jointly: "Apple acquired Nest Labs in 2014 [1][2]" against a source on Apple and Beats and
one on Google and Nest was verified when the claim was read against the union of its sources."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.cli.hostile import batched
from tests.conftest import make_answer, query

CAPITAL = "Paris is the capital and the largest city of France, on the river Seine."
POPULATION = "Paris has about 2.1 million inhabitants within its city limits, according to the census."
BANANAS = "Bananas grow best in tropical regions with heavy rainfall and rich soil."
CLAIM = "Paris is the capital of France and has 2.1 million inhabitants"

SALES_2020 = "In 2020 the company sold 5 million units, most of them in Europe."
SALES_2021 = "Its headquarters moved to Lisbon in 2021, when the firm hired 300 engineers."

BEATS = "In 2014 Apple acquired Beats Electronics for 3 billion dollars."
NEST = "In the same year Google acquired Nest Labs for 3.2 billion dollars."


def _ctx(key: str, text: str) -> dict[str, str]:
    return {"doc_id": key, "chunk_id": "0", "title": key, "text": text}


def _rows(answers: dict[str, tuple[str, list[str]]]) -> list[dict[str, Any]]:
    """One answer per key: its text, citing its sources' texts (doc ids `key-1`, `key-2`, ...)."""
    return [
        make_answer(key, answer, [_ctx(f"{key}-{i}", t) for i, t in enumerate(texts, 1)])
        for key, (answer, texts) in answers.items()
    ]


def _cites(db: Path) -> dict[str, list[tuple[int, str, list[str]]]]:
    """Each answer's citations in order: (context_rank, verdict, reasons)."""
    got: dict[str, list[tuple[int, str, list[str]]]] = {}
    for a, rank, verdict, reasons in query(
        db, "SELECT answer_id, context_rank, verdict, reasons FROM citation_audit ORDER BY answer_id, citation_ord"
    ):
        got.setdefault(a, []).append((rank, verdict, list(reasons)))
    return got


def _joint(reasons: list[str]) -> list[str]:
    return [r for r in reasons if r.startswith("joint_support:")]


def _none_verified(cites: list[tuple[int, str, list[str]]]) -> bool:
    return all(v != "verified" and not _joint(why) for _r, v, why in cites)


@batched(
    _rows(
        {
            "split": (f"{CLAIM} [1][2].", [CAPITAL, POPULATION]),
            "split_list": (f"{CLAIM} [1, 2].", [CAPITAL, POPULATION]),
            "sales": (
                "The company sold 5 million units in 2020 and moved its headquarters to Lisbon [1][2].",
                [SALES_2020, SALES_2021],
            ),
        }
    )
)
def test_facts_split_over_two_sources_are_verified_jointly(answers_db: Path) -> None:
    got = _cites(answers_db)
    for key in ("split", "split_list", "sales"):
        (r1, v1, why1), (r2, v2, why2) = got[key]
        assert (v1, v2) == ("verified", "verified"), (key, got[key])
        assert _joint(why1) == [f"joint_support:[{r2}]"] and _joint(why2) == [f"joint_support:[{r1}]"], got[key]
        assert any(r.startswith("missing_") for r in why1 + why2), got[key]  # each alone lacked a key fact


@batched(
    _rows(
        {
            "neither": (
                "Berlin is the capital of Germany and has 3.7 million inhabitants [1][2].",
                [CAPITAL, POPULATION],
            ),
            # the capital in one source, the population in none: the union lacks 3.7 million
            "half": ("Paris is the capital of France and has 3.7 million inhabitants [1][2].", [CAPITAL, BANANAS]),
        }
    )
)
def test_facts_in_none_of_the_sources_stay_unverified(answers_db: Path) -> None:
    got = _cites(answers_db)
    for key in ("neither", "half"):
        assert _none_verified(got[key]), (key, got[key])


@batched(
    _rows(
        {
            "nest": ("Apple acquired Nest Labs in 2014 [1][2].", [BEATS, NEST]),
            "nest_paid": (
                "Apple acquired Nest Labs in 2014 and paid 3.2 billion dollars for it [1][2].",
                [BEATS, NEST],
            ),
        }
    )
)
def test_a_recombination_across_sources_is_not_verified(answers_db: Path) -> None:
    # each word of the claim is in one of its sources, no source states it: read against their union it was
    # verified (0.84); one clause, it is not read jointly. Split, its first clause is in neither source.
    got = _cites(answers_db)
    for key in ("nest", "nest_paid"):
        assert _none_verified(got[key]), (key, got[key])


@batched(_rows({"wrong": (f"{CLAIM} [1][2].", [CAPITAL, POPULATION.replace("2.1 million", "3.4 million")])}))
def test_a_wrong_number_in_a_clause_stays_capped(answers_db: Path) -> None:
    got = _cites(answers_db)
    assert _none_verified(got["wrong"]), got
    assert any("missing_number:2.1 million" in why for _r, _v, why in got["wrong"]), got


@batched(
    _rows(
        {
            # [1] and [2] state the claim together; [3] holds nothing of it
            "three": (f"{CLAIM} [1][2][3].", [CAPITAL, POPULATION, BANANAS]),
            # [1] states it all alone; [2] adds nothing: it is not needed
            "alone": ("Paris is the capital of France [1][2].", [CAPITAL, BANANAS]),
        }
    )
)
def test_a_useless_co_cited_source_is_not_verified(answers_db: Path) -> None:
    got = _cites(answers_db)
    three = {r: (v, _joint(why)) for r, v, why in got["three"]}
    # each names the co-cited sources that verify a clause with it: [3] verifies none
    assert three[1] == ("verified", ["joint_support:[2]"]) and three[2] == ("verified", ["joint_support:[1]"])
    assert three[3][0] != "verified" and not three[3][1], three
    alone = {r: (v, _joint(why)) for r, v, why in got["alone"]}
    assert alone[1] == ("verified", []) and alone[2][0] != "verified" and not alone[2][1], alone


# ALCE's reading of the joint support: the split claim, and the same claim with a third, useless source
ALCE_ROWS = [
    make_answer("split", f"{CLAIM} [1][2].", [_ctx("c", CAPITAL), _ctx("p", POPULATION)]),
    make_answer("three", f"{CLAIM} [1][2][3].", [_ctx("c", CAPITAL), _ctx("p", POPULATION), _ctx("b", BANANAS)]),
]


@batched(ALCE_ROWS)
def test_alce_recall_and_precision_read_the_joint_support(answers_db: Path) -> None:
    # ALCE: a statement is supported when its cited sources together entail it, and a citation is precise when it is
    # needed for that; the best single citation (the approximation before) gave the split claim recall 0, and [3]
    # (bananas) verifies no clause: not precise
    db = answers_db
    got = query(db, "SELECT answer_id, citation_recall, citation_precision, level FROM answer_audit ORDER BY 1")
    assert got[0] == ("split", 1.0, 1.0, "GREEN"), got
    assert got[1][:3] == ("three", 1.0, 2 / 3), got
