"""The "nothing let in" sweep, round 5: wrong claims made from real-looking sources by small edits (two names or
clauses in each other's place, a unit or a modal changed, a quantifier, a bound, an exception or a condition left
out, one case made a rule, a sequence or an association stated as a cause) that came out `verified`, each beside
correct paraphrases that must stay `verified`; each through the real `citeaudit run` on real Parquet and DuckDB
files."""

from __future__ import annotations

from tests.cli.hostile import Verdicts, claims
from tests.cli.test_hostile_verdicts import _assert_flagged, _assert_verified

APPOINTED = "The committee appointed Dr. Lee as chair after Professor Park declined the post."
MOVED = "The first factory opened in Lyon, and the company later moved its headquarters to Paris."
ELECTED = "Smith was elected mayor in 2010, and Jones became governor in 2014."


@claims(
    {
        "title": ("The committee appointed Professor Park as chair after Dr. Lee declined the post.", APPOINTED),
        "title_mr": (
            "Mr. Jones replaced Dr. Patel as head of the cardiology department in 2019.",
            "Dr. Patel replaced Mr. Jones as head of the cardiology department in 2019.",
        ),
        "places": (
            "The first factory opened in Paris, and the company later moved its headquarters to Lyon.",
            MOVED,
        ),
        "venues": (
            "The conference, first held in Vienna, will take place in Geneva this year.",
            "The conference, first held in Geneva, will take place in Vienna this year.",
        ),
        "people": ("Jones was elected mayor in 2010, and Smith became governor in 2014.", ELECTED),
        # supported: the same parties in the same roles, worded otherwise
        "ok_title": (
            "Dr. Lee was appointed chair by the committee after Professor Park turned the post down.",
            APPOINTED,
        ),
        "ok_places": (
            "The company opened its first factory in Lyon before moving its headquarters to Paris.",
            MOVED,
        ),
        "ok_people": ("Smith became mayor in 2010, and Jones was elected governor in 2014.", ELECTED),
    }
)
def test_two_names_in_each_other_place_are_not_verified(got: Verdicts) -> None:
    # each was verified (0.89 to 0.91): "Dr." ended the source's sentence, so no copy was read; two names a clause
    # apart across "and" were read as a list ("France and Germany")
    _assert_flagged(
        got,
        {
            "title": "swapped:professor park/dr lee",
            "title_mr": "swapped:mr jones/dr patel",
            "places": "swapped:paris/lyon",
            "venues": "swapped:vienna/geneva",
            "people": "swapped:jones/smith",
        },
    )
    _assert_verified(got, ("ok_title", "ok_places", "ok_people"), clear_of="swapped:")


TANK = "The tank holds 500 litres of water and weighs 40 kilograms when empty."
DOSE = "The drug is given at a dose of 5 milligrams per kilogram of body weight."
RECIPE = "The recipe uses 200 millilitres of milk and 2 teaspoons of sugar."
TURBINE = "The new turbine produces twice as much power as the old design."
AIRPORT = "Passengers should arrive at the airport two hours before an international flight."


@claims(
    {
        "gallons": (TANK.replace("litres", "gallons"), TANK),
        "pounds": (TANK.replace("40 kilograms", "40 pounds"), TANK),
        "grams": (DOSE.replace("milligrams", "grams"), DOSE),
        "per_pound": (DOSE.replace("per kilogram", "per pound"), DOSE),
        "tablespoons": (RECIPE.replace("teaspoons", "tablespoons"), RECIPE),
        "litres": (RECIPE.replace("millilitres", "litres"), RECIPE),
        "three_times": (TURBINE.replace("twice", "three times"), TURBINE),
        "must": (AIRPORT.replace("should", "must"), AIRPORT),
        "should": (
            "Applicants should submit their forms by 31 March.",
            "Applicants must submit their forms by 31 March.",
        ),
        "for": (
            "The senator voted for the bill, which passed the Senate by 52 votes to 48.",
            "The senator voted against the bill, which passed the Senate by 52 votes to 48.",
        ),
        "like": (
            "Like its predecessor, the new phone does not have a headphone jack.",
            "Unlike its predecessor, the new phone does not have a headphone jack.",
        ),
        # supported: the same measure, multiple or advice in other words
        "ok_units": ("Empty, the tank weighs 40 kg; it holds 500 litres of water.", TANK),
        "ok_ml": ("The recipe calls for 200 ml of milk and 2 teaspoons of sugar.", RECIPE),
        "ok_two_times": (TURBINE.replace("twice", "two times"), TURBINE),
        "ok_double": ("The new turbine produces double the power of the old design.", TURBINE),
        "ok_advised": (AIRPORT.replace("should", "are advised to"), AIRPORT),
        "ok_should": ("Passengers should get to the airport two hours ahead of an international flight.", AIRPORT),
        "ok_required": (
            "Applicants are required to submit their forms by 31 March.",
            "Applicants must submit their forms by 31 March.",
        ),
    }
)
def test_a_unit_multiple_modal_or_side_changed_is_not_verified(got: Verdicts) -> None:
    # each was verified (0.61 to 0.91): volumes, milligrams, "pounds" of mass, "three times", should / must,
    # for / against and like / unlike were no pairs of `opposites.py`
    _assert_flagged(
        got,
        {
            "gallons": "swapped:gallons/litres",
            "pounds": "swapped:pounds/kilograms",
            "grams": "swapped:grams/milligrams",
            "per_pound": "swapped:pound/kilogram",
            "tablespoons": "swapped:tablespoons/teaspoons",
            "litres": "swapped:litres/millilitres",
            "three_times": "swapped:three times/twice",
            "must": "swapped:must/should",
            "should": "swapped:should/must",
            "for": "swapped:for/against",
            "like": "swapped:like/unlike",
        },
    )
    _assert_verified(
        got, ("ok_units", "ok_ml", "ok_two_times", "ok_double", "ok_advised", "ok_should", "ok_required"), "swapped:"
    )


BATS = "Some species of bats use echolocation to find their prey in the dark."
MONEY = "Some of the donated money was spent on repairing roads in the eastern districts."
TRUST = "Fewer than half of the respondents said they trusted the news media."
HARVEST = "Up to 40 percent of the harvest is lost to pests in a bad year."


@claims(
    {
        "some": ("Bats use echolocation to find their prey in the dark.", BATS),
        "some_of": (MONEY.replace("Some of the donated", "The donated"), MONEY),
        "many": (
            "Residents of the island speak both French and English at home.",
            "Many residents of the island speak both French and English at home.",
        ),
        "a_few": (
            "The paintings in the collection were damaged in the fire of 1923.",
            "A few of the paintings in the collection were damaged in the fire of 1923.",
        ),
        "fewer_than": (TRUST.replace("Fewer than half", "Half"), TRUST),
        "more_than": (
            "Half of the city's budget goes to schools and hospitals.",
            "More than half of the city's budget goes to schools and hospitals.",
        ),
        "up_to": (HARVEST.replace("Up to 40", "40"), HARVEST),
        "at_least": (
            "12 people were injured when the stage collapsed during the concert.",
            "At least 12 people were injured when the stage collapsed during the concert.",
        ),
        # supported: the quantifier or bound kept, or said otherwise
        "ok_some": ("Several bat species find their prey in the dark by echolocation.", BATS),
        "ok_some_of": ("Some of the donated money went to repairing roads in the eastern districts.", MONEY),
        "ok_part": ("Part of the donated money was spent on repairing roads in the eastern districts.", MONEY),
        "ok_under": ("Under half of those surveyed said they trust the news media.", TRUST),
        "ok_as_much": (HARVEST.replace("Up to", "As much as"), HARVEST),
    }
)
def test_a_quantifier_or_bound_before_the_copy_left_out_is_not_verified(got: Verdicts) -> None:
    # each was verified (support 1, a verbatim match, or 0.8 and over): the claim copies its source but for the
    # "some", "many", "a few" or "fewer than", "up to", "at least" that opens it
    _assert_flagged(
        got,
        {
            "some": "unasserted:some",
            "some_of": "unasserted:some",
            "many": "unasserted:many",
            "a_few": "unasserted:a few",
            "fewer_than": "unasserted:fewer than",
            "more_than": "unasserted:more than",
            "up_to": "unasserted:up to",
            "at_least": "unasserted:at least",
        },
    )
    _assert_verified(got, ("ok_some", "ok_some_of", "ok_part", "ok_under", "ok_as_much"), clear_of="unasserted:")


CASTLE = "It is not true, as many visitors believe, that the castle was built by the Romans."


@claims(
    {
        "aside": ("The castle was built by the Romans.", CASTLE),
        "denying_aside": (
            "The wall is visible from space.",
            "It is widely believed, though not true, that the wall is visible from space.",
        ),
        # supported: the denial kept; an aside that denies nothing
        "ok_denied": ("The castle was not built by the Romans, despite what many visitors believe.", CASTLE),
        "ok_reported": (
            "The wall is visible from space.",
            "The report said, as expected, that the wall is visible from space.",
        ),
    }
)
def test_a_denial_read_past_an_aside_is_not_verified(got: Verdicts) -> None:
    # verbatim matches (support 1): the frame "not true that" had an aside in it, or the denial was the aside
    _assert_flagged(got, {"aside": "unasserted:not true that", "denying_aside": "unasserted:not true"})
    _assert_verified(got, ("ok_denied", "ok_reported"), clear_of="unasserted:")


MUSEUMS = "All museums in the city are open on Mondays except the National Gallery."
WARRANTY = "The warranty covers all parts of the machine except the battery."
BONUS = "The bonus is paid only if the employee is still with the company at the end of the year."
LAB = "Staff must not enter the laboratory without protective clothing."


@claims(
    {
        "except": ("All museums in the city are open on Mondays.", MUSEUMS),
        "except_part": ("The warranty covers all parts of the machine.", WARRANTY),
        "including": ("The warranty covers all parts of the machine, including the battery.", WARRANTY),
        "except_than": (
            "Norway produces more hydroelectric power per person than any other country.",
            "Norway produces more hydroelectric power per person than any other country except Iceland.",
        ),
        "other_than": (
            "The library lends books to all residents.",
            "The library lends books to all residents other than those with unpaid fines.",
        ),
        "apart_from": (
            "All board members voted for the merger.",
            "Apart from the chairman, all board members voted for the merger.",
        ),
        "excluding": (
            "The firm's profits rose 5 percent.",
            "The firm's profits rose 5 percent, excluding the effect of currency movements.",
        ),
        "without": ("Staff must not enter the laboratory.", LAB),
        "cannot_without": (
            "The contract cannot be terminated.",
            "The contract cannot be terminated without three months' notice.",
        ),
        "only_if_inside": ("The bonus is paid at the end of the year.", BONUS),
        # supported: the exception or condition kept, or said otherwise
        "ok_except": ("Apart from the National Gallery, all of the city's museums open on Mondays.", MUSEUMS),
        "ok_every": ("The warranty covers every part of the machine except the battery.", WARRANTY),
        "ok_only_if": ("Employees get the bonus only if they are still with the company at year end.", BONUS),
        "ok_excluding": (
            "Excluding currency effects, the firm's profits rose 5 percent.",
            "The firm's profits rose 5 percent, excluding the effect of currency movements.",
        ),
    }
)
def test_an_exception_or_condition_left_out_is_not_verified(got: Verdicts) -> None:
    # verbatim matches (support 1) or close copies (0.8 and over): the exception ("except", "other than", "apart
    # from", "excluding") after or before the copy, a "without" after a negated one, a condition in its middle
    _assert_flagged(
        got,
        {
            "except": "conditional:except",
            "except_part": "conditional:except",
            "including": "swapped:including/except",
            "except_than": "conditional:except",
            "other_than": "conditional:other than",
            "apart_from": "conditional:apart from",
            "excluding": "conditional:excluding",
            "without": "conditional:without",
            "cannot_without": "conditional:without",
            "only_if_inside": "conditional:only if",
        },
    )
    _assert_verified(got, ("ok_except", "ok_every", "ok_only_if", "ok_excluding"), clear_of="conditional:")


REACTION = "One patient in the trial developed a severe allergic reaction to the vaccine."
SCHOOL = "One school in the district has banned mobile phones in classrooms."


@claims(
    {
        "patients": ("Patients in the trial developed severe allergic reactions to the vaccine.", REACTION),
        "schools": ("Schools in the district have banned mobile phones in classrooms.", SCHOOL),
        "several": (
            "Several cases of measles were reported in the town last winter.",
            "A single case of measles was reported in the town last winter.",
        ),
        "experiments": (
            "In experiments, the drug extended the lifespan of mice by 20 percent.",
            "In one experiment, the drug extended the lifespan of mice by 20 percent.",
        ),
        # supported: the one case kept
        "ok_one": ("One school in the district has banned phones in its classrooms.", SCHOOL),
        "ok_patient": ("A patient in the trial had a severe allergic reaction to the vaccine.", REACTION),
    }
)
def test_one_case_made_a_rule_is_not_verified(got: Verdicts) -> None:
    # each was verified (0.78 to 0.84): "one patient", "a single case" stated as many
    _assert_flagged(
        got,
        {
            "patients": "swapped:patients/one patient",
            "schools": "swapped:schools/one school",
            "several": "swapped:several cases/a single case",
            "experiments": "swapped:experiments/one experiment",
        },
    )
    _assert_verified(got, ("ok_one", "ok_patient"), clear_of="swapped:")


BRIDGE = "The bridge was completed before the railway reached the town."
TREATY = "The treaty was signed two years after the war ended in 1918."
CANAL = "The river is twice as long as the canal."
SINGER = "The singer recorded her first album before she moved to London."


@claims(
    {
        "before": ("The railway reached the town before the bridge was completed.", BRIDGE),
        "after": ("The war ended two years after the treaty was signed.", TREATY),
        "graduated": (
            "She graduated from the conservatory shortly after joining the orchestra.",
            "She joined the orchestra shortly after graduating from the conservatory.",
        ),
        "as_long_as": ("The canal is twice as long as the river.", CANAL),
        "moved": ("The singer moved to London before she recorded her first album.", SINGER),
        "demolished": (
            "The old bridge was demolished a year after the new one opened.",
            "The new bridge opened a year after the old one was demolished.",
        ),
        # supported: the same order in other words, or the other word of order
        "ok_before": ("The town's bridge was finished before the railway arrived.", BRIDGE),
        "ok_opening": ("Before she moved to London, the singer recorded her first album.", SINGER),
        "ok_after": ("The singer moved to London after recording her first album.", SINGER),
        "ok_as_tall": ("Anna is as tall as her brother Tom.", "Her brother Tom is as tall as Anna."),
        "ok_as_well": (
            "The company makes trucks as well as cars in its Ohio plant.",
            "The company makes cars as well as trucks in its Ohio plant.",
        ),
    }
)
def test_two_clauses_in_each_other_place_are_not_verified(got: Verdicts) -> None:
    # each was verified (0.86 to 0.92): every word is the source's, the two sides of "before", "after", "twice as
    # ... as" stand in each other's place
    _assert_flagged(
        got,
        {
            "before": "swapped:sides of before",
            "after": "swapped:sides of after",
            "graduated": "swapped:sides of after",
            "as_long_as": "swapped:sides of as",
            "moved": "swapped:sides of before",
            "demolished": "swapped:sides of after",
        },
    )
    _assert_verified(got, ("ok_before", "ok_opening", "ok_after", "ok_as_tall", "ok_as_well"), clear_of="swapped:")


CHOLERA = "The outbreak of cholera in the district followed the flooding of the river in early March."
BREAKFAST = "Children who eat breakfast are associated with higher test scores in the survey."
LIGHTING = "The drop in crime coincided with the introduction of street lighting."


@claims(
    {
        "followed": (
            "The flooding of the river in early March caused the outbreak of cholera in the district.",
            CHOLERA,
        ),
        "associated": ("Eating breakfast causes higher test scores in children.", BREAKFAST),
        "coincided": ("The introduction of street lighting led to the drop in crime.", LIGHTING),
        "due_to": ("The drop in crime was due to the introduction of street lighting.", LIGHTING),
        "linked": (
            "Drinking more coffee lowers the risk of type 2 diabetes because of its effects.",
            "Higher coffee consumption is linked to a lower risk of type 2 diabetes in the study.",
        ),
        # supported: the sequence or association said as it is
        "ok_followed": (
            "The cholera outbreak in the district came after the river flooded in early March.",
            CHOLERA,
        ),
        "ok_linked": (
            "Eating breakfast is linked with higher test scores in children, the survey found.",
            BREAKFAST,
        ),
        "ok_same_time": ("Crime fell at the same time as street lighting was introduced.", LIGHTING),
        "ok_stated": (
            "The flood caused the outbreak of cholera.",
            "The outbreak of cholera followed the flood, which caused it by contaminating the wells.",
        ),
    }
)
def test_a_sequence_or_association_stated_as_a_cause_is_not_verified(got: Verdicts) -> None:
    # each was verified (0.69 to 0.81): the source tells of one thing after or beside another, the claim makes one
    # the cause of the other
    _assert_flagged(
        got,
        {k: "unasserted:cause" for k in ("followed", "associated", "coincided", "due_to", "linked")},
    )
    _assert_verified(got, ("ok_followed", "ok_linked", "ok_same_time", "ok_stated"), clear_of="unasserted:")
