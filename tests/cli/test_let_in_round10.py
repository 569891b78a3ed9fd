"""The "nothing let in" sweep, round 10: wrong claims that state the other side without a negation word (voted
against, convicted, turned down, lost money, a minority), a quantity, an order, a degree or a frequency moved by a
word and not a digit, and a condition left out, on short news, science, business and sport sources, that came out
`verified`, each beside correct paraphrases that must stay `verified`; all through one real `citeaudit run` on real
Parquet and DuckDB files (docs/hostile-inputs.md, "The let-in sweep, round 10")."""

from __future__ import annotations

from tests.cli.hostile import Verdicts, claims
from tests.cli.test_hostile_verdicts import _assert_flagged, _assert_verified

BUDGET = "The parliament voted in favour of the budget on Tuesday."
MINISTER = "The court acquitted the former minister of fraud."
MURDER = "The jury found the defendant guilty of murder."
TAKEOVER = "Shareholders approved the takeover bid."
LANDLORD = "The judge upheld the complaint against the landlord."
PLAN = "The city council voted against the plan to close the library."
OFFER = "The board accepted the offer from the investors."


@claims(
    {
        "voted_against": ("On Tuesday the parliament voted against the budget.", BUDGET),
        "voted_for": ("The plan to close the library was backed by the city council.", PLAN),
        "convicted": ("The former minister was convicted of fraud by the court.", MINISTER),
        "acquitted": ("The defendant was acquitted of murder by the jury.", MURDER),
        "turned_down": ("The takeover bid was turned down by shareholders.", TAKEOVER),
        "dismissed": ("The judge dismissed the complaint against the landlord.", LANDLORD),
        # supported: the same side in other words
        "ok_backed": ("On Tuesday the parliament backed the budget.", BUDGET),
        "ok_opposed": ("The plan to close the library was opposed by the city council.", PLAN),
        "ok_cleared": ("The former minister was cleared of fraud by the court.", MINISTER),
        "ok_convicted": ("The defendant was convicted of murder by the jury.", MURDER),
        "ok_approval": ("The takeover bid won the approval of shareholders.", TAKEOVER),
        "ok_agreed": ("The board agreed to the investors' offer.", OFFER),
        "ok_ruled_for": ("The judge ruled in favour of the complaint against the landlord.", LANDLORD),
        "ok_dismissed_appeal": (
            "The court dismissed the appeal.",
            "The court upheld the ruling of the lower court and dismissed the appeal.",
        ),
    }
)
def test_a_decision_or_a_verdict_said_the_other_way_in_other_words_is_not_verified(got: Verdicts) -> None:
    # each was verified (no reason): the claim, worded and ordered otherwise (no copy for `swaps` to read), states the
    # other side of a vote, a verdict, an offer or a complaint, in words `direction.py` did not know ("voted against",
    # "voted for", "acquitted", "convicted", "guilty", "turned down", "dismissed the complaint")
    _assert_flagged(got, {k: "direction_mismatch" for k in got if not k.startswith("ok_")})
    _assert_verified(got, tuple(k for k in got if k.startswith("ok_")), clear_of="direction_mismatch")


BANK = "Shares in the bank gained 4 percent on Monday."
CURRENCY = "The currency lost 3 percent against the dollar."
ELECTION = "The incumbent won the election by a wide margin."
FINAL = "Spain won the final against England."
WAITING = "The waiting list was cut in half last year."
AIRLINE = "The airline made a profit in 2022."
LOSS = "The chain reported a loss for the year."
CARMAKER = "The carmaker hired 200 workers in June."


@claims(
    {
        "shares_lost": ("On Monday the bank's shares lost 4 percent.", BANK),
        "currency_gained": ("Against the dollar, the currency gained 3 percent.", CURRENCY),
        "was_defeated": ("The incumbent was defeated in the election by a wide margin.", ELECTION),
        "were_beaten": ("Spain were beaten in the final by England.", FINAL),
        "doubled": ("The waiting list doubled last year.", WAITING),
        "lost_money": ("In 2022 the airline lost money.", AIRLINE),
        "profit": ("For the year the chain was profitable.", LOSS),
        "laid_off": ("In June the carmaker laid off 200 workers.", CARMAKER),
        # supported: the same side in other words, or the two sides of a contest turned with its verb
        "ok_rose": ("On Monday the bank's shares rose 4 percent.", BANK),
        "ok_fell": ("Against the dollar, the currency fell 3 percent.", CURRENCY),
        "ok_reelected": ("The incumbent was re-elected by a wide margin.", ELECTION),
        "ok_beaten": ("England were beaten in the final by Spain.", FINAL),
        "ok_lost_to": ("The team lost 2-1 to the champions.", "The champions won 2-1 against the team."),
        "ok_halved": ("Last year the waiting list was halved.", WAITING),
        "ok_profitable": ("In 2022 the airline was profitable.", AIRLINE),
        "ok_lost_money": ("For the year the chain lost money.", LOSS),
        "ok_took_on": ("In June the carmaker took on 200 workers.", CARMAKER),
    }
)
def test_a_gain_or_a_loss_said_the_other_way_in_other_words_is_not_verified(got: Verdicts) -> None:
    # each was verified (no reason): "lost 4 percent" was read only as a contest's loss, "was defeated" and "were
    # beaten" as no side, "cut in half" as no change, and profit / loss, hired / laid off were no opposition of
    # `direction.py`
    _assert_flagged(got, {k: "direction_mismatch" for k in got if not k.startswith("ok_")})
    _assert_verified(got, tuple(k for k in got if k.startswith("ok_")), clear_of="direction_mismatch")


FILM = "Critics gave the film positive reviews."
VIRUS = "The patient tested negative for the virus."
SUMMER = "Last summer was the warmest on record in Europe."
WINTER = "The winter was colder than usual in Canada."
REFERENDUM = "A majority of voters supported the proposal in the referendum."
OPERATION = "The patient survived the operation."
PENALTY = "The striker scored the penalty in the final minute."
EARTHQUAKE = "The earthquake was followed by a tsunami."


@claims(
    {
        "negative_reviews": ("The film received negative reviews from critics.", FILM),
        "positive_test": ("The test for the virus came back positive.", VIRUS),
        "coolest": ("In Europe, last summer was the coolest on record.", SUMMER),
        "warmer": ("The winter in Canada was warmer than usual.", WINTER),
        "minority": ("In the referendum, only a minority of voters backed the proposal.", REFERENDUM),
        "died": ("The patient died during the operation.", OPERATION),
        "missed": ("In the final minute the striker missed the penalty.", PENALTY),
        "preceded": ("The earthquake was preceded by a tsunami.", EARTHQUAKE),
        # supported: the same side in other words, or a sequence said from its other end
        "ok_favourable": ("The film received favourable reviews from critics.", FILM),
        "ok_negative": ("The test for the virus came back negative.", VIRUS),
        "ok_hottest": ("In Europe, last summer was the hottest on record.", SUMMER),
        "ok_colder": ("Canada had a colder winter than normal.", WINTER),
        "ok_most": ("In the referendum, most voters backed the proposal.", REFERENDUM),
        "ok_majority": ("The proposal was backed by a majority of voters in the referendum.", REFERENDUM),
        "ok_alive": ("The patient came through the operation alive.", OPERATION),
        "ok_converted": ("In the final minute the striker converted the penalty.", PENALTY),
        "ok_followed": ("A tsunami followed the earthquake.", EARTHQUAKE),
        "ok_preceded": ("The tsunami was preceded by the earthquake.", EARTHQUAKE),
    }
)
def test_a_judgement_an_extreme_a_share_an_outcome_or_a_sequence_said_the_other_way_is_not_verified(
    got: Verdicts,
) -> None:
    # each was verified (no reason): positive / negative, warmest / coolest, warmer / colder, majority / minority,
    # survived / died, scored / missed and "was followed by" / "was preceded by" were no opposition of `direction.py`
    _assert_flagged(got, {k: "direction_mismatch" for k in got if not k.startswith("ok_")})
    _assert_verified(got, tuple(k for k in got if k.startswith("ok_")), clear_of="direction_mismatch")


DEAL = "Subject to regulatory approval, the deal will close in May."
TAX = "Pending a final vote, the tax will rise to 20 percent."
DRAW = "In the event of a draw, the match goes to penalties."
REVENUE = "Assuming the economy keeps growing, tax revenue will rise by 4 percent."
LOAN = "Conditional on budget cuts, the fund will lend the country 3 billion euros."


@claims(
    {
        "subject_to": ("The deal will close in May.", DEAL),
        "pending": ("The tax will rise to 20 percent.", TAX),
        "in_the_event_of": ("The match goes to penalties.", DRAW),
        "assuming": ("Tax revenue will rise by 4 percent.", REVENUE),
        "conditional_on": ("The fund will lend the country 3 billion euros.", LOAN),
        # supported: the condition kept, or a deed done subject to conditions or pending another (it is done)
        "ok_if": ("The deal will close in May if regulators approve it.", DEAL),
        "ok_subject_to": ("Subject to regulatory approval, the deal will close in May.", DEAL),
        "ok_vote": ("If the final vote passes, the tax will rise to 20 percent.", TAX),
        "ok_draw": ("If there is a draw, the match goes to penalties.", DRAW),
        "ok_released": (
            "The suspect was released on bail.",
            "Pending trial, the suspect was released on bail.",
        ),
        "ok_approved": (
            "The merger was approved by regulators.",
            "Subject to conditions, the merger was approved by regulators.",
        ),
    }
)
def test_a_condition_opened_by_subject_to_pending_or_in_the_event_of_left_out_is_not_verified(got: Verdicts) -> None:
    # each was verified as an exact match: the claim is the consequent of its sentence, whose condition opens it with
    # words `asserted.dropped_condition` did not read as one ("subject to", "pending", "in the event of", "assuming",
    # "conditional on")
    _assert_flagged(
        got,
        {
            "subject_to": "conditional:subject to",
            "pending": "conditional:pending",
            "in_the_event_of": "conditional:in the event of",
            "assuming": "conditional:assuming",
            "conditional_on": "conditional:conditional on",
        },
    )
    _assert_verified(got, tuple(k for k in got if k.startswith("ok_")), clear_of="conditional:")


ENGINE = "The new engine is slightly larger than the old one."
PHONE = "The new phone is marginally cheaper than its predecessor."
SURVIVAL = "Survival rates were significantly higher in the second group."
RIVER = "The river is much wider at the mouth."
BOARD = "The board initially rejected the offer."
COURT = "The court at first dismissed the case."


@claims(
    {
        "much_larger": ("The new engine is much larger than the old one.", ENGINE),
        "far_cheaper": ("The new phone is far cheaper than its predecessor.", PHONE),
        "slightly_higher": ("Survival rates were slightly higher in the second group.", SURVIVAL),
        "a_little_wider": ("The river is a little wider at the mouth.", RIVER),
        "eventually": ("The board eventually rejected the offer.", BOARD),
        "ultimately": ("The court ultimately dismissed the case.", COURT),
        # supported: the same degree or the same time in other words
        "ok_a_little": ("The new engine is a little larger than the old one.", ENGINE),
        "ok_marginally": ("The new phone costs marginally less than its predecessor.", PHONE),
        "ok_considerably": ("Survival rates were considerably higher in the second group.", SURVIVAL),
        "ok_far_wider": ("The river is far wider at the mouth.", RIVER),
        "ok_at_first": ("At first the board rejected the offer.", BOARD),
        "ok_initially": ("The court initially dismissed the case.", COURT),
    }
)
def test_a_degree_or_a_time_of_a_copied_sentence_said_otherwise_is_not_verified(got: Verdicts) -> None:
    # each was verified (no reason): a copy of its sentence but for a word of degree ("much", "far", "a little" for
    # "slightly", "slightly" for "significantly") or of time ("eventually" for "initially") that no class or pair of
    # `opposites.py` held
    _assert_flagged(
        got,
        {
            "much_larger": "swapped:much/slightly",
            "far_cheaper": "swapped:far/marginally",
            "slightly_higher": "swapped:slightly/significantly",
            "a_little_wider": "swapped:a little/much",
            "eventually": "swapped:eventually/initially",
            "ultimately": "swapped:ultimately/at first",
        },
    )
    _assert_verified(got, tuple(k for k in got if k.startswith("ok_")), clear_of="swapped:")


MAGAZINE = "The magazine is published weekly."
FERRY = "The ferry sails to the island once a week."
DIVIDEND = "The company pays its dividend quarterly."
HEARINGS = "The council holds public hearings twice a year."


@claims(
    {
        "every_month": ("The magazine comes out every month.", MAGAZINE),
        "every_day": ("Every day a ferry sails to the island.", FERRY),
        "once_a_year": ("Once a year the company pays out its dividend.", DIVIDEND),
        "monthly": ("Public hearings are held by the council monthly.", HEARINGS),
        # supported: the same rate in other words, or a window stating the claim's rate beside another
        "ok_every_week": ("The magazine comes out every week.", MAGAZINE),
        "ok_weekly": ("A ferry sails to the island weekly.", FERRY),
        "ok_three_months": ("The company pays its dividend every three months.", DIVIDEND),
        "ok_six_months": ("Public hearings are held by the council every six months.", HEARINGS),
        "ok_times_daily": (
            "Patients take the tablet three times daily.",
            "Patients take the tablet three times a day.",
        ),
        "ok_summer": (
            "The bus to the lake runs daily in summer.",
            "The bus to the lake runs weekly in winter and daily in summer.",
        ),
    }
)
def test_how_often_said_otherwise_in_other_words_is_not_verified(got: Verdicts) -> None:
    # each was verified (no reason): worded otherwise, no copy for `swaps` to read its period in the place of the
    # sentence's, and no rule compared how often a claim and its source say a thing happens (`frequency.py`)
    _assert_flagged(
        got,
        {
            "every_month": "swapped:every month/weekly",
            "every_day": "swapped:every day/once a week",
            "once_a_year": "swapped:once a year/quarterly",
            "monthly": "swapped:monthly/twice a year",
        },
    )
    _assert_verified(got, tuple(k for k in got if k.startswith("ok_")), clear_of="swapped:")


LAWSUIT = "The company's rival filed the lawsuit in April."
SONG = "The singer's father wrote the song in 1975."
INNOCENT = "The defendant's lawyer told the court that he was innocent."
CONTRACT = "The minister's predecessor signed the contract in 2015."
FOUNDED = "Her husband founded the company in 1998."


@claims(
    {
        "rival": ("The company filed the lawsuit in April.", LAWSUIT),
        "father": ("The singer wrote the song in 1975.", SONG),
        "lawyer": ("The defendant told the court that he was innocent.", INNOCENT),
        "predecessor": ("The minister signed the contract in 2015.", CONTRACT),
        "husband": ("She founded the company in 1998.", FOUNDED),
        # supported: the other party kept, or a body said for its spokesman
        "ok_rival": ("In April the company's rival filed the lawsuit.", LAWSUIT),
        "ok_father": ("The song was written by the singer's father in 1975.", SONG),
        "ok_husband": ("The company was founded by her husband in 1998.", FOUNDED),
        "ok_spokesman": (
            "The company said that profits would rise.",
            "The company's spokesman said that profits would rise.",
        ),
    }
)
def test_a_deed_of_a_kinsman_rival_or_lawyer_given_to_the_party_named_with_him_is_not_verified(got: Verdicts) -> None:
    # each was verified (no reason): the claim copies its sentence but for "'s rival", "'s father", "'s lawyer" or
    # "'s predecessor" after its subject, or says "She" for "Her husband", and gives the deed to the party the other
    # is named by (`left_out.dropped_holder`)
    _assert_flagged(
        got,
        {
            "rival": "swapped:company/company's rival",
            "father": "swapped:singer/singer's father",
            "lawyer": "swapped:defendant/defendant's lawyer",
            "predecessor": "swapped:minister/minister's predecessor",
            "husband": "swapped:she/her husband",
        },
    )
    _assert_verified(got, tuple(k for k in got if k.startswith("ok_")), clear_of="swapped:")


SALES = "Sales were the highest since 2008."
RIVER_LEVEL = "The river reached its highest level in 40 years."
JOBLESS = "Unemployment fell to its lowest level since 1970."
OCTOBER = "It was the warmest October in a decade."


@claims(
    {
        "ever": ("Sales were the highest ever.", SALES),
        "on_record": ("The river reached its highest level on record.", RIVER_LEVEL),
        "lowest_ever": ("Unemployment fell to its lowest level ever.", JOBLESS),
        "all_time": ("It was the warmest October of all time.", OCTOBER),
        # supported: the same bound in other words, or an unbounded superlative said two ways
        "ok_since": ("Sales reached their highest level since 2008.", SALES),
        "ok_forty_years": ("The river reached its highest level for 40 years.", RIVER_LEVEL),
        "ok_on_record": ("Sales were the highest on record.", "Sales were the highest ever."),
    }
)
def test_a_superlative_bounded_in_time_stated_as_the_most_ever_is_not_verified(got: Verdicts) -> None:
    # each was verified (no reason): a copy of its sentence but for "ever", "on record" or "of all time" in the place
    # of the bound "since 2008", "in 40 years", "in a decade" (`left_out.time_widened`)
    _assert_flagged(
        got,
        {
            "ever": "swapped:ever/since 2008",
            "on_record": "swapped:on record/in 40 years",
            "lowest_ever": "swapped:ever/since 1970",
            "all_time": "swapped:of all time/in a decade",
        },
    )
    _assert_verified(got, tuple(k for k in got if k.startswith("ok_")), clear_of="swapped:")


TRAIN = "The train reaches a speed of 300 km/h."
WIND = "Gusts of wind reached 120 mph on the coast."
YACHT = "The yacht sailed at 20 knots."


@claims(
    {
        "mph": ("The train reaches a speed of 300 mph.", TRAIN),
        "km_h": ("Gusts of wind reached 120 km/h on the coast.", WIND),
        "mph_knots": ("The yacht sailed at 20 mph.", YACHT),
        # supported: the same unit in other words
        "ok_train": ("The train can reach 300 km/h.", TRAIN),
        "ok_wind": ("On the coast, gusts of wind reached 120 mph.", WIND),
        "ok_kph": ("The train reaches a speed of 300 kph.", TRAIN),
        "ok_knots": ("The yacht sailed at a speed of 20 knots.", YACHT),
    }
)
def test_a_unit_of_speed_changed_in_a_copy_is_not_verified(got: Verdicts) -> None:
    # each was verified (no reason): "mph", "km/h", "knots" were no unit of `opposites.py`, so a copy with one in the
    # place of another changed no word a class held
    _assert_flagged(got, {"mph": "swapped:mph/km h", "km_h": "swapped:km h/mph", "mph_knots": "swapped:mph/knots"})
    _assert_verified(got, tuple(k for k in got if k.startswith("ok_")), clear_of="swapped:")


SCHOOLS = "Nearly every school in the district closed during the storm."
RESEARCH = "Only a small share of the budget goes to research."
RESIDENTS = "Most of the residents voted in the election."


@claims(
    {
        "handful": ("A handful of schools in the district closed during the storm.", SCHOOLS),
        "most_of": ("Most of the budget goes to research.", RESEARCH),
        "just_a_few": ("In the election, just a few of the residents voted.", RESIDENTS),
        # supported: the same share in other words
        "ok_almost_all": ("Almost all schools in the district closed during the storm.", SCHOOLS),
        "ok_small_part": ("A small part of the budget goes to research.", RESEARCH),
        "ok_majority": ("In the election, the majority of residents voted.", RESIDENTS),
    }
)
def test_most_for_a_few_or_a_few_for_most_said_in_other_words_is_not_verified(got: Verdicts) -> None:
    # each was verified (no reason): "a handful of", "just a few of" against "nearly every", "most of", and "most of"
    # against "a small share of", were no opposition of `direction.py` (only "majority" / "minority" was)
    _assert_flagged(got, {k: "direction_mismatch" for k in got if not k.startswith("ok_")})
    _assert_verified(got, tuple(k for k in got if k.startswith("ok_")), clear_of="direction_mismatch")
