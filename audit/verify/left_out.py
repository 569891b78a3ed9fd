"""Words a copy leaves out of its sentence that say otherwise: the unit the source gives the figure the claim copies,
a qualifier of a denial, the count of an interval.

Read by `swaps._swap` on one difference of a claim and the sentence it copies, where the claim has nothing in the
place of the sentence's words (`before`: the claim's words before the difference, the sentence's too; `after`: the
claim's words from there):

- the unit of a figure, read off the source's next figure: "The unemployment rate rose by 2 percent" against "...
  rose by 2 percentage points, to 5 percent": the claim's "percent" aligns with the later "5 percent", so the copy
  leaves out "percentage points, to 5", and no word stood in another's place (`next_figures_unit`:
  `swapped:percent/percentage points`; "30 miles" against "30 kilometres, or about 19 miles");
- a qualifier that narrows what a sentence denies: "no one was hurt" against "no one was seriously hurt", "did not
  respond" against "did not immediately respond", "never recovered" against "never fully recovered": left out of a
  denial, it makes the denial say more than the source (`dropped_qualifier`: `unasserted:seriously`); left out of a
  statement that denies nothing ("Three passengers were hurt" for "... seriously hurt") it says less, and is none;
- a word that makes a role another's or past, "the chief executive" against "the former chief executive", "prime
  minister" against "deputy prime minister", "founded" against "co-founded" (`dropped_role`: `swapped:chief/former
  chief`: "former", "ex", "deputy", "vice", "assistant", "acting", "interim", "associate", "co", "honorary", in lower
  case: "Acme said" for "Acme Co. said" is none), or a rate made a total, "GDP reached" against "GDP per capita
  reached" (`unasserted:per capita`);
- the count of an interval: "every year" against "every two years" (`interval_widened`: `swapped:year/two years`,
  the claim's one word in the place of two);
- a superlative's bound in time widened to all time: "the highest ever" against "the highest since 2008", "on
  record" against "in 40 years" (`time_widened`: `swapped:ever/since 2008`);
- another person named by the party the claim names: "The company filed the lawsuit" against "The company's rival
  filed the lawsuit", "She founded the company" against "Her husband founded the company" (`dropped_holder`,
  `pronoun_for_holder`: `swapped:company/company's rival`, `swapped:she/her husband`): a kinsman, a rival, a
  predecessor, a lawyer (`HOLDERS`) is another party, unlike a spokesman or a chief executive, for whom the company
  may stand.
Pure.
"""

from __future__ import annotations

from collections.abc import Sequence

from audit.verify.opposites import CLASSED, contradicts

# classes of `opposites.py` that are units a figure is stated in
UNIT_CLASSES = frozenset("length mass volume area currency period percent temperature".split())
# words that narrow a denial: "not seriously hurt" is no "not hurt", "did not immediately respond" no "did not respond"
QUALIFIERS = frozenset(
    "seriously severely badly critically gravely significantly substantially materially greatly fully completely "
    "entirely totally wholly directly immediately deliberately intentionally knowingly permanently officially "
    "formally publicly explicitly specifically necessarily always".split()
)
DENIALS = frozenset("not never no nobody none neither nor".split())
NEAR_DENIAL = 4  # words before the qualifier a denial may stand ("no one was seriously hurt")

# words that make a role another's or past: "the former chief executive", "deputy prime minister", "co-founded"
# ... or a stage another: "the final" for "the semi-final", "the final" for "the quarter-final"
ROLES = frozenset("former ex deputy vice assistant acting interim associate co honorary semi quarter".split())
# people named by another party who are not that party: kin, a rival, a predecessor or successor, a lawyer (not a
# spokesman, a chief executive, a minister: "The company said" for "The company's spokesman said" is right)
HOLDERS = frozenset(
    "father mother son daughter brother sister husband wife widow widower parents children grandfather grandmother "
    "grandson granddaughter uncle aunt nephew niece cousin fiance fiancee partner girlfriend boyfriend stepfather "
    "stepmother rival rivals opponent opponents competitor competitors challenger predecessor successor lawyer "
    "lawyers attorney attorneys accuser accusers".split()
)
_SUBJECT_OF = {"her": "she", "his": "he", "their": "they", "its": "it"}  # a possessive and its subject pronoun


def _is_number(word: str) -> bool:
    return word[:1].isdigit()


def _unit(words: Sequence[str]) -> str | None:
    """The unit of one or two words opening `words` ("percentage points", "kilometres"), if they open with one."""
    for n in (2, 1):
        if len(words) >= n:
            unit = " ".join(words[:n])
            if UNIT_CLASSES & set(CLASSED.get(unit, {})):
                return unit
    return None


def next_figures_unit(before: Sequence[str], stated: Sequence[str], after: Sequence[str]) -> str | None:
    """Where the claim states a figure (the last word `before`) whose unit, the claim's word(s) `after` it, is the
    one the sentence gives its next figure, and the sentence's words left out there open with another unit and hold
    that next figure ("percentage points , to 5"): the claim's unit and the sentence's, as a reason's detail."""
    if not before or not _is_number(before[-1]) or not any(_is_number(w) for w in stated[1:]):
        return None
    theirs, mine = _unit(stated), _unit(after)
    return f"{mine}/{theirs}" if theirs and mine and contradicts(mine, theirs) else None


def dropped_qualifier(before: Sequence[str], stated: Sequence[str]) -> str | None:
    """The qualifier the sentence's one word left out (`stated`) is, where a denial stands in the `NEAR_DENIAL`
    words before it; None otherwise."""
    if len(stated) != 1 or stated[0] not in QUALIFIERS:
        return None
    return stated[0] if DENIALS & set(before[-NEAR_DENIAL:]) else None


def interval_widened(before: Sequence[str], said: Sequence[str], stated: Sequence[str]) -> str | None:
    """The claim's one word of time after "every" where the sentence has a count and that word in the plural ("every
    year" for "every two years"): the two as a reason's detail."""
    if not before or before[-1] != "every" or len(said) != 1 or len(stated) != 2:
        return None
    count, unit = stated
    counted = _is_number(count) or "count" in CLASSED.get(count, {})
    period = "period" in CLASSED.get(said[0], {})
    return f"{said[0]}/{count} {unit}" if counted and period and unit in (f"{said[0]}s", said[0]) else None


def dropped_role(stated: Sequence[str], after: Sequence[str]) -> str | None:
    """The claim's next word and the sentence's role word with it ("chief/former chief"), where the one word left out
    (`stated`, lower case; a capitalised word is "") makes a role another's or past; "per capita" where the words left
    out make a rate of a total ("unasserted:per capita"); None otherwise."""
    if len(stated) == 2 and stated[0] == "per" and stated[1]:
        return f"unasserted:per {stated[1]}"
    if len(stated) != 1 or stated[0] not in ROLES or not after:
        return None
    return f"{after[0]}/{stated[0]} {after[0]}"


# all time, said of a superlative ("the highest ever", "on record", "of all time", "in history"), and the words that
# open a bound in time ("since 2008", "in 40 years", "in a decade", "for 40 years", "this century")
_ALL_TIME = frozenset(
    {("ever",), ("on", "record"), ("of", "all", "time"), ("in", "history"), ("in", "recorded", "history")}
)
_SPANS = frozenset("year years decade decades century centuries month months".split())


def time_widened(said: Sequence[str], stated: Sequence[str]) -> str | None:
    """The claim's "ever", "on record", "of all time" in the place of the sentence's bound in time ("since 2008", "in
    40 years", "in a decade"), as a reason's detail ("ever/since 2008"); None otherwise."""
    if tuple(said) not in _ALL_TIME or not 2 <= len(stated) <= 4:
        return None
    since = stated[0] == "since" and len(stated) == 2
    span = stated[0] in ("in", "for", "this") and stated[-1] in _SPANS
    return f"{' '.join(said)}/{' '.join(stated)}" if since or span else None


def dropped_holder(before: Sequence[str], stated: Sequence[str]) -> str | None:
    """The claim's party and the sentence's other person it names ("company/company's rival"), where the words left
    out (`stated`) after the claim's word (`before`'s last) are "'s" and one of `HOLDERS`; None otherwise."""
    if len(stated) == 2 and stated[0] == "s" and stated[1] in HOLDERS and before and before[-1]:
        return f"{before[-1]}/{before[-1]}'s {stated[1]}"
    return None


def pronoun_for_holder(said: Sequence[str], stated: Sequence[str]) -> str | None:
    """ "she/her husband": the claim's subject pronoun in the place of the sentence's possessive and one of `HOLDERS`;
    None otherwise."""
    if len(said) == 1 and len(stated) == 2 and stated[1] in HOLDERS and _SUBJECT_OF.get(stated[0]) == said[0]:
        return f"{said[0]}/{stated[0]} {stated[1]}"
    return None


def ranked_left_out(words: Sequence[str], following: str) -> str | None:
    """An ordinal past the first left out or added before a superlative ("the largest" for "the second largest"):
    the ordinal and the superlative, as the sentence or the claim with it reads (`words`: the one word left out or
    added, lower case; `following`: the claim's next word)."""
    if len(words) != 1 or CLASSED.get(words[0], {}).get("ordinal", "1") == "1":
        return None
    superlative = following in ("most", "least") or (len(following) > 4 and following.endswith("est"))
    return f"{words[0]} {following}" if superlative else None


def cut_short(said: Sequence[str], stated: Sequence[str]) -> str | None:
    """A claim's word or two in the place of more of its sentence's (`stated`), which contradict as many first words
    of them, the rest what the claim leaves out ("The ferry runs daily." for "The ferry runs weekly during the winter
    months", "was cancelled because" for "was postponed until Friday because"): the two as a reason's detail. None
    where the sentence's other words say the claim's word too ("opened" against "closed in 1980 and reopened"). Not
    the last words of the sentence's where the claim opens: a sentence split missed ("commodity.Some of the most
    famous ...") put another sentence's words before them, and "Many" against its "Some" flagged a supported
    training pair."""
    mine = " ".join(said)
    # two words against as many, or against one ("percentage points" for "percent, from 30 percent": round 17)
    for n in dict.fromkeys((len(said), 1)):
        theirs = " ".join(stated[:n])
        if any(w.endswith(m) for m in said for w in stated[n:]):
            return None
        if contradicts(mine, theirs):
            return f"{mine}/{theirs}"
    return None


def left_out(said: Sequence[str], before: Sequence[str], stated: Sequence[str], after: Sequence[str]) -> str | None:
    """What the sentence's words `stated` (lower case; a capitalised word is ""), which the claim leaves out between
    its words `before` and `after` (`said`, the claim's words in their place, empty), say otherwise, as a reason's
    detail: a unit of the claim's figure, a role, a rate, a denial's qualifier ("unasserted:seriously"); None when
    nothing, or when the claim has words in their place."""
    if said:
        return None
    qualifier = dropped_qualifier(before, stated)
    return (
        next_figures_unit(before, stated, after)
        or dropped_role(stated, after)
        or dropped_holder(before, stated)
        or (None if qualifier is None else f"unasserted:{qualifier}")
    )


def said_in_place(said: Sequence[str], stated: Sequence[str]) -> str | None:
    """What the claim's words `said` in the place of the sentence's `stated` say otherwise: a pronoun for another
    person ("she/her husband"), all time for a bound ("ever/since 2008"); None otherwise."""
    return pronoun_for_holder(said, stated) or time_widened(said, stated)
