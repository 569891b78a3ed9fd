"""Leftovers of round 15's sweeps: wrong claims that came out `verified` because their source says the opposite
without a negation word ("Photons have mass" against "Photons are massless") or because the claim copies a sentence
but for the "no" of its bound ("Fewer than 40 people died" in "No fewer than 40 people died"), and supported claims
capped by a window's negation they do not restate ("The café only takes cash" against "is cash only and does not
accept cards", "He remains in custody" against "remains in custody without charge"); each beside its counterpart,
all through one real `citeaudit run` on real Parquet and DuckDB files (docs/hostile-inputs.md, "Leftovers, round
15")."""

from __future__ import annotations

from tests.cli.hostile import Verdicts, claims
from tests.cli.test_hostile_verdicts import _assert_flagged, _assert_verified

PHOTON = "Photons are massless and always travel at the speed of light in a vacuum."
HOMELESS = "After losing his job in 2009, he was homeless for two years."
WIRELESS = "The new headphones are wireless and weigh 250 grams."
CHILDLESS = "The couple remained childless and left their estate to the local library."
SHELTER = "The charity runs a shelter for the homeless in the old town hall."


@claims(
    {
        "mass": ("Photons have mass.", "Photons are massless."),
        "mass_long": ("Photons have mass and always travel at the speed of light in a vacuum.", PHOTON),
        "home": ("After losing his job in 2009, he had a home for two years.", HOMELESS),
        "wires": ("The new headphones have wires and weigh 250 grams.", WIRELESS),
        # held out (written after the rule): a plural noun
        "children": ("The couple had children and left their estate to the local library.", CHILDLESS),
        # supported: what one has none of said with "no" (round 12), what the source says besides, "the homeless"
        "ok_no_mass": ("Photons have no mass.", PHOTON),
        "ok_speed": ("Photons always travel at the speed of light in a vacuum.", PHOTON),
        "ok_no_home": ("After losing his job in 2009, he had no home for two years.", HOMELESS),
        "ok_weigh": ("The new headphones weigh 250 grams.", WIRELESS),
        "ok_shelter": ("The charity has a shelter for the homeless in the old town hall.", SHELTER),
    }
)
def test_having_what_the_source_says_one_is_without_is_not_verified(got: Verdicts) -> None:
    # each was verified (no reason), "had a home" weak with none: neither side negates with a word, and "-less" was
    # read as "without" only against a negated side ("has no mass" / "massless": `states.said_without`)
    _assert_flagged(
        got,
        {k: "negation_mismatch" for k in ("mass", "mass_long", "home", "wires", "children")},
    )
    _assert_verified(got, tuple(k for k in got if k.startswith("ok_")), clear_of="negation_mismatch")


DEATHS = "No fewer than 40 people died in the fire, officials said."
FLOOD = "The council said that no fewer than 300 homes were damaged by the flood."
OFFICIALS = "Fewer than 40 people died in the fire, officials said."
TICKETS = "No more than 25 euros was charged for each ticket."


@claims(
    {
        "fewer": ("Fewer than 40 people died.", "No fewer than 40 people died."),
        "fewer_long": ("Fewer than 40 people died in the fire, officials said.", DEATHS),
        "homes": ("Fewer than 300 homes were damaged by the flood.", FLOOD),
        # held out (written after the rule): an upper bound turned round
        "more": (
            "More than 25 euros was charged for each ticket.",
            "No more than 25 euros was charged for each ticket.",
        ),
        # supported: the bound in plain words (round 12), the sentence copied with its "no"
        "ok_at_least": ("At least 40 people died.", "No fewer than 40 people died."),
        "ok_copied": ("No fewer than 300 homes were damaged by the flood.", FLOOD),
        "ok_plain": (
            "Fewer than 40 people died in the fire.",
            "Fewer than 40 people died in the fire, officials said.",
        ),
    }
)
def test_a_bound_copied_without_its_no_is_not_verified(got: Verdicts) -> None:
    # each was verified (exact_match): the claim is a verbatim part of its source, the "no" before it left out
    _assert_flagged(got, {k: "unasserted:no" for k in ("fewer", "fewer_long", "homes", "more")})
    _assert_verified(got, tuple(k for k in got if k.startswith("ok_")), clear_of="unasserted:")


CAFE = "The café is cash only and does not accept cards."
DRUG = "The syrup is safe for children and does not cause drowsiness."
SHOP = "The shop opens at nine and never closes before six in the evening."


@claims(
    {
        "ok_cash": ("The café only takes cash.", CAFE),
        "ok_safe": ("The syrup is safe for children.", DRUG),
        # held out (written after the rule): "and never"
        "ok_nine": ("The shop opens at nine.", SHOP),
        # wrong: the claim restates the negated verb
        "cards": ("The café accepts cards.", CAFE),
        "drowsy": ("The syrup causes drowsiness.", DRUG),
    }
)
def test_a_claim_restating_the_clause_before_an_and_not_is_no_negation_mismatch(got: Verdicts) -> None:
    # "The café only takes cash" was weak with negation_mismatch: the window's "does not accept cards" is a clause
    # of its own that the claim does not restate, as after ", but" (`clauses.restated_in_plain_clause`)
    _assert_verified(got, tuple(k for k in got if k.startswith("ok_")), clear_of="negation_mismatch")
    _assert_flagged(got, {"cards": "negation_mismatch", "drowsy": "negation_mismatch"})


DETAINED = "The journalist was detained in March and remains in custody without charge."
OUTAGE = "The village was without power for three days after the storm."


@claims(
    {
        "ok_custody": ("He remains in custody.", "He remains in custody without charge."),
        "ok_journalist": ("The journalist remains in custody.", DETAINED),
        # held out (written after the rule): another "without"
        "ok_storm": ("The village was hit by a storm.", OUTAGE),
        # wrong: the claim names what the source is without
        "charged": ("The journalist was charged in March.", DETAINED),
        "power": ("The village had power for three days after the storm.", OUTAGE),
    }
)
def test_a_without_that_the_claim_leaves_out_is_no_negation_mismatch(got: Verdicts) -> None:
    # "The journalist remains in custody" was weak with negation_mismatch: the window's "without charge" adds to
    # what the claim says (`unnegated.without_unnamed`); a claim naming what it is without keeps the mismatch
    _assert_verified(got, tuple(k for k in got if k.startswith("ok_")), clear_of="negation_mismatch")
    _assert_flagged(got, {"charged": "negation_mismatch", "power": "negation_mismatch"})
