"""The false-alarm sweep, round 18: supported claims the real `citeaudit run` capped (real Parquet, DuckDB and model),
written by hand (none from the dev sets; the `h_` cases held out, written after the rules): a range whose scale word
follows its second number only ("$2-3 million": `numranges.shared_scales`), a place said by its prize ("runners-up",
"silver medal": `numwords._PLACE_WORD`), a rank the sentence gives the claim's name apart ("Singapore ranks second":
`outcomes.ordinal_given_elsewhere`), a country's adjective before a name that is no common word ("the German
Bundestag": `nameforms.country_qualifiers`), an era in the other notation ("BC" / "BCE": `keynames._ALIASES`), a
negation said as a state or a comparative ("left out of", "declined", "slower than": `states`, `equality`), and a
list in another order ("red, white and blue": `inplace.listed_crossed`, `kinds._listed`). Beside each one, the wrong
claim stays below `verified` with its reason (docs/hostile-inputs.md, "The false-alarm sweep, round 18"). And round
19's, in the same run: a span in two units, a change by its ends, a temperature's scale, "km/h", "British" / "UK", a
negated universal said by its opposite, a rank given by order ("The false-alarm sweep, round 19"); and round 20's,
"approved unanimously", "zero profit" / "no profit" ("The false-alarm sweep, round 20"). One `citeaudit run` for the
module."""

from __future__ import annotations

from tests.cli.hostile import Verdicts, claims

HARD = ("missing_", "negation_mismatch", "direction_mismatch", "swapped:", "stitched:", "unasserted:", "conditional:")
PORT = "Shanghai has the busiest container port in the world; {} ranks second."
COST = "The project is expected to cost $2-3 million."
DAMAGE = "Damage is estimated at $3-4 billion."


@claims(
    {
        "range": ("The project will cost between $2 million and $3 million.", COST),
        "range_to": ("Losses could reach 4 billion to 5 billion euros.", "Losses could reach 4 to 5 billion euros."),
        "range_between": ("The city has 2 million to 3 million residents.", "The city has between 2 and 3 million."),
        "range_fund": ("The fund raised between 10 million and 12 million dollars.", "The fund raised 10-12 million."),
        "h_damage": ("Damage is estimated at between 3 billion and 4 billion dollars.", DAMAGE),
        "h_visitors": ("The city expects 1.5 million to 2 million visitors.", "The city expects 1.5 to 2 million."),
        "runners_up": (
            "Argentina finished second at the 2014 World Cup.",
            "Argentina were runners-up at the 2014 World Cup.",
        ),
        "runner_up": ("She came second in the race.", "She was the runner-up in the race."),
        "silver": ("She finished second in the 100 metres.", "She won the silver medal in the 100 metres."),
        "bronze": ("He finished third in the marathon.", "He took bronze in the marathon."),
        "h_took_silver": ("Norway finished second in the relay.", "Norway took silver in the relay."),
        "h_bronze_medal": ("The Dutch team finished third in the race.", "The Dutch team won the bronze medal."),
        "w_range": ("The project will cost between $1 million and $3 million.", COST),
        "w_two_numbers": ("The city has 2 million residents.", "The city has 2 and 3 million visitors in two seasons."),
        "w_silver": ("She finished third in the 100 metres.", "She won the silver medal in the 100 metres."),
        "w_silver_metal": ("Peru is the second-largest silver producer.", "Peru is the largest silver producer."),
        "w_h_damage": ("Damage is estimated at between 2 billion and 4 billion dollars.", DAMAGE),
        "w_h_took_silver": ("Norway finished third in the relay.", "Norway took silver in the relay."),
        "w_beat_runner_up": ("He finished second in the final.", "He beat the runner-up in the final."),
    },
    HARD,
)
def test_a_range_and_a_place_said_otherwise(got: Verdicts) -> None:
    # "between $2 million and $3 million" against "$2-3 million" was missing_number:2 million: a range's first number
    # takes the scale word after its second; "finished second" against "were runners-up" was missing_number:2nd: a
    # runner-up and a silver medal are second, a bronze third (a medal or a metal won, not "silver" alone)
    for key in ("range", "range_to", "range_between", "range_fund", "h_damage", "h_visitors", "runners_up"):
        assert got[key] == ("verified", []), (key, got[key])
    for key in ("runner_up", "silver", "bronze", "h_took_silver", "h_bronze_medal"):
        assert got[key][1] == [], (key, got[key])
    for key, reason in (
        ("w_range", "missing_number:1 million"),
        ("w_two_numbers", "missing_number:2 million"),
        ("w_silver", "missing_number:3rd"),
        ("w_silver_metal", "missing_number:2nd"),
        ("w_h_damage", "missing_number:2 billion"),
        ("w_h_took_silver", "missing_number:3rd"),
        ("w_beat_runner_up", "missing_number:2nd"),
    ):
        assert got[key][0] != "verified" and reason in got[key][1], (key, got[key])


@claims(
    {
        "ranks_second": ("Singapore has the second-busiest container port in the world.", PORT.format("Singapore")),
        "is_second": (
            "K2 is the second-highest mountain in the world.",
            "Mount Everest is the highest mountain in the world, and K2 is second.",
        ),
        "h_most": (
            "Python is the second most popular programming language.",
            "JavaScript is the most popular programming language, and Python ranks second.",
        ),
        "bundestag": ("The German Bundestag passed the law on Friday.", "The Bundestag passed the law on Friday."),
        "duma": ("The Russian Duma approved the law.", "The State Duma approved the law on Wednesday."),
        "h_riksdag": ("The Swedish Riksdag approved the budget.", "The Riksdag approved the budget on Tuesday."),
        "h_bundesbank": ("The German Bundesbank warned of a recession.", "The Bundesbank warned of a recession."),
        "bc": ("Julius Caesar was killed in 44 BC.", "Julius Caesar was assassinated in 44 BCE."),
        "ad": ("The city was founded in 79 AD.", "The city was founded in 79 CE."),
        "h_bce": ("The temple was built in 300 BCE.", "The temple was built in 300 BC."),
        "h_ce": ("Augustus died in 14 CE.", "Augustus died in AD 14."),
        "w_ranks_other": ("Singapore has the second-busiest container port in the world.", PORT.format("Rotterdam")),
        "w_ranks_third": (
            "Singapore has the second-busiest container port in the world.",
            "Shanghai has the busiest container port in the world; Singapore ranks third.",
        ),
        "w_bundestag": ("The Austrian Bundestag passed the law.", "The German Bundestag passed the law on Friday."),
        "w_government": ("The French government raised the pension age.", "The government raised the pension age."),
        "w_bc": ("The city was founded in 79 BC.", "The city was founded in 79 CE."),
        "w_h_most": (
            "Python is the second most popular programming language.",
            "JavaScript is the most popular programming language, and Java ranks second.",
        ),
        "w_h_riksdag": ("The Danish Riksdag approved the budget.", "Sweden's Riksdag approved the budget on Tuesday."),
        "w_h_bce": ("The temple was built in 300 BCE.", "The temple was built in 300 AD."),
        "w_ranks_in_other": (
            "Singapore has the second-busiest container port in the world.",
            "Shanghai has the busiest container port in the world; Singapore ranks second in shipbuilding.",
        ),
    },
    HARD,
)
def test_a_rank_a_country_and_an_era_said_otherwise(got: Verdicts) -> None:
    # "the second-busiest port" against "Shanghai has the busiest ...; Singapore ranks second" was swapped:second
    # busiest/busiest: the sentence gives the claim's name the ordinal apart. "The German Bundestag" against "The
    # Bundestag" was missing_name:German: a country's adjective before a name that is no common word, in a source
    # naming no other country. "44 BC" against "44 BCE" was missing_name:BC: one era in two notations
    for key in ("ranks_second", "is_second", "h_most", "bundestag", "h_bundesbank", "bc", "ad", "h_bce", "h_ce"):
        assert got[key] == ("verified", []), (key, got[key])
    for key in ("duma", "h_riksdag"):  # no rule left (the model's doubt: `weak`)
        assert got[key][1] == [], (key, got[key])
    for key, reason in (
        ("w_ranks_other", "swapped:second busiest/busiest"),
        ("w_ranks_third", "missing_number:2nd"),
        ("w_bundestag", "missing_name:Austrian"),
        ("w_government", "missing_name:French"),
        ("w_bc", "missing_name:BC"),
        ("w_h_most", "swapped:second most/most"),
        ("w_h_riksdag", "missing_name:Danish"),
        ("w_h_bce", "missing_name:BCE"),
        ("w_ranks_in_other", "swapped:second busiest/busiest"),
    ):
        assert got[key][0] != "verified" and reason in got[key][1], (key, got[key])


FLAG = "The flag's colours are blue, white and red."


@claims(
    {
        "left_out": ("The player was not selected for the squad.", "The player was left out of the squad."),
        "dropped": ("The striker was not included in the team.", "The striker was dropped from the team."),
        "excluded": ("The country was not invited to the summit.", "The country was excluded from the summit."),
        "declined": ("She did not accept the offer.", "She declined the offer."),
        "not_as": ("The new model is not as fast as the old one.", "The new model is slower than the old one."),
        "not_as_long": ("The river is not as long as the Nile.", "The river is shorter than the Nile."),
        "h_left_off": (
            "The senator was not invited to the dinner.",
            "The senator was left off the dinner's guest list.",
        ),
        "h_not_as_cheap": ("The bus is not as cheap as the train.", "The bus is more expensive than the train."),
        "colours": ("The flag is red, white and blue.", FLAG),
        "two_colours": ("The jersey is green and yellow.", "The jersey is yellow and green."),
        "h_black_white": ("The logo is black and white.", "The logo is white and black."),
        "h_stripes": ("The stripes are orange, green and white.", "The stripes are white, green and orange."),
        "w_left_out": (
            "The player was not selected for the squad.",
            "The player was left out of the starting line-up but selected for the squad.",
        ),
        "w_declined": ("She did not accept the offer.", "She declined the first offer but accepted the second one."),
        "w_not_as": ("The new model is not as fast as the old one.", "The new model is faster than the old one."),
        "w_colours": ("The flag is red, white and green.", FLAG),
        "w_two_clauses": ("The shirt is red and the trousers are blue.", "The shirt is blue and the trousers are red."),
        "w_h_not_as_cheap": ("The bus is not as cheap as the train.", "The bus is cheaper than the train."),
        "w_h_black_red": ("The logo is black and red.", "The logo is white and black."),
        "w_shares_declined": ("The company did not accept the bid.", "The company's shares declined after the bid."),
        "w_faster_now": (
            "The new model is not as fast as the old one.",
            "The new model is slower than the old one was at launch, but faster now.",
        ),
        "w_list_apart": ("The flag is red and white.", "The flag is white and blue, and the logo is red."),
    },
    HARD,
)
def test_a_negation_and_a_list_said_otherwise(got: Verdicts) -> None:
    # "was not selected" against "was left out of" and "did not accept" against "declined" were negation_mismatch: a
    # state that denies the word; "not as fast as" against "slower than" too: the other sense of the dimension. "red,
    # white and blue" against "blue, white and red" was swapped:red/blue: one list in another order
    for key in ("left_out", "dropped", "excluded", "declined", "not_as", "not_as_long", "colours", "two_colours"):
        assert got[key] == ("verified", []), (key, got[key])
    for key in ("h_left_off", "h_not_as_cheap", "h_black_white", "h_stripes"):
        assert got[key][1] == [], (key, got[key])
    for key, reason in (
        ("w_left_out", "negation_mismatch"),
        ("w_declined", "negation_mismatch"),
        ("w_not_as", "negation_mismatch"),
        ("w_colours", "swapped:red, white and green/blue, white and red"),
        ("w_two_clauses", "swapped:red/blue"),
        ("w_h_not_as_cheap", "negation_mismatch"),
        ("w_h_black_red", "swapped:black and red/white and black"),
        ("w_shares_declined", "negation_mismatch"),
        ("w_faster_now", "negation_mismatch"),
        ("w_list_apart", "swapped:red and white/white and blue"),
    ):
        assert got[key][0] != "verified" and reason in got[key][1], (key, got[key])


# the false-alarm sweep, round 19 (docs/hostile-inputs.md), in this module's one run: each right claim was capped by
# a rule on c9a1db1; the `h_` cases held out, written after the rules; each `w_` twin keeps its reason
LARGEST = "Russia is the largest country in the world, followed by Canada."
MARKET = "The US is the largest market, followed by China and Brazil."
EXPORTER = "The Netherlands is the largest exporter in Europe, followed by Germany."
PORTS = "Shanghai is the busiest port, followed by Singapore, Ningbo and Shenzhen."
MEXICO = "Behind Brazil, Mexico is the most populous country in Latin America."


@claims(
    {
        "hours": ("The flight takes about 7 hours.", "The flight takes 6 hours and 50 minutes."),
        "h_min": ("The flight takes about 7 hours.", "The flight time is 6 h 50 min."),
        "drive": ("The drive takes about 3 hours.", "The drive takes 2 hours 55 minutes."),
        "points": ("The unemployment rate rose by 2 percentage points.", "The unemployment rate rose from 18% to 20%."),
        "points_fell": ("Turnout fell by 5 percentage points.", "Turnout fell from 65% to 60%."),
        "percent": ("Sales rose 50%.", "Sales rose from 200 units to 300 units."),
        "celsius": ("The temperature reached 40 degrees Celsius.", "The temperature reached 104 degrees Fahrenheit."),
        "kmh": ("The train reaches 300 km/h.", "The train reaches 186 mph."),
        "british": ("The British government announced the plan.", "The UK government announced the plan."),
        "fahrenheit": ("The oven was set to 350 degrees Fahrenheit.", "The oven was set to 177 degrees Celsius."),
        "h_pool": ("The pool is kept at 82 degrees Fahrenheit.", "The pool is kept at 28 degrees Celsius."),
        "w_fahrenheit": ("The oven was set to 400 degrees Fahrenheit.", "The oven was set to 177 degrees Celsius."),
        "h_hike": ("The hike takes about 5 hours.", "The hike takes 4 hours and 50 minutes."),
        "h_exile": ("He spent about 4 years in exile.", "He spent 3 years and 11 months in exile."),
        "h_vote_share": (
            "The party's vote share rose by 7 percentage points.",
            "The party's vote share rose from 31% to 38%.",
        ),
        "h_tickets": ("Ticket sales dropped 30%.", "Ticket sales dropped from 10,000 to 7,000."),
        "h_jet": ("The jet flew at 900 km/h.", "The jet flew at 559 mph."),
        "h_army": ("The British army withdrew in 1997.", "The UK army withdrew in 1997."),
        "w_hours": ("The flight takes about 8 hours.", "The flight takes 6 hours and 50 minutes."),
        "w_minutes": ("The flight takes about 7 minutes.", "The flight time is 6 h 50 min."),
        "w_points": (
            "The unemployment rate rose by 3 percentage points.",
            "The unemployment rate rose from 18% to 20%.",
        ),
        "w_percent": ("Sales rose 40%.", "Sales rose from 200 units to 300 units."),
        "w_celsius": ("The temperature reached 40 degrees Celsius.", "The temperature reached 40 degrees Fahrenheit."),
        "w_kmh": ("The train reaches 320 km/h.", "The train reaches 186 mph."),
        "w_h_hike": ("The hike takes about 5 hours.", "The hike takes 4 hours and 20 minutes."),
        "w_h_exile": ("He spent about 4 years in exile.", "He spent 3 years and 1 month in exile."),
        "w_h_vote_share": (
            "The party's vote share rose by 8 percentage points.",
            "The party's vote share rose from 31% to 38%.",
        ),
        "w_h_tickets": ("Ticket sales dropped 70%.", "Ticket sales dropped from 10,000 to 7,000."),
        "w_h_jet": ("The jet flew at 800 km/h.", "The jet flew at 559 mph."),
        "w_h_army": ("The British army withdrew in 1997.", "The French army withdrew in 1997."),
    },
    HARD,
)
def test_round19_spans_changes_and_units(got: Verdicts) -> None:
    # "about 7 hours" against "6 hours and 50 minutes" was missing_number:7 (a span in two units is one span), "by 2
    # percentage points" against "from 18% to 20%" missing_number:2 (a change by its ends), "40 degrees Celsius"
    # against "104 degrees Fahrenheit" missing_name:Celsius, "300 km/h" against "186 mph" missing_number:300, "British"
    # against "UK" missing_name:British
    for key in ("hours", "drive", "british", "h_hike", "h_exile", "h_army"):
        assert got[key] == ("verified", []), (key, got[key])
    for key in ("h_min", "points", "points_fell", "percent", "celsius", "kmh", "h_vote_share", "h_tickets", "h_jet"):
        assert got[key][1] == [], (key, got[key])
    # "350 degrees Fahrenheit" against "177 degrees Celsius" was swapped:350/177: the copy's number converted
    for key in ("fahrenheit", "h_pool"):
        assert got[key][1] == [], (key, got[key])
    for key, reason in (
        ("w_hours", "missing_number:8"),
        ("w_minutes", "missing_number:7"),
        ("w_points", "missing_number:3"),
        ("w_percent", "missing_number:40"),
        ("w_celsius", "missing_name:Celsius"),
        ("w_kmh", "missing_number:320"),
        ("w_fahrenheit", "swapped:400/177"),
        ("w_h_hike", "missing_number:5"),
        ("w_h_exile", "missing_number:4"),
        ("w_h_vote_share", "missing_number:8"),
        ("w_h_tickets", "missing_number:70"),
        ("w_h_jet", "missing_number:800"),
        ("w_h_army", "missing_name:British"),
    ):
        assert got[key][0] != "verified" and reason in got[key][1], (key, got[key])


@claims(
    {
        "no_one": ("No one survived the crash.", "All passengers died in the crash."),
        "none_crew": ("None of the crew survived.", "All crew members were killed."),
        "not_all": ("Not all members agreed with the plan.", "Some members disagreed with the plan."),
        "none_failed": ("None of the students failed the exam.", "All the students passed the exam."),
        "no_team": ("No team scored in the first half.", "The first half ended goalless."),
        "followed": ("Canada is the second-largest country in the world.", LARGEST),
        "after": (
            "Canada is the second-largest country by area.",
            "After Russia, Canada is the largest country by area.",
        ),
        "followed_third": ("Brazil is the third-largest market.", MARKET),
        "h_hostages": ("None of the hostages survived.", "All the hostages were killed."),
        "h_no_side": ("No side scored in the second half.", "The second half was goalless."),
        "h_exporter": ("Germany is the second-largest exporter in Europe.", EXPORTER),
        "h_ports": ("Ningbo is the third-busiest port.", PORTS),
        "h_behind": ("Mexico is the second-most populous country in Latin America.", MEXICO),
        "w_no_one": ("No one survived the crash.", "Some passengers died in the crash."),
        "w_no_one_but": ("No one survived the crash.", "All passengers died, but two crew members survived."),
        "w_not_all": ("Not all members agreed with the plan.", "All members agreed with the plan."),
        "w_followed": ("Canada is the third-largest country in the world.", LARGEST),
        "w_followed_other": ("Brazil is the second-largest market.", MARKET),
        "w_after_event": (
            "The pound had its second-biggest fall in March.",
            "The pound had its biggest fall after Brexit in March.",
        ),
        "w_h_hostages": ("None of the hostages survived.", "Some of the hostages were killed."),
        "w_h_no_side": ("No side scored in the second half.", "The second half ended 1-0."),
        "w_h_exporter": ("Germany is the third-largest exporter in Europe.", EXPORTER),
        "w_h_ports": ("Ningbo is the second-busiest port.", PORTS),
        "w_h_behind": ("Argentina is the second-most populous country in Latin America.", MEXICO),
        "w_now_third": (
            "Canada is the second-largest exporter.",
            "After Russia, Canada was the largest exporter in 1990, now third.",
        ),
        "w_other_subject": ("No passenger survived the crash.", "All crew members died in the crash."),
    },
    HARD,
)
def test_round19_universals_and_ranks_by_order(got: Verdicts) -> None:
    # "No one survived" against "All passengers died" was negation_mismatch (a negated universal said by its
    # opposite); "Canada is the second-largest" against "the largest ..., followed by Canada" was missing_number:2nd
    # and swapped:second largest/largest (a rank given by order)
    for key in ("none_crew", "h_hostages", "h_no_side"):
        assert got[key] == ("verified", []), (key, got[key])
    for key in ("no_one", "not_all", "none_failed", "no_team", "followed", "after", "followed_third"):
        assert got[key][1] == [], (key, got[key])
    for key in ("h_exporter", "h_ports", "h_behind"):
        assert got[key][1] == [], (key, got[key])
    for key, reason in (
        ("w_no_one", "negation_mismatch"),
        ("w_no_one_but", "negation_mismatch"),
        ("w_not_all", "negation_mismatch"),
        ("w_followed", "missing_number:3rd"),
        ("w_followed_other", "missing_number:2nd"),
        ("w_after_event", "missing_number:2nd"),
        ("w_h_hostages", "negation_mismatch"),
        ("w_h_no_side", "negation_mismatch"),
        ("w_h_exporter", "missing_number:3rd"),
        ("w_h_ports", "missing_number:2nd"),
        ("w_h_behind", "missing_number:2nd"),
        ("w_now_third", "missing_number:2nd"),
        ("w_other_subject", "negation_mismatch"),
    ):
        assert got[key][0] != "verified" and reason in got[key][1], (key, got[key])


@claims(
    {
        "r20_objected": ("No one objected to the plan.", "The plan was approved unanimously."),
        "r20_tickets": ("None of the tickets remain.", "All tickets have been sold."),
        "r20_majority": ("No candidate won a majority.", "All candidates fell short of a majority."),
        "r20_zero": ("The company made zero profit last year.", "The company made no profit last year."),
        "r20_not_all": ("Not all shareholders supported the merger.", "Some shareholders opposed the merger."),
        "h_r20_seats": ("None of the seats remain.", "All the seats have been taken."),
        "h_r20_waste": ("The plant produced zero waste last year.", "The plant produced no waste last year."),
        "h_r20_growth": ("The firm reported zero growth in 2020.", "The firm reported no growth in 2020."),
        "h_r20_opposed": ("Not all residents supported the plan.", "Several residents opposed the plan."),
        "w_r20_rejected": ("No one objected to the plan.", "The plan was rejected unanimously."),
        "w_r20_sold": ("None of the tickets were sold.", "All tickets have been sold."),
        "w_r20_won": ("No candidate won a majority.", "All candidates won a majority."),
        "w_r20_plain": ("The company made zero profit last year.", "The company made a profit last year."),
        "w_r20_directors": ("Not all directors supported the merger.", "Some shareholders opposed the merger."),
        "w_h_r20_seats": ("None of the seats remain.", "All the tickets have been taken."),
        "w_h_r20_growth": ("The firm reported zero growth in 2020.", "The firm reported strong growth in 2020."),
    },
    HARD,
)
def test_round20_universals_and_zero(got: Verdicts) -> None:
    # "No one objected" against "approved unanimously" was negation_mismatch; "zero profit" against "no profit"
    # negation_mismatch and direction_mismatch; "Not all supported" against "Some opposed" direction_mismatch
    for key in ("r20_zero", "r20_not_all", "h_r20_waste", "h_r20_growth", "h_r20_opposed"):
        assert got[key] == ("verified", []), (key, got[key])
    for key in ("r20_objected", "r20_tickets", "r20_majority", "h_r20_seats"):  # the model's doubt stays
        assert got[key][1] == [], (key, got[key])
    for key, reason in (
        ("w_r20_rejected", "negation_mismatch"),
        ("w_r20_sold", "negation_mismatch"),
        ("w_r20_won", "negation_mismatch"),
        ("w_r20_plain", "direction_mismatch"),
        ("w_r20_directors", "negation_mismatch"),
        ("w_h_r20_seats", "negation_mismatch"),
        ("w_h_r20_growth", "direction_mismatch"),
    ):
        assert got[key][0] != "verified" and reason in got[key][1], (key, got[key])
