"""The false-alarm sweep, round 10: supported claims the real `citeaudit run` capped (real Parquet, DuckDB and model)
for a fact their source states in another form: a negation said by its opposite word, as court and hospital reports
write them ("found not guilty" / "acquitted", "did not die" / "survived", "not cancerous" / "benign", "not many" /
"few", "no longer exists" / "extinct", "did not change" / "stable", "did not test positive" / "tested negative":
`audit/verify/opposites.py`), "zero" for "no" (`features._UNREAD_NEGATION`), "Junior" / "Jr." (`keynames`), a name's
last word in the plural ("two Nobel Prizes" / "the Nobel Prize": `nameforms`), "minus 10" for -10 (`keyfacts`), a
duration in words against the source's in another unit ("two decades" / "20 years": `conversions`). Beside each one,
the wrong claim whose fact the source states otherwise stays below `verified` with its reason; three wrong claims
this round's counts now catch were verified before ("Fifteen people" / "A dozen people", "four decades" / "30
years", "10C" / "minus 10") (docs/hostile-inputs.md, "The false-alarm sweep, round 10")."""

from __future__ import annotations

from tests.cli.hostile import Verdicts, claims

HARD = ("missing_", "negation_mismatch", "direction_mismatch", "swapped:", "stitched:", "unasserted:", "conditional:")

TRIAL = (
    "The jury acquitted Mark Hale of all charges on Thursday after a two-week trial in Leeds. Hale, 44, had been "
    "accused of fraud."
)
NOT_GUILTY = "A jury found Mark Hale not guilty of fraud on Thursday after a short trial in Leeds."
PANEL = "The officer was found not guilty of misconduct by a disciplinary panel in May."
SURGERY = "The patient did not die during the surgery, doctors said."
TUMOUR = "Doctors said the tumour was not cancerous and removed it in June."


@claims(
    {
        "acquitted": ("Mark Hale was found not guilty of all charges.", TRIAL),
        "jury": ("A jury found Hale not guilty after a two-week trial.", TRIAL),
        "not_guilty": ("Mark Hale was acquitted of fraud.", NOT_GUILTY),
        "cleared": ("The officer was cleared of misconduct.", PANEL),
        "survived": ("The patient survived the surgery.", SURGERY),
        "benign": ("The tumour was benign.", TUMOUR),
        "guilty": ("Mark Hale was found guilty of all charges.", TRIAL),
        "convicted": ("Mark Hale was convicted of fraud.", NOT_GUILTY),
        "not_acquitted": ("Mark Hale was not acquitted of fraud.", TRIAL),
        "died": ("The patient died during the surgery.", SURGERY),
        "not_benign": ("The tumour was not benign.", "Doctors found that the tumour was benign and removed it."),
    },
    HARD,
)
def test_a_verdict_or_an_outcome_said_by_its_opposite_negated_is_one(got: Verdicts) -> None:
    # "Mark Hale was found not guilty" against "The jury acquitted Mark Hale" was negation_mismatch (weak: round 9 left
    # it open), "was acquitted" against "found not guilty" the same, "cleared of misconduct" against "found not
    # guilty of misconduct", "The patient survived" against "did not die", "The tumour was benign" against "was not
    # cancerous": a negated word against its opposite (guilty / acquitted, cleared; die / survived; cancerous,
    # malignant / benign). The claim that states what the source denies keeps its reason
    for key in ("acquitted", "jury", "not_guilty", "cleared", "survived", "benign"):
        assert got[key] == ("verified", []), (key, got)
    for key, reason in (
        ("guilty", "direction_mismatch"),
        ("convicted", "negation_mismatch"),
        ("not_acquitted", "negation_mismatch"),
        ("died", "negation_mismatch"),
        ("not_benign", "negation_mismatch"),
    ):
        assert got[key][0] != "verified" and reason in got[key][1], (key, got)


@claims(
    {
        "few": ("Only a few fans attended the game.", "Not many fans attended the game on Sunday."),
        "extinct": ("The species is extinct.", "The species no longer exists, the survey found."),
        "flat": ("Sales were flat in May.", "Sales did not change in May, the retailer said."),
        "stable": ("Prices remained stable in May.", "Prices did not change in May, the office said."),
        "negative": ("He tested negative for the virus.", "He did not test positive for the virus."),
        "zero": ("There were no deaths after the storm.", "Zero deaths were reported after the storm."),
        "many": ("Many fans attended the game.", "Not many fans attended the game on Sunday."),
        "exists": ("The species still exists.", "The species no longer exists, the survey found."),
        "changed": ("Sales changed in May.", "Sales did not change in May, the retailer said."),
        "positive": ("He tested positive for the virus.", "He did not test positive for the virus."),
        "two_deaths": ("There were two deaths after the storm.", "Zero deaths were reported after the storm."),
    },
    HARD,
)
def test_a_negation_said_by_a_word_of_few_none_or_no_change_is_one(got: Verdicts) -> None:
    # "Only a few fans attended" against "Not many fans attended" was negation_mismatch (weak), "The species is
    # extinct" against "no longer exists" the same, "Sales were flat" / "Prices remained stable" against "did not
    # change" (unsupported), "tested negative" against "did not test positive" ("positive" was not read as the word
    # denied), "There were no deaths" against "Zero deaths" ("zero" before a plural is "no"). The claim that states
    # what the source denies keeps its reason; a count against "zero" its missing number. "flat" and "stable" lose
    # their negation_mismatch, but the model alone still holds them weak
    for key in ("few", "extinct", "negative", "zero"):
        assert got[key] == ("verified", []), (key, got)
    for key in ("flat", "stable"):
        assert got[key][0] != "unsupported" and got[key][1] == [], (key, got)
    for key, reason in (
        ("many", "unasserted:not"),
        ("exists", "negation_mismatch"),
        ("changed", "negation_mismatch"),
        ("positive", "negation_mismatch"),
        ("two_deaths", "missing_number:2"),
    ):
        assert got[key][0] != "verified" and reason in got[key][1], (key, got)


@claims(
    {
        "junior": ("Martin Luther King Junior gave the speech.", "Martin Luther King Jr. gave the speech in 1963."),
        "sammy": ("Sammy Davis Junior sang at the gala.", "Sammy Davis Jr. sang at the gala in 1965."),
        "senior": ("John Smith Senior founded the firm.", "John Smith Sr. founded the firm in 1901."),
        "prizes": (
            "Marie Curie, who was born in Warsaw, won two Nobel Prizes.",
            "Marie Curie was born in Warsaw in 1867. She won the Nobel Prize twice, in 1903 and 1911.",
        ),
        "awards": ("She won three Grammy Awards.", "She won the Grammy Award three times."),
        "other_generation": ("John Smith Junior founded the firm.", "John Smith Sr. founded the firm in 1901."),
        "other_prize": (
            "Marie Curie won two Pulitzer Prizes.",
            "Marie Curie was born in Warsaw in 1867. She won the Nobel Prize twice, in 1903 and 1911.",
        ),
        "williams": ("Serena Williams won the final.", "Prince William watched the final."),
        "people": ("The battle was won by the Saxons.", "The Saxon army lost the battle in 1066."),
    },
    HARD,
)
def test_junior_senior_and_a_names_last_word_in_the_plural_are_named(got: Verdicts) -> None:
    # "Martin Luther King Junior" against "King Jr." was missing_name:Junior (weak), "John Smith Senior" against
    # "Smith Sr." missing_name:Senior, "two Nobel Prizes" against "the Nobel Prize twice" missing_name:Prizes, "three
    # Grammy Awards" against "the Grammy Award" missing_name:Awards. The other generation, another prize, a name's
    # own "s" ("Williams" is no plural of "William") and a people's plural alone ("the Saxons" / "the Saxon army":
    # on the training pairs as often unsupported) stay missing
    for key in ("junior", "sammy", "senior", "prizes", "awards"):
        assert got[key] == ("verified", []), (key, got)
    for key, reason in (
        ("other_generation", "missing_name:Junior"),
        ("other_prize", "missing_name:Pulitzer"),
        ("williams", "missing_name:Williams"),
        ("people", "missing_name:Saxons"),
    ):
        assert got[key][0] != "verified" and reason in got[key][1], (key, got)


COLD = "Temperatures dropped to minus 10 degrees Celsius overnight, forecasters said."
WAR = "The war lasted 30 years and ruined the region."
BLAST = "A dozen people were injured in the blast, police said."


@claims(
    {
        "minus": ("Temperatures fell to -10C overnight.", COLD),
        "minus_words": ("The temperature dropped to minus 5 degrees.", "The temperature dropped to -5°C overnight."),
        "decades_ago": ("The treaty was signed two decades ago.", "The treaty was signed 20 years ago in Geneva."),
        "decades": ("The war lasted three decades.", WAR),
        "weeks": ("The strike lasted three weeks.", "The strike lasted 21 days, the union said."),
        "twelve": ("Twelve people were hurt in the blast.", BLAST),
        "plus": ("Temperatures fell to 10C overnight.", COLD),
        "four_decades": ("The war lasted four decades.", WAR),
        "four_weeks": ("The strike lasted four weeks.", "The strike lasted 21 days, the union said."),
        "fifteen": ("Fifteen people were injured in the blast.", BLAST),
    },
    HARD,
)
def test_minus_in_words_and_a_span_in_words_are_their_numbers(got: Verdicts) -> None:
    # "fell to -10C" against "minus 10 degrees" was missing_number:-10 (weak), "signed two decades ago" against "20
    # years ago" missing_number:2 (a claim's span in words was no measure). A sign or span the source states
    # otherwise is missing: "10C" against "minus 10" and "four decades" against "30 years" were verified (the
    # source's "minus 10" was read as 10; a count of decades was checked only against a source counting decades),
    # "Fifteen people" against "A dozen people" too (a source's dozen counted nothing)
    for key in ("minus", "minus_words", "decades_ago", "decades", "weeks", "twelve"):
        assert got[key] == ("verified", []), (key, got)
    for key, reason in (
        ("plus", "missing_number:10"),
        ("four_decades", "missing_number:4"),
        ("four_weeks", "missing_number:4"),
        ("fifteen", "missing_number:15"),
    ):
        assert got[key][0] != "verified" and reason in got[key][1], (key, got)


@claims(
    {
        "company": ("Ford Motor Company reported a profit.", "Ford Motor Co. reported a profit in May."),
        "co": ("Ford Motor Co. reported a profit.", "Ford Motor Company reported a profit in May."),
        "incorporated": ("Apple Incorporated sued the firm.", "Apple Inc. sued the firm in 2012."),
        "limited": ("Acme Limited went bankrupt.", "Acme Ltd went bankrupt in 2001."),
        "national": ("The National Park Service closed the trail.", "The Natl. Park Service closed the trail."),
        "other_form": ("Acme Limited went bankrupt.", "Acme Inc went bankrupt in 2001."),
        "co_founder": ("Ford Motor Company reported a profit.", "The co-founder of Ford Motor reported a profit."),
    },
    HARD,
)
def test_a_firms_legal_form_abbreviated_is_named(got: Verdicts) -> None:
    # "Ford Motor Company" against "Ford Motor Co." was missing_name:Company (weak; round 9 left it open: "co" is in
    # "co-founder"), "Apple Incorporated" against "Apple Inc." missing_name:Incorporated, "Acme Limited" against "Acme
    # Ltd" missing_name:Limited, "The National Park Service" against "The Natl. Park Service" missing_name:National.
    # "Co." is read only where the source writes it with a capital: a "co-founder" names no company; another legal
    # form stays missing
    for key in ("company", "co", "incorporated", "limited", "national"):
        assert got[key] == ("verified", []), (key, got)
    for key, reason in (("other_form", "missing_name:Limited"), ("co_founder", "missing_name:Company")):
        assert got[key][0] != "verified" and reason in got[key][1], (key, got)
