"""The "nothing let in" sweep, round 6: wrong claims made from real-looking sources by small edits (a unit read off
the source's next figure, a bar or an end stated as leave or as going on, a qualifier left out of a denial, a fraction
or a rate with "a" changed, an ordinal century) that came out `verified`, each beside correct paraphrases that must
stay `verified`; each through the real `citeaudit run` on real Parquet and DuckDB files."""

from __future__ import annotations

from tests.cli.hostile import Verdicts, claims
from tests.cli.test_hostile_verdicts import _assert_flagged, _assert_verified

RATE = "The unemployment rate rose by 2 percentage points, to 5 percent, in the year to March."
PRICES = "Inflation fell by 1.5 percent last year, to 3.2 percentage points above the target."


@claims(
    {
        "percent": ("The unemployment rate rose by 2 percent in the year to March.", RATE),
        "percent_short": ("The unemployment rate rose by 2 percent.", RATE),
        "points": ("Inflation fell by 1.5 percentage points last year.", PRICES),
        "miles": (
            "The storm moved 30 miles inland.",
            "The storm moved 30 kilometres, or about 19 miles, inland.",
        ),
        # supported: the unit kept, the other figure stated with its own
        "ok_points": ("The unemployment rate went up by 2 percentage points, reaching 5 percent.", RATE),
        "ok_level": ("The unemployment rate rose to 5 percent in the year to March.", RATE),
        "ok_percent": ("Inflation fell by 1.5 percent last year.", PRICES),
        "ok_miles": (
            "The storm moved 30 kilometres inland.",
            "The storm moved 30 kilometres, or about 19 miles, inland.",
        ),
    }
)
def test_a_unit_the_source_gives_its_next_figure_is_not_verified(got: Verdicts) -> None:
    # each was verified (0.80 to 0.87): the claim's "percent" aligned with the source's "to 5 percent", so the
    # copy read "percentage points, to 5" as words left out, not "percent" in the place of "percentage points"
    _assert_flagged(
        got,
        {
            "percent": "swapped:percent/percentage points",
            "percent_short": "swapped:percent/percentage points",
            "points": "swapped:percentage points/percent",
            "miles": "swapped:miles/kilometres",
        },
    )
    _assert_verified(got, ("ok_points", "ok_level", "ok_percent", "ok_miles"), clear_of="swapped:")


BIDS = "Under the new rules, foreign firms are barred from bidding for government contracts."
TYPEWRITERS = "The company stopped making typewriters in 1995 and now sells printers."


@claims(
    {
        "can": ("Under the new rules, foreign firms can bid for government contracts.", BIDS),
        "allowed": ("Foreign firms are allowed to bid for government contracts under the new rules.", BIDS),
        "free": (
            "Journalists are free to enter the region.",
            "Since March, journalists have been prohibited from entering the region.",
        ),
        "still": ("The company still makes typewriters and now sells printers.", TYPEWRITERS),
        "continues": ("The company continues to make typewriters.", TYPEWRITERS),
        "still_runs": (
            "The line still runs passenger trains to the coast.",
            "The line ceased running passenger trains to the coast in 1968.",
        ),
        # supported: the bar or the end said otherwise, or what goes on is another thing
        "ok_cannot": ("Foreign firms cannot bid for government contracts under the new rules.", BIDS),
        "ok_banned": ("Under the new rules, foreign firms are banned from bidding for government contracts.", BIDS),
        "ok_other": (
            "Domestic firms can bid for government contracts.",
            "Domestic firms can bid for government contracts; foreign firms are barred from bidding for them.",
        ),
        "ok_no_longer": ("The company no longer makes typewriters; it now sells printers.", TYPEWRITERS),
        "ok_stopped": ("The company stopped producing typewriters in 1995.", TYPEWRITERS),
        "ok_still_other": (
            "The company still makes printers.",
            "The company stopped making typewriters in 1995 but still makes printers.",
        ),
    }
)
def test_leave_for_a_bar_or_going_on_for_an_end_is_not_verified(got: Verdicts) -> None:
    # each was verified (0.57 to 0.76): `negation_said_otherwise` reads "cannot bid" against "barred from bidding"
    # and "no longer makes" against "stopped making" as one negation, but nothing read the claim that says the
    # opposite without any negation
    _assert_flagged(
        got,
        {
            "can": "swapped:can/barred from",
            "allowed": "swapped:allowed to/barred from",
            "free": "swapped:free to/prohibited from",
            "still": "swapped:still/stopped",
            "continues": "swapped:continues to/stopped",
            "still_runs": "swapped:still/ceased",
        },
    )
    _assert_verified(
        got,
        ("ok_cannot", "ok_banned", "ok_other", "ok_no_longer", "ok_stopped", "ok_still_other"),
        clear_of="swapped:",
    )


CRASH = "The bus overturned on the motorway on Sunday, but no one was seriously hurt."
COMMENT = "The ministry did not immediately respond to requests for comment."


@claims(
    {
        "hurt": ("The bus overturned on the motorway on Sunday, but no one was hurt.", CRASH),
        "respond": ("The ministry did not respond to requests for comment.", COMMENT),
        "significant": (
            "The new drug did not reduce the number of hospital admissions in the trial.",
            "The new drug did not significantly reduce the number of hospital admissions in the trial.",
        ),
        "fully": (
            "The town never recovered from the closure of its steelworks in 1980.",
            "The town never fully recovered from the closure of its steelworks in 1980.",
        ),
        # supported: the qualifier kept or said otherwise; left out of a statement that denies nothing
        "ok_injured": ("No one was seriously injured when the bus overturned on the motorway on Sunday.", CRASH),
        "ok_reply": ("The ministry did not immediately reply to requests for comment.", COMMENT),
        "ok_stated": (
            "Three passengers were hurt when the bus overturned on the motorway on Sunday.",
            "Three passengers were seriously hurt when the bus overturned on the motorway on Sunday.",
        ),
    }
)
def test_a_qualifier_left_out_of_a_denial_is_not_verified(got: Verdicts) -> None:
    # each was verified (0.89 and over): "no one was hurt" copies "no one was seriously hurt" but for the word that
    # narrows what is denied; left out of a denial, it makes the denial say more than the source
    _assert_flagged(
        got,
        {
            "hurt": "unasserted:seriously",
            "respond": "unasserted:immediately",
            "significant": "unasserted:significantly",
            "fully": "unasserted:fully",
        },
    )
    _assert_verified(got, ("ok_injured", "ok_reply", "ok_stated"), clear_of="unasserted:")


STUDENTS = "About a third of the students in the district passed the final exam last year."
WAGE = "The minimum wage rose to 10 euros an hour in January."
CATHEDRAL = "The cathedral was completed in the nineteenth century after decades of work."
FESTIVAL = "The festival takes place every two years in the second week of July."


@claims(
    {
        "thirds": (STUDENTS.replace("a third", "two thirds"), STUDENTS),
        "per_day": (WAGE.replace("an hour", "a day"), WAGE),
        "century": (CATHEDRAL.replace("nineteenth", "eighteenth"), CATHEDRAL),
        "every": (FESTIVAL.replace("every two years", "every year"), FESTIVAL),
        # supported: the same share, rate, century and interval in other words
        "ok_third": ("Roughly one third of the district's students passed the final exam last year.", STUDENTS),
        "ok_hourly": ("In January the minimum wage rose to 10 euros per hour.", WAGE),
        "ok_century": ("The cathedral was completed in the 19th century after decades of work.", CATHEDRAL),
        "ok_every": ("The festival is held every other year, in the second week of July.", FESTIVAL),
    }
)
def test_a_fraction_rate_century_or_interval_changed_is_not_verified(got: Verdicts) -> None:
    # each was verified (0.61 to 0.86): "a third" and "an hour" were no count the tables knew ("one third" was),
    # ordinals stopped at "twelfth", and "every year" for "every two years" left a number out between copied words
    _assert_flagged(
        got,
        {
            "thirds": "swapped:two thirds/a third",
            "per_day": "swapped:a day/an hour",
            "century": "swapped:eighteenth/nineteenth",
            "every": "swapped:year/two years",
        },
    )
    _assert_verified(got, ("ok_third", "ok_hourly", "ok_century", "ok_every"), clear_of="swapped:")


CHIEF = "Maria Lopez, the former chief executive of the bank, spoke at the conference."
DEPUTY = "He served as deputy prime minister from 2010 to 2014."
CHARITY = "She co-founded the charity with her brother in 1998."
GDP = "The country's GDP per capita reached 50,000 dollars in 2022."


@claims(
    {
        "former": (CHIEF.replace("the former chief", "the chief"), CHIEF),
        "deputy": (DEPUTY.replace("deputy ", ""), DEPUTY),
        "interim": (
            "He was appointed coach of the national team in March.",
            "He was appointed interim coach of the national team in March.",
        ),
        "co_founded": (CHARITY.replace("co-founded", "founded"), CHARITY),
        "per_capita": (GDP.replace(" per capita", ""), GDP),
        # supported: the role or the rate kept, or said otherwise
        "ok_formerly": (
            "Maria Lopez, who formerly ran the bank as chief executive, spoke at the conference.",
            CHIEF,
        ),
        "ok_deputy": ("From 2010 to 2014 he was the deputy prime minister.", DEPUTY),
        "ok_co": ("She and her brother co-founded the charity in 1998.", CHARITY),
        "ok_per_person": ("In 2022 the country's GDP per capita reached 50,000 dollars.", GDP),
        "ok_company": (
            "Acme said profits rose in 2022.",
            "Acme Co. said profits rose in 2022.",
        ),
    }
)
def test_a_role_or_a_rate_left_out_is_not_verified(got: Verdicts) -> None:
    # each was verified (0.88 to 0.90): the copy but for the word that makes the role another's or past ("former",
    # "deputy", "interim", "co-"), or a rate a total ("per capita")
    _assert_flagged(
        got,
        {
            "former": "swapped:chief/former chief",
            "deputy": "swapped:prime/deputy prime",
            "interim": "swapped:coach/interim coach",
            "co_founded": "swapped:founded/co founded",
            "per_capita": "unasserted:per capita",
        },
    )
    _assert_verified(got, ("ok_formerly", "ok_deputy", "ok_co", "ok_per_person", "ok_company"), clear_of="swapped:")


SEMI = "Spain was beaten by Italy in the semi-final in Warsaw."
LAW = "The law was passed by the lower house but rejected by the senate."


@claims(
    {
        "beaten": ("Italy was beaten by Spain in the semi-final in Warsaw.", SEMI),
        "subsidiary": (
            "Northwind Holdings is a subsidiary of the company, based in Oslo.",
            "The company is a subsidiary of Northwind Holdings, based in Oslo.",
        ),
        "but": ("The law was passed by the senate but rejected by the lower house.", LAW),
        "while": (
            "Exports to Japan rose while exports to Korea fell.",
            "Exports to Korea rose while exports to Japan fell.",
        ),
        # supported: the same roles in other words, or a pair that says the same both ways round
        "ok_beat": ("Italy beat Spain in the semi-final in Warsaw.", SEMI),
        "ok_law": ("The senate rejected the law after the lower house had passed it.", LAW),
        "ok_also": (
            "The plan helps not only farmers but also fishermen.",
            "The plan helps not only fishermen but also farmers.",
        ),
    }
)
def test_two_parties_in_each_other_place_across_a_passive_or_a_contrast_are_not_verified(got: Verdicts) -> None:
    # each was verified (0.90 to 0.91): "beaten", "subsidiary" were no words of order, and two parties across "but"
    # were read as no crossing
    _assert_flagged(
        got,
        {
            "beaten": "swapped:italy/spain",
            "subsidiary": "swapped:northwind holdings/the company",
            "but": "swapped:senate/lower house",
            "while": "swapped:japan/korea",
        },
    )
    _assert_verified(got, ("ok_beat", "ok_law", "ok_also"), clear_of="swapped:")


CROWD = "Hundreds of people gathered outside the parliament on Monday evening."
SALES = "Sales increased tenfold between 2015 and 2020."
NEST = "Google acquired the thermostat maker Nest in 2014."
REFUNDS = "Refunds are issued within 30 days of the return."
GALLERY = "The exhibition runs from March to May at the city gallery."
PAPER = "Her grandfather founded the newspaper in 1901."


@claims(
    {
        "thousands": (CROWD.replace("Hundreds", "Thousands"), CROWD),
        "billions": (
            "Billions of tonnes of plastic enter the oceans every year.",
            "Millions of tonnes of plastic enter the oceans every year.",
        ),
        "fivefold": (SALES.replace("tenfold", "fivefold"), SALES),
        "last_month": (
            "The meeting has been moved to last month because of the strike.",
            "The meeting has been moved to next month because of the strike.",
        ),
        "sold": (NEST.replace("acquired", "sold"), NEST),
        "right_wing": (
            "The party is the largest right-wing party in the country.",
            "The party is the largest left-wing party in the country.",
        ),
        "after": (REFUNDS.replace("within", "after"), REFUNDS),
        "unanimously": (
            "The bill was passed unanimously by the assembly in June.",
            "The bill was passed narrowly by the assembly in June.",
        ),
        "months": (GALLERY.replace("from March to May", "from April to June"), GALLERY),
        "father": (PAPER.replace("grandfather", "father"), PAPER),
        # supported: the same scale, side, time and person in other words
        "ok_hundreds": ("Several hundred people gathered outside parliament on Monday evening.", CROWD),
        "ok_bought": ("Google bought the thermostat maker Nest in 2014.", NEST),
        "ok_within": ("Refunds are issued within 30 days of a return.", REFUNDS),
        "ok_months": ("The city gallery shows the exhibition from March until May.", GALLERY),
        "ok_grandfather": ("The newspaper was founded in 1901 by her grandfather.", PAPER),
    }
)
def test_a_word_of_scale_time_side_or_kin_changed_is_not_verified(got: Verdicts) -> None:
    # each was verified (0.58 to 0.86): "hundreds", "millions", "tenfold", "next", "sold" (for "acquired"),
    # "right-wing", "within", "unanimously", the months and the kin words were in no table of `opposites.py`
    _assert_flagged(
        got,
        {
            "thousands": "swapped:thousands/hundreds",
            "billions": "swapped:billions/millions",
            "fivefold": "swapped:fivefold/tenfold",
            "last_month": "swapped:last/next",
            "sold": "swapped:sold/acquired",
            "right_wing": "swapped:right/left",
            "after": "swapped:after/within",
            "unanimously": "swapped:unanimously/narrowly",
            "months": "swapped:april/march",
            "father": "swapped:father/grandfather",
        },
    )
    _assert_verified(got, ("ok_hundreds", "ok_bought", "ok_within", "ok_months", "ok_grandfather"), clear_of="swapped:")


SUED = "Apple sued Samsung over patent infringement in 2011."
MATCH = "The coach criticised the referee after the match."


@claims(
    {
        "sued": ("Samsung sued Apple over patent infringement in 2011.", SUED),
        "eliminated": (
            "In the quarter-final, Argentina eliminated Brazil on penalties.",
            "In the quarter-final, Brazil eliminated Argentina on penalties.",
        ),
        "trailed": (
            "The survey found that the Conservatives trailed Labour by six points.",
            "The survey found that Labour trailed the Conservatives by six points.",
        ),
        "invaded": ("Poland invaded Germany on 1 September 1939.", "Germany invaded Poland on 1 September 1939."),
        "criticised": ("The referee criticised the coach after the match.", MATCH),
        # supported: the same sides in other words
        "ok_sued": ("Apple took Samsung to court over patent infringement in 2011.", SUED),
        "ok_passive": ("Samsung was sued by Apple over patent infringement in 2011.", SUED),
        "ok_criticised": ("After the match the coach criticised the referee.", MATCH),
    }
)
def test_two_parties_in_each_other_place_around_a_verb_of_one_side_are_not_verified(got: Verdicts) -> None:
    # each was verified (0.90 and over): "sued", "eliminated", "trailed", "invaded", "criticised" were no words that
    # order two sides, so the two names in each other's place around them read as a list
    _assert_flagged(
        got,
        {
            "sued": "swapped:samsung/apple",
            "eliminated": "swapped:argentina/brazil",
            "trailed": "swapped:the conservatives/labour",
            "invaded": "swapped:poland/germany",
            "criticised": "swapped:the referee/the coach",
        },
    )
    _assert_verified(got, ("ok_sued", "ok_passive", "ok_criticised"), clear_of="swapped:")


MASKS = "Masks are recommended on public transport during the winter."
PRICES_ROSE = "Prices rose slightly in the second half of the year."
RATES = "The central bank cut interest rates by half a point in May."
COURT = "The appeals court upheld the ruling against the company."


@claims(
    {
        "required": (MASKS.replace("recommended", "required"), MASKS),
        "half_as": (
            "Smokers are half as likely to develop the disease as non-smokers.",
            "Smokers are twice as likely to develop the disease as non-smokers.",
        ),
        "sharply": (PRICES_ROSE.replace("slightly", "sharply"), PRICES_ROSE),
        "late": (
            "The town was founded in the late 1990s by a group of farmers.",
            "The town was founded in the mid-1990s by a group of farmers.",
        ),
        "raised": (RATES.replace("cut", "raised"), RATES),
        "overturned": (COURT.replace("upheld", "overturned"), COURT),
        # supported: the same duty, degree and outcome in other words
        "ok_advised": ("Masks are advised on public transport during the winter.", MASKS),
        "ok_modestly": ("In the second half of the year prices rose slightly.", PRICES_ROSE),
        "ok_lowered": ("In May the central bank lowered interest rates by half a point.", RATES),
        "ok_confirmed": ("The appeals court confirmed the ruling against the company.", COURT),
    }
)
def test_a_word_of_duty_degree_or_outcome_changed_is_not_verified(got: Verdicts) -> None:
    # each was verified (0.47 to 0.77): "required" for "recommended", "half as" for "twice as", "sharply" for
    # "slightly", "late" for "mid", "raised" for "cut", "overturned" for "upheld" were in no table of `opposites.py`
    _assert_flagged(
        got,
        {
            "required": "swapped:required/recommended",
            "half_as": "swapped:half/twice",
            "sharply": "swapped:sharply/slightly",
            "late": "swapped:late/mid",
            "raised": "swapped:raised/cut",
            "overturned": "swapped:overturned/upheld",
        },
    )
    _assert_verified(got, ("ok_advised", "ok_modestly", "ok_lowered", "ok_confirmed"), clear_of="swapped:")


RULING = "The court ruled in favour of the workers and against the company."


@claims(
    {
        "favour": ("The court ruled in favour of the company and against the workers.", RULING),
        "for": (
            "The senator spoke for the tax cut and against the spending bill.",
            "The senator spoke for the spending bill and against the tax cut.",
        ),
        # supported: the same sides in another order, or a list
        "ok_order": ("The court ruled against the company and in favour of the workers.", RULING),
        "ok_list": (
            "Demand for coal and for oil fell sharply last winter.",
            "Demand for oil and for coal fell sharply last winter.",
        ),
    }
)
def test_two_sides_bound_to_opposite_words_in_each_other_place_are_not_verified(got: Verdicts) -> None:
    # each was verified (0.91): the two sides stand across "and", read as a list ("France and Germany")
    _assert_flagged(got, {"favour": "swapped:company/workers", "for": "swapped:tax cut/spending bill"})
    _assert_verified(got, ("ok_order", "ok_list"), clear_of="swapped:")


SHARES = "The company's shares rose 4% on Monday after it beat profit forecasts."


@claims(
    {
        "missed": (SHARES.replace("beat", "missed"), SHARES),
        "exceeded": (
            "Third-quarter revenue exceeded analysts' expectations, the bank said on Tuesday.",
            "Third-quarter revenue missed analysts' expectations, the bank said on Tuesday.",
        ),
        # supported: the same outcome in other words
        "ok_topped": (SHARES.replace("beat", "topped"), SHARES),
        "ok_fell_short": (
            "Third-quarter revenue fell short of analysts' expectations, the bank said on Tuesday.",
            "Third-quarter revenue missed analysts' expectations, the bank said on Tuesday.",
        ),
    }
)
def test_a_forecast_missed_for_one_beaten_is_not_verified(got: Verdicts) -> None:
    # each was verified (0.50 and over): "missed" / "beat" was no pair of `opposites.py` ("beat" / "lost" was)
    _assert_flagged(got, {"missed": "swapped:missed/beat", "exceeded": "swapped:exceeded/missed"})
    _assert_verified(got, ("ok_topped", "ok_fell_short"), clear_of="swapped:")
