"""The let-in sweep's round 19 rules on their own, pure: a record's span of time left out of a copy
(`audit/verify/narrowed.py`), a total given a part's figure (`contrasted.whole_for_part_figure`), "most" for a share
of half or less (`options`), a duty for advice (`obligation.py`), a bid stated as attained (`attempts.py`), a record of
a wider class (`superlatives.record_class_widened`), a hedge under a copied "said" (`hedges.dropped_hedge`)."""

from __future__ import annotations

import pytest

from audit.verify.attempts import bid_as_attained
from audit.verify.contrasted import part_for_whole
from audit.verify.frequency import amount_of_other_period
from audit.verify.hedges import dropped_hedge
from audit.verify.narrowed import copy_narrowed, record_span_dropped
from audit.verify.obligation import advice_as_duty
from audit.verify.options import every_for_some, most_for_some
from audit.verify.superlatives import record_class_widened


def _copied(claim: str, source: str) -> str | None:
    said = claim.rstrip(".")
    start = source.index(said)
    return record_span_dropped(claim, source, start, start + len(said))


@pytest.mark.parametrize(
    ("claim", "source", "want"),
    [
        (
            "It was the team's first league title.",
            "It was the team's first league title since 1986.",
            "first/first since 1986",
        ),
        (
            "Sales were the highest.",
            "Sales were the highest since the financial crisis.",
            "highest/highest since the financial crisis",
        ),
        (
            "The river reached its highest level.",
            "The river reached its highest level for more than a decade.",
            "highest/highest for more than a decade",
        ),
        (
            "Inflation hit a record high.",
            "Inflation hit a record high this year, the data showed.",
            "record/record this year",
        ),
        # "since" of a reason, a span the claim says, no record, the copy ending inside a word
        ("The first vote failed.", "The first vote failed, since the quorum was not met.", None),
        ("It was the first title since 1986.", "It was the first title since 1986, fans said.", None),
        ("The settlers arrived in the valley.", "The settlers arrived in the valley in 1820.", None),
        ("The first settlers arrived in the valley.", "The first settlers arrived in the valley in 1820.", None),
    ],
)
def test_a_records_span_left_out_of_a_copy(claim: str, source: str, want: str | None) -> None:
    assert _copied(claim, source) == want


EXPORTS = "Trade grew. Car exports rose 12.5 percent last year, while total exports were unchanged. Imports fell."


def test_an_exact_copy_reads_its_sentence_for_a_parts_figure() -> None:
    start = EXPORTS.index("exports rose")
    end = start + len("exports rose 12.5 percent last year")
    claim = "Exports rose 12.5 percent last year."
    assert copy_narrowed(claim, EXPORTS, (start, end), True, []) == ("swapped:exports/total exports",)
    assert copy_narrowed(claim, EXPORTS, (start, end), False, []) == ()  # not exact: the window rules read it
    assert copy_narrowed(claim, EXPORTS, None, True, []) == ()


@pytest.mark.parametrize(
    ("claim", "window", "want"),
    [
        ("Total exports rose 12.5 percent last year.", EXPORTS, "total exports/car exports"),
        (
            "Total profit rose 20 percent.",
            "Profit at the bank's trading arm rose 20 percent, while total profit fell 5 percent.",
            "total profit/bank profit",
        ),
        ("Total exports were unchanged last year.", EXPORTS, None),
        ("Total revenue rose 5 percent.", "Total revenue rose 5 percent, while cloud revenue grew 15 percent.", None),
    ],
)
def test_a_total_given_a_parts_figure(claim: str, window: str, want: str | None) -> None:
    assert part_for_whole(claim, [window]) == want


TRIAL = "The drug reduced symptoms in 40 percent of patients in the trial, compared with 25 percent on placebo."


def test_most_or_every_for_a_share_of_half_or_less() -> None:
    claim = "The drug reduced symptoms in most patients in the trial."
    assert most_for_some(claim, [TRIAL]) == "most/40 percent"
    assert most_for_some(claim, [TRIAL.replace("40", "60")]) is None
    assert every_for_some("The drug reduced symptoms in every patient in the trial.", [TRIAL]) == "every/40 percent"
    # the windows say "most" themselves
    assert (
        most_for_some(
            "Most voters backed the plan.", ["Most voters backed the plan; 45 percent of voters under 30 opposed it."]
        )
        is None
    )


EXERCISE = "Guidelines recommend that adults get at least 150 minutes of moderate exercise a week."


@pytest.mark.parametrize(
    ("claim", "window", "want"),
    [
        ("Adults must get at least 150 minutes of moderate exercise a week.", EXERCISE, "must/recommend"),
        (
            "Visitors are required to wear a helmet.",
            "Visitors are encouraged to wear a helmet on the tour.",
            "required to/encourage",
        ),
        ("Adults should get at least 150 minutes of moderate exercise a week.", EXERCISE, None),
        # a duty the windows state, a duty not denied, advice of another deed
        ("Visitors are required to wear a helmet.", "By law, visitors must wear a helmet; staff advise gloves.", None),
        ("Visitors are not required to wear a helmet.", "Visitors are encouraged to wear a helmet on the tour.", None),
        (
            "Staff are required to remove the app from work phones.",
            "Staff should uninstall the app from personal phones, and must remove it from work phones.",
            None,
        ),
    ],
)
def test_a_duty_for_advice(claim: str, window: str, want: str | None) -> None:
    assert advice_as_duty(claim, [window]) == want


MAYOR = "Jane Doe ran for mayor in 2012 but lost to John Roe. She was elected mayor in 2016 and served two terms."


@pytest.mark.parametrize(
    ("claim", "window", "want"),
    [
        ("Jane Doe became mayor in 2012.", MAYOR, "became/ran for"),
        (
            "The film won the Palme d'Or in 2019.",
            "The film competed for the Palme d'Or in 2019 and was praised.",
            "won/competed for",
        ),
        ("Jane Doe was elected mayor in 2016.", MAYOR, None),
        ("Jane Doe became mayor.", MAYOR, None),  # no year to tie the bid to
        ("The film won the Palme d'Or in 2019.", "The film competed for the Palme d'Or in 2019 and won it.", None),
        # a final contested is a final played; a nomination confirmed is an appointment
        ("Arsenal won the FA Cup in 1998.", "The 1998 FA Cup Final was contested by Arsenal and Newcastle.", None),
        (
            "Reagan appointed her to the Supreme Court in 1981.",
            "She was nominated to the Supreme Court by Reagan in 1981 and confirmed by the Senate.",
            None,
        ),
    ],
)
def test_a_bid_stated_as_attained(claim: str, window: str, want: str | None) -> None:
    assert bid_as_attained(claim, [window]) == want


@pytest.mark.parametrize(
    ("claim", "window", "want"),
    [
        (
            "In 2021 she became the first woman to lead the university.",
            "In 2021 she became the first Black woman to lead the university.",
            "first woman/first black woman",
        ),
        (
            "The lake is the largest lake in Canada.",
            "The lake is the largest freshwater lake within Canada.",
            "largest lake/largest freshwater lake",
        ),
        # the narrower class claimed, the claim's own words, "and", "ever", a hyphen, the claim's class said too
        ("She became the first Black woman to lead it.", "She became the first woman to lead it.", None),
        ("New York is the largest city in the US.", "New York is the largest US city.", None),
        ("Paris is the largest city in France.", "Paris is the largest and oldest city in France.", None),
        ("It was the first time the team won.", "It was the first ever time the team won.", None),
        ("He is the highest paid player.", "He is the highest - paid player.", None),
        (
            "She was the first woman to lead it.",
            "She was the first woman, and the first Black woman, to lead it.",
            None,
        ),
    ],
)
def test_a_record_of_a_wider_class(claim: str, window: str, want: str | None) -> None:
    assert record_class_widened(claim, [window]) == want


def test_a_hedge_under_a_copied_verb_of_saying() -> None:
    sent = "police said the fire was probably started deliberately".split()
    mine: list[str] = []
    j = sent.index("probably")
    claim = frozenset("police said the fire was started deliberately".split())
    assert dropped_hedge(mine, sent, j, j + 1, claim) == "probably"
    # the claim's own verb of saying, not the sentence's; a modal the claim keeps
    assert dropped_hedge(mine, "the fire was probably started deliberately".split(), 3, 4, claim) is None
    assert dropped_hedge(mine, sent, j, j + 1, claim | {"may"}) is None


FEE = "Subscribers pay $10 a month, or $100 a year if they pay in advance."


@pytest.mark.parametrize(
    ("claim", "want"),
    [
        ("Subscribers pay $10 a year.", "10 a year/10 a month"),
        ("Subscribers pay $100 a month.", "100 a month/100 a year"),
        ("Subscribers pay $10 a month.", None),
        ("Subscribers pay $100 per year.", None),
    ],
)
def test_an_amount_given_another_period(claim: str, want: str | None) -> None:
    assert amount_of_other_period(claim, [FEE]) == want


def test_a_hedge_replaced_under_a_copied_verb_of_saying_is_left_to_the_swap() -> None:
    # "The company will cut up to 500 jobs, a spokesman said" for "may cut": `swapped:will/may` (let-in round 8)
    sent = "the company may cut up to 500 jobs a spokesman said".split()
    claim = frozenset("the company will cut up to 500 jobs a spokesman said".split())
    assert dropped_hedge(["will"], sent, 2, 3, claim) is None
