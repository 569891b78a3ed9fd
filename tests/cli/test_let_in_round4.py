"""The "nothing let in" sweep, round 4: wrong claims a RAG assistant writes that came out `verified` (a hedge of the
source stated as certain, a plan or forecast stated as done, "one of" stated as the only one), each beside a correct
paraphrase that must stay `verified`; each through the real `citeaudit run` on real Parquet and DuckDB files."""

from __future__ import annotations

from tests.cli.hostile import Verdicts, claims
from tests.cli.test_hostile_verdicts import _assert_flagged, _assert_verified

PAINTING = "The painting is possibly a work by Rembrandt, according to the museum catalogue."


def _copy(old: str, new: str, source: str) -> tuple[str, str]:
    """A claim copying `source` with `old` written as `new`, and the source."""
    assert old in source, (old, source)
    return source.replace(old, new), source


STADIUM = "The new stadium is expected to open in 2027 after years of delays."


@claims(
    {
        "possibly": (PAINTING.replace("possibly ", ""), PAINTING),
        "probably": (
            "The tower was built in the 12th century by the monks of the abbey.",
            "The tower was probably built in the 12th century by the monks of the abbey.",
        ),
        "reportedly": (
            "The singer paid 2 million dollars for the house on the lake.",
            "The singer reportedly paid 2 million dollars for the house on the lake.",
        ),
        "allegedly": (
            "The mayor accepted bribes from the construction firm in 2019.",
            "The mayor allegedly accepted bribes from the construction firm in 2019.",
        ),
        "expected": (STADIUM.replace("is expected to open", "will open"), STADIUM),
        "believed": (
            "The manuscript is the oldest surviving copy of the poem in Europe.",
            "The manuscript is believed to be the oldest surviving copy of the poem in Europe.",
        ),
        "thought": (
            "The fire was started by an electrical fault in the kitchen.",
            "The fire is thought to have been started by an electrical fault in the kitchen.",
        ),
        "may": (
            "Smoking causes a rare form of lung disease in young adults.",
            "Smoking may cause a rare form of lung disease in young adults.",
        ),
        "likely": (
            "The central bank will raise interest rates again next month.",
            "The central bank is likely to raise interest rates again next month.",
        ),
        "rumoured": (
            "The company is developing a foldable phone for the Asian market.",
            "The company is rumoured to be developing a foldable phone for the Asian market.",
        ),
        # supported: the hedge kept, said with another word, or an adjective no hedge
        "ok_kept": ("The painting is possibly a work by Rembrandt.", PAINTING),
        "ok_other_hedge": ("The painting may be a work by Rembrandt, according to the museum catalogue.", PAINTING),
        "ok_scheduled": ("The new stadium is scheduled to open in 2027 after years of delays.", STADIUM),
        "ok_can": (
            "Tenants can keep one small pet in the apartment without asking.",
            "Tenants may keep one small pet in the apartment without asking.",
        ),
        "ok_think": (
            "Investigators think the fire was started by an electrical fault in the kitchen.",
            "The fire is thought to have been started by an electrical fault in the kitchen.",
        ),
        "ok_expected_adjective": (
            "The profit of the firm rose by 10 percent last year.",
            "The expected profit of the firm rose by 10 percent last year.",
        ),
    }
)
def test_a_hedge_of_the_copied_sentence_left_out_is_not_verified(got: Verdicts) -> None:
    # each was verified (0.86 to 0.91): the claim copies its source but for the word that makes it uncertain
    want = {
        "possibly": "unasserted:possibly",
        "probably": "unasserted:probably",
        "reportedly": "unasserted:reportedly",
        "allegedly": "unasserted:allegedly",
        "expected": "unasserted:expected to",
        "believed": "unasserted:believed to",
        "thought": "unasserted:thought to",
        "may": "unasserted:may",
        "likely": "unasserted:likely to",
        "rumoured": "unasserted:rumoured to",
    }
    _assert_flagged(got, want)
    _assert_verified(got, tuple(k for k in got if k.startswith("ok_")), "unasserted:")


LAGOS = "Lagos is one of the largest cities in Africa by population."


@claims(
    {
        "largest": ("Lagos is the largest city in Africa by population.", LAGOS),
        "founder": (
            "He was the founder of the company in 1998.",
            "He was one of the founders of the company in 1998.",
        ),
        "only": (
            "She was the only woman elected to the council in 1920.",
            "She was one of the women elected to the council in 1920.",
        ),
        "first": (
            "He was the first person to climb the north face alone.",
            "He was one of the first people to climb the north face alone.",
        ),
        "sole": (
            "The company is the sole supplier of the engines to the army.",
            "The company is one of several suppliers of the engines to the army.",
        ),
        # supported: "a", "among", "one of" kept
        "ok_a": (
            "She is a leading expert on the history of medieval Spain.",
            "She is one of the leading experts on the history of medieval Spain.",
        ),
        "ok_among": ("Lagos is among the largest cities in Africa by population.", LAGOS),
        "ok_kept": ("Lagos is one of the biggest cities in Africa by population.", LAGOS),
    }
)
def test_one_of_several_stated_as_the_only_one_is_not_verified(got: Verdicts) -> None:
    # each was verified (0.53 to 0.88): the claim copies its source but leaves out its "one of" (or states "the only
    # one" in its place), and "the" makes one of several the one
    want = {
        "largest": "swapped:the largest/one of",
        "founder": "swapped:the founder/one of",
        "only": "swapped:the only/one of",
        "first": "swapped:the first/one of",
        "sole": "swapped:the sole/one of",
    }
    _assert_flagged(got, want)
    _assert_verified(got, ("ok_a", "ok_among", "ok_kept"), "swapped:")


MUSEUM = "The museum will open a new wing in March next to the park."


@claims(
    {
        "will": (MUSEUM.replace("will open", "opened"), MUSEUM),
        "aims": (
            "The project reduced emissions by half in the region.",
            "The project aims to reduce emissions by half in the region.",
        ),
        "set": (
            "The company launched its new phone in September.",
            "The company is set to launch its new phone in September.",
        ),
        "promised": (
            "The mayor built 500 new homes in the district.",
            "The mayor promised to build 500 new homes in the district.",
        ),
        "going": (
            "The council closed the library on the main square.",
            "The council is going to close the library on the main square.",
        ),
        # supported: the future kept, said in the present, or a past that the source states
        "ok_present": (MUSEUM.replace("will open", "opens"), MUSEUM),
        "ok_future": (MUSEUM.replace("will open", "is going to open"), MUSEUM),
        "ok_managed": (
            "The team reached the summit on the second day.",
            "The team managed to reach the summit on the second day.",
        ),
    }
)
def test_a_plan_or_forecast_stated_as_done_is_not_verified(got: Verdicts) -> None:
    # each was verified (0.78 to 0.87): the claim copies its source but puts in the past what it says will, or is
    # meant to, happen
    want = {
        "will": "unasserted:will",
        "aims": "unasserted:aims to",
        "set": "unasserted:set to",
        "promised": "unasserted:promised to",
        "going": "unasserted:going to",
    }
    _assert_flagged(got, want)
    _assert_verified(got, ("ok_present", "ok_future", "ok_managed"), "unasserted:")


FLOOD = "Residents said that a few of the houses were damaged by the flood."


@claims(
    {
        "most": (FLOOD.replace("a few", "most"), FLOOD),
        "many": (
            "Many of the original buildings survived the fire of 1871.",
            "Only a few of the original buildings survived the fire of 1871.",
        ),
        "every": (
            "In the district every school offers free lunches to students.",
            "In the district most schools offer free lunches to students.",
        ),
        "handful": (
            "Most of the delegates voted against the proposal on Friday.",
            "Only a handful of the delegates voted against the proposal on Friday.",
        ),
        # supported: the same quantity in other words
        "ok_several": (FLOOD.replace("a few", "a small number"), FLOOD),
        # a supported training pair says "a few times" for "several times"
        "ok_a_few": (
            "The old bridge has been renovated a few times since the war.",
            "The old bridge has been renovated several times since the war.",
        ),
        "ok_each": (
            "In the district each school offers free lunches to students.",
            "In the district every school offers free lunches to students.",
        ),
        "ok_plural": (
            "In the district most schools offer free lunches to students.",
            "In the district most of the schools offer free lunches to students.",
        ),
    }
)
def test_a_quantifier_said_in_several_words_changed_is_not_verified(got: Verdicts) -> None:
    # each was verified (0.71 to 0.81): "a few" against "most" is three words where the copied-sentence rule reads
    # one or two, and "every school offers" against "most schools offer" changes two more words (a plural, a verb)
    want = {
        "most": "swapped:most/few",
        "many": "swapped:many/few",
        "every": "swapped:every/most",
        "handful": "swapped:most/handful",
    }
    _assert_flagged(got, want)
    _assert_verified(got, ("ok_several", "ok_a_few", "ok_each", "ok_plural"), "swapped:")


ILL = "The president is seriously ill and has left the capital."


@claims(
    {
        "unconfirmed": (ILL, f"Unconfirmed reports say the {ILL[4:]}"),
        "according_to": (ILL, f"According to unconfirmed reports, the {ILL[4:]}"),
        "unverified": (
            "The rebels captured the airport on Sunday.",
            "Unverified social media posts claimed the rebels captured the airport on Sunday.",
        ),
        "false_rumour": (
            "The singer died in a car crash in Spain.",
            "A false rumour spread online that the singer died in a car crash in Spain.",
        ),
        "dismissed": (
            "The minister had resigned over the scandal.",
            "The minister dismissed reports that he had resigned over the scandal.",
        ),
        # supported: a report the source gives as its own, or one since confirmed
        "ok_reports": (ILL, f"Reports from the capital say the {ILL[4:]}"),
        "ok_confirmed": (ILL, f"Officials confirmed that the {ILL[4:]}"),
    }
)
def test_a_rumour_or_an_unconfirmed_report_stated_as_fact_is_not_verified(got: Verdicts) -> None:
    # the first four were exact matches (support 1, verified): the claim is verbatim in its source, after words that
    # say nobody has confirmed it; the last was verified (0.84): a close copy without the denial's words
    want = {
        "unconfirmed": "unasserted:unconfirmed reports say",
        "according_to": "unasserted:unconfirmed reports",
        "unverified": "unasserted:unverified social media posts claimed",
        "false_rumour": "unasserted:rumour spread online that",
        "dismissed": "unasserted:dismissed reports that",
    }
    _assert_flagged(got, want)
    _assert_verified(got, ("ok_reports", "ok_confirmed"), "unasserted:")


@claims(
    {
        "nearly": (
            "All of the passengers survived the crash of the small plane.",
            "Nearly all of the passengers survived the crash of the small plane.",
        ),
        "almost": (
            "The new library in the old town is finished.",
            "The new library in the old town is almost finished.",
        ),
        "partly": (
            "The bridge was destroyed in the storm last winter.",
            "The bridge was partly destroyed in the storm last winter.",
        ),
        "tentatively": (
            "The two sides agreed on a ceasefire on Tuesday.",
            "The two sides tentatively agreed on a ceasefire on Tuesday.",
        ),
        # supported: the qualifier kept, or said with another word
        "ok_almost": (
            "Almost all of the passengers survived the crash of the small plane.",
            "Nearly all of the passengers survived the crash of the small plane.",
        ),
        "ok_kept": (
            "The bridge was partly destroyed in the storm.",
            "The bridge was partly destroyed in the storm.",
        ),
        # another word of the same sense in the place of "mostly" or "almost" (each was unasserted:, a false alarm
        # of this round's first version)
        "ok_mainly": (
            "The staff are mainly volunteers from the town.",
            "The staff are mostly volunteers from the town.",
        ),
        "ok_nearly_always": (
            "He nearly always wins the race in the spring.",
            "He almost always wins the race in the spring.",
        ),
    }
)
def test_nearly_or_partly_left_out_is_not_verified(got: Verdicts) -> None:
    # "All of the passengers survived" in "Nearly all of the passengers survived" was an exact match (support 1); the
    # others verified (0.86 to 0.91): the claim copies its source but for the word that says it is not quite so
    want = {
        "nearly": "unasserted:nearly",
        "almost": "unasserted:almost",
        "partly": "unasserted:partly",
        "tentatively": "unasserted:tentatively",
    }
    _assert_flagged(got, want)
    _assert_verified(got, ("ok_almost", "ok_kept", "ok_mainly", "ok_nearly_always"), "unasserted:")


AIR = "Air quality in the city improved after the ban on diesel cars."


@claims(
    {
        "worsened": _copy("improved", "worsened", AIR),
        "weakened": _copy("strengthened", "weakened", "The euro strengthened against the dollar on Monday morning."),
        "narrowed": _copy("widened", "narrowed", "The gap between rich and poor widened during the decade."),
        "slowed": _copy("accelerated", "slowed", "Inflation accelerated in the second quarter of the year."),
        "underperformed": _copy(
            "outperformed", "underperformed", "The fund outperformed the market in 2022 by a wide margin."
        ),
        "harms": _copy("benefits", "harms", "The study found the drug benefits older patients with diabetes."),
        # supported: the same said with another word
        "ok_got_better": _copy("improved", "got better", AIR),
        "ok_rose": _copy(
            "strengthened", "gained strength", "The euro strengthened against the dollar on Monday morning."
        ),
        "ok_sped_up": _copy("accelerated", "picked up", "Inflation accelerated in the second quarter of the year."),
    }
)
def test_a_verb_of_change_turned_the_other_way_in_a_copied_sentence_is_not_verified(got: Verdicts) -> None:
    # each was verified (0.48 to 0.76): the word table had the comparatives (stronger / weaker, wider / narrower,
    # better / worse) but not the verbs of becoming so
    want = {
        "worsened": "swapped:worsened/improved",
        "weakened": "swapped:weakened/strengthened",
        "narrowed": "swapped:narrowed/widened",
        "slowed": "swapped:slowed/accelerated",
        "underperformed": "swapped:underperformed/outperformed",
        "harms": "swapped:harms/benefits",
    }
    _assert_flagged(got, want)
    _assert_verified(got, ("ok_got_better", "ok_rose", "ok_sped_up"), "swapped:")


@claims(
    {
        "went_up": (
            "Sales of electric cars went up sharply in Norway last year.",
            "Sales of electric cars in Norway fell sharply last year.",
        ),
        "gone_down": (
            "The number of road deaths in the country has gone down since 2010.",
            "The number of road deaths in the country has risen since 2010.",
        ),
        "ok_went_up": (
            "Sales of electric cars went up sharply in Norway last year.",
            "Sales of electric cars in Norway rose sharply last year.",
        ),
        "ok_climbed": (
            "The climbers went up the north face of the mountain in 1938.",
            "The climbers reached the summit by the north face in 1938, after the first attempt had fallen short.",
        ),
    }
)
def test_went_up_against_fell_is_a_direction_mismatch(got: Verdicts) -> None:
    # "went up" was no side of the direction rule (up / down alone are left out as too often something else): the
    # paraphrase was verified (0.48)
    _assert_flagged(got, {"went_up": "direction_mismatch", "gone_down": "direction_mismatch"})
    assert got["ok_went_up"][0] == "verified" and "direction_mismatch" not in got["ok_went_up"][1]
    assert "direction_mismatch" not in got["ok_climbed"][1], got["ok_climbed"]


@claims(
    {
        "who": (
            "According to the WHO, the outbreak in the region is under control.",
            "According to the Health Ministry, the outbreak in the region is under control, but the WHO disagreed.",
        ),
        "bank": (
            "The European Central Bank said inflation would fall below 2 percent next year.",
            "The Finance Ministry said inflation would fall below 2 percent next year, but the European Central "
            "Bank was more cautious.",
        ),
        # supported: the party the sentence gives it, or a party named in other words
        "ok_same": (
            "According to the health ministry, the outbreak in the region is under control.",
            "According to the health ministry, the outbreak in the region is under control, but the WHO disagreed.",
        ),
        "ok_pronoun": (
            "When Puyi was three years old, Puyi became the emperor of China.",
            "When Puyi was three years old, he became the emperor of China.",
        ),
        "ok_both": (
            "The film was written by Trevor Macy and directed by Mike Flanagan.",
            "The film was written by both Kate Siegel and Trevor Macy and directed by Mike Flanagan.",
        ),
        "ok_other_words": (
            "The firm raised prices by 5 percent in March, its chief executive said.",
            "The company raised prices by 5 percent in March, the firm's chief executive said.",
        ),
    }
)
def test_a_statement_moved_to_another_party_the_sentence_names_is_not_verified(got: Verdicts) -> None:
    # each was verified (0.80, 0.87): the claim gives the statement to a party its sentence names elsewhere, in two
    # or three words, where the one-word name swap reads one capitalised word
    _assert_flagged(
        got, {"who": "swapped:who/health ministry", "bank": "swapped:european central bank/finance ministry"}
    )
    _assert_verified(got, ("ok_same", "ok_pronoun", "ok_both", "ok_other_words"), "swapped:")
