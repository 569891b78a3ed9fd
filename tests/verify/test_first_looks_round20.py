"""The first looks speed round 14 put before the twentieth session's window rules give exactly what the rules read
without them gave: `slots.fact_of_other_clause`, `scales.more_force`, `parts.place_for_part` (each reference below
is the rule's code as it was at 5aeeef6)."""

from __future__ import annotations

import re
from collections.abc import Iterable

from hypothesis import given, settings
from hypothesis import strategies as st

from audit.verify import parts, scales, slots
from audit.verify.options import EVERY_SHARE
from audit.verify.options import _sentences as sentences


def _slots_before(claim: str, windows: Iterable[str]) -> str | None:
    ctokens = slots._TOKEN.findall(claim)
    cfacts = slots._facts(ctokens)
    if not cfacts:
        return None
    units = {k[4:] for k in cfacts.values() if k.startswith("num:")}
    cwords = slots._words(ctokens) - set(cfacts) - {w for f in cfacts for w in f.split()} - units - slots._SAYING
    if len(cwords) < 2:
        return None
    for window in windows:
        for sentence in slots._SENTENCE.split(window):
            found = slots._in_sentence(cfacts, cwords, sentence)
            if found is not None:
                return found
    return None


def _scales_before(claim: str, windows: Iterable[str]) -> str | None:
    windows = list(windows)
    for strong, weak in scales._SCALES.values():
        m = re.search(rf"\b(?:{strong})\b", claim, re.IGNORECASE)
        if m is None or scales._NOT.search(claim[max(0, m.start() - 30) : m.start()]):
            continue
        if any(re.search(rf"\b(?:{strong})\b", w, re.IGNORECASE) for w in windows):
            continue
        others = scales._content(claim[: m.start()] + " " + claim[m.end() :])
        if not others:
            continue
        for sentence in dict.fromkeys(s for w in windows for s in scales._SENTENCE.split(w)):
            if len(others & scales._content(sentence)) < scales.SHARE * len(others):
                continue
            said = re.search(rf"\b(?:{weak})\b", sentence, re.IGNORECASE)
            if said is not None and not scales._NOT.search(sentence[max(0, said.start() - 30) : said.start()]):
                return f"{' '.join(m.group().lower().split())}/{' '.join(said.group().lower().split())}"
    return None


def _parts_before(claim: str, windows: Iterable[str]) -> str | None:
    m = parts._PLACE.match(claim)
    if m is None or m.group(1).split()[0] in parts.OPENERS:
        return None
    place, verb = m.group(1), m.group(2)
    windows = list(windows)
    if not any(place in w and verb in w for w in windows):
        return None
    held = re.compile(
        rf"\b(?:city|town|village|county|district|state|province|region|municipality|port) of\s+"
        rf"((?:[A-Z][a-z]+\s+){{0,2}}[A-Z][a-z]+),\s+{re.escape(place)},?\s+{re.escape(verb)}\b"
    )
    whole = re.compile(rf"(?<!, ){re.escape(place)}\s+{re.escape(verb)}\b")
    found_in = sentences(claim, windows, EVERY_SHARE)
    if any(whole.search(sentence) for sentence in found_in):
        return None
    for sentence in found_in:
        for found in held.finditer(sentence):
            part = found.group(1)
            if part.split()[-1] not in parts.OPENERS and part not in claim:
                return f"{place.lower()}/{part.lower()}, {place.lower()}"
    return None


# the words the three rules read: facts of each kind (a year, a figure with its commas, a name after "in"), clause
# joints, strong and weak words, a place and its part, an accent and a sigma (the first look reads ASCII text only)
_WORDS = (
    "The painter|was born|died|in Lyon|in Paris|in 1840|in 1912|and|but|while|;|.|,|built for|40,000|55,000|$5|30%|"
    "percent|of its staff|engineers|in the second quarter|first|two years later|she|The council|banned|restricted|"
    "Banned|not|fireworks|the use of|The storm|destroyed|damaged|the church|the city of Austin, Texas, passed|"
    "Texas passed|the law|in 2021|San Francisco, California, banned|California banned|plastic bags|Zürich|ΣΟΦΙΑ|"
    "İstanbul"
).split("|")
text = st.lists(st.sampled_from(_WORDS), min_size=1, max_size=18).map(" ".join)
_STADIUM = "The stadium was built for 40,000 spectators in 1960 and expanded to 55,000 in 1995."
_CASES = (
    ("The painter died in Lyon", ["The painter was born in Lyon in 1840 and died in Paris in 1912."]),
    ("The stadium was built for 55,000 spectators", [_STADIUM]),
    ("The council banned fireworks", ["The council restricted the use of fireworks."]),
    ("Texas passed the law in 2021", ["The city of Austin, Texas, passed the law in 2021."]),
)


def test_the_cases_read_alike() -> None:
    for claim, windows in _CASES:
        assert slots.fact_of_other_clause(claim, windows) == _slots_before(claim, windows)
        assert scales.more_force(claim, windows) == _scales_before(claim, windows)
        assert parts.place_for_part(claim, windows) == _parts_before(claim, windows)
    assert slots.fact_of_other_clause(*_CASES[0]) == "lyon/paris"
    assert slots.fact_of_other_clause(*_CASES[1]) == "55000/40000"  # a figure's commas
    assert scales.more_force(*_CASES[2]) == "banned/restricted"
    assert parts.place_for_part(*_CASES[3]) == "texas/austin, texas"


def _mixed(data: st.DataObject, base: str) -> str:
    """`base` with a few of the phrases put in, taken out or between its words."""
    words = base.split()
    for _ in range(data.draw(st.integers(0, 4))):
        at = data.draw(st.integers(0, len(words)))
        if data.draw(st.booleans()) or not words:
            words.insert(at, data.draw(st.sampled_from(_WORDS)))
        else:
            words.pop(min(at, len(words) - 1))
    return " ".join(words)


@settings(max_examples=400, deadline=None)
@given(st.data())
def test_first_looks_change_nothing(data: st.DataObject) -> None:
    # a case's claim and window, mixed with the phrases and with other cases' windows (a candidate window shares
    # most of the claim's words), or a claim and windows of phrases alone
    claim = _mixed(data, data.draw(st.sampled_from([c for c, _ in _CASES] + [data.draw(text)])))
    cases = st.sampled_from([w[0] for _, w in _CASES] + [data.draw(text)])
    windows = [_mixed(data, data.draw(cases)) for _ in range(data.draw(st.integers(1, 3)))]
    assert slots.fact_of_other_clause(claim, windows) == _slots_before(claim, windows)
    assert scales.more_force(claim, windows) == _scales_before(claim, windows)
    assert parts.place_for_part(claim, windows) == _parts_before(claim, windows)
