"""The "nothing let in" sweep, round 13: wrong claims that put a buyer in the seller's place ("sold" where the source
says "purchased"), state as done what the source says is still awaited or still so ("was sentenced" against "is
awaiting sentencing", "was found" against "is still missing"), call a thing the original that the source calls a
replica in another clause, name a way to pay that the source rules out ("by card" against "cash only"), state a
multiple ("doubled") that the source's percentage change contradicts, or a count in words the source's digits
contradict, on paragraphs written as news and encyclopaedia pages write them, that came out `verified`, each beside
correct paraphrases that must stay `verified`; all through one real `citeaudit run` on real Parquet and DuckDB files
(docs/hostile-inputs.md, "The let-in sweep, round 13")."""

from __future__ import annotations

from tests.cli.hostile import Verdicts, claims
from tests.cli.test_hostile_verdicts import _assert_flagged, _assert_verified

STADIUM = "In 2019 the club purchased the stadium from the city council for 12 million pounds."
LAND = "The city purchased the land from a private developer in 2018."
ESTATE = "The family is purchasing the estate next to their farm, the agent said."
SHARES = "The fund purchased 2 million shares of the company in the first quarter."
JETS = "The airline purchased six jets from a leasing company last year."
BY_CLUB = "The stadium was purchased by the club in 2019 from the city council."


@claims(
    {
        "stadium": ("In 2019 the club sold the stadium to the city council for 12 million pounds.", STADIUM),
        "land": ("The city sold the land to a private developer in 2018.", LAND),
        "estate": ("The family is selling the estate next to their farm, the agent said.", ESTATE),
        "shares": ("The fund sold 2 million shares of the company in the first quarter.", SHARES),
        # held out (written after the rule): another buyer, the passive
        "jets": ("The airline sold six jets to a leasing company last year.", JETS),
        "passive": ("The stadium was sold by the club in 2019.", BY_CLUB),
        # supported: the sale told from the seller's side, in the passive, or with another verb of buying
        "ok_council": ("In 2019 the city council sold the stadium to the club for 12 million pounds.", STADIUM),
        "ok_bought": ("The club bought the stadium from the city council in 2019.", STADIUM),
        "ok_passive": ("The stadium was sold to the club by the city council in 2019.", STADIUM),
        "ok_developer": ("A private developer sold the land to the city in 2018.", LAND),
        "ok_buying": ("The family is buying the estate next to their farm, the agent said.", ESTATE),
        "ok_acquired": ("The fund acquired 2 million shares of the company in the first quarter.", SHARES),
        "ok_lessor": ("A leasing company sold six jets to the airline last year.", JETS),
    }
)
def test_a_buyer_said_to_have_sold_what_the_source_says_it_purchased_is_not_verified(got: Verdicts) -> None:
    # each was verified (no reason): "sold" / "bought" and "sold" / "acquired" were pairs of a copy's words that
    # exclude each other, "purchased" / "sold" none (`opposites._COPY_PAIRS`: the verbs of a sale, every form)
    _assert_flagged(
        got,
        {
            "stadium": "swapped:sold/purchased",
            "land": "swapped:sold/purchased",
            "estate": "swapped:selling/purchasing",
            "shares": "swapped:sold/purchased",
            "jets": "swapped:sold/purchased",
            "passive": "swapped:sold/purchased",
        },
    )
    _assert_verified(got, tuple(k for k in got if k.startswith("ok_")), clear_of="swapped:")


COURT = "Smith was convicted of fraud in May and is awaiting sentencing."
MAYOR = "The former mayor was found guilty of bribery last week and will be sentenced in March."
EXTRADITE = "The banker was arrested in Spain in 2021 and is awaiting extradition to the United States."
HIKER = "The hiker, who disappeared on Friday near the summit, is still missing, police said."
SUSPECT = "The suspect escaped from the prison on Tuesday and remains at large."
MURDER = "The 1990 murder of the banker remains unsolved, and the case was reopened in 2019."
DETAINED = "The journalist was detained in March and remains in custody without charge."
MANHUNT = "After a week-long manhunt, the gunman remains on the run."
SOLDIERS = "The two soldiers were charged last year and are awaiting trial in a military court."
FOUND = "The hiker, missing since Friday, was found on Sunday by a rescue team."
WRECK = "Parts of the wreckage were found in 2016, but the main fuselage is still missing."
LANDSLIDE = "Two people were killed in the landslide and three are still missing."


@claims(
    {
        "sentenced": ("Smith was sentenced for fraud in May.", COURT),
        "mayor": ("The former mayor was sentenced for bribery last week.", MAYOR),
        "extradited": ("The banker was arrested in Spain in 2021 and extradited to the United States.", EXTRADITE),
        "hiker": ("The hiker, who disappeared on Friday near the summit, was found, police said.", HIKER),
        "suspect": ("The suspect who escaped from the prison on Tuesday was caught.", SUSPECT),
        "murder": ("The 1990 murder of the banker was solved after the case was reopened in 2019.", MURDER),
        "released": ("The journalist, detained in March, was released without charge.", DETAINED),
        # held out: on the run, a trial awaited
        "manhunt": ("The gunman was arrested after a week-long manhunt.", MANHUNT),
        "tried": ("The two soldiers were tried in a military court last year.", SOLDIERS),
        # supported: the step done, the deed ahead, the state that holds
        "ok_convicted": ("Smith was convicted of fraud in May.", COURT),
        "ok_will": ("The former mayor, found guilty of bribery, will be sentenced in March.", MAYOR),
        "ok_awaits": ("The banker, arrested in Spain in 2021, awaits extradition to the United States.", EXTRADITE),
        "ok_missing": ("The hiker who disappeared near the summit on Friday is still missing.", HIKER),
        "ok_escaped": ("The suspect escaped from the prison on Tuesday.", SUSPECT),
        "ok_reopened": ("The case of the banker's 1990 murder was reopened in 2019.", MURDER),
        "ok_custody": ("The journalist, who was detained in March, is still held without charge.", DETAINED),
        # written after the rule: the deed stated beside the state, or of another subject
        "ok_charged": ("The two soldiers were charged last year.", SOLDIERS),
        "ok_found": ("The missing hiker was found on Sunday.", FOUND),
        "ok_wreck": ("The wreckage of the plane was found in 2016.", WRECK),
        "ok_killed": ("Two people were killed in the landslide.", LANDSLIDE),
    }
)
def test_a_deed_stated_as_done_that_the_source_says_is_awaited_or_undone_is_not_verified(got: Verdicts) -> None:
    # each was verified (no reason): "is awaiting sentencing" and "is still missing" hold no negation for
    # `negation_mismatch` and no word a copy pairs with the claim's; the claim's deed in the past against its
    # windows' awaiting it or a state it would end said to hold still (`pending.done_but_awaited`)
    _assert_flagged(
        got,
        {
            "sentenced": "swapped:sentenced/awaiting sentencing",
            "mayor": "swapped:sentenced/will be sentenced",
            "extradited": "swapped:extradited/awaiting extradition",
            "hiker": "swapped:found/still missing",
            "suspect": "swapped:caught/remains at large",
            "murder": "swapped:solved/remains unsolved",
            "released": "swapped:released/remains in custody",
            "manhunt": "swapped:arrested/remains on the run",
            "tried": "swapped:tried/awaiting trial",
        },
    )
    _assert_verified(got, tuple(k for k in got if k.startswith("ok_")), clear_of="swapped:")


STATUE = "The statue in the square is a replica; the original is kept in the city museum."
CHAPEL = "The painting in the chapel is an original by Caravaggio, restored in 1998."
CROWN = "The crown shown in the castle's treasury is a copy made in 1920; the real crown is kept in a bank vault."
LAKE = "Lake Van is saltwater, although the rivers that feed it are freshwater."
FLAG = "The flag of the old republic was blue, with a red star at its centre."
VASE = "The vase in the hall is a reproduction; the authentic Ming vase was sold in 1985."
SNAKE = "The snake found in the garden was harmless, although venomous species live in the area."
SHIRTS = "The team's shirts were blue until 1990; since then they are red."


@claims(
    {
        "statue": ("The statue in the square is the original.", STATUE),
        "chapel": ("The painting in the chapel is a copy of a Caravaggio.", CHAPEL),
        "crown": ("The crown shown in the castle's treasury is genuine.", CROWN),
        "real": ("The crown shown in the castle's treasury is the real crown.", CROWN),
        "lake": ("Lake Van is freshwater.", LAKE),
        "flag": ("The flag of the old republic was red.", FLAG),
        # held out: "authentic" / "a reproduction", "venomous" / "harmless"
        "vase": ("The vase in the hall is an authentic Ming piece.", VASE),
        "snake": ("The snake found in the garden was venomous.", SNAKE),
        # supported: the kind the source gives the thing, and the other thing's kind
        "ok_replica": ("The statue in the square is a replica.", STATUE),
        "ok_original": ("The original statue is kept in the city museum.", STATUE),
        "ok_caravaggio": ("The painting in the chapel is an original Caravaggio.", CHAPEL),
        "ok_copy": ("The crown in the castle's treasury is a copy made in 1920.", CROWN),
        "ok_rivers": ("The rivers that feed Lake Van are freshwater.", LAKE),
        "ok_blue": ("The old republic's flag was blue, with a red star at its centre.", FLAG),
        # written after the rule: the kind now where the source gives another of the past
        "ok_shirts": ("The team's shirts are red.", SHIRTS),
    }
)
def test_a_thing_said_to_be_of_a_kind_the_source_names_but_gives_another_is_not_verified(got: Verdicts) -> None:
    # each was verified (no reason): every word of "The statue in the square is the original" is in its sentence,
    # in order, across "is a replica; the original", so no word stands in another's place for a swap; the claim's
    # "S is M" against the window's "S is M2" of the same subject (`kinds.kind_said_otherwise`)
    _assert_flagged(
        got,
        {
            "statue": "swapped:the original/a replica",
            "chapel": "swapped:a copy/an original",
            "crown": "swapped:genuine/a copy",
            "real": "swapped:the real/a copy",
            "lake": "swapped:freshwater/saltwater",
            "flag": "swapped:red/blue",
            "vase": "swapped:an authentic/a reproduction",
            "snake": "swapped:venomous/harmless",
        },
    )
    _assert_verified(got, tuple(k for k in got if k.startswith("ok_")), clear_of="swapped:")


MUSEUM = "Visitors must pay the entrance fee in cash; the museum does not take cards."
CAFE = "The café on the corner is cash only and does not accept cards."
MARKET = "Stalls at the Sunday market take cash only."
TAXI = "The city's taxis accept card payments only."
FERRY = "Tickets for the ferry can be bought by card on board, as cash is no longer accepted."
PARKING = "Parking at the station can be paid by card or phone only; the machines no longer take coins or cash."
SHOP = "The museum shop takes cash only; the café on the corner accepts cards too."


@claims(
    {
        "museum": ("Visitors must pay the entrance fee by card.", MUSEUM),
        "cafe": ("The café on the corner accepts cards.", CAFE),
        "cafe_pay": ("Customers can pay by card at the café on the corner.", CAFE),
        "market": ("You can pay by cheque at the Sunday market.", MARKET),
        "taxi": ("Passengers can pay for the city's taxis in cash.", TAXI),
        "ferry": ("Ferry passengers can buy their tickets on board with cash.", FERRY),
        # held out: the ways in a list ("coins or cash", "card or phone only")
        "parking": ("Parking at the station can be paid in cash.", PARKING),
        # supported: the way the source takes, said otherwise
        "ok_museum": ("The entrance fee must be paid in cash.", MUSEUM),
        "ok_market": ("Stalls at the Sunday market only take cash.", MARKET),
        "ok_taxi": ("The city's taxis only accept cards.", TAXI),
        "ok_ferry": ("Tickets for the ferry can be bought by card on board.", FERRY),
        # written after the rule: the claim's way taken beside another's only
        "ok_too": ("The café on the corner takes cards.", SHOP),
        "ok_parking": ("Parking at the station can be paid by phone.", PARKING),
    }
)
def test_a_way_to_pay_the_source_rules_out_is_not_verified(got: Verdicts) -> None:
    # each was verified (no reason), or weak with a negation_mismatch only: "cash only" and "does not take cards"
    # stand in no place of the claim's "by card"; the claim's way against a window that says another is the only
    # one or denies the claim's (`payments.payment_ruled_out`)
    _assert_flagged(
        got,
        {
            "museum": "swapped:card/not take cards",
            "cafe": "swapped:cards/not accept cards",
            "cafe_pay": "swapped:card/not accept cards",
            "market": "swapped:cheque/cash only",
            "taxi": "swapped:cash/card payments only",
            "ferry": "swapped:cash/cash is no longer accepted",
            "parking": "swapped:cash/no longer take coins or cash",
        },
    )
    _assert_verified(got, tuple(k for k in got if k.startswith("ok_")), clear_of="swapped:")


SALES = "Online sales rose 40 percent in 2020 as shops were closed for months."
DRUG = "The price of the drug fell by 20% after its patent expired in 2019."
RIDERS = "Ridership on the new tram line grew by 50 percent in its first year."
VISITS = "Visitor numbers at the castle fell 30 percent during the renovation."
RENTS = "Average rents in the city rose 110% over the decade, the study found."
EXPORTS = "Exports of wine to China jumped 190 percent between 2015 and 2018."
DECADE = "Revenue rose 15% in 2020; over the decade, revenue grew 105%."
APPLICATIONS = "The number of applications rose by 25 percent this year, the university said."


@claims(
    {
        "doubled": ("Online sales doubled in 2020 as shops were closed for months.", SALES),
        "halved": ("The price of the drug halved after its patent expired in 2019.", DRUG),
        "tripled": ("Ridership on the new tram line tripled in its first year.", RIDERS),
        "visits": ("Visitor numbers at the castle halved during the renovation.", VISITS),
        "rents": ("Average rents in the city tripled over the decade, the study found.", RENTS),
        "exports": ("Exports of wine to China quadrupled between 2015 and 2018.", EXPORTS),
        # held out
        "applications": ("The number of applications doubled this year, the university said.", APPLICATIONS),
        # supported: the multiple the change makes, hedged as it falls, or the change itself
        "ok_more_than": ("Average rents in the city more than doubled over the decade.", RENTS),
        "ok_doubled": ("Average rents in the city doubled over the decade, the study found.", RENTS),
        "ok_jumped": ("Exports of wine to China jumped by 190% from 2015 to 2018.", EXPORTS),
        "nearly": ("Exports of wine to China nearly tripled between 2015 and 2018.", EXPORTS),
        "ok_percent": ("Online sales grew by 40% in 2020 as shops were closed for months.", SALES),
        "ok_half": ("Ridership on the new tram line rose by half in its first year.", RIDERS),
        # written after the rule: one of the thing's changes is the multiple's
        "ok_decade": ("Revenue doubled over the decade.", DECADE),
    }
)
def test_a_multiple_the_sources_change_in_percent_contradicts_is_not_verified(got: Verdicts) -> None:
    # each was verified (no reason): "doubled" holds no figure for `keyfacts` to miss and no copy pairs it with
    # "rose 40 percent"; the claim's multiple against the window's change in percent of the same thing
    # (`multiplied.multiple_against_percent`)
    _assert_flagged(
        got,
        {
            "doubled": "swapped:doubled/rose 40 percent",
            "halved": "swapped:halved/fell by 20%",
            "tripled": "swapped:tripled/grew by 50 percent",
            "visits": "swapped:halved/fell 30 percent",
            "rents": "swapped:tripled/rose 110%",
            "exports": "swapped:quadrupled/jumped 190 percent",
            "applications": "swapped:doubled/rose by 25 percent",
        },
    )
    _assert_verified(got, tuple(k for k in got if k.startswith("ok_")), clear_of="swapped:")
    # "nearly tripled" for a rise of 190 percent is right (weak on the support model's score alone, as before)
    assert not [r for r in got["nearly"][1] if r.startswith("swapped:")], got["nearly"]


CREW = "The expedition's crew numbered 12, including two doctors and a cook."
TOLL = "The death toll from the floods rose to 48 on Monday, officials said."
BLAST = "Those injured in the blast totalled 31, the hospital said."
BOAT = "Coastguards rescued 20 men and 15 women from the boat on Sunday."
DECK = "Twenty men and fifteen women were rescued from the boat on Sunday."
CLASS = "The class has 18 boys and 9 girls, the school said."
STORM = "Fatalities from the storm reached 23 on Tuesday, the agency said."
TEAM = "The team brought 7 swimmers and 8 runners to the games."
MEMBERS = "Membership numbered 12 in 1950 and 50 in 1990."
SQUAD = "The squad of 23 has 12 forwards and 11 defenders."


@claims(
    {
        "crew": ("The expedition's crew numbered fifteen, including two doctors.", CREW),
        "toll": ("The death toll from the floods rose to fifty on Monday.", TOLL),
        "blast": ("Those injured in the blast totalled twenty-one, the hospital said.", BLAST),
        "boat": ("Coastguards rescued forty people from the boat on Sunday.", BOAT),
        "a_total": ("Coastguards rescued a total of forty people from the boat on Sunday.", BOAT),
        "in_all": ("In all, forty people were rescued from the boat on Sunday.", DECK),
        "class": ("The class has thirty pupils, the school said.", CLASS),
        # held out
        "storm": ("Fatalities from the storm reached thirty on Tuesday.", STORM),
        "team": ("The team brought twelve athletes to the games.", TEAM),
        # supported: the source's figure in words, the parts' sum as the total
        "ok_crew": ("The expedition's crew numbered twelve, including two doctors.", CREW),
        "ok_toll": ("The death toll from the floods rose to forty-eight on Monday.", TOLL),
        "ok_blast": ("Those injured in the blast totalled thirty-one, the hospital said.", BLAST),
        "ok_boat": ("Coastguards rescued thirty-five people from the boat on Sunday.", BOAT),
        "ok_in_all": ("In all, thirty-five people were rescued from the boat on Sunday.", DECK),
        "ok_class": ("The class has twenty-seven pupils, the school said.", CLASS),
        "ok_team": ("The team brought fifteen athletes to the games.", TEAM),
        # written after the rule: the count among the source's figures, or one of its parts
        "ok_members": ("Membership numbered fifty in 1990.", MEMBERS),
        "ok_forwards": ("The squad includes twelve forwards.", SQUAD),
    }
)
def test_a_count_in_words_the_source_gives_as_another_figure_is_not_verified(got: Verdicts) -> None:
    # each was verified (no reason), or weak with none: `keyfacts` reads a claim's count in words only before the
    # noun it counts, against a source counting the same noun; a count after its verb ("numbered fifteen") counts
    # none (`totals.slot_changed`), nor does a total ("forty people") that the source gives in parts ("20 men and 15
    # women": `totals.total_changed`)
    _assert_flagged(
        got,
        {
            "crew": "swapped:fifteen/numbered 12",
            "toll": "swapped:fifty/rose 48",
            "blast": "swapped:twenty-one/totalled 31",
            "boat": "swapped:forty people/20 men and 15 women",
            "a_total": "swapped:forty people/20 men and 15 women",
            "in_all": "swapped:forty people/twenty men and fifteen women",
            "class": "swapped:thirty pupils/18 boys and 9 girls",
            "storm": "swapped:thirty/reached 23",
            "team": "swapped:twelve athletes/7 swimmers and 8 runners",
        },
    )
    _assert_verified(got, tuple(k for k in got if k.startswith("ok_") and k != "ok_in_all"), clear_of="swapped:")
    # "In all, thirty-five people" is right (weak on the support model's score alone, as before)
    assert not [r for r in got["ok_in_all"][1] if r.startswith("swapped:")], got["ok_in_all"]


BY_CITY = "In 2019 the club purchased the stadium from the city, which had owned it since 1950."
BOUGHT_BY = "The painting was bought by the museum at auction in 1990."
FUND = "The shares were purchased by the fund in March, a filing showed."


@claims(
    {
        "sold_by": ("The stadium was sold by the club in 2019.", BY_CITY),
        "museum": ("The museum sold the painting at auction in 1990.", BOUGHT_BY),
        "fund": ("The fund sold the shares in March, a filing showed.", FUND),
        # supported: the buyer's deed told as a purchase, or the seller's as a sale
        "ok_city": ("The stadium was sold by the city in 2019.", BY_CITY),
        "ok_bought": ("The museum bought the painting at auction in 1990.", BOUGHT_BY),
        "ok_fund": ("The fund bought the shares in March, a filing showed.", FUND),
    }
)
def test_a_buyer_said_to_have_sold_in_other_words_or_the_other_voice_is_not_verified(got: Verdicts) -> None:
    # each was verified (no reason): no copy pairs "was sold by the club" with "the club purchased" (round 13's
    # first rule reads "sold" / "purchased" in a copy); a deed's party that the sentence says did its converse, the
    # same thing done to the same other party, in either voice (`reversal.converse_told`)
    _assert_flagged(
        got,
        {
            "sold_by": "swapped:sold/purchased",
            "museum": "swapped:sold/bought",
            "fund": "swapped:sold/purchased",
        },
    )
    _assert_verified(got, tuple(k for k in got if k.startswith("ok_")), clear_of="swapped:")
