"""A party given the role that the source gives the other party of a deed: "The museum was the seller of the painting"
against "The museum bought the painting from a private collector", "Lenovo sold the Motorola unit to Google" against
"Google sold the Motorola unit to Lenovo", "Brown won the 1998 election" against "Jones defeated Brown in the 1998
election", "Jones was Smith's employer" against "Smith employed Jones".

`reversal.deed_reordered` reads one deed's two parties in each other's place where the verbs of `SAME_DEED` join them
("LinkedIn bought Microsoft"); a role said with a noun ("the seller", "the loser", "the lender"), a deed of giving
with its receiver after "to" or "from", and deeds outside that list ("taught", "shot", "lent") were read by nothing,
and the support model scores a window with the same parties and words high (let-in round 14: each was `verified`).
Here both the claim's and each window sentence's parties are given roles of paired kinds (seller / buyer, lender /
borrower, winner / loser, employer / employee, teacher / student, killer / victim, landlord / tenant, donor /
recipient), read from:
  - a role noun after "was", "is", "became" ("the museum was the seller"), or after a possessive ("Jones was
    Smith's employer": Jones the employer, Smith the employee);
  - a deed's subject, its object where the object is a party ("Smith employed Jones"), a receiver after "to" or a
    giver after "from" ("sold the unit to Google", "bought the painting from a collector"), and a passive's two
    parties ("Brown was defeated by Jones").
The claim gives a party one role where a window sentence gives it the other role of the pair and no sentence gives
it the claim's. A party is one to three words (no figure, no function word); two parties are one where one's words
hold the other's ("the regional bank", "the bank"). Not a deed or a role under a negation ("did not sell"), nor a
claim with a negation of its own. Pure.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from audit.verify.reversal import ARTICLES
from audit.verify.text import stop_split

_PAIRS = (
    ("seller", "buyer"),
    ("lender", "borrower"),
    ("winner", "loser"),
    ("employer", "employee"),
    ("teacher", "student"),
    ("killer", "victim"),
    ("landlord", "tenant"),
    ("donor", "recipient"),
)
OTHER = {a: b for a, b in _PAIRS} | {b: a for a, b in _PAIRS}

# the nouns of each role
_NOUNS = {
    noun: role
    for role, nouns in (
        ("seller", "seller sellers vendor vendors"),
        ("buyer", "buyer buyers purchaser purchasers"),
        ("lender", "lender lenders creditor creditors"),
        ("borrower", "borrower borrowers debtor debtors"),
        ("winner", "winner winners victor victors"),
        ("loser", "loser losers"),
        ("employer", "employer employers"),
        ("employee", "employee employees"),
        ("teacher", "teacher teachers tutor tutors mentor mentors"),
        ("student", "student students pupil pupils protege proteges"),
        ("killer", "killer killers murderer murderers assassin assassins"),
        ("victim", "victim victims"),
        ("landlord", "landlord landlords lessor lessors"),
        ("tenant", "tenant tenants lessee lessees"),
        ("donor", "donor donors benefactor benefactors"),
        ("recipient", "recipient recipients"),
    )
    for noun in nouns.split()
}

# each deed's verbs: the roles of its subject and its object ("" for none), then of the party after a preposition
_Roles = tuple[str, str, dict[str, tuple[str, str]]]
_DEEDS: dict[str, _Roles] = {}
for _verbs, _subject, _object, _preps in (
    ("sold sells selling", "seller", "", {"to": ("seller", "buyer")}),
    ("bought buys buying purchased purchases purchasing", "buyer", "", {"from": ("buyer", "seller")}),
    ("lent lends lending loaned loans", "lender", "borrower", {"to": ("lender", "borrower")}),
    ("borrowed borrows borrowing", "borrower", "", {"from": ("borrower", "lender")}),
    ("beat beats beaten defeated defeats overcame", "winner", "loser", {}),
    ("won wins", "winner", "", {}),
    ("lost loses", "", "", {"to": ("loser", "winner")}),
    ("employed employs hired hires", "employer", "employee", {}),
    ("worked works", "", "", {"for": ("employee", "employer")}),
    ("taught teaches tutored mentored", "teacher", "student", {}),
    ("studied", "", "", {"under": ("student", "teacher")}),
    ("killed kills murdered assassinated shot", "killer", "victim", {}),
    ("rented leased", "", "", {"to": ("landlord", "tenant"), "from": ("tenant", "landlord")}),
    ("donated donates gave gives", "donor", "", {"to": ("donor", "recipient")}),
    ("received receives", "recipient", "", {"from": ("recipient", "donor")}),
):
    for _verb in _verbs.split():
        _DEEDS[_verb] = (_subject, _object, _preps)

_WORD = re.compile(r"[a-z0-9]+(?:['’]s\b)?")
_BE = frozenset("is are was were became becomes remained remains".split())
_PERFECT = frozenset("has have had".split())
_NEGATION = frozenset("not never no nor cannot didn't doesn't don't wasn't weren't isn't aren't".split())
_FUNCTION = (
    frozenset(
        "of in on at to for by with from and or but as is are was were be been being has have had it its his her their "
        "he she they them him this that these those which who whom whose what when where than then also after before "
        "during while since until over under into about against between".split()
    )
    | _NEGATION
)
MAX_PARTY = 3
# adverbs of time and manner between a deed and its subject, read past ("and later sold it")
_ADVERBS = frozenset(
    "later soon eventually subsequently afterwards afterward finally again also then once promptly quickly "
    "immediately reportedly allegedly originally initially previously recently ultimately formally officially".split()
)
MAX_THING = 6  # words of the thing between a deed of giving and its receiver ("sold the Motorola unit to Google")
_NEGATED = re.compile(r"\b(?:not|never|no\s+longer)\b|n['’]t\b", re.IGNORECASE)

Claimed = list[tuple[tuple[str, ...], str]]  # (a party's words, its role)


def _word(w: str) -> bool:
    return w.isalpha() and w not in _FUNCTION and w not in _BE


def _party(words: Sequence[str]) -> bool:
    """Whether `words` may name a party: content words, no figure, a possessive only before the last ("the duke's
    estate")."""
    return (
        bool(words)
        and _word(words[-1])
        and all(_word(w) or (w[-2:] in ("'s", "’s") and w[:-2].isalpha()) for w in words[:-1])
    )


def _before(low: Sequence[str], i: int) -> tuple[str, ...] | None:
    """The party ending right before `low[i]` (its longest reading of up to `MAX_PARTY` words), or None."""
    for k in range(min(MAX_PARTY, i), 0, -1):
        if _party(low[i - k : i]):
            return tuple(low[i - k : i])
    return None


def _after(low: Sequence[str], i: int) -> tuple[str, ...] | None:
    """The party starting at `low[i]` (up to `MAX_PARTY` words, ending at a function word or a figure), or None."""
    for k in range(min(MAX_PARTY, len(low) - i), 0, -1):
        if _party(low[i : i + k]):
            return tuple(low[i : i + k])
    return None


def _negated(low: Sequence[str], i: int) -> bool:
    return bool(_NEGATION.intersection(low[max(0, i - 3) : i]))


def _noun_roles(low: Sequence[str], i: int, role: str) -> Claimed:
    """The parties a role noun at `low[i]` gives roles: "X was the seller", "X was Y's employer"."""
    out: Claimed = []
    j = i - 1
    owner = None
    if j >= 0 and low[j].endswith(("'s", "’s")) and low[j][:-2].isalpha():
        first = _before(low, j) or ()
        owner = (*first, low[j][:-2])[-MAX_PARTY:]  # "smith's" ("john smith's")
        j -= 1 + len(first)
    elif j >= 0 and _word(low[j]):
        j -= 1  # one word before the noun ("the former employer")
    if j >= 1 and low[j] in _BE and not _negated(low, j):
        holder = _before(low, j)
        if holder is not None:
            out.append((holder, role))
            if owner:
                out.append((owner, OTHER[role]))
    return out


def _deed_roles(low: Sequence[str], i: int, deed: _Roles, shared: tuple[str, ...] | None) -> Claimed:
    """The parties a deed at `low[i]` gives roles, in the active or the passive; `shared`: the subject of the
    sentence's deed before it, the subject of a deed after "and" or "but" ("The team lost to Leeds in March but won
    the title in May")."""
    subject_role, object_role, preps = deed
    out: Claimed = []
    if _negated(low, i):
        return out
    passive = i >= 1 and (low[i - 1] in _BE or low[i - 1] == "been") and low[i + 1 : i + 2] == ["by"]
    if passive:  # "brown was defeated by jones"
        done_to, doer = _before(low, i - 1), _after(low, i + 2)
        if object_role and done_to and doer:
            out += [(done_to, object_role), (doer, subject_role)]
        return out
    j = i  # the deed's subject is read before its adverbs ("and later sold it", "the club eventually sold")
    while j >= 2 and low[j - 1] in _ADVERBS:
        j -= 1
    subject = _before(low, j)
    if subject is None and j >= 2 and low[j - 1] in _PERFECT:  # "Watford had beaten City"
        subject = _before(low, j - 1)
    if subject is None and low[j - 1 : j] in (["and"], ["but"], ["then"]):
        subject = shared
    if subject is not None and subject_role:
        out.append((subject, subject_role))
    if object_role:
        done_to = _after(low, i + 1)
        if done_to is not None:
            out.append((done_to, object_role))
    for j in range(i + 1, min(len(low), i + 2 + MAX_THING)):
        if low[j] in preps:
            own, other = preps[low[j]]
            party = _after(low, j + 1)
            if party is not None:
                out.append((party, other))
                if subject is not None:
                    out.append((subject, own))
            break
        if low[j] in _DEEDS or low[j] in _BE or not low[j].isalnum():
            break
    return out


def roles(text: str) -> Claimed:
    """Each party of `text` (one sentence) and the role a role noun or a deed gives it."""
    low = [w for w in _WORD.findall(text.lower()) if w not in ARTICLES]
    out: Claimed = []
    shared = None  # the subject of the last deed read
    for i, w in enumerate(low):
        if w in _NOUNS:
            out += _noun_roles(low, i, _NOUNS[w])
        elif w in _DEEDS:
            out += _deed_roles(low, i, _DEEDS[w], shared)
            shared = _before(low, i) or shared
    return out


def _same(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    return set(a) <= set(b) or set(b) <= set(a)


def role_given_other(claim: str, windows: Iterable[str]) -> str | None:
    """A party of the claim given the role that a window sentence gives the other party ("seller/buyer": the
    claim's role, then the window's), where no window sentence gives it the claim's; None otherwise."""
    if _NEGATED.search(claim) is not None:
        return None
    mine = roles(claim)
    if not mine:
        return None
    theirs = [r for text in windows for s in stop_split(text, semicolons=True) for r in roles(s)]
    for party, role in mine:
        said = {r for p, r in theirs if _same(p, party)}
        if OTHER[role] in said and role not in said:
            return f"{role}/{OTHER[role]}"
    return None
