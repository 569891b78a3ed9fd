"""A negation said as a state, without "not" (the false-alarm sweep, round 11): what is still awaited is not yet done
("has not yet been approved" / "is still awaiting approval", "has not been finalised" / "is still pending"), a
suspect at large has not been caught, someone unemployed has no job, one who stayed on did not resign, rates kept on
hold did not change, one who missed a meeting or was absent did not attend it, what is still missing has not been
found, a bridge that remains closed has not reopened, a law in force has not been repealed, a delayed flight did not
leave on time, a match that ended 0-0 is one where neither team scored, a team unbeaten has not lost, a penalty
missed is one not scored, a match postponed did not go ahead, one who dropped out did not finish, a plan abandoned
was not carried out; and what one has none of is what one is "-less" ("has no mass" / "massless", round 12:
`said_without`). Each was `negation_mismatch` (the one side negated, the other not). Read by
`opposites.negation_said_otherwise` as one negation said two ways; only where the negated side denies the word the
state speaks of. The other way round, what one side says one has is what the other, with "-less", says one is
without ("have mass" / "massless", "had a home" / "was homeless": `had_but_less`, let-in round 15, each was
`verified`): a negation mismatch though neither side negates. Round 14: a vote abstained from, a name forgotten, a
letter ignored, passengers unhurt, what is "X-free" ("tax-free" / "not taxed"), free of charge ("is free" / "costs
nothing") or avoided ("avoided bankruptcy" / "did not go bankrupt": `free_of`, `avoided`). Round 15: a visitor who does
not pay to enter ("is free"), an event averted, said of the event ("did not happen" / "was averted"). Round 16: an
event not averted went ahead, a request rejected was not allowed, a title retained was not lost. Round 18: one left out
of (dropped from, excluded from) a team, a list or an event was not selected, included or invited. Pure.
"""

from __future__ import annotations

import re

from audit.verify.bounds import bound_said_otherwise
from audit.verify.equality import not_as_said_less
from audit.verify.universals import universal_said_otherwise
from audit.verify.zeroes import zero_said_as_no

# the word a negation denies: "has not (yet) been approved", "did not have a job", "has not been caught", "neither
# team scored", "no team scored" (round 19), "none of the passengers died", "nobody was hurt"
_DENIED = re.compile(
    r"(?:\b(?:not|never|cannot|fail(?:s|ed)?\s+to|neither\s+[a-z]+|none\s+of\s+(?:the\s+|its\s+|their\s+)?[a-z]+|"
    r"(?:nobody|no\s+one|no\s+(?:team|side))(?:\s+on\s+board)?)"
    r"|n['’]t)\s+(?:yet\s+)?(?:(?:be|been|was|were|is|are)\s+)?(?:yet\s+)?"
    r"(?:(?:have|had|has|hold|get|find)\s+(?:a|an|any)\s+)?([a-z]+)",
    re.IGNORECASE,
)
# a state awaited: "awaiting approval", "pending approval", "waiting for a decision", "yet to be approved", "has yet
# to sign": the awaited word shares its first letters with the denied one ("approv-al" / "approv-ed")
_AWAITED = re.compile(
    r"\b(?:awaiting|awaits|await|pending|waiting\s+(?:for|on)|yet\s+to(?:\s+be)?)\s+(?:(?:a|an|the|its|their)\s+)?"
    r"([a-z]+)",
    re.IGNORECASE,
)
_STEM = 5  # letters an awaited word and a denied word share: "approval" / "approved"; a noun in "-sion" 4
# a state that is the denial of a finished act by itself: "is still pending", "remains undecided", "unresolved"
_PENDING = re.compile(
    r"\b(?:pending|undecided|unresolved|unsettled|unfinished|incomplete)\b(?!\s+[a-z])", re.IGNORECASE
)
_FINISHED = frozenset(
    "approved finalised finalized completed decided resolved settled signed agreed concluded finished confirmed "
    "ratified closed done".split()
)
_WORD = re.compile(r"[a-z]+")
# a state, and the words whose denial it is (only where the plain side does not state the denied word itself)
_STATES: tuple[tuple[re.Pattern[str], frozenset[str]], ...] = tuple(
    (re.compile(pattern, re.IGNORECASE), frozenset(words.split()))
    for pattern, words in (
        (r"\bat\s+large\b", "caught captured arrested found apprehended detained located traced"),
        (r"\b(?:unemployed|jobless|out\s+of\s+work)\b", "job work employed employment"),
        (
            r"\b(?:st(?:ay|ays|ayed|aying)|remain(?:s|ed|ing)?)\s+(?:on|in\s+(?:office|post|power|the\s+job))\b",
            "resign resigned quit leave left retire retired step stepped",
        ),
        (
            r"\b(?:on\s+hold|held\s+(?:steady|unchanged|at)|kept\s+(?:steady|unchanged|at)|left\s+unchanged)\b",
            "change changed alter altered move moved adjust adjusted",
        ),
        (
            r"\b(?:miss(?:es|ed)|skip(?:s|ped)?|absent)\b",
            "attend attended go went show showed appear appeared take took participate participated present",
        ),
        (r"\b(?:missing|lost)\b", "found located recovered traced"),
        (r"\b(?:closed|shut)\b", "open opened reopen reopened"),
        (r"\bin\s+(?:force|effect)\b", "repealed revoked abolished scrapped overturned cancelled"),
        (r"\b(?:delayed|late)\b", "leave left arrive arrived depart departed start started"),
        (r"\b0\s*[-–]\s*0\b|\bgoalless\b|\bscoreless\b|\bnil[-\s](?:nil|all)\b", "score scored scores goal goals"),
        (r"\bsurviv(?:e|es|ed|ing)\b", "die died dies killed"),
        # a season or a run unbeaten, a penalty missed, an event called off, a course or a plan given up
        (r"\b(?:unbeaten|undefeated)\b", "lost lose loses beaten defeated"),
        (r"\bmiss(?:es|ed)\b", "score scored convert converted"),
        (r"\b(?:postponed|cancell?ed|called\s+off|put\s+off)\b", "go went take took happen happened proceed"),
        (r"\bdropped\s+out\b", "finish finished complete completed graduate graduated"),
        (r"\b(?:abandoned|dropped|scrapped|shelved)\b", "carried implemented completed finished built"),
        # round 14: a vote abstained from, a name forgotten, a letter ignored, passengers unhurt
        (r"\babstain(?:s|ed|ing)?\b", "vote voted votes voting"),
        (r"\bforg(?:o|e)t(?:s|ten)?\b", "remember remembered remembers recall recalled"),
        (r"\bignor(?:e|es|ed|ing)\b", "respond responded reply replied answer answered react reacted heed heeded"),
        (r"\b(?:unhurt|uninjured|unharmed|unscathed)\b", "hurt injured harmed wounded"),
        # round 15: an event averted, said of the event itself ("The strike was averted": no object to avoid)
        (
            r"\b(?:was|were|is|are|be|been)\s+(?:narrowly\s+|successfully\s+)?(?:averted|avoided|prevented)\b",
            "happen happened occur occurred take took go went proceed proceeded materialise materialised "
            "materialize materialized",
        ),
    )
)
# round 16: an event not averted went ahead, a request rejected was not allowed, a title retained was not lost; only
# where `plain` states no word of a denied word's stem nor of the state's denied words ("rejected the request but
# allowed the appeal", "kept its leader but lost its majority"), and not the state negated ("did not go ahead")
_STATES_STEMMED: tuple[tuple[re.Pattern[str], frozenset[str]], ...] = tuple(
    (re.compile(pattern, re.IGNORECASE), frozenset(words.split()))
    for pattern, words in (
        (
            r"\b(?:went|go|goes|going|gone)\s+ahead\b|\b(?:happened|occurred|proceeded|materiali[sz]ed)\b|"
            r"\btook\s+place\b",
            "averted avoided prevented",
        ),
        (
            r"\b(?:reject(?:s|ed)?|refus(?:e|es|ed)|declin(?:e|es|ed)(?=\s+(?:to|the|an?|his|her|its|their)\b)|turn(?:s|ed)?\s+down|dismiss(?:es|ed)?)\b",
            "allow allowed accept accepted approve approved grant granted uphold upheld",
        ),
        (r"\b(?:retain(?:s|ed)?|kept|keeps|hold(?:s)?\s+on\s+to|held\s+on\s+to)\b", "lose loses lost"),
        # round 18: one left out of a team, a list or an event was not selected, included or invited to it
        (
            r"\b(?:left|leave|leaves|leaving)\s+(?:out|off)\b|"
            r"\b(?:excluded|omitted|dropped|axed|overlooked|snubbed|barred)\s+(?:from|by|for)\b",
            "select selected chosen choose picked pick included include named invited invite",
        ),
    )
)


def _shares_stem(awaited: str, denied: str) -> bool:
    """Whether an awaited word and a denied one are of one verb: "approval" / "approved", "decision" / "decided"."""
    n = _STEM - 1 if awaited.endswith("sion") else _STEM
    return len(awaited) >= n and len(denied) >= n and awaited[:n] == denied[:n]


def said_as_state(negated: str, plain: str) -> bool:
    """Whether `plain` states, without a negation, the state that `negated` says by denying a word: awaiting, or
    pending, what was not yet done; at large, unemployed, stayed on, kept on hold, missed, 0-0, survived (these
    only where `plain` does not state the denied word itself); what one has none of, as "-less" (`said_without`);
    a bound, "no more than" as "at most" (`bounds.py`)."""
    if said_without(negated, plain) or bound_said_otherwise(negated, plain):  # "no more than" / "at most" (`bounds`)
        return True
    if free_of(negated, plain) or avoided(negated, plain):  # "not taxed" / "tax-free", "avoided bankruptcy"
        return True
    if not_as_said_less(negated, plain) or universal_said_otherwise(negated, plain):  # "slower than", "all died"
        return True
    if zero_said_as_no(negated, plain):  # "zero profit" / "no profit" (`zeroes.py`)
        return True
    denied = {m.group(1).lower() for m in _DENIED.finditer(negated)}
    if not denied:
        return False
    awaited = {m.group(1).lower() for m in _AWAITED.finditer(plain)}
    if any(_shares_stem(a, d) for a in awaited for d in denied):
        return True
    if denied & _FINISHED and _PENDING.search(plain) is not None:
        return True
    if denied & set(_WORD.findall(plain.lower())):  # "absent in few" beside "present in most" states "present"
        return False
    if any(denied & words and state.search(plain) is not None for state, words in _STATES):
        return True
    said = set(_WORD.findall(plain.lower()))
    if any(_stem_shared(d, said, _AVOID_STEM) for d in denied):
        return False
    return any(denied & words and not words & said and _said_plainly(state, plain) for state, words in _STATES_STEMMED)


_NEGATED_BEFORE = re.compile(r"(?:\b(?:not|never)|n['’]t)\s+(?:[a-z]+\s+)?\Z", re.IGNORECASE)


def _said_plainly(state: re.Pattern[str], plain: str) -> bool:
    """Whether `plain` states `state` with no negation just before it ("did not go ahead" states no going ahead)."""
    return any(_NEGATED_BEFORE.search(plain, 0, m.start()) is None for m in state.finditer(plain))


# what one has none of, or is without ("has no mass", "had no home", "without power", "did not have a job"), said by
# the word with "-less" (false alarms, round 12: "Photons have no mass" against "the photon is strictly massless",
# a supported training pair, was negation_mismatch, as "had no home" / "homeless", "without power" / "powerless")
_LACKED = re.compile(
    r"\b(?:no|without(?:\s+(?:a|an|any))?|(?:not|n['’]t|never)\s+(?:have|has|had)(?:\s+(?:a|an|any))?)\s+([a-z]+)",
    re.IGNORECASE,
)
_LESS = re.compile(r"\b([a-z]{3,})less(?:ly|ness)?\b", re.IGNORECASE)
# words in "-less" that are no "without": "regardless", "unless", "priceless" (of great worth), "timeless" (lasting)
_NOT_WITHOUT = frozenset("regard neverthe nonethe price doubt count need time".split())


def _stems(noun: str) -> set[str]:
    """The stems a noun may take before "-less": "home" homeless, "wires" wireless, "penny" penniless, "children"
    childless."""
    out = {noun, noun[:-1] + "i" if noun.endswith("y") else noun}
    out |= {noun[:-1]} if noun.endswith("s") else set()
    return out | ({noun[:-2]} if noun.endswith("es") else set()) | ({noun[:-3]} if noun.endswith("ren") else set())


def said_without(negated: str, plain: str) -> bool:
    """Whether `plain` states with "-less" what `negated` says one has none of ("has no mass" / "massless", "without
    power" / "powerless"), and does not state the thing itself."""
    lacked = {m.group(1).lower() for m in _LACKED.finditer(negated)}
    if not lacked or not (less := {m.group(1).lower() for m in _LESS.finditer(plain)} - _NOT_WITHOUT):
        return False
    if lacked & set(_WORD.findall(plain.lower())):
        return False
    return any(_stems(noun) & less for noun in lacked)


# what one has: "have mass", "had a home", "has any children"
_HAD = re.compile(r"\b(?:have|has|had|having)\s+(?:(?:a|an|any|some)\s+)?([a-z]+)", re.IGNORECASE)
# "the homeless": the people, not a state of the subject
_THE_LESS = re.compile(r"\bthe\s+[a-z]{3,}less\b(?!\s+[a-z])", re.IGNORECASE)


def had_but_less(had: str, less: str) -> bool:
    """Whether `had` states one has what `less` says, with "-less", one is without ("Photons have mass" / "Photons are
    massless", "had a home" / "was homeless", "have wires" / "wireless"; not "priceless", "timeless": `_NOT_WITHOUT`),
    and `less` does not state the thing itself."""
    nouns = {m.group(1).lower() for m in _HAD.finditer(had)}
    if not nouns or not (without := {m.group(1).lower() for m in _LESS.finditer(_THE_LESS.sub(" ", less))}):
        return False
    if nouns & set(_WORD.findall(less.lower())):
        return False
    return any(_stems(noun) & (without - _NOT_WITHOUT) for noun in nouns)


# what one is "-free" of ("smoke-free", "tax-free", "sugar-free"), and what one avoided or escaped ("avoided
# bankruptcy", "escaped injury"): the false-alarm sweep, round 14 ("Smoking is not allowed in the hotel" against
# "The hotel is smoke-free", "The firm did not go bankrupt" against "avoided bankruptcy" were negation_mismatch)
_FREE = re.compile(r"\b([a-z]{3,})-free\b", re.IGNORECASE)
_AVOIDED = re.compile(
    r"\b(?:avoid(?:s|ed|ing)?|escap(?:e|es|ed|ing)|avert(?:s|ed|ing)?|evad(?:e|es|ed|ing))\s+"
    r"(?:(?:a|an|the|any|serious|major)\s+)?([a-z]{4,})",
    re.IGNORECASE,
)
_NEGATED_WORDS = re.compile(r"(?:\b(?:not|never|no)|n['’]t)\s+((?:[a-z]+\s+){0,3}[a-z]+)", re.IGNORECASE)
# ... and a visitor who pays nothing to enter ("do not pay to enter", "does not pay anything"; round 15), not one who
# pays no tax, rent or attention (another charge, or no charge)
_NO_COST = re.compile(
    r"\bcosts?\s+nothing\b|(?:\bnot|n['’]t)\s+(?:cost|charge)\b|\bno\s+(?:charge|fee)\b|"
    r"(?:\bnot|n['’]t)\s+(?:have\s+to\s+|need\s+to\s+)?pay(?:\s+(?:to|for|anything|a\s+penny|(?:a|any)\s+fee|"
    r"(?:for\s+)?(?:entry|admission))\b|\s*[.,;]|\s*$)",
    re.IGNORECASE,
)
_FREE_OF_CHARGE = re.compile(r"\b(?:is|are|was|were|be|remains?)\s+free\b(?!\s+(?:to|from|of\s+(?!charge)))", re.I)
_PRICED = re.compile(r"\b(?:cost|costs|costing|charge|charges|charged|fee|fees|price|priced|pay|paid)\b|\d", re.I)
_FREE_STEM, _AVOID_STEM = 4, 5  # first letters shared: "smok" (smoke / smoking), "bankr" (bankrupt / bankruptcy)


def _denied_words(negated: str) -> set[str]:
    """The words up to four after each negation of `negated` ("did not go bankrupt": go, bankrupt)."""
    return {w.lower() for m in _NEGATED_WORDS.finditer(negated) for w in m.group(1).split()}


def _stem_shared(word: str, words: set[str], n: int) -> bool:
    n = min(n, len(word))
    return any(len(w) >= n and w[:n] == word[:n].lower() for w in words)


def free_of(negated: str, plain: str) -> bool:
    """Whether `plain` says one is "X-free" where `negated` denies a word of X's stem near its negation ("Pensions are
    not taxed" / "tax-free", "does not contain sugar" / "sugar-free"), or, the thing unnamed, where it denies
    allowing it ("Smoking is not allowed" / "smoke-free": the word before the negation shares the stem)."""
    if _NO_COST.search(negated) is not None and _FREE_OF_CHARGE.search(plain) is not None:
        return _PRICED.search(plain) is None  # "Entry costs nothing" / "Entry is free"; not "costs 5 euros, ... free"
    free = [m.group(1) for m in _FREE.finditer(plain)]
    if not free:
        return False
    near = _denied_words(negated) | {w.lower() for w in re.findall(r"[a-z]+", negated.split(" not ")[0], re.I)[-2:]}
    return any(_stem_shared(x, near, _FREE_STEM) for x in free)


def avoided(negated: str, plain: str) -> bool:
    """Whether `plain` says one avoided or escaped what `negated` denies near its negation ("did not go bankrupt" /
    "avoided bankruptcy", "was not injured" / "escaped injury"); not where `plain` negates the avoiding itself."""
    things = [m.group(1) for m in _AVOIDED.finditer(plain)]
    return bool(things) and any(_stem_shared(t, _denied_words(negated), _AVOID_STEM) for t in things)
