"""Words of a closed set that exclude each other, and a scope widened, read between two copies of one sentence.

Added to `opposites.py`'s tables (read only by `swaps.py` on a claim that copies a source sentence but for one or two
words, never by the support model's features), each a set whose members name different things by their sense, so one
in the place of another in an otherwise copied sentence states something else:
  - the two sides of a relation (landlord / tenant, plaintiff / defendant, employer / employee, home / away);
  - a step of one process in the place of another (promoted / relegated, elected / appointed, cancelled / postponed,
    "re-elected" / "first elected", during / after, begins / ends), leaving for being removed (resigned / sacked),
    a controlling stake for a minority one, and a modal of certainty for one of possibility ("will cut" for "may
    cut");
  - members of one kind: the organism a finding is made in (mice / humans), a harm (killed / injured), a severity
    (mild / severe), a prevalence (rare / common), a statistic (average / median), a measure of a business (revenue /
    profit), a level of government (federal / state), a reach (world / national record), an age by decade
    (twenties / thirties), a day said from today (today / tomorrow), a pathogen (virus / bacteria), a court
    (supreme / appeals), a colour, a unit of power, energy or data (kilowatts / megawatts, MB / GB), a way to pay
    (cash / card / cheque / transfer), the thing itself or a copy of it (original / replica / forgery); and the two
    of a kind of condition or result (benign / malignant, chronic / acute, in vitro / in vivo, dominant /
    recessive, life / death sentence, fined / jailed, hostile / friendly bid, eliminated / advanced, coastal /
    inland, required / encouraged, raises / lowers);
  - antonyms of state, kind or deed (let-in round 12: married / divorced, ancient / modern, wide / narrow, full /
    empty, herbivore / carnivore, freshwater / saltwater, solid / liquid, predator / prey, synthetic / natural,
    banned / legalised, introduced / abolished, built / demolished, online / offline, analog / digital, manual /
    automatic, accepted / refused, allowed / denied, melted / froze, advanced / retreated, deposit / withdrawal,
    saved / spent, shortage / glut or surplus, win / defeat, true / untrue, odd / even, ...); the buyer's verb or
    name for the seller's (let-in round 13: purchased / sold, purchasing / selling, purchaser / seller, vendor /
    buyer; "bought" / "sold" and "acquired" / "sold" are `opposites.py`'s);
  - one way only (`MORE_THAN`), a claim's word that says more than its sentence's: "convicted" for "charged" (a
    charge is no conviction; the convicted were charged, so the other way round is right), "won" for "nominated".
Also read here: a word of nationwide or worldwide reach in the place of a narrower place ("closed schools
nationwide" for "closed schools in the capital", "sold worldwide" for "sold in the United States", "fell across the
country" for "fell in the northern region": `scope_widened`).
Pure.
"""

from __future__ import annotations

from collections.abc import Sequence

# pairs whose sides exclude each other (both ways), as `opposites._COPY_PAIRS` writes them
EXCLUSIVE_PAIRS = """
landlord tenant|landlords tenants|plaintiff defendant|plaintiffs defendants|claimant defendant|claimants defendants
prosecution defence|prosecution defense|employer employee|employers employees|creditor debtor|creditors debtors
donor recipient|donors recipients|teacher student|teachers students|home away|host guest|hosts guests
promoted relegated|promotion relegation|elected appointed|head assistant|cancelled postponed|canceled postponed
cancelled delayed|called_off postponed|scrapped postponed|re first|during after|during before
will may|will might|will could|world national|world regional|world european|world local|national local
national regional|federal state|federal local|federal municipal|federal provincial|state local
benign malignant|chronic acute|vitro vivo|dominant recessive|life death|fined jailed|fined imprisoned
hostile friendly|eliminated advanced|eliminated qualified|knocked_out advanced|coastal inland|offshore onshore
upstairs downstairs|required encouraged|mandatory encouraged|raises lowers|raised lowered|raise lower
resigned sacked|resigned fired|resigned dismissed|resigned ousted|resigned removed|quit sacked|quit fired
controlling minority|begins ends|began ended|beginning ending
married divorced|ancient modern|wide narrow|vertical horizontal|native invasive|full empty|nocturnal diurnal
herbivore carnivore|herbivores carnivores|herbivorous carnivorous|freshwater saltwater|freshwater marine
solid liquid|solids liquids|acidic alkaline|conductor insulator|conductors insulators|predator prey|predators prey
synthetic natural|artificial natural|banned legalized|banned legalised|criminalized decriminalized
criminalised decriminalised|tightened relaxed|tightened eased|introduced abolished|established abolished
created abolished|founded dissolved|built demolished|constructed demolished|asleep awake|sober drunk
plural singular|online offline|wired wireless|analog digital|analogue digital|manual automatic|arrivals departures
accept refuse|accepted refused|accepts refuses|allowed denied|peaceful violent|melting freezing|melted froze
thawed froze|sank floated|advance retreat|advanced retreated|advancing retreating|offensive defensive
deposit withdrawal|deposits withdrawals|deposited withdrew|saved spent|saving spending|shortage glut
shortage surplus|shortages surpluses|win defeat|wins defeats|daytime nighttime|true untrue|odd even
purchased sold|purchase sell|purchases sells|purchasing selling|purchaser seller|purchasers sellers|acquiring selling
vendor buyer|vendors buyers|vendor purchaser|vendors purchasers
"""

# classes whose members all differ from each other, as `opposites._CLASSES` writes them
EXCLUSIVE_CLASSES = {
    # the organism a finding is made in: one in mice is none in humans
    "organism": "humans:human human:human people:human patients:human mice:mouse mouse:mouse rats:rat rat:rat "
    "monkeys:monkey monkey:monkey primates:monkey dogs:dog dog:dog pigs:pig pig:pig rabbits:rabbit rabbit:rabbit "
    "zebrafish:fish fish:fish flies:fly worms:worm yeast:yeast",
    "harm": "killed:dead dead:dead died:dead deaths:dead fatalities:dead injured:hurt wounded:hurt hurt:hurt "
    "injuries:hurt",
    "severity": "mild:mild moderate:moderate severe:severe serious:severe critical:critical",
    "prevalence": "rare:rare uncommon:rare common:common frequent:common widespread:common",
    "statistic": "average:mean mean:mean median:median",
    "measure": "revenue:revenue revenues:revenue sales:revenue turnover:revenue profit:profit profits:profit "
    "net_profit:profit earnings:profit net_income:profit",
    "decade": "teens:10 twenties:20 thirties:30 forties:40 fifties:50 sixties:60 seventies:70 eighties:80 nineties:90",
    "day": "today:0 tonight:0 yesterday:-1 tomorrow:1",
    "pathogen": "virus:virus viruses:virus viral:virus bacteria:bacterium bacterium:bacterium bacterial:bacterium "
    "fungus:fungus fungi:fungus fungal:fungus parasite:parasite parasites:parasite parasitic:parasite",
    "court": "supreme:supreme appeals:appeal appellate:appeal appeal:appeal district:district trial:trial "
    "magistrates:magistrate crown:crown",
    "colour": "red:red white:white black:black blue:blue green:green yellow:yellow brown:brown orange:orange "
    "purple:purple grey:grey gray:grey pink:pink",
    "power": "watts:w watt:w kilowatts:kw kilowatt:kw kw:kw megawatts:mw megawatt:mw mw:mw gigawatts:gw "
    "gigawatt:gw gw:gw",
    "energy": "kwh:kwh mwh:mwh gwh:gwh twh:twh",
    "data": "kilobytes:kb kb:kb megabytes:mb mb:mb gigabytes:gb gb:gb terabytes:tb tb:tb",
    # a way to pay (let-in round 12: "paid in cash" for "paid by card" was verified)
    "payment": "cash:cash banknotes:cash card:card cards:card credit_card:card debit_card:card contactless:card "
    "cheque:cheque cheques:cheque bitcoin:crypto cryptocurrency:crypto transfer:transfer wire:transfer",
    # the thing itself or a copy of it (the same round: "is the original" for "is a replica")
    "authenticity": "original:original originals:original genuine:original authentic:original replica:copy "
    "replicas:copy copy:copy copies:copy reproduction:copy forgery:copy forgeries:copy fake:copy counterfeit:copy",
}

# (the claim's word, the sentence's) that says more one way only
MORE_THAN = frozenset(
    {
        ("convicted", "charged"),
        ("convicted", "accused"),
        ("convicted", "arrested"),
        ("convicted", "indicted"),
        ("convicted of", "charged with"),
        ("convicted of", "accused of"),
        ("convicted of", "arrested for"),
        ("convicted of", "suspected of"),
        ("guilty", "accused"),
        ("jailed", "charged"),
        ("jailed", "arrested"),
        ("won", "nominated"),
        ("won", "shortlisted"),
        ("winner", "nominee"),
        ("winner", "finalist"),
    }
)

# words of a reach: a claim's word of one in the place of a sentence's words that name none as wide widens it
_REACH = {
    "world": 2,
    "worldwide": 2,
    "global": 2,
    "globally": 2,
    "international": 2,
    "internationally": 2,
    "countries": 2,
    "nationwide": 1,
    "countrywide": 1,
    "national": 1,
    "nationally": 1,
    "country": 1,
    "nation": 1,
}
_WIDE = frozenset(("nationwide", "countrywide", "nationally", "worldwide", "globally", "internationally"))
_ACROSS = frozenset(("across", "throughout"))  # "across the country", "throughout the world"
_ALL = frozenset(("all", "every", "each", "everywhere"))  # "in all 50 states" reaches as far
MAX_SCOPE_WORDS = 6  # the sentence's words in the place of the claim's


def _reach(words: Sequence[str]) -> int:
    return max((_REACH.get(w, 0) for w in words), default=0)


def scope_widened(before: Sequence[str], said: Sequence[str], stated: Sequence[str]) -> str | None:
    """The claim's word of nationwide or worldwide reach ("nationwide"; "country" after "across the" among its words
    `before`) where the sentence's words in its place (`stated`) name a narrower place ("in the capital", "in the
    united states", "northern region"), as a reason's detail; None otherwise, or where the sentence's words reach as
    far or say "all"."""
    if not said or not stated or len(said) > 3 or len(stated) > MAX_SCOPE_WORDS:
        return None
    lead = [w for w in [*before[-2:], *said[:-1]] if w in _ACROSS]
    wide = said[-1] in _WIDE or (bool(lead) and said[-1] in _REACH)
    if not wide or _reach(stated) >= _reach(said[-1:]) or not _ALL.isdisjoint(stated):
        return None
    opened = list(before[-2:]) if lead and lead[0] not in said else []
    return f"{' '.join([*opened, *said])}/{' '.join(stated)}"
