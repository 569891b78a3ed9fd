"""The false-alarm sweep, round 12: supported claims the real `citeaudit run` capped (real Parquet, DuckDB and model)
for a name their source writes in another form, found from the hard reasons that fire on the training pairs'
supported claims (`tools/hard_reasons/measure.py`; the cases below are written by hand, none from the dev sets): a
compound name written open, hyphenated or closed ("Coca-Cola" / "Coca Cola", "Family Mart" / "FamilyMart":
`audit/verify/compounds.py`). Beside each one, the wrong claim whose name the source lacks stays below `verified`
with its reason (docs/hostile-inputs.md, "The false-alarm sweep, round 12")."""

from __future__ import annotations

from tests.cli.hostile import Verdicts, claims

HARD = ("missing_", "negation_mismatch", "direction_mismatch", "swapped:", "stitched:", "unasserted:", "conditional:")

COLA = "The Coca Cola Company is based in Atlanta, Georgia, and sells drinks in 200 countries."
LAWSON = "In Tokyo, Lawson competes with FamilyMart and 7-Eleven for convenience-store customers."
SARTRE = "The novel Nausea was written by Jean Paul Sartre and published in 1938."


@claims(
    {
        "hyphen_open": ("The drinks maker Coca-Cola is based in Atlanta.", COLA),
        "sims": ("He hosts a new Sims-based podcast every week.", "He hosts a new Sims based podcast every week."),
        "anglo": ("England was ruled by Anglo-Saxon kings.", "England was ruled by Anglo Saxon kings for centuries."),
        "rolls": ("She arrived in a Rolls-Royce.", "She arrived at the gala in a Rolls Royce."),
        "open_closed": ("In Tokyo, Lawson competes with Family Mart.", LAWSON),
        "closed_open": ("In Tokyo, Lawson competes with FamilyMart.", LAWSON.replace("FamilyMart", "Family Mart")),
        "camel_hyphen": ("Sony sold the PlayStation in Japan first.", "Sony sold the Play-Station in Japan first."),
        "sartre": ("The novel Nausea was written by Jean-Paul Sartre.", SARTRE),
        "pepsi": ("The drinks maker Pepsi-Cola is based in Atlanta.", COLA),
        "ministop": ("In Tokyo, Lawson competes with Family Mart.", LAWSON.replace("FamilyMart", "Ministop")),
        "genet": ("The novel Nausea was written by Jean-Paul Genet.", SARTRE),
        "xbox": ("Sony sold the PlayStation in Japan first.", "Sony sold the Play console in Japan first."),
    },
    HARD,
)
def test_a_compound_name_written_open_hyphenated_or_closed_is_one_name(got: Verdicts) -> None:
    # "Coca-Cola" against "Coca Cola" was missing_name:Coca-Cola, "Sims-based" against "Sims based" (a supported
    # training pair's, rewritten) missing_name:Sims-based, "Family Mart" against "FamilyMart" missing_name:Family
    # and :Mart (a supported training pair's), "FamilyMart" against "Family Mart" missing_name:FamilyMart: a hyphen,
    # a space or nothing between the same words is spelling. Another word stays missing
    for key in ("hyphen_open", "sims", "anglo", "rolls", "open_closed", "closed_open", "camel_hyphen", "sartre"):
        assert got[key] == ("verified", []), (key, got)
    for key, reason in (
        ("pepsi", "missing_name:Pepsi-Cola"),
        ("ministop", "missing_name:Family"),
        ("genet", "missing_name:Genet"),
        ("xbox", "missing_name:PlayStation"),
    ):
        assert got[key][0] != "verified" and reason in got[key][1], (key, got)


LAB = "The lab hired two researchers with a PhD last year."


@claims(
    {
        "phds": ("The lab hired two PhDs last year.", LAB),
        "pocs": ("The team built several PoCs for its clients.", "The team built a PoC for each of its clients."),
        "dods": ("The DoDs of both countries signed the pact.", "The DoD of each country signed the pact."),
        "mds": ("The lab hired two MDs last year.", LAB),
        "masters": ("The lab hired two PhDs last year.", "The lab hired two researchers with a Masters last year."),
        "mcadams": ("The gallery sold two McAdams.", "The gallery sold a McAdam painting on Friday."),
    },
    HARD,
)
def test_an_acronym_in_mixed_case_has_a_plural(got: Verdicts) -> None:
    # "There was a discussion between PhDs" against a source's "PhD D:", "PhD F:" was missing_name:PhDs (nine
    # supported training pairs, none unsupported): an acronym's plural was read only in capitals ("LEDs"). A capital
    # before the "s" is an acronym's in mixed case too; another acronym, or a name's own "s", stays missing
    for key in ("phds", "pocs", "dods"):
        assert got[key] == ("verified", []), (key, got)
    for key, reason in (
        ("mds", "missing_name:MDs"),
        ("masters", "missing_name:PhDs"),
        ("mcadams", "missing_name:McAdams"),
    ):
        assert got[key][0] != "verified" and reason in got[key][1], (key, got)


FLOOD = "After the flood the family was homeless for a month, the council said."


@claims(
    {
        "massless": ("Photons have no mass.", "Current physical theories hold that the photon is strictly massless."),
        "no_mass": ("The photon is massless.", "Photons have no mass, according to current physical theories."),
        "homeless": ("After the flood the family had no home.", FLOOD),
        "no_home": ("The family was homeless after the flood.", "After the flood the family had no home for a month."),
        "colourless": ("The gas has no colour.", "The gas is colourless and odourless, the report said."),
        "painless": ("The procedure causes no pain.", "The procedure is painless, doctors said on Monday."),
        "powerless": ("The town was without power for two days.", "The town was powerless for two days in May."),
        "childless": ("The couple did not have children.", "The couple remained childless, her biography says."),
        "wireless": ("The speakers do not have wires.", "The speakers are wireless and run on batteries."),
        "found_home": ("After the flood the family had no home.", "The family was homeless but found a home quickly."),
        "no_water": ("After the flood the town had no water.", "After the flood the town was powerless for a week."),
        "priceless": ("The painting has no price.", "The painting is priceless, the museum says."),
    },
    HARD,
)
def test_what_one_has_none_of_is_what_one_is_without(got: Verdicts) -> None:
    # "Tatum O'Neal is childless" against "with whom she had no children" was negation_mismatch (a supported training
    # pair's), "Photons have no mass" against "strictly massless" the same (another's, its mass also named): the
    # word with "-less" is the denial of what it is built on, "no home" / "homeless", "without power" / "powerless".
    # A source that states the thing itself, another thing, or a word in "-less" that is no "without" ("priceless")
    # keeps the mismatch
    for key in ("massless", "no_mass", "homeless", "no_home", "colourless", "painless", "childless", "wireless"):
        assert got[key][1] == [], (key, got)
    assert got["powerless"][1] == [], got
    for key in ("found_home", "no_water", "priceless"):
        assert got[key][0] != "verified" and "negation_mismatch" in got[key][1], (key, got)


GAMES = "The Tokyo Games were postponed by a year because of the COVID pandemic, organisers said in March 2020."


@claims(
    {
        "covid": ("The Tokyo Games were postponed because of the COVID-19 pandemic.", GAMES),
        "covid_case": ("The Tokyo Games were postponed because of the Covid-19 pandemic.", GAMES),
        "earnings": (
            "Earnings rose 17% in the quarter, but there is still uncertainty due to COVID-19.",
            "Earnings were up 17% in the quarter. Conditions remain uncertain due to the impact of COVID.",
        ),
        "coronavirus": ("The Tokyo Games were postponed because of COVID-19.", GAMES.replace("COVID", "flu")),
        "nineteen_days": ("The office closed for 19 days during COVID.", "The office closed for 12 days during COVID."),
        "year_2019": ("The Tokyo Games were postponed in 2019.", GAMES),
    },
    HARD,
)
def test_a_disease_named_with_its_year_is_its_name(got: Verdicts) -> None:
    # "the COVID-19 pandemic" against "the COVID pandemic" was missing_number:19 (fourteen supported training pairs,
    # "uncertainties because of the impact of COVID-19" against "... of COVID"): the "19" is part of the disease's
    # name, which the claim's "COVID" stands for. A source that names no COVID keeps missing_name:COVID; a number
    # of the claim's own stays missing
    for key in ("covid", "covid_case", "earnings"):
        assert got[key] == ("verified", []), (key, got)
    for key, reason in (
        ("coronavirus", "missing_name:COVID"),
        ("nineteen_days", "missing_number:19"),
        ("year_2019", "missing_number:2019"),
    ):
        assert got[key][0] != "verified" and reason in got[key][1], (key, got)


CHART = "The single went to No 1 in Britain in 1985, the label said."


@claims(
    {
        "claim_no": (
            "The single went to No 1 in Britain in 1985.",
            "The single went to number one in Britain in 1985.",
        ),
        "album": ("The album peaked at No 3 in the US.", "The album peaked at number three in the United States."),
        "source_no": ("The single reached number one in Britain in 1985.", CHART),
        "shirt": ("The striker wore the number 7 shirt at the club.", "The striker wore the No 7 shirt at the club."),
        "never": ("The single never reached number one in Britain.", CHART),
        "no_hotels": ("There were no 5-star hotels in the town.", "The town had two 5-star hotels in 2019."),
    },
    HARD,
)
def test_no_before_a_number_mid_sentence_is_the_number_sign(got: Verdicts) -> None:
    # "went to No 1" (the press's number sign, without a stop) was read as a negation: against "went to number one"
    # negation_mismatch, and "The single never reached number one" against "went to No 1" was verified (both sides
    # read as negated). "No." with its stop was read so already; a lower-case "no" before a number is a negation
    for key in ("claim_no", "album", "source_no", "shirt"):
        assert got[key] == ("verified", []), (key, got)
    for key in ("never", "no_hotels"):
        assert got[key][0] != "verified" and "negation_mismatch" in got[key][1], (key, got)


REMOTE = "The remote control will cost not more than 25 euros to make, the project manager said."
BLAST = "No fewer than 40 people died in the blast, officials said on Friday."


@claims(
    {
        "at_most": ("The remote control will cost at most 25 euros to make.", REMOTE),
        "up_to": ("The remote control will cost up to 25 euros to make.", REMOTE),
        "no_more": ("The fine is no more than 500 dollars.", "The fine is a maximum of 500 dollars, the court said."),
        "at_least": ("At least 40 people died in the blast.", BLAST),
        "not_less": ("Not less than 40 people died in the blast.", "At least 40 people died in the blast on Friday."),
        "no_younger": ("Applicants must be no younger than 18.", "Applicants must be 18 or older, the rules say."),
        "more_than": ("The remote control will cost more than 25 euros to make.", REMOTE),
        "not_work": ("The remote will not work and costs no more than 25 euros.", "The remote costs at most 25 euros."),
    },
    HARD,
)
def test_a_bound_said_with_a_negation_is_the_bound(got: Verdicts) -> None:
    # "at most 25 euros" against "not more than 25 euros" was negation_mismatch, "At least 40 people died" against
    # "No fewer than 40" the same: "no more than" and "not less than" negate nothing, they bound. The claim that
    # states the other side of the bound ("more than 25 euros"), or negates something else beside it, keeps it
    for key in ("at_most", "up_to", "no_more", "at_least", "not_less", "no_younger"):
        assert got[key][1] == [], (key, got)
    for key in ("more_than", "not_work"):
        assert got[key][0] != "verified" and "negation_mismatch" in got[key][1], (key, got)


BUDGET = "The product will cost twelve euros and fifty centimes to make, the project manager said."


@claims(
    {
        "words": ("The product will cost 12.50 euros to make.", BUDGET),
        "digits": ("A ticket costs $5.50 at the door.", "A ticket costs 5 dollars and 50 cents at the door."),
        "pence": ("The pie costs £3.20 at the market.", "The pie costs three pounds twenty pence at the market."),
        "claim_split": ("A ticket costs 5 dollars and 50 cents at the door.", "A ticket costs $5.50 at the door."),
        "fifteen": ("A ticket costs $5.50 at the door.", "A ticket costs five dollars and fifteen cents at the door."),
        "other_family": ("A ticket costs $5.50 at the door.", "A ticket costs 5 dollars and 50 pence at the door."),
        "other_sum": ("A ticket costs 5 dollars and 50 cents at the door.", "A ticket costs $50.05 at the door."),
    },
    HARD,
)
def test_a_sum_in_its_currency_and_its_hundredth_is_the_sum(got: Verdicts) -> None:
    # "12.50 euros" against "twelve euros and fifty centimes" was missing_number:12.50 (a supported training pair's,
    # "a maximum cost of 12.50 Euros" against "not more than twelve Euros and fifty centimes"), "$5.50" against "5
    # dollars and 50 cents" missing_number:5.50, "£3.20" against "three pounds twenty pence" missing_number:3.20, and
    # back missing_number:5 and :50: the whole units and the hundredths are one sum. Another sum, or a hundredth of
    # another currency, stays missing
    for key in ("words", "digits", "pence", "claim_split"):
        assert got[key] == ("verified", []), (key, got)
    for key, reason in (
        ("fifteen", "missing_number:5.50"),
        ("other_family", "missing_number:5.50"),
        ("other_sum", "missing_number:50"),
    ):
        assert got[key][0] != "verified" and reason in got[key][1], (key, got)


TOWN = "The city has half a million residents, the census found in 2020."


@claims(
    {
        "half": ("The city has 500,000 residents.", TOWN),
        "quarter": ("About 250,000 fans attended.", "About a quarter of a million fans attended the parade on Sunday."),
        "three_quarters": ("The charity raised £750,000.", "The charity raised three quarters of a million pounds."),
        "billion": ("The deal was worth $500 million.", "The deal was worth half a billion dollars, the firm said."),
        "other": ("The city has 400,000 residents.", TOWN),
        "and_a_half": ("The city has 500,000 residents.", "The city has one and a half million residents."),
    },
    HARD,
)
def test_a_share_of_a_scale_word_is_its_number(got: Verdicts) -> None:
    # "500,000 residents" against "half a million residents" was missing_number:500000, "250,000" against "a quarter
    # of a million" missing_number:250000, "$500 million" against "half a billion dollars" missing_number:500
    # million: a share of a million or a billion is a number. Another number, and the half of "one and a half
    # million" (1.5 million), stay missing
    for key in ("half", "quarter"):
        assert got[key] == ("verified", []), (key, got)
    for key in ("three_quarters", "billion"):  # no rule left; the model alone holds them weak
        assert got[key][1] == [], (key, got)
    for key, reason in (("other", "missing_number:400000"), ("and_a_half", "missing_number:500000")):
        assert got[key][0] != "verified" and reason in got[key][1], (key, got)
