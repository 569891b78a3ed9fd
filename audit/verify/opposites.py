"""Words that cannot stand for each other in a copied sentence: opposites, ordinals, units, currencies, periods.

Read by `audit/verify/swaps.py`, which flags a claim that copies a source sentence but for one such word. Each word maps
to (its class, its canonical form); two words of one class with different forms contradict each other where the rest of
the sentence is the same ("before noon" / "after noon", "12 miles" / "12 kilometres", "4.2 billion dollars" / "4.2
billion euros", "finished third" / "finished second"). Unlike `direction.py`'s list, which reads any evidence window and
so leaves out first / last, before / after, more / less (they fired on supported training pairs), these are read only
between two copies of one sentence, word for word around them. Also read by `features.py`: a negated word against its
opposite, "does not cover" for "excludes", is one negation said two ways (`negation_said_otherwise`). Pure.
"""

from __future__ import annotations

import re
import unicodedata

from audit.verify.changes import CHANGE_PAIRS
from audit.verify.exclusive import EXCLUSIVE_CLASSES, EXCLUSIVE_PAIRS, MORE_THAN
from audit.verify.months import MONTH_NAMES
from audit.verify.states import said_as_state

# pairs of opposites: English, then German, French and Spanish; every form written out
_OPPOSITE_PAIRS = """
before after|prior after|earlier later|earliest latest|early late|first last|firstly lastly|minimum maximum|min max
minimal maximal|minimum highest|lowest maximum|always never|all none|everyone nobody|increase decrease
increased decreased|increases decreases|increasing decreasing|increase reduction|rise fall|rose fell|risen fallen
rising falling|rises falls|up down|upward downward|upwards downwards|more less|more fewer|most least|higher lower
highest lowest|high low|larger smaller|largest smallest|bigger smaller|biggest smallest|greater lesser|greatest least
greatest worst
older younger|oldest youngest|eldest youngest|longer shorter|longest shortest|long short|best worst|better worse
wider narrower|widest narrowest|heavier lighter|won lost|win lose|wins loses|winning losing|winner loser|winners losers
victory defeat|beat lost|allowed prohibited|allowed forbidden|allowed banned|permitted prohibited|permitted forbidden
permitted banned|allow prohibit|allows prohibits|allow ban|allows bans|legal illegal|lawful unlawful|approved rejected
accepted rejected|approve reject|accept reject|approval rejection|include exclude|includes excludes|included excluded
including excluding|inclusive exclusive|with without|above below|over under|upper lower|inside outside|internal external
inner outer|import export|imports exports|imported exported|importer exporter|importers exporters|buy sell|buys sells
bought sold|buyer seller|buyers sellers|buying selling|purchase sale|lend borrow|lent borrowed|lender borrower
lenders borrowers|debit credit|male female|males females|men women|man woman|boys girls|boy girl|positive negative
majority minority|top bottom|start end|started ended|starts ends|beginning end|begin end|open closed|opened closed
opens closes|opening closing|entry exit|entrance exit|add remove|added removed|strong weak|stronger weaker
strongest weakest|rich poor|richer poorer|richest poorest|cheap expensive|fast slow|faster slower|fastest slowest
quickly slowly|hot cold|warmer colder|warmest coldest|same different|public private|deficit surplus|deficits surpluses
profit loss|profits losses|gain loss|gains losses|ascending descending|optional mandatory|optional required
optional compulsory|voluntary compulsory|voluntary mandatory|rural urban|north south|east west|northern southern
eastern western|northernmost southernmost|easternmost westernmost|northeast southwest|northwest southeast|true false
success failure|passed failed|pass fail|guilty innocent|acquitted convicted|alive dead|born died|birth death|joined left
hired fired|arrived departed|arrival departure|arrive depart|ahead behind|overestimated underestimated
overestimate underestimate|overvalued undervalued|overweight underweight|expansion contraction|inflation deflation
net gross|senior junior|minor major|minors adults|vor nach|erste letzte|ersten letzten|erster letzter|mehr weniger
höher niedriger|höchste niedrigste|immer nie|immer niemals|gestiegen gesunken|gestiegen gefallen|erhöht gesenkt
steigt sinkt|stieg sank|genehmigt abgelehnt|erlaubt verboten|zugelassen verboten|gewonnen verloren|gewann verlor
mindestens höchstens|minimal maximal|avant après|premier dernier|première dernière|premiers derniers|plus moins
toujours jamais|augmenté baissé|augmenté diminué|hausse baisse|augmentation baisse|augmentation diminution
autorisé interdit|autorisée interdite|autorisés interdits|gagné perdu|accepté refusé|approuvé rejeté|approuvé refusé
minimum maximum|supérieur inférieur|antes después|primero último|primera última|primer último|más menos|siempre nunca
aumentó disminuyó|aumentó bajó|aumento disminución|aumento descenso|permitido prohibido|permitida prohibida|ganó perdió
aprobó rechazó|aprobado rechazado|aprobada rechazada|mínimo máximo|mayor menor|superior inferior|up_to at_least
at_most at_least|or_more or_less|or_more or_fewer|confirmed denied|admitted denied|confirm deny|including excludes
including excluded|excluding includes|excluding included|includes excluding|excludes including|including except
includes except|included except|including excepting|must_not may|must_not can|may_not may|may_not can|cannot can
must_not could|should must|should_not must_not|like unlike|for against|cover exclude|covers excludes|covered excluded
covering excluding|covers excluding|covered excluding|rise fell|increase decreased|increase fell|rise decreased
alive died|successful failed|agree disagree|agreed disagreed|agrees disagrees|approve disapprove|approved disapproved
obey disobey|obeyed disobeyed|trust distrust|allow forbid|allows forbids|permit ban|permits bans|permit prohibit
permits prohibits|permit forbid|permits forbids|accepts rejects|accepting rejecting|approved denied|approve deny
approves denies|granted denied|grant deny|must may|must can|must could|full part|domestic international|domestic foreign
am pm|morning evening|morning night|morning afternoon|tall short|taller shorter|tallest shortest|deep shallow
deeper shallower|deepest shallowest|heaviest lightest|heavy light|thick thin|wet dry|wettest driest|son daughter
sons daughters|brother sister|brothers sisters|father mother|husband wife|king queen|grandson granddaughter|uncle aunt
nephew niece|prince princess|more_than nearly|more_than almost|over nearly|over almost|at_least nearly|at_least almost
since until|weekday weekend|weekdays weekends|adults children|adult child|temporary permanent|temporarily permanently
gained lost|gain lose|gains loses|upstream downstream|uphill downhill|sunrise sunset|dawn dusk|support oppose
supports opposes|supported opposed|supporters opponents|all part|exactly about|exactly around|exactly approximately
exactly roughly|exactly nearly|exactly almost|present absent|presence absence|win lost|attend absent|attended absent
attends absent|make missed|make miss|makes misses|guilty acquitted|guilty cleared|die survived|died survived
dies survives|cancerous benign|malignant benign|many few|married single|exist extinct|exists extinct|existed extinct
change stable|change steady|change flat
"""
# pairs read only between two copies of one sentence (`contradicts`), not as a negation said otherwise
# (`negation_said_otherwise`, which the support model's negation feature reads: these change no feature)
_COPY_PAIRS = """
next last|next previous|yesterday tomorrow|acquired sold|acquire sell|acquires sells|left right|leftist rightist
within after|unanimously narrowly|unanimous narrow|recommended required|recommend require|recommends requires
recommendation requirement|twice half|mid late|mid early|raised cut|raise cut|raises cuts|raising cutting|hiked cut
hike cut|upheld overturned|uphold overturn|upholds overturns|upheld reversed|upheld quashed|vetoed signed|veto sign
favour against|favor against|beat missed|beats misses|exceeded missed|exceeds misses|topped missed|fully partially
completely partially|entirely partially|wholly partially|fully partly|completely partly|full partial|indoors outdoors
indoor outdoor|oldest newest|oldest youngest|eldest youngest|older newer|older younger|inhabitants households
residents households|people households|persons households|inhabitants families|residents families|people families
persons families|inhabitants homes|residents homes|people homes|persons homes|lifted imposed|lift impose|lifts imposes
hired laid_off|hire lay_off|hires lays_off|arrived left|arrive leave|arrives leaves|arrived_in left|arrived_at left
ground top|accepted turned_down|accepts turns_down|backed opposed|backs opposes|passed voted_down|approved blocked
approves blocks|ratified rejected|ratify reject|ratifies rejects|safe dangerous|safe unsafe|safe risky|safer riskier
safer more_dangerous|safer less_safe|safest riskiest|safety danger|easy hard|easy difficult|easier harder
easier more_difficult|easiest hardest|easier tougher|easy tough|abundant scarce|plentiful scarce|abundance scarcity
surplus shortage|surpluses shortages|scarce common|disclosed concealed|disclose conceal|discloses conceals
revealed concealed|reveal conceal|reveals conceals|revealed hid|disclosed hid|reveal hide|disclose hide
admitted concealed|completed abandoned|complete abandon|completes abandons|completed cancelled|completed canceled
finished abandoned|on_time late|on_time delayed|on_schedule late|on_schedule delayed|on_time behind|in_time late
defeated lost_to|beat lost_to|defeats loses_to|beats loses_to|defeated lost|defeat lose|victory loss|increased lower
increased reduced|reduced higher|decreased higher|elevated lower|elevated reduced|increased decreasing|friend enemy
friends enemies|ally enemy|allies enemies|friendly hostile|ally foe|allies foes|friend foe|praised criticised
praised criticized|praise criticism|praises criticises|praises criticizes|praised condemned|praise criticise
praise criticize|welcomed condemned|welcomed criticised|welcomed criticized|hailed condemned|rewarded punished
reward punish|rewards punishes|optimistic pessimistic|optimism pessimism|bullish bearish|hawkish dovish|inflow outflow
inflows outflows|inbound outbound|incoming outgoing|asset liability|assets liabilities|initially eventually
initially ultimately|initially finally|at_first eventually|at_first ultimately|at_first finally|ancestor descendant
ancestors descendants|predecessor successor|predecessors successors|succeeded failed|succeed fail|succeeds fails
love hate|loved hated|loves hates|like dislike|liked disliked|likes dislikes|wealthy poor|wealthiest poorest
affluent poor|healthy sick|healthy ill|healthier sicker|bright dark|brighter darker|light dark|lighter darker
entered exited|enter exit|enters exits|ascended descended|ascend descend|ascent descent
"""
# a claim's word that says more than its copied sentence's, one way: "the only woman to win" for "the first woman to
# win" (the first need not be the only one; the only one is the first, so the other way round is right)
_MORE_THAN = frozenset({("only", "first"), ("sole", "first")}) | MORE_THAN

_OPPOSITE_PAIRS += CHANGE_PAIRS  # verbs of change: improved / worsened, strengthened / weakened, widened / narrowed
_COPY_PAIRS += EXCLUSIVE_PAIRS  # two sides of a relation, steps of one process (`exclusive.py`)

# classes whose members all differ from each other: ordinals, units, currencies, periods, scale words
_CLASSES = {
    # an ordinal in words and in digits is one ("third" / "3rd": each was a swap of the other, a false alarm)
    "ordinal": "first:1 second:2 third:3 fourth:4 fifth:5 sixth:6 seventh:7 eighth:8 ninth:9 tenth:10 eleventh:11 "
    "twelfth:12 1st:1 2nd:2 3rd:3 4th:4 5th:5 6th:6 7th:7 8th:8 9th:9 10th:10 11th:11 12th:12 "
    # ... and on to the centuries ("the eighteenth century" for "the nineteenth": no ordinal past "twelfth" was read)
    "thirteenth:13 fourteenth:14 fifteenth:15 sixteenth:16 seventeenth:17 eighteenth:18 nineteenth:19 twentieth:20 "
    + " ".join(f"{n}th:{n}" for n in range(13, 21)),
    "length": "km:km kilometre:km kilometres:km kilometer:km kilometers:km mile:mi miles:mi mi:mi metre:m metres:m "
    "meter:m meters:m m:m feet:ft foot:ft ft:ft yard:yd yards:yd inch:in inches:in cm:cm centimetres:cm "
    "centimeters:cm mm:mm millimetres:mm millimeters:mm nautical:nmi",
    "mass": "kg:kg kilogram:kg kilograms:kg kilo:kg kilos:kg lb:lb lbs:lb ton:t tons:t tonne:t tonnes:t gram:g "
    "grams:g g:g ounce:oz ounces:oz oz:oz pound:lb pounds:lb milligram:mg milligrams:mg mg:mg microgram:ug "
    "micrograms:ug",
    "volume": "litre:l litres:l liter:l liters:l gallon:gal gallons:gal millilitre:ml millilitres:ml milliliter:ml "
    "milliliters:ml ml:ml pint:pt pints:pt quart:qt quarts:qt barrel:bbl barrels:bbl teaspoon:tsp teaspoons:tsp "
    "tablespoon:tbsp tablespoons:tbsp",
    "area": "acre:acre acres:acre hectare:ha hectares:ha ha:ha",
    # "km/h" is the words "km h" ("300 mph" for "300 km/h" was verified: let-in round 10)
    "speed": "mph:mph km_h:kmh kph:kmh kmh:kmh knots:kn knot:kn",
    "currency": "$:usd dollar:usd dollars:usd usd:usd us$:usd €:eur euro:eur euros:eur eur:eur £:gbp pound:gbp "
    "pounds:gbp gbp:gbp sterling:gbp ¥:yen yen:yen jpy:yen yuan:cny rmb:cny renminbi:cny cny:cny franc:chf "
    "francs:chf chf:chf rupee:inr rupees:inr inr:inr",
    "period": "second:s seconds:s minute:min minutes:min hour:h hours:h day:d days:d week:wk weeks:wk month:mo "
    "months:mo year:yr years:yr decade:dec decades:dec century:c centuries:c daily:d weekly:wk monthly:mo "
    "quarterly:q annually:yr annual:yr yearly:yr hourly:h",
    "percent": "percent:pct per_cent:pct %:pct percentage_points:pp percentage_point:pp points:pp point:pp "
    "basis_points:bp bps:bp",
    "scale": "thousand:k million:m billion:b trillion:t hundreds:h thousands:k millions:m billions:b trillions:t "
    "dozens:dz",
    "multiple": "doubled:2 tripled:3 quadrupled:4 halved:0.5 double:2 triple:3 quadruple:4 once:1 twice:2 thrice:3 "
    "two_times:2 three_times:3 four_times:4 five_times:5 ten_times:10 twofold:2 threefold:3 fourfold:4 fivefold:5 "
    "tenfold:10 hundredfold:100",
    # months ("may" left out: a modal), kin (each another person: "father" / "grandfather")
    "month": " ".join(f"{m.lower()}:{i}" for i, m in enumerate(MONTH_NAMES, 1) if m != "May"),
    "kin": " ".join(
        f"{w}:{w}"
        for w in "father mother son daughter brother sister grandfather grandmother grandson granddaughter uncle aunt "
        "nephew niece cousin husband wife stepfather stepmother stepson stepdaughter".split()
    ),
    # how often ("sometimes closed" / "always closed"): words of one frequency share its form
    # how much ("rose slightly" / "rose sharply")
    "degree": "slightly:low slight:low marginally:low marginal:low modestly:low sharply:high sharp:high steeply:high "
    "steep:high dramatically:high dramatic:high "
    # ... said before a comparative ("much larger", "far cheaper", "a little wider": let-in round 10)
    "much:high far:high considerably:high substantially:high significantly:high markedly:high greatly:high "
    "vastly:high somewhat:low a_little:low a_bit:low",
    "frequency": "always:always usually:usually mostly:usually generally:usually often:often frequently:often "
    "commonly:often sometimes:sometimes occasionally:sometimes rarely:rarely seldom:rarely never:never",
    "season": "spring:spring summer:summer autumn:autumn fall:autumn winter:winter",
    "medal": "gold:gold silver:silver bronze:bronze",
    "quantifier": "all:all every:all each:all some:some several:some few:few many:many most:most none:none half:half",
    "count": "one:1 two:2 three:3 four:4 five:5 six:6 seven:7 eight:8 nine:9 ten:10 eleven:11 twelve:12 twenty:20 "
    "thirty:30 forty:40 fifty:50 hundred:100 dozen:12",
    "fraction": "half:2 halves:2 third:3 thirds:3 quarter:4 quarters:4 fifth:5 fifths:5 tenth:10 tenths:10",
    "temperature": "celsius:c fahrenheit:f °c:c °f:f",
} | EXCLUSIVE_CLASSES  # organisms, harms, severities, statistics, ... (`exclusive.py`)

# a word and its opposite by a prefix ("legal" / "illegal", "possible" / "impossible", "likely" / "unlikely")
NEGATING_PREFIXES = ("il", "im", "in", "ir", "un", "dis", "non")
MIN_PREFIXED_BASE = 5  # letters of the word the prefix negates: not "form" / "inform"


def _fold(word: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", word) if not unicodedata.combining(c))


def _pairs() -> dict[str, dict[int, int]]:
    """word -> {pair number: its side}: "allowed" is side 0 of allowed / prohibited and of allowed / banned."""
    out: dict[str, dict[int, int]] = {}
    pairs = [p.split() for line in (_OPPOSITE_PAIRS + _COPY_PAIRS).split("\n") for p in line.split("|") if p.strip()]
    for n, pair in enumerate(pairs):
        for side, word in enumerate(pair):
            out.setdefault(_fold(word.replace("_", " ")), {})[n] = side
    return out


def _classed() -> dict[str, dict[str, str]]:
    """word (or two words) -> {class: canonical form}: "pounds" is gbp among currencies."""
    out: dict[str, dict[str, str]] = {}
    for cls, words in _CLASSES.items():
        for entry in words.split():
            word, _, canon = entry.partition(":")
            out.setdefault(_fold(word.replace("_", " ")), {})[cls] = canon or word
    return out


PAIRS = _pairs()
CLASSED = _classed()
_ONE = {"a": "one", "an": "one"}


def _years(words: list[str]) -> int | None:
    """The years of a count and a period in years or more ("ten years", "one decade"), or None."""
    count, period = (CLASSED.get(w, {}) for w in words) if len(words) == 2 else ({}, {})
    span = {"yr": 1, "dec": 10, "c": 100}.get(period.get("period", ""))
    return int(count["count"]) * span if span and "count" in count else None


def contradicts(claim_word: str, source_word: str) -> bool:
    """Whether `claim_word` where its copied sentence says `source_word` (both lower case without accents, one or two
    words each) states something else: opposites, two ordinals, units, currencies, periods, multiples, quantifiers,
    counts or fractions of one kind, a word and its negation by a prefix, or two words each of these tables knows,
    one of them against the other's ("one third" for "two thirds")."""
    if claim_word == source_word:
        return False
    if (claim_word, source_word) in _MORE_THAN:
        return True
    theirs = PAIRS.get(source_word, {})
    if any(theirs.get(n) not in (None, side) for n, side in PAIRS.get(claim_word, {}).items()):
        return True
    kinds = CLASSED.get(source_word, {})
    if any(kinds.get(cls) not in (None, canon) for cls, canon in CLASSED.get(claim_word, {}).items()):
        return True
    # "a" / "an" before a word these tables know is "one": "two thirds" for "a third", "a day" for "an hour"
    words = tuple([_ONE.get(w, w) for w in side.split()] for side in (claim_word, source_word))
    if len(words[0]) == len(words[1]) > 1 and all(w in PAIRS or w in CLASSED for side in words for w in side):
        if (span := _years(words[0])) and span == _years(words[1]):
            return False  # "ten years" is "a decade" (let-in round 11: a false alarm)
        return any(contradicts(a, b) for a, b in zip(*words, strict=True))
    for one, other in (words, words[::-1]):  # a fraction with its "a" against one without: "half" / "a third"
        if len(one) == 2 and len(other) == 1 and one[0] == "one" and "fraction" in CLASSED.get(one[1], {}):
            return contradicts(one[1], other[0])
    short, long_ = sorted((claim_word, source_word), key=len)
    return (
        len(short) >= MIN_PREFIXED_BASE
        and short.isalpha()
        and any(long_ == p + short or long_ == f"{p}-{short}" for p in NEGATING_PREFIXES)
    )


def _stem(word: str) -> str:
    """A crude stem, enough to pair the inflections of one pair's words ("covers", "covered" / "excludes"). Not
    `text.stem`: it leaves "exclude" whole and strips "excludes" to "exclud", so the two would not meet."""
    for end in ("ing", "ed", "es", "s", "d", "e"):
        if word.endswith(end) and len(word) - len(end) >= 3:
            return word[: -len(end)]
    return word


# the opposite pairs by stem: ("cover", "exclud") for cover / exclude, covers / excludes, covered / excluded ...
_STEM_PAIRS = frozenset(
    (_stem(a), _stem(b))
    for pair in (p.split() for line in _OPPOSITE_PAIRS.split("\n") for p in line.split("|") if p.strip())
    if len(pair) == 2 and "_" not in pair[0] + pair[1]
    for a, b in (pair, pair[::-1])
)
# the word a negation negates: "does not cover", "is not allowed", "doesn't cover", "cannot accept", "never approved"
# ("n't" in its verb too: "didn't rise" read no negated word, a mismatch against "fell"); "did not test positive"
# denies "positive" (round 10: "tested negative" against it was a negation_mismatch)
_NEGATED_WORD = re.compile(
    r"(?:\b(?:not|never|cannot|no\s+longer)|n['’]t)\s+(?:be\s+|been\s+|test(?:ed)?\s+)?([a-z]+)", re.IGNORECASE
)
_LOWER_WORD = re.compile(r"[a-z]+")
# a light verb's negation denies its object too: "did not make a profit" is "posted a loss", "did not have a
# majority" "held a minority" (the false-alarm sweep, round 9); and a verb of avoiding says "did not" of what it
# avoids: "avoided acting in the film" is "did not act in the film" (the verb's first three letters alike)
_LIGHT_OBJECT = re.compile(
    r"(?:\b(?:not|never)|n['’]t)\s+(?:make|have|get|take|post|report|record|turn|win|hold)\s+(?:a|an|the|any)\s+([a-z]+)",
    re.IGNORECASE,
)
_AVOIDED = re.compile(r"\b(?:avoid(?:s|ed|ing)?|refrain(?:s|ed|ing)?\s+from)\s+([a-z]+ing)\b", re.IGNORECASE)


# a word with a negating prefix that is no negation of the word without it ("invaluable" is not "not valuable")
_FALSE_NEGATIONS = frozenset(
    "infamous invaluable inflammable inflammatory inhabitable indifferent impassive impassioned uncanny unloosen "
    "unravel unravelled disgruntled".split()
)


# a word said not to be ("is not known", "wasn't clear", "cannot be found"): a verb's negation ("did not cover") is
# not the verb with a prefix ("discover")
_NOT_BEING = re.compile(
    r"\b(?:(?:is|are|was|were|am|be|been|being|remains?|remained|seems?|seemed|appears?|appeared|becomes?|became)"
    r"\s+(?:not|never)|(?:not|cannot|n['’]t)\s+(?:be|been)|(?:is|are|was|were)n['’]t)\s+([a-z]+)",
    re.IGNORECASE,
)


# a deed said not to be done ("never married", "had not signed"), against its participle with "un" ("unmarried",
# "unsigned"); only "un": a verb's "dis" form is mostly another verb ("did not cover" / "discover")
# (nor a verb of undoing: "never covered" is not "uncovered", a story found)
_NOT_DONE = re.compile(r"\b(?:not|never|n['’]t)\s+([a-z]{3,}(?:ed|en))\b", re.IGNORECASE)
_UNDONE = frozenset(
    "uncovered unfolded unveiled unpacked unloaded unleashed unwrapped unlocked unearthed unplugged unzipped".split()
)


# a verb not done in its plain form ("did not change", "doesn't answer"), against its participle with "un" ("rates
# were unchanged", "the letter went unanswered": the false-alarm sweep, round 9)
_NOT_VERB = re.compile(r"\b(?:did|does|do|has|have|had)(?:\s+not|n['’]t)\s+([a-z]{3,})\b", re.IGNORECASE)


def _participles(verb: str) -> set[str]:
    """The regular past participles a verb may have: "change" changed, "answer" answered, "pay" payed, "try" tried."""
    if verb.endswith("e"):
        return {verb + "d"}
    return {verb + "ed", verb[:-1] + "ied"} if verb.endswith("y") else {verb + "ed", verb + verb[-1] + "ed"}


def _prefixed(negated: str, plain: str) -> bool:
    """Whether `plain` states a word `negated` says something is not (four letters or more) with a negating prefix:
    "unknown" for "is not known", "impossible" for "is not possible", "unclear" for "is not clear", "unmarried" for
    "never married"; and never the word itself."""
    denied = {m.group(1).lower() for m in _NOT_BEING.finditer(negated)}
    done = {m.group(1).lower() for m in _NOT_DONE.finditer(negated)}
    done |= {p for m in _NOT_VERB.finditer(negated) for p in _participles(m.group(1).lower())}
    stated = set(_LOWER_WORD.findall(plain.lower()))
    if (denied | done) & stated:
        return False
    return any(
        p + d in stated and p + d not in _FALSE_NEGATIONS for d in denied if len(d) >= 4 for p in NEGATING_PREFIXES
    ) or any("un" + d in stated and "un" + d not in _UNDONE for d in done)


# "no longer" (or "not ... anymore") said by a verb of ending ("The factory no longer makes cars" / "stopped making
# cars in 2015"), and "cannot" by a verb of barring ("cannot bid" / "are barred from bidding"): one negation said
# two ways (as "unable to" is, `features._UNREAD_NEGATION`; a bar on anything, read as one, waived the mismatch of 8
# unsupported training pairs and no supported one: "banned from" in the window beside "I didn't realize")
_NO_LONGER = re.compile(r"\bno\s+longer\b|\bnot\b[^.;!?]{0,60}\bany\s?(?:more|longer)\b", re.IGNORECASE)
_ENDED = re.compile(
    r"\b(?:stop(?:s|ped|ping)?|ceas(?:e|es|ed|ing)|quit(?:s|ting)?|discontinu(?:e|es|ed|ing)|halt(?:s|ed|ing)?|"
    r"abandon(?:s|ed|ing)?|abolish(?:es|ed|ing)?|repeal(?:s|ed|ing)?|scrap(?:s|ped|ping)?|phas(?:e|es|ed|ing)\s+out|"
    r"phased-out|shut\s+down|g(?:a|i)ve\s+up|retir(?:e|es|ed|ing)|dropped|ended)\b",
    re.IGNORECASE,
)
_STILL = re.compile(r"\bstill\b", re.IGNORECASE)  # "stopped making trucks but still makes cars"
_BARRED = re.compile(r"\b(?:barred|banned|prohibited|forbidden|prevented|precluded)\s+from\s+([a-z]+)", re.IGNORECASE)
# what cannot be done: "cannot vote", "can't enter", "may not bid", "are not allowed to vote"
_CANNOT = re.compile(
    r"\b(?:cannot|can['’]t|can\s+not|could\s+not|couldn['’]t|may\s+not|must\s+not|mustn['’]t|"
    r"not\s+(?:be\s+)?(?:allowed|permitted|able)\s+to)\s+([a-z]+)",
    re.IGNORECASE,
)


def _ended_or_barred(negated: str, plain: str) -> bool:
    """Whether `plain` says by a verb of ending what `negated` says with "no longer", or bars what it says cannot
    be done ("barred from voting" for "cannot vote", the verb's first three letters alike)."""
    if _BARRED.search(negated) is not None or _ENDED.search(negated) is not None:  # "not barred", "has not stopped"
        return False
    barred = {m.group(1).lower()[:3] for m in _BARRED.finditer(plain)}  # "barred from voting": "vot"
    if barred and any(m.group(1).lower()[:3] in barred for m in _CANNOT.finditer(negated)):
        return True
    return _NO_LONGER.search(negated) is not None and _ENDED.search(plain) is not None and _STILL.search(plain) is None


def negation_said_otherwise(negated: str, plain: str) -> bool:
    """Whether `negated` denies a word whose opposite `plain` states, and `plain` does not state that word itself:
    "The policy does not cover water damage" and "The policy excludes water damage" say one thing ("is not allowed" /
    "is banned"), unlike "does not cover" / "excludes flood damage but covers water damage"; or a word that `plain`
    states with a negating prefix ("is not known" / "is unknown": `_prefixed`)."""
    if _prefixed(negated, plain) or _ended_or_barred(negated, plain) or said_as_state(negated, plain):
        return True
    words = [m.group(1).lower() for m in _NEGATED_WORD.finditer(negated)]
    if not words:
        return False
    avoided = {m.group(1).lower()[:3] for m in _AVOIDED.finditer(plain)}
    if avoided and _AVOIDED.search(negated) is None and any(w[:3] in avoided for w in words):
        return True
    denied = {_stem(w) for w in words}
    objects = {_stem(m.group(1).lower()) for m in _LIGHT_OBJECT.finditer(negated)}
    stated = {_stem(w) for w in _LOWER_WORD.findall(plain.lower())}
    return any((d, w) in _STEM_PAIRS for d in (denied | objects) - stated for w in stated) and not denied & stated


def negation_restated(claim: str, sentence: str, found: str) -> bool:
    """Whether a swap of opposite words (`found`, "loss/profit": the claim's word, then the sentence's) between a
    claim and the sentence it copies is one negation said two ways: the one side denies what the other, negating
    nothing, states by its opposite ("The company posted a loss" / "The company did not make a profit": a light
    verb's negation denies its object)."""
    mine, _, theirs = found.partition("/")
    if (_stem(mine), _stem(theirs)) not in _STEM_PAIRS:
        return False
    return any(
        _NEGATED_WORD.search(plain) is None and negation_said_otherwise(negated, plain)
        for negated, plain in ((sentence, claim), (claim, sentence))
    )
