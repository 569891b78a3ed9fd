"""What goes from a claim with the markers cut from it: the brackets, words and emphasis that held only markers, a
line's colon after its leading markers, the no-break space before a marker. `sentences.strip_markers` cuts each
marker to a NUL (`\x00`) and passes the text here."""

from __future__ import annotations

import re

from audit.extract.dialects import WIDE_SPACES

# brackets that held nothing but markers: "(see [1])", "([1], [2])" leave no "(see )" in the claim
# ("(cf. [2])" left "(cf. )"), nor emphasis around them, `**[1]**`, `_[2]_` ("days ****.")
_BRACKETED = re.compile(
    r"[(\[]\s*(?:(?:see(?: also)?|cf|sources?|via)\b\.?:?\s*)?(?:\x00[\s,;]*)+[)\]]|(\*\*?|__?)(?:\x00[ \t,;]*)+\1",
    re.I,
)


# the colon or dash after a line's leading markers, `[2]: Shipping is free ...`, `- [1] – Refunds ...` (a model
# writing each line's source first, as a label): it stayed in the claim (": Shipping is free ...")
_LEADING_COLON = re.compile(r"^(\s*(?:[-*+•][ \t]+)?)(?:\x00[ \t]*)+(?:[:：][ \t]*|[\-–—][ \t]+)")


# a no-break or typographic space before a marker, `days\u00a0[1].` (a template keeping a marker on its word's
# line): it stayed before the stop once the marker went ("Refunds take 30 days ."), where a space goes
# (from a run's first space only: from each, a run of 200,000 spaces was read again to its end, quadratic)
_SPACE_BEFORE_MARKER = re.compile(f"(?<![ \\t{WIDE_SPACES}])[ \\t{WIDE_SPACES}]+(?=\x00)")


# a pointer to the markers that end the claim, "..., see [1].", "... (cf. [2])" without its brackets: "see" stayed
# in the claim ("Refunds take 30 days, see."), which the support model read as another statement (weak)
_POINTER = re.compile(r"[,;]?(?<![ \t])[ \t]*\b(?:see(?: also)?|cf\.?|via)[ \t]*(?:\x00[ \t,;]*)+(?=[.!?]?\s*$)", re.I)


# a Markdown link whose label holds a marker, `days [see [1]](https://x.org/d1).`: its label stays, its url goes (the
# claim kept "(https://x.org/d1)", weak `missing_url`, and the label's brackets)
_LINKED_LABEL = re.compile(r"\[([^\[\]\n]{0,200}\x00[^\[\]\n]{0,200})\]\((?:https?://|www\.|/)[^()\s]{0,2000}\)")
# a label opening with its markers, then the source's title, `days [[1] Refund Policy](https://x.org/d1).` (a
# renderer's link to the source): the title goes too (it stayed in the claim: weak `missing_name:Policy`)
_TITLED_LABEL = re.compile(r"\[((?:\x00[ \t]*)+)[^\[\]\n\x00]{1,200}\]\((?:https?://|www\.|/)[^()\s]{0,2000}\)")


def without_marks(text: str) -> str:
    """`text`, each of its cut markers a NUL, without them and what held only them."""
    if "](" in text:
        text = _LINKED_LABEL.sub(r"\1", _TITLED_LABEL.sub(r"\1", text))
    text = _LEADING_COLON.sub(r"\1", _SPACE_BEFORE_MARKER.sub(" ", text))
    return _POINTER.sub("", _BRACKETED.sub("", text)).replace("\x00", "")
