"""Misattributions, round 5 (issue 7): a right source capped for a negation it does not state. On answers built
from the training pairs (tools/misattribution/measure.py) the right sources of the misattributions still missed
carried a `negation_mismatch` more often than any other cap, some for a word the negation reader took for a negation
that negates nothing the source states: a title's "No" ("... What Happens in Vegas (2005), and No Strings Attached
(2011)" for FEVER-symmetric's "Ashton Kutcher was in three films in 2005"; "Luxor, No Amon, Pharaoh Seti I" for
ExpertQA's "the Mortuary Temple of Seti I is also located in Thebes"), and "not until" ("It was not until 1945 ...
that Parker's collaborations with Dizzy Gillespie ... had a substantial effect"). Round 6 (its cases join this
module's one run): a right source capped for a sentence negating something the claim does not speak of. Round 7
(here too): a right source the support model puts only a little ahead, holding more of the claim's words
(`verdict.wider_source`). Round 8 (here too): a cited source the model verifies on part of the claim's words, while
another retrieved source holds the whole claim (`verdict.whole_source`). Round 9 (here too): a marker on a page
sharing no word with the claim, beside the one page on it, whose support is in the weak band
(`verdict.lone_source`). Round 10 (here too): a marker on a page on another topic, the page on the claim under the
weak band but far closer to the claim by the transformer's cosine (`verdict.near_source`). Through the real
`citeaudit run`."""

from __future__ import annotations

from typing import Any

import pytest

from tests.cli.hostile import audit_suggestions

TITLE_CLAIM = "In 2014 Jonas Weller directed Silent Fields, a crime drama"
TITLE_RIGHT = (
    "Jonas Weller directed the crime drama Silent Fields in 2014, and later the thrillers Glass Harbour (2016) "
    "and No Safe Place (2018)."
)
TITLE_WRONG = "Silent Fields, a crime drama released in 2014, was filmed on the Baltic coast over a wet autumn."
BANANAS = "Bananas grow best in tropical regions with heavy rainfall and rich soil."


Suggestions = dict[str, dict[str, tuple[str, Any, list[str]]]]

# every test's answers, audited in ONE run (each answer is audited alone: a run per test cost its fixed start only)
CASES: dict[str, dict[str, tuple[str, list[str]]]] = {}


@pytest.fixture(scope="module")
def suggestions(tmp_path_factory: pytest.TempPathFactory) -> Suggestions:
    flat = {f"{test}.{key}": case for test, cases in CASES.items() for key, case in cases.items()}
    got = audit_suggestions(tmp_path_factory.mktemp("misattribution_round5"), flat)
    return {test: {key: got[f"{test}.{key}"] for key in cases} for test, cases in CASES.items()}


def test_a_titles_no_is_no_negation(suggestions: Suggestions) -> None:
    got = suggestions["test_a_titles_no_is_no_negation"]
    assert got["right"][:2] == ("verified", None), got["right"]
    assert "negation_mismatch" not in got["right"][2]
    assert got["wrong"][:2] == ("misattributed", 1), got["wrong"]


UNTIL_CLAIM = "The Rivermouth Bridge opened to traffic in 1931"
UNTIL_RIGHT = (
    "Work on the Rivermouth Bridge began in 1927, but after two floods it was not until 1931 that the bridge opened "
    "to traffic."
)
UNTIL_WASNT = "Begun in 1927 and twice flooded, it wasn't until 1931 that the Rivermouth Bridge carried traffic."
UNTIL_WRONG = "The Rivermouth Bridge, a steel arch over the estuary, is painted green every ten years by volunteers."


def test_not_until_states_the_event(suggestions: Suggestions) -> None:
    got = suggestions["test_not_until_states_the_event"]
    for key in ("right", "wasnt"):
        assert got[key][:2] == ("verified", None), (key, got[key])
        assert "negation_mismatch" not in got[key][2]
    assert got["wrong"][:2] == ("misattributed", 1), got["wrong"]


# a name of two words that the source runs together, and the other way round (Factcheck-GPT's "Lawson is similar to
# Family Mart" against "the first 7-Eleven, FamilyMart, and Lawson stores opened in the mid-1970s")
JOINED_CLAIM = "The Kobe chain Mori Mart sells fresh bento boxes every morning"
JOINED_RIGHT = "Every morning the Kobe convenience chain MoriMart stocks its shelves with freshly made bento boxes."
JOINED_WRONG = "Kobe's convenience stores are open around the clock, and most of them accept mobile payment."
SPLIT_CLAIM = "The Kobe chain MoriMart sells fresh bento boxes every morning"
SPLIT_RIGHT = "Every morning the Kobe convenience chain Mori Mart stocks its shelves with freshly made bento boxes."


def test_a_name_run_together_or_apart_is_found(suggestions: Suggestions) -> None:
    got = suggestions["test_a_name_run_together_or_apart_is_found"]
    for key in ("joined", "split"):
        assert got[key][:2] == ("verified", None), (key, got[key])
        assert not [r for r in got[key][2] if r.startswith("missing_name:")], (key, got[key])
    assert got["wrong"][:2] == ("misattributed", 1), got["wrong"]


# two versions of one passage, one word edited (FEVER-symmetric's contrast evidence: "a series of tanks designed for
# the Soviet military programme" against "a series of spacecraft designed for the Soviet space programme" for "Soyuz
# was part of a space program"): the model verified the copy that says otherwise, or put both in the weak band
EDIT_CLAIM = "The Orrery Bridge was designed by the engineer Maria Lind"
EDIT_RIGHT = "The Orrery Bridge, completed in 1931, was designed by the engineer Maria Lind and spans the river Alva."
EDIT_WRONG = "The Orrery Bridge, completed in 1931, was inspected by the engineer Maria Lind and spans the river Alva."
EDIT_DENIED = "The Orrery Bridge was not designed by the engineer Maria Lind"


def test_a_source_edited_where_the_claim_states_the_other_version(suggestions: Suggestions) -> None:
    got = suggestions["test_a_source_edited_where_the_claim_states_the_other_version"]
    assert got["wrong"][:2] == ("misattributed", 1), got["wrong"]
    assert "edited_source:1" in got["wrong"][2]
    # the right version cited: the other's edit ("inspected") is no word of the claim
    assert got["right"][:2] == ("verified", None), got["right"]
    # a claim that denies: the edit does not decide it
    assert not [r for r in got["denied"][2] if r.startswith("edited_source:")], got["denied"]


# misattribution round 6: a window's sentence negating what the claim names none of (ExpertQA's "The People's Choice
# showed that audiences are not powerless and passive." beside Lazarsfeld's opinion leaders, Factcheck-GPT's "Anyone
# can review it and make sure there are no bugs or back doors." for "Linux is known for its security") capped the
# right source for a `negation_mismatch`, so the citation of it was `weak` and one of another source went unflagged
ASIDE_CLAIM = "The Morrow model stresses the role of village elders in spreading news"
ASIDE_RIGHT = (
    "The Morrow model of how news spreads starts from one finding. Farmers were not isolated or passive listeners. "
    "Trusted neighbours such as village elders carried the news from farm to farm."
)
ASIDE_WRONG = "The Morrow model was first published in 1961 by a rural sociologist at a small college in Iowa."
# the same sentence's negation, where the claim names what it negates
ASIDE_DENIED = "The Morrow model found farmers to be isolated and passive listeners"
LOGS_SOURCE = (
    "Reviewers call Larkspur the most private browser they have tested. Anyone can audit its code and check that "
    "there are no trackers or hidden logs."
)
LOGS_CLAIM = "The Larkspur browser keeps hidden logs"


def test_a_negation_of_what_the_claim_does_not_name(suggestions: Suggestions) -> None:
    got = suggestions["test_a_negation_of_what_the_claim_does_not_name"]
    assert got["right"][:2] == ("verified", None), got["right"]
    assert "negation_mismatch" not in got["right"][2]
    assert got["wrong"][:2] == ("misattributed", 1), got["wrong"]
    # twins: a claim naming what the sentence negates keeps the mismatch, and is not verified
    for key in ("denied", "logs"):
        assert got[key][0] != "verified", (key, got[key])
        assert "negation_mismatch" in got[key][2], (key, got[key])


# misattribution round 7: a long claim summing up a call, cited to another call of the same line (SummEdits' sales
# calls; ExpertQA's language-acquisition pages): both in the weak band, the right one ahead by less than the margin on
# both stages, though it holds several more of the claim's content words
WIDER_CLAIM = (
    "The caller chooses to take both the boat and the cabin cover, and the agent promises to write up a tailored "
    "quote and book a follow-up call for the next morning"
)
WIDER_WRONG = (
    "Rep: Hello, Harbourline Cover. Customer: I'm after cover for my boat, and maybe for the cabin later. Rep: We do "
    "boat cover, cabin cover and travel cover; the boat plan includes theft, storm damage and towing. Customer: Send "
    "me the details and I'll decide."
)
WIDER_RIGHT = (
    "Agent: So, have you made up your mind? Caller: I have. I choose the boat and the cabin, both of them. Agent: "
    "Wonderful. I'll draw up a quote that is tailored to you and phone tomorrow morning so we can go over it. "
    "Caller: Thanks."
)
# the same words, said otherwise: never suggested
WIDER_DENIED = (
    "Agent: So, have you made up your mind? Caller: I have. I don't want the boat or the cabin, neither of them. "
    "Agent: Understood. I won't draw up a quote that is tailored to you and I will not phone tomorrow morning. "
    "Caller: Thanks."
)


def test_a_source_holding_more_of_the_claim_a_little_ahead(suggestions: Suggestions) -> None:
    got = suggestions["test_a_source_holding_more_of_the_claim_a_little_ahead"]
    assert got["wrong"][:2] == ("misattributed", 2), got["wrong"]
    assert "better_source:2" in got["wrong"][2]
    # the right source cited is not flagged; one that says otherwise is not suggested
    assert got["right"][0] != "misattributed", got["right"]
    assert got["denied"][0] != "misattributed", got["denied"]


WHOLE_CLAIM = "Snowboarding is a winter sport in which riders descend snowy slopes on a board"
# `verified` (0.54) on four of the claim's eight content words
WHOLE_WRONG = (
    "Snowboarding became an Olympic winter sport in 1998, and its riders now compete in slopestyle and halfpipe events."
)
WHOLE_RIGHT = (
    "Snowboarding is a winter sport in which riders descend snowy slopes standing on a single board strapped to "
    "their feet."
)
WHOLE_DENIED = "Snowboarding is not a winter sport in which riders descend snowy slopes on a board, the club insists."
VERBATIM_CLAIM = "The Karsk Point lighthouse guided ships past the northern reef for ninety years"
# `verified` (0.50) on six of the claim's ten words; the other source holds the claim word for word
VERBATIM_WRONG = (
    "Built in 1871, the lighthouse on Karsk Point guided fishing ships around the reef until it was automated."
)
VERBATIM_RIGHT = (
    "Visitors can climb the tower today. The Karsk Point lighthouse guided ships past the northern reef for ninety "
    "years. A small cafe now occupies the keeper's cottage."
)
# written after the rule: `verified` (0.48) on three of seven words
FROGS_CLAIM = "Glass frogs have translucent skin that shows their beating hearts"
FROGS_WRONG = "Glass frogs have see-through bellies, and their hearts are small."
FROGS_RIGHT = (
    "Through their translucent skin, glass frogs show their beating hearts and other organs to anyone looking from "
    "below."
)
# a source holding most of the claim's words, another all of them: neither is wrong
OTTERS_CLAIM = "Sea otters use rocks as tools to crack open shellfish on their bellies"
OTTERS_MOST = "Sea otters use tools: floating on their backs, they hammer shellfish open on their bellies."
OTTERS_ALL = (
    "Floating on their backs, sea otters use rocks as tools, cracking open shellfish against a stone balanced on "
    "their bellies."
)


def test_a_verified_source_holding_part_of_a_claim_another_holds_whole(suggestions: Suggestions) -> None:
    got = suggestions["test_a_verified_source_holding_part_of_a_claim_another_holds_whole"]
    for key in ("wrong", "verbatim", "frogs"):
        assert got[key][:2] == ("misattributed", 2), (key, got[key])
        assert "better_source:2" in got[key][2]
    # the whole claim's source cited is not flagged; one that says otherwise is not suggested; a source holding most
    # of the claim is not flagged for another holding all of it
    for key in ("right", "verbatim_right", "denied", "otters"):
        assert got[key][0] != "misattributed", (key, got[key])


CASES.update(
    {
        "test_a_verified_source_holding_part_of_a_claim_another_holds_whole": {
            "wrong": (f"{WHOLE_CLAIM} [1].", [WHOLE_WRONG, WHOLE_RIGHT, BANANAS]),
            "right": (f"{WHOLE_CLAIM} [2].", [WHOLE_WRONG, WHOLE_RIGHT, BANANAS]),
            "denied": (f"{WHOLE_CLAIM} [1].", [WHOLE_WRONG, WHOLE_DENIED, BANANAS]),
            "verbatim": (f"{VERBATIM_CLAIM} [1].", [VERBATIM_WRONG, VERBATIM_RIGHT, BANANAS]),
            "verbatim_right": (f"{VERBATIM_CLAIM} [2].", [VERBATIM_WRONG, VERBATIM_RIGHT, BANANAS]),
            "frogs": (f"{FROGS_CLAIM} [1].", [FROGS_WRONG, FROGS_RIGHT, BANANAS]),
            "otters": (f"{OTTERS_CLAIM} [1].", [OTTERS_MOST, OTTERS_ALL, BANANAS]),
        },
        "test_a_source_holding_more_of_the_claim_a_little_ahead": {
            "wrong": (f"{WIDER_CLAIM} [1].", [WIDER_WRONG, WIDER_RIGHT, BANANAS]),
            "right": (f"{WIDER_CLAIM} [2].", [WIDER_WRONG, WIDER_RIGHT, BANANAS]),
            "denied": (f"{WIDER_CLAIM} [1].", [WIDER_WRONG, WIDER_DENIED, BANANAS]),
        },
        "test_a_negation_of_what_the_claim_does_not_name": {
            "right": (f"{ASIDE_CLAIM} [1].", [ASIDE_RIGHT, ASIDE_WRONG, BANANAS]),
            "wrong": (f"{ASIDE_CLAIM} [2].", [ASIDE_RIGHT, ASIDE_WRONG, BANANAS]),
            "denied": (f"{ASIDE_DENIED} [1].", [ASIDE_RIGHT, ASIDE_WRONG, BANANAS]),
            "logs": (f"{LOGS_CLAIM} [1].", [LOGS_SOURCE, ASIDE_WRONG, BANANAS]),
        },
        "test_a_titles_no_is_no_negation": {
            "right": (f"{TITLE_CLAIM} [1].", [TITLE_RIGHT, TITLE_WRONG, BANANAS]),
            "wrong": (f"{TITLE_CLAIM} [2].", [TITLE_RIGHT, TITLE_WRONG, BANANAS]),
        },
        "test_not_until_states_the_event": {
            "right": (f"{UNTIL_CLAIM} [1].", [UNTIL_RIGHT, UNTIL_WRONG, BANANAS]),
            "wasnt": (f"{UNTIL_CLAIM} [1].", [UNTIL_WASNT, UNTIL_WRONG, BANANAS]),
            "wrong": (f"{UNTIL_CLAIM} [2].", [UNTIL_RIGHT, UNTIL_WRONG, BANANAS]),
        },
        "test_a_name_run_together_or_apart_is_found": {
            "joined": (f"{JOINED_CLAIM} [1].", [JOINED_RIGHT, JOINED_WRONG, BANANAS]),
            "split": (f"{SPLIT_CLAIM} [1].", [SPLIT_RIGHT, JOINED_WRONG, BANANAS]),
            "wrong": (f"{JOINED_CLAIM} [2].", [JOINED_RIGHT, JOINED_WRONG, BANANAS]),
        },
        "test_a_source_edited_where_the_claim_states_the_other_version": {
            "wrong": (f"{EDIT_CLAIM} [2].", [EDIT_RIGHT, EDIT_WRONG, BANANAS]),
            "right": (f"{EDIT_CLAIM} [1].", [EDIT_RIGHT, EDIT_WRONG, BANANAS]),
            "denied": (f"{EDIT_DENIED} [2].", [EDIT_RIGHT, EDIT_WRONG, BANANAS]),
        },
    }
)


OFF_TOPIC = "Quarterly revenue rose on strong demand for cloud storage, the company said on Tuesday."
LONE_CLAIM = "Marisol Vega never played for the national team"
# `unsupported` (0.20, a negation mismatch): the one page on the claim, the cited page on another topic (0.03)
LONE_RIGHT = "Marisol Vega spent all twelve seasons of her career at club level, where she scored 140 goals."
# written after the rule (Hedda Brun's page leads by 0.27: found before it too)
PRATT_CLAIM = "Lorna Pratt never ran for public office"
PRATT_RIGHT = (
    "Lorna Pratt spent her whole working life as a nurse in Leeds and turned down every party that asked her to stand."
)
BRUN_CLAIM = "Hedda Brun never recorded a studio album"
BRUN_RIGHT = (
    "Hedda Brun performed only live, in the clubs of Bergen, for three decades, and the few tapes of her shows were "
    "made by fans."
)


def test_a_marker_on_an_unrelated_page_beside_the_one_page_on_the_claim(suggestions: Suggestions) -> None:
    got = suggestions["test_a_marker_on_an_unrelated_page_beside_the_one_page_on_the_claim"]
    for key in ("wrong", "pratt", "brun"):
        assert got[key][:2] == ("misattributed", 2), (key, got[key])
        assert "better_source:2" in got[key][2]
    # the page on the claim cited is not flagged; nor is a claim whose cited page shares a word with it
    for key in ("right", "shared"):
        assert got[key][0] != "misattributed", (key, got[key])


CASES["test_a_marker_on_an_unrelated_page_beside_the_one_page_on_the_claim"] = {
    "wrong": (f"{LONE_CLAIM} [1].", [OFF_TOPIC, LONE_RIGHT, BANANAS]),
    "right": (f"{LONE_CLAIM} [2].", [OFF_TOPIC, LONE_RIGHT, BANANAS]),
    "shared": (f"{LONE_CLAIM} [1].", ["The national team lost its opening match.", LONE_RIGHT, BANANAS]),
    "pratt": (f"{PRATT_CLAIM} [1].", [OFF_TOPIC, PRATT_RIGHT, BANANAS]),
    "brun": (f"{BRUN_CLAIM} [1].", [OFF_TOPIC, BRUN_RIGHT, BANANAS]),
}


NEAR_CLAIM = "Marrow Creek (2011 film) was shot in Dunmore."
# `unsupported` (0.07, the year and "Creek" lacking; cosine 0.55): the page on the claim, no name of its title, beside
# a page on cloud revenue (0.02, cosine 0.11): the first word test keeps `lone_source` off, the lead is under 0.05
NEAR_RIGHT = "Filming took place in Dunmore, Ashby and Kellow over the winter."
# written after the rule
NEAR_SHORT = "Filming took place over the winter in Dunmore."


def test_a_marker_on_another_topic_beside_the_page_the_cosine_puts_near_the_claim(suggestions: Suggestions) -> None:
    got = suggestions["test_a_marker_on_another_topic_beside_the_page_the_cosine_puts_near_the_claim"]
    for key in ("wrong", "short"):
        assert got[key][:2] == ("misattributed", 2), (key, got[key])
        assert "better_source:2" in got[key][2]
    # the page on the claim cited is not flagged; nor beside a cited page sharing a word of the claim ("film"), the
    # other holding only one more
    for key in ("right", "shared"):
        assert got[key][0] != "misattributed", (key, got[key])


CASES["test_a_marker_on_another_topic_beside_the_page_the_cosine_puts_near_the_claim"] = {
    "wrong": (f"{NEAR_CLAIM[:-1]} [1].", [OFF_TOPIC, NEAR_RIGHT, BANANAS]),
    "right": (f"{NEAR_CLAIM[:-1]} [2].", [OFF_TOPIC, NEAR_RIGHT, BANANAS]),
    "shared": (
        f"{NEAR_CLAIM[:-1]} [1].",
        ["The film festival sold out in its first week, the organisers said on Tuesday.", NEAR_RIGHT, BANANAS],
    ),
    "short": (f"{NEAR_CLAIM[:-1]} [1].", [OFF_TOPIC, NEAR_SHORT, BANANAS]),
}
