"""A claim's number that converts one of its measures that the source gives, into another unit ("30 miles (48 km)"
against "30 miles", "212°F (100°C)" against "212°F"), a time of day the source writes another way ("3 pm" against
"15:00"), a share it words as a fraction ("50%" against "half of"), a duration it states in other units ("2
hours" against "120 minutes", "2 weeks" against "a fortnight") or a measure it states in the other system of units
("5 miles" against "8 km"). Such a number is no missing number. Pure functions, used by `keyfacts`."""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from dataclasses import dataclass

from audit.extract.firstchars import compile_skipping
from audit.verify.clocks import day_times, noon_times
from audit.verify.differences import claim_points, derived_change, fall_percents
from audit.verify.multiples import rise_percents, source_multiples
from audit.verify.numranges import number_key
from audit.verify.numwords import CARDINALS, TENS, halves_in_digits
from audit.verify.subunits import money, split_sums
from audit.verify.textcache import text_cache

# each unit: its dimension and how its value becomes the dimension's base (scale, offset: base = value * scale +
# offset); a gallon is a US or an imperial one
_MILE, _INCH, _POUND, _OUNCE, _ACRE = 1609.344, 0.0254, 0.45359237, 0.028349523125, 4046.8564224
_UNIT_GROUPS: tuple[tuple[str, str, tuple[tuple[float, float], ...]], ...] = (
    ("length", "miles mile mi", ((_MILE, 0.0),)),
    ("length", "kilometres kilometers kilometre kilometer km", ((1000.0, 0.0),)),
    ("length", "metres meters metre meter m", ((1.0, 0.0),)),
    ("length", "centimetres centimeters centimetre centimeter cm", ((0.01, 0.0),)),
    ("length", "millimetres millimeters millimetre millimeter mm", ((0.001, 0.0),)),
    ("length", "feet foot ft", ((12 * _INCH, 0.0),)),
    ("length", "inches inch in", ((_INCH, 0.0),)),
    ("length", "yards yard yd", ((36 * _INCH, 0.0),)),
    ("mass", "pounds pound lbs lb", ((_POUND, 0.0),)),
    ("mass", "ounces ounce oz", ((_OUNCE, 0.0),)),
    ("mass", "kilograms kilogram kilos kilo kg", ((1.0, 0.0),)),
    ("mass", "grams gram g", ((0.001, 0.0),)),
    ("mass", "tonnes tonne", ((1000.0, 0.0),)),
    ("volume", "gallons gallon gal", ((3.785411784, 0.0), (4.54609, 0.0))),
    ("volume", "litres liters litre liter l", ((1.0, 0.0),)),
    ("volume", "millilitres milliliters millilitre milliliter ml", ((0.001, 0.0),)),
    ("speed", "miles_per_hour mph", ((_MILE / 3600, 0.0),)),
    ("speed", "kilometres_per_hour kilometers_per_hour km/h kph", ((1 / 3.6, 0.0),)),
    ("area", "square_miles square_mile sq_mi mi² mi2", ((_MILE**2, 0.0),)),
    ("area", "square_kilometres square_kilometers sq_km km² km2", ((1e6, 0.0),)),
    ("area", "acres acre", ((_ACRE, 0.0),)),
    ("area", "hectares hectare ha", ((1e4, 0.0),)),
    ("temperature", "°f ℉ degrees_fahrenheit degrees_f fahrenheit", ((5 / 9, -32 * 5 / 9),)),
    ("temperature", "°c ℃ degrees_celsius degrees_c celsius centigrade", ((1.0, 0.0),)),
    ("share", "% per_cent percent pct", ((1.0, 0.0),)),
    # durations: a claim's is found only where the source states the very same span (`_DIRECT`); a month is no
    # number of days or weeks, so days and months are two dimensions
    ("duration", "seconds second secs sec", ((1.0, 0.0),)),
    ("duration", "minutes minute mins min", ((60.0, 0.0),)),
    ("duration", "hours hour hrs hr", ((3600.0, 0.0),)),
    ("duration", "days day", ((86400.0, 0.0),)),
    ("duration", "weeks week", ((7 * 86400.0, 0.0),)),
    ("duration", "fortnights fortnight", ((14 * 86400.0, 0.0),)),
    ("months", "months month", ((1.0, 0.0),)),
    ("months", "years year yrs", ((12.0, 0.0),)),
    ("months", "decades decade", ((120.0, 0.0),)),
    ("months", "centuries century", ((1200.0, 0.0),)),
)
_UNITS = {u.replace("_", " "): (dim, f) for dim, units, f in _UNIT_GROUPS for u in units.split()}
_UNIT_ALTS = "|".join(re.escape(u).replace(r"\ ", r"\s+") for u in sorted(_UNITS, key=len, reverse=True))
# a number (not a sum of money, nor part of a word or a longer number) and the unit right after it; "in" only where
# no word follows ("15 in (38 cm)", not "15 in the"), a degree sign apart from its letter too ("100 ° C")
_QUANTITY = re.compile(
    rf"(?<![\w.,$€£¥])(\d{{1,3}}(?:,\d{{3}})+|\d+)(\.\d+)?(?:\s?-\s?|\s?)({_UNIT_ALTS})(?![^\W\d_])(?<!\bin(?=\s+\w))",
    re.IGNORECASE,
)
_DEGREE_SPACE = re.compile(r"°\s+(?=[cf]\b)", re.IGNORECASE)
# a share in words before what it is a share of ("half of the respondents", "a third of voters", "two-thirds of")
_FRACTIONS = {
    "half": 50.0,
    "a quarter": 25.0,
    "one quarter": 25.0,
    "three quarters": 75.0,
    "a third": 100 / 3,
    "one third": 100 / 3,
    "two thirds": 200 / 3,
    "a fifth": 20.0,
    "one fifth": 20.0,
    "a tenth": 10.0,
    "one tenth": 10.0,
}
_FRACTION_ALTS = "|".join(f.replace(" ", r"[-\s]") for f in _FRACTIONS)
_FRACTION = re.compile(rf"\b({_FRACTION_ALTS})\s+(?:of|the)\b", re.IGNORECASE)
# ... or as "N in M" ("one in five adults", "4 in 10 voters", "nine out of ten residents"): N/M of a hundred
_SMALL = CARDINALS[1:11]  # one to ten
_COUNT = rf"(\d{{1,3}}|{'|'.join(_SMALL)})"
_N_IN_M = re.compile(rf"\b{_COUNT}\s+(?:in|out\s+of)\s+(?:every\s+)?{_COUNT}\s+[a-z]", re.IGNORECASE)
_CLOCK_UNIT = ((1.0, 0.0),)  # minutes
_SPANS = ("duration", "months", "money:cent", "money:penny")  # a sum of money: "85 cents" is "$0.85" (`subunits`)
# looked up in the source directly, not as a conversion the claim adds
_DIRECT = ("time", "share", "rise", "fall", "points", *_SPANS)
# a duration a source states in words, in digits for `_measures`: "two weeks" is "2 weeks", "a fortnight" "1
# fortnight", "half an hour" "0.5 hour", "an hour and a half" "1.5 hour", "twenty-five years" "25 years"
_SPAN_UNITS = "seconds? minutes? hours? days? weeks? fortnights? months? years? decades? centur(?:y|ies)".split()
_SPAN_UNIT = rf"(?=[\s-]+(?:{'|'.join(_SPAN_UNITS)})\b)"
# "a" of a rate is no span: "once a year", "$40,000 a year", "three times a week", "10 hours a day"
_RATE_BEFORE = re.compile(
    r"(?:\b(?:once|twice|times|per|every|hours|days|dollars|euros|pounds|miles|kilometres|kilometers)|\d)\s+$",
    re.IGNORECASE,
)
_SPAN_COUNT = compile_skipping(
    rf"\b(?:({'|'.join(TENS)})(?:-({'|'.join(CARDINALS[1:10])}))?|({'|'.join(CARDINALS[1:])})|an?|one){_SPAN_UNIT}",
    re.IGNORECASE,
)
_HALF_A = compile_skipping(rf"\bhalf\s+an?{_SPAN_UNIT}", re.IGNORECASE)
_QUARTERS = compile_skipping(rf"\b(?:(an?|one)|three)[\s-]+quarters?\s+of\s+an?{_SPAN_UNIT}", re.IGNORECASE)
_ROUNDING = 0.02  # a conversion within 2% of the claim's number is that number
# a span in two units, one span ("6 hours and 50 minutes", "6 h 50 min", "2 years and 3 months": the false-alarm
# sweep, round 19): its value in seconds (or months), the larger unit's count and the smaller's
_TWO_UNITS = (
    (r"hours?|hrs?|h", r"minutes?|mins?|m", 3600.0, 60.0, "duration"),
    (r"minutes?|mins?|m", r"seconds?|secs?|s", 60.0, 1.0, "duration"),
    (r"days?", r"hours?|hrs?|h", 86400.0, 3600.0, "duration"),
    (r"weeks?", r"days?", 7 * 86400.0, 86400.0, "duration"),
    (r"years?|yrs?", r"months?", 12.0, 1.0, "months"),
)
_COMPOUNDS = tuple(
    (compile_skipping(rf"(?<![\w.,])(\d+)\s?(?:{big})\s*,?\s*(?:and\s+)?(\d{{1,2}})\s?(?:{small})\b", re.I), b, s, d)
    for big, small, b, s, d in _TWO_UNITS
)


_Unit = tuple[tuple[float, float], ...]  # how a unit's values become its dimension's base (one way, or a few)


@dataclass(frozen=True)
class Quantity:
    """A claim's measure: the key-fact numbers that write it, its dimension, its value, its decimals, and how its
    unit becomes the dimension's base."""

    keys: tuple[str, ...]
    dimension: str
    value: float
    decimals: int
    units: _Unit


def _measures(text: str) -> Iterator[Quantity]:
    text = _DEGREE_SPACE.sub("°", text)
    for m in _QUANTITY.finditer(text):
        whole, decimals, unit = m.groups()
        dim, units = _UNITS[" ".join(unit.lower().split())]
        number = whole.replace(",", "") + (decimals or "")
        yield Quantity((number_key(number),), dim, float(number), len(decimals or ".") - 1, units)
    for keys, minutes in day_times(text):  # a time of day, in minutes after midnight (`clocks`)
        yield from (Quantity(keys, "time", float(x), 0, _CLOCK_UNIT) for x in minutes)


def claim_quantities(claim: str) -> tuple[Quantity, ...]:
    """The claim's measures in a unit (its durations counted in words too: "two decades" is 2 decades, as a source's
    are; not "a" / "one": "for a second straight session" is no span), its shares and its times of day, and its
    rises in percent (`multiples`)."""
    rises = tuple(Quantity((k,), "rise", v, 0, ((1.0, 0.0),)) for k, v in rise_percents(claim).items())
    rises += tuple(Quantity((k,), "fall", v, d, ((1.0, 0.0),)) for k, v, d in fall_percents(claim))
    rises += tuple(Quantity((k,), "points", v, d, ((float(way), 0.0),)) for k, v, d, way in claim_points(claim))
    counted = _SPAN_COUNT.sub(lambda m: m.group() if (n := _span_count(m)) in ("1", m.group()) else n, claim)
    sums = tuple(Quantity((k,), f"money:{family}", v, 0, ((1.0, 0.0),)) for k, family, v in money(claim))
    sums += tuple(Quantity(keys, f"money:{family}", v, 0, ((1.0, 0.0),)) for keys, family, v in split_sums(claim))
    return tuple(_measures(counted)) + rises + sums


# what a count of a span counts, in the singular (`keyfacts._counted`): a source that counts one of them ("30
# years") counts the span a claim counts in another ("three decades", "four decades"), the conversion then decides
SPAN_NOUNS = frozenset("second minute hour day week fortnight month year decade century".split())


def _span_count(m: re.Match[str]) -> str:
    tens, unit, single = m.groups()
    if not (tens or single) and _RATE_BEFORE.search(m.string, max(0, m.start() - 12), m.start()):
        return m.group()
    if tens:
        n = 20 + 10 * TENS.index(tens.lower()) + (CARDINALS.index(unit.lower()) if unit else 0)
    else:
        n = CARDINALS.index(single.lower()) if single else 1
    return str(n)


def spans_in_digits(text: str) -> str:
    """`text` with the durations it states in words in digits ("two weeks" is "2 weeks", "a fortnight" "1
    fortnight", "half an hour" "0.5 hour", "three quarters of an hour" "0.75 hour", "a year and a half" "1.5 year":
    `halves_in_digits`)."""
    text = _HALF_A.sub("0.5", halves_in_digits(text))
    if "quarter" in text.lower():  # "three quarters of an hour" is "0.75 hour"
        text = _QUARTERS.sub(lambda m: "0.25" if m.group(1) else "0.75", text)
    return _SPAN_COUNT.sub(_span_count, text)


@text_cache(max_chars=16_000_000, max_entries=2048)
def _source_values(source: str) -> dict[str, frozenset[tuple[float, _Unit | str]]]:
    """Each dimension's values (in its base) that the source states, and the unit each is stated in (its shares in
    words as "fraction", its noon and midnight as times)."""
    out: dict[str, set[tuple[float, _Unit | str]]] = {}
    for q in _measures(spans_in_digits(source)):
        out.setdefault(q.dimension, set()).update((q.value * s + o, q.units) for s, o in q.units)
    for m in _FRACTION.finditer(source):
        value = _FRACTIONS[" ".join(m.group(1).lower().replace("-", " ").split())]
        out.setdefault("share", set()).add((value, "fraction"))
    for m in _N_IN_M.finditer(source):
        n, of = (int(g) if g.isdigit() else CARDINALS.index(g.lower()) for g in m.groups())
        if 0 < n < of:
            out.setdefault("share", set()).add((100 * n / of, "fraction"))
    for pattern, big, small, dim in _COMPOUNDS:  # "6 hours and 50 minutes": one span
        for m in pattern.finditer(source):
            out.setdefault(dim, set()).add((int(m.group(1)) * big + int(m.group(2)) * small, "compound"))
    for minutes in noon_times(source):
        out.setdefault("time", set()).add((float(minutes), _CLOCK_UNIT))
    for *_, family, value in (*money(source), *split_sums(source)):  # "$5.50", "5 dollars and 50 cents"
        out.setdefault(f"money:{family}", set()).add((value, ((1.0, 0.0),)))
    return {dim: frozenset(values) for dim, values in out.items()}


def _close(value: float, converted: float, decimals: int) -> bool:
    """Whether a claim's `value` (written with `decimals`) is `converted` rounded, or within 2% of it."""
    return round(converted, decimals) == value or abs(value - converted) <= _ROUNDING * abs(converted)


def converted_numbers(
    quantities: tuple[Quantity, ...], source: str, ranges: tuple[tuple[str, float, float, bool], ...] = ()
) -> set[str]:
    """The key-fact numbers of the claim's `quantities` that the source states another way: a time of day it states
    ("15:00" for "3 pm"), a share it words as a fraction ("50%" for "half of"), or a conversion of another of the
    claim's measures, one the source gives in that unit ("30 miles (48 km)" against "30 miles"), or the source's
    measure restated in another unit (`_prefixed_alike`: "1.5 km" for "1,500 metres"; `_across_systems`: "about 48
    km" for "30 miles"); in the same unit a number must be the source's ("404 feet" is not "403 feet", "49%" not
    "50%"). A span said to be about a figure (`ranges`, `numranges.number_ranges`) is found where the source's span
    lies in its range ("about 7 hours" for "6 hours and 50 minutes"); a change the source gives by its ends
    (`differences`: "by 2 percentage points" for "from 18% to 20%")."""
    if not quantities:
        return set()
    values = _source_values(source)
    found: set[str] = set()
    for q in quantities:
        stated = values.get(q.dimension, ())
        if q.dimension in ("rise", "fall", "points"):  # a rise the source names as its multiple ("tripled"), a
            way = int(q.units[0][0]) if q.dimension == "points" else 0  # change it gives by its ends
            hit = q.dimension == "rise" and q.value in source_multiples(source)
            hit = hit or derived_change(q.dimension, q.value, q.decimals, way, source)
        elif q.dimension == "time":  # the same time, in any form
            hit = any(base == q.value for base, _ in stated)
        elif q.dimension in _SPANS:  # the same span, in any unit; or in the range of a span said to be about one
            near = [(lo * s + o, hi * s + o) for k, lo, hi, _ in ranges if k in q.keys for s, o in q.units]
            hit = any(math.isclose(base, q.value * s + o) for s, o in q.units for base, _ in stated)
            hit = hit or any(lo <= base <= hi for lo, hi in near for base, _ in stated)
        else:  # a share: a fraction in words that the claim's percentage rounds
            hit = q.dimension == "share" and any(u == "fraction" and _close(q.value, b, q.decimals) for b, u in stated)
        if hit:
            found.update(q.keys)
    measures = [q for q in quantities if q.dimension not in _DIRECT]
    given = [
        (q, q.value * s + o)
        for q in measures
        for s, o in q.units
        if (q.value * s + o, q.units) in values.get(q.dimension, ())
    ]
    for q in measures:
        for p, base in given:
            if (
                p.dimension == q.dimension
                and p.units != q.units
                and any(_close(q.value, (base - o) / s, q.decimals) for s, o in q.units)
            ):
                found.update(q.keys)
                break
    found.update(
        k for q in measures if _metric(q) and _prefixed_alike(q, values.get(q.dimension, frozenset())) for k in q.keys
    )
    found.update(k for q in measures if _across_systems(q, values.get(q.dimension, frozenset())) for k in q.keys)
    return found


def measure_converted(found: str, claim: str, sentence: str) -> bool:
    """Whether a swap of two numbers `found` ("350/177": the claim's, then the copied sentence's) is the claim's
    measure that the sentence states in another unit, converted ("350 degrees Fahrenheit" against "177 degrees
    Celsius": the false-alarm sweep, round 19, was swapped:350/177; the unit's words alike around the number)."""
    mine, _, theirs = found.partition("/")
    measures = tuple(q for q in claim_quantities(claim) if mine in q.keys and q.dimension not in _DIRECT)
    if not measures or not any(theirs in q.keys for q in _measures(sentence)):
        return False
    return mine in converted_numbers(measures, sentence)


_SCALE_NAMES = frozenset(("celsius", "fahrenheit", "centigrade"))


def scale_converted(name: str, quantities: tuple[Quantity, ...], source: str) -> bool:
    """Whether a claim's `name` is the scale of its temperatures and each is the source's in the other scale,
    converted ("40 degrees Celsius" against "104 degrees Fahrenheit": the false-alarm sweep, round 19, was
    missing_name:Celsius); not a number the source gives in the other scale as it stands ("40 degrees Celsius"
    against "40 degrees Fahrenheit" keeps the name missing)."""
    temps = tuple(q for q in quantities if q.dimension == "temperature")
    if name.lower() not in _SCALE_NAMES or not temps:
        return False
    converted = converted_numbers(quantities, source)
    return all(set(q.keys) <= converted for q in temps)


def _is_metric(units: _Unit) -> bool:
    """Whether a unit is a metric one, a power of ten of its dimension's base ("km", "kg", "°C"); a mile, a pound,
    a gallon (two ways) and °F are not; "km/h" is (a mile an hour is not: "300 km/h" against "186 mph", round 19)."""
    one = len(units) == 1 and units[0][1] == 0.0
    return one and (math.log10(units[0][0]).is_integer() or math.isclose(units[0][0], 1 / 3.6))


def _across_systems(q: Quantity, stated: frozenset[tuple[float, _Unit | str]]) -> bool:
    """Whether the source states the claim's measure in the other system of units, the claim's number being the
    source's converted and rounded ("5 miles" for "8 km", "38 °C" for "100 °F", "8 km" for "5 miles": the false-alarm
    sweep, round 13). Rounded to the claim's decimals, or within 2% (`_close`); a number that is no such rounding
    ("9 km" for "5 miles", "40 °C" for "100 °F") stays missing. Between two units of one system only an exact
    restatement is one (`_prefixed_alike`: "1.5 km" for "1,523 metres" stays missing). Nor where the source gives
    the measure in the claim's own unit as well: its number there is the one ("404 feet" against "403 feet (123 m)"
    stays missing, a training pair's, unsupported)."""
    own = [b for b, u in stated if u == q.units]
    return any(
        not isinstance(u, str)
        and u != q.units
        and _is_metric(u) != _is_metric(q.units)
        and any(_close(q.value, (b - o) / s, q.decimals) for s, o in q.units)
        and not any(abs(b - mine) <= _ROUNDING * abs(b) for mine in own)
        for b, u in stated
    )


def _metric(q: Quantity) -> bool:
    """Whether a measure's unit is a metric one, a power of ten of its dimension's base ("km", "g", "ml", "ha")."""
    return _is_metric(q.units)


def _prefixed_alike(q: Quantity, stated: frozenset[tuple[float, _Unit | str]]) -> bool:
    """Whether the source states the claim's metric measure exactly, in another metric unit: "1.5 km" as "1,500
    metres", "2 kg" as "2,000 g" (a prefix is notation, no conversion: the false-alarm sweep, round 11). Not a
    rounding within one system, "1.5 km" for "1,523 metres"; a conversion between systems, "about 48 km" for "30
    miles", is `_across_systems`' (round 13: left out before, docs/hostile-inputs.md)."""
    base = q.value * q.units[0][0]
    return any(
        u != q.units
        and not isinstance(u, str)
        and len(u) == 1
        and u[0][1] == 0.0
        and math.log10(u[0][0]).is_integer()
        and math.isclose(b, base, rel_tol=1e-9)
        for b, u in stated
    )


def other_half_times(quantities: tuple[Quantity, ...], source: str) -> set[str]:
    """The key-fact numbers of the claim's times of day (in one half of the day: "3 am", "15:00") whose hour and
    minutes the source states only in the other half ("3 pm"): the digits are the source's, the time is not."""
    times = [q for q in quantities if q.dimension == "time"]
    if not times:
        return set()
    stated = {base for base, _ in _source_values(source).get("time", ())}
    out: set[str] = set()
    for q in times:
        readings = {p.value for p in times if p.keys == q.keys}  # "3:00" is read both ways: no one half
        if len(readings) == 1 and q.value not in stated and (q.value + 720) % 1440 in stated:
            out.update(q.keys[:1])
    return out
