"""The false-alarm sweep, round 9: supported claims the real `citeaudit run` capped (real Parquet, DuckDB and model) for
a fact their source states in a form it did not read: a number in another writer's notation ("2,5%" / "2.5%",
"60.000" / "60,000", "2k" / "2,000", "'98" / "1998", "the '90s" / "the 1990s": `audit/verify/notations.py`), a word
of a name by its abbreviation ("Dept." / "Department", "Corp." / "Corporation", "St." / "Street", "Calif." /
"California": `audit/verify/keynames.py`), a city, country or continent by another of its names ("LA" / "Los
Angeles", "Holland" / "the Netherlands", "Africa" / "African": `keynames.py`, `demonyms.py`), a negation said by a
word of absence, missing or avoiding, or by the opposite of a light verb's object ("was absent" / "did not attend",
"avoided acting" / "did not act", "made a loss" / "did not make a profit": `audit/verify/opposites.py`), a verb not
done by its participle with "un" ("did not change" / "unchanged"), a month or a weekday abbreviated ("Sept." /
"September", "Thurs." / "Thursday"). Beside each one, the wrong claim whose fact the source states otherwise stays
below `verified` with its reason (docs/hostile-inputs.md, "The false-alarm sweep, round 9")."""

from __future__ import annotations

from tests.cli.hostile import Verdicts, claims

HARD = ("missing_", "negation_mismatch", "direction_mismatch", "swapped:", "stitched:", "unasserted:", "conditional:")

INFLATION = "Inflation was {} in May, the statistics office said on Friday."
STADIUM = "The new stadium holds {} fans and opened in August."
FIRM = "The firm hired {} workers last year, mostly in Poland."
FILM = "The film came out in {} to wide acclaim and won two awards."


@claims(
    {
        "decimal_comma": ("Inflation was 2.5% in May.", INFLATION.format("2,5%")),
        "decimal_point": ("Inflation was 2,5% in May.", INFLATION.format("2.5%")),
        "thousands_stop": ("The new stadium holds 60,000 fans.", STADIUM.format("60.000")),
        "millions_stop": ("The new stadium holds 1,250,000 fans.", STADIUM.format("1.250.000")),
        "k": ("The firm hired 2,000 workers last year.", FIRM.format("2k")),
        "short_year": ("The film came out in 1998.", FILM.format("'98")),
        "other_decimal": ("Inflation was 3.5% in May.", INFLATION.format("2,5%")),
        "other_thousands": ("The new stadium holds 70,000 fans.", STADIUM.format("60.000")),
        "other_k": ("The firm hired 3,000 workers last year.", FIRM.format("2k")),
        "other_century": ("The film came out in 1898.", FILM.format("'98")),
    },
    HARD,
)
def test_a_number_in_another_writers_notation_is_its_value(got: Verdicts) -> None:
    # "Inflation was 2.5% in May" against "2,5%" was missing_number:2.5 and swapped:2.5/2,5 (weak), "60,000 fans"
    # against "60.000 fans" swapped:60000/60, "hired 2,000 workers" against "2k workers" missing_number:2000, "came
    # out in 1998" against "in '98" missing_number:1998. Another value keeps its reason: "3.5%", "70,000", "3,000",
    # 1898 ('98 is 1998, as "FY98" is). Left as it was: "60 fans" against "60.000" (the key facts read 60.0: verified)
    for key in ("decimal_comma", "decimal_point", "thousands_stop", "millions_stop", "k", "short_year"):
        assert got[key] == ("verified", []), (key, got)
    for key, reason in (
        ("other_decimal", "missing_number:3.5"),
        ("other_thousands", "missing_number:70000"),
        ("other_k", "missing_number:3000"),
        ("other_century", "missing_number:1898"),
    ):
        assert got[key][0] != "verified" and reason in got[key][1], (key, got)


BAND = "The band formed in {} in Seattle and split after three albums."


@claims(
    {
        "decade": ("The band formed in the 1990s in Seattle.", BAND.format("the '90s")),
        "short_decade": ("The band formed in the '90s in Seattle.", BAND.format("the 1990s")),
        "other_decade": ("The band formed in the 1980s in Seattle.", BAND.format("the '90s")),
        "year": ("The band formed in 1990 in Seattle.", BAND.format("the '90s")),
    },
    HARD,
)
def test_a_decade_in_two_digits_is_its_decade(got: Verdicts) -> None:
    # "The band formed in the 1990s" against "in the '90s" was missing_number:1990 (weak; back it was verified).
    # Another decade, and a year the decade holds (1990 is no "'90s"), stay missing
    for key in ("decade", "short_decade"):
        assert got[key] == ("verified", []), (key, got)
    for key, reason in (("other_decade", "missing_number:1980"), ("year", "missing_number:1990")):
        assert got[key][0] != "verified" and reason in got[key][1], (key, got)


@claims(
    {
        "dept": ("The Dept. of Energy funded the project.", "The Department of Energy funded the project in 2019."),
        "department": ("The Department of Energy funded it.", "The Dept. of Energy funded the project in 2019."),
        "govt": ("The Govt announced new rules.", "The government announced new rules on Monday."),
        "corporation": ("Microsoft Corporation bought the firm.", "Microsoft Corp. bought the firm in 2016."),
        "univ": ("She taught at Stanford Univ. for a decade.", "She taught at Stanford University for ten years."),
        "other_dept": ("The Dept. of Defense funded the project.", "The Department of Energy funded the project."),
        "ministry": ("The Ministry of Energy funded the project.", "The Dept. of Energy funded the project in 2019."),
        "other_univ": ("She taught at Yale Univ. for a decade.", "She taught at Stanford University for ten years."),
    },
    HARD,
)
def test_a_word_of_a_name_by_its_abbreviation_is_named(got: Verdicts) -> None:
    # "The Dept. of Energy" against "The Department of Energy" was missing_name:Dept (weak), "The Govt announced"
    # against "The government announced" missing_name:Govt, "Microsoft Corporation" against "Microsoft Corp."
    # missing_name:Corporation: a word of a name by its abbreviation, as "St." / "Saint" was. Another word stays
    for key in ("dept", "department", "govt", "corporation", "univ"):
        assert got[key] == ("verified", []), (key, got)
    for key, reason in (
        ("other_dept", "missing_name:Defense"),
        ("ministry", "missing_name:Ministry"),
        ("other_univ", "missing_name:Yale"),
    ):
        assert got[key][0] != "verified" and reason in got[key][1], (key, got)


@claims(
    {
        "los_angeles": ("The fires hit Los Angeles on Tuesday.", "The fires hit LA on Tuesday, officials said."),
        "la": ("The fires hit LA on Tuesday.", "The fires hit Los Angeles on Tuesday, officials said."),
        "netherlands": ("The Netherlands won the match 3-0.", "Holland won the match 3-0 in Rotterdam."),
        "europe": ("Libya is a country in Africa.", "Libya is a North African country on the Mediterranean."),
        "asian": ("Japan is an Asian country.", "Japan is an island country in East Asia."),
        "san_diego": ("The fires hit San Diego on Tuesday.", "The fires hit LA on Tuesday, officials said."),
        "belgium": ("Belgium won the match 3-0.", "Holland won the match 3-0 in Rotterdam."),
        "asia": ("Libya is a country in Asia.", "Libya is a North African country on the Mediterranean."),
        "african": ("Japan is an African country.", "Japan is an island country in East Asia."),
    },
    HARD,
)
def test_a_city_country_or_continent_by_another_of_its_names_is_named(got: Verdicts) -> None:
    # "The fires hit Los Angeles" against "The fires hit LA" was missing_name:Los and :Angeles (weak), and back
    # missing_name:LA; "The Netherlands won" against "Holland won" missing_name:Netherlands; a continent by its
    # adjective, as round 8's countries: "Libya is a country in Europe" against "the European continent" was
    # missing_name:Europe (a supported training pair), "in Africa" against "a North African country"
    # missing_name:Africa. Another city, country or continent stays missing
    for key in ("los_angeles", "la", "netherlands", "europe", "asian"):
        assert got[key] == ("verified", []), (key, got)
    for key, reason in (
        ("san_diego", "missing_name:San"),
        ("belgium", "missing_name:Belgium"),
        ("asia", "missing_name:Asia"),
        ("african", "missing_name:African"),
    ):
        assert got[key][0] != "verified" and reason in got[key][1], (key, got)


@claims(
    {
        "absent": ("The minister was absent from the vote.", "The minister did not attend the vote on Tuesday."),
        "missed": ("The team missed the playoffs.", "The team did not make the playoffs this season."),
        "loss": ("The company made a loss last year.", "The company did not make a profit last year."),
        "avoided": (
            "She didn't act in the film Broken Bridges.",
            "She also avoided acting in the films The Cat in the Hat, Old Dogs, and Broken Bridges.",
        ),
        "attended": ("The minister attended the vote.", "The minister did not attend the vote on Tuesday."),
        "made": ("The team made the playoffs.", "The team did not make the playoffs this season."),
        "profit": ("The company posted a profit last year.", "The company did not make a profit last year."),
        "other_verb": (
            "She didn't direct the film Broken Bridges.",
            "She also avoided acting in the films The Cat in the Hat, Old Dogs, and Broken Bridges.",
        ),
    },
    HARD,
)
def test_a_negation_said_by_a_word_of_absence_missing_or_avoiding_is_one(got: Verdicts) -> None:
    # "The minister was absent from the vote" against "did not attend the vote" was negation_mismatch (weak), "The
    # team missed the playoffs" against "did not make the playoffs" the same, "The company made a loss" against "did
    # not make a profit" (a light verb's negation denies its object: profit / loss), and a supported training pair,
    # "Kelly Preston didn't act in the film Broken Bridges" against "She also avoided acting in the films ... and
    # Broken Bridges" (here "She": the source names her elsewhere). The claim that
    # states what the source denies, or denies another verb than the one avoided, keeps its negation_mismatch
    for key in ("absent", "missed", "loss", "avoided"):
        assert got[key] == ("verified", []), (key, got)
    for key in ("attended", "made", "profit", "other_verb"):
        assert got[key][0] != "verified" and "negation_mismatch" in got[key][1], (key, got)


@claims(
    {
        "street": ("The shop is on Main Street.", "The shop is on Main St. in Leeds."),
        "avenue": ("The shop is on Fifth Avenue.", "The shop is on Fifth Ave. in New York."),
        "brothers": ("Warner Brothers released the film.", "Warner Bros. released the film in 2019."),
        "calif": ("The fire burned near Sacramento, Calif.", "The fire burned near Sacramento, California, on Sunday."),
        "california": (
            "The fire burned near Sacramento, California.",
            "The fire burned near Sacramento, Calif., on Sunday.",
        ),
        "road": ("The shop is on Main Road.", "The shop is on Main St. in Leeds."),
        "sisters": ("Warner Sisters released the film.", "Warner Bros. released the film in 2019."),
        "nevada": ("The fire burned near Sacramento, Nev.", "The fire burned near Sacramento, California, on Sunday."),
        "oregon": ("The fire burned near Salem, Oregon.", "The fire burned near Salem, Mass., on Sunday."),
        "mass": ("The lab is in Massachusetts.", "The lab measured the mass of the sample in 2019."),
    },
    HARD,
)
def test_a_street_a_firm_or_a_us_state_by_its_abbreviation_is_named(got: Verdicts) -> None:
    # "on Main Street" against "on Main St." was missing_name:Street ("St" was read as Saint only), "Fifth Avenue"
    # against "Fifth Ave." missing_name:Avenue, "Warner Brothers" against "Warner Bros." missing_name:Brothers,
    # "Sacramento, Calif." against "Sacramento, California" missing_name:Calif, and back missing_name:California (a
    # state as the press abbreviates it; not those that are words or names too: "Miss.", "Pa.", "Wash."). Another
    # word or state stays missing, and so does a state whose abbreviation is a word in lower case ("mass")
    for key in ("street", "avenue", "brothers", "calif", "california"):
        assert got[key] == ("verified", []), (key, got)
    for key, reason in (
        ("road", "missing_name:Road"),
        ("sisters", "missing_name:Sisters"),
        ("nevada", "missing_name:Nev"),
        ("oregon", "missing_name:Oregon"),
        ("mass", "missing_name:Massachusetts"),
    ):
        assert got[key][0] != "verified" and reason in got[key][1], (key, got)


@claims(
    {
        "unchanged": ("The central bank left interest rates unchanged.", "The central bank did not change rates."),
        "unanswered": ("The minister left her letter unanswered.", "The minister did not answer her letter, she said."),
        "unfinished": ("The painting remained unfinished.", "The artist did not finish the painting."),
        "changed": ("The central bank changed interest rates.", "The central bank did not change rates."),
        "unread": ("The minister left her letter unread.", "The minister did not answer her letter, she said."),
        "finished": ("The artist finished the painting.", "The artist did not finish the painting."),
    },
    HARD,
)
def test_a_verb_not_done_is_its_participle_with_un(got: Verdicts) -> None:
    # "The central bank left interest rates unchanged" against "did not change rates" was negation_mismatch (weak),
    # "The minister left her letter unanswered" against "did not answer her letter" the same, "The painting remained
    # unfinished" against "did not finish the painting": a verb not done is its participle with "un", as round 3's
    # "never married" / "unmarried" (a verb of undoing stays no negation). The claim that states the deed done, or
    # another participle, keeps its negation_mismatch
    for key in ("unchanged", "unanswered", "unfinished"):
        assert got[key] == ("verified", []), (key, got)
    for key in ("changed", "unread", "finished"):
        assert got[key][0] != "verified" and "negation_mismatch" in got[key][1], (key, got)


VOTE = "The vote on the new budget is {}, officials said on Monday."


@claims(
    {
        "sept": ("The vote on the new budget is in September.", VOTE.format("in Sept.")),
        "dec": ("The vote on the new budget is in December.", VOTE.format("in Dec. this year")),
        "thurs": ("The vote on the new budget is on Thursday.", VOTE.format("on Thurs.")),
        "october": ("The vote on the new budget is in October.", VOTE.format("in Sept.")),
        "may": ("The vote on the new budget is in May.", VOTE.format("in Mar. this year")),
        "tuesday": ("The vote on the new budget is on Tuesday.", VOTE.format("on Thurs.")),
    },
    HARD,
)
def test_a_month_or_a_weekday_abbreviated_is_named(got: Verdicts) -> None:
    # "The vote is in September" against "in Sept." was missing_date:September (weak), "in December" against "in
    # Dec. this year" missing_date:December (a source's month alone was read only written out), "on Thursday" against
    # "on Thurs." missing_name:Thursday. Another month or day stays missing
    for key in ("sept", "dec", "thurs"):
        assert got[key] == ("verified", []), (key, got)
    for key, reason in (
        ("october", "missing_date:October"),
        ("may", "missing_date:May"),
        ("tuesday", "missing_name:Tuesday"),
    ):
        assert got[key][0] != "verified" and reason in got[key][1], (key, got)
