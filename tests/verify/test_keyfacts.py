from __future__ import annotations

import pytest

from audit.verify.keyfacts import key_facts, keyfact_coverage, missing_facts
from audit.verify.keynames import _NAME_WORDS, in_vocabulary


def test_numbers_dates_and_names_are_found():
    f = key_facts("In 1986 Arnold earned $1,281 on March 3, 2020 with the RX-200 Router.")
    assert "1986" in f.numbers and "1281" in f.numbers
    assert f.dates == ("March 3, 2020",)
    assert "Arnold" in f.names and "March" not in f.names


@pytest.mark.parametrize(
    "claim,source,missing",
    [
        ("Refunds take 30 days.", "Refunds take 30 days.", []),
        ("Refunds take 90 days.", "Refunds take 30 days.", ["missing_number:90"]),
        ("It sold 1,281 units.", "It sold 1281 units.", []),
        ("Support is run by Globex.", "Support is run by Initech.", ["missing_name:Globex"]),
        (
            "It was signed by Ann Smith.",
            "It was signed by Annabel Goldsmith.",
            ["missing_name:Ann", "missing_name:Smith"],
        ),
        ("It was signed by Ann Smith.", "It was Ann Smith's signature.", []),
        ("Ask CNN about it.", "Ask the CNNs about it.", []),
        ("It was signed by Ann.", "它由Ann签署。", []),
        ("It raised $5 million.", "It raised $5 billion.", ["missing_number:5 million"]),
        ("It raised $5 million.", "It raised $5 mln.", []),
        ("It raised 2.5 million.", "It raised 2,500,000.", []),
        ("It raised 2,500,000.", "It raised 2.5 Million.", []),
        ("It raised 30 million.", "It raised 30, then 40.", ["missing_number:30 million"]),
        ("It has 5 staff.", "It raised 5 million.", []),
        ("Signed 2020-03-03.", "Signed 2020-03-04.", ["missing_number:2020-03-03"]),
        ("Signed 03/03/2020.", "Signed 03/04/2020.", ["missing_number:3/3/2020"]),
        ("Signed 2020-03-03.", "Signed 2020-3-3.", []),
        ("Signed 2020-03-03.", "Signed on 3rd of March, 2020.", []),
        ("Signed 4/3/2020.", "Signed March 4, 2020.", []),
        ("Signed 3/4/2020.", "Signed March 4, 2020.", []),
        ("Signed 2019-03-03.", "Signed March 3, 2020.", ["missing_number:2019-03-03"]),
        ("Signed March 3, 2020.", "Signed 2020-03-03.", []),
        ("It holds 12000 pallets.", "It holds 12\u00a0000 pallets.", []),
        ("It holds 1,250,000 pallets.", "It holds 1\u2009250\u2009000 pallets.", []),
        ("It holds 12 pallets.", "It holds 12\u00a0000 pallets.", ["missing_number:12"]),
        ("It holds 13000 pallets.", "It holds 12\u202f000 pallets.", ["missing_number:13000"]),
        ("Aisle 3 holds 40 crates.", "Aisle 3\u00a040 crates.", []),
        ("It fell to -18 degrees.", "It fell to \u221218 degrees.", []),
        ("It fell to \u221218 degrees.", "It fell to -18 degrees.", []),
        ("It fell to \u221218 degrees.", "It fell to 18 degrees.", ["missing_number:-18"]),
        ("Last year Apple's revenue grew.", "Last year revenue at Apple grew.", []),
        ("It opened a McDonald's there.", "It opened a McDonalds there.", []),
        ("Last year Apple's revenue grew.", "Last year revenue at Google grew.", ["missing_name:Apple's"]),
        ("It was O'Neil's idea.", "It was O'Neil's idea.", []),
        ("It moved to Zurich.", "It moved to Z\u00fcrich.", []),
        ("It moved to Zurich.", "It moved to Zu\u0308rich.", []),
        ("It moved to Zurich.", "It moved to Z\u00fcnd.", ["missing_name:Zurich"]),
        ("It moved to Seoul.", "그것은 Seoul로 이전했다.", []),
        ("It rose 3.0 percent.", "It rose 3 percent.", []),
        ("It rose 3 percent.", "It rose 3.00%.", []),
        ("It runs Python 3.10.", "It runs Python 3.1.", ["missing_number:3.10"]),
        ("It rose 3.05 percent.", "It rose 3 percent.", ["missing_number:3.05"]),
        ("It was by Jean-Luc.", "It was by Jean-\nLuc.", []),
        ("It was by Jean-Luc.", "It was by Jean-\r\n Luc.", []),
        ("It was by Jean-Luc.", "It was by Jean-\nPaul.", ["missing_name:Jean-Luc"]),
        ("It was by Jean-Luc.", "It was by Jean - Luc.", ["missing_name:Jean-Luc"]),
    ],
    ids=[
        "all_present",
        "changed_number",
        "thousands_separator",
        "changed_name",
        "name_inside_a_word",
        "possessive",
        "plural",
        "name_touching_unspaced_script",
        "changed_scale",
        "scale_abbreviated",
        "scale_written_in_full",
        "scale_in_the_source",
        "scale_the_source_lacks",
        "bare_number_in_a_scaled_one",
        "iso_date_changed_day",
        "slash_date_changed_day",
        "iso_date_unpadded",
        "iso_date_in_words",
        "slash_date_day_first",
        "slash_date_month_first",
        "iso_date_changed_year",
        "date_in_words_found_as_iso",
        "no_break_space_groups",
        "thin_space_groups",
        "grouped_number_is_not_its_first_group",
        "grouped_number_changed",
        "no_break_space_before_a_short_number",
        "minus_sign_in_the_source",
        "minus_sign_in_the_claim",
        "minus_sign_dropped",
        "possessive_name",
        "possessive_brand",
        "possessive_of_another_name",
        "apostrophe_inside_a_name",
        "accent_folded",
        "accent_decomposed",
        "accent_folded_other_name",
        "name_touching_hangul",
        "zero_decimal",
        "zero_decimals_in_the_source",
        "trailing_zero_of_a_version_kept",
        "nonzero_decimals_kept",
        "hyphen_at_a_line_break",
        "hyphen_at_a_crlf_line_break",
        "hyphen_at_a_line_break_other_name",
        "spaced_dash_is_not_a_line_break",
    ],
)
def test_missing_facts(claim, source, missing):
    assert missing_facts(key_facts(claim), source) == missing


def test_coverage_is_null_without_facts_not_zero():
    f = key_facts("refunds are quick and easy")
    assert keyfact_coverage(f, []) is None
    g = key_facts("Refunds take 90 days.")
    assert g.names == ()
    assert keyfact_coverage(g, ["missing_number:90"]) == 0.0


def test_a_source_date_with_the_long_s_is_a_date_and_no_crash() -> None:
    # the case-blind month pattern matches `ſeptember` (old print, OCR), whose lower() kept the long s: the month
    # table lookup raised KeyError and the whole audit stopped on one source
    assert missing_facts(key_facts("It ended on 9/1/1999."), "It ended on ſeptember 1, 1999.") == []
    assert missing_facts(key_facts("It ended on 9/2/1999."), "It ended on ſeptember 1, 1999.") == [
        "missing_number:9/2/1999"
    ]


# key-fact defects found by hostile-input sweeps: a changed claim that was verified, or a supported one flagged
@pytest.mark.parametrize(
    "claim,source,missing",
    [
        # a month that differs alone, with or without the day; "may" and "march" as verbs are no month
        ("It opened on March 5, 2020.", "It opened on April 5, 2020.", ["missing_date:March 5, 2020"]),
        ("It opened on 5 March 2020.", "It opened on 5 April 2020.", ["missing_date:5 March 2020"]),
        ("It opened in March 2020.", "It opened in May 2020.", ["missing_date:March 2020"]),
        ("It opened in March 2020.", "Prices may rise in 2020.", ["missing_date:March 2020"]),
        ("It opened on March 5, 2020.", "They may march on 5 roads in 2020.", ["missing_date:March 5, 2020"]),
        ("It opened on March 5, 2020.", "Remarks on 5 points in 2020.", ["missing_date:March 5, 2020"]),
        ("It opened on May 5, 2020.", "It may open on 5 June 2020.", ["missing_date:May 5, 2020"]),
        ("It opened in March 2020.", "It opened in March 2020.", []),
        ("It opened in March 2020.", "It opened on 12 March 2020.", []),
        ("It opened on March 5, 2020.", "It opened on 5 Mar. 2020.", []),
        ("It opened on March 5, 2020.", "It ran 5-7 March 2020.", []),
        ("It opened on March 7, 2020.", "It ran March 5\u20137, 2020.", []),
        (
            "It opened on March 5, 2020.",
            "It ran 14 \u2013 16 March 2020.",
            ["missing_number:5", "missing_date:March 5, 2020"],
        ),
        ("It ran March 5-7, 2020.", "It ran from 5 March 2020 to 7 March 2020.", []),
        ("It opened on May 1, 2020.", "It opened on the first of May, 2020.", []),
        (
            "It opened on 25 October 2018.",
            "It opened in October 2018, on the 18th; 25 came.",
            ["missing_date:25 October 2018"],
        ),
        ("It opened on March 5, 2020.", "It opened on 2020-03-05.", []),
        ("It opened on March 5, 2020.", "Posted 2020-02-01. It opens Mar. 5.", []),
        ("It opened on March 5.", "It opened on the 5th of March.", []),
        ("It ended in October 2007.", "Dates: 2007. It ran from August through October.", []),
        # a number inside a token ("4G", "A380", "1990s", "21st") is a number; a sign only where no word precedes
        ("The network moved to 4G.", "The network moved to 5G.", ["missing_number:4"]),
        ("The network moved to 5G.", "The network moved to 5G.", []),
        ("It flies the A350.", "It flies the A380.", ["missing_number:350"]),
        ("It flies the A380.", "It flies the A-380.", []),
        ("It flies the F-35.", "It flies the F-35.", []),
        ("It flies the F-16.", "It flies the F-35.", ["missing_number:16"]),
        ("It launched the iPhone 14.", "It launched the iPhone 15.", ["missing_number:14"]),
        ("It peaked in the 1980s.", "It peaked in the 1990s.", ["missing_number:1980"]),
        ("It peaked in the 1990s.", "It peaked in the 1990s.", []),
        ("It won the 21st race.", "It won the twenty-first race.", []),
        ("It runs 5km.", "It runs 5 km.", []),
        ("It raised $5bn.", "It raised 5 billion dollars.", []),
        # European thousands: "1.000.000" is one number; "1.250" is 1250 or 1.25 (either is found); "1 000" too
        ("It employs 1,000 people.", "It employs 1.000 people.", []),
        ("It employs 1,000,000 people.", "It employs 1.000.000 people.", []),
        ("It employs 1.000.000 people.", "It employs 1,000,000 people.", []),
        ("It employs 2.500 people.", "It employs 2,500 people.", []),
        ("It employs 2.500 people.", "It employs 2.5 people.", []),
        ("It employs 1,000 people.", "It employs 1 000 people.", []),
        ("It employs 2,000 people.", "It employs 1.000 people.", ["missing_number:2000"]),
        ("It employs 1,000,000 people.", "It employs 1.000 people.", ["missing_number:1000000"]),
        ("It employs 1 people.", "It employs 1.000.000 people.", ["missing_number:1"]),
        # ... "60.000" is 60000 only: three zero decimals are a table's, not prose's (let-in round 11)
        ("About 60 fans came.", "About 60.000 fans came.", ["missing_number:60"]),
        ("About 60,000 fans came.", "About 60.000 fans came.", []),
        # numbers in words: a source's are its numbers; a claim's only before a scale word
        ("It lasted 30 days.", "It lasted thirty days.", []),
        ("It lasted 25 days.", "It lasted Twenty-five days.", []),
        ("It lasted 300 days.", "It lasted three hundred days.", []),
        ("It was the 3rd try.", "It was the third try.", []),
        ("It lasted 40 days.", "It lasted thirty days.", ["missing_number:40"]),
        ("It lasted thirty days.", "It lasted 30 days.", []),
        ("It raised three million.", "It raised 3 million.", []),
        ("It raised 3 million.", "It raised three million dollars.", []),
        ("It raised three million.", "It raised 3 billion.", ["missing_number:3 million"]),
        ("It raised twenty billion.", "It raised 20,000,000,000.", []),
        ("It had two reasons.", "It gave reasons: cost and time.", []),
        # names in any alphabet; letters no accent folding takes apart
        ("It was by Müller.", "It was by Schmidt.", ["missing_name:Müller"]),
        ("It was by Müller.", "It was by Muller.", []),
        ("It was by José.", "It was by Maria.", ["missing_name:José"]),
        ("It was by José.", "It was by JOSÉ.", []),
        ("It was by Ångström.", "It was by Angstrom.", []),
        ("It is in Łódź.", "It is in Lodz.", []),
        ("It is in Lodz.", "It is in Łódź.", []),
        ("It is in Łódź.", "It is in Kraków.", ["missing_name:Łódź"]),
        ("It crossed the Øresund.", "It crossed the Oresund.", []),
        ("It is in Москва.", "It is in Київ.", ["missing_name:Москва"]),
        ("It is in Москва.", "Это в Москва.", []),
        ("It is in Αθήνα.", "It is in Αθηνα.", []),
        # a sentence-initial word is no name when it is a common word (see the README)
        ("Refunds take 30 days.", "Returns take 30 days.", []),
    ],
)
def test_missing_facts_hostile(claim, source, missing):
    assert missing_facts(key_facts(claim), source) == missing


# a capitalised word that starts a sentence was never a name, so a claim whose subject was swapped at its start
# passed; it is one now when it is no common English word (the packaged MiniLM's vocabulary of whole words)
@pytest.mark.parametrize(
    "claim,source,missing",
    [
        ("Milira sings the song.", "Brandy sings the song.", ["missing_name:Milira"]),
        ("Milira sings the song.", "It is a song by Milira.", []),
        ("It was big. Milira sings it.", "It was big. Brandy sings it.", ["missing_name:Milira"]),
        ("Milira's song was a hit.", "Brandy's song was a hit.", ["missing_name:Milira's"]),
        ("Milira's song was a hit.", "The song by Milira was a hit.", []),
        # common words, capitalised because they start a sentence, are no names
        ("Throughout the year it grew.", "It grew all year.", []),
        ("Ensure the valve is shut.", "Shut the valve.", []),
        ("Artificial intelligence helps.", "AI helps.", []),
        ("However, it grew.", "It grew.", []),
        ("Leveraging data helps.", "Data helps.", []),
        ("Paris-based firms grew.", "Firms in France grew.", []),
        ("SUMMARY: it grew.", "It grew.", []),
        ("I think it grew.", "It grew.", []),
        ("Marcie Blane sang it.", "Blane recorded it.", []),
        ("Marcie Blane sang it.", "Dodd recorded it.", ["missing_name:Blane"]),
        # a sentence starts after a bullet, a list number, an opening quote, a line break or a colon too
        ("- Conduct periodic checks.", "Check it often.", []),
        ("2. Create a policy.", "Step 2: write a policy.", []),
        ("Roles: Establish a board.", "Set up a board for roles.", []),
        ('"Throughout the year it grew.', "It grew all year.", []),
        ("Steps\nMonitor the dates.", "Steps: check the dates.", []),
        ("- Milira sang it.", "Brandy sang it.", ["missing_name:Milira"]),
        ("Singer: Milira.", "Singer: Brandy.", ["missing_name:Milira"]),
    ],
    ids=[
        "rare_name_starts_the_claim",
        "rare_name_in_the_source",
        "rare_name_starts_a_later_sentence",
        "possessive_rare_name",
        "possessive_rare_name_in_the_source",
        "common_adverb",
        "common_verb",
        "common_adjective",
        "common_opener",
        "inflected_common_word",
        "hyphenated_common_words",
        "all_caps_heading",
        "pronoun_i",
        "first_name_before_a_surname_in_the_source",
        "first_name_before_a_surname_not_in_the_source",
        "common_word_after_a_bullet",
        "common_word_after_a_list_number",
        "common_word_after_a_colon",
        "common_word_after_an_opening_quote",
        "common_word_after_a_line_break",
        "rare_name_after_a_bullet",
        "rare_name_after_a_colon",
    ],
)
def test_a_sentence_initial_name(claim, source, missing):
    assert missing_facts(key_facts(claim), source) == missing


# the common words were the uncased vocabulary's, which holds names too: "Smith scored the goal" against a source
# naming Jones had no missing_name; a word that running text capitalises mid-sentence far more often than not (and
# that takes no article: not "American", "University") is a name where a sentence starts (audit/models/name_words.tsv)
@pytest.mark.parametrize(
    "claim,source,missing",
    [
        ("Smith scored the winning goal.", "Jones scored the winning goal.", ["missing_name:Smith"]),
        ("Smith scored the winning goal.", "The winning goal was scored by Smith.", []),
        ("Smith's goal won the cup.", "Jones's goal won the cup.", ["missing_name:Smith's"]),
        ("It was close. Smith scored late.", "It was close. Jones scored late.", ["missing_name:Smith"]),
        ("Paris hosted the summit.", "London hosted the summit.", ["missing_name:Paris"]),
        ("Jordan won the title.", "Bryant won the title.", ["missing_name:Jordan"]),
        ("Washington signed the treaty.", "Adams signed the treaty.", ["missing_name:Washington"]),
        ("Bush signed the bill.", "Obama signed the bill.", ["missing_name:Bush"]),
        ("- Microsoft bought the firm.", "Google bought the firm.", ["missing_name:Microsoft"]),
        # still no names: a word capitalised as often as not (the fruit, the grain), a demonym, an institution, an
        # abbreviation, a first name before a surname, a hyphenated compound (judged part by part, as before)
        ("Apple trees need pruning.", "Fruit trees need pruning.", []),
        ("Rice is a staple food.", "Grain is a staple food.", []),
        ("American actors earn more.", "Actors in the US earn more.", []),
        ("University fees rose.", "Fees at colleges rose.", []),
        ("Dr. Arts studies water.", "Arts studies water.", []),
        ("Will Smith starred in it.", "Smith starred in it.", []),
        ("Paris-based firms grew.", "Firms in France grew.", []),
    ],
    ids=[
        "surname_swapped",
        "surname_in_the_source",
        "possessive_surname_swapped",
        "surname_starts_a_later_sentence",
        "city_swapped",
        "surname_that_is_a_country",
        "surname_that_is_a_city",
        "surname_that_is_a_plant",
        "company_after_a_bullet",
        "fruit",
        "grain",
        "demonym",
        "institution",
        "abbreviated_title",
        "first_name_before_a_surname",
        "hyphenated_compound",
    ],
)
def test_a_sentence_initial_name_that_is_also_a_word(claim, source, missing):
    assert missing_facts(key_facts(claim), source) == missing


def test_the_shipped_name_words_are_vocabulary_words() -> None:
    # the list only overrides the vocabulary: a word outside it is a name already; built by `make name-words`
    words = [w for w in _NAME_WORDS.read_text(encoding="utf-8").splitlines() if not w.startswith("#")]
    names = [w.split("\t")[0] for w in words]
    assert names == sorted(set(names)) and 1_000 < len(names) < 2_000
    assert all(n.isalpha() and n.islower() and in_vocabulary(n) for n in names)
    assert {"smith", "paris", "jordan", "washington"} <= set(names)
    assert not {"apple", "rice", "american", "dr", "university", "throughout"} & set(names)


# a claim's number in words was a number only before a scale word, so "three offices" against a source's "five
# offices" passed; a count in words is a number now, missing where the source counts the same thing otherwise
@pytest.mark.parametrize(
    "claim,source,missing",
    [
        ("The firm has three offices.", "The firm has five offices.", ["missing_number:3"]),
        ("The firm has three offices.", "The firm has 5 offices.", ["missing_number:3"]),
        ("Three offices closed.", "Five offices closed.", ["missing_number:3"]),
        ("It has three siblings.", "It has two older siblings.", ["missing_number:3"]),
        ("It has twenty-five staff.", "It has 30 staff.", ["missing_number:25"]),
        ("It has three hundred staff.", "It has 200 staff.", ["missing_number:300"]),
        ("The firm has three offices.", "The firm has 3 offices.", []),
        ("The firm has three offices.", "The firm has three offices.", []),
        ("It has twenty-five staff.", "It has 25 staff.", []),
        # a count the source does not make is no missing number: it may list the things ("two reasons")
        ("It had two major reasons.", "It had reasons: cost and time.", []),
        ("It had two major reasons.", "It had 5 major banks.", []),
        # "one", fractions, compounds, things named before, approximate counts are no counts
        ("It is one of the best firms.", "It is among 5 firms.", []),
        ("Two-thirds of staff left.", "Half of 9 staff left.", []),
        ("It signed a two-year deal.", "It signed a 3-year deal.", []),
        ("It is one of the five firms.", "It is one of 6 firms.", []),
        ("It grew for over five years.", "It grew for six years.", []),
        ("It killed at least four people.", "It killed 5 people.", []),
        # what a count counts may be written with capitals: "six FA Cups" counts cups (it read no count at all)
        ("Arsenal won six FA Cups.", "Arsenal won five FA Cups.", ["missing_number:6"]),
        ("Arsenal won six FA Cups.", "Arsenal won 6 FA Cups.", []),
    ],
    ids=[
        "changed_count",
        "changed_count_in_digits",
        "count_starts_the_claim",
        "count_with_an_adjective_in_the_source",
        "compound_count",
        "hundreds",
        "same_count_in_digits",
        "same_count_in_words",
        "same_compound_count",
        "count_the_source_does_not_make",
        "count_of_another_thing",
        "one_is_a_pronoun",
        "fraction",
        "compound_word",
        "things_named_before",
        "approximate_count",
        "at_least",
        "capitalised_thing_counted",
        "same_capitalised_thing_counted",
    ],
)
def test_a_count_in_words(claim, source, missing):
    assert missing_facts(key_facts(claim), source) == missing


# a number stated as a range (a bound, a decade, a century) was looked up as a value, so "over 250 languages"
# against "more than 300 languages" was a missing number: most supported training pairs with a missing number were
# of these kinds. It is found now where the source states a number inside its range
@pytest.mark.parametrize(
    "claim,source,missing",
    [
        ("It is translated into over 250 languages.", "It is in more than 300 languages.", []),
        ("It sold more than 100,000 copies.", "It sold 158,000 copies.", []),
        ("It has over 7 million people.", "Its population is 7,482,500.", []),
        ("It raised more than $5 billion.", "It raised 6.2 billion dollars.", []),
        ("It grossed less than $1 million.", "It grossed $681,674.", []),
        ("It is under 50 km long.", "It is 42 km long.", []),
        ("It was published in the 1940s.", "It was published in April 1943.", []),
        ("It was published in the 1940's.", "It was published in 1941.", []),
        ("He was a 16th century explorer.", "He lived 1510 - 1554.", []),
        ("It dates from the 17th century.", "It was written between 1599 and 1601.", []),
        # outside the range, or another kind of number, it is missing as before
        ("It is translated into over 250 languages.", "It is in 200 languages.", ["missing_number:250"]),
        ("It is translated into over 250 languages.", "It is in 3,000 languages.", ["missing_number:250"]),
        ("It lasted over 1,000 years.", "It began in 1500.", ["missing_number:1000"]),
        ("It grossed less than $1 million.", "It grossed $1.5 million.", ["missing_number:1 million"]),
        ("It peaked in the 1980s.", "It peaked in the 1990s.", ["missing_number:1980"]),
        ("He was a 16th century explorer.", "He lived 1610 - 1654.", ["missing_number:16"]),
        ("It sold 100,000 copies.", "It sold 158,000 copies.", ["missing_number:100000"]),
        # a decade in two digits is a decade of any of the last centuries or an age; a count of years is found where
        # two years of the source are that many apart
        ("It was filmed in the 80's.", "It was filmed in 1984.", []),
        ("He died in his 70s.", "He died at age 77.", []),
        ("It was filmed in the 80s.", "It was filmed in 1974.", ["missing_number:80"]),
        ("His reign lasted 12 years.", "He was king from 1816 to 1828.", []),
        ("The term came 27 years after the document.", "It began in 1823; the term was coined in 1850.", []),
        ("His reign lasted 12 years.", "He was king from 1816 to 1830.", ["missing_number:12"]),
        ("His reign lasted 12 years.", "He was king for 12 of his 40 years.", []),
    ],
    ids=[
        "more_than",
        "more_than_with_thousands",
        "over_with_a_scale_word",
        "more_than_a_sum",
        "less_than",
        "under",
        "decade",
        "decade_with_apostrophe",
        "century",
        "century_at_its_edge",
        "below_a_lower_bound",
        "far_above_a_lower_bound",
        "a_year_is_no_count",
        "above_an_upper_bound",
        "another_decade",
        "another_century",
        "an_exact_number_stays_exact",
        "two_digit_decade",
        "an_age_in_decades",
        "another_two_digit_decade",
        "years_between_two_years",
        "years_after",
        "years_between_other_years",
        "years_stated",
    ],
)
def test_a_number_stated_as_a_range(claim, source, missing):
    assert missing_facts(key_facts(claim), source) == missing


# an acronym's plural ("LEDs", "GANs") names what its singular names: against a source that writes "LED" it was a
# missing name (a source's plural held a claim's singular already). A name that is no acronym keeps its "s":
# "Williams" is not "William"
@pytest.mark.parametrize(
    "claim,source,missing",
    [
        ("Most LEDs use less power.", "An LED uses less power.", []),
        ("It trains GANs on images.", "The GAN is trained on images.", []),
        ("Most LEDs use less power.", "A lamp uses less power.", ["missing_name:LEDs"]),
        ("It was by Williams.", "It was by William.", ["missing_name:Williams"]),
    ],
    ids=["acronym_plural", "acronym_plural_inside", "acronym_plural_absent", "a_name_keeps_its_s"],
)
def test_an_acronym_plural(claim, source, missing):
    assert missing_facts(key_facts(claim), source) == missing


def test_a_source_of_combining_marks_alone_is_no_crash() -> None:
    # accent folding left nothing of it, and max() of the empty text raised ValueError (one such source stopped
    # the whole audit)
    assert missing_facts(key_facts("Refunds take 30 days."), "\u0301\u0308") == ["missing_number:30"]


@pytest.mark.parametrize(
    "claim,source,missing",
    [
        # a king's or a war's number in Roman numerals is its ordinal in words or digits, and back (the false-alarm
        # sweep, round 3: each was missing_name:VIII / :Eighth); another number, or a Roman numeral the source writes
        # only in lower case ("Xi Jinping" is no eleventh), stays missing
        ("Henry VIII broke with Rome in 1534.", "Henry the Eighth broke with Rome in 1534.", []),
        ("Henry the Eighth broke with Rome in 1534.", "Henry VIII broke with Rome in 1534.", []),
        ("Louis XIV ruled France for 72 years.", "Louis the 14th ruled France for 72 years.", []),
        ("The Fifth Avenue store opened in 1990.", "The 5th Avenue store opened in 1990.", []),
        ("Henry VII broke with Rome in 1534.", "Henry the Eighth broke with Rome in 1534.", ["missing_name:VII"]),
        ("Henry the Seventh broke with Rome in 1534.", "Henry VIII broke with Rome in 1534.", ["missing_name:Seventh"]),
        ("Pope Leo the Eleventh met him.", "Pope Leo met Xi in the hall.", ["missing_name:Eleventh"]),
    ],
)
def test_a_roman_numeral_is_its_ordinal(claim, source, missing):
    assert missing_facts(key_facts(claim), source) == missing


@pytest.mark.parametrize(
    "claim,source,missing",
    [
        # a weekday a source states as one of its "weekdays" ("business days", "working days"), a Saturday or Sunday
        # one of its "weekends" (the false-alarm sweep, round 3: "Monday to Friday" against "weekdays" was
        # missing_name:Monday and :Friday); a day outside them stays missing
        ("The office is open Monday to Friday.", "The office is open on weekdays.", []),
        ("Refunds are paid Monday through Friday.", "Refunds are paid on business days.", []),
        ("The market opens on Saturdays and Sundays.", "The market opens at weekends.", []),
        (
            "The office is open Monday to Saturday.",
            "The office is open on weekdays.",
            ["missing_name:Saturday"],
        ),
        ("The market opens on Fridays.", "The market opens at weekends.", ["missing_name:Fridays"]),
    ],
)
def test_a_weekday_is_one_of_the_weekdays(claim, source, missing):
    assert missing_facts(key_facts(claim), source) == missing


@pytest.mark.parametrize(
    "claim,source,missing",
    [
        # a source's dozen is 12 ("a dozen", "two dozen", "half a dozen"; the false-alarm sweep, round 3: "12
        # engineers" against "a dozen engineers" was missing_number:12); another number, or "dozens of", is none
        ("The team hired 12 engineers.", "The team hired a dozen engineers.", []),
        ("The team hired 24 engineers.", "The team hired two dozen engineers.", []),
        ("The team hired 6 engineers.", "The team hired half a dozen engineers.", []),
        ("The team hired 13 engineers.", "The team hired a dozen engineers.", ["missing_number:13"]),
        ("The team hired 24 engineers.", "The team hired dozens of engineers.", ["missing_number:24"]),
    ],
)
def test_a_dozen_is_twelve(claim, source, missing):
    assert missing_facts(key_facts(claim), source) == missing


@pytest.mark.parametrize(
    "claim,source,missing",
    [
        # "a hundred", "a thousand" are 100 and 1000; a decade in words ("the sixties", "the mid-nineties") its
        # years, "in his twenties" 20 (each was a missing number: the false-alarm sweep, round 3); another stays missing
        ("About 1,000 people attended.", "About a thousand people attended.", []),
        ("About 100 people attended.", "About a hundred people attended.", []),
        ("The song was popular in the 1960s.", "The song was popular in the sixties.", []),
        ("The band formed in the mid-1990s.", "The band formed in the mid-nineties.", []),
        ("The band formed in the mid-'90s.", "The band formed in the mid-nineties.", []),
        ("He moved to Paris in his 20s.", "He moved to Paris in his twenties.", []),
        ("About 2,000 people attended.", "About a thousand people attended.", ["missing_number:2000"]),
        ("The song was popular in the 1970s.", "The song was popular in the sixties.", ["missing_number:1970"]),
    ],
)
def test_a_round_number_or_a_decade_in_words(claim, source, missing):
    assert missing_facts(key_facts(claim), source) == missing


@pytest.mark.parametrize(
    "claim,source,missing",
    [
        # a name written another way (the false-alarm sweep, round 3: each was a missing name): "Jr." a source leaves
        # out (not against its "Sr."), an abbreviation the source writes with stops ("DC" / "D.C."), an umlaut the
        # source writes as "oe", "ue", "ae" ("Gödel" / "Goedel"), and back
        ("Martin Luther King Jr. gave the speech in 1963.", "Martin Luther King gave the speech in 1963.", []),
        ("Martin Luther King Jr. gave the speech.", "Martin Luther King Sr. gave the speech.", ["missing_name:Jr"]),
        ("The museum is in Washington DC.", "The museum is in Washington, D.C.", []),
        ("The museum is in Washington DC.", "The museum is in Washington, D.A.", ["missing_name:DC"]),
        ("G\u00f6del published the theorem in 1931.", "Goedel published the theorem in 1931.", []),
        ("Goedel published the theorem in 1931.", "G\u00f6del published the theorem in 1931.", []),
        ("M\u00fcller won the race.", "Mueller won the race.", []),
        ("M\u00fcller won the race.", "Miller won the race.", ["missing_name:M\u00fcller"]),
    ],
)
def test_a_name_written_another_way(claim, source, missing):
    assert missing_facts(key_facts(claim), source) == missing


def test_a_number_and_a_half_in_words() -> None:
    # the false-alarm sweep, round 4: a source's "three and a half percent" is 3.5, not 3
    from audit.verify.numwords import halves_in_digits

    assert halves_in_digits("rose three and a half percent") == "rose 3.5 percent"
    assert halves_in_digits("lasts an hour and a half") == "lasts 1.5 hour"
    assert halves_in_digits("took 12 and a half years") == "took 12.5 years"
    assert halves_in_digits("a half") == "a half"
    assert missing_facts(key_facts("The rate rose to 3.5%."), "The rate rose to three and a half percent.") == []
    assert missing_facts(key_facts("The rate rose to 3%."), "The rate rose to three and a half percent.") == [
        "missing_number:3"
    ]


def test_a_duration_in_other_units() -> None:
    # the false-alarm sweep, round 5: "2 hours" against "120 minutes" was missing_number:2
    from audit.verify.conversions import spans_in_digits

    assert spans_in_digits("lasted two weeks") == "lasted 2 weeks"
    assert spans_in_digits("a fortnight later") == "1 fortnight later"
    assert spans_in_digits("half an hour") == "0.5 hour"
    assert spans_in_digits("a year and a half") == "1.5 year"
    assert spans_in_digits("for twenty-five years") == "for 25 years"
    assert (
        spans_in_digits("once a year, $40,000 a year, 10 hours a day") == "once a year, $40,000 a year, 10 hours a day"
    )
    assert missing_facts(key_facts("The flight took 2 hours."), "The flight took 120 minutes.") == []
    assert missing_facts(key_facts("It took 12 months."), "It took a year.") == []
    assert missing_facts(key_facts("It took 3 hours."), "It took 120 minutes.") == ["missing_number:3"]
    assert missing_facts(key_facts("It took 4 weeks."), "It took a month.") == ["missing_number:4"]
    assert missing_facts(key_facts("It took 12 months."), "He earns $40,000 a year.") == ["missing_number:12"]
