"""The "nothing let in" sweep, round 9: wrong claims made by the edits the perturbation test finds weakest (a word in
the place of its antonym, a negation, a quantifier, a modality, two roles swapped, a comparison turned round), on
short news, science, business and sport sources, that came out `verified`, each beside correct paraphrases that
must stay `verified`; each through the real `citeaudit run` on real Parquet and DuckDB files (docs/hostile-inputs.md,
"The let-in sweep, round 9")."""

from __future__ import annotations

from pathlib import Path

from tests.cli.hostile import claim_verdicts
from tests.cli.test_hostile_verdicts import _assert_flagged, _assert_verified

DRUG = "The new drug is safer than the older treatment."
EXAM = "The exam was easier this year than last year."
MINERAL = "The mineral is abundant in the region."
PAYMENTS = "The company disclosed the payments to regulators."
MERGER = "The merger was completed in 2019."
PROJECT = "The project was finished on time."
FINAL = "The team defeated their rivals in the final."
COFFEE = "Coffee consumption was associated with a lower risk of diabetes."
REPORT = "The report praised the hospital's emergency care."
ALLIES = "The two countries have been allies since 1949."
LEADER = "Smith was the predecessor of Jones as party leader."
FUND = "The fund recorded net inflows of 2 billion dollars in May."
CLIMB = "The first attempt to climb the north face succeeded in 1938."


def test_a_word_in_the_place_of_its_antonym_is_not_verified(tmp_path: Path) -> None:
    # each was verified (no reason): the antonyms (safe / dangerous, easy / hard, abundant / scarce, disclosed /
    # concealed, completed / abandoned, on time / late, defeated / lost to, lower / increased, praised / criticised,
    # allies / enemies, predecessor / successor, inflows / outflows, succeeded / failed) were in no table of
    # `opposites.py`; read only between two copies of one sentence (`_COPY_PAIRS`)
    got = claim_verdicts(
        tmp_path,
        {
            "riskier": (DRUG.replace("safer", "riskier"), DRUG),
            "more_dangerous": (DRUG.replace("safer", "more dangerous"), DRUG),
            "harder": (EXAM.replace("easier", "harder"), EXAM),
            "scarce": (MINERAL.replace("abundant", "scarce"), MINERAL),
            "concealed": ("The company concealed the payments from regulators.", PAYMENTS),
            "abandoned": (MERGER.replace("completed", "abandoned"), MERGER),
            "late": ("The project was finished late.", PROJECT),
            "lost_to": (FINAL.replace("defeated", "lost to"), FINAL),
            "increased": (COFFEE.replace("a lower", "an increased"), COFFEE),
            "criticised": (REPORT.replace("praised", "criticised"), REPORT),
            "enemies": (ALLIES.replace("allies", "enemies"), ALLIES),
            "successor": (LEADER.replace("predecessor", "successor"), LEADER),
            "outflows": (FUND.replace("inflows", "outflows"), FUND),
            "failed": (CLIMB.replace("succeeded", "failed"), CLIMB),
            # supported: the same side in other words, or the sentence reordered
            "ok_safer": ("Compared with the older treatment, the new drug is safer.", DRUG),
            "ok_less_risky": (DRUG.replace("safer", "less risky"), DRUG),
            "ok_easier": ("This year the exam was easier than last year.", EXAM),
            "ok_plentiful": (MINERAL.replace("abundant", "plentiful"), MINERAL),
            "ok_revealed": (PAYMENTS.replace("disclosed", "revealed"), PAYMENTS),
            "ok_finished": (MERGER.replace("completed", "finished"), MERGER),
            "ok_on_time": (PROJECT.replace("finished", "completed"), PROJECT),
            "ok_beat": (FINAL.replace("defeated", "beat"), FINAL),
            "ok_reduced": (COFFEE.replace("lower", "reduced"), COFFEE),
            "ok_commended": (REPORT.replace("praised", "commended"), REPORT),
            "ok_close_allies": (ALLIES.replace("allies", "close allies"), ALLIES),
            "ok_inflows": ("In May the fund recorded net inflows of 2 billion dollars.", FUND),
        },
    )
    _assert_flagged(
        got,
        {
            "riskier": "swapped:riskier/safer",
            "more_dangerous": "swapped:more dangerous/safer",
            "harder": "swapped:harder/easier",
            "scarce": "swapped:scarce/abundant",
            "concealed": "swapped:concealed/disclosed",
            "abandoned": "swapped:abandoned/completed",
            "late": "swapped:late/on time",
            "lost_to": "swapped:lost to/defeated",
            "increased": "swapped:an increased/a lower",
            "criticised": "swapped:criticised/praised",
            "enemies": "swapped:enemies/allies",
            "successor": "swapped:successor/predecessor",
            "outflows": "swapped:outflows/inflows",
            "failed": "swapped:failed/succeeded",
        },
    )
    _assert_verified(got, tuple(k for k in got if k.startswith("ok_")), clear_of="swapped:")


GOOGLE = "Google acquired YouTube in 2006."
COFFEE_TRADE = "Brazil exports coffee to the United States."
GAS = "Germany sends gas to the Netherlands."
STRIKER = "Arsenal signed the striker from Chelsea."
TREATY = "France and Germany signed the treaty in 1963."


def test_two_parties_in_each_other_place_in_a_short_sentence_are_not_verified(tmp_path: Path) -> None:
    # each was verified: every word of the claim is its sentence's, rearranged, so the claim copied too few of them in
    # order to be read as a copy, and no swap was looked for (`reversal.parties_swapped`)
    got = claim_verdicts(
        tmp_path,
        {
            "youtube": ("YouTube acquired Google in 2006.", GOOGLE),
            "us_exports": ("The United States exports coffee to Brazil.", COFFEE_TRADE),
            "netherlands": ("The Netherlands sends gas to Germany.", GAS),
            "chelsea": ("Chelsea signed the striker from Arsenal.", STRIKER),
            # supported: a part moved, the parties joined, or the relation said the other way round
            "ok_moved": ("In 2006 Google acquired YouTube.", GOOGLE),
            "ok_passive": ("YouTube was acquired by Google in 2006.", GOOGLE),
            "ok_brazil": ("Brazil sells coffee to the United States.", COFFEE_TRADE),
            "ok_gas": ("The Netherlands gets gas from Germany.", GAS),
            "ok_striker": ("The striker joined Arsenal from Chelsea.", STRIKER),
            "ok_joined": ("Germany and France signed the treaty in 1963.", TREATY),
        },
    )
    _assert_flagged(
        got,
        {
            "youtube": "swapped:youtube/google",
            "us_exports": "swapped:the united states/brazil",
            "netherlands": "swapped:the netherlands/germany",
            "chelsea": "swapped:chelsea/arsenal",
        },
    )
    _assert_verified(got, tuple(k for k in got if k.startswith("ok_")), clear_of="swapped:")


FINED = "Facebook was fined by the European Commission in July."
COACH = "The coach criticised the referee after the match."
STORM = "The storm was followed by severe flooding in the valley."
BILL = "The bill was passed by the Senate on Thursday."


def test_a_passive_read_as_an_active_or_the_reverse_is_not_verified(tmp_path: Path) -> None:
    # each was verified: every word but the auxiliary and its "by" is the sentence's, in order, and neither word
    # left out says otherwise on its own; the two parties trade places (`reversal.voice_turned`)
    got = claim_verdicts(
        tmp_path,
        {
            "fined": ("Facebook fined the European Commission in July.", FINED),
            "criticised": ("The coach was criticised by the referee after the match.", COACH),
            "followed": ("The storm followed severe flooding in the valley.", STORM),
            # supported: the same parties in the other voice, or a verb that says one thing either way
            "ok_fined": ("The European Commission fined Facebook in July.", FINED),
            "ok_criticised": ("The referee was criticised by the coach after the match.", COACH),
            "ok_followed": ("Severe flooding in the valley followed the storm.", STORM),
            "ok_passed": ("The bill passed the Senate on Thursday.", BILL),
        },
    )
    _assert_flagged(
        got,
        {
            "fined": "swapped:fined/was fined by",
            "criticised": "swapped:was criticised by/criticised",
            "followed": "swapped:followed/was followed by",
        },
    )
    _assert_verified(got, tuple(k for k in got if k.startswith("ok_")), clear_of="swapped:")


BAGS = "The committee is considering a ban on plastic bags in shops."
TAX = "The council is weighing raising the tourist tax next year."
BRIDGE = "Officials expect the bridge to reopen in May after repairs."
LINE = "The operators want the new line to open before the summer."


def test_a_plan_weighed_or_expected_of_another_stated_as_done_is_not_verified(tmp_path: Path) -> None:
    # each was verified: a verb of deliberation ("is considering", "is weighing") in the place of the claim's deed,
    # and a plan or expectation of another ("expect the bridge to reopen") whose verb the claim puts in the past
    # (`hedges.deliberated`, `hedges.done_for_planned` with an object before the "to")
    got = claim_verdicts(
        tmp_path,
        {
            "imposed": ("The committee imposed a ban on plastic bags in shops.", BAGS),
            "raised": ("The council raised the tourist tax next year.", TAX),
            "reopened": ("The bridge reopened in May after repairs.", BRIDGE),
            "opened": ("The new line opened before the summer.", LINE),
            # supported: the deliberation or the expectation kept, in other words
            "ok_debating": ("The committee is debating a ban on plastic bags in shops.", BAGS),
            "ok_discussed": ("The committee has discussed a ban on plastic bags in shops.", BAGS),
            "ok_weighing": ("The council is considering raising the tourist tax next year.", TAX),
            "ok_expected": ("The bridge is expected to reopen in May after repairs.", BRIDGE),
            "ok_should": ("The bridge should reopen in May after repairs, officials expect.", BRIDGE),
        },
    )
    _assert_flagged(
        got,
        {
            "imposed": "unasserted:considering",
            "raised": "unasserted:weighing",
            "reopened": "unasserted:expect to",
            "opened": "unasserted:want to",
        },
    )
    _assert_verified(got, tuple(k for k in got if k.startswith("ok_")), clear_of="unasserted:")


IMMUNE = "Regular exercise strengthens the immune system, the researchers found."
PATIENT = "The patient's condition improved after surgery."
INFLATION = "Inflation slowed to 3 percent in April."
SENATOR = "The senator opposed the war from the start."
CURFEW = "The government lifted the curfew on Monday."
WITHDRAWN = "The drug was withdrawn from the market in 2004."
FLIGHTS = "The airline cancelled all flights to the island."
FACTORY = "The factory stopped production in 2015."
SYMPTOMS = "Her symptoms rarely returned after the treatment."


def test_the_opposite_change_or_stance_said_in_other_words_is_not_verified(tmp_path: Path) -> None:
    # each was verified: the claim, worded and ordered otherwise (no copy for `swaps` to read), states the other side
    # of an opposition that `direction.py` did not know (strengthen / weaken, improve / deteriorate, accelerate / slow,
    # back / oppose, impose / lift, launch / withdraw, resume / cancel or stop, often / rarely)
    got = claim_verdicts(
        tmp_path,
        {
            "weakens": ("The researchers found that regular exercise weakens the immune system.", IMMUNE),
            "deteriorated": ("After surgery, the patient's condition deteriorated.", PATIENT),
            "accelerated": ("In April, inflation accelerated to 3 percent.", INFLATION),
            "backed": ("From the start, the senator backed the war.", SENATOR),
            "imposed": ("On Monday the government imposed a curfew.", CURFEW),
            "launched": ("The drug was launched on the market in 2004.", WITHDRAWN),
            "resumed": ("The airline resumed all flights to the island.", FLIGHTS),
            "restarted": ("The factory resumed production in 2015.", FACTORY),
            "often": ("After the treatment her symptoms often returned.", SYMPTOMS),
            # supported: the same side in other words, or a window that states both
            "ok_boosts": ("The researchers found that regular exercise boosts the immune system.", IMMUNE),
            "ok_better": ("After surgery, the patient's condition got better.", PATIENT),
            "ok_eased": ("In April, inflation eased to 3 percent.", INFLATION),
            "ok_against": ("From the start, the senator was against the war.", SENATOR),
            "ok_ended": ("On Monday the government ended the curfew.", CURFEW),
            "ok_pulled": ("The drug was pulled from the market in 2004.", WITHDRAWN),
            "ok_scrapped": ("The airline scrapped all flights to the island.", FLIGHTS),
            "ok_both": (
                "The airline resumed flights to the island in June.",
                "The airline cancelled all flights to the island in March and resumed them in June.",
            ),
            "ok_seldom": ("After the treatment her symptoms seldom returned.", SYMPTOMS),
        },
    )
    _assert_flagged(got, {k: "direction_mismatch" for k in got if not k.startswith("ok_")})
    _assert_verified(got, tuple(k for k in got if k.startswith("ok_")), clear_of="direction_mismatch")
