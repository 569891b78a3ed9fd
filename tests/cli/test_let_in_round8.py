"""The "nothing let in" sweep, round 8: wrong claims made from real-looking sources (news, science, business, sport,
law, medicine) by small edits (a word of a closed set in another's place, a claim cut short of its sentence, a place
widened to the whole country or world, a win the source does not give, a word in the place of two) that came out
`verified`, each beside correct paraphrases that must stay `verified`; each through the real `citeaudit run` on real
Parquet and DuckDB files (docs/hostile-inputs.md, "The let-in sweep, round 8")."""

from __future__ import annotations

from tests.cli.hostile import Verdicts, claims
from tests.cli.test_hostile_verdicts import _assert_flagged, _assert_verified

FRAUD = "The former mayor was charged with fraud on Tuesday and released on bail."
QUAKE = "Three people were injured when the building collapsed after the earthquake."
REVENUE = "The company's revenue rose 12 percent in the third quarter, while net profit fell."
MICE = "In the trial, the drug extended the lifespan of mice by 20 percent."
SEMI = "The team lost in the semi-final to the eventual champions."
CLUB = "The club was relegated to the second division at the end of the season."
LEASE = "Under the contract the landlord must pay for repairs to the roof."
APPEAL = "The plaintiff appealed against the ruling, the court said."
SENATE = "She was appointed to the senate in 2004 and later became its president."
SYMPTOMS = "Most patients had mild symptoms and recovered at home within a week."
SIDE = "Side effects of the vaccine were rare, the study found."
LAW = "The new federal law bans the sale of menthol cigarettes."
SALARY = "The median salary in the sector is 42,000 euros a year."
WAR = "The bridge was built during the war by prisoners."
COACH = "She was assistant coach of the national team for three years."
JOBS = "The company may cut up to 500 jobs at the plant, a spokesman said."
PARIS = "He moved to Paris in his twenties and lived there until his death."
BUDGET = "The minister will present the budget tomorrow."
MAYOR = "He was first elected mayor in 2018 and lost the next election."
AWAY = "The team won their away match against the league leaders."
RECORD = "The athlete set a new national record in the 200 metres in June."


@claims(
    {
        "convicted": ("The former mayor was convicted of fraud on Tuesday.", FRAUD),
        "killed": (QUAKE.replace("injured", "killed"), QUAKE),
        "profit": ("The company's net profit rose 12 percent in the third quarter.", REVENUE),
        "humans": (MICE.replace("mice", "humans"), MICE),
        "final": (SEMI.replace("semi-final", "final"), SEMI),
        "promoted": (CLUB.replace("relegated", "promoted"), CLUB),
        "tenant": (LEASE.replace("landlord", "tenant"), LEASE),
        "defendant": (APPEAL.replace("plaintiff", "defendant"), APPEAL),
        "elected": (SENATE.replace("appointed", "elected"), SENATE),
        "severe": (SYMPTOMS.replace("mild", "severe"), SYMPTOMS),
        "common": (SIDE.replace("rare", "common"), SIDE),
        "state": (LAW.replace("federal", "state"), LAW),
        "average": (SALARY.replace("median", "average"), SALARY),
        "after": (WAR.replace("during", "after"), WAR),
        "head": (COACH.replace("assistant", "head"), COACH),
        "will": (JOBS.replace("may", "will"), JOBS),
        "thirties": (PARIS.replace("twenties", "thirties"), PARIS),
        "today": (BUDGET.replace("tomorrow", "today"), BUDGET),
        "reelected": ("He was re-elected mayor in 2018.", MAYOR),
        "home": (AWAY.replace("away", "home"), AWAY),
        "world": (RECORD.replace("national", "world"), RECORD),
        # supported: the same side, step and kind in other words, or what the source's word entails
        "ok_charged": ("The former mayor was charged with fraud and released on bail.", FRAUD),
        "ok_hurt": (QUAKE.replace("injured", "hurt"), QUAKE),
        "ok_revenue": ("Revenue at the company rose 12 percent in the third quarter.", REVENUE),
        "ok_sales": (
            "Sales at the company rose 5 percent last year.",
            "The company's revenue rose 5 percent last year.",
        ),
        "ok_mice": ("The drug extended the lifespan of mice by 20 percent in the trial.", MICE),
        "ok_people": ("The trial enrolled 300 people with asthma.", "The trial enrolled 300 patients with asthma."),
        "ok_relegated": ("At the end of the season the club went down to the second division.", CLUB),
        "ok_landlord": ("The landlord has to pay for roof repairs under the contract.", LEASE),
        "ok_mild": ("Most patients had mild symptoms and got better at home within a week.", SYMPTOMS),
        "ok_could": ("The company could cut as many as 500 jobs at the plant, a spokesman said.", JOBS),
        "ok_national": ("In June the athlete set a national record in the 200 metres.", RECORD),
        "ok_charged_for_convicted": (
            "The former mayor was charged with fraud.",
            "The former mayor, charged with fraud in 2019, was convicted of fraud on Tuesday.",
        ),
    }
)
def test_a_word_of_a_closed_set_in_another_place_is_not_verified(got: Verdicts) -> None:
    # each was verified (0.55 to 0.87): the two sides of a relation, two steps of one process, two members of one
    # kind (an organism, a harm, a severity, a statistic, ...) were in no table of `opposites.py`; "final" for
    # "semi-final" left out a word that makes the stage another (`exclusive.py`, `left_out.ROLES`)
    _assert_flagged(
        got,
        {
            "convicted": "swapped:convicted of/charged with",
            "killed": "swapped:killed/injured",
            "profit": "swapped:net profit/revenue",
            "humans": "swapped:humans/mice",
            "final": "swapped:final/semi final",
            "promoted": "swapped:promoted/relegated",
            "tenant": "swapped:tenant/landlord",
            "defendant": "swapped:defendant/plaintiff",
            "elected": "swapped:elected/appointed",
            "severe": "swapped:severe/mild",
            "common": "swapped:common/rare",
            "state": "swapped:state/federal",
            "average": "swapped:average/median",
            "after": "swapped:after/during",
            "head": "swapped:head/assistant",
            "will": "swapped:will/may",
            "thirties": "swapped:thirties/twenties",
            "today": "swapped:today/tomorrow",
            "reelected": "swapped:re/first",
            "home": "swapped:home/away",
            "world": "swapped:world/national",
        },
    )
    _assert_verified(got, tuple(k for k in got if k.startswith("ok_")), clear_of="swapped:")


INFECTION = "The infection is caused by a bacterium found in contaminated water."
TUMOUR = "Doctors found that the tumour was benign and removed it in May."
BOSTON = "The case was heard by the appeals court in Boston in 2019."
SOLDIER = "The former soldier was sentenced to life in prison for the murders."
BID = "The company launched a friendly bid for its smaller rival in June."
SOLAR = "The new solar farm will produce 50 megawatts of electricity."
PHONE = "The basic model comes with 64 gigabytes of storage."
LOGO = "The party's logo is a green tree on a white background."
WIND = "The wind farm is located offshore, 20 kilometres from the coast."
MASKS = "Visitors are encouraged to wear masks inside the hospital."
PRESSURE = "The drug lowers blood pressure in most patients within two weeks."
SCHOOL_YEAR = "The school year ends in September."
STAKE = "The fund bought a minority stake in the airline in 2020."


@claims(
    {
        "virus": (INFECTION.replace("a bacterium", "a virus"), INFECTION),
        "malignant": (TUMOUR.replace("benign", "malignant"), TUMOUR),
        "supreme": (BOSTON.replace("appeals", "supreme"), BOSTON),
        "hostile": (BID.replace("friendly", "hostile"), BID),
        "kilowatts": (SOLAR.replace("megawatts", "kilowatts"), SOLAR),
        "terabytes": (PHONE.replace("gigabytes", "terabytes"), PHONE),
        "red": (LOGO.replace("green", "red"), LOGO),
        "onshore": (WIND.replace("offshore", "onshore"), WIND),
        "required": (MASKS.replace("encouraged", "required"), MASKS),
        "raises": (PRESSURE.replace("lowers", "raises"), PRESSURE),
        "begins": (SCHOOL_YEAR.replace("ends", "begins"), SCHOOL_YEAR),
        "controlling": ("The fund bought a controlling stake in the airline.", STAKE),
        # supported: the same in other words
        "ok_bacteria": ("The infection comes from bacteria found in contaminated water.", INFECTION),
        "ok_life": ("The former soldier received a life sentence for the murders.", SOLDIER),
        "ok_lower": ("The drug reduces blood pressure in most patients within two weeks.", PRESSURE),
        "ok_red": ("The flag is red.", "The flag is red and white."),
    }
)
def test_a_kind_of_cause_court_unit_colour_or_result_changed_is_not_verified(got: Verdicts) -> None:
    # each was verified (0.52 to 0.86): pathogens, courts, units of power and data, colours and the two of a kind
    # of result (benign / malignant, life / death, friendly / hostile, offshore / onshore, ...) were in no table
    _assert_flagged(
        got,
        {
            "virus": "swapped:virus/bacterium",
            "malignant": "swapped:malignant/benign",
            "supreme": "swapped:supreme/appeals",
            "hostile": "swapped:hostile/friendly",
            "kilowatts": "swapped:kilowatts/megawatts",
            "terabytes": "swapped:terabytes/gigabytes",
            "red": "swapped:red/green",
            "onshore": "swapped:onshore/offshore",
            "required": "swapped:required/encouraged",
            "raises": "swapped:raises/lowers",
            "begins": "swapped:begins/ends",
            "controlling": "swapped:controlling/minority",
        },
    )
    _assert_verified(got, ("ok_bacteria", "ok_life", "ok_lower", "ok_red"), clear_of="swapped:")


FERRY = "The ferry to the island runs weekly during the winter months."
STUDY = "The study followed 500 women aged 40 to 60 for ten years."
LAUNCH = "The rocket launch was postponed until Friday because of high winds."


@claims(
    {
        "daily": ("The ferry to the island runs daily.", FERRY),
        "men": ("The study followed 500 men.", STUDY),
        "gold": ("She won gold.", "She won silver in the 200 metres."),
        "hourly": ("Trains run hourly.", "Trains run daily between the two cities."),
        "cancelled": ("The rocket launch was cancelled because of high winds.", LAUNCH),
        "death": ("The former soldier was sentenced to death for the murders.", SOLDIER),
        "wage": ("Workers are paid 15 dollars a day.", "Workers are paid 15 dollars an hour at the new warehouse."),
        # supported: the same word, or a sentence that says the claim's word too
        "ok_weekly": ("The ferry runs weekly.", FERRY),
        "ok_delayed": ("The launch was delayed because of high winds.", LAUNCH),
        "ok_reopened": ("The museum opened in 1990.", "The museum closed in 1980 and reopened in 1990."),
        "ok_lowered": ("The bank lowered rates.", "The bank cut rates in May."),
        "ok_other": ("The bank raised rates.", "The bank cut rates in May and raised rates in June."),
        "ok_homes": ("The village has 300 homes.", "The village in the hills has 300 households and a school."),
    }
)
def test_a_short_claim_or_one_cut_short_of_its_sentence_is_not_verified(got: Verdicts) -> None:
    # each was verified (0.47 to 0.73): a claim of five words or fewer copied no `MIN_COPIED` words, and a claim's
    # word against the first of several the sentence has in its place ("daily" for "weekly during the winter
    # months", "death" for "life in prison") was no one-word swap
    _assert_flagged(
        got,
        {
            "daily": "swapped:daily/weekly",
            "men": "swapped:men/women",
            "gold": "swapped:gold/silver",
            "hourly": "swapped:hourly/daily",
            "cancelled": "swapped:cancelled/postponed",
            "death": "swapped:death/life",
            "wage": "swapped:a day/an hour",
        },
    )
    _assert_verified(
        got, ("ok_weekly", "ok_delayed", "ok_reopened", "ok_lowered", "ok_other", "ok_homes"), clear_of="swapped:"
    )


STRIKE = "The teachers' strike closed schools in the capital on Thursday."
ALBUM = "The album sold two million copies in the United States in its first year."
JOBLESS = "Unemployment fell in the northern region last year, official figures show."


@claims(
    {
        "nationwide": (STRIKE.replace("in the capital", "nationwide"), STRIKE),
        "worldwide": ("The album sold two million copies worldwide in its first year.", ALBUM),
        "country": ("Unemployment fell across the country last year.", JOBLESS),
        # supported: the same place, or a sentence that reaches as far
        "ok_capital": ("The strike by teachers shut schools in the capital on Thursday.", STRIKE),
        "ok_us": ("The album sold two million copies in the US in its first year.", ALBUM),
        "ok_north": ("Unemployment fell in the north last year.", JOBLESS),
        "ok_all_states": ("The strike closed schools nationwide.", "The strike closed schools in all 50 states."),
        "ok_world": (
            "The album sold two million copies worldwide.",
            "The album sold two million copies around the world.",
        ),
        "ok_country": ("The policy applies nationwide.", "The policy applies across the country."),
    }
)
def test_a_place_widened_to_the_whole_country_or_world_is_not_verified(got: Verdicts) -> None:
    # each was verified (0.55 to 0.68): "nationwide" in the place of "in the capital" is one word for three, and no
    # table read a reach
    _assert_flagged(
        got,
        {
            "nationwide": "swapped:nationwide/in the capital",
            "worldwide": "swapped:worldwide/in the united states",
            "country": "swapped:across the country/northern region",
        },
    )
    _assert_verified(
        got, ("ok_capital", "ok_us", "ok_north", "ok_all_states", "ok_world", "ok_country"), clear_of="swapped:"
    )


MARATHON = "Kipchoge finished second in the marathon, 20 seconds behind the Ethiopian winner."
SWIM = "She finished third in the 400 metres freestyle at the world championships."
DRAW = "The match between Spain and Italy ended in a 1-1 draw after extra time."
TITLE = "Ferrari were runners-up in the constructors' championship in 2022, behind Red Bull."


@claims(
    {
        "won": ("Kipchoge won the marathon.", MARATHON),
        "won_long": ("Kipchoge won the marathon, 20 seconds ahead of the Ethiopian runner.", MARATHON),
        "won_swim": ("She won the 400 metres freestyle at the world championships.", SWIM),
        "gold": ("She took gold in the 400 metres freestyle at the world championships.", SWIM),
        "draw": ("Spain won the match after extra time.", DRAW),
        "runners_up": ("Ferrari won the constructors' title in 2022.", TITLE),
        # supported: the placing kept, or a win the source gives the subject
        "ok_second": ("Kipchoge came second in the marathon, behind the Ethiopian winner.", MARATHON),
        "ok_draw": ("The match ended 1-1 after extra time.", DRAW),
        "ok_heats": ("She won the final in Rome.", "She finished second in the heats but won the final in Rome."),
        "ok_cup": (
            "The team won the cup in May.",
            "The team, which finished third in the league, won the cup in May.",
        ),
        "ok_both": (
            "Kipchoge won the marathon in Berlin.",
            "Kipchoge won the marathon in Berlin and Bekele was second.",
        ),
    }
)
def test_a_win_the_source_does_not_give_is_not_verified(got: Verdicts) -> None:
    # each was verified (0.53 to 0.81): a win said in other words than the source's placing is no word in another's
    # place (`outcomes.py`)
    _assert_flagged(
        got,
        {
            "won": "swapped:won/second",
            "won_long": "swapped:won/second",
            "won_swim": "swapped:won/third",
            "gold": "swapped:took gold/third",
            "draw": "swapped:won/draw",
            "runners_up": "swapped:won/runners-up",
        },
    )
    _assert_verified(got, ("ok_second", "ok_draw", "ok_heats", "ok_cup", "ok_both"), clear_of="swapped:")


BEEF = "The country imposed a ban on beef imports in March."
ROWER = "The rower won gold at the Olympics in 2016, her first medal."


@claims(
    {
        "lifted_its": ("The country lifted its ban on beef imports.", BEEF),
        "silver": ("The rower took silver at the Olympics in 2016.", ROWER),
        # supported: the same deed and medal in other words; a count and its unit changed together
        "ok_imposed": ("The country introduced a ban on beef imports in March.", BEEF),
        "ok_gold": ("The rower won an Olympic gold medal in 2016.", ROWER),
        "ok_days": (
            "Refunds are paid within 14 days of the return.",
            "Refunds are paid within two weeks of the return.",
        ),
    }
)
def test_a_word_said_otherwise_beside_a_determiner_or_a_verb_is_not_verified(got: Verdicts) -> None:
    # each was verified (0.60, 0.69): two words in the place of two were read whole ("lifted its" / "imposed a",
    # "took silver" / "won gold"), and no table knows "took" or "its"
    _assert_flagged(got, {"lifted_its": "swapped:lifted its/imposed a", "silver": "swapped:took silver/won gold"})
    _assert_verified(got, ("ok_imposed", "ok_gold", "ok_days"), clear_of="swapped:")
