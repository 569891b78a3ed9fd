"""The false-alarm sweep, round 15: supported claims the real `citeaudit run` capped (real Parquet, DuckDB and model)
for "a few" said as "a handful" (the "a" both have read by `quantities.quantity_changed`), an ordinal the copied
sentence gives the claim's subject in another clause ("Aldrin was the second": `outcomes.ordinal_given_elsewhere`,
read by `swaps.swapped_words`), and a negation said as a state ("do not pay to enter" / "is free", "did not happen" /
"was averted": `states.said_as_state`), written by hand (none from the dev sets; the `h_` cases held out, written
after the rules). Beside each one, the wrong claim stays below `verified` with its reason (docs/hostile-inputs.md,
"The false-alarm sweep, round 15")."""

from __future__ import annotations

from tests.cli.hostile import Verdicts, claims

HARD = ("missing_", "negation_mismatch", "direction_mismatch", "swapped:", "stitched:", "unasserted:", "conditional:")
HANDFUL = "A handful of schools in the district will close early on Friday."
BRANCHES = "A handful of the bank's 40 branches were sold last year."


@claims(
    {
        "few": ("A few schools in the district will close early on Friday.", HANDFUL),
        "handful": (HANDFUL, "A few schools in the district will close early on Friday."),
        "h_few_of": ("A few of the bank's 40 branches were sold last year.", BRANCHES),
        "w_few": ("Few schools in the district will close early on Friday.", HANDFUL),
        "w_many": ("Many schools in the district will close early on Friday.", HANDFUL),
        "w_h_most": ("Most of the bank's 40 branches were sold last year.", BRANCHES),
    },
    HARD,
)
def test_a_few_is_a_handful(got: Verdicts) -> None:
    # "A few schools" against "A handful of schools" was swapped:few/handful: the copy aligns the "a" both have and
    # leaves "few" bare, which is "not many"; with its "a" it is "a handful" (`quantities._RANK`)
    for key in ("few", "handful", "h_few_of"):
        assert got[key] == ("verified", []), (key, got)
    for key, reason in (
        ("w_few", "swapped:few/handful"),
        ("w_many", "swapped:many/handful"),
        ("w_h_most", "swapped:most/handful"),
    ):
        assert got[key][0] != "verified" and reason in got[key][1], (key, got)


MOON = "Neil Armstrong was the first person to walk on the Moon, and Buzz Aldrin was the second."
CHANNEL = "Gertrude Ederle was the first woman to swim the English Channel, and Millie Corson was the second."
FESTIVAL = "The Who were the second band to play at the festival; the Beatles were the third."
PARTY = "Anna Berg was the second woman to lead the party, and Lisa Meyer was the third."
SUMMIT = "Vienna was the first city to host the summit; Oslo was the second."
GROUP = "Italy finished second in the group stage, and Spain finished third."


@claims(
    {
        "aldrin": ("Buzz Aldrin was the second person to walk on the Moon.", MOON),
        "h_corson": ("Millie Corson was the second woman to swim the English Channel.", CHANNEL),
        "h_beatles": ("The Beatles were the third band to play at the festival.", FESTIVAL),
        "h_oslo": ("Oslo was the second city to host the summit.", SUMMIT),
        "h_spain": ("Spain finished third in the group stage.", GROUP),
        "w_armstrong": ("Neil Armstrong was the second person to walk on the Moon.", MOON),
        "w_not_second": (
            "Buzz Aldrin was the second person to walk on the Moon.",
            "Neil Armstrong was the first person to walk on the Moon, and Buzz Aldrin was not the second.",
        ),
        "w_h_ederle": ("Gertrude Ederle was the second woman to swim the English Channel.", CHANNEL),
        "w_h_berg": ("Anna Berg was the third woman to lead the party.", PARTY),
        "w_h_who": ("The Who were the third band to play at the festival.", FESTIVAL),
        "w_h_vienna": ("Vienna was the second city to host the summit.", SUMMIT),
        "w_h_oslo": ("Oslo was the third city to host the summit.", SUMMIT),
    },
    HARD,
)
def test_an_ordinal_the_sentence_gives_the_subject_in_another_clause(got: Verdicts) -> None:
    # "Buzz Aldrin was the second person to walk on the Moon" copies the sentence's first clause with another ordinal
    # (swapped:second/first), though its second clause gives Aldrin "the second"; the claim's ordinal given there to
    # another party, or denied to its subject, stays a swap. "The Beatles were the third" (a name's word in the place of
    # another's, "swapped:beatles/who") failed the rule's first version; `h_oslo` and `h_spain` were written after
    for key in ("aldrin", "h_corson", "h_beatles", "h_oslo", "h_spain"):
        assert got[key] == ("verified", []), (key, got)
    for key, reason in (
        ("w_armstrong", "swapped:second/first"),
        ("w_not_second", "swapped:second/first"),
        ("w_h_ederle", "swapped:second/first"),
        ("w_h_berg", "swapped:third/second"),
        ("w_h_who", "swapped:third/second"),
        ("w_h_vienna", "swapped:second/first"),
        ("w_h_oslo", "swapped:third/first"),
    ):
        assert got[key][0] != "verified" and reason in got[key][1], (key, got)


@claims(
    {
        "pay": ("Visitors do not pay to enter the museum.", "Entry to the museum is free."),
        "averted": ("The strike did not happen.", "The strike was averted."),
        "h_pay_anything": (
            "Children do not have to pay anything at the city zoo.",
            "The city zoo is free for children.",
        ),
        "h_walkout": (
            "The planned walkout at the port did not take place.",
            "The planned walkout at the port was averted at the last minute.",
        ),
        "h_collision": (
            "A collision between the two ships never occurred.",
            "A collision between the two ships was narrowly avoided.",
        ),
        "w_priced": (
            "Visitors do not pay to enter the museum.",
            "Entry to the museum costs 5 euros, but the garden is free.",
        ),
        "w_tax": ("Visitors do not pay tax on their tickets to the museum.", "Entry to the museum is free."),
        "w_end": ("The strike did not end.", "The strike was averted."),
    },
    HARD,
)
def test_a_negation_said_as_free_or_averted(got: Verdicts) -> None:
    # "do not pay to enter" against "is free" and "did not happen" against "was averted" were negation_mismatch:
    # paying nothing is a cost denied (as "does not cost anything", round 14), and an event averted, said of the event
    # with no object, is one that did not happen. A right claim may stay `weak` (the shipped model's negation
    # feature, refitted by the lead), with no reason; a price named, another charge or another word denied keeps it
    for key in ("pay", "averted", "h_pay_anything", "h_walkout", "h_collision"):
        assert got[key][1] == [], (key, got)
    for key in ("w_priced", "w_tax", "w_end"):
        assert got[key][0] != "verified" and "negation_mismatch" in got[key][1], (key, got)
