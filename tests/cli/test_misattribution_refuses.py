"""Misattributions, round 4 (issue 7): a claim negated by "refuses" (or "refusing", "denying"). The negation reader
took "refuse", "refused", "denies" and "denied" but not "refuses", "refusing" or "denying": "Tomas Brandt refuses to
play for the national team" read as unnegated, so its right source ("has refused to play ...") was capped for a
negation mismatch and the source saying he plays was suggested in its place (a right citation flagged
`misattributed` to the wrong source), and the claim cited to that wrong source was not capped, so its right source
went unsuggested. FEVER-symmetric's "Bradley Fuller refuses to be a filmmaker" against "... refused to take part in
the film industry" on answers built from the training pairs (tools/misattribution/measure.py). Through the real
`citeaudit run`."""

from __future__ import annotations

from pathlib import Path

from tests.cli.hostile import audit_suggestions

REFUSES = "Tomas Brandt refuses to play for the national team"
REFUSING = "Tomas Brandt is refusing to play for the national team"
REFUSED = "Tomas Brandt, a midfielder from Graz, has refused to play for the national team since 2019."
PLAYS = "Tomas Brandt, a midfielder from Graz, plays for the national team."
BANANAS = "Bananas grow best in tropical regions with heavy rainfall and rich soil."


def test_refuses_and_refusing_negate_as_refused_does(tmp_path: Path) -> None:
    got = audit_suggestions(
        tmp_path,
        {
            "refuses": (f"{REFUSES} [1].", [REFUSED, PLAYS, BANANAS]),
            "refusing": (f"{REFUSING} [1].", [REFUSED, PLAYS, BANANAS]),
            "wrong": (f"{REFUSES} [2].", [REFUSED, PLAYS, BANANAS]),
        },
    )
    for key in ("refuses", "refusing"):
        assert got[key][:2] == ("verified", None), (key, got[key])
        assert "negation_mismatch" not in got[key][2]
    # cited to the source saying he plays: that one says otherwise, the refusal is suggested
    assert got["wrong"][:2] == ("misattributed", 1)
    assert "negation_mismatch" in got["wrong"][2]
