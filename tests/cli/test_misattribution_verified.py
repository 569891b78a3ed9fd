"""A misattribution whose right source reaches `verified` but leads the cited one by less than the wide margin
(`[support] misattribution_margin`, 0.2): the cited source is on the same topic and scores in the weak band, so the
right source's lead was under 0.2 and the citation came out `weak`, with no suggestion. A source the verdict itself
would verify needs only `misattribution_verified_margin` (audit/verdict.py `better_source`; measured and fitted on
answers built from the training pairs, tools/misattribution/measure.py). Through the real `citeaudit run`."""

from __future__ import annotations

from pathlib import Path

from tests.cli.hostile import audit_suggestions

CLAIM = "The Harbour Museum reopened to visitors after a two-year renovation of its east wing"
# on the topic, but says nothing of a reopening or a renovation that took two years (support ~0.39: weak)
CITED = (
    "The Harbour Museum's east wing houses the maritime collection. Visitors can see ship models, maps and a "
    "renovated lighthouse lens."
)
# states the claim in other words (first-stage support ~0.53: verified, ~0.14 ahead of the cited one)
RIGHT = (
    "Doors are open again at the Harbour Museum: builders spent two years rebuilding the east wing, and the public "
    "is welcome once more."
)
BANANAS = "Bananas grow best in tropical regions with heavy rainfall and rich soil."


def test_a_verified_other_source_a_little_ahead_is_suggested(tmp_path: Path) -> None:
    got = audit_suggestions(
        tmp_path,
        {
            "right_second": (f"{CLAIM} [1].", [CITED, RIGHT, BANANAS]),
            "right_third": (f"{CLAIM} [2].", [BANANAS, CITED, RIGHT]),
            "no_right_source": (f"{CLAIM} [1].", [CITED, BANANAS]),
        },
    )
    assert got["right_second"][:2] == ("misattributed", 2)
    assert "better_source:2" in got["right_second"][2]
    assert got["right_third"][:2] == ("misattributed", 3)
    # no retrieved source supports the claim: not flagged, whatever the cited one scores
    assert got["no_right_source"][0] in ("weak", "unsupported")
    assert got["no_right_source"][1] is None
