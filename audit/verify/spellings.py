"""A word of a name in the other side's spelling, British or American ("Centre" / "Center", "Defence" / "Defense",
"Labour" / "Labor", "Organisation" / "Organization", "Programme" / "Program"): a source writing a name one way names
it the other way too (the false-alarm sweep, round 8: "The concert was held at the Kennedy Centre" against "the
Kennedy Center" was missing_name:Centre). Only the regular endings, each read both ways, on a stem of three letters
or more; the name is found only where the source writes the other spelling, so another word stays missing ("Ministry
of Finance" against "Ministry of Defence"). Pure.
"""

from __future__ import annotations

import re

# (British ending, American ending): each a regular suffix of the two spellings
_ENDINGS = (
    ("tre", "ter"),  # centre, theatre, metre
    ("bre", "ber"),  # fibre, calibre
    ("our", "or"),  # labour, harbour, honour, colour
    ("ours", "ors"),
    ("ence", "ense"),  # defence, licence, offence
    ("isation", "ization"),  # organisation
    ("isations", "izations"),
    ("ise", "ize"),  # privatise
    ("ised", "ized"),
    ("ogue", "og"),  # catalogue, dialogue
    ("amme", "am"),  # programme
    ("ammes", "ams"),
)
_STEM = 3  # letters before the ending at least ("our" alone, "ore" are no spelling of another)
_ENDING = re.compile(
    "(?:" + "|".join(sorted({re.escape(e) for pair in _ENDINGS for e in pair}, key=len, reverse=True)) + ")$"
)


def spelling_variants(word: str) -> tuple[str, ...]:
    """`word` (lower case) in the other spelling of its ending, for each pair it ends with one side of."""
    if _ENDING.search(word) is None:  # most words (one compiled test before the pairs)
        return ()
    out = []
    for british, american in _ENDINGS:
        for mine, other in ((british, american), (american, british)):
            if word.endswith(mine) and len(word) - len(mine) >= _STEM:
                out.append(word[: -len(mine)] + other)
    return tuple(dict.fromkeys(out))
