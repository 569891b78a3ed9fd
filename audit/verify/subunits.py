"""A sum of money in its currency's hundredth against the same sum in the currency itself: "85 cents" is "$0.85",
"90p" "£0.90", "150 cents" "€1.50" (the false-alarm sweep, round 11: "A stamp costs 85 cents" against "costs
$0.85" was missing_number:85). Each sum is read as its value in the main unit and its family: a cent is a
hundredth of a dollar or a euro, a penny a hundredth of a pound. Used by `conversions` as measures of their own
dimension, found only where the source states the same value in the same family. Pure functions."""

from __future__ import annotations

import re
from collections.abc import Iterator

from audit.verify.numranges import number_key
from audit.verify.numwords import CARDINALS, TENS

# a currency's family, by its symbol or name before or after the number ("$0.85", "0.85 dollars", "€1.50",
# "1.50 euros", "£0.90", "0.90 pounds"); a dollar and a euro both have cents, so they are one family here
_CENT, _PENNY = "cent", "penny"
_SYMBOLS = {"$": _CENT, "us$": _CENT, "€": _CENT, "£": _PENNY}
_NAMES = {"dollar": _CENT, "dollars": _CENT, "euro": _CENT, "euros": _CENT, "pound": _PENNY, "pounds": _PENNY}
_SUBUNITS = {"cent": _CENT, "cents": _CENT, "¢": _CENT, "penny": _PENNY, "pence": _PENNY, "p": _PENNY}
_NUMBER = r"(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?"
# a sum with its symbol before it ("$0.85", "US$ 1.50"), not inside a longer number or followed by a scale word
_SYMBOLED = re.compile(
    rf"(?<![\w.,])(US\$|[$€£])\s?{_NUMBER}(?![\d,]|\.\d|\s*(?:bn|m|k|million|billion|trillion|thousand)\b)",
    re.IGNORECASE,
)
# a sum with its currency or subunit named after it ("0.85 dollars", "85 cents", "85¢", "90p"); "p" only joined to
# the number ("90p": "5 p" may be a page), and no "c" ("35C" is a temperature)
_NAMED = re.compile(
    rf"(?<![\w.,$€£]){_NUMBER}(?:\s?(cents?|pence|penny|dollars?|euros?|pounds?)\b|(¢|p\b))",
    re.IGNORECASE,
)


def money(text: str) -> Iterator[tuple[str, str, float]]:
    """Each sum of money `text` states: its key-fact number (as `keyfacts` keys it), its family (cent or penny) and
    its value in the main unit ("85 cents" is ("85", "cent", 0.85), "$0.85" ("0.85", "cent", 0.85))."""
    for m in _SYMBOLED.finditer(text):
        sign, whole, decimals = m.groups()
        number = whole.replace(",", "") + (decimals or "")
        yield number_key(number), _SYMBOLS[sign.lower()], float(number)
    for m in _NAMED.finditer(text):
        whole, decimals, word, letter = m.groups()
        number = whole.replace(",", "") + (decimals or "")
        unit = (word or letter).lower()
        if unit in _NAMES:
            yield number_key(number), _NAMES[unit], float(number)
        elif letter is None or not decimals:  # "90p", not "2.5p"
            yield number_key(number), _SUBUNITS[unit], float(number) / 100


# a sum in its currency and its hundredth ("5 dollars and 50 cents", "twelve euros and fifty centimes", "3 pounds 20
# pence": false alarms, round 12, a supported training pair's "a maximum cost of 12.50 Euros" against "not more than
# twelve Euros and fifty centimes" was missing_number:12.50): the sum of the two, in digits or in words under 100
_WORDS = rf"(?:(?:{'|'.join(TENS)})(?:[-\s](?:{'|'.join(CARDINALS[1:10])}))?|{'|'.join(CARDINALS[1:])})\b"
_PART = rf"(\d{{1,3}}(?:,\d{{3}})+|\d+|{_WORDS})"
_SPLIT = re.compile(
    rf"(?<![\w.,$€£]){_PART}\s+(dollars?|euros?|pounds?)\s*,?\s*(?:and\s+)?{_PART}\s+(cents?|centimes?|pence|p)\b",
    re.IGNORECASE,
)
_SPLIT_FAMILIES = {"cent": _CENT, "centime": _CENT, "pence": _PENNY, "p": _PENNY}


def _value(part: str) -> int:
    """A part of a sum: its digits, or its words ("fifty", "twenty-five")."""
    if part[0].isdigit():
        return int(part.replace(",", ""))
    words = part.lower().replace("-", " ").split()
    tens = 20 + 10 * TENS.index(words[0]) if words[0] in TENS else 0
    return tens + (CARDINALS.index(words[-1]) if words[-1] in CARDINALS else 0)


def split_sums(text: str) -> Iterator[tuple[tuple[str, ...], str, float]]:
    """Each sum `text` states in its currency and its hundredth: the key-fact numbers of its digits, its family and
    its value in the main unit ("5 dollars and 50 cents" is (("5", "50"), "cent", 5.5)); a hundredth of another
    family ("5 dollars and 50 pence"), or of 100 or more, is none."""
    for m in _SPLIT.finditer(text):
        whole, unit, cents, sub = m.groups()
        family, small = _NAMES[unit.lower()], _value(cents)
        if _SPLIT_FAMILIES.get(sub.lower().rstrip("s")) != family or small >= 100:
            continue
        keys = tuple(number_key(p.replace(",", "")) for p in (whole, cents) if p[0].isdigit())
        yield keys, family, _value(whole) + small / 100
