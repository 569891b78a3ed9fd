"""The false-alarm sweep, round 14: supported claims the real `citeaudit run` capped (real Parquet, DuckDB and model)
for two parties ordered by a converse word, a family or a people named another way, or a negation said as a state,
written by hand (none from the dev sets; the `h_` cases held out, written after the rules): a comparative's sides
turned with its converse ("older than" / "younger than": `events.comparatives_converse`, read by
`reversal.clauses_reversed`), a deed's parties turned with its converse verb in a copied sentence ("borrowed from" /
"lent to": `events.deed_converse`, read by `swaps._swap`), a family's name in the plural ("the Smiths" / "the Smith
family") and "Black" for the source's "African American" (`nameforms.found_otherwise`), what is "-free", free,
avoided, abstained from, forgotten, ignored or unhurt (`states.said_as_state`). Beside each one, the wrong claim stays
below `verified` with its reason (docs/hostile-inputs.md, "The false-alarm sweep, round 14")."""

from __future__ import annotations

from tests.cli.hostile import Verdicts, claims

HARD = ("missing_", "negation_mismatch", "direction_mismatch", "swapped:", "stitched:", "unasserted:", "conditional:")


@claims(
    {
        "older": ("Anna is older than Maria.", "Maria is younger than Anna, her sister."),
        "years": ("Anna is two years older than Maria.", "Maria is two years younger than Anna."),
        "taller": ("The Shard is taller than the Gherkin.", "The Gherkin is shorter than the Shard."),
        "counties": ("Ohio has more counties than Indiana.", "Indiana has fewer counties than Ohio."),
        "cheaper": ("Rail travel is cheaper than flying.", "Flying is more expensive than rail travel."),
        "h_longer": ("The Nile is longer than the Amazon.", "The Amazon is shorter than the Nile, by most measures."),
        "h_hotter": ("Venus is hotter than Mercury.", "Mercury is colder than Venus, despite being closer to the Sun."),
        "w_older": ("Anna is older than Maria.", "Maria is older than Anna, her sister."),
        "w_counties": ("Ohio has more counties than Indiana.", "Indiana has more counties than Ohio."),
        "w_same_sides": ("Anna is older than Maria.", "Anna is younger than Maria, her sister."),
        "w_h_longer": ("The Amazon is longer than the Nile.", "The Amazon is shorter than the Nile, by most measures."),
    },
    HARD,
)
def test_two_sides_turned_with_a_converse_comparative_say_the_same(got: Verdicts) -> None:
    # "Anna is older than Maria" against "Maria is younger than Anna" was swapped:sides of than: the sides in each
    # other's place across "than" are the opposite only with the same comparative; with its converse ("younger",
    # "fewer counties", "more expensive" for "cheaper") they say the same thing
    for key in ("older", "years", "taller", "counties", "cheaper", "h_longer", "h_hotter"):
        assert got[key] == ("verified", []), (key, got)
    for key, reason in (
        ("w_older", "swapped:sides of than"),
        ("w_counties", "swapped:sides of than"),
        ("w_same_sides", "swapped:older/younger"),
        ("w_h_longer", "swapped:longer/shorter"),
    ):
        assert got[key][0] != "verified" and reason in got[key][1], (key, got)


LENT = "In 2009 the government lent 20 billion dollars to the carmaker."


@claims(
    {
        "borrowed": ("In 2009 the carmaker borrowed 20 billion dollars from the government.", LENT),
        "lent": (
            "In 2009 the government lent 20 billion dollars to the carmaker.",
            "In 2009 the carmaker borrowed 20 billion dollars from the government.",
        ),
        "imported": (
            "Last year the town imported 3 million tonnes of wheat from the region.",
            "Last year the region exported 3 million tonnes of wheat to the town.",
        ),
        "h_sold": (
            "In 2015 the club sold the striker to its rival for 8 million euros.",
            "In 2015 the rival bought the striker from the club for 8 million euros.",
        ),
        "w_borrower": ("In 2009 the government borrowed 20 billion dollars from the carmaker.", LENT),
        "w_lender": ("In 2009 the carmaker lent 20 billion dollars to the government.", LENT),
        "w_other_clause": (
            "In 2009 the carmaker borrowed 20 billion dollars from the government.",
            "In 2009 the government lent 20 billion dollars to the bank, and the carmaker went bankrupt.",
        ),
        "w_exported": (
            "Last year the town exported 3 million tonnes of wheat to the region.",
            "Last year the town imported 3 million tonnes of wheat from the region.",
        ),
        "w_h_sold": (
            "In 2015 the rival sold the striker to the club for 8 million euros.",
            "In 2015 the rival bought the striker from the club for 8 million euros.",
        ),
    },
    HARD,
)
def test_two_parties_turned_with_a_converse_deed_say_the_same(got: Verdicts) -> None:
    # "the carmaker borrowed ... from the government" against "the government lent ... to the carmaker" was
    # swapped:carmaker borrowed/government lent (the copy pairs the two verbs; round 13's let-in sweep saw it): the
    # parties turned with a converse verb, each the other's object right after the deed, say the same. One verb for
    # its converse with the same doer, the parties turned with the same verb, and a party in another clause stay
    for key in ("borrowed", "lent", "imported", "h_sold"):
        assert got[key] == ("verified", []), (key, got)
    for key, reason in (
        ("w_borrower", "swapped:borrowed/lent"),
        ("w_lender", "swapped:carmaker/government"),
        ("w_other_clause", "swapped:carmaker borrowed/government lent"),
        ("w_exported", "swapped:exported/imported"),
        ("w_h_sold", "swapped:sold/bought"),
    ):
        assert got[key][0] != "verified" and reason in got[key][1], (key, got)


SMITH = "The Smith family moved to Ohio in 1998 after the farm was sold."


@claims(
    {
        "smiths": ("The Smiths moved to Ohio in 1998.", SMITH),
        "kennedys": (
            "The Kennedys owned the estate for decades.",
            "The Kennedy family owned the estate for decades before selling it.",
        ),
        "joneses": ("The Joneses opened the bakery in 1952.", "The Jones family opened the bakery in 1952 on Main St."),
        "h_obamas": (
            "The Obamas moved into the White House in 2009.",
            "The Obama family moved into the White House in January 2009.",
        ),
        "black": (
            "She was the first Black woman to lead the agency.",
            "She was the first African American woman to lead the agency, officials said.",
        ),
        "h_black": (
            "Kamala Harris was the first Black vice president.",
            "Kamala Harris was the first African American vice president.",
        ),
        "w_jones": ("The Smiths moved to Ohio in 1998.", SMITH.replace("Smith family", "Jones family")),
        "w_alone": ("The Smiths moved to Ohio in 1998.", SMITH.replace("The Smith family", "Smith")),
        "w_h_bidens": (
            "The Bidens moved into the White House in 2009.",
            "The Obama family moved into the White House in January 2009.",
        ),
        "w_african_american": (
            "She was the first African American woman to lead the agency.",
            "She was the first Black woman to lead the agency, officials said.",
        ),
        "w_black_sea": (
            "The ship sank in the Black Sea.",
            "The ship, crewed by African American sailors, sank in the Red Sea.",
        ),
        "w_h_black": (
            "Kamala Harris was the first Black vice president.",
            "Kamala Harris was the first Asian American vice president.",
        ),
    },
    HARD,
)
def test_a_family_and_a_people_named_another_way(got: Verdicts) -> None:
    # "The Smiths" against "The Smith family" was missing_name:Smiths, "the first Black woman" against "the first
    # African American woman" missing_name:Black (both left open by rounds 12 and 13). Another family, the singular
    # alone, "African American" for the source's "Black" (the wider word), "the Black Sea" and another people stay
    for key in ("smiths", "kennedys", "joneses", "h_obamas", "black", "h_black"):
        assert got[key] == ("verified", []), (key, got)
    for key, reason in (
        ("w_jones", "missing_name:Smiths"),
        ("w_alone", "missing_name:Smiths"),
        ("w_h_bidens", "missing_name:Bidens"),
        ("w_african_american", "missing_name:African"),
        ("w_black_sea", "missing_name:Black"),
        ("w_h_black", "missing_name:Black"),
    ):
        assert got[key][0] != "verified" and reason in got[key][1], (key, got)


@claims(
    {
        "tax_free": ("Pensions are not taxed in the state.", "Pensions are tax-free in the state."),
        "smoke_free": ("Smoking is not allowed in the hotel.", "The hotel is smoke-free."),
        "sugar_free": ("The drink does not contain sugar.", "The drink is sugar-free."),
        "free": ("Admission does not cost anything on Sundays.", "Admission is free on Sundays."),
        "avoided": ("The firm did not go bankrupt.", "The firm avoided bankruptcy after a rescue deal."),
        "ignored": ("The council did not respond to the letter.", "The council ignored the letter for months."),
        "forgot": ("He did not remember the name.", "He forgot the name."),
        "abstained": ("Britain did not vote on the motion.", "Britain abstained on the motion."),
        "h_gluten": ("The bread does not contain gluten.", "The bakery's bread is gluten-free."),
        "h_abstain": ("Three senators did not vote on the bill.", "Three senators abstained on the bill."),
        "h_unscathed": ("The crew was not harmed.", "The crew escaped unscathed."),
        "w_alcohol": ("Alcohol is not allowed in the hotel.", "The hotel is smoke-free."),
        "w_priced": ("Entry does not cost anything.", "Entry costs 5 euros, but parking is free."),
        "w_bankrupt": ("The firm did not go bankrupt.", "The firm narrowly avoided a strike but went bankrupt."),
        "w_injured": ("The driver was not injured.", "The driver escaped from the car but was injured."),
        "w_read": ("The council did not read the letter.", "The council ignored the letter for months."),
        "w_h_gluten": ("The bread does not contain sugar.", "The bakery's bread is gluten-free."),
    },
    HARD,
)
def test_a_negation_said_as_a_state(got: Verdicts) -> None:
    # each right claim was negation_mismatch (the one side negated, the other not): "not taxed" is "tax-free", "does
    # not cost anything" is "free", "did not go bankrupt" is "avoided bankruptcy", "did not vote" is "abstained". Some
    # are left weak by the model alone (its negation feature changes: the lead refits); no rule caps them
    for key in ("tax_free", "smoke_free", "sugar_free", "avoided", "ignored", "forgot", "abstained", "h_gluten"):
        assert got[key] == ("verified", []), (key, got)
    for key in ("free", "h_abstain", "h_unscathed"):
        assert got[key][1] == [], (key, got)
    for key in ("w_alcohol", "w_priced", "w_bankrupt", "w_injured", "w_read", "w_h_gluten"):
        assert got[key][0] != "verified" and "negation_mismatch" in got[key][1], (key, got)
