"""tools/misattribution/measure.py's construction (issue 7's measure): a misattribution's "wrong" source is never its
right source written otherwise. BEGIN holds the same Wikipedia sentence lower-cased and not ("historically, archery
has been used for hunting and combat." and "Historically, archery ..."): one cited as the wrong source of the other's
claim is its right source, a misattribution no rule can find (11 of the 360 built with `--seed 7`); so is a source
that holds the right one's whole text (ExpertQA's page as a passage and as the longer passage around it: 4 more)."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from types import ModuleType

from audit.verify.text import content_words


def _measure() -> ModuleType:
    path = Path(__file__).resolve().parents[1] / "tools" / "misattribution" / "measure.py"
    spec = importlib.util.spec_from_file_location("misattribution_measure", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _pair(pid: str, claim: str, source: str, label: int) -> dict[str, object]:
    return {"id": pid, "dataset": "begin", "claim": claim, "source": source, "label": label}


def test_a_wrong_source_differs_from_the_right_one_by_more_than_case_and_spacing() -> None:
    measure = _measure()
    archery = "Historically, archery has been used for hunting and combat"
    pool = [
        _pair("a", archery, "historically, archery has been used for hunting and combat.", 1),
        # the same sentence as a's source but for case and spacing: the right source of a's claim
        _pair("b", "Archery was used for hunting", "Historically , archery has been used for hunting and combat .", 1),
        _pair("c", "Archery bows were made of yew", "English longbows were made of yew wood.", 1),
        _pair("d", "Combat archery is a modern sport", "Combat archery is played with foam-tipped arrows.", 1),
        # c's source again, otherwise written: one wrong source, not two
        _pair("e", "Yew bows were used in combat", "english longbows were made of yew wood", 1),
        # a's source inside a longer passage: it supports a's claim as a's source does
        _pair("f", "Archery bows hunt", "Archery. Historically, archery has been used for hunting and combat. Bows", 1),
    ]
    words = {str(q["id"]): content_words(str(q["claim"])) for q in pool}
    wrong = measure._wrong_sources(pool[0], pool, words)
    texts = [re.sub(r"\W+", "", s.casefold()) for _kind, s in wrong]
    assert not any(re.sub(r"\W+", "", str(pool[0]["source"]).casefold()) in t for t in texts)
    assert len(set(texts)) == len(texts) == 2
