"""Differences of a claim and the sentence it copies that tell the same thing another way, not its opposite: the
parties of a relation swapped with its verb, another event of the same thing at another date, and the claim's deed
said again of the same thing by its pronoun ("bought the stadium ... and sold it"), the parties turned with a
converse deed ("borrowed from" / "lent to") or a converse comparative ("older than" / "younger than": read by
`reversal.clauses_reversed`). Read by `swaps._compare` and `swaps._swap` before a difference is taken for a
contradiction. Pure."""

from __future__ import annotations

from collections.abc import Sequence

NEAR = 3  # words after a difference where its event's number stands ("ended in 1945", "closed at $ 150")
_PRONOUNS = frozenset({"it", "them"})  # what a deed said again is done to: the thing the sentence named before
_RESUMING = frozenset({"and", "then", "later", "subsequently", "eventually"})  # ... by the same doer, no other subject
MAX_OBJECT = 4  # words of the thing the pronoun stands for ("the stadium", "the old main stadium")
# words that end the thing a deed is done to, opening what the claim says of the deed ("in 2019", "to a developer")
_AFTER_THING = frozenset("in on at to from for by with during after before since until into".split())


def is_number(word: str) -> bool:
    """Whether a token is a figure (its first character a digit)."""
    return word[:1].isdigit()


def converse(said_names: Sequence[str], stated_names: Sequence[str], claim_rest: set[str], sent_rest: set[str]) -> bool:
    """Whether a name of the claim's words in the place (`said_names`, lower case) stands in the sentence elsewhere
    (`sent_rest`) and a name of the sentence's words there (`stated_names`) stands in the claim elsewhere
    (`claim_rest`): "Brazil won ... against Germany" says what "Germany lost ... to Brazil" does, the parties swapped
    with the verb, so the verbs are not read pair by pair."""
    return any(w in sent_rest for w in said_names) and any(w in claim_rest for w in stated_names)


def _number_after(words: Sequence[str], end: int) -> str | None:
    return next((w for w in words[end : end + NEAR] if is_number(w)), None)


def another_event(
    ops: Sequence[tuple[str, int, int, int, int]], k: int, claim: Sequence[str], sent: Sequence[str]
) -> bool:
    """Whether the difference `ops[k]` (difflib opcodes of the claim's words against the sentence's, lower case), not
    itself a number, is followed within `NEAR` words by a number of the claim's other than the sentence's there, one
    the sentence states elsewhere: "World War II ended in 1945" against "World War II began in 1939 and lasted ...
    until 1945", "closed at $150" against "opened at $148 ... and finished the day at $150" tell another event of the
    same thing (its number checked as a key fact), not the opposite of the one the sentence tells at that place."""
    _, i1, i2, j1, j2 = ops[k]
    if i2 > i1 and is_number(claim[i1]):
        return False
    if deed_resumed(ops, k, claim, sent):
        return True
    place = min(j2, j1 + (i2 - i1)) if i2 > i1 else j2  # a claim's word for more of the sentence's: its first ones
    mine, theirs = _number_after(claim, i2), _number_after(sent, place)
    if mine is None or theirs is None or mine == theirs:
        return False
    return mine in {*sent[:j1], *sent[place + NEAR :]}


def deed_resumed(
    ops: Sequence[tuple[str, int, int, int, int]], k: int, claim: Sequence[str], sent: Sequence[str]
) -> bool:
    """Whether the claim's one word in the place of the sentence's (`ops[k]`, a deed: "sold" for "purchased") is said
    again later in the sentence of the same thing by its pronoun, after "and" or "then", and the claim's words after
    the thing are the sentence's after the pronoun: "The club sold the stadium to a developer in 2021" against "The
    club purchased the stadium in 2019 and sold it to a developer in 2021" tells the second deed (the false-alarm
    sweep, round 13; it was swapped:sold/purchased). Not "sold the stadium in 2019" against it (the first deed's
    date), nor "... and the city sold it" (another doer)."""
    tag, i1, i2, j1, j2 = ops[k]
    if tag != "replace" or i2 - i1 != 1 or j2 - j1 > 2:
        return False
    for at in range(j2 + 1, len(sent) - 1):
        if sent[at] != claim[i1] or sent[at + 1] not in _PRONOUNS or sent[at - 1] not in _RESUMING:
            continue
        after = sent[at + 2 :]  # the thing: the claim's words after its deed up to what it says of the deed
        ends = (n for n in range(i2 + 1, len(claim)) if claim[n] in _AFTER_THING or is_number(claim[n]))
        end = next(ends, len(claim))
        thing = claim[i2:end]
        if 0 < len(thing) <= MAX_OBJECT and list(sent[j2 : j2 + len(thing)]) == list(thing):
            return set(claim[end:]) <= set(after)
    return False


# deeds one party does to another whose converse the other does to it, every form written out: "the carmaker
# borrowed from the government" says what "the government lent to the carmaker" does
_CONVERSE_DEEDS = tuple(
    (frozenset(a.split(",")), frozenset(b.split(",")))
    for a, b in (
        pair.split("|")
        for pair in (
            "lent,lends,lend,lending,loaned|borrowed,borrows,borrow,borrowing",
            "sold,sells,sell,selling|bought,buys,buy,buying,purchased,purchases,acquired,acquires",
            "exported,exports,export,exporting|imported,imports,import,importing",
            "gave,gives,give,giving,granted,awarded,donated,paid,pays|received,receives,receive,receiving,got,gets",
            "taught,teaches,teach,teaching|learned,learnt,learns,learn,learning,studied",
            "beat,beats,defeated,defeats,won,wins|lost,loses",
            "let,lets|rented,rents",
        )
    )
)
_PARTY_SKIP = frozenset("the a an has have had was were is are will would".split())
_PARTY_NEAR = 9  # words after a deed within which its other party stands ("lent 20 billion dollars to the carmaker")
_OTHER_CLAUSE = frozenset("and but while whereas which who that".split())


def _after_deed(party: Sequence[str], rest: Sequence[str]) -> bool:
    """Whether every word of `party` is among the first `_PARTY_NEAR` words of `rest` (what follows the deed), with no
    word that opens another clause before them."""
    near = list(rest[:_PARTY_NEAR])
    at = [near.index(w) for w in party if w in near]
    return len(at) == len(party) and _OTHER_CLAUSE.isdisjoint(near[: min(at)])


def deed_converse(
    said: Sequence[str], stated: Sequence[str], claim_after: Sequence[str], sent_after: Sequence[str]
) -> bool:
    """Whether the claim's words in a place (`said`, lower case) tell a deed and its doer whose converse the sentence's
    words there (`stated`) tell with the other party as doer, each party the other's object right after the deed
    (in `claim_after`, `sent_after`, the words that follow each): "the carmaker borrowed" against "the government
    lent", with "from the government" after the claim's and "to the carmaker" after the sentence's (the false-alarm
    sweep, round 14: the parties swapped with a converse verb, as `converse` reads for capitalised names). Not one
    verb for its converse with the same doer ("the carmaker lent" against "the carmaker borrowed"), the parties
    swapped with the same verb, nor a party named in another clause ("lent ... to the bank, and the carmaker")."""
    for one, other in (*_CONVERSE_DEEDS, *((b, a) for a, b in _CONVERSE_DEEDS)):
        mine, theirs = [w for w in said if w in one], [w for w in stated if w in other]
        if not mine or not theirs or one & set(stated) or other & set(said):
            continue
        parties = [w for w in said if w not in one and w not in _PARTY_SKIP and w.isalpha()]
        others = [w for w in stated if w not in other and w not in _PARTY_SKIP and w.isalpha()]
        apart = parties and others and not set(parties) & set(others)
        if apart and _after_deed(parties, sent_after) and _after_deed(others, claim_after):
            return True
    return False


# comparatives that order two things one way and the other: "Anna is older than Maria" says what "Maria is younger
# than Anna" does. Each dimension's words up, then down; "more" / "less" / "fewer" before any other word are its
# own dimension ("more counties than" / "fewer counties than", "more expensive than" / "less expensive than")
_SENSES = [
    (dim, sign, word)
    for dim, up, down in (
        line.split("|")
        for line in (
            "age|older,elder|younger",
            "height|taller,higher|shorter,lower",
            "length|longer|shorter",
            "size|larger,bigger,greater|smaller,lesser",
            "weight|heavier|lighter",
            "wealth|richer,wealthier|poorer",
            "speed|faster,quicker|slower",
            "heat|warmer,hotter|colder,cooler",
            "strength|stronger|weaker",
            "time|earlier|later",
            "width|wider,broader|narrower",
            "quality|better|worse",
            "depth|deeper|shallower",
            "expensive|costlier,pricier|cheaper",
        )
    )
    for sign, words in ((1, up), (-1, down))
    for word in words.split(",")
]
_COMPARATIVES = {w: frozenset((d, s) for d, s, v in _SENSES if v == w) for _, _, w in _SENSES}  # "shorter": 2
_MORE = {"more": 1, "less": -1, "fewer": -1}


def _comparative(words: Sequence[str], at: int) -> frozenset[tuple[str, int]]:
    """The dimensions and senses the comparative before `words[at]` ("than") may have (none if it is none)."""
    if at < 1:
        return frozenset()
    word = words[at - 1]
    if at >= 2 and words[at - 2] in _MORE and word not in _COMPARATIVES:
        return frozenset({(word, _MORE[words[at - 2]])})  # "more counties", "less expensive"
    if word in _MORE:
        return frozenset({("", _MORE[word])})  # "more than" with its noun before ("spent more than")
    return _COMPARATIVES.get(word, frozenset())


def comparative_senses(words: Sequence[str], at: int) -> frozenset[tuple[str, int]]:
    """The dimensions and senses of the comparative before `words[at]` ("than"): "slower" is ("speed", -1)."""
    return _comparative(words, at)


def comparatives_converse(claim: Sequence[str], i: int, sent: Sequence[str], j: int) -> bool:
    """Whether the comparatives before the claim's "than" at `i` and the sentence's at `j` (lower-case words) order
    their two sides in opposite senses of one dimension: "older" / "younger", "more counties" / "fewer counties",
    "cheaper" / "more expensive" (the false-alarm sweep, round 14: the sides in each other's place across such a
    pair say the same thing; across one comparative, "older" / "older", they say the opposite)."""
    theirs = _comparative(sent, j)
    return any((dim, -sign) in theirs for dim, sign in _comparative(claim, i))
