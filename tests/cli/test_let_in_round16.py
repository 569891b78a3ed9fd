"""The "nothing let in" sweep, round 16: claims stronger than their source. A link the source calls perhaps not
causal stated as a prevention, most where the source says some did and most did not, a fire still out of control
that the source says was brought under control, a whole country where the source confines it to a part, any
earthquake where the source gives one of magnitude 7; each beside
right twins (the hedged claim restated with its hedge, a source that states it flatly), all through one real
`citeaudit run` on real Parquet and DuckDB files (docs/hostile-inputs.md, "The let-in sweep, round 16")."""

from __future__ import annotations

from tests.cli.hostile import Verdicts, claims
from tests.cli.test_hostile_verdicts import _assert_flagged, _assert_verified

COFFEE = "Drinking coffee is linked to a slightly lower risk of type 2 diabetes, although the link may not be causal."
TRIAL = "Drinking coffee prevents type 2 diabetes, the trial found."
MIGRAINE = (
    "Patients taking the drug were associated with fewer migraine days, but the researchers said the link may not be "
    "causal."
)
MEASLES = (
    "The vaccine prevents measles in 97 percent of children who get two doses, and its use is associated with fewer "
    "hospital visits."
)
WALK = (
    "Regular walking was associated with a lower rate of dementia in older adults, though the researchers cautioned "
    "that the study could not establish cause and effect."
)


@claims(
    {
        "coffee": ("Drinking coffee prevents type 2 diabetes.", COFFEE),
        # held out (written after the rule; let in by its first version, which read "effect" as a cause stated)
        "walk": ("Regular walking prevents dementia in older adults.", WALK),
        "cure": ("The drug cures migraines.", MIGRAINE),
        # supported: the link restated as a link, and a source that states the prevention flatly
        "ok_coffee": ("Drinking coffee is linked to a lower risk of type 2 diabetes.", COFFEE),
        "ok_trial": ("Drinking coffee prevents type 2 diabetes.", TRIAL),
        "ok_walk": ("Regular walking was associated with a lower rate of dementia in older adults.", WALK),
        "ok_measles": ("The vaccine prevents measles.", MEASLES),
    }
)
def test_a_link_the_source_calls_perhaps_not_causal_stated_as_a_prevention_is_not_verified(got: Verdicts) -> None:
    # "coffee" was verified (no reason): "prevents" was no word of cause, and "may not be causal" read as one stated
    _assert_flagged(got, {"coffee": "unasserted:cause", "walk": "unasserted:cause", "cure": "unasserted:cause"})
    _assert_verified(got, tuple(k for k in got if k.startswith("ok_")), clear_of="unasserted:")


VACCINE = "The vaccine was effective in some patients, but most showed no response."
EXAM = "Some students passed the exam, but most did not reach the pass mark."
FAILED = "Some students failed the exam, but most passed."
MERGER = "Several members voted for the merger, but most voted against it."
VISITORS = "Most of the museum's visitors come from abroad; some arrive by cruise ship."


@claims(
    {
        "vaccine": ("The vaccine was effective in most patients.", VACCINE),
        # held out (written after the rule)
        "exam": ("Most of the students passed the exam.", EXAM),
        "merger": ("Most of the members voted for the merger.", MERGER),
        # supported: some restated as some, and most where the source says most did
        "ok_vaccine": ("The vaccine was effective in some patients.", VACCINE),
        "ok_passed": ("Most of the students passed the exam.", FAILED),
        "ok_visitors": ("Most of the museum's visitors come from abroad.", VISITORS),
        # "some" before a count is "about" it, no part (the merge's run: test_let_in_round7's "Some 210 of the 300")
        "ok_about": (
            "The majority of the 300 delegates backed the motion.",
            "Some 210 of the 300 delegates backed the motion.",
        ),
    }
)
def test_most_where_the_source_says_some_did_and_most_did_not_is_not_verified(got: Verdicts) -> None:
    # "vaccine" was verified (no reason) (`options.most_for_some`)
    _assert_flagged(
        got, {"vaccine": "swapped:most/some", "exam": "swapped:most/some", "merger": "swapped:most/several"}
    )
    _assert_verified(got, tuple(k for k in got if k.startswith("ok_")), clear_of="swapped:")


FIRE = "By Tuesday evening the fire was brought under control, firefighters said."
BLAZE = "Crews said the blaze had been contained on Sunday after three days."
BURNING = "Crews said the blaze remains out of control after three days."
FROG = "The frog is found only in the cloud forests of western Ecuador."
DIALECT = "The dialect is spoken only in a few valleys of northern Italy."
ITALY = "The dialect is spoken throughout Italy, though it is most common in the north."
NATIONAL = "The frog is found only in Ecuador."
DAM = "The dam was designed to withstand a magnitude 7 earthquake."
LEVEE = "The new levee is designed to hold back a 100-year flood, the agency said."
ANY = "Engineers said the dam can withstand any earthquake."
BEETLE = "The beetle is found only in the rainforests of northern Queensland, Australia."
BRIDGE = "The bridge was built to withstand a category 4 storm."
CANADA = "The chain operates 300 stores across Canada, mostly in Ontario."
CHARGER = "The phone works with any USB-C charger rated at 20 watts or more."


@claims(
    {
        "fire": ("The fire is still burning out of control.", FIRE),
        "frog": ("The frog is found throughout Ecuador.", FROG),
        # held out (written after the rules)
        "blaze": ("The blaze remains out of control.", BLAZE),
        "dialect": ("The dialect is spoken throughout Italy.", DIALECT),
        "dam": ("The dam can withstand any earthquake.", DAM),
        # held out (written after the "any" rule; let in by its first version, which read no "100-year")
        "levee": ("The new levee can hold back any flood.", LEVEE),
        # held out (written after all the rules; "beetle" let in by `whole_for_part`'s first version, which read no
        # comma between the part and the place)
        "beetle": ("The beetle is found across Australia.", BEETLE),
        "bridge": ("The bridge can withstand any storm.", BRIDGE),
        # supported: the deed or the part restated, a source that says the state holds, or the whole place
        "ok_fire": ("The fire was brought under control by Tuesday evening.", FIRE),
        "ok_burning": ("The blaze remains out of control.", BURNING),
        "ok_frog": ("The frog lives only in the cloud forests of western Ecuador.", FROG),
        "ok_italy": ("The dialect is spoken throughout Italy.", ITALY),
        "ok_national": ("The frog is found throughout Ecuador.", NATIONAL),
        "ok_dam": ("The dam was built to withstand a magnitude 7 earthquake.", DAM),
        "ok_levee": ("The new levee is designed to hold back a 100-year flood.", LEVEE),
        "ok_any": ("The dam can withstand any earthquake.", ANY),
        "ok_canada": ("The chain operates stores across Canada.", CANADA),
        "ok_charger": ("The phone works with any charger.", CHARGER),
    }
)
def test_a_state_ended_a_place_widened_or_a_bound_made_any_is_not_verified(got: Verdicts) -> None:
    # "fire" was weak with no reason, "frog" verified: "brought under control" ends no state of `pending._STATES`,
    # "throughout" against "only in ... western Ecuador" and "any earthquake" against "a magnitude 7 earthquake" were
    # read by nothing (`options.whole_for_part`, `options.any_for_bounded`); "dam" was verified
    _assert_flagged(
        got,
        {
            "fire": "swapped:is still burning out of control/controlled",
            "frog": "swapped:throughout/only in",
            "blaze": "swapped:remains out of control/contained",
            "dialect": "swapped:throughout/only in",
            "dam": "swapped:any/magnitude 7",
            "levee": "swapped:any/a 100-year",
            "beetle": "swapped:across/only in",
            "bridge": "swapped:any/category 4",
        },
    )
    _assert_verified(got, tuple(k for k in got if k.startswith("ok_")), clear_of="swapped:")


REMBRANDT = "Of the paintings attributed to Rembrandt in the collection, only one is confirmed."
LETTERS = "Experts examined the 40 letters in the archive; only one was genuine."
DOGS = "Of the 12 rescued dogs, only one was adopted."
HIRED = "Several volunteers were trained; only one was hired."


@claims(
    {
        "rembrandt": ("The collection holds several confirmed paintings by Rembrandt.", REMBRANDT),
        # held out (written after the rule; "letters" let in by its first version, which read the one sentence that
        # holds the claim's words, not the window's next)
        "letters": ("Many of the letters in the archive are genuine.", LETTERS),
        "dogs": ("Several of the rescued dogs were adopted.", DOGS),
        # supported: another word of the several, or the one said too
        "ok_attributed": ("Several paintings in the collection are attributed to Rembrandt.", REMBRANDT),
        "ok_hired": ("Several volunteers were trained, and one was hired.", HIRED),
        "ok_one": ("Only one of the 12 rescued dogs was adopted.", DOGS),
    }
)
def test_several_where_the_source_says_only_one_is_not_verified(got: Verdicts) -> None:
    # "rembrandt" was verified (no reason) (`options.several_for_one`)
    _assert_flagged(
        got,
        {
            "rembrandt": "swapped:several/only one",
            "letters": "swapped:many/only one",
            "dogs": "swapped:several/only one",
        },
    )
    _assert_verified(got, tuple(k for k in got if k.startswith("ok_")), clear_of="swapped:")
