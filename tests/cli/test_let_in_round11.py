"""The "nothing let in" sweep, round 11: wrong claims that say how many in words a figure of the source rules out, a
record of the past or of one place stated of now or of the world, a change said the other way where the source says
both, two parties of a contest turned round, a fraction or a comparison changed in a copy, and a figure grouped with
points read as a decimal, on paragraphs written as news and encyclopaedia pages write them, that came out `verified`,
each beside correct paraphrases that must stay `verified`; all through one real `citeaudit run` on real Parquet and
DuckDB files (docs/hostile-inputs.md, "The let-in sweep, round 11")."""

from __future__ import annotations

from tests.cli.hostile import Verdicts, claims
from tests.cli.test_hostile_verdicts import _assert_flagged, _assert_verified

FLIGHTS = (
    "Heavy snow forced the airport to cancel 48 flights on Friday morning. Passengers were advised to check the "
    "status of their flight before travelling."
)
ISLAND = (
    "The island has a population of about 3,000 people, most of whom work in fishing or tourism. It can only be "
    "reached by ferry."
)
BOOK = (
    "The book has been translated into more than 40 languages and has sold over 10 million copies. A film "
    "adaptation is in development."
)
VACCINE = (
    "In the trial, the vaccine was 91 percent effective at preventing severe illness. About 4,000 volunteers took "
    "part, half of whom received a placebo."
)


@claims(
    {
        "couple": ("A couple of flights were cancelled on Friday because of heavy snow.", FLIGHTS),
        "few": ("Only a few flights were cancelled on Friday because of the snow.", FLIGHTS),
        "few_dozen": ("The island has a population of a few dozen people.", ISLAND),
        "handful": ("The book has been translated into a handful of languages.", BOOK),
        # supported: a count in words the figure falls in, a figure, a bound the words leave open
        "ok_dozens": ("Dozens of flights were cancelled on Friday because of heavy snow.", FLIGHTS),
        "ok_fifty": ("Nearly fifty flights were cancelled on Friday because of the snow.", FLIGHTS),
        "ok_few_thousand": ("The island has a population of a few thousand people.", ISLAND),
        "ok_dozens_of": ("The book has been translated into dozens of languages.", BOOK),
        "ok_thousands": ("Thousands of volunteers took part in the vaccine trial.", VACCINE),
    }
)
def test_a_count_in_words_that_the_sources_figure_rules_out_is_not_verified(got: Verdicts) -> None:
    # each was verified (no reason): no figure for `keyfacts` to miss, the topic the source's
    # (`vague.count_said_otherwise`)
    _assert_flagged(
        got,
        {
            "couple": "swapped:a couple of/48",
            "few": "swapped:only a few/48",
            "few_dozen": "swapped:a few dozen/3,000",
            "handful": "swapped:a handful of/40",
        },
    )
    _assert_verified(got, tuple(k for k in got if k.startswith("ok_")), clear_of="swapped:")


TAIPEI = (
    "Taipei 101 was the tallest building in the world from 2004 until 2010, when the Burj Khalifa opened in Dubai. "
    "It remains the tallest building in Taiwan."
)
PETRONAS = (
    "The Petronas Towers were the tallest buildings in the world until 2004. They remain the tallest twin towers in "
    "the world."
)
DAM = (
    "The Hoover Dam was completed in 1936, two years ahead of schedule. It is 221 metres tall and impounds Lake Mead, "
    "the largest reservoir in the United States by capacity."
)

NILE = (
    "The Nile was long considered the longest river in the world, but some studies now give that title to the Amazon."
)
SUPERIOR = "Lake Superior is the largest freshwater lake in North America by area."


@claims(
    {
        "taipei": ("Taipei 101 is the tallest building in the world.", TAIPEI),
        "petronas": ("The Petronas Towers are the tallest buildings in the world.", PETRONAS),
        "lake_mead": ("Lake Mead is the largest reservoir in the world by capacity.", DAM),
        "nile": ("The Nile is the longest river in the world.", NILE),
        "superior": ("Lake Superior is the largest freshwater lake in the world by area.", SUPERIOR),
        # supported: the record held now, or said in the past, or of the place the source names
        "ok_considered": ("The Nile was long considered the longest river in the world.", NILE),
        "ok_north_america": ("Lake Superior is North America's largest freshwater lake by area.", SUPERIOR),
        "ok_taiwan": ("Taipei 101 is the tallest building in Taiwan.", TAIPEI),
        "ok_was": ("Taipei 101 was the tallest building in the world until 2010.", TAIPEI),
        "ok_twin": ("The Petronas Towers are the tallest twin towers in the world.", PETRONAS),
        "ok_us": ("Lake Mead is the largest reservoir in the US by capacity.", DAM),
    }
)
def test_a_record_of_the_past_or_of_one_place_stated_of_now_or_of_the_world_is_not_verified(got: Verdicts) -> None:
    # each was verified (no reason): every word the source's but "is" for "was" or "the world" for "the United
    # States" (`superlatives.record_widened`)
    _assert_flagged(
        got,
        {
            "taipei": "swapped:is the tallest building/was the tallest building",
            "petronas": "swapped:are the tallest buildings/were the tallest buildings",
            "lake_mead": "swapped:in the world/in the united states",
            "nile": "swapped:is the longest river/was the longest river",
            "superior": "swapped:in the world/in north america",
        },
    )
    _assert_verified(got, tuple(k for k in got if k.startswith("ok_")), clear_of="swapped:")


CELTICS = (
    "The Boston Celtics beat the Los Angeles Lakers 112-104 on Sunday night. Jayson Tatum led Boston with 34 points."
)
FINAL = "The New York Yankees defeated the Los Angeles Dodgers in the final game of the series."


@claims(
    {
        "lakers": ("The Los Angeles Lakers beat the Boston Celtics 112-104 on Sunday night.", CELTICS),
        "dodgers": ("The Los Angeles Dodgers defeated the New York Yankees in the final game of the series.", FINAL),
        # supported: the winner kept, or the two sides turned with the verb
        "ok_defeated": ("The Boston Celtics defeated the Los Angeles Lakers 112-104 on Sunday.", CELTICS),
        "ok_beaten": ("The Los Angeles Lakers were beaten by the Boston Celtics 112-104 on Sunday night.", CELTICS),
        "ok_yankees": ("The New York Yankees beat the Los Angeles Dodgers in the final game of the series.", FINAL),
    }
)
def test_a_winner_and_a_loser_named_with_their_article_turned_round_are_not_verified(got: Verdicts) -> None:
    # each was verified (no reason): a side of four words with its "the" was past the three words
    # `reversal.reordered` read either side of "beat"
    _assert_flagged(
        got,
        {
            "lakers": "swapped:los angeles lakers/boston celtics",
            "dodgers": "swapped:los angeles dodgers/new york yankees",
        },
    )
    _assert_verified(got, tuple(k for k in got if k.startswith("ok_")), clear_of="swapped:")


EARNINGS = (
    "The company's profits rose by 12 percent last year, while revenue fell slightly. The chief executive said cost "
    "cuts had offset weaker sales."
)
JOBLESS = (
    "Unemployment in the region fell to 5.2 percent in March, the lowest level in a decade. Youth unemployment, "
    "however, rose to 14 percent."
)
MUSEUM = "The museum closed in 2019 for repairs and reopened in 2023 with a new wing."


@claims(
    {
        "revenue_rose": ("Revenue rose slightly last year.", EARNINGS),
        "youth_fell": ("Youth unemployment fell to 14 percent.", JOBLESS),
        "reopened_2019": ("The museum reopened in 2019 with a new wing.", MUSEUM),
        # supported: each thing's own side, where the window states both
        "ok_revenue": ("Revenue dipped slightly last year.", EARNINGS),
        "ok_profits": ("Last year the company's profits grew by 12 percent.", EARNINGS),
        "ok_youth": ("Youth unemployment climbed to 14 percent.", JOBLESS),
        "ok_region": ("Unemployment in the region fell to 5.2 percent in March.", JOBLESS),
        "ok_reopened": ("The museum reopened in 2023 with a new wing.", MUSEUM),
    }
)
def test_a_change_said_the_other_way_where_the_source_states_both_is_not_verified(got: Verdicts) -> None:
    # each was verified (no reason): the window states both sides ("rose ... fell"), which `direction.py` read as no
    # mismatch; the claim's subject or figure is bound to the other side only (`direction._bound_otherwise`)
    _assert_flagged(got, {k: "direction_mismatch" for k in got if not k.startswith("ok_")})
    _assert_verified(got, tuple(k for k in got if k.startswith("ok_")), clear_of="direction_mismatch")


RESIGNED = (
    "The health minister resigned in March after a report criticised her handling of the hospital crisis. She was "
    "replaced by her deputy, who had served in the ministry since 2019."
)
SURVIVED = "Despite calls to resign over the scandal, the party leader remained in office until the election."
BILL = (
    "The education bill passed by a wide margin, with 412 votes in favour and 98 against. It will now go to the upper "
    "house, where it is expected to face little opposition."
)
SEAT = "The Labour candidate narrowly won the seat, with 18,400 votes to the Conservative candidate's 17,900."


@claims(
    {
        "stayed": ("After the report, the health minister stayed in office.", RESIGNED),
        "stepped_down": ("Over the scandal, the party leader stepped down before the election.", SURVIVED),
        "narrowly": ("The education bill narrowly passed.", BILL),
        "landslide": ("The Labour candidate won the seat by a landslide.", SEAT),
        # supported: the same side in other words
        "ok_stepped_down": ("After the report, the health minister stepped down.", RESIGNED),
        "ok_stayed": ("Despite calls to resign, the party leader stayed in office until the election.", SURVIVED),
        "ok_comfortably": ("The education bill passed comfortably.", BILL),
        "ok_narrow_margin": ("With 18,400 votes, the Labour candidate won the seat by a narrow margin.", SEAT),
    }
)
def test_leaving_an_office_or_a_margin_said_the_other_way_in_other_words_is_not_verified(got: Verdicts) -> None:
    # each was verified or weak with no reason: resigned / stayed in office and narrowly / by a wide margin were no
    # opposition of `direction.py`
    _assert_flagged(got, {k: "direction_mismatch" for k in got if not k.startswith("ok_")})
    _assert_verified(got, tuple(k for k in got if k.startswith("ok_")), clear_of="direction_mismatch")


GLACIER = (
    "The glacier has lost about a third of its volume since 1990. Scientists expect it to disappear entirely by the "
    "end of the century."
)
BUDGET = "Half of the city's budget goes to schools, according to the council's annual report."


@claims(
    {
        "half": ("The glacier has lost about half of its volume since 1990.", GLACIER),
        "a_quarter": (
            "A quarter of the city's budget goes to schools, according to the council's annual report.",
            BUDGET,
        ),
        # supported: the same fraction in other words
        "ok_one_third": ("The glacier has lost roughly one third of its volume since 1990.", GLACIER),
        "ok_a_third": ("Since 1990 the glacier has lost about a third of its volume.", GLACIER),
        "ok_half": ("According to the council's annual report, half of the city's budget goes to schools.", BUDGET),
    }
)
def test_a_fraction_with_its_article_changed_in_a_copy_is_not_verified(got: Verdicts) -> None:
    # each was verified (no reason): "half" in the place of "a third" (or "a quarter" of "half") is one word against
    # two, which `opposites.contradicts` compared only word for word
    _assert_flagged(got, {"half": "swapped:half/a third", "a_quarter": "swapped:a quarter/half"})
    _assert_verified(got, tuple(k for k in got if k.startswith("ok_")), clear_of="swapped:")


TOWER = (
    "Completed in 1931, the tower is taller than the old cathedral, which had dominated the skyline since the 14th "
    "century. Its observation deck is open to visitors every day."
)
PHONES = "The new phone is as expensive as the previous model, but its battery lasts longer."


@claims(
    {
        "as_tall": ("The tower is as tall as the old cathedral.", TOWER),
        "pricier": ("The new phone is more expensive than the previous model.", PHONES),
        # supported: the same comparison in other words
        "ok_taller": ("The tower is taller than the old cathedral.", TOWER),
        "ok_as_expensive": ("The new phone costs as much as the previous model.", PHONES),
        "ok_same_price": ("The new phone is as expensive as the previous model.", PHONES),
    }
)
def test_two_things_said_equal_where_the_source_says_one_is_more_is_not_verified(got: Verdicts) -> None:
    # each was verified (no reason): "as tall as" for "taller than" is no word a class or pair of `opposites.py` held
    # (`equality.equality_changed`)
    _assert_flagged(
        got,
        {"as_tall": "swapped:as tall as/taller than", "pricier": "swapped:more expensive than/as expensive as"},
    )
    _assert_verified(got, tuple(k for k in got if k.startswith("ok_")), clear_of="swapped:")


STADIUM = (
    "Rund 60.000 fans attended the final at the national stadium on Saturday, according to the organisers. The match "
    "ended in a 2-1 win for the home side."
)
ARENA = "The arena, opened in 2005, holds 12.000 spectators and hosts about 40 concerts a year."


@claims(
    {
        "sixty": ("About 60 fans attended the final at the national stadium on Saturday.", STADIUM),
        "twelve": ("The arena holds 12 spectators.", ARENA),
        # supported: the figure in thousands, written either way
        "ok_sixty_thousand": ("About 60,000 fans attended the final at the national stadium on Saturday.", STADIUM),
        "ok_stop": ("The arena holds 12.000 spectators.", ARENA),
        "ok_twelve_thousand": ("The arena, which opened in 2005, holds 12,000 spectators.", ARENA),
    }
)
def test_a_figure_read_in_a_sources_thousands_stop_as_a_decimal_is_not_verified(got: Verdicts) -> None:
    # each was verified: a source's "60.000" was read as 60 or 60,000, so a claim's 60 was found
    _assert_flagged(got, {"sixty": "missing_number:60", "twelve": "missing_number:12"})
    _assert_verified(got, tuple(k for k in got if k.startswith("ok_")), clear_of="missing_number:")


ISLAND_WORK = (
    "The island has a population of about 3,000 people, most of whom work in fishing or tourism. It can only be "
    "reached by ferry."
)
GRADUATES = "The college had 1,200 graduates last year, many of whom found jobs within six months."


@claims(
    {
        "all_work": ("All of the island's residents work in fishing or tourism.", ISLAND_WORK),
        "all_found": ("All of the college's graduates last year found jobs within six months.", GRADUATES),
        # supported: the part the source counts, in other words
        "ok_most": ("Most of the island's residents work in fishing or tourism.", ISLAND_WORK),
        "ok_many": ("Many of the college's 1,200 graduates last year found jobs within six months.", GRADUATES),
    }
)
def test_all_where_the_source_counts_most_of_whom_is_not_verified(got: Verdicts) -> None:
    # each was verified (no reason): "all" against a relative clause's "most of whom" / "many of whom", which
    # `options.all_for_some` did not read (only "only N")
    _assert_flagged(got, {"all_work": "swapped:all/most of whom", "all_found": "swapped:all/many of whom"})
    _assert_verified(got, tuple(k for k in got if k.startswith("ok_")), clear_of="swapped:")


TRAIN = "The new train is slower than the plane on most routes, according to the ministry."
TICKETS = "Tickets for the new train are cheaper than plane tickets, the ministry said on Monday."


@claims(
    {
        "faster": ("According to the ministry, on most routes the new train gets there faster than the plane.", TRAIN),
        "quicker": ("The ministry says the new train is quicker than flying on most routes.", TRAIN),
        "pricier": ("Tickets for the new train are more expensive than plane tickets, the ministry said.", TICKETS),
        # supported: the same comparison, or its converse
        "ok_slower": ("On most routes the new train is slower than flying, the ministry says.", TRAIN),
        "ok_cheaper": ("The ministry said tickets for the new train are cheaper than plane tickets.", TICKETS),
    }
)
def test_a_comparative_of_speed_or_price_said_the_other_way_in_other_words_is_not_verified(got: Verdicts) -> None:
    # each was verified (no reason): faster / slower, quicker / slower, cheaper / more expensive were no opposition of
    # `direction.py` (nor wider / narrower, heavier / lighter, stronger / weaker, ..., added with them)
    _assert_flagged(got, {k: "direction_mismatch" for k in got if not k.startswith("ok_")})
    _assert_verified(got, tuple(k for k in got if k.startswith("ok_")), clear_of="direction_mismatch")


JOBLESS_DECADE = (
    "Unemployment in the region fell to 5.2 percent in March, the lowest level in a decade. Youth unemployment, "
    "however, rose to 14 percent."
)


@claims(
    {
        "century": ("Unemployment in the region fell to its lowest level in a century.", JOBLESS_DECADE),
        "ok_ten_years": ("Unemployment in the region fell to its lowest level in ten years.", JOBLESS_DECADE),
    }
)
def test_a_span_of_years_said_in_other_words_is_no_swap(got: Verdicts) -> None:
    # "ten years" for "a decade" was swapped:ten years/a decade (weak), a false alarm seen in the round's probe:
    # `opposites.contradicts` compared "ten" with "a" and "years" with "decade" word for word
    _assert_flagged(got, {"century": "swapped:century/decade"})
    _assert_verified(got, ("ok_ten_years",), clear_of="swapped:")
