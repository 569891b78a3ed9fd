"""The false-alarm sweep, round 8: supported claims the real `citeaudit run` capped (real Parquet, DuckDB and model)
for a fact their source states in a form it did not read: a negation in a clause of the evidence window the claim
does not restate (`audit/verify/clauses.py`), a name in the other side's spelling ("Centre" / "Center":
`audit/verify/spellings.py`) or its initials run together ("JK" / "J. K."), a holiday on a fixed day ("Christmas
Day" / "December 25": `audit/verify/holidays.py`), a time of day in the other clock ("6:30 p.m." / "18:30":
`audit/verify/clocks.py`), a weekday in the plural, a number after a name in Roman numerals ("Apollo 11" /
"Apollo XI": `audit/verify/numbered.py`), a country by its people's adjective ("Ireland" / "Irish":
`audit/verify/demonyms.py`). Beside each one, the wrong claim whose fact the source states
otherwise stays below `verified` with its reason (docs/hostile-inputs.md, "The false-alarm sweep, round 8")."""

from __future__ import annotations

from tests.cli.hostile import Verdicts, claims

HARD = ("missing_", "negation_mismatch", "direction_mismatch", "swapped:", "stitched:", "unasserted:", "conditional:")


def _negation_cases() -> dict[str, tuple[str, str]]:
    """The cases of `test_a_negation_in_a_clause_the_claim_does_not_restate_is_no_mismatch`."""
    water = "There is no overall charge to a water molecule, but there is a slight positive charge on each H atom."
    peaches = "Although peaches are not native to Georgia, peaches are the official state fruit of the state."
    museum = "The museum reopened in May after repairs to its roof. Its cafe did not reopen until July."
    bridge = "The bridge, which had not been inspected since 2010, collapsed in 2019."
    meeting = "The board meeting is on Tuesday, not Wednesday, the chair said."
    prices = "Prices, the company said on Monday, would not rise this year."
    return {
        "but": ("H atoms in water have a slight positive charge.", water),
        "although": ("Peaches are the official state fruit of Georgia.", peaches),
        "sentence": ("The museum reopened in May after roof repairs.", museum),
        "which": ("The bridge collapsed in 2019.", bridge),
        "not_aside": ("The board meeting is on Tuesday.", meeting),
        "but_other": ("A water molecule has an overall charge.", water),
        "although_other": ("Peaches are native to Georgia.", peaches),
        "sentence_other": ("The cafe reopened in May.", museum),
        "which_other": ("The bridge had been inspected since 2010.", bridge),
        "not_aside_other": ("The board meeting is on Wednesday.", meeting),
        "said": ("The company said on Monday that prices would rise this year.", prices),
    }


@claims(_negation_cases(), HARD)
def test_a_negation_in_a_clause_the_claim_does_not_restate_is_no_mismatch(got: Verdicts) -> None:
    # the training pairs' supported claims: "Hydrogen atoms in water molecules have a positive charge" against "There
    # is no overall charge to a water molecule, but there is a slight positive charge on each hydrogen atom" was
    # negation_mismatch (weak, 0.46), "Georgia has favorable climate and soil conditions for growing peaches" against
    # "... excellent growing conditions for ... peaches. Although peaches are not native to Georgia, ..." the same.
    # A claim that restates the negated clause ("A water molecule has an overall charge", "Peaches are native to
    # Georgia", "The cafe reopened in May") keeps its mismatch, and so does a claim as close to both clauses ("not
    # one Long March, but a series of marches": left open). An aside is a clause: ", which had not been inspected,",
    # ", not Wednesday,"; a reported-speech insert is none ("Prices, the company said on Monday, would not rise")
    for key in ("but", "although", "sentence", "which", "not_aside"):
        assert got[key] == ("verified", []), (key, got)
    for key in ("but_other", "although_other", "sentence_other", "which_other", "not_aside_other", "said"):
        assert got[key][0] != "verified" and "negation_mismatch" in got[key][1], (key, got)


def _spelling_cases() -> dict[str, tuple[str, str]]:
    """The cases of `test_a_name_in_the_other_spelling_or_its_initials_run_together_is_named`."""
    concert = "The concert was held at the Kennedy Center in Washington on Friday."
    ministry = "The Ministry of Defence announced the contract on Monday."
    novel = "The novel was written by J. K. Rowling and published in 1997."
    return {
        "centre": ("The concert was held at the Kennedy Centre.", concert),
        "defense": ("The Ministry of Defense announced the contract.", ministry),
        "labor": ("The Labor Department released the data.", "The Labour Department released the data on Friday."),
        "initials": ("The novel was written by JK Rowling.", novel),
        "initials3": (
            "The Hobbit was written by JRR Tolkien.",
            "The Hobbit was written by J. R. R. Tolkien in 1937.",
        ),
        "finance": ("The Ministry of Finance announced the contract.", ministry),
        "centre_other": ("The concert was held at the Kennedy Theatre.", concert),
        "initials_other": ("The novel was written by JR Rowling.", novel),
    }


@claims(_spelling_cases(), HARD)
def test_a_name_in_the_other_spelling_or_its_initials_run_together_is_named(got: Verdicts) -> None:
    # "the Kennedy Centre" against "the Kennedy Center" was missing_name:Centre (weak, 0.46), "the Ministry of
    # Defense" against "Defence" missing_name:Defense, "The Labor Department" against "The Labour Department"
    # missing_name:Labor, "JK Rowling" against "J. K. Rowling" missing_name:JK, "JRR Tolkien" against "J. R. R.
    # Tolkien" missing_name:JRR. Another word or other initials stay missing ("JR" was read as "Jr." and verified)
    for key in ("centre", "defense", "labor", "initials", "initials3"):
        assert got[key] == ("verified", []), (key, got)
    for key, reason in (
        ("finance", "missing_name:Finance"),
        ("centre_other", "missing_name:Theatre"),
        ("initials_other", "missing_name:JR"),
    ):
        assert got[key][0] != "verified" and reason in got[key][1], (key, got)


def _holiday_cases() -> dict[str, tuple[str, str]]:
    """The cases of `test_a_holiday_on_a_fixed_day_is_that_date`."""
    store = "The store opened on {} in Leeds, the company said."
    law = "The law took effect on {}, after a vote in parliament."
    return {
        "christmas": ("The store opened on Christmas Day 2010.", store.format("December 25, 2010")),
        "new_year": ("The law took effect on New Year's Day 2020.", law.format("1 January 2020")),
        "halloween": ("The film was released on Halloween 1978.", "The film was released on October 31, 1978."),
        "date": ("The store opened on December 25, 2010.", store.format("Christmas Day 2010")),
        "eve": ("The store opened on Christmas Day 2010.", store.format("December 24, 2010")),
        "second": ("The law took effect on New Year's Day 2020.", law.format("2 January 2020")),
        "boxing": ("The store opened on December 26, 2010.", store.format("Christmas Day 2010")),
    }


@claims(_holiday_cases(), HARD)
def test_a_holiday_on_a_fixed_day_is_that_date(got: Verdicts) -> None:
    # "opened on Christmas Day 2010" against "opened on December 25, 2010" was missing_name:Christmas and :Day (weak,
    # 0.46), "took effect on New Year's Day 2020" against "January 1, 2020" three missing names, and back, "December
    # 25, 2010" against "Christmas Day 2010" missing_date. A holiday on another day, a date the holiday is not, stay
    # missing
    for key in ("christmas", "new_year", "halloween", "date"):
        assert got[key] == ("verified", []), (key, got)
    for key, reason in (
        ("eve", "missing_name:Christmas"),
        ("second", "missing_name:New"),
        ("boxing", "missing_date:December 26, 2010"),
    ):
        assert got[key][0] != "verified" and reason in got[key][1], (key, got)


def _clock_cases() -> dict[str, tuple[str, str]]:
    """The cases of `test_a_time_of_day_in_the_other_clock_or_a_weekday_in_the_plural_is_found`."""
    train = "The train leaves at {} every day from platform 4."
    museum = "The museum is closed every Monday and on public holidays."
    return {
        "pm": ("The train leaves at 6:30 p.m.", train.format("18:30")),
        "24h": ("The train leaves at 18:30.", train.format("6.30pm")),
        "dot": ("The train leaves at 6.30pm.", train.format("18:30")),
        "mondays": ("The museum is closed on Mondays.", museum),
        "other_time": ("The train leaves at 7:30 p.m.", train.format("18:30")),
        "am": ("The train leaves at 6:30 a.m.", train.format("18:30")),
        "other_24h": ("The train leaves at 19:30.", train.format("6.30pm")),
        "tuesdays": ("The museum is closed on Tuesdays.", museum),
    }


@claims(_clock_cases(), HARD)
def test_a_time_of_day_in_the_other_clock_or_a_weekday_in_the_plural_is_found(got: Verdicts) -> None:
    # "leaves at 6:30 p.m." against "leaves at 18:30" was swapped:6/18 (weak, 0.46), "at 18:30" against "at 6.30pm"
    # missing_number:18 and :30 (a stop between hour and minutes was no time), "at 6.30pm" against "18:30" weak;
    # "closed on Mondays" against "closed every Monday" missing_name:Mondays (a training pair's "on Sundays" too).
    # Another time, the other half of the day, another day stay below verified with their reasons
    for key in ("pm", "24h", "dot", "mondays"):
        assert got[key] == ("verified", []), (key, got)
    for key, reason in (
        ("other_time", "missing_number:7"),
        ("am", "swapped:6/18"),
        ("other_24h", "missing_number:19"),
        ("tuesdays", "missing_name:Tuesdays"),
    ):
        assert got[key][0] != "verified" and reason in got[key][1], (key, got)


def _roman_numeral_cases() -> dict[str, tuple[str, str]]:
    """The cases of `test_a_number_after_a_name_in_roman_numerals_is_its_digits`."""
    apollo = "Apollo XI landed on the Moon in July 1969, carrying three astronauts."
    bowl = "The Chiefs won Super Bowl {} in February 2020 in Miami."
    return {
        "apollo": ("Apollo 11 landed on the Moon in 1969.", apollo),
        "bowl": ("The Chiefs won Super Bowl 54 in 2020.", bowl.format("LIV")),
        "bowl_roman": ("The Chiefs won Super Bowl LIV in 2020.", bowl.format("54")),
        "apollo_other": ("Apollo 12 landed on the Moon in 1969.", apollo),
        "bowl_other": ("The Chiefs won Super Bowl 53 in 2020.", bowl.format("LIV")),
    }


@claims(_roman_numeral_cases(), HARD)
def test_a_number_after_a_name_in_roman_numerals_is_its_digits(got: Verdicts) -> None:
    # "Apollo 11 landed on the Moon" against "Apollo XI landed" was missing_number:11 (weak, 0.28), "Super Bowl 54"
    # against "Super Bowl LIV" missing_number:54, and back missing_name:LIV; another number after the same name
    # stays missing
    for key in ("apollo", "bowl", "bowl_roman"):
        assert got[key] == ("verified", []), (key, got)
    for key, reason in (("apollo_other", "missing_number:12"), ("bowl_other", "missing_number:53")):
        assert got[key][0] != "verified" and reason in got[key][1], (key, got)


def _demonym_cases() -> dict[str, tuple[str, str]]:
    """The cases of `test_a_country_by_its_peoples_adjective_is_named`."""
    rice = "Anne Rice (born October 4, 1941) is an American author of gothic fiction."
    jennings = "Born in Pittston, Pennsylvania, Jennings was the son of Irish immigrants, James and Nora."
    dench = "Judi Dench's mother, Eleanora Olive, was born in Dublin, Ireland, and met her father there."
    return {
        "american": ("Anne Rice was born in the United States in 1941.", rice),
        "irish": ("Jennings was the son of immigrants from Ireland.", jennings),
        "ireland": ("Judi Dench's mother was Irish.", dench),
        "canada": ("Anne Rice was born in Canada in 1941.", rice),
        "scotland": ("Jennings was the son of immigrants from Scotland.", jennings),
        "scottish": ("Judi Dench's mother was Scottish.", dench),
    }


@claims(_demonym_cases(), HARD)
def test_a_country_by_its_peoples_adjective_is_named(got: Verdicts) -> None:
    # the training pairs' supported claims: "Anne Rice was born in the United States" against "an American author"
    # was missing_name:United and :States (weak, 0.46), "Hugh Jennings had roots from Ireland" against "the son of
    # Irish immigrants" missing_name:Ireland, "Dame Judi Dench's mother was Irish" against "born in Dublin, Ireland"
    # missing_name:Irish. Another country stays missing
    for key in ("american", "irish", "ireland"):
        assert got[key] == ("verified", []), (key, got)
    for key, reason in (
        ("canada", "missing_name:Canada"),
        ("scotland", "missing_name:Scotland"),
        ("scottish", "missing_name:Scottish"),
    ):
        assert got[key][0] != "verified" and reason in got[key][1], (key, got)
