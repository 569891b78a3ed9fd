"""Frames of hearsay: a report the source says nobody has confirmed, a rumour, an allegation, that a claim states as
fact.

"The president is seriously ill" is verbatim in "Unconfirmed reports say the president is seriously ill" and in
"According to unconfirmed reports, the president is ...", "The singer died in a car crash" in "A false rumour spread
online that the singer died in a car crash": exact matches, support 1, `verified`. `asserted.py` reads these frames
beside its own (questions, denials, hypotheses) before a claim's verbatim or close copy (`unasserted:unconfirmed
reports say`), and `hedges.framed` reads all of them in the words a copied sentence holds and the claim leaves out
("The minister had resigned over the scandal" against "The minister dismissed reports that he had resigned ...").
A report the source gives as its own ("Reports from the capital say"), or a confirmed one, is no frame. Pure.
"""

from __future__ import annotations

HEARSAY_FRAMES = (
    # a report, post, claim or rumour that the source calls unconfirmed or false, up to two words between, what it
    # says and a comma closing it: "Unconfirmed reports say", "According to unverified social media posts claimed,"
    r"(?:unconfirmed|unverified|unsubstantiated|uncorroborated|unfounded|baseless|false)(?: [\w'’-]+){0,2}?"
    r" (?:reports?|posts?|claims?|rumou?rs?|accounts?|allegations?|stories)"
    r"(?: (?:say|says|said|claim|claims|claimed|suggest|suggests|suggested|allege|alleges|alleged))?(?: that)?,?",
    # a rumour, speculation or allegation, one or two words before its "that": "A rumour spread online that"
    r"(?:rumou?rs?|speculation|allegations?)(?: [\w'’-]+){1,2} that",
)
