"""The "nothing let in" sweep, round 3: wrong claims a RAG assistant writes that came out `verified` (a negation said
with a word of opposite meaning, a condition of the source left out, the two sides of "beat" / "acquired" reversed,
a season, a modal, a relative or a frequency changed), each beside a correct paraphrase that must stay `verified`;
each through the real `citeaudit run` on real Parquet and DuckDB files."""

from __future__ import annotations

from tests.cli.hostile import Verdicts, claims
from tests.cli.test_hostile_verdicts import _assert_flagged, _assert_verified

POLICY = "The policy covers water damage caused by burst pipes in the insured home."


def _copy(old: str, new: str, source: str) -> tuple[str, str]:
    """A claim copying `source` with `old` written as `new`, and the source."""
    assert old in source, (old, source)
    return source.replace(old, new), source


STORE = "The store opens at 9 a.m. on weekdays and closes at six in the evening."


@claims(
    {
        "covers": _copy("covers", "excludes", POLICY),
        "excludes": (POLICY, POLICY.replace("covers", "excludes")),
        "season": _copy("spring", "autumn", "The festival takes place every spring in the old harbour of the city."),
        "frequency": _copy(
            "sometimes", "always", "The northern road is sometimes closed in winter because of heavy snowfall."
        ),
        "rarely": _copy(
            "rarely", "often", "The disease rarely causes serious complications in healthy adults and children."
        ),
        "must_may": _copy("must", "may", "Employees must submit their expense reports within ten days of the trip."),
        "son": _copy("his son", "his daughter", "The company was founded in 1952 and later run by his son until 1990."),
        "husband": _copy("her husband", "her wife", "She moved to Vienna in 1921 with her husband and two children."),
        "tallest": _copy(
            "tallest", "shortest", "The tower was the tallest building in the country when it opened in 1972."
        ),
        "domestic": _copy(
            "domestic", "international", "The airport handles only domestic flights since the new hub opened."
        ),
        "part_time": _copy("part-time", "full-time", "Most of the staff work part-time at the branch in the centre."),
        "twice": _copy("twice", "once", "The committee meets twice a year to review the national budget."),
        "medal": _copy("silver", "gold", "She won the silver medal in the 200 metres at the 2012 Olympic Games."),
        "morning": _copy("morning", "evening", "The ferry to the island leaves every morning from the north pier."),
        "pm": _copy("9 a.m.", "9 p.m.", STORE),
        "nearly": _copy(
            "Nearly 500", "More than 500", "Nearly 500 people attended the opening of the new library on Saturday."
        ),
        # supported: the same said with another word of the same sense
        "ok_covers": _copy("covers", "includes", POLICY),
        "ok_autumn": _copy("autumn", "fall", "The festival takes place every autumn in the old harbour of the city."),
        "ok_often": _copy("often", "frequently", "The northern road is often closed in winter because of snow."),
        "ok_must": _copy(
            "must submit", "are required to submit", "Employees must submit their expense reports within ten days."
        ),
        "ok_tall": _copy("tallest", "highest", "The tower was the tallest building in the country in 1972."),
        "ok_twice": _copy("twice a year", "two times a year", "The committee meets twice a year to review the budget."),
        "ok_am": _copy("9 a.m.", "9 am", STORE),
        "ok_over": _copy(
            "More than 500", "Over 500", "More than 500 people attended the opening of the new library on Saturday."
        ),
    }
)
def test_a_word_of_opposite_meaning_in_a_copied_sentence_is_not_verified(got: Verdicts) -> None:
    # each was verified: every word of the claim is in its source but the one that says otherwise
    want = {
        "covers": "swapped:excludes/covers",
        "excludes": "swapped:covers/excludes",
        "season": "swapped:autumn/spring",
        "frequency": "swapped:always/sometimes",
        "rarely": "swapped:often/rarely",
        "must_may": "swapped:may/must",
        "son": "swapped:daughter/son",
        "husband": "swapped:wife/husband",
        "tallest": "swapped:shortest/tallest",
        "domestic": "swapped:international/domestic",
        "part_time": "swapped:full/part",
        "twice": "swapped:once/twice",
        "medal": "swapped:gold/silver",
        "morning": "swapped:evening/morning",
        "pm": "swapped:pm/am",
        "nearly": "swapped:more than/nearly",
    }
    _assert_flagged(got, want)
    _assert_verified(got, tuple(k for k in got if k.startswith("ok_")), "swapped:")


LATE = "If the order ships late, the fee is refunded to the customer in full."


@claims(
    {
        "if": ("The fee is refunded to the customer in full.", LATE),
        "unless": (
            "The contract renews automatically every year.",
            "Unless either party cancels in writing, the contract renews automatically every year.",
        ),
        "provided": (
            "Tenants may keep one small pet in the apartment.",
            "Provided that the landlord agrees, tenants may keep one small pet in the apartment.",
        ),
        "after": (
            "The fee is refunded to the customer in full.",
            "The fee is refunded to the customer in full if the order ships late.",
        ),
        # supported: the condition kept, a concession ("even if"), a condition closing another sentence
        "ok_kept": ("If the order ships late, the fee is refunded in full.", LATE),
        "ok_kept_after": ("The fee is refunded in full if the order ships late.", LATE),
        "ok_even_if": (
            "The match will go ahead on Sunday afternoon.",
            "Even if it rains, the match will go ahead on Sunday afternoon.",
        ),
        "ok_other_sentence": (
            "The fee is refunded to the customer in full.",
            "If the order ships late, you may cancel it. The fee is refunded to the customer in full.",
        ),
    }
)
def test_a_condition_of_the_source_left_out_is_not_verified(got: Verdicts) -> None:
    # each claim was verbatim in its source, after or before a condition it leaves out: exact_match, verified
    want = {
        "if": "conditional:if",
        "unless": "conditional:unless",
        "provided": "conditional:provided that",
        "after": "conditional:if",
    }
    _assert_flagged(got, want)
    _assert_verified(got, ("ok_kept", "ok_kept_after", "ok_even_if", "ok_other_sentence"), "conditional:")


FINAL = "Spain beat Italy in the final of the tournament held in Berlin last summer."
DEAL = "Microsoft acquired LinkedIn for 26 billion dollars in 2016, the company said."


@claims(
    {
        "beat": ("Italy beat Spain in the final of the tournament held in Berlin last summer.", FINAL),
        "acquired": ("LinkedIn acquired Microsoft for 26 billion dollars in 2016, the company said.", DEAL),
        "lower_case": (
            "The small bakery acquired the national chain for an undisclosed sum last year.",
            "The national chain acquired the small bakery for an undisclosed sum last year.",
        ),
        # supported: the same said the other way round (passive, the converse verb), or the sides joined by "and"
        "ok_passive": ("LinkedIn was acquired by Microsoft for 26 billion dollars in 2016.", DEAL),
        "ok_lost": ("Italy lost to Spain in the final of the tournament held in Berlin last summer.", FINAL),
        "ok_same": ("Spain beat Italy in the final of the tournament held in Berlin.", FINAL),
        "ok_and": (
            "Italy and Spain met in the final of the tournament held in Berlin last summer.",
            "Spain and Italy met in the final of the tournament held in Berlin last summer.",
        ),
    }
)
def test_the_two_sides_of_a_word_that_orders_them_reversed_are_not_verified(got: Verdicts) -> None:
    # each was verified: the aligner matched one name across the verb, and the swap was no replacement it read
    want = {"beat": "swapped:italy/spain", "acquired": "swapped:linkedin/microsoft", "lower_case": "swapped:"}
    for key, reason in want.items():
        verdict, reasons = got[key]
        assert verdict != "verified" and [r for r in reasons if r.startswith(reason)], (key, got[key])
    _assert_verified(got, ("ok_passive", "ok_lost", "ok_same", "ok_and"), "swapped:")


@claims(
    {
        "ok_not_cover": (POLICY.replace("covers", "does not cover"), POLICY.replace("covers", "excludes")),
        "ok_excludes": (POLICY.replace("covers", "excludes"), POLICY.replace("covers", "does not cover")),
        "ok_not_allowed": (
            "Pets are not allowed in the cabin on international flights.",
            "Pets are banned in the cabin on international flights.",
        ),
        "not_cover": (POLICY.replace("covers", "does not cover"), POLICY),
        "both": (
            POLICY.replace("covers", "does not cover"),
            "The policy excludes flood damage but covers water damage caused by burst pipes in the insured home.",
        ),
    }
)
def test_a_negation_said_with_a_word_of_opposite_meaning_is_no_negation_mismatch(got: Verdicts) -> None:
    # "does not cover" for "excludes" (and the other way round) was negation_mismatch, weak: the right claims of the
    # covers / excludes pair above; the negation of the same word, or of one the source also states plainly, stays
    _assert_verified(got, ("ok_not_cover", "ok_excludes", "ok_not_allowed"), "negation_mismatch")
    _assert_flagged(got, {"not_cover": "negation_mismatch", "both": "negation_mismatch"})


LAGOS = "Lagos is the second largest city in Africa by population, after Cairo."
EVEREST = "Mount Everest is the highest mountain in the world above sea level."


@claims(
    {
        "dropped": ("Lagos is the largest city in Africa by population.", LAGOS),
        "added": ("Mount Everest is the second highest mountain in the world above sea level.", EVEREST),
        "ok_kept": ("Lagos is the second largest city in Africa by population.", LAGOS),
        "ok_digits": ("Lagos is the 2nd largest city in Africa by population.", LAGOS),
        "ok_plain": ("Mount Everest is the highest mountain in the world.", EVEREST),
    }
)
def test_a_superlative_without_its_ordinal_is_not_verified(got: Verdicts) -> None:
    # "the largest" for "the second largest" (and the reverse) was verified: a word left out or added is no swap
    _assert_flagged(got, {"dropped": "swapped:largest/second largest", "added": "swapped:second highest/highest"})
    _assert_verified(got, ("ok_kept", "ok_digits", "ok_plain"), "swapped:")


BOARD = "The board will meet on Monday to vote on the proposed merger with its rival."
PLAN = "The new plan would cut carbon emissions by 40 percent by 2030, the minister said."


@claims(
    {
        "ok_proposed": ("The board will meet on Monday to vote on the merger with its rival.", BOARD),
        "ok_planned": (
            "The mayor opened the new bridge over the river in May.",
            "The mayor opened the planned new bridge over the river in May.",
        ),
        "would": ("The new plan cut carbon emissions by 40 percent by 2030, the minister said.", PLAN),
    }
)
def test_an_adjective_planned_or_proposed_left_out_is_no_hedge_dropped(got: Verdicts) -> None:
    # "the merger" for "the proposed merger" was unasserted:proposed, weak (found by this sweep's paraphrases): a
    # participle before a noun plans nothing the claim states as done; a modal left out still is ("would")
    _assert_verified(got, ("ok_proposed", "ok_planned"), "unasserted:")
    _assert_flagged(got, {"would": "unasserted:would"})


MUSEUM = "The museum is open on weekdays from ten in the morning to six in the evening."
UNION = "The union supports the new pension reform announced by the government last week."


@claims(
    {
        "until": _copy("since", "until", "The factory has produced steel in the town since 1990, the firm says."),
        "weekends": _copy("weekdays", "weekends", MUSEUM),
        "children": _copy("adults", "children", "The vaccine is recommended for adults over the age of 65 here."),
        "permanent": _copy("temporary", "permanent", "The government introduced a temporary ban on fishing there."),
        "lost": _copy("gained", "lost", "The party gained 12 seats in the regional election held in March."),
        "downstream": _copy("upstream", "downstream", "The dam was built 20 kilometres upstream of the town in 1964."),
        "sunset": _copy("sunrise", "sunset", "The gates of the park open at sunrise every day of the year."),
        "all_of": _copy("part of", "all of", "The storm destroyed part of the harvest in the southern provinces."),
        "exactly": _copy("about 40", "exactly 40", "The survey found that about 40 percent of voters were undecided."),
        "opposes": _copy("supports", "opposes", UNION),
        # supported: the same said with another word of the same sense
        "ok_onwards": _copy(
            "since 1990",
            "from 1990 onwards",
            "The factory has produced steel in the town since 1990, the firm says.",
        ),
        "ok_won": _copy("gained", "won", "The party gained 12 seats in the regional election held in March."),
        "ok_roughly": _copy(
            "about 40", "roughly 40", "The survey found that about 40 percent of voters were undecided."
        ),
        "ok_backs": _copy("supports", "backs", UNION),
    }
)
def test_more_words_that_say_otherwise_in_a_copied_sentence_are_not_verified(got: Verdicts) -> None:
    # each was verified: since / until, weekdays / weekends, adults / children, temporary / permanent, gained / lost,
    # upstream / downstream, sunrise / sunset, part / all, about / exactly
    want = {
        "until": "swapped:until/since",
        "weekends": "swapped:weekends/weekdays",
        "children": "swapped:children/adults",
        "permanent": "swapped:permanent/temporary",
        "lost": "swapped:lost/gained",
        "downstream": "swapped:downstream/upstream",
        "sunset": "swapped:sunset/sunrise",
        "all_of": "swapped:all/part",
        "exactly": "swapped:exactly/about",
        "opposes": "swapped:opposes/supports",
    }
    _assert_flagged(got, want)
    _assert_verified(got, tuple(k for k in got if k.startswith("ok_")), "swapped:")


@claims(
    {
        "fewer": _copy("Fewer than", "More than", "Fewer than 500 people attended the concert in the park."),
        "lower": _copy("lower than", "higher than", "Prices in the capital are lower than in the rest of the country."),
        "at_most": _copy("at most", "at least", "Each team may have at most five players on the field at a time."),
        "below": _copy("below", "above", "The town lies below sea level on the eastern coast of the island."),
        "younger": _copy("younger", "older", "The bridge is younger than the cathedral in the old town centre."),
        "after": _copy("after", "before", "The treaty was signed after the end of the war in the region."),
        "ok_over": _copy("More than", "Over", "More than 500 people attended the concert in the park."),
    }
)
def test_a_comparison_of_several_words_reversed_stays_capped(got: Verdicts) -> None:
    # already capped when this round began (the words of "more than" / "less than", "at least" / "at most" are
    # opposites one by one): kept here so that none of this round's rules lets them in
    for key in ("fewer", "lower", "at_most", "below", "younger", "after"):
        verdict, reasons = got[key]
        assert verdict != "verified" and [r for r in reasons if r.startswith("swapped:")], (key, got[key])
    _assert_verified(got, ("ok_over",), "swapped:")
