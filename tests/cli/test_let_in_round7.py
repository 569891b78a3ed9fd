"""The "nothing let in" sweep, round 7: wrong claims made from real-looking sources by small edits (a plan stated as
done in the perfect or the passive, ...) that came out `verified`, each beside correct paraphrases that must stay
`verified`; each through the real `citeaudit run` on real Parquet and DuckDB files (docs/hostile-inputs.md, "The
let-in sweep, round 7")."""

from __future__ import annotations

from tests.cli.hostile import Verdicts, claims
from tests.cli.test_hostile_verdicts import _assert_flagged, _assert_verified

TERMINAL = "The new passenger terminal at the airport will be completed in 2025."
MERGER = "The company will complete the merger with its rival next year."


@claims(
    {
        "has_been": ("The new passenger terminal at the airport has been completed.", TERMINAL),
        "was_year": ("The new passenger terminal at the airport was completed in 2025.", TERMINAL),
        "was": (
            "The renovation of the main station was completed last year.",
            "The renovation of the main station will be completed next year.",
        ),
        "has_completed": ("The company has completed the merger with its rival.", MERGER),
        "scheduled": (
            "Construction of the stadium has been finished.",
            "Construction of the stadium is scheduled to be finished by 2026.",
        ),
        "were": (
            "The results of the election were announced on Friday afternoon.",
            "The results of the election will be announced on Friday afternoon.",
        ),
        # supported: the plan kept as a plan, or a deed the source states done
        "ok_future": ("The new passenger terminal at the airport will be finished in 2025.", TERMINAL),
        "ok_expected": ("The airport's new passenger terminal is expected to be completed in 2025.", TERMINAL),
        "ok_done": ("The new terminal has been completed.", "The new terminal was completed in 2025."),
        "ok_plans": ("The company plans to complete the merger with its rival next year.", MERGER),
        "ok_done_other": (
            "The old terminal has been completed.",
            "The old terminal has been completed; the new terminal will be completed in 2025.",
        ),
    }
)
def test_a_plan_stated_as_done_in_the_perfect_or_the_passive_is_not_verified(got: Verdicts) -> None:
    # each was verified (0.71 to 0.82): `hedges.done_for_planned` read a one-word past ("opened" for "will open"),
    # not "has been completed" for "will be completed", "has completed" for "will complete", "were announced" for
    # "will be announced"
    _assert_flagged(
        got,
        {
            "has_been": "unasserted:will",
            "was_year": "unasserted:will",
            "was": "unasserted:will",
            "has_completed": "unasserted:will",
            "scheduled": "unasserted:scheduled to",
            "were": "unasserted:will",
        },
    )
    _assert_verified(got, ("ok_future", "ok_expected", "ok_done", "ok_plans", "ok_done_other"), clear_of="unasserted:")


ROAD = "The road was partially reopened to traffic on Monday after the landslide."
UNIVERSITY = "It is the newest university in the country, founded in 1992 by the regional government."
PRIZE = "She was the first woman to win the prize in its first decade."


@claims(
    {
        "fully": (ROAD.replace("partially", "fully"), ROAD),
        "completely": (ROAD.replace("partially", "completely"), ROAD),
        "indoors": (
            "The concert will be held indoors at the stadium on Saturday.",
            "The concert will be held outdoors at the stadium on Saturday.",
        ),
        "oldest": (UNIVERSITY.replace("newest", "oldest"), UNIVERSITY),
        "only": (PRIZE.replace("the first woman", "the only woman"), PRIZE),
        # supported: the same extent, place, age and rank in other words, or what the source's word entails
        "ok_partly": (ROAD.replace("partially", "partly"), ROAD),
        "ok_outside": (
            "The concert will be held outside at the stadium on Saturday.",
            ("The concert will be held outdoors at the stadium on Saturday."),
        ),
        "ok_youngest": (UNIVERSITY.replace("newest", "youngest"), UNIVERSITY),
        "ok_first": (
            "She was the first woman to win the prize in its first decade.",
            "She was the only woman to win the prize in its first decade.",
        ),
    }
)
def test_a_word_of_extent_place_age_or_uniqueness_changed_in_a_copy_is_not_verified(got: Verdicts) -> None:
    # each was verified (0.48 to 0.74): "fully" / "partially", "indoors" / "outdoors", "oldest" / "newest" were in
    # no table of `opposites.py`, and "the only woman" says more than "the first woman" (the first need not be the
    # only one; the only one is the first, so that way round it is right)
    _assert_flagged(
        got,
        {
            "fully": "swapped:fully/partially",
            "completely": "swapped:completely/partially",
            "indoors": "swapped:indoors/outdoors",
            "oldest": "swapped:oldest/newest",
            "only": "swapped:only/first",
        },
    )
    _assert_verified(got, ("ok_partly", "ok_outside", "ok_youngest", "ok_first"), clear_of="swapped:")


VOTE = "Members can vote online or by post until the end of the month."
TREATY = "The treaty was signed by 27 countries, although only 9 of the 27 ratified it."


@claims(
    {
        "only_online": ("Members can vote only online until the end of the month.", VOTE),
        "online_only": ("Members can vote online only, until the end of the month.", VOTE),
        "only_weekdays": (
            "The museum is open only on Saturdays during the winter.",
            "The museum is open on Saturdays and Sundays during the winter.",
        ),
        "all": ("The treaty was signed by 27 countries, all of which ratified it.", TREATY),
        "all_them": ("The treaty was signed by 27 countries and all of them ratified it.", TREATY),
        # supported: the option among the others, the only option the source gives, a count kept
        "ok_online": ("Members can vote online until the end of the month.", VOTE),
        "ok_only_source": (
            "Members can vote only online until the end of the month.",
            "Since 2020 members can vote only online, through the union's website, until the end of the month.",
        ),
        "ok_some": ("The treaty was signed by 27 countries, but only 9 of them ratified it.", TREATY),
        "ok_all_signed": ("All 27 countries signed the treaty, but only 9 of the 27 ratified it.", TREATY),
    }
)
def test_one_option_stated_as_the_only_one_or_all_for_some_is_not_verified(got: Verdicts) -> None:
    # each was verified (0.62 to 0.74): "only online" where the source gives "online or by post" added a word and
    # changed none; "all of which ratified it" for "only 9 of the 27 ratified it" put the quantifier in a clause of
    # its own, no word in another's place
    _assert_flagged(
        got,
        {
            "only_online": "unasserted:only online",
            "online_only": "unasserted:only online",
            "only_weekdays": "unasserted:only saturdays",
            "all": "swapped:all/only 9",
            "all_them": "swapped:all/only 9",
        },
    )
    _assert_verified(got, ("ok_online", "ok_only_source", "ok_some", "ok_all_signed"), clear_of="unasserted:only")
    _assert_verified(got, ("ok_some", "ok_all_signed"), clear_of="swapped:")


VILLAGE = "The village in the north of the province has 300 households and a church."
FIRE = "The fire left 40 families homeless in the town on Sunday."
BEEF = "The country imposed a ban on beef imports from the region in March."
PLANT = "The company laid off 200 workers at the plant last year."
TALKS = "The delegation left Paris on Monday for the talks in Geneva."
HOTEL = "The restaurant is on the top floor of the hotel by the harbour."


@claims(
    {
        "inhabitants": (VILLAGE.replace("households", "inhabitants"), VILLAGE),
        "people": (FIRE.replace("families", "people"), FIRE),
        "lifted": (BEEF.replace("imposed", "lifted"), BEEF),
        "hired": (PLANT.replace("laid off", "hired"), PLANT),
        "arrived": (TALKS.replace("left", "arrived in"), TALKS),
        "ground": (HOTEL.replace("top", "ground"), HOTEL),
        # supported: the same unit, deed, way and floor in other words
        "ok_homes": (VILLAGE.replace("households", "homes"), VILLAGE),
        "ok_households": (FIRE.replace("families", "households"), FIRE),
        "ok_residents": (
            VILLAGE.replace("households", "residents"),
            VILLAGE.replace("households", "inhabitants"),
        ),
        "ok_introduced": (BEEF.replace("imposed", "introduced"), BEEF),
        "ok_cut": (PLANT.replace("laid off", "cut"), PLANT),
        "ok_departed": (TALKS.replace("left", "departed"), TALKS),
        "ok_highest": (HOTEL.replace("top", "highest"), HOTEL),
    }
)
def test_a_unit_of_counting_or_a_deed_changed_in_a_copy_is_not_verified(got: Verdicts) -> None:
    # each was verified (0.54 to 0.70): a household or a family is no person, and "lifted" / "imposed", "hired" /
    # "laid off", "arrived in" / "left", "ground" / "top" were in no table of `opposites.py`
    _assert_flagged(
        got,
        {
            "inhabitants": "swapped:inhabitants/households",
            "people": "swapped:people/families",
            "lifted": "swapped:lifted/imposed",
            "hired": "swapped:hired/laid off",
            "arrived": "swapped:arrived in/left",
            "ground": "swapped:ground/top",
        },
    )
    _assert_verified(
        got,
        ("ok_homes", "ok_households", "ok_residents", "ok_introduced", "ok_departed", "ok_highest"),
        clear_of="swapped:",
    )
    # "cut 200 workers" is `weak` by the support model before and after (no hard reason): it must gain none
    assert got["ok_cut"][1] == [], got["ok_cut"]


OFFER = "The board turned down the offer from the investors on Friday."
UNION = "Most members of the union opposed the agreement in the vote."
BILL = "The parliament voted down the bill by a large margin on Tuesday."
MERGER_BANKS = "Regulators blocked the merger of the two banks in June."
TREATY_SENATE = "The senate rejected the treaty with the neighbouring country in 1998."


@claims(
    {
        "accepted": (OFFER.replace("turned down", "accepted"), OFFER),
        "backed": (UNION.replace("opposed", "backed"), UNION),
        "passed": (BILL.replace("voted down", "passed"), BILL),
        "approved": (MERGER_BANKS.replace("blocked", "approved"), MERGER_BANKS),
        "ratified": (TREATY_SENATE.replace("rejected", "ratified"), TREATY_SENATE),
        # supported: the same decision in other words
        "ok_declined": (OFFER.replace("turned down", "declined"), OFFER),
        "ok_against": (UNION.replace("opposed", "were against"), UNION),
        "ok_defeated": (BILL.replace("voted down", "defeated"), BILL),
        "ok_stopped": (MERGER_BANKS.replace("blocked", "stopped"), MERGER_BANKS),
    }
)
def test_a_decision_stated_the_other_way_in_a_less_common_word_is_not_verified(got: Verdicts) -> None:
    # each was verified (0.50 to 0.63): "accepted" / "turned down", "backed" / "opposed", "passed" / "voted down",
    # "approved" / "blocked", "ratified" / "rejected" were in no table of `opposites.py` ("approved" / "rejected" was)
    _assert_flagged(
        got,
        {
            "accepted": "swapped:accepted/turned down",
            "backed": "swapped:backed/opposed",
            "passed": "swapped:passed/voted down",
            "approved": "swapped:approved/blocked",
            "ratified": "swapped:ratified/rejected",
        },
    )
    for key in ("ok_declined", "ok_against", "ok_defeated", "ok_stopped"):
        assert not [r for r in got[key][1] if r.startswith("swapped:")], (key, got[key])


DELEGATES = "Only 120 of the 300 delegates backed the motion on Friday after a long debate."


@claims(
    {
        "majority": ("A majority of the 300 delegates backed the motion on Friday after a long debate.", DELEGATES),
        "most": ("Most of the 300 delegates backed the motion on Friday after a long debate.", DELEGATES),
        # supported: a minority, or a majority the source counts
        "ok_minority": (
            "A minority of the 300 delegates backed the motion on Friday after a long debate.",
            DELEGATES,
        ),
        "ok_majority": (
            "A majority of the 300 delegates backed the motion on Friday after a long debate.",
            DELEGATES.replace("Only 120", "Some 210"),
        ),
    }
)
def test_a_majority_where_the_source_counts_a_minority_is_not_verified(got: Verdicts) -> None:
    # verified (0.59): "a majority of the 300 delegates" against "only 120 of the 300 delegates", a share against a
    # count, was read by nothing
    _assert_flagged(got, {"majority": "swapped:majority/120 of 300", "most": "swapped:most/120 of 300"})
    _assert_verified(got, ("ok_majority",), clear_of="swapped:")
    # "a minority of" is `weak` by the support model before and after (no hard reason): it must gain none
    assert got["ok_minority"][1] == [], got["ok_minority"]
