"""Verbs of change in opposite directions, for `opposites.py`'s table of words that cannot stand for each other.

The table had the comparatives (better / worse, stronger / weaker, wider / narrower, faster / slower) but not the
verbs of becoming so: "Air quality in the city worsened after the ban" against "... improved after the ban", "The
euro weakened against the dollar" against "strengthened", "The gap narrowed" against "widened" were `verified` (0.48
to 0.76). Every form written out, as in `opposites.py`; read there only between two copies of one sentence, word for
word around them.

Also the phrasal verbs of a rise and a fall, for `direction.py`'s sides (which leave "up" and "down" alone out as too
often something else): "Sales went up sharply" against "Sales fell sharply" was `verified` (0.48). Pure.
"""

from __future__ import annotations

CHANGE_PAIRS = """
improve worsen|improves worsens|improved worsened|improving worsening|improvement deterioration
improved deteriorated|improves deteriorates|improving deteriorating|improve deteriorate
strengthen weaken|strengthens weakens|strengthened weakened|strengthening weakening
widen narrow|widens narrows|widened narrowed|widening narrowing
lengthen shorten|lengthens shortens|lengthened shortened|lengthening shortening
tighten loosen|tightens loosens|tightened loosened|tightening loosening|tightened eased|tightening easing
accelerate decelerate|accelerates decelerates|accelerated decelerated|accelerating decelerating
accelerated slowed|accelerates slows|accelerating slowing|acceleration slowdown
appreciate depreciate|appreciates depreciates|appreciated depreciated|appreciation depreciation
outperform underperform|outperforms underperforms|outperformed underperformed|outperforming underperforming
overperformed underperformed|overpaid underpaid|overfunded underfunded|overstated understated
benefit harm|benefits harms|benefited harmed|benefitted harmed|beneficial harmful
warmed cooled|warming cooling|warms cools|heated cooled|heating cooling
expanded contracted|expanding contracting|expands contracts
"""

# "went up", "has gone down": a side of `direction.py`'s rise / fall (regular expressions over lower-case words)
WENT_UP = r"(?:go|goes|went|gone|going) up"
WENT_DOWN = r"(?:go|goes|went|gone|going) down"
# ... a small change said with its way ("edged down", "ticked up") and a rate that eased to or by a figure (not "eased
# fears"): let-in round 15, "climbed to 4.1 percent" against "edged down to 4.1 percent" was verified
EDGED = r"(?:edg|tick|creep|crept|inch|nudg|slipp?|dipp?)(?:e|es|ed|ing|s)? (?:{})"
EASED = (
    r"eas(?:ed|es|ing)(?= (?:back |slightly |further |again )?(?:to|by) [$€£]?\d)|dipp?(?:ed|ing|s)(?= (?:to|by) \d)"
)
# a vote's yes to a nominee, not a report ("confirmed the nominee had withdrawn")
CONFIRMED = (
    r"confirm(?:s|ed|ing)? (?:the |his |her )?(?:nominee|nomination|appointment)(?! (?:had|has|was|is|would|will))"
)
