"""The false-alarm sweep, round 11: supported claims the real `citeaudit run` capped (real Parquet, DuckDB and model)
for a fact their source states in another form: a sum in cents or pence against the same sum in dollars, euros or
pounds (`audit/verify/subunits.py`), a negation said as a state, without "not" ("has not yet been approved" / "is
still awaiting approval", "did not have a job" / "unemployed", "None of the passengers died" / "All passengers
survived": `audit/verify/states.py`, `direction._NEGATED`), an organisation by its short name or by initials that
skip "at" ("The Fed" / "the Federal Reserve", "UCLA" / "the University of California at Los Angeles": `keynames`,
`nameforms`), and a score of nothing in words ("ended 0-0" / "Neither team scored": `numwords`). Beside each one, the
wrong claim whose fact the source states otherwise stays below `verified` with its reason; two wrong claims the
round's rules now catch were verified before ("The vaccine has been approved" / "is still awaiting approval", "The
merger has been approved" / "has yet to be approved") (docs/hostile-inputs.md, "The false-alarm sweep, round 11")."""

from __future__ import annotations

from tests.cli.hostile import Verdicts, claims

HARD = ("missing_", "negation_mismatch", "direction_mismatch", "swapped:", "stitched:", "unasserted:", "conditional:")

STAMP = "A stamp costs $0.85 from Monday."
LOAF = "A loaf costs £0.90 at the shop."
DIVIDEND = "The board declared a dividend of $0.12 per share."
FEE = "The fee is 150 cents per transaction."


@claims(
    {
        "cents": ("A stamp costs 85 cents.", STAMP),
        "fare": ("The fare rose to 50 cents.", "The fare rose to $0.50 last year."),
        "pence": ("A loaf costs 90p.", LOAF),
        "soda": ("A can of soda costs 99 cents.", "A can of soda costs $0.99 at the stadium."),
        "us_dollar": ("Each share is worth 25 cents.", "Each share is worth US$0.25 after the split."),
        "euro": ("The toll is €0.70 per car.", "The toll is 70 cents per car."),
        "dividend": ("The dividend is 12 cents a share.", DIVIDEND),
        "other_cents": ("A stamp costs 95 cents.", STAMP),
        "dollars": ("A stamp costs 85 dollars.", STAMP),
        "pounds": ("A loaf costs 90 pounds.", LOAF),
        "dividend_dollars": ("The dividend is 12 dollars a share.", DIVIDEND),
        "fee": ("The fee is $15.", FEE),
    },
    HARD,
)
def test_a_sum_in_cents_or_pence_is_the_sum_in_its_currency(got: Verdicts) -> None:
    # "85 cents" against "$0.85" was missing_number:85 (weak), "50 cents" against "$0.50" missing_number:50
    # (unsupported), "90p" against "£0.90" missing_number:90, "€0.70" against "70 cents" missing_number:0.70: a sum
    # in its currency's hundredth is the same sum in the currency. Another sum, or the number as whole dollars or
    # pounds, stays missing
    for key in ("cents", "fare", "pence", "soda", "us_dollar", "euro", "dividend"):
        assert got[key] == ("verified", []), (key, got)
    for key, reason in (
        ("other_cents", "missing_number:95"),
        ("dollars", "missing_number:85"),
        ("pounds", "missing_number:90"),
        ("dividend_dollars", "missing_number:12"),
        ("fee", "missing_number:15"),
    ):
        assert got[key][0] != "verified" and reason in got[key][1], (key, got)


AWAITING = "The vaccine is still awaiting approval."
MERGER = "The merger has yet to be approved by regulators."


@claims(
    {
        "not_yet": ("The vaccine has not yet been approved.", AWAITING),
        "not_yet_2": ("The drug has not been approved yet.", "The drug is still awaiting approval by the FDA."),
        "awaiting": ("The vaccine is awaiting approval.", "The vaccine has not yet been approved by regulators."),
        "yet_to": ("The merger has not been approved.", MERGER),
        "sentencing": ("He has not been sentenced.", "He is awaiting sentencing after his conviction."),
        "pending": ("The results have not been released yet.", "The results are still pending release."),
        "unresolved": ("The dispute has not been settled.", "The dispute remains unresolved."),
        "approved": ("The vaccine has been approved.", AWAITING),
        "merger_approved": ("The merger has been approved.", MERGER),
    },
    HARD,
)
def test_what_is_still_awaited_is_not_yet_done(got: Verdicts) -> None:
    # "has not yet been approved" against "is still awaiting approval" was negation_mismatch (weak; round 10 left
    # it open), "has not been approved" against "has yet to be approved" the same, "has not been sentenced" against
    # "awaiting sentencing", "not been released yet" against "pending release", "has not been settled" against
    # "remains unresolved". What is awaited is not yet done: "awaiting approval" is the side of a denied approval
    # (`direction`), so "has been approved" against it, verified before, is a direction_mismatch now
    for key in ("not_yet", "not_yet_2", "awaiting", "yet_to", "sentencing", "pending", "unresolved"):
        assert got[key] == ("verified", []), (key, got)
    for key in ("approved", "merger_approved"):
        assert got[key][0] != "verified" and "direction_mismatch" in got[key][1], (key, got)


@claims(
    {
        "stayed_on": ("The CEO stayed on.", "The CEO did not resign."),
        "unemployed": ("He was unemployed.", "He did not have a job."),
        "jobless": ("She was jobless for two years.", "She did not have a job for two years."),
        "survived": ("All passengers survived.", "None of the passengers died."),
        "on_board": ("Everyone on board survived.", "Nobody on board died, the airline said."),
        "missed": ("She missed the meeting.", "She did not attend the meeting."),
        "skipped": ("The president skipped the summit.", "The president did not attend the summit in Rome."),
        "absent": ("She was absent from the vote.", "She did not take part in the vote."),
        "closed": ("The bridge remains closed.", "The bridge has not reopened since the flood."),
        "missing": ("The missing hiker has not been found.", "The missing hiker is still missing."),
        "resigned": ("The CEO resigned.", "The CEO did not resign."),
        "some_died": ("Some passengers died.", "Nobody on board died, the airline said."),
        "all_died": ("Everyone died in the crash.", "All of the passengers survived the crash."),
        "reopened": ("The bridge has reopened.", "The bridge remains closed since the flood."),
        "raised": ("The central bank raised rates.", "The central bank did not change interest rates on Thursday."),
    },
    HARD,
)
def test_a_negation_said_as_a_state_is_one(got: Verdicts) -> None:
    # "stayed on" against "did not resign" was negation_mismatch (weak), "unemployed" / "jobless" against "did not
    # have a job" the same, "All passengers survived" against "None of the passengers died" negation_mismatch and
    # direction_mismatch ("none of" negated nothing), "missed" / "skipped" / "absent" against "did not attend" /
    # "did not take part", "remains closed" against "has not reopened", "has not been found" against "is still
    # missing". The claim that states what the source denies keeps its reason
    for key in ("unemployed", "jobless", "survived", "on_board", "missed", "skipped", "absent"):
        assert got[key] == ("verified", []), (key, got)
    assert got["stayed_on"][1] == [], got  # no reason left; the refitted model (verified 0.46) holds it weak
    for key in ("closed", "missing"):
        assert got[key] == ("verified", []), (key, got)
    for key, reason in (
        ("resigned", "negation_mismatch"),
        ("some_died", "negation_mismatch"),
        ("all_died", "direction_mismatch"),
        ("reopened", "direction_mismatch"),
        ("raised", "negation_mismatch"),
    ):
        assert got[key][0] != "verified" and reason in got[key][1], (key, got)


@claims(
    {
        "at_large": ("The suspect is still at large.", "The suspect has not been caught, police said."),
        "not_caught": ("The suspect has not been caught.", "The suspect remains at large, police said."),
        "on_hold": ("Rates were kept on hold.", "The bank did not change rates."),
        "held_steady": ("The central bank held rates steady.", "The central bank did not change interest rates."),
        "in_force": ("The law is still in force.", "The law has not been repealed."),
        "never_found": ("The painting was never found.", "The painting is still missing."),
        "delayed": ("The flight did not leave on time.", "The flight was delayed."),
        "still_pending": ("The deal has not been finalised.", "The deal is still pending, the company said."),
    },
    HARD,
)
def test_a_state_said_otherwise_loses_its_negation_mismatch(got: Verdicts) -> None:
    # each was negation_mismatch ("at large" / "has not been caught" unsupported); the rule no longer fires, but the
    # model alone still holds them below verified (its negation feature changes: the lead refits)
    for key in ("at_large", "not_caught", "on_hold", "held_steady", "in_force", "never_found", "delayed"):
        assert got[key][1] == [], (key, got)
    assert got["still_pending"][1] == [], got


@claims(
    {
        "fed": ("The Fed raised interest rates.", "The Federal Reserve raised interest rates on Wednesday."),
        "fed_june": ("The Fed held rates steady in June.", "In June the Federal Reserve held rates steady."),
        "written_out": ("The Federal Reserve raised rates.", "The Fed raised rates on Wednesday, its third rise."),
        "us_fed": ("The Fed cut rates in March.", "The US Federal Reserve cut rates in March."),
        "ucla": ("He taught at UCLA.", "He taught at the University of California at Los Angeles."),
        "uic": ("UIC is located in Chicago.", "The University of Illinois at Chicago is located in Chicago, Illinois."),
        "ecb": ("The ECB raised interest rates.", "The Federal Reserve raised interest rates on Wednesday."),
        "fed_up": ("The Federal Reserve raised rates.", "Investors fed up with the delay sold bonds."),
        "ucsb": ("He taught at UCSB.", "He taught at the University of California at Los Angeles."),
    },
    HARD,
)
def test_an_organisation_by_its_short_name_or_initials_is_named(got: Verdicts) -> None:
    # "The Fed" against "the Federal Reserve" was missing_name:Fed (weak), "The Federal Reserve" against "The Fed"
    # missing_name:Federal, :Reserve, "UCLA" against "the University of California at Los Angeles" missing_name:UCLA
    # and "UIC" against "the University of Illinois at Chicago" missing_name:UIC (a name's "at" ended its run of
    # capitalised words). Another organisation's initials stay missing, and "fed up" names no Federal Reserve
    for key in ("fed", "fed_june", "written_out", "us_fed", "ucla"):
        assert got[key] == ("verified", []), (key, got)
    assert got["uic"][1] == [], got  # no missing name; the model alone holds it weak
    for key, reason in (
        ("ecb", "missing_name:ECB"),
        ("fed_up", "missing_name:Federal"),
        ("ucsb", "missing_name:UCSB"),
    ):
        assert got[key][0] != "verified" and reason in got[key][1], (key, got)


@claims(
    {
        "neither": ("Neither team scored.", "The match ended 0-0."),
        "ended_nil": ("The match ended 0-0.", "Neither team scored in the match on Sunday."),
        "goalless": ("The game ended in a goalless draw.", "Neither side scored in the game on Saturday."),
        "draw": ("Neither side scored.", "The derby ended in a 0-0 draw."),
        "one_one": ("Neither team scored.", "The match ended 1-1."),
        "one_nil": ("The match ended 1-0.", "Neither team scored in the match on Sunday."),
    },
    HARD,
)
def test_a_score_of_nothing_in_words_is_nil(got: Verdicts) -> None:
    # "Neither team scored" against "ended 0-0" was negation_mismatch (unsupported; round 10 left it open), "ended
    # 0-0" against "Neither team scored" missing_number:0 and negation_mismatch. The rules no longer fire (the model
    # alone holds them weak); a score the source does not state keeps its reason
    for key in ("neither", "ended_nil", "goalless", "draw"):
        assert got[key][1] == [], (key, got)
    for key, reason in (("one_one", "negation_mismatch"), ("one_nil", "missing_number:1")):
        assert got[key][0] != "verified" and reason in got[key][1], (key, got)


UNBEATEN = "The team has not lost a game this season."
PENALTY = "He failed to score from the penalty spot."
MATCH = "The match did not go ahead as planned and will be played later."
SCHOOL = "Tom DeLonge didn't finish middle school and formed Blink-182 with Mark Hoppus."


@claims(
    {
        "not_lost": ("The team has not lost this season.", "The team remains unbeaten this season."),
        "unbeaten": ("The team is unbeaten this season.", UNBEATEN),
        "missed": ("He missed the penalty.", PENALTY),
        "postponed": ("The match was postponed.", MATCH),
        "dropped_out": ("Tom DeLonge dropped out of middle school.", SCHOOL),
        "abandoned": ("The plan was abandoned.", "The plan was never carried out and was dropped."),
        "lost": ("The team has lost a game this season.", UNBEATEN),
        "scored": ("He scored the penalty.", PENALTY),
        "played": ("The match was played.", MATCH),
        "finished": ("Tom DeLonge finished middle school.", SCHOOL),
    },
    HARD,
)
def test_a_run_unbeaten_a_penalty_missed_a_match_postponed_are_negations(got: Verdicts) -> None:
    # "has not lost" against "remains unbeaten" was negation_mismatch (weak), "unbeaten" against "has not lost a
    # game" the same, "missed the penalty" against "failed to score from the penalty spot" ("failed to" now denies
    # a word as "not" does), "postponed" against "did not go ahead", "dropped out of" against "didn't finish", "was
    # abandoned" against "was never carried out" (a training pair's supported claim, rewritten). The claim that
    # states what the source denies keeps its mismatch
    for key in ("missed", "postponed", "dropped_out"):
        assert got[key] == ("verified", []), (key, got)
    for key in ("unbeaten", "abandoned", "not_lost"):  # no rule; the model alone holds them weak (not_lost: refit)
        assert got[key][1] == [], (key, got)
    for key in ("lost", "scored", "played", "finished"):
        assert got[key][0] != "verified" and "negation_mismatch" in got[key][1], (key, got)


BRIDGE = "The bridge is 1,500 metres long."


@claims(
    {
        "km": ("The bridge is 1.5 km long.", BRIDGE),
        "kg": ("The bag weighs 2 kg.", "The bag weighs 2,000 grams."),
        "ml": ("The bottle holds 500 ml.", "The bottle holds 0.5 litres."),
        "other_km": ("The bridge is 1.6 km long.", BRIDGE),
        "rounded": ("The bridge is 1.5 km long.", "The bridge is 1,523 metres long."),
        "miles": ("The bridge is 1.5 miles long.", BRIDGE),
    },
    HARD,
)
def test_a_metric_measure_under_another_prefix_is_the_same_measure(got: Verdicts) -> None:
    # "1.5 km" against "1,500 metres" was missing_number:1.5 (weak), "2 kg" against "2,000 grams" missing_number:2,
    # "500 ml" against "0.5 litres" missing_number:500: a metric prefix is notation, found where the value is the
    # very same. Another value, a rounding ("1,523 metres") and another system's unit stay missing (a conversion the
    # claim alone gives is looked up as written: docs/hostile-inputs.md, the false-alarm sweep round 2)
    for key in ("km", "kg"):
        assert got[key] == ("verified", []), (key, got)
    assert got["ml"][1] == [], got  # no reason left; the refitted model (verified 0.46) holds it weak
    for key, reason in (
        ("other_km", "missing_number:1.6"),
        ("rounded", "missing_number:1.5"),
        ("miles", "missing_number:1.5"),
    ):
        assert got[key][0] != "verified" and reason in got[key][1], (key, got)
