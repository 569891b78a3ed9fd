"""The rules that read a claim's candidate windows, the sentences of its source that share most of its words, when
the claim copies none of it exactly: one place that runs them in the order a citation lists their reasons, read by
the verifier and by tools/hard_reasons/measure.py. Pure."""

from __future__ import annotations

from collections.abc import Sequence

from audit.verdict import SWAPPED, UNASSERTED
from audit.verify.agents import agent_given_other, doer_given_other
from audit.verify.attempts import bid_as_attained
from audit.verify.bars import leave_or_going_on
from audit.verify.bindings import figure_of_another
from audit.verify.chronology import order_against_dates
from audit.verify.contrasted import attribute_of_other, forecast_as_done, part_for_whole, yet_to_come
from audit.verify.deliberated import weighed_as_done
from audit.verify.ended import state_but_ended
from audit.verify.equality import equality_changed
from audit.verify.flipped import deed_flipped
from audit.verify.freeof import said_free_of
from audit.verify.frequency import frequency_changed
from audit.verify.holders import record_of_other
from audit.verify.kinds import kind_said_otherwise
from audit.verify.multiplied import multiple_against_percent
from audit.verify.obligation import advice_as_duty
from audit.verify.options import (
    all_for_some,
    any_for_bounded,
    every_for_some,
    majority_for_few,
    most_for_some,
    only_for_most,
    only_option,
    several_for_one,
    whole_for_part,
)
from audit.verify.outcomes import win_not_given
from audit.verify.parts import members_for_part, place_for_part
from audit.verify.payments import payment_ruled_out
from audit.verify.pending import done_but_awaited
from audit.verify.roles import role_given_other
from audit.verify.scales import more_force
from audit.verify.shares import share_changed
from audit.verify.slots import fact_of_other_clause
from audit.verify.stakes import control_for_share
from audit.verify.superlatives import record_class_widened, record_ranked_raised, record_widened
from audit.verify.tenses import done_as_to_come, ongoing_but_ended
from audit.verify.totals import slot_changed, total_changed
from audit.verify.vague import count_said_otherwise


def window_reasons(claim: str, windows: list[str], swaps: Sequence[str]) -> tuple[str, ...]:
    """The reasons of the rules that read a claim's candidate windows (not copied exactly), in the order a citation
    lists them: leave or going on stated where the windows bar it or say it ended ("can bid" for "barred from
    bidding"); all, or a majority, where they count only some; a win where they give a placing below the first or a
    draw ("won/second"); then, where no copied word is swapped (`swaps`), every where they count only some
    ("every/some"), how often said otherwise in other words
    ("every month/weekly"), how many said in words that a figure rules out ("a couple of/48"), a record of the past
    stated of now ("is the tallest/was the tallest"), two things said equal that differ ("as tall as/taller than"),
    a share said in words given as another ("one in three/a quarter"), two events ordered against the windows' years
    ("before/2015 after 2012"), a deed stated as done that they say is awaited or whose end state still holds
    ("sentenced/awaiting sentencing", "found/still missing") or a state stated as holding whose end they tell ("is
    missing/found"), a kind of a thing or a way to pay they give or rule out otherwise ("the original/a replica",
    "card/cash only"), a party given the role they give the other party of its deed ("seller/buyer") or the deed
    they give another name ("directed/written"), a thing said
    allowed, present or paid that they call the place free of ("smoking is allowed/smoke-free"), a multiple their
    change in percent is not ("doubled/rose 40 percent"), a count in words they give as another figure
    ("fifteen/numbered 12", "forty people/20 men and 15 women"), control where they give a share of half or less
    ("majority/49 percent"), a fact they give another deed or noun of its sentence ("lyon/paris"), a deed to come
    they tell as done ("will reopen/reopened"), a state holding that they say ended ("since 2015/until 2018"), a word of
    more force on their word's scale ("banned/restricted"), a deed they only weigh ("ban/study a ban"), a thing given
    the deed opposite to theirs ("lost/kept"), a record they give another holder ("library/church"), a deed's doer
    where they give the deed another name ("chen/lopez"), "only" where they say "most" ("only/most"); last
    one option stated as the only one ("all/only 9").
    Pure; what tools/hard_reasons/measure.py counts on the training pairs too."""
    some = all_for_some(claim, windows) or majority_for_few(claim, windows)
    swapped: list[str | None] = [leave_or_going_on(claim, windows), some, win_not_given(claim, windows)]
    if not swaps:
        rules = (
            every_for_some,
            most_for_some,
            whole_for_part,
            any_for_bounded,
            several_for_one,
            frequency_changed,
            count_said_otherwise,
            record_widened,
            record_class_widened,
            record_ranked_raised,
            equality_changed,
            share_changed,
        )
        later = (
            order_against_dates,
            done_but_awaited,
            state_but_ended,
            kind_said_otherwise,
            payment_ruled_out,
            role_given_other,
            agent_given_other,
            said_free_of,
            multiple_against_percent,
            slot_changed,
            total_changed,
            figure_of_another,
            place_for_part,
            members_for_part,
            attribute_of_other,
            part_for_whole,
            advice_as_duty,
            bid_as_attained,
            control_for_share,
            fact_of_other_clause,
            done_as_to_come,
            ongoing_but_ended,
            more_force,
            weighed_as_done,
            deed_flipped,
            record_of_other,
            doer_given_other,
            only_for_most,
        )
        swapped += [rule(claim, windows) for rule in (*rules, *later)]
    only = only_option(claim, windows) or yet_to_come(claim, windows) or forecast_as_done(claim, windows)
    return tuple(f"{SWAPPED}:{r}" for r in swapped if r is not None) + (
        (f"{UNASSERTED}:{only}",) if only is not None else ()
    )
