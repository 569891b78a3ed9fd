"""One option of several stated as the only one, and all where the source counts only some: "Members can vote only
online" against "Members can vote online or by post", "The treaty was signed by 27 countries, all of which ratified
it" against "... although only 9 of the 27 ratified it".

Each came out `verified` (0.62 to 0.74): the first adds a word and changes none, the second puts its quantifier in a
clause of its own, so no word of a copy stands in another's place (`swaps`). Read here on the claim and its candidate
windows, in one sentence of them that holds most of the claim's words (`SHARE`):
  - "only X" or "X only" in the claim (not "not only", "if only"), where the sentence joins X to another option by
    "or" or "and" ("online or by post", "by post or online", "Saturdays and Sundays") and does not itself say "only"
    beside X: `unasserted:only online`;
  - "all" in the claim (not "not all", "almost all", "nearly all"), a word of the few after it among the few after
    the sentence's "only N" or "just N" (a count: digits or a number in words): `swapped:all/only 9`, or among the
    few after its "most of whom" (or "many", "some" ... "of them", "of which"), where it says no "all":
    `swapped:all/most of whom` (let-in round 11);
  - "a majority of" or "most of" (the M) in the claim, a word of the few after it among the few after the
    sentence's "N of the M" where N is half of M or less: `swapped:majority/120 of 300`;
  - "only X" in the claim, where a sentence says "most" (mostly, mainly, many ...) of X and no window a word of
    exclusion ("only", "solely", "restricted to", "open to", "must"): `swapped:only/most` (let-ins round 21).
Pure.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from audit.verify.numwords import CARDINALS

_ONLY = re.compile(
    r"(?<!\bnot\s)(?<!\bif\s)\b(?:only|exclusively|solely)\s+(?:(?:by|via|in|on|at|through)\s+)?(?P<a>[a-z]{3,})\b"
    r"|\b(?P<b>[a-z]{3,})\s+only\b(?=\s*(?:[,.;:!?)]|$))",  # "online only," (not "vote only online")
    re.IGNORECASE,
)
_ALL = re.compile(r"(?<!\bnot\s)(?<!\balmost\s)(?<!\bnearly\s)(?<!\bvirtually\s)\ball\b((?:\W+[a-z]+){1,4})", re.I)
_SOME = r"\b(?:only|just)\s+(\d+|{})\b((?:\W+[a-z0-9]+){{1,6}})"
_SENTENCE = re.compile(r"(?<=[.!?;])\s+")
_WORD = re.compile(r"[a-z]+")
_FUNCTION = frozenset(
    "the a an of to in on at by for and or but with from as is are was were be been has have had it its this that "
    "these those which who whom them they their there then than can may will would could should not".split()
)
SHARE = 0.6  # of the claim's content words the sentence must hold
_NOT_OPTIONS = _FUNCTION | frozenset({"one", "the", "once", "after", "before", "when", "if"})


def _content(text: str) -> set[str]:
    return {w for w in _WORD.findall(text.lower()) if w not in _FUNCTION and len(w) > 2}


def _sentences(claim: str, windows: Iterable[str], share: float = SHARE) -> list[str]:
    """The sentences of the windows that hold `share` of the claim's content words."""
    mine = _content(claim)
    if not mine:
        return []
    out = [s for w in windows for s in _SENTENCE.split(w)]
    return [s for s in dict.fromkeys(out) if len(mine & _content(s)) >= share * len(mine)]


def only_option(claim: str, windows: Iterable[str]) -> str | None:
    """The claim's "only X" where a sentence it copies gives X as one of several options ("only online"); None
    otherwise."""
    options = [(m["a"] or m["b"]).lower() for m in _ONLY.finditer(claim)]
    options = [o for o in options if o not in _NOT_OPTIONS]
    if not options:
        return None
    for sentence in _sentences(claim, windows):
        low = sentence.lower()
        for o in options:
            if re.search(rf"\b(?:only|exclusively|solely)\b(?:\W+\w+)?\W+{o}\b|\b{o}\s+only\b", low):
                continue  # the source says it is the only one too
            joined = rf"\b{o}\b(?:\s+[a-z]+)?\s*,?\s+(?:or|and)\s+[a-z]|\b(?:or|and)\s+(?:[a-z]+\s+){{0,2}}{o}\b"
            if re.search(joined, low):
                return f"only {o}"
    return None


def all_for_some(claim: str, windows: Iterable[str]) -> str | None:
    """The claim's "all" where a sentence it copies counts "only N" doing what follows it ("all of which ratified
    it" for "only 9 of the 27 ratified it"), as `all/only 9`; None otherwise."""
    said = [_content(m.group(1)) for m in _ALL.finditer(claim)]
    said = [s for s in said if s]
    if not said:
        return None
    some = re.compile(_SOME.format("|".join(CARDINALS)), re.IGNORECASE)
    # ... or "most of whom" (a relative clause's part of what it counts) doing what the claim's all do
    wide = [_content(m.group(1)) for m in _ALL_WIDE.finditer(claim)]
    for sentence in _sentences(claim, windows):
        for m in some.finditer(sentence):
            if any(s & _content(m.group(2)) for s in said):
                return f"all/only {m.group(1).lower()}"
        if _ALL_IN.search(sentence):
            continue
        for m in _PART_OF_WHOM.finditer(sentence):
            if any(s & _content(m.group(2)) for s in wide):
                return f"all/{' '.join(m.group(1).lower().split())}"
    return None


_ALL_WIDE = re.compile(_ALL.pattern.replace("{1,4}", "{1,9}"), re.IGNORECASE)
_ALL_IN = re.compile(r"\ball\b", re.IGNORECASE)
_PART_OF_WHOM = re.compile(
    r"\b((?:most|many|some|several|half|a\s+few|the\s+majority)\s+of\s+(?:whom|which|them))\b((?:\W+[a-z]+){1,6})",
    re.IGNORECASE,
)


_MAJORITY = re.compile(
    r"\b(?:an?\s+)?(?P<word>majority|most)\s+of\s+(?:the\s+|its\s+|their\s+)?(?P<of>\d+)?((?:\W+[a-z]+){1,5})",
    re.IGNORECASE,
)
_N_OF_M = re.compile(
    r"\b(?P<n>\d+)\s+(?:out\s+)?of\s+(?:the\s+|its\s+|their\s+)?(?P<m>\d+)((?:\W+[a-z]+){1,6})", re.IGNORECASE
)


def majority_for_few(claim: str, windows: Iterable[str]) -> str | None:
    """The claim's "a majority of" or "most of" where a sentence it copies counts "N of the M" doing what follows it,
    N half of M or less, as `majority/120 of 300`; None otherwise."""
    said = [(m["word"].lower(), m["of"], _content(m.group(3))) for m in _MAJORITY.finditer(claim)]
    if not said:
        return None
    for sentence in _sentences(claim, windows):
        for m in _N_OF_M.finditer(sentence):
            n, total = int(m["n"]), int(m["m"])
            if not 0 <= 2 * n <= total:
                continue
            for word, of, after in said:
                if (of is None or int(of) == total) and after & _content(m.group(3)):
                    return f"{word}/{n} of {total}"
    return None


# "every school", "all the 40 schools", "each of the members", "all 12 of the group's factories" (not "not all",
# "almost every"); and "some of the 40 schools", "several members", "a few of its stores": a quantifier, then the
# noun it counts
_LEAD = (
    r"\s+(?:\d[\d,]*\s+)?(?:of\s+)?(?:(?:the|its|their|his|her)\s+)?(?:\d[\d,]*\s+)?(?:[a-z]+['’]s\s+)?([a-z]{3,})\b"
)
_EVERY = re.compile(r"(?<!\bnot\s)(?<!\balmost\s)(?<!\bnearly\s)(?<!\bvirtually\s)\b(all|every|each)" + _LEAD, re.I)
# "some" before a count is "about" it ("Some 210 of the 300 delegates"), no part
_PART = re.compile(r"(?<!\bnot\s)\b(some(?!\s+\d)|several|a\s+few|a\s+handful|a\s+number|only\s+a\s+few)" + _LEAD, re.I)


def _same_noun(a: str, b: str) -> bool:
    """One noun in two numbers: "school" / "schools", "box" / "boxes", "city" / "cities"."""
    short, long_ = sorted((a.lower(), b.lower()), key=len)
    return long_ in (short, f"{short}s", f"{short}es") or (short.endswith("y") and long_ == f"{short[:-1]}ies")


# "most patients", "the majority of the voters" (not "almost", "at most"); a sentence's own "most" of anything that
# is not "most showed no response" (a negation within a few words after it)
_MOST = re.compile(r"(?<!\bat\s)\b(most|(?:the\s+|a\s+)?majority)" + _LEAD, re.I)
_MOST_IN = re.compile(r"(?<!\bat\s)\b(?:most|majority)\b(?P<after>(?:\W+[a-z']+){0,4})", re.I)
_NEGATED = re.compile(r"\b(?:no|not|never|none|failed|n't)\b|n't\b", re.I)


def most_for_some(claim: str, windows: Iterable[str]) -> str | None:
    """The claim's "most" (or "the majority of") and a noun, where a sentence that holds half of its words counts
    only some of that noun and says most of them did not ("effective in some patients, but most showed no response"),
    or no most at all, as `most/some`; None otherwise (let-in round 16: "The vaccine was effective in most patients"
    against that was `verified`)."""
    said = [(m.group(1).lower().split()[-1], m.group(2)) for m in _MOST.finditer(claim)]
    windows = list(windows)
    if not said or any(not _NEGATED.search(m["after"]) for w in windows for m in _MOST_IN.finditer(w)):
        return None  # the windows say most of something did
    for sentence in _sentences(claim, windows, EVERY_SHARE):
        if any(not _NEGATED.search(m["after"]) for m in _MOST_IN.finditer(sentence)):
            continue  # the sentence says most of something did
        if (found := _counted_in_part(said, sentence)) is not None:
            return found
    return None


# the claim's whole of a named place ("throughout Ecuador", "across Europe", "all over Brazil", "everywhere in
# Spain"), and a sentence's "only in" part of it ("only in the cloud forests of western Ecuador")
_WHOLE_PLACE = re.compile(r"\b(?:throughout|across|all\s+over|everywhere\s+in)\s+(?:the\s+)?([A-Z][a-z]+)\b")
_PART_PLACE = (
    r"\b(?:only|exclusively|solely|restricted|confined|limited)\s+(?:to|in|on|at|around)\s+"
    r"((?:[\w'-]+,?\s+){{1,7}}){}\b"
)


def whole_for_part(claim: str, windows: Iterable[str]) -> str | None:
    """The claim's "throughout" a named place where a window sentence that holds half of its words confines what it
    tells to a part of it ("only in the cloud forests of western Ecuador"), as `throughout/only in`; None otherwise,
    or where the part is the place itself ("only in Ecuador") (let-in round 16: "The frog is found throughout
    Ecuador" against that was `verified`)."""
    said = [(m.group().split()[0].lower(), m.group(1)) for m in _WHOLE_PLACE.finditer(claim)]
    for sentence in _sentences(claim, windows, EVERY_SHARE) if said else ():
        for word, place in said:
            for m in re.finditer(_PART_PLACE.format(re.escape(place)), sentence):
                if _content(m.group(1)):  # a part named before the place ("western", "cloud forests of")
                    return f"{word}/{' '.join(m.group().split()[:2]).lower()}"
    return None


# "any earthquake", "any storm" (not "if any", "without any", "hardly any"); a sentence's bound of the same noun: a
# figure or a grade before it ("a magnitude 7 earthquake", "a category 3 hurricane", "up to 50 tonnes")
_ANY = re.compile(r"(?<!\bif\s)(?<!\bwithout\s)(?<!\bhardly\s)(?<!\bnot\s)\bany\s+(?:([a-z]+)\s+)?([a-z]{3,})\b", re.I)
_BOUNDED = re.compile(r"\b((?:[a-z]+\s+)?\d[\d,.]*(?:-[a-z]+)?)\s+(?:[a-z-]+\s+)?([a-z]{3,})\b", re.I)
# a figure after the noun that bounds it: "trucks of up to 40 tonnes", "vehicles weighing under 3.5 tonnes"
_BOUNDED_AFTER = re.compile(
    r"\b([a-z]{3,})\s+(?:(?:of|weighing|carrying|with)\s+)?((?:up\s+to|under|below|less\s+than|no\s+more\s+than"
    r"|not\s+exceeding|over|above|more\s+than|at\s+least|aged(?:\s+(?:under|over|up\s+to))?)\s+\d[\d,.]*"
    r"(?:\s+(?:to|and)\s+\d+)?(?:\s+(?:tonnes?|tons?|metres?|meters?|feet|kilos?|kilograms?|kg|pounds?|years?|seats?"
    r"|passengers|people|miles|kilometres?|kilometers?|km|centimetres?|cm|inches|litres?|liters?))?)\b",
    re.I,
)
_NOT = re.compile(r"\b(?:not|no|never|without|cannot)\b|n't\b", re.I)


def any_for_bounded(claim: str, windows: Iterable[str]) -> str | None:
    """The claim's "any" and a noun, where a sentence that holds half of its words gives that noun a figure ("any
    earthquake" against "a magnitude 7 earthquake") and says no "any" or "all" of it, as `any/magnitude 7`; None
    otherwise, or for a claim with a negation (let-in round 16: "The dam can withstand any earthquake" was
    `verified`)."""
    # the noun after "any", or its first word where a function word follows it ("any truck may": let-in round 17)
    said = [
        m.group(2) if m.group(2).lower() not in _FUNCTION else m.group(1)
        for m in _ANY.finditer(claim)
        if m.group(2).lower() not in _FUNCTION or (m.group(1) and len(m.group(1)) >= 3)
    ]
    if not said or _NOT.search(claim):
        return None
    for sentence in _sentences(claim, windows, EVERY_SHARE):
        if re.search(r"\b(?:any|all|every)\b", sentence, re.I):
            continue
        for m in _BOUNDED.finditer(sentence):
            if any(_same_noun(noun, m.group(2)) for noun in said):
                return f"any/{' '.join(m.group(1).lower().split())}"
        for m in _BOUNDED_AFTER.finditer(sentence):  # "trucks of up to 40 tonnes" (let-in round 17)
            figure = re.search(r"\d[\d,.]*\d|\d", m.group(2))
            if figure and figure.group() in claim:
                continue  # the claim bounds it too: "any truck of up to 40 tonnes"
            if any(
                _same_noun(noun, m.group(1)) or {noun.lower(), m.group(1).lower()} == {"child", "children"}
                for noun in said
            ):
                return f"any/{' '.join(m.group(2).lower().split())}"
    return None


# "several confirmed paintings", "many genuine letters"; a sentence's "only one is confirmed", "just one was genuine"
_SEVERAL = re.compile(r"\b(several|many|multiple|numerous|various)\b(.*)", re.I)
_ONE = re.compile(
    r"\b(?:only|just)\s+(?:one|a\s+single)\b(?:\s+of\s+them)?\s+(?:is|was|has\s+been|were)\s+([a-z]+)", re.I
)


def several_for_one(claim: str, windows: Iterable[str]) -> str | None:
    """The claim's "several" (or "many") before a word that a window with a sentence of half its words says of only one
    ("several confirmed paintings" against "only one is confirmed"), as `several/only one`; None otherwise, or where
    the claim says "one" itself (let-in round 16: that claim was `verified`)."""
    if re.search(r"\b(?:one|single)\b", claim, re.I):
        return None
    said = [(m.group(1).lower(), set(_WORD.findall(m.group(2).lower()))) for m in _SEVERAL.finditer(claim)]
    for window in windows if said else ():
        if not _sentences(claim, [window], EVERY_SHARE):
            continue  # the window holds no sentence of the claim ("the 40 letters ...; only one was genuine")
        for m in _ONE.finditer(window):
            for word, after in said:
                if m.group(1).lower() in after:
                    return f"{word}/only one"
    return None


EVERY_SHARE = 0.5  # the noun counted is the anchor: "halt" for "stop", "over" for "during" may differ


def every_for_some(claim: str, windows: Iterable[str]) -> str | None:
    """The claim's "every" (or "all", "each") and a noun, where a sentence that holds most of its words counts only
    some of that noun ("some of the 40 schools", "several members") and none of it as all, as `every/some`; None
    otherwise (let-in round 15: "Every school in the district will close early" against "Some of the 40 schools in
    the district will close early" was `verified`; "all" there in one word's place is `swaps`')."""
    said = [(m.group(1).lower(), m.group(2)) for m in _EVERY.finditer(claim)]
    if not said:
        return None
    for sentence in _sentences(claim, windows, EVERY_SHARE):
        if (found := _counted_in_part(said, sentence)) is not None:
            return found
    return None


def _counted_in_part(said: list[tuple[str, str]], sentence: str) -> str | None:
    """`word/part` where `sentence` counts a part of a noun of `said` (the claim's (word, noun): "every", "most")
    ("some of the 40 schools", "several members") and none of it as a whole ("all 40 schools"); None otherwise."""
    wholes = [m.group(2) for m in _EVERY.finditer(sentence)]
    for m in _PART.finditer(sentence):
        for word, noun in said:
            if _same_noun(noun, m.group(2)) and not any(_same_noun(noun, w) for w in wholes):
                return f"{word}/{' '.join(m.group(1).lower().split())}"
    for m in _SHARE_OF.finditer(sentence):  # "40 percent of patients" (let-in round 19)
        for word, noun in said:
            if float(m["p"]) <= HALF and any(_same_noun(noun, w) for w in _WORD.findall(m["of"].lower())):
                return f"{word}/{m['p']} percent"
    return None


# a share of half or less: "40 percent of patients", "12% of the adult population"
_SHARE_OF = re.compile(
    r"\b(?P<p>\d+(?:\.\d+)?)\s*(?:%|percent\b|per\s+cent\b)\s+of\s+(?:the\s+|its\s+|their\s+|all\s+)?"
    r"(?P<of>(?:[a-z'’-]+\s+){0,2}[a-z'’-]+)",
    re.IGNORECASE,
)
HALF = 50.0


_EXCLUSIVE = re.compile(
    r"\b(?:only|exclusively|solely|restricted\s+to|limited\s+to|reserved\s+for|open\s+to|alone|sole|must)\b", re.I
)
_MOST_OF = r"most|mostly|mainly|largely|chiefly|predominantly|primarily|majority|many|some"


def only_for_most(claim: str, windows: Iterable[str]) -> str | None:
    """`only/most` where the claim's "only X" is said of most (mostly, many ...) X in a sentence of the windows, and
    no window says X alone or restricted ("Only women can join the club" against "most of its members are women":
    let-ins round 21); None otherwise."""
    options = [(m["a"] or m["b"]).lower() for m in _ONLY.finditer(claim)]
    options = [o for o in options if o not in _NOT_OPTIONS]
    texts = list(windows)
    if not options or any(_EXCLUSIVE.search(t) for t in texts):
        return None
    for sentence in (s for t in texts for s in _SENTENCE.split(t)):
        for o in options:
            others = _content(claim) - {"only", "exclusively", "solely", o}
            if len(others & _content(sentence)) < 0.5 * len(others):
                continue  # a sentence of the claim's deed or thing
            part = re.search(rf"\b({_MOST_OF})\b(?:\W+\w+){{0,4}}?\W+{o}\b", sentence, re.IGNORECASE)
            if part is not None:
                return f"only/{part.group(1).lower()}"
    return None
