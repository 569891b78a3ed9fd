"""The four letters Python's `re` reads as ASCII ones under IGNORECASE (the long s "ſ" of old print and OCR, the
Kelvin sign, the dotted and the dotless i) in claims and sources: each answer audited as if they were the letters
they stand for, none quarantined. A rule's pattern matched "ſep" as a month and its table, keyed "sep", raised
KeyError: the answer was quarantined with a traceback on stderr (found while merging the readers, round 6)."""

from __future__ import annotations

from pathlib import Path

from audit.verify.text import fold_case_traps
from tests.cli.hostile import audited, claim_answer
from tests.conftest import query as q

CASES = {
    "months": ("Sales rose between Jul and ſep 2020.", "Sales rose between July and September 2020, the firm said."),
    "words": ("ſix in ten adults agree.", "Six in ten adults agree with the plan, a survey found."),
    "fold": ("Exports grew ſixfold in a decade.", "Exports grew sixfold between 2010 and 2020."),
    "kelvin": ("The sample was held at 300 \u212a for ſix hours.", "The sample was held at 300 K for six hours."),
    "dotted": ("Sales fell in \u0130stanbul in ſept by ſixty percent.", "Sales fell in Istanbul in September by 60%."),
    "source": ("The state paid seventy million dollars.", "The ſtate paid ſeventy million dollars in 1801."),
}


def test_letters_re_folds_to_ascii_are_read_as_those_letters_and_no_answer_is_quarantined(tmp_path: Path) -> None:
    rows = [claim_answer(key, key, claim, source) for key, (claim, source) in CASES.items()]
    db = audited(tmp_path, rows)  # every row audited, none quarantined, no traceback
    got = dict(q(db, "SELECT answer_id, verdict FROM citation_audit"))
    assert got == dict.fromkeys(CASES, "verified"), got


def test_the_fold_keeps_every_offset() -> None:
    text = "ſix \u212a \u0130 \u0131 plain"
    assert fold_case_traps(text) == "six K I i plain" and len(fold_case_traps(text)) == len(text)
    assert fold_case_traps("plain") == "plain"
