"""What a sentence gives one thing while it contrasts another (let-in round 18, each `verified`): the attribute the
sentence gives another name beside the claim's ("Lagos is the capital of Nigeria" against "Lagos is the largest city
in Nigeria, while Abuja is the capital"), a deed of a name the sentence says is still to come ("The bill was passed
by the Senate" against "passed by the House in March, but the Senate has yet to vote on it"), a forecast stated as
done with the rest of its sentence left out ("Prices have risen" against "Prices are projected to rise next year,
analysts said"), and a part's figure given to the whole ("The company's revenue grew 15 percent" against "Revenue from
the company's cloud division grew 15 percent, while total revenue was flat").

An attribute: the claim opens with a capitalised name, a verb ("is", "has", ...) and "the"; its words from "the" to
the first preposition ("the capital", "the busiest container port") follow the same verb after another capitalised
name in a sentence holding half the claim's words, which names the claim's name too and never with those words:
`lagos/abuja`. Not "Singapore has the second-busiest port" (other words), nor "Paris is the capital of France, and
Berlin is the capital of Germany" (the claim's own name with them).

A deed to come: the claim states a past ("passed", "was approved", "rose") with a capitalised name after its first
word, which every window names only in clauses with "yet to" or "not yet" ("the Senate has yet to vote"):
`unasserted:yet to`. A claim with "yet" or "not" is left alone.

A forecast: the claim's subject word, then a past of a verb (or "has" / "have" and its participle), where a window
says that subject word, then "is" / "are" and "projected", "forecast", "expected", "predicted", "likely", "set",
"poised" or "due" and "to" that verb, and no window has the claim's past: `unasserted:projected to`.

A part's figure: the claim's number, and a noun of the sentence's ("revenue", "exports") it has no "total" or
"overall" for, where a sentence says the number in one clause, with a word the claim lacks ("cloud", "car"), and
"total", "overall", "group" or "combined" before that noun in another: `revenue/total revenue`. Pure."""

from __future__ import annotations

import re
from collections.abc import Iterable

from audit.verify.hedges import _IRREGULAR, PROSPECTS, RAISING, _pasts
from audit.verify.options import EVERY_SHARE
from audit.verify.options import _sentences as sentences
from audit.verify.parts import OPENERS

_NAME = r"[A-Z][a-z]+(?:\s+[A-Z][a-z]+)*"
_VERBS = r"is|was|are|were|has|had|have|remains|remained|became|becomes"
# the claim's name, its verb and its attribute's words up to a preposition, a comma or the end
_ATTRIBUTE = re.compile(
    rf"^\s*(?:The\s+)?({_NAME})\s+({_VERBS})\s+(the\s+[^,.;]+?)(?=\s+(?:of|in|on|at|for|by|with)\b|[,.;]|\s*$)"
)
_CLAUSES = re.compile(r";|,?\s+\b(?:while|whereas|but|although|though)\b|,\s+and\b|,")


def _full_sentences(claim: str, windows: Iterable[str]) -> list[str]:
    """The windows' sentences (to a full stop: a semicolon joins two clauses of one) with half the claim's words."""
    return [s for w in windows for s in re.split(r"(?<=[.!?])\s+", w) if sentences(claim, [s], EVERY_SHARE)]


def _clauses(sentence: str) -> list[str]:
    return [c for c in _CLAUSES.split(sentence) if c.strip()]


def attribute_of_other(claim: str, windows: Iterable[str]) -> str | None:
    """`claim's name/other name` where a sentence with half the claim's words gives the claim's attribute ("is the
    capital") to another name and names the claim's elsewhere; None otherwise."""
    m = _ATTRIBUTE.match(claim)
    if m is None or m.group(1).split()[0] in OPENERS:
        return None
    name, verb, what = m.group(1), m.group(2), " ".join(m.group(3).split())
    if len(what.split()) < 2:
        return None
    held = re.compile(rf"\b({_NAME})\s+{verb}\s+{re.escape(what)}\b")
    own = re.compile(rf"\b{re.escape(name)}\s+(?:\w+\s+){{0,2}}{verb}\s+{re.escape(what)}\b")
    for sentence in _full_sentences(claim, windows):
        if not re.search(rf"\b{re.escape(name)}\b", sentence) or own.search(sentence):
            continue
        for found in held.finditer(sentence):
            other = found.group(1)
            if other.split()[-1] in OPENERS or name in other or other in name:
                continue
            return f"{name.lower()}/{other.lower()}"
    return None


_YET = re.compile(r"\b(?:yet to|not yet|yet been)\b", re.IGNORECASE)
_ANY_YET = re.compile(r"yet", re.IGNORECASE)
# a passive past: "was passed", "was upheld", "has been signed"; not "was the", "was a", "were still"
_PASSIVE = re.compile(r"\b(?:was|were|has been|have been|had been)\s+(?!(?:the|a|an|still|also|in|on|at)\b)[a-z]{3,}\b")
_IRREGULAR_PASTS = frozenset(_IRREGULAR.values()) - {"cut", "set", "shut"}
_NAMES = re.compile(r"\b([A-Z][a-z]{2,}(?:\s+[A-Z][a-z]+)*)")


def _past(claim: str) -> bool:
    words = re.findall(r"[a-z]+", claim)
    if set(words) & (PROSPECTS | RAISING):  # "is expected to vote", "will vote"
        return False
    return bool(_PASSIVE.search(claim)) or any(
        (w.endswith("ed") and len(w) > 4) or w in _IRREGULAR_PASTS for w in words[1:]
    )


def yet_to_come(claim: str, windows: Iterable[str]) -> str | None:
    """`yet to` where the claim states a past deed of a name that every window names only in a clause saying it is
    yet to come ("the Senate has yet to vote"); None otherwise."""
    if re.search(r"\b(?:yet|not|never|no)\b", claim, re.IGNORECASE) or not _past(claim):
        return None
    windows = list(windows)
    if not any(_ANY_YET.search(w) for w in windows):
        return None  # no clause can be `_YET`'s (a first look before the clauses are cut)
    names = []
    for m in _NAMES.finditer(claim):
        first, *rest = m.group(1).split()
        if first in OPENERS and rest:  # "The Senate"
            names.append(" ".join(rest))
        elif m.start() > 0 and first not in OPENERS:
            names.append(m.group(1))
    clauses = [c for w in windows for s in re.split(r"(?<=[.!?])\s+", w) for c in _clauses(s)]
    for name in names:
        said = [c for c in clauses if re.search(rf"\b{re.escape(name)}\b", c)]
        if said and all(_YET.search(c) for c in said):
            return "yet to"
    return None


_FORECASTS = "projected|forecast|expected|predicted|likely|set|poised|due"
_ANY_AHEAD = re.compile(rf"\b(?:is|are)\s+(?:{_FORECASTS})\s+to\s+[a-z]", re.IGNORECASE)
_MAX_SUBJECT = 3  # words of the claim's subject before its verb ("Interest rates have fallen")


def _subject_pasts(claim: str) -> list[tuple[str, str]]:
    """(subject's last word, the word after it or after its "has" / "have") for each of the claim's first words."""
    words = re.findall(r"[A-Za-z']+", claim)
    words = words[1:] if words and words[0] == "The" else words
    out = []
    for i in range(1, min(_MAX_SUBJECT, len(words) - 1) + 1):
        j = i + 1 if words[i] in ("has", "have") else i
        if j < len(words):
            out.append((words[i - 1].lower(), words[j]))
    return out


def forecast_as_done(claim: str, windows: Iterable[str]) -> str | None:
    """`<forecast word> to` where the claim says its subject did (or has done) what a window says it is projected,
    expected, ... to do, and no window says that past; None otherwise."""
    if re.search(rf"\b(?:{_FORECASTS}|will|may|might|could|would)\b", claim, re.IGNORECASE):
        return None
    windows = list(windows)
    if not any(_ANY_AHEAD.search(w) for w in windows):
        return None  # no window says anything is projected, expected, ... to do (a first look, no compile)
    for subject, done in _subject_pasts(claim):
        if not done.islower() or any(re.search(rf"\b{done}\b", w, re.IGNORECASE) for w in windows):
            continue
        ahead = re.compile(rf"\b{re.escape(subject)}\s+(?:is|are)\s+({_FORECASTS})\s+to\s+([a-z]+)\b", re.IGNORECASE)
        for w in windows:
            for found in ahead.finditer(w):
                if done in _pasts(found.group(2).lower()):
                    return f"{found.group(1).lower()} to"
    return None


_WHOLE = re.compile(r"\b(total|overall|group|combined)\s+([a-z]+)\b", re.IGNORECASE)
_DETERMINERS = frozenset("the its their his her a an our".split())
_NUMBER = re.compile(r"\d[\d,.]*")
_FUNCTION = frozenset("among between within across about after before during under over into than from with".split())
_STOP = frozenset(
    "the a an of in on at for from to by with its their his her while whereas but and was were is are has have had "
    "rose grew fell increased decreased rising growing percent per cent year last this that it".split()
)


def _words(text: str) -> set[str]:
    return {w.lower().removesuffix("'s") for w in re.findall(r"[A-Za-z']+", text)}


def part_for_whole(claim: str, windows: Iterable[str]) -> str | None:
    """`noun/total noun` where a sentence gives the claim's number to a qualified noun in one clause ("Revenue from the
    company's cloud division grew 15 percent") and the noun's total in another ("while total revenue was flat"), the
    claim saying neither the total nor the qualifier; None otherwise."""
    numbers = set(_NUMBER.findall(claim))
    mine = _words(claim)
    if not numbers:
        return None
    if mine & {"total", "overall", "group", "combined", "whole"}:
        return whole_for_part_figure(claim, windows)
    for sentence in _full_sentences(claim, windows):
        clauses = _clauses(sentence)
        for whole in _WHOLE.finditer(sentence):
            noun = whole.group(2).lower()
            if noun not in mine:
                continue
            before = re.search(rf"([A-Za-z']+)\s+{noun}\b", claim, re.IGNORECASE)
            for clause in clauses:
                if whole.group(0) in clause or not numbers & set(_NUMBER.findall(clause)):
                    continue
                if before and before.group(1).lower() in _words(clause) - _DETERMINERS:
                    continue  # the claim names the part: "The company's cloud revenue grew 15 percent"
                if noun in _words(clause) and _words(clause) - mine - _STOP:
                    return f"{noun}/{whole.group(1).lower()} {noun}"
    return None


def whole_for_part_figure(claim: str, windows: Iterable[str]) -> str | None:
    """`total noun/part noun` where the claim gives its "total" noun (or "overall", ...) a number that a sentence
    gives the same noun, qualified by a word the claim lacks, in one clause ("Car exports rose 12 percent"), while
    another clause tells the total without it ("while total exports were unchanged"); None otherwise (let-in round
    19: "Total exports rose 12 percent" against that was `verified`)."""
    numbers, mine = set(_NUMBER.findall(claim)), _words(claim)
    for whole in _WHOLE.finditer(claim):
        noun = whole.group(2).lower()
        for sentence in _full_sentences(claim, windows):
            clauses = _clauses(sentence)
            said = [c for c in clauses if re.search(rf"\b{whole.group(1)}\s+{noun}\b", c, re.IGNORECASE)]
            if not said or any(numbers & set(_NUMBER.findall(c)) for c in said):
                continue  # the sentence gives the total the number
            for clause in clauses:
                if noun not in _words(clause) or not numbers & set(_NUMBER.findall(clause)):
                    continue
                # the part: a word the claim lacks, before the noun ("Car exports") or after it ("Profit at the
                # bank's trading arm")
                part = re.search(rf"\b([A-Za-z]+)\s+{noun}\b", clause, re.IGNORECASE)
                words = [part.group(1).lower()] if part else []
                words += [w for w in re.findall(r"[a-z]+", clause.lower()) if len(w) > 3 and w not in _FUNCTION]
                word = next((w for w in words if w not in mine | _DETERMINERS | _STOP), None)
                if word is not None:
                    return f"{whole.group(0).lower()}/{word} {noun}"
    return None
