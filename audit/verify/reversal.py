"""Two clauses of a sentence in each other's place across a word that orders them in time or size: "The railway
reached the town before the bridge was completed" against "The bridge was completed before the railway reached the
town", "The war ended two years after the treaty was signed" against "The treaty was signed two years after the war
ended", "The canal is twice as long as the river" against the reverse. Each was `verified` (0.86 to 0.92): every word
is the source's, and so is the one word of order; only which side stands where changed. `swaps._reordered` reads a
few words next to the word; these sides are clauses, worded again ("joining" for "joined").

The rule is lexical: the claim and the sentence it copies each hold the ordering word once ("before", "after",
"than", "until", the second "as" of "as long as"); every content word of the claim's side after it is on the
sentence's side before it and not after it, and a content word of the claim's side before it is on the sentence's
side after it and not before it. Words are compared by a crude stem ("joined", "joining"). "After the war ended, the
treaty was signed" (the word opens the claim) and the sentence's own order ("The treaty was signed two years after
the war ended") are no reversal. Pure.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from audit.verify.events import comparatives_converse

# words that order two things ("A is larger than B", "A beat B") and words that join them ("A and B")
ORDERING = frozenset(
    "than over before after beat beats defeated defeats to into from exceeds exceeded surpassed overtook outsold "
    "outnumber outnumbers outnumbered above below ahead behind acquired bought replaced succeeded preceded "
    "followed beaten overtaken owns owned subsidiary".split()
) | frozenset(  # verbs one side does to the other ("Apple sued Samsung", "The coach criticised the referee")
    "sued sues accused accuses invaded invades attacked attacks eliminated eliminates trailed trails overcame "
    "outperformed outperforms outpaced outscored criticised criticized criticises criticizes blamed blames endorsed "
    "endorses hired hires fired fires funded funds sponsored sponsors employs employed killed arrested interviewed "
    "advised coached annexed conquered occupied praised".split()
)
ARTICLES = frozenset({"the", "a", "an"})  # no side of their own: read past by `reordered`
JOINING = frozenset("and or with between versus vs nor both".split())  # words that join two things, not order them
MAX_SIDE = 3  # words of each side next to an ordering word that `reordered` reads
MAX_PARTY = 3  # words of each of two parties in each other's place that `parties_swapped` reads
MAX_PERMUTED = 40  # words of a claim that `parties_swapped` reads
ORDERS = frozenset("before after than until".split())
MULTIPLES = frozenset("twice thrice times half third quarter".split())  # "twice as long as"
# words that carry no side of their own: articles, auxiliaries, pronouns, prepositions
_FUNCTION = frozenset(
    "a an the of in on at to for by with from and or but is are was were be been being has have had do does did it its "
    "this that these those as so not no he she they them his her their we our you your i me my which who whom whose "
    "there here then when shortly just also one ones".split()
)


def crude_stem(word: str) -> str:
    """A crude stem ("acquired" / "acquires" / "acquire" meet): the words reversal and chronology match."""
    for end in ("ing", "ed", "es", "s", "e"):
        if word.endswith(end) and len(word) - len(end) >= 3:
            return word[: -len(end)]
    return word


def _content(words: Sequence[str]) -> set[str]:
    return {crude_stem(w) for w in words if w not in _FUNCTION and w.isalnum()}


def _order_at(words: Sequence[str]) -> dict[str, int]:
    """The ordering words of `words` that it holds once, at their index, and the second "as" of a multiple ("twice as
    long as", "three times as much power as") as "as": "as tall as" says the same both ways round."""
    at = {w: i for i, w in enumerate(words) if w in ORDERS and words.count(w) == 1}
    seconds = [
        i
        for i in range(3, len(words))
        if words[i] == "as" and any(words[k] == "as" and words[k - 1] in MULTIPLES for k in range(max(1, i - 4), i - 1))
    ]
    if len(seconds) == 1:
        at["as"] = seconds[0]
    return at


def clauses_reversed(claim: Sequence[str], sent: Sequence[str]) -> str | None:
    """The ordering word (lower case) across which `claim`'s two sides stand in each other's place in `sent` (both
    lower-case words), or None."""
    mine, theirs = _order_at(claim), _order_at(sent)
    for word, i in mine.items():
        j = theirs.get(word)
        if j is None or i == 0:
            continue
        before, after = _content(claim[:i]), _content(claim[i + 1 :])
        s_before, s_after = _content(sent[:j]), _content(sent[j + 1 :])
        if not after or not after <= s_before - s_after:
            continue
        if before & (s_after - s_before) and not (word == "than" and comparatives_converse(claim, i, sent, j)):
            return word
    return None


def _contains(words: Sequence[str], part: list[str]) -> bool:
    n = len(part)
    return any(words[i : i + n] == part for i in range(len(words) - n + 1))


def reordered(low: Sequence[str], said: Sequence[str]) -> str | None:
    """The two sides of a word that orders them, each next to it, in each other's place ("Italy beat Spain" against
    "Spain beat Italy", "LinkedIn acquired Microsoft" against "Microsoft acquired LinkedIn"): the sentence holds the
    claim's words after the word, the word, then its words before it, and not the claim's order. The aligner matches
    one of the two names across the word and so reads no replacement `_crossed` could pair. Not "LinkedIn was
    acquired by Microsoft" (the words next to "acquired" are "was" and "by") nor "Italy lost to Spain". Articles are
    read past: "The Los Angeles Lakers beat the Boston Celtics" against "The Boston Celtics beat the Los Angeles
    Lakers" (let-in round 11) holds a side of four words with its "the" (read so only where the words as they are
    find none, whose detail keeps its articles)."""
    found = _reordered(low, said)
    if found is None and ARTICLES.intersection(low):
        found = _reordered([w for w in low if w not in ARTICLES], [w for w in said if w not in ARTICLES])
    return found or deed_reordered(low, said)  # the deed in other words, or words beside a name (let-in round 12)


def _reordered(low: Sequence[str], said: Sequence[str]) -> str | None:
    for i, word in enumerate(low):
        if word not in ORDERING or said.count(word) != 1:
            continue
        for k in range(1, min(MAX_SIDE, i) + 1):
            for m in range(1, min(MAX_SIDE, len(low) - i - 1) + 1):
                before, after = low[i - k : i], low[i + 1 : i + 1 + m]
                if set(before) <= set(after) or set(after) <= set(before):
                    continue
                if _contains(said, [*after, word, *before]) and not _contains(said, [*before, word, *after]):
                    return f"{' '.join(before)}/{' '.join(after)}"
    return None


# verbs that tell one party's deed to another in other words: "LinkedIn bought Microsoft" against "Microsoft
# acquired LinkedIn" (a deed either party may do to the other, not "met", "married", "played")
SAME_DEED = tuple(
    frozenset(tuple(p.split()) for p in group.split(","))
    for group in (
        "acquired,bought,purchased,took over,taken over,bought out,snapped up",
        "acquires,buys,purchases,takes over,buys out",
        "beat,beaten,defeated,overcame,edged,thrashed,routed,overpowered,trounced",
        "beats,defeats,overcomes",
        "replaced,succeeded,supplanted",
        "overtook,overtaken,surpassed,outstripped,outpaced",
        "hired,employed,recruited",
        "fired,sacked,dismissed",
        "sued,took legal action against",
        "funded,financed,bankrolled",
        "killed,murdered,assassinated,slew",
        "endorsed,backed",
        "annexed,seized,conquered",
        # where one place lies from another ("Oslo lies north of Trondheim" against the reverse)
        "north of",
        "south of",
        "east of",
        "west of",
        "northeast of",
        "northwest of",
        "southeast of",
        "southwest of",
        "upstream of",
        "downstream of",
    )
)
MAX_BESIDE = 2  # words beside a party's name in the sentence ("the Czech brand Skoda", "Volkswagen, the carmaker,")
# words no party's description holds: a passive's "was ... by", a source's "from", a negation, a clause or a list
_NOT_BESIDE = (
    _FUNCTION | JOINING | frozenset("from into not never which who that than whose whom".split())
) - frozenset(
    "is are was were has have had".split()  # "Oslo is located north of", "Microsoft has acquired": no "by" after
)


# each deed's phrases by their first word: a claim's words are looked up, not compared with every phrase
_DEED_STARTS: dict[str, list[tuple[tuple[str, ...], frozenset[tuple[str, ...]]]]] = {}
for _group in SAME_DEED:
    for _phrase in _group:
        _DEED_STARTS.setdefault(_phrase[0], []).append((_phrase, _group))


def _deed_forms(low: Sequence[str], i: int) -> tuple[int, frozenset[tuple[str, ...]]] | None:
    """The deed that starts at `low[i]` (the end of its words and every way of saying it), or None."""
    for phrase, group in _DEED_STARTS.get(low[i], ()):
        if tuple(low[i : i + len(phrase)]) == phrase:
            return i + len(phrase), group
    return None


def _party(words: list[str]) -> bool:
    """Whether `words` may name a party: content words, no function word or figure ("microsoft", not "microsoft in
    2016"), but "of" inside it ("town of ely")."""
    inside = words[1:-1]  # "town of ely": "of" inside a name
    return bool(words) and all(w.isalpha() and (w not in _FUNCTION or (w == "of" and w in inside)) for w in words)


def _holds(said: Sequence[str], first: list[str], forms: Iterable[tuple[str, ...]], last: list[str]) -> bool:
    """Whether `said` holds `first`, words of `forms`, then `last`, with at most `MAX_BESIDE` words of neither
    party's description between each ("Volkswagen bought the Czech brand Skoda")."""
    for j in range(len(said) - len(first) + 1):
        if list(said[j : j + len(first)]) != first:
            continue
        for g in range(MAX_BESIDE + 1):
            at = j + len(first) + g
            if set(said[j + len(first) : at]) & _NOT_BESIDE:
                break
            for form in forms:
                end = at + len(form)
                if tuple(said[at:end]) != form:
                    continue
                for h in range(MAX_BESIDE + 1):
                    if set(said[end : end + h]) & _NOT_BESIDE:
                        break
                    if list(said[end + h : end + h + len(last)]) == last:
                        return True
    return False


def _told(said: Sequence[str], doer: list[str], forms: frozenset[tuple[str, ...]], done_to: list[str]) -> bool:
    """Whether `said` tells that `doer` did the deed of `forms` to `done_to`, in the active or the passive ("LinkedIn
    was acquired by Microsoft")."""
    passive = [(aux, *form, "by") for aux in PASSIVE for form in forms]
    return _holds(said, doer, forms, done_to) or _holds(said, done_to, passive, doer)


def deed_reordered(claim: Sequence[str], sent: Sequence[str]) -> str | None:
    """`reordered` for a deed the sentence tells in other words, in the other voice, or with a party's description
    beside its name: "Skoda bought Volkswagen" against "Volkswagen bought the Czech brand Skoda", "LinkedIn bought
    Microsoft" against "Microsoft acquired LinkedIn", "Microsoft was bought by LinkedIn" against the same (lower-case
    words, articles read past). Not "Skoda was bought by Volkswagen" (a passive's words are no description), nor
    where the sentence tells the deed the claim's way round too. Read also where the claim copies too few of the
    sentence's words for a copy: only the deeds of `SAME_DEED`, not every ordering word ("Some Great Reward is an
    album from Depeche Mode" against a page's "Single by Depeche Mode from the album Some Great Reward", a supported
    training pair, is none)."""
    low, said = [w for w in claim if w not in ARTICLES], [w for w in sent if w not in ARTICLES]
    for i in range(1, len(low) - 1):
        deed = _deed_forms(low, i)
        if deed is None:
            continue
        end, forms = deed
        passive = low[i - 1] in PASSIVE and low[end : end + 1] == ["by"]  # "X was bought by Y": Y did it to X
        start, end = (i - 1, end + 1) if passive else (i, end)
        for g in range(MAX_BESIDE + 1):  # a verb or adverb between the first party and the deed ("Oslo lies")
            if set(low[start - g : start]) & _NOT_BESIDE or g > start - 1:
                break
            found = _parties_told(low, said, start - g, end, forms, passive)
            if found is not None:
                return found
    return converse_told(claim, sent)  # a party said to do a deed's converse (let-in round 13)


def _parties_told(
    low: Sequence[str], said: Sequence[str], start: int, end: int, forms: frozenset[tuple[str, ...]], passive: bool
) -> str | None:
    """The claim's parties before `start` and from `end`, as a reason's detail, where `said` tells the deed of
    `forms` the other way round only."""
    for k in range(min(MAX_SIDE, start), 0, -1):  # the longest sides first: "steve jobs/tim cook"
        for m in range(min(MAX_SIDE, len(low) - end), 0, -1):
            before, after = list(low[start - k : start]), list(low[end : end + m])
            if set(before) & set(after) or not _party(before) or not _party(after):
                continue
            doer, done_to = (after, before) if passive else (before, after)
            if _told(said, done_to, forms, doer) and not _told(said, doer, forms, done_to):
                return f"{' '.join(before)}/{' '.join(after)}"
    return None


# a deed and its converse, the same thing told from the other party's side ("A sold X to B", "B bought X from A"):
# one party said to do the one where the sentence says it did the other put the seller in the buyer's place
_CONVERSE = tuple(
    tuple(frozenset(tuple(p.split()) for p in side.split(",")) for side in pair)
    for pair in (
        ("sold,sold off", "bought,purchased,acquired,bought out"),
        ("sells,sells off", "buys,purchases,acquires,buys out"),
    )
)
_CONVERSE_BOTH = _CONVERSE + tuple((b, a) for a, b in _CONVERSE)
# the first word of every deed above: a claim holding none tells no deed of them (a first look, most claims)
_CONVERSE_FIRST = frozenset(p[0] for pair in _CONVERSE_BOTH for side in pair for p in side)


def converse_told(claim: Sequence[str], sent: Sequence[str]) -> str | None:
    """A party the claim says did a deed to a thing ("the club sold the stadium", "the stadium was sold by the
    club") where `sent` says, in either voice, that the party did its converse to it ("the club purchased the
    stadium", "the stadium was purchased by the club") and not the deed itself, as a reason's detail ("sold/
    purchased"); None otherwise (let-in round 13: read by `deed_reordered`, where the claim copies too few of the
    sentence's words for a copy too). Lower-case words, articles read past."""
    low, said = [w for w in claim if w not in ARTICLES], [w for w in sent if w not in ARTICLES]
    if _CONVERSE_FIRST.isdisjoint(low):
        return None
    for i in range(1, len(low) - 1):
        for own, other in _CONVERSE_BOTH:
            for phrase in own:
                end = i + len(phrase)
                if tuple(low[i:end]) != phrase or any(_contains(said, list(f)) for f in own):
                    continue  # not the deed, or the sentence tells it too ("bought it in 2019 and sold it in 2021")
                passive = low[i - 1] in PASSIVE and low[end : end + 1] == ["by"]  # "X was sold by Y": Y sold X
                start, end = (i - 1, end + 1) if passive else (i, end)
                for k in range(min(MAX_SIDE, start), 0, -1):
                    for m in range(min(MAX_SIDE, len(low) - end), 0, -1):
                        before, after = list(low[start - k : start]), list(low[end : end + m])
                        if set(before) & set(after) or not _party(before) or not _party(after):
                            continue
                        doer, done_to = (after, before) if passive else (before, after)
                        told = [f for f in other if _told(said, doer, frozenset({f}), done_to)]
                        if told:
                            return f"{' '.join(phrase)}/{' '.join(told[0])}"
    return None


def parties_swapped(claim: Sequence[str], sent: Sequence[str]) -> str | None:
    """Two parties of `sent` in each other's place in `claim` (both lower-case words), across words that order them,
    every other word where it was: "youtube acquired google in 2006" for "google acquired youtube in 2006", "the
    united states exports coffee to brazil" for "brazil exports coffee to the united states". The claim is the
    sentence's words rearranged, so it copies too few of them in order to be read as a copy (`swaps`), and the
    aligner pairs no two replacements. Not "germany and france signed" (joined, not ordered), nor "in 2006 google
    acquired youtube" (a part moved, nothing between the two): the claim's party, then the sentence's, or None."""
    if len(claim) > MAX_PERMUTED or sorted(claim) != sorted(sent):
        return None
    lead = next((i for i, (a, b) in enumerate(zip(claim, sent, strict=True)) if a != b), len(claim))
    tail = next((i for i, (a, b) in enumerate(zip(claim[::-1], sent[::-1], strict=True)) if a != b), len(claim))
    mine, theirs = claim[lead : len(claim) - tail], sent[lead : len(sent) - tail]
    for a in range(1, min(MAX_PARTY, len(mine)) + 1):
        for b in range(1, min(MAX_PARTY, len(mine) - a - 1) + 1):
            first, middle, last = mine[:a], mine[a : len(mine) - b], mine[len(mine) - b :]
            if [*last, *middle, *first] != list(theirs) or not _content(first) or not _content(last):
                continue
            if ORDERING.intersection(middle) and not JOINING.intersection(middle):
                return f"{' '.join(first)}/{' '.join(last)}"
    return None


# the auxiliaries of a passive ("was fined by"), and verbs whose passive and active say one thing with the same two
# parties ("The bill was passed by the Senate": "The bill passed the Senate"; "She was joined by her brother": "She
# joined her brother"), or the parties of either side alike ("was met by", "was married by")
PASSIVE = frozenset("is are was were be been being".split())
_SAME_EITHER_WAY = frozenset("passed cleared joined met married faced played drew tied matched equalled".split())


def _passive_read_active(active: Sequence[str], passive: Sequence[str]) -> str | None:
    """The verb of `passive`'s "X was VERB by Y" that `active` says as "X VERB Y", the same words either side."""
    for j in range(1, len(passive) - 3):
        verb = passive[j + 1]
        if passive[j] not in PASSIVE or passive[j + 2] != "by" or not verb.isalpha() or verb in _SAME_EITHER_WAY:
            continue
        for i in range(1, len(active) - 1):
            if active[i] == verb and active[i - 1] == passive[j - 1] and active[i + 1] == passive[j + 3]:
                return f"{passive[j]} {verb} by"
    return None


def voice_turned(claim: Sequence[str], sent: Sequence[str]) -> str | None:
    """Two parties in each other's place by a passive read as an active, or the other way round: "Facebook fined the
    European Commission" for "Facebook was fined by the European Commission", "The coach was criticised by the
    referee" for "The coach criticised the referee" (lower-case words). Every word of the claim but the auxiliary and
    its "by" is the sentence's, in order, so it reads as a copy with two words left out, neither of which says
    otherwise on its own. The claim's words, then the sentence's, or None."""
    active = _passive_read_active(claim, sent)
    if active is not None:
        return f"{active.split()[1]}/{active}"
    passive = _passive_read_active(sent, claim)
    return None if passive is None else f"{passive}/{passive.split()[1]}"


# a word that orders two events in time, and the one that orders them the other way
TURNED = {"before": "after", "after": "before"}


def order_turned(claim: Sequence[str], sent: Sequence[str]) -> str | None:
    """One event said to come before another where the sentence says it came after it, or the other way round, the
    two events on the same sides of the word (lower-case words): "The new bridge opened to traffic before the old
    ferry service was discontinued" against "The new bridge opened to traffic in May 2019, two years after the old
    ferry service was discontinued". Each was `verified`: the claim's words are the sentence's but for the one word
    of order, put where the sentence has several ("in May 2019, two years after"), which no swap pairs. The claim
    and the sentence each hold their word once and not the other's, neither opening with it; every content word of
    the claim's side after it is on the sentence's side after it and not before it, and one of its side before it
    on the sentence's side before it and not after it. "The old ferry service was discontinued before the bridge
    opened" (the sides turned with the word) says what the sentence does, and is none: "before/after", or None."""
    for word, other in TURNED.items():
        if claim.count(word) != 1 or sent.count(other) != 1 or word in sent or other in claim:
            continue
        i, j = claim.index(word), sent.index(other)
        if i == 0 or j == 0:
            continue
        before, after = _content(claim[:i]), _content(claim[i + 1 :])
        s_before, s_after = _content(sent[:j]), _content(sent[j + 1 :])
        if after and after <= s_after - s_before and before & (s_before - s_after):
            return f"{word}/{other}"
    return None


def turned(claim: Sequence[str], sent: Sequence[str]) -> str | None:
    """The claim's two clauses in each other's place across their ordering word ("sides of before"), or its one word
    of order turned with the same sides ("before/after"), against `sent` (both lower-case words), or None."""
    found = clauses_reversed(claim, sent)
    return f"sides of {found}" if found else order_turned(claim, sent)
