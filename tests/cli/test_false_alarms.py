"""The false-alarm sweep: supported claims written the way real answers write them (an ordinal in words for the
source's digits, a country by its abbreviation, ...), each through the real `citeaudit run` on real Parquet and
DuckDB files. A hard rule that caps such a claim below `verified` is a false alarm; the wrong claim beside each one
must stay capped (docs/hostile-inputs.md, "The false-alarm sweep")."""

from __future__ import annotations

from pathlib import Path

from tests.cli.hostile import Verdicts, claim_verdicts, claims

HARD = ("missing_", "negation_mismatch", "direction_mismatch", "swapped:", "stitched:", "unasserted:")


def _audit(tmp_path: Path, cases: dict[str, tuple[str, str]]) -> dict[str, tuple[str, list[str]]]:
    """Each case's verdict and its hard-rule reasons."""
    return claim_verdicts(tmp_path, cases, HARD)


@claims(
    {
        "words": ("It was the third largest city in the country.", "It was the 3rd largest city in the country."),
        "digits": ("It was the 3rd largest city in the country.", "It was the third largest city in the country."),
        "century": (
            "The castle was built in the twelfth century by monks.",
            "The castle was built in the 12th century by monks.",
        ),
        "other": ("It was the second largest city in the country.", "It was the 3rd largest city in the country."),
        "other_digits": (
            "It was the 2nd largest city in the country.",
            "It was the third largest city in the country.",
        ),
    },
    HARD,
)
def test_an_ordinal_in_words_is_its_digits(got: Verdicts) -> None:
    # "third" and "3rd" were two members of the ordinal class, so one where the copied sentence had the other was
    # `swapped:3rd/third` (weak); another ordinal stays a swap, and an ordinal in words the source lacks is a missing
    # number too (error classes of the training pairs, round 3)
    for key in ("words", "digits", "century"):
        assert got[key] == ("verified", []), (key, got)
    assert got["other"] == ("weak", ["missing_number:2nd", "swapped:second/3rd"]), got
    assert got["other_digits"] == ("weak", ["missing_number:2", "swapped:2nd/third"]), got


@claims(
    {
        "us": (
            "The US imposed new tariffs on steel imports.",
            "The United States imposed new tariffs on steel imports.",
        ),
        "united_states": (
            "The United States imposed new tariffs on steel imports.",
            "The U.S. imposed new tariffs on steel imports.",
        ),
        "uk": ("The UK left the European Union in 2020.", "The United Kingdom left the European Union in 2020."),
        "eu": ("The United Kingdom left the EU in 2020.", "The United Kingdom left the European Union in 2020."),
        "wrong": ("The UK imposed new tariffs on steel imports.", "The U.S. imposed new tariffs on steel imports."),
    },
    HARD,
)
def test_a_country_or_union_by_its_abbreviation_is_named(got: Verdicts) -> None:
    # "US" against a source's "United States" (and the other way round, "U.S.", "UK", "EU") was missing_name (weak);
    # another country's abbreviation stays missing
    for key in ("us", "united_states", "uk", "eu"):
        assert got[key] == ("verified", []), (key, got)
    assert got["wrong"] == ("weak", ["missing_name:UK"]), got


MUSEUM = "The museum, but not its gardens, is open to visitors on Mondays."


@claims(
    {
        "not_only": (
            "The drug reduces pain in most patients.",
            "The drug not only reduces pain in most patients but also lowers fever.",
        ),
        "litotes": (
            "Side effects are common in older patients.",
            "Side effects are not uncommon in older patients.",
        ),
        "aside": ("The museum is open to visitors on Mondays.", MUSEUM),
        "not_only_denied": (
            "The drug does not reduce pain in most patients.",
            "The drug not only reduces pain in most patients but also lowers fever.",
        ),
        "litotes_dropped": (
            "Side effects are uncommon in older patients.",
            "Side effects are not uncommon in older patients.",
        ),
        "aside_taken": ("The museum gardens are open to visitors on Mondays.", MUSEUM),
    },
    HARD,
)
def test_a_not_that_negates_nothing_is_no_negation(got: Verdicts) -> None:
    # "not only ... but also", "not uncommon" (litotes) and "but not its gardens" (an aside the claim leaves out)
    # made the source negated and the claim not: negation_mismatch (weak). The claim that takes the negation's side
    # stays capped: "not reduce" against "not only reduces", "uncommon" against "not uncommon", the gardens
    for key in ("not_only", "litotes", "aside"):
        assert got[key] == ("verified", []), (key, got)
    for key in ("not_only_denied", "litotes_dropped", "aside_taken"):
        assert got[key][0] != "verified" and "negation_mismatch" in got[key][1], (key, got)


@claims(
    {
        "nyc": ("The museum is in NYC.", "The museum is in New York City."),
        "britain": ("Britain left the EU in 2020.", "The UK left the European Union in 2020."),
        "who": (
            "The WHO declared a pandemic in March 2020.",
            "The World Health Organization declared a pandemic in March 2020.",
        ),
        "wrong": ("The museum is in Boston.", "The museum is in New York City."),
    },
    HARD,
)
def test_a_city_kingdom_or_agency_by_another_of_its_names_is_named(got: Verdicts) -> None:
    # "NYC" against "New York City", "Britain" against "the UK", "The WHO" against "The World Health Organization"
    # were missing_name (weak); a wrong city stays missing
    for key in ("nyc", "britain", "who"):
        assert got[key] == ("verified", []), (key, got)
    assert got["wrong"] == ("weak", ["missing_name:Boston"]), got


SOURCE = 'The senator said "we will win the election in November" at the rally.'


@claims(
    {
        "dots": ('The senator said "we will win ... in November" at the rally.', SOURCE),
        "ellipsis": ("The senator said \u201cwe will win\u2026in November\u201d at the rally.", SOURCE),
        "changed": ('The senator said "we will lose ... in November" at the rally.', SOURCE),
        "reordered": ('The senator said "in November ... we will win" at the rally.', SOURCE),
    },
    HARD,
)
def test_a_quote_shortened_by_an_ellipsis_is_found_part_by_part(got: Verdicts) -> None:
    # a claim's quote that leaves words out with "..." or "…" (as quoting does) was looked up whole: missing_quote
    # (weak). Each part is looked up now, in order; a part the source lacks, or parts out of order, stay missing
    for key in ("dots", "ellipsis"):
        assert got[key] == ("verified", []), (key, got)
    for key in ("changed", "reordered"):
        assert got[key][0] != "verified" and got[key][1][0].startswith("missing_quote:"), (key, got)


@claims(
    {
        "k": ("The grant was $50k.", "The grant was $50,000."),
        "m": ("The startup raised $2.5M in seed funding.", "The startup raised $2,500,000 in seed funding."),
        "source_k": ("The grant was $50,000.", "The grant was $50k."),
        "changed": ("The grant was $50k.", "The grant was $5,000."),
        "changed_m": ("The startup raised $2.5M in seed funding.", "The startup raised $2,500 in seed funding."),
    },
    HARD,
)
def test_a_sum_of_money_with_a_scale_letter_is_its_value(got: Verdicts) -> None:
    # "$50k" against a source's "$50,000", "$2.5M" against "$2,500,000" were missing_number:50 / :2.5 (weak): the
    # letter was no scale. On a sum of money (a currency sign before it) it is one now; "5k" alone (a race) is not
    for key in ("k", "m", "source_k"):
        assert got[key] == ("verified", []), (key, got)
    assert got["changed"][0] != "verified" and got["changed"][1] == ["missing_number:50 thousand"], got
    assert got["changed_m"][0] != "verified" and got["changed_m"][1] == ["missing_number:2.5 million"], got


@claims(
    {
        "claim": ("The war (1939-45) changed Europe.", "The war, from 1939 to 1945, changed Europe."),
        "season": ("The 2018-19 season was his best.", "The 2018/2019 season was his best."),
        "source": ("He served from 1990 to 1995.", "He served 1990-95."),
        "changed": ("He served from 1990 to 1996.", "He served 1990-95."),
        "changed_claim": ("The war (1939-46) changed Europe.", "The war, from 1939 to 1945, changed Europe."),
    },
    HARD,
)
def test_a_span_of_years_with_its_end_in_two_digits_is_that_year(got: Verdicts) -> None:
    # "1939-45" against a source's "from 1939 to 1945" was missing_number:45, "the 2018-19 season" against
    # "2018/2019" missing_number:19, "from 1990 to 1995" against a source's "1990-95" missing_number:1995 (weak). The
    # two digits after a year and a dash or slash are that year's century's now (a month "2020-03" is none); another
    # end year stays missing
    for key in ("claim", "season", "source"):
        assert got[key] == ("verified", []), (key, got)
    assert got["changed"][0] != "verified" and got["changed"][1] == ["missing_number:1996"], got
    assert got["changed_claim"][0] != "verified" and got["changed_claim"][1] == ["missing_number:1946"], got


@claims(
    {
        "not_far": (
            "The temple lies near the town of Muntilan in Central Java.",
            "The temple lies not far from the town of Muntilan in Central Java.",
        ),
        "never_before": (
            "The telescope revealed never-before-seen details of distant galaxies.",
            "The telescope revealed new details of distant galaxies.",
        ),
        "trailing": (
            "The plant is found in the Lake and St. Louis counties in Minnesota.",
            "The plant grows in Lake and St. Louis counties of Minnesota, but not in other parts of North America.",
        ),
        "trailing_taken": (
            "The plant grows in other parts of North America.",
            "The plant grows in Lake and St. Louis counties of Minnesota, but not in other parts of North America.",
        ),
    },
    HARD,
)
def test_a_not_of_place_or_a_trailing_aside_is_no_negation(got: Verdicts) -> None:
    # supported training pairs were negation_mismatch for "not far from", "never-before-seen" and an aside at a
    # sentence's end (", but not in other parts of North America."); the claim that names the aside's part takes it
    for key in ("not_far", "never_before", "trailing"):
        assert "negation_mismatch" not in got[key][1], (key, got)
    assert got["trailing_taken"][0] != "verified" and "negation_mismatch" in got["trailing_taken"][1], got


@claims(
    {
        "km": ("The trail is 30 miles (48 km) long.", "The trail is 30 miles long."),
        "kg": ("The dog weighs 50 lb (23 kg).", "The dog weighs 50 lb."),
        "celsius": ("Water boils at 212°F (100°C) at sea level.", "Water boils at 212°F at sea level."),
        "metres": ("The tower is 1,000 feet (305 m) tall.", "The tower is 1,000 feet tall."),
        "cm": ("The screen is 15 inches (38 cm) wide.", "The screen is 15 inches wide."),
        "litres": ("The tank holds 10 gallons (38 litres).", "The tank holds 10 gallons."),
        "converted_only": ("The trail is about 48 kilometres long.", "The trail is 30 miles long."),
        "wrong": ("The trail is 30 miles (60 km) long.", "The trail is 30 miles long."),
        "no_unit": ("The trail is 30 miles (48 km) long.", "The trail has 30 stops and is long."),
        "same_unit": ("He threw the ball 404 feet.", "He threw the ball 403 feet."),
    },
    HARD,
)
def test_a_conversion_the_claim_adds_is_no_missing_number(got: Verdicts) -> None:
    # a claim giving a source's measure in another unit as well ("30 miles (48 km)") was missing_number:48 (weak);
    # a number that converts a measure of the claim's that the source gives (to its rounding, or within 2%) is found
    # now. A conversion that is wrong, or of a measure the source does not give in a unit, stays missing; the
    # converted measure alone was missing too, and is found since the false-alarm sweep's round 13 (the source's
    # number in the other system of units, rounded: tests/cli/test_false_alarms_round13.py)
    for key in ("km", "kg", "celsius", "metres", "cm", "litres"):
        assert got[key] == ("verified", []), (key, got)
    assert got["wrong"][0] != "verified" and got["wrong"][1] == ["missing_number:60"], got
    assert got["no_unit"][0] != "verified" and got["no_unit"][1] == ["missing_number:48"], got
    assert got["same_unit"][0] != "verified" and got["same_unit"][1] == ["missing_number:404", "swapped:404/403"], got
    assert got["converted_only"][1] == [], got


@claims(
    {
        "pronoun": ("The US imposed new tariffs on steel.", "They told us about the new tariffs on steel."),
        "pronoun_it": ("The IT department handles the laptops.", "The department says it handles the laptops."),
        "us": ("The US imposed new tariffs on steel.", "The US imposed new tariffs on steel imports."),
        "nasa": ("NASA launched the probe in 2020.", "Nasa launched the probe in 2020."),
        "written_out": ("The US imposed new tariffs on steel.", "The United States imposed new tariffs on steel."),
    },
    HARD,
)
def test_an_abbreviation_is_not_found_in_a_lower_case_word(got: Verdicts) -> None:
    # a claim's "US" was looked up in the source's lower-cased text, where "They told us" holds it: verified (a let
    # in). An abbreviation is found only in a word the source writes with a capital ("US", "Nasa"), or where the
    # source names its country or union in another form
    assert got["pronoun"][0] != "verified" and got["pronoun"][1] == ["missing_name:US"], got
    assert got["pronoun_it"][0] != "verified" and got["pronoun_it"][1] == ["missing_name:IT"], got
    for key in ("us", "nasa", "written_out"):
        assert got[key] == ("verified", []), (key, got)


SOURCE_2 = "Not all of the samples were contaminated."


@claims(
    {
        "some_not": ("Some of the samples were not contaminated.", SOURCE_2),
        "reverse": (SOURCE_2, "Some of the samples were not contaminated."),
        "not_every": (
            "Not every sample was contaminated by the river water.",
            "Not all samples were contaminated by the river water.",
        ),
        "all": ("All of the samples were contaminated.", SOURCE_2),
        "every": (
            "Every sample was contaminated by the river water.",
            "Not every sample was contaminated by the river water.",
        ),
        "none": ("None of the samples were contaminated.", SOURCE_2),
        "no": ("No employees work in the office.", "Not all employees work in the office."),
    },
    HARD,
)
def test_not_all_is_some_not(got: Verdicts) -> None:
    # "Some of the samples were not contaminated" against "Not all of the samples were contaminated" (and the other
    # way round) was negation_mismatch (weak): the copy adds a "not" where the source's sits before "all". The two
    # say the same; "All ..." (verbatim after the source's "Not", so it was exact and verified: a let-in) and "None
    # of ..." against "Not all ..." are capped
    for key in ("some_not", "reverse", "not_every"):
        assert got[key] == ("verified", []), (key, got)
    assert got["all"][0] != "verified" and got["all"][1] == ["unasserted:not"], got
    assert got["every"][0] != "verified" and got["every"][1] == ["unasserted:not"], got
    assert got["none"][0] != "verified" and "swapped:none/not all" in got["none"][1], got
    assert got["no"][0] != "verified" and "swapped:no/not all" in got["no"][1], got


@claims(
    {
        "pm": ("The store closes at 3 pm on Sundays.", "The store closes at 15:00 on Sundays."),
        "24h": ("The store closes at 15:00 on Sundays.", "The store closes at 3 pm on Sundays."),
        "minutes": ("The store closes at 3:00 p.m. on Sundays.", "The store closes at 3 pm on Sundays."),
        "am": ("The store opens at 9 a.m. on Sundays.", "The store opens at 09:00 on Sundays."),
        "half": ("50% of the respondents agreed with the plan.", "Half of the respondents agreed with the plan."),
        "quarter": ("25% of the students passed the exam.", "A quarter of the students passed the exam."),
        "third": ("About 33% of voters approved the measure.", "A third of voters approved the measure."),
        "other_time": ("The store closes at 4 pm on Sundays.", "The store closes at 15:00 on Sundays."),
        "am_for_pm": ("The store closes at 3 am on Sundays.", "The store closes at 15:00 on Sundays."),
        "other_share": (
            "40% of the respondents agreed with the plan.",
            "Half of the respondents agreed with the plan.",
        ),
    },
    HARD,
)
def test_a_time_of_day_or_a_share_written_another_way_is_found(got: Verdicts) -> None:
    # "3 pm" against a source's "15:00" was missing_number:3, "15:00" against "3 pm" missing_number:15 and :00, "9
    # a.m." against "09:00" missing_number:9; "50% of the respondents" against "Half of the respondents" and "25%"
    # against "A quarter of" missing_number:50 / :25 (weak, unsupported). A time of day is found where the source
    # states that time in any form, a share where the source words it as a fraction; another time or share stays
    # missing
    for key in ("pm", "24h", "minutes", "am", "half"):
        assert got[key] == ("verified", []), (key, got)
    for key in ("quarter", "third"):  # no hard rule: the support model alone scores them (weak)
        assert got[key][1] == [], (key, got)
    assert got["other_time"][0] != "verified" and got["other_time"][1] == ["missing_number:4"], got
    assert got["am_for_pm"][0] != "verified" and "missing_number:3" in got["am_for_pm"][1], got
    assert got["other_share"][0] != "verified" and got["other_share"][1] == ["missing_number:40"], got


@claims(
    {
        "ww2": ("World War II ended in 1945.", "The Second World War ended in 1945."),
        "second": ("The Second World War ended in 1945.", "World War II ended in 1945."),
        "wwi": ("The First World War began in 1914.", "World War I began in 1914."),
        "ny": ("The museum is in New York.", "The museum is in NY."),
        "st": ("The school is on St. John Street.", "The school is on Saint John Street."),
        "saint": ("The school is on Saint John Street.", "The school is on St. John Street."),
        "ft": ("The soldiers held Fort Sumter in 1861.", "The soldiers held Ft. Sumter in 1861."),
        "other_war": ("The First World War ended in 1945.", "World War II ended in 1945."),
        "other_saint": ("The school is on St. Mark Street.", "The school is on Saint John Street."),
    },
    HARD,
)
def test_a_place_or_war_by_another_of_its_names_is_named(got: Verdicts) -> None:
    # "World War II" against "The Second World War" was missing_name:II (and "Second" the other way), "New York"
    # against "NY" missing_name:New and :York, "St. John Street" against "Saint John Street" missing_name:St (weak).
    # The wars and New York are forms in `keynames._ALIASES`, "St" / "Mt" / "Ft" the abbreviations of "Saint" /
    # "Mount" / "Fort" (and back); the other war, another saint stay missing
    for key in ("ww2", "second", "wwi", "ny", "st", "saint", "ft"):
        assert got[key] == ("verified", []), (key, got)
    assert got["other_war"][0] != "verified" and "missing_name:First" in got["other_war"][1], got
    assert got["other_saint"][0] != "verified" and got["other_saint"][1] == ["missing_name:Mark"], got


@claims(
    {
        "jan": ("The law took effect in Jan. 2020.", "The law took effect in January 2020."),
        "sept": ("The law took effect on Sept. 5, 2020.", "The law took effect on September 5, 2020."),
        "other_year": ("The law took effect in Jan. 2021.", "The law took effect in January 2020."),
    },
    HARD,
)
def test_a_month_abbreviated_before_its_date_ends_no_sentence(got: Verdicts) -> None:
    # "The law took effect in Jan. 2020 [1]" was split after "Jan.": the cited claim was "2020." (empty_claim,
    # unsupported). A month's abbreviation before a day or year ends no sentence now; another year stays missing
    for key in ("jan", "sept"):
        assert got[key] == ("verified", []), (key, got)
    assert got["other_year"][0] != "verified" and "missing_number:2021" in got["other_year"][1], got


@claims(
    {
        "inc": ("Apple Inc. was founded in 1976.", "Apple was founded in 1976."),
        "ltd": ("Tesco Ltd opened the store in 2001.", "Tesco opened the store in 2001."),
        "no_1": ("The song reached No. 1 in 1985.", "The song reached number one in 1985."),
        "other_company": ("Microsoft Inc. was founded in 1976.", "Apple was founded in 1976."),
        "no_chart": ("The song reached no chart in 1985.", "The song reached number one in 1985."),
    },
    HARD,
)
def test_a_company_suffix_or_a_number_sign_is_no_name(got: Verdicts) -> None:
    # "Apple Inc. was founded in 1976" against "Apple was founded in 1976" was missing_name:Inc, "The song reached
    # No. 1 in 1985" against "number one" missing_name:No and negation_mismatch (weak). A company's legal suffix is
    # no name, and "No." before a number is no name and negates nothing; another company, a real "no" stay capped
    for key in ("inc", "ltd", "no_1"):
        assert got[key] == ("verified", []), (key, got)
    assert got["other_company"][0] != "verified" and got["other_company"][1] == ["missing_name:Microsoft"], got
    assert got["no_chart"][0] != "verified" and "negation_mismatch" in got["no_chart"][1], got


@claims(
    {
        "one_in_five": ("20% of adults smoke.", "One in five adults smokes."),
        "four_in_ten": ("40% of adults exercise every week.", "Four in 10 adults exercise every week."),
        "other": ("30% of adults smoke.", "One in five adults smokes."),
    },
    HARD,
)
def test_a_share_as_n_in_m_is_its_percentage(got: Verdicts) -> None:
    # "20% of adults smoke" against "One in five adults smokes" and "40%" against "Four in ten" were
    # missing_number:20 / :40 (unsupported): "N in M" before what it counts is a share now, as a fraction is; another
    # percentage stays missing
    for key in ("one_in_five", "four_in_ten"):
        assert got[key][1] == [], (key, got)
    assert got["other"][0] != "verified" and got["other"][1] == ["missing_number:30"], got


@claims(
    {
        "am_for_pm": ("The store closes at 3 am on Sundays.", "The store closes at 3 pm on Sundays."),
        "pm_for_am": ("The store opens at 9 p.m. on Sundays.", "The store opens at 9 a.m. on Sundays."),
        "either": ("The store closes at 3 pm on Sundays.", "The store closes at 3:00 on Sundays."),
        "both": ("The store opens at 3 am on Sundays.", "The store opens at 3 am and closes at 3 pm on Sundays."),
    },
    HARD,
)
def test_a_time_in_the_other_half_of_the_day_is_missing(got: Verdicts) -> None:
    # the wrong claim beside the times above: "3 am" against a source's "3 pm" was verified (its digit 3 is the
    # source's). A claim's time whose hour and minutes the source states only in the other half of the day is a
    # missing number now; "3:00" (either half) and a source stating both stay found
    # the let-in sweep's am / pm opposites read the copied sentence too (`swapped:am/pm`): both reasons hold
    assert got["am_for_pm"][0] != "verified" and got["am_for_pm"][1] == ["missing_number:3", "swapped:am/pm"], got
    assert got["pm_for_am"][0] != "verified" and got["pm_for_am"][1] == ["missing_number:9", "swapped:pm/am"], got
    for key in ("either", "both"):
        assert got[key][1] == [], (key, got)
