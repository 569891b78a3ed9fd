"""A claim that copies a source sentence but for one word that says otherwise: "vendors may sell alcohol on Sundays
before noon" against "... on Sundays after noon", "The bridge is 12 miles long" against "12 kilometres long", "She
finished third" against "second", "Norway has 10.5 million people" against "Norway has 5.5 million people. Sweden has
10.5 million people.", "die Mieten nicht stabil gehalten" against "die Mieten stabil gehalten".

Every word of such a claim is in its source (its key facts too), and its embedding sits on the source's, so the
support model scores it high: the one word that changed is the whole error. The rule is lexical and narrow: the claim
is aligned word for word (difflib) with each sentence of its candidate windows; the sentence it copies best must hold
at least `MIN_COPIED` of its words (a shorter claim all its words but one), and there one or two of the claim's words
stand where the sentence has others that contradict them (`audit/verify/opposites.py`: opposites, ordinals, units,
currencies, periods, a prefix negation, a number of another value, another name; read against as many first words of
more: `left_out.cut_short`), or the claim adds or drops a negation ("not", "nicht", "ne ... pas", "no"),
with the same words either side (`MIN_FLANK` together, one at least on each side within the claim). Also read there:
two words in each other's place across a word that orders them ("coffee exports are larger than tea exports" for the
reverse; `_crossed`; "Italy beat Spain" for "Spain beat Italy": `reversal.reordered`), words left out between two copied
parts that draw a contrast ("but", with a number or an opposite: `stitched:but`), a hedge or plan dropped ("would
cut" for "cuts": `unasserted:would`) and a question copied as a statement (`unasserted:question`). A sentence that
copies the claim as well without any such word clears it, unless it names something else in a capitalised word (the
other sentence of a stitched pair, "Sweden has 10.5 million people"). Pure."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from difflib import SequenceMatcher

from rapidfuzz import fuzz

from audit.verify.asserted import condition_opening
from audit.verify.attribution import moved_statement
from audit.verify.conversions import measure_converted
from audit.verify.copywords import CLOSERS, Word
from audit.verify.copywords import sentences as _sentences
from audit.verify.copywords import words as _words
from audit.verify.events import another_event, converse, deed_converse, is_number
from audit.verify.exclusive import scope_widened
from audit.verify.hedges import deliberated, done_for_planned, dropped_hedge, framed, present_for_future
from audit.verify.inplace import listed_crossed, said_otherwise
from audit.verify.left_out import cut_short, interval_widened, left_out, ranked_left_out, said_in_place
from audit.verify.opposites import contradicts, negation_restated
from audit.verify.outcomes import ordinal_given_elsewhere
from audit.verify.quantities import (
    approximated,
    none_for_not_all,
    one_of_dropped,
    quantity_changed,
    restates_not_all,
    single_generalised,
)
from audit.verify.ranked import rank_by_order
from audit.verify.reversal import JOINING, ORDERING, deed_reordered, parties_swapped, reordered, turned, voice_turned

NEGATIONS = frozenset(
    "not never no nicht kein keine keinen keinem keiner keines nie niemals ne pas jamais nunca".split()
)
ENGLISH_NEGATIONS = frozenset({"not", "never", "no"})
MIN_COPIED = 5  # words of the claim the sentence must hold, in order
MIN_COPIED_SHARE = 0.6  # ... and this share of the claim's words
MIN_SHORT = 3  # words of a claim too short for `MIN_COPIED`, which must copy all its words but one
MIN_FLANK = 3  # words equal around the changed one, both sides together
MAX_SWAPPED = 2  # words on each side of a swap
MAX_CLAIM_WORDS = 150  # a longer claim is read for none of this
MAX_SENTENCE_WORDS = 400  # nor a longer sentence of its source
MAX_SENTENCE_CHARS = 20 * MAX_SENTENCE_WORDS  # ... nor one too long to hold fewer (not even split into words)
MAX_NEGATED = 3  # words on each side of a difference that adds or drops a negation
# words of contrast: the words a claim leaves out between two copied parts, holding one, may hold the other half
CONTRASTS = frozenset("but while whereas although though yet however except unlike".split())
# words that hedge or plan what follows: a claim dropping one states as done what the source only supposes. Not
# "may" ("it may have been practiced" for "it was practiced": supported training pairs), "proposes", "aims",
# "intends" (a paper "proposes" what it introduces; "strives" for "aims"): they flagged 4 supported training pairs
HEDGES = frozenset("would could might proposed plans planned planning threatened threatens".split())
MODAL_HEDGES = frozenset("would could might".split())
MAX_HEDGED = 3  # words on each side of a difference that drops a hedge
MAX_CROSSED = 3  # words of each of two things in each other's place ("the united states" / "china")
MIN_APART = 4  # words between two names in each other's place that make them two parties, not a list
SAME_SPELLING = 80  # rapidfuzz ratio from which two names are one spelt two ways


def _variants(a: str, b: str) -> bool:
    """One written as the other's plural or another spelling ("Vasquez" / "Vázquez"), one number the other's rounding
    (0.5 / 0.505) or a year and its last two digits (the "19" of "2018-19" / 2019): no contradiction."""
    short, long_ = sorted((a, b), key=len)
    if not short[0].isdigit():
        return long_ in (f"{short}s", f"{short}es") or fuzz.ratio(a, b) >= SAME_SPELLING
    rounded = "." in long_ and long_.startswith(short if "." in short else f"{short}.")
    return rounded or (len(short) == 2 and len(long_) == 4 and long_.endswith(short))


@dataclass(frozen=True)
class _Pair:
    """The claim and a sentence it may copy, as the comparison of one difference reads them."""

    claim: list[Word]
    sent: list[Word]
    names: frozenset[str]  # the claim's names that its source also names
    claim_words: frozenset[str]
    replaced: frozenset[tuple[str, str]]  # (the claim's word, the sentence's) of each one-word difference


def _stitched(deleted: list[Word], before: list[Word], pair: _Pair) -> str | None:
    """A contrast the sentence draws in words the claim leaves out ("95 percent effective against severe disease
    but only 60 percent against infection" for "95 percent effective against infection"): the word of contrast,
    where the words left out hold what the claim's words `before` them state otherwise: another number beside one
    of theirs, or a word contradicting one of theirs. Not "The law took effect in 2021" from "The law passed in 2019,
    but it took effect in 2021": the words before ("The law") state nothing the left-out ones contradict."""
    words = [w.low for w in deleted]
    contrast = next((w for w in words if w in CONTRASTS), None)
    if contrast is None:
        return None
    stated = {w.low for w in before}
    numbers = any(is_number(w) for w in stated) and any(is_number(w) and w not in pair.claim_words for w in words)
    opposed = any(contradicts(c, w) for c in stated for w in words if not is_number(w))
    return contrast if numbers or opposed else None


# reported speech moves "will" back to "would" ("Musk said the company would focus" for "the company will focus"):
# no hedge where the claim has "will" in its place and the sentence reports what someone said
_SAYING = frozenset("said says told announced stated promised pledged added explained confirmed wrote insisted".split())
_CONDITIONS = frozenset("if unless provided providing".split())


def _backshifted(pair: _Pair) -> bool:
    words = {w.low for w in pair.sent}  # (a condition keeps the "would" its own: "said that, if approved, ... would")
    return ("will", "would") in pair.replaced and not _SAYING.isdisjoint(words) and _CONDITIONS.isdisjoint(words)


def _hedge(claim: list[Word], sent: list[Word], pair: _Pair) -> str | None:
    """A hedge or plan of the sentence that the claim drops in its place ("would cut" for "cuts", "proposed banning"
    for "banned", "plans to open" for "will open"): the hedge, with its "to"."""
    if len(claim) > MAX_HEDGED or len(sent) > MAX_HEDGED or any(w.low in HEDGES for w in claim):
        return None
    for n, w in enumerate(sent):
        # lower case: "May" is a month. Left out with nothing in its place, "proposed" or "planned" is an adjective
        # ("the proposed merger"), no plan the claim states as done; a modal left out ("would cut" for "cut") is
        if not claim and w.low not in MODAL_HEDGES:
            continue
        if w.low == "would" and _backshifted(pair):
            continue
        if w.low in HEDGES and not w.capital and w.low not in pair.claim_words:
            return f"{w.low} to" if n + 1 < len(sent) and sent[n + 1].low == "to" else w.low
    return None


def _swap(i1: int, i2: int, j1: int, j2: int, pair: _Pair) -> str | None:
    """What the claim's words [i1:i2] say against the sentence's [j1:j2] in their place, as a reason's detail, if
    they contradict them."""
    claim, sent = pair.claim[i1:i2], pair.sent[j1:j2]
    said = [w.low for w in claim]
    lows = [("" if w.capital else w.low) for w in pair.sent]
    hedge = (
        _hedge(claim, sent, pair)
        or dropped_hedge(said, lows, j1, j2, pair.claim_words)
        or done_for_planned(said, lows, j1, j2)
        or present_for_future(said, lows, j1, j2, [w.low for w in pair.claim])
        or deliberated(said, lows[j1:j2])
        or framed(lows[j1:j2], said)
        or approximated(said, lows[j1:j2])
    )
    if hedge is not None:
        return f"unasserted:{hedge}"
    # English negations replaced are the negation feature's (is_negated, on the window); "not completed" is "incomplete"
    negated = [any(w.low in NEGATIONS - ENGLISH_NEGATIONS for w in side) for side in (claim, sent)]
    stated = [w.low for w in sent]
    quantity = (
        one_of_dropped(said, stated, [w.low for w in pair.claim[i2 : i2 + 2]])
        or quantity_changed(said, stated, pair.claim[i1 - 1].low if i1 else "")
        or single_generalised(said, stated)
    )
    if quantity is not None:
        return quantity
    moved = moved_statement(
        said, [w.low for w in pair.sent], [w.capital for w in pair.sent], j1, j2, pair.names, pair.claim_words
    )
    if moved is not None:
        return moved
    if not claim or not sent:
        # "2 percent" for "2 percentage points, to 5 percent", "no one was hurt" for "no one was seriously hurt"
        found = left_out(said, [w.low for w in pair.claim[:i1]], lows[j1:j2], [w.low for w in pair.claim[i2 : i2 + 2]])
        if found is not None:
            return found
        if all(w.low in NEGATIONS for w in claim or sent):
            return "negation"
        ranked = ranked_left_out([w.low for w in claim or sent], pair.claim[i2].low if i2 < len(pair.claim) else "")
        if ranked is not None:
            return f"{ranked}/{ranked.split()[-1]}" if claim else f"{ranked.split()[-1]}/{ranked}"
        condition = None if claim else condition_opening(stated)  # "paid [only if ...] at the end of the year"
        if condition is not None:
            return f"conditional:{condition}"
        found = _stitched(sent, pair.claim[:i1], pair) if not claim else None
        return None if found is None else f"stitched:{found}"
    if negated[0] != negated[1] and max(len(claim), len(sent)) <= MAX_NEGATED:
        return "negation"  # "keine neuen" for "insgesamt 350 neue", "n'est pas" for "est"
    if (widened := interval_widened([w.low for w in pair.claim[:i1]], said, stated)) is not None:
        return widened  # "every year" for "every two years"
    if (scope := scope_widened([w.low for w in pair.claim[:i1]], said, stated)) is not None:
        return scope  # "nationwide" for "in the capital"
    if (holder := said_in_place(said, stated)) is not None:
        return holder  # "She founded" for "Her husband founded", "the highest ever" for "the highest since 2008"
    if len(claim) > MAX_SWAPPED or len(sent) > MAX_SWAPPED:
        return None
    mine, theirs = " ".join(w.low for w in claim), " ".join(w.low for w in sent)
    if none_for_not_all(mine, theirs):
        return f"{mine}/{theirs}"
    after = pair.claim[i2].low if i2 < len(pair.claim) else ""
    if {mine, theirs} == {"by", "to"} and after and is_number(after):
        return f"{mine}/{theirs}"  # "increased to 12 percent" for "increased by 12 percent"
    if len(claim) == 1 == len(sent):
        a, b = claim[0], sent[0]
        number = is_number(a.low) and is_number(b.low)
        # two names in each other's place ("Germany and France" for "France and Germany") are `_crossed`'s
        # a first name before one of the names, which the sentence gives another ("Serena Williams" for "Venus
        # Williams ... her sister Serena Williams": round 17)
        first = a.capital and i2 < len(pair.claim) and pair.claim[i2].low in pair.names
        named = a.low in pair.names or (first and a.low in {w.low for w in pair.sent[j2:]})
        name = named and b.capital and not is_number(b.low) and (b.low, a.low) not in pair.replaced
        if (number or name) and not _variants(a.low, b.low):
            return f"{a.low}/{b.low}"
    if _name_for_name(claim, sent, pair):
        return f"{mine}/{theirs}"  # "Buzz Aldrin was the first" for "Neil Armstrong was the first"
    # a joining word beside the word in its place is no part of it ("including" for "but excludes"), ... ; pair by
    # pair not where the two sides' names stand on the other side elsewhere, the parties swapped with the verb:
    # "Brazil won ... against Germany" says what "Germany lost ... to Brazil" does
    outside = (
        {w.low for w in (*pair.claim[:i1], *pair.claim[i2:])},
        {w.low for w in (*pair.sent[:j1], *pair.sent[j2:])},
    )
    names = [w.low for w in claim if w.capital], [w.low for w in sent if w.capital]
    pairwise = not converse(*names, *outside) and said_otherwise(said, stated)
    rests = [w.low for w in pair.claim[i2:]], [w.low for w in pair.sent[j2:]]  # what follows each (converse deeds)
    contradicting = (contradicts(mine, theirs) or pairwise) and not deed_converse(said, stated, *rests)
    if contradicting and len(said) == 1 == len(stated):  # not two items of one list in another order
        contradicting = not listed_crossed(mine, theirs, i1, [w.low for w in pair.claim], pair.replaced)
    return f"{mine}/{theirs}" if contradicting else None


_PRONOUNS = frozenset("he she it they we i you his her its their our this that these those the a an".split())


def _name_for_name(claim: list[Word], sent: list[Word], pair: _Pair) -> bool:
    """Whether a name of two words stands in the place of another of the source ("Buzz Aldrin" for "Neil Armstrong",
    let-in round 17): every word capitalised on both sides, one of the claim's a name the sentence gives elsewhere
    (the two are two people of one sentence, not "the European Union" for "the EC"), none shared,
    no number, and no word of one a spelling of the other's; one word for one is `_swap`'s own test."""
    if len(claim) == 1 == len(sent) or not all(w.capital and not is_number(w.low) for w in (*claim, *sent)):
        return False
    if any(w.low in _PRONOUNS for w in sent):
        return False  # "She hired" for "Anna Weiss hired"
    rest = {w.low for w in pair.sent} - {w.low for w in sent}  # the sentence's words outside the difference
    if not any(w.low in pair.names and w.low in rest for w in claim):
        return False  # unless the sentence names the claim's person elsewhere ("...; Buzz Aldrin followed him")
    if any(a.low == b.low or _variants(a.low, b.low) for a in claim for b in sent):
        return False
    if {w.low for w in sent} <= pair.claim_words:
        return False  # the two in each other's place ("between Northern Ireland and England"): `_crossed`'s
    initials = ["".join(w.low[0] for w in side) for side in (claim, sent)]
    joined = ["".join(w.low.replace(".", "") for w in side) for side in (claim, sent)]
    return initials[0] != joined[1] and initials[1] != joined[0]  # "UK" for "United Kingdom"


def _crossed(ops: Sequence[tuple[str, int, int, int, int]], pair: _Pair) -> str | None:
    """Two words of the claim in each other's place in the sentence across a word that orders them ("coffee exports
    are larger than tea exports" against "tea exports are larger than coffee exports"), not one that joins them
    ("Germany and France" against "France and Germany")."""
    claim, sent = pair.claim, pair.sent

    def text(words: list[Word]) -> str:
        return " ".join(w.low for w in words)

    spans = [
        (text(claim[i1:i2]), text(sent[j1:j2]), i1, i2)
        for tag, i1, i2, j1, j2 in ops
        if tag == "replace" and i2 - i1 <= MAX_CROSSED and j2 - j1 <= MAX_CROSSED
    ]
    for x, (mine, theirs, first, end) in enumerate(spans):
        for other_mine, other_theirs, start, _ in spans[x + 1 :]:
            if mine == other_theirs and other_mine == theirs:
                between = {w.low for w in claim[end:start]}
                # or two names a clause apart ("opened in Paris, and ... moved ... to Lyon" for the reverse), or
                # two sides bound to opposite words ("in favour of A and against B")
                far = start - end >= MIN_APART and claim[end - 1].capital and claim[start].capital
                far = far or any(contradicts(w, v.low) for w in between for v in claim[max(0, first - 3) : first])
                # ... or across a contrast ("passed by A but rejected by B"; not "not only A but also B")
                if (between & (ORDERING | CONTRASTS) and not between & (JOINING | {"also"})) or far:
                    return f"{mine}/{theirs}"
    return None


@dataclass(frozen=True)
class _Copy:
    copied: int  # claim words the sentence holds in order
    swaps: tuple[str, ...]  # contradictions found, as reasons' details
    # a capitalised word where the claim has another ("Sweden" for "Norway" opening the sentence), which may name
    # something else: such a copy does not clear the claim of another sentence's contradiction
    doubtful: bool = False


def _compare(claim: list[Word], sent: list[Word], names: frozenset[str], question: bool = False) -> _Copy:
    ops = SequenceMatcher(None, [w.low for w in claim], [w.low for w in sent], autojunk=False).get_opcodes()
    copied = sum(i2 - i1 for tag, i1, i2, _, _ in ops if tag == "equal")
    replaced = frozenset(
        (claim[i1].low, sent[j1].low) for tag, i1, i2, j1, j2 in ops if tag == "replace" and i2 - i1 == 1 == j2 - j1
    )
    pair = _Pair(claim, sent, names, frozenset(w.low for w in claim), replaced)
    swaps: list[str] = []
    doubtful = any(
        tag == "replace" and i2 - i1 == 1 == j2 - j1 and claim[i1].capital and sent[j1].capital
        for tag, i1, i2, j1, j2 in ops
    )
    for k, (tag, i1, i2, j1, j2) in enumerate(ops):
        if tag == "equal":
            continue
        left = ops[k - 1][2] - ops[k - 1][1] if k and ops[k - 1][0] == "equal" else 0
        right = ops[k + 1][2] - ops[k + 1][1] if k + 1 < len(ops) and ops[k + 1][0] == "equal" else 0
        # a replacement may sit at the claim's edge; words added or dropped need words on both sides
        edge = tag == "replace"
        # the claim's edge counts as one word of the flank ("... in 1903." against "... in 1911 ...")
        left, right = left or int(edge and i1 == 0), right or int(edge and i2 == len(claim))
        if left + right < MIN_FLANK or not left or not right:
            continue
        found = _swap(i1, i2, j1, j2, pair)
        if found is None and tag == "replace" and i2 - i1 < j2 - j1 and i2 - i1 <= MAX_SWAPPED:
            found = cut_short([w.low for w in claim[i1:i2]], [w.low for w in sent[j1:j2]])
        if found is not None and another_event(ops, k, [w.low for w in claim], [w.low for w in sent]):
            found = None
        if found is not None:
            swaps.append(found)
    if "negation" in swaps and restates_not_all([w.low for w in claim], [w.low for w in sent], NEGATIONS):
        swaps.remove("negation")
    crossed = (
        _crossed(ops, pair)
        or reordered([w.low for w in claim], [w.low for w in sent])
        or voice_turned([w.low for w in claim], [w.low for w in sent])
        or turned([w.low for w in claim], [w.low for w in sent])
    )
    if question:  # the sentence asks what the claim states
        swaps.append("unasserted:question")
    return _Copy(copied, tuple(dict.fromkeys([*swaps, *([crossed] if crossed else [])])), doubtful)


def swapped_words(claim: str, windows: Iterable[str], names: Iterable[str] = ()) -> tuple[str, ...]:
    """The contradictions between `claim` and the sentence of `windows` it copies best ("after/before": the claim's
    word, then the sentence's; "negation": a negation added or dropped), or () when it copies none closely, or one
    copies it as well without a contradiction. `names`: the claim's names (its key facts): one of them where the
    sentence names another, while the source names it elsewhere, is a contradiction."""
    words = list(_words(claim))
    if len(words) > MAX_CLAIM_WORDS:
        return ()
    # a short claim copies all its words but one ("The study followed 500 men." for "... 500 women aged 40 to 60")
    need = len(words) - 1 if MIN_SHORT <= len(words) <= MIN_COPIED else max(MIN_COPIED, MIN_COPIED_SHARE * len(words))
    texts = _sentences(windows)
    # a "sentence" of thousands of words (a source without stops) is no sentence a claim copies, and aligning it
    # grows with both lengths: an unpunctuated 400 KB source took 5 s a claim
    sentences = [list(_words(s)) if len(s) <= MAX_SENTENCE_CHARS else [] for s in texts]
    sentences = [s if len(s) <= MAX_SENTENCE_WORDS else [] for s in sentences]
    # a question copied as a statement: the claim asks nothing
    asks = [t.rstrip(CLOSERS).endswith("?") and not claim.rstrip(CLOSERS).endswith("?") for t in texts]
    # a name the source lacks is a missing name already; one it has, put where it names another, is a swap
    named = {w.low for s in sentences for w in s}
    name_words = frozenset(w.low for n in names for w in _words(n)) & named
    vocab = {w.low for w in words}
    # a sentence sharing fewer distinct words than a copy needs is no copy (most are not: no alignment for them)
    repeats = len(words) - len(vocab)
    close = [n for n, s in enumerate(sentences) if len(vocab & {w.low for w in s}) + repeats >= need]
    compared = [(n, _compare(words, sentences[n], name_words, asks[n])) for n in close]
    copies = [c for _, c in compared if c.copied >= need]
    if not copies:  # two clauses (or two parties) in each other's place copy no run of the claim's words in order
        low, said = [w.low for w in words], [[w.low for w in sentences[n]] for n in close]
        found = next((r for s in said if (r := turned(low, s))), None)  # a deed's parties: worded again, any sentence
        found = found or next((r for s in sentences if (r := deed_reordered(low, [w.low for w in s]))), None)
        parties = next((r for s in said if (r := parties_swapped(low, s))), None)
        return (found,) if found else ((parties,) if parties else ())
    best = max(c.copied for c in copies)
    flagged = [(n, c) for n, c in compared if c.swaps and c.copied == best]
    if not flagged or any(not c.swaps and not c.doubtful and c.copied >= best for c in copies):
        return ()
    at, copy = flagged[0]
    # the claim's number stated in another sentence beside another of the claim's figures or names ("In 2021, sales
    # were 7 million" against "In 2020, sales were 5 million units. In 2021, the figure reached 7 million.") is that
    # sentence's, said in other words: no swap
    facts = {w.low for w in words if is_number(w.low)} | name_words
    others = [{w.low for w in s} for n, s in enumerate(sentences) if n != at]

    def stated_elsewhere(found: str) -> bool:
        mine = found.partition("/")[0]
        return is_number(mine) and any(mine in ws and (facts - {mine}) & ws for ws in others)

    # opposite words where one side negates: "posted a loss" for "did not make a profit" (`negation_restated`)
    # an ordinal the sentence gives the claim's subject elsewhere: "Aldrin was the second" (`ordinal_given_elsewhere`)
    pairs = [(w.low, w.capital) for w in words], [(w.low, w.capital) for w in sentences[at]]
    return tuple(
        f
        for f in copy.swaps
        if not stated_elsewhere(f)
        and not negation_restated(claim, texts[at], f)
        and not ordinal_given_elsewhere(f, *pairs)
        and not rank_by_order(f, claim, texts[at])  # "..., followed by Canada" (`ranked`)
        and not measure_converted(f, claim, texts[at])  # "350 degrees Fahrenheit" / "177 degrees Celsius"
    )
