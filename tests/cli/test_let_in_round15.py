"""The "nothing let in" sweep, round 15: wrong claims that say allowed, present or paid what the source calls the place
or product free of ("smoking is allowed" against "smoke-free"), every where the source counts only some of it, and a
change, a stance, a membership, a depth or a start said the other way round in other words than the source's
("climbed" against "edged down", "welcomed" against "opposed", "quit" against "joined", "above ground" against
"under ground", "ended" against "launched"), on paragraphs written as news, guides and encyclopaedia pages write them,
that came out `verified`, each beside correct paraphrases that must stay `verified`; all through one real `citeaudit
run` on real Parquet and DuckDB files (docs/hostile-inputs.md, "The let-in sweep, round 15")."""

from __future__ import annotations

from tests.cli.hostile import Verdicts, claims
from tests.cli.test_hostile_verdicts import _assert_flagged, _assert_verified

HOTEL = "All rooms at the Grand Hotel are smoke-free, and guests who smoke in their room are charged a cleaning fee."
CAMPUS = "The university campus has been tobacco-free since 2015."
FESTIVAL = "The festival is alcohol-free and family-friendly."
LOAN = "The loan is interest-free for the first 12 months."
BREAD = "The bakery's bread is gluten-free and made without dairy."
TOWN = "The old town centre has been car-free since 2012."
HOSTEL = "The hostel on the harbour is alcohol-free and closes its doors at midnight."
CAFE = "All cakes baked at the Rose Cafe are nut-free, the owner said."
BRIDGE = "Since 2018 the Severn bridge has been toll-free for cars and vans."
SHOP = "At the shop, sugar-free drinks are sold alongside regular ones."
TERRACE = "The hotel's rooms are smoke-free; smoking is allowed on the terrace."


@claims(
    {
        "smoke": ("Smoking is allowed in the rooms at the Grand Hotel.", HOTEL),
        "smoke_may": ("Guests may smoke in their rooms at the Grand Hotel.", HOTEL),
        "tobacco": ("Tobacco use is permitted on the university campus.", CAMPUS),
        "festival": ("Alcohol is sold at the festival.", FESTIVAL),
        "loan": ("The loan charges interest for the first 12 months.", LOAN),
        "loan_pay": ("Borrowers pay interest on the loan for the first 12 months.", LOAN),
        "bread": ("The bakery's bread contains gluten.", BREAD),
        "cars": ("Cars are allowed in the old town centre.", TOWN),
        # held out (written after the rule)
        "cafe": ("Cakes baked at the Rose Cafe contain nuts.", CAFE),
        "bridge": ("Drivers of cars and vans pay a toll on the Severn bridge.", BRIDGE),
        "hostel": ("The hostel on the harbour sells alcohol.", HOSTEL),
        # supported: the compound said in other words, or another fact of the same sentence
        "ok_smoke": ("The rooms at the Grand Hotel are non-smoking.", HOTEL),
        "ok_tobacco": ("Since 2015 the university campus has banned tobacco.", CAMPUS),
        "ok_hostel": ("The harbour hostel closes its doors at midnight.", HOSTEL),
        "ok_bridge": ("Cars and vans have crossed the Severn bridge for free since 2018.", BRIDGE),
        # held out (written after the rule's copula): a product of the place, or a place the source excepts
        "ok_sugar": ("The shop sells drinks with sugar.", SHOP),
        "ok_terrace": ("Smoking is allowed on the hotel terrace.", TERRACE),
    }
)
def test_a_thing_said_allowed_where_the_source_calls_the_place_free_of_it_is_not_verified(got: Verdicts) -> None:
    # each was verified (no reason) but "cars" and "hostel" (weak, no reason): "smoke-free" is no word of a side for
    # any rule (`freeof.said_free_of`)
    _assert_flagged(
        got,
        {
            "smoke": "swapped:smoking is allowed/smoke-free",
            "smoke_may": "swapped:may smoke/smoke-free",
            "tobacco": "swapped:tobacco use is permitted/tobacco-free",
            "festival": "swapped:alcohol is sold/alcohol-free",
            "loan": "swapped:charges interest/interest-free",
            "loan_pay": "swapped:pay interest/interest-free",
            "bread": "swapped:contains gluten/gluten-free",
            "cars": "swapped:cars are allowed/car-free",
            "cafe": "swapped:contain nuts/nut-free",
            "bridge": "swapped:pay a toll/toll-free",
            "hostel": "swapped:sells alcohol/alcohol-free",
        },
    )
    _assert_verified(got, tuple(k for k in got if k.startswith("ok_")), clear_of="swapped:")


SCHOOLS = "Some of the 40 schools in the district will close early on Friday because of the storm."
FACTORIES = "Some of the 12 factories owned by the group will stop production during the summer."
EACH = "Each school in the district will close early on Friday, and some of the schools will open late on Monday."
BANK = "Several branches of the bank will shut on Monday while their computer systems are upgraded."


@claims(
    {
        "every": ("Every school in the district will close early on Friday because of the storm.", SCHOOLS),
        # held out (written after the rule; let in by its first version, whose sentence had to hold 60% of the
        # claim's words, as `options.all_for_some`'s: "halt" for "stop" left 57%)
        "factories": ("All 12 of the group's factories will halt production over the summer.", FACTORIES),
        # supported: some said in another word ("several" for "some" was `swapped:several/some` before this round),
        # and every where the source says every too
        "ok_several": ("Several schools in the district will close early on Friday because of the storm.", SCHOOLS),
        "ok_some": ("Some branches of the bank will shut on Monday for a computer upgrade.", BANK),
        "ok_every": ("Every school in the district will close early on Friday.", EACH),
    }
)
def test_every_where_the_source_counts_only_some_is_not_verified(got: Verdicts) -> None:
    # "every" was verified (no reason): "Every school" for "Some of the 40 schools" is no copy, one word for one
    # (`options.every_for_some`)
    _assert_flagged(got, {"every": "swapped:every/some", "factories": "swapped:all/some"})
    _assert_verified(got, tuple(k for k in got if k.startswith("ok_")), clear_of="swapped:")


OASIS = "In 2004 the guitarist joined the band Oasis, replacing Paul Arthurs."
LABOUR = "Smith left the Labour Party in 2019 to sit as an independent."
GREENS = "Smith left the Labour Party in 2019 and joined the Green Party."
CELTIC = "The striker joined Celtic in 2015 from Hearts for a fee of 1 million pounds."
BYPASS = "Most of the town's residents opposed the new bypass, according to a council survey."
UNEMPLOYMENT = "Unemployment in the region edged down to 4.1 percent in May, the statistics office said."
INFLATION = "Inflation eased to 3.2 percent in October from 3.7 percent in September."
RENTS = "Rents in Berlin have risen more slowly than in Munich over the past decade."
CAVE = "The cave's main chamber lies about 80 metres under ground."
WRECK = "The wreck rests 40 metres beneath the surface of the lake."
ARCHIVE = "The archive is stored underneath the library in a climate-controlled vault."
PODCAST = "In 2016 the broadcaster launched a weekly podcast about local politics."
STORM = "The storm, which hit the town after the mayor joined the rescue, killed three people."
HOUSES = "House prices edged up 0.3 percent in June, the Land Registry said."
PAPER = "The newspaper launched its Sunday edition in 1995."
PIPE = "The gas pipeline runs beneath the seabed for 120 kilometres."
NOMINEE = "The Senate rejected the nominee by a vote of 52 to 48."
ENVOY = "The committee confirmed her appointment as ambassador on Thursday."
WAGES = "Wage growth slowed to 2.1 percent in the second quarter, the central bank said."
SPOKESMAN = "The nominee withdrew on Monday, the spokesman said, after the Senate rejected the plan."


@claims(
    {
        "quit": ("The guitarist quit Oasis in 2004.", OASIS),
        "welcomed": ("A council survey found that residents welcomed the new bypass.", BYPASS),
        "climbed": ("Unemployment in the region climbed to 4.1 percent in May.", UNEMPLOYMENT),
        "inflation": ("Inflation rose to 3.2 percent in October.", INFLATION),
        "rents": ("Rents in Berlin have risen faster than in Munich over the past decade.", RENTS),
        "cave": ("The cave's main chamber lies about 80 metres above ground.", CAVE),
        "wreck": ("The wreck sits 40 metres above the surface of the lake.", WRECK),
        "archive": ("The archive is stored above the library.", ARCHIVE),
        "podcast": ("In 2016 the broadcaster ended its weekly podcast about local politics.", PODCAST),
        "accelerated": ("Inflation accelerated to 3.2 percent in October.", INFLATION),
        "confirmed": ("The Senate confirmed the nominee by a vote of 52 to 48.", NOMINEE),
        # held out (written after the rules)
        "houses": ("House prices fell 0.3 percent in June, the Land Registry said.", HOUSES),
        "paper": ("The newspaper ended its Sunday edition in 1995.", PAPER),
        "pipe": ("The gas pipeline runs above the seabed for 120 kilometres.", PIPE),
        "envoy": ("The committee rejected her appointment as ambassador on Thursday.", ENVOY),
        # supported: the same side in other words, another group, another sense of "left"
        "ok_join": ("The guitarist became a member of Oasis in 2004.", OASIS),
        "ok_left": ("In 2019 Smith quit the Labour Party.", LABOUR),
        "ok_greens": ("In 2019 Smith joined the Green Party.", GREENS),
        "ok_striker": ("The striker left Hearts for Celtic in 2015.", CELTIC),
        "ok_storm": ("The storm left three people dead in the town.", STORM),
        "ok_dipped": ("Regional unemployment dipped to 4.1 percent in May.", UNEMPLOYMENT),
        "ok_slowed": ("Inflation slowed to 3.2 percent in October.", INFLATION),
        "ok_wreck": ("The wreck lies 40 metres below the surface of the lake.", WRECK),
        "ok_started": ("The broadcaster started a weekly podcast on local politics in 2016.", PODCAST),
        "ok_began": ("The broadcaster's weekly podcast about local politics began in 2016.", PODCAST),
        "ok_houses": ("House prices rose 0.3 percent in June.", HOUSES),
        "ok_paper": ("The newspaper's Sunday edition began in 1995.", PAPER),
        "ok_pipe": ("The gas pipeline runs under the seabed for 120 km.", PIPE),
        "ok_voted_down": ("The nominee was voted down by the Senate, 52 to 48.", NOMINEE),
        "ok_envoy": ("Her appointment as ambassador was approved by the committee on Thursday.", ENVOY),
        "ok_wages": ("Wage growth eased to 2.1 percent in the second quarter.", WAGES),
        "ok_reported": ("The spokesman confirmed the nominee had withdrawn.", SPOKESMAN),
    }
)
def test_a_change_a_stance_a_membership_a_depth_or_a_start_said_the_other_way_is_not_verified(got: Verdicts) -> None:
    # each was verified (no reason) but "envoy" (weak, no reason): "edged down", "eased to", "more slowly", "under
    # ground", "beneath", "launched", "welcomed", "confirmed the nominee" and joining or leaving a group were words of
    # no side of `direction._OPPOSITIONS` ("joined" / "left" only between two copies of one sentence, `swaps`)
    _assert_flagged(
        got,
        {
            key: "direction_mismatch"
            for key in (
                "quit",
                "welcomed",
                "climbed",
                "inflation",
                "rents",
                "cave",
                "wreck",
                "archive",
                "podcast",
                "accelerated",
                "confirmed",
                "houses",
                "paper",
                "pipe",
                "envoy",
            )
        },
    )
    _assert_verified(got, tuple(k for k in got if k.startswith("ok_")), clear_of="direction_mismatch")
