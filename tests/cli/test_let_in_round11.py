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
