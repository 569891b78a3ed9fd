"""The opposite change: a claim that says rose (won, added, opened, approved) where its evidence window says only fell
(lost, removed, closed, rejected), from a table of cases."""

from __future__ import annotations

import pytest

from audit.verify.direction import direction_mismatch

CASES = [
    # (claim, evidence window, mismatch)
    ("Revenue rose 5% in 2020.", "Revenue fell 5% in 2020.", True),
    ("Revenue fell 5% in 2020.", "Revenue rose 5% in 2020.", True),
    ("Sales increased to $441 million.", "Sales were $441 million, a decrease from the prior year.", True),
    ("The team won the final in 1998.", "The team lost the final in 1998.", True),
    ("Python support was added in 2019.", "Python support was removed in 2019.", True),
    ("The museum opened in 1889.", "The museum closed in 1889.", True),
    ("The council approved the plan.", "The council rejected the plan.", True),
    ("Cannabis is legal in Canada.", "Cannabis is illegal in Canada.", True),
    # a negated word with its article states the other side: no profit made is a loss
    ("The company made a loss last year.", "The company did not make a profit last year.", False),
    ("The company made a profit last year.", "The company did not make a profit last year.", True),
    # the same side, or both sides, in the window: no mismatch
    ("Revenue rose 5% in 2020.", "Revenue grew 5% in 2020.", False),
    ("Revenue rose 5% in 2020.", "Revenue fell in March, then rose 5% over 2020.", False),
    ("Revenue rose 5% in 2020.", "Revenue was flat in 2020.", False),
    # both sides in the claim: the claim states a change each way; not decided here
    ("Sales rose while costs fell.", "Costs fell by a tenth.", False),
    # names are no verbs: "Rose", "Falls" and "Lost" at the start of a name
    ("Rose Byrne starred in the film.", "The film, which fell flat, starred Byrne.", False),
    ("The trail leads to Niagara Falls.", "The trail rises toward the falls.", False),
    # not opposite: an unrelated word of the other side's family is no change ("fall" the season is left out)
    ("Prices rose in the fall.", "Prices rose in autumn.", False),
    # the window's opposite word is about something else: no word near it is near the claim's
    (
        "Net income rose to $5 million.",
        "Net income was $5 million, up from $3 million, as operating costs declined.",
        False,
    ),
    ("The plant opened in 1998 in Ohio.", "The Ohio plant, first run in 1998, saw its Michigan site closed.", False),
    ("The bridge opened in 1937.", "The bridge began carrying traffic in 1937; it was closed to pedestrians.", False),
    ("The bridge opened in 1937.", "The bridge closed in 1937.", True),
    # phrases whose word is no change: growing up, dropping out, close to, open source, a reporting "added"
    ("Gates grew up in Seattle.", "Gates spent his childhood in Seattle before dropping out of Harvard.", False),
    ("The station opened in 1905.", "The station, close to the centre, first welcomed passengers in 1905.", False),
    ("The company added that 200 jobs would go.", "The company said 200 jobs would be eliminated.", False),
    ("The library is open source.", "The library is free software; its predecessor was closed to outsiders.", False),
    ("Apple stock closed at $150 on Friday.", "Apple stock opened at $148 on Friday and finished at $150.", False),
    ("The fund began paying in fiscal 2021.", "In the fiscal year ended June 30, 2021, the fund paid out.", False),
    ("The shop closed at the end of 2019.", "The shop opened at the end of 2019.", True),
    # a converse pair with the two things swapped says the same; not swapped, the opposite
    ("Brazil won the final against Germany.", "Germany lost the final to Brazil.", False),
    ("The hut stands above the glacier.", "The glacier lies below the hut.", False),
    ("Germany won the final against Brazil.", "Germany lost the final to Brazil.", True),
    ("Against Germany, Brazil won the final.", "Brazil lost the final against Germany.", True),
    ("Sales in Europe rose.", "Sales in Europe fell.", True),  # a capitalised word anchors too
    ("Germany won in Europe.", "Brazil lost in Europe.", True),  # "in" is no word before and after the two
    ("The margin was lower than in Q2.", "The margin was 46 basis points higher than in Q2.", True),
    ("Sales in Europe were higher than in Asia.", "Sales in Asia were lower than in Europe.", False),
    ("Fees for higher education rose.", "Fees at universities rose, and lower court fees fell.", False),
    ("Smith lost the 2020 election.", "Jones won the 2020 election, defeating Smith.", False),
    ("Jones lost the 2020 election.", "Jones won the 2020 election, defeating Smith.", True),
    (  # the claim's words stand on both sides of the window's word: not swapped
        "The women's volleyball team lost the national cup in 2019.",
        "The women's volleyball team took the national cup in 2019, as in 2018, when the men's team won the trophy and "
        "the women's team was runner-up.",
        True,
    ),
    ("The ruling allowed same-sex marriage.", "The ruling lifted the ban on same-sex marriage.", False),
    ("The ruling allowed same-sex marriage.", "The ban on same-sex marriage was lifted by the ruling.", False),
    ("The ruling allowed same-sex marriage.", "The ruling upheld the ban on same-sex marriage.", True),
    ("The law allows shops to open on Sundays.", "Shops, previously banned on Sundays, may now open.", False),
    ("The law allows shops to open on Sundays.", "Shops, formerly prohibited from opening on Sundays, now may.", False),
    ("The law allows shops to open on Sundays.", "Shops are still banned on Sundays.", True),
    # a count of wins or losses ("losing only four of 42 matches") is a record, no contest won or lost
    ("Leeds won the 1992 title.", "Leeds claimed the 1992 title, losing only four of 42 matches.", False),
    ("Leeds lost the 1992 title.", "Leeds won the 1992 title, losing only four of 42 matches.", True),
    ("Leeds won only two of its 42 matches.", "Leeds lost just two of its 42 matches.", False),
    # two events of one thing at other dates: no mismatch; a change or a contest is one event
    ("World War II ended in 1945.", "World War II began in 1939 and lasted six years, until 1945.", False),
    ("The museum opened in 1889.", "The museum closed in 1890.", False),
    ("The FDA approved the drug in 2019.", "The FDA rejected the drug in 2016 and cleared it in 2019.", False),
    ("The FDA approved the drug in 2019.", "The FDA rejected the drug in 2019.", True),
    ("Revenue rose 5% in 2020.", "Revenue fell 5% in 2019.", True),
    # a negated word states the other side
    ("Revenue did not rise in 2020.", "Revenue fell in 2020.", False),
    ("Staff are not allowed to use the app.", "Staff are banned from using the app.", False),
    ("Revenue rose 5% in 2020.", "Revenue did not rise in 2020.", True),
    ("The girls have not fallen sick in Qom.", "The girls have fallen sick in Qom.", True),
    # a negation written into its verb ("didn't", "wasn't") or said by "failed to", "unable to", "refused to" (the
    # false-alarm sweep, round 3: "didn't win" against "did not win" was a mismatch); the plain word stays one
    ("The team didn't win the cup.", "The team did not win the cup.", False),
    ("The team did not win the cup.", "The team didn’t win the cup.", False),
    ("The party failed to win a majority.", "The party did not win a majority.", False),
    ("The party did not win a majority.", "The party failed to win a majority.", False),
    ("The party lost its majority.", "The party failed to win its majority.", False),
    ("Staff were unable to open the vault.", "Staff could not open the vault.", False),
    ("The board refused to approve the merger.", "The board did not approve the merger.", False),
    ("The team won the cup.", "The team didn't win the cup.", True),
    ("The party won a majority.", "The party failed to win a majority.", True),
    ("The board approved the merger.", "The board refused to approve the merger.", True),
    # superlatives and comparatives of size and age: "the youngest son" against "the eldest son" (found in the training
    # pairs' out-of-fold errors: a supported score for each such pair, all of them unsupported)
    ("Charlemagne was the youngest son of Pepin.", "Charlemagne was the eldest son of Pepin.", True),
    ("Valencia is the third largest city in Spain.", "Valencia is the third smallest city in Spain.", True),
    ("Dortmund has the highest attendance in Europe.", "Dortmund has the lowest attendance in Europe.", True),
    ("It was the best-selling single of 2009.", "It was the worst-selling single of 2009.", True),
    ("Giant planets are larger than rocky planets.", "Rocky planets are smaller than giant planets.", False),
    ("Giant planets are larger than rocky planets.", "Giant planets are smaller than rocky planets.", True),
    ("Anne is older than her brother Tom.", "Anne is younger than her brother Tom.", True),
    (
        "Russia is the largest country by area.",
        "Russia is the largest country; Vatican City the smallest country.",
        False,
    ),
]


@pytest.mark.parametrize(("claim", "window", "expected"), CASES, ids=[c[0][:40] for c in CASES])
def test_direction_mismatch(claim: str, window: str, expected: bool) -> None:
    assert direction_mismatch(claim, window) is expected


@pytest.mark.parametrize(
    ("claim", "window", "want"),
    [
        ("Revenue rose slightly.", "Profits rose by 12 percent, while revenue fell slightly.", True),
        ("Youth jobless fell to 14 percent.", "Jobless fell to 5.2 percent. Youth jobless rose to 14 percent.", True),
        ("The museum reopened in 2019.", "The museum closed in 2019 and reopened in 2023.", True),
        # each thing's own side, a subject shared with the verb before, a thing said both ways
        ("Profits rose by 12 percent.", "Profits rose by 12 percent, while revenue fell slightly.", False),
        ("The museum reopened in 2023.", "The museum closed in 2019 and reopened in 2023.", False),
        ("The museum reopened.", "The museum closed in 2019 and reopened in 2023.", False),
        ("Sales rose in April.", "Sales fell in March, then sales rose in April.", False),
        # a figure after "since" starts a span, it binds no side ("since then" restated)
        ("His heir stayed in office since 2019.", "He resigned in 2019. His heir remained in office since.", False),
    ],
)  # fmt: skip
def test_a_window_stating_both_sides_binds_each_to_its_subject_or_figure(claim: str, window: str, want: bool) -> None:
    assert direction_mismatch(claim, window) is want
