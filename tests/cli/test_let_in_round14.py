"""The "nothing let in" sweep, round 14: wrong claims that give a party the role the source gives the other party of
its deed (the buyer called the seller, the lender the borrower, the loser the winner, the employee the employer, the
victim the killer), or say a state holds now ("is missing", "remains at large") whose end the source tells ("was
found", "was captured"), on paragraphs written as news and encyclopaedia pages write them, that came out `verified`,
each beside correct paraphrases that must stay `verified`; all through one real `citeaudit run` on real Parquet and
DuckDB files (docs/hostile-inputs.md, "The let-in sweep, round 14"). Beside them, an ordinal in words the source
states otherwise ("Error classes of the training pairs, round 3")."""

from __future__ import annotations

from tests.cli.hostile import Verdicts, claims
from tests.cli.test_hostile_verdicts import _assert_flagged, _assert_verified

PAINTING = "The museum bought the painting from a private collector in 1998."
MOTOROLA = "In 2010 Google sold the Motorola unit to Lenovo for 2.9 billion dollars."
HARBOUR = "In 2015 the city borrowed 40 million euros from the regional bank to rebuild the harbour."
IMF = "The IMF lent Greece 30 billion euros in 2010."
FINAL = "Nadal beat Federer in the final of the 2008 French Open."
ELECTION = "Jones defeated Brown in the 1998 election by 2,000 votes."
SHOP = "Smith employed Jones as a clerk at his shop from 1990 to 1995."
FLAT = "Mr Green rented the flat to Ms White in 2004."
CAMBRIDGE = "Professor Adams taught Brown at Cambridge in the 1960s."
THEATRE = "In 1865 Booth shot Lincoln at Ford's Theatre."
CARMAKER = "In 2009 the government lent 20 billion dollars to the carmaker to keep it afloat."
AUCTION = "At the auction in London, an American collector bought the manuscript from the Duke's estate."
VIOLIN = "Menuhin studied under Enescu in Paris as a boy."
DUEL = "In the 1804 duel, Burr shot Hamilton, who died the next day."
SEAT = "Jones beat Brown in the 1998 election, but Brown won the seat back in 2002."
FILM = "Easy A is a 2010 teen comedy film directed by Will Gluck and written by Bert V. Royal."


@claims(
    {
        "seller": ("The museum was the seller of the painting in 1998.", PAINTING),
        "buyer": ("The private collector was the buyer of the painting in 1998.", PAINTING),
        "lenovo": ("Lenovo sold the Motorola unit to Google in 2010 for 2.9 billion dollars.", MOTOROLA),
        "lender": ("The city was the lender in the 40 million euro deal with the regional bank.", HARBOUR),
        "borrower": ("The regional bank was the borrower of 40 million euros in 2015.", HARBOUR),
        "greece": ("Greece lent the IMF 30 billion euros in 2010.", IMF),
        "loser": ("Nadal was the loser of the 2008 French Open final against Federer.", FINAL),
        "winner": ("Federer was the winner of the 2008 French Open final.", FINAL),
        "election": ("Brown won the 1998 election by 2,000 votes.", ELECTION),
        "employer": ("Jones was Smith's employer from 1990 to 1995.", SHOP),
        "tenant": ("Mr Green was the tenant of the flat from 2004.", FLAT),
        "student": ("Professor Adams was a student of Brown at Cambridge.", CAMBRIDGE),
        "taught": ("Brown taught Professor Adams at Cambridge in the 1960s.", CAMBRIDGE),
        "shot": ("In 1865 Lincoln shot Booth at Ford's Theatre.", THEATRE),
        # held out (written after the rule)
        "carmaker": ("In 2009 the carmaker lent 20 billion dollars to the government.", CARMAKER),
        "duke": ("The Duke's estate was the buyer of the manuscript at the London auction.", AUCTION),
        "enescu": ("Enescu studied under Menuhin in Paris.", VIOLIN),
        "victim": ("Burr was the victim of the 1804 duel.", DUEL),
        # a name given the deed the source gives another name (error classes of the training pairs, round 4)
        "directed": ("Easy A was directed by Bert V. Royal.", FILM),
        # supported: each role given its own party, in other words or the other voice
        "ok_buyer": ("The museum was the buyer of the painting in 1998.", PAINTING),
        "ok_seller": ("A private collector sold the painting to the museum in 1998.", PAINTING),
        "ok_lenovo": ("Lenovo bought the Motorola unit from Google in 2010.", MOTOROLA),
        "ok_lender": ("The regional bank lent the city 40 million euros in 2015.", HARBOUR),
        "ok_borrower": ("The city was the borrower of 40 million euros in 2015.", HARBOUR),
        "ok_winner": ("Nadal was the winner of the 2008 French Open final.", FINAL),
        "ok_lost": ("Federer lost to Nadal in the 2008 French Open final.", FINAL),
        "ok_election": ("Brown lost the 1998 election to Jones.", ELECTION),
        "ok_employer": ("Smith was Jones's employer from 1990 to 1995.", SHOP),
        "ok_tenant": ("Ms White was the tenant of the flat from 2004.", FLAT),
        "ok_student": ("Brown was a student of Professor Adams at Cambridge.", CAMBRIDGE),
        "ok_gov": ("The government was the lender of 20 billion dollars to the carmaker.", CARMAKER),
        "ok_duke": ("The Duke's estate sold the manuscript to an American collector.", AUCTION),
        "ok_enescu": ("Enescu taught Menuhin in Paris.", VIOLIN),
        "ok_duel": ("Hamilton was shot by Burr in the 1804 duel.", DUEL),
        "ok_seat": ("Brown won the seat back in 2002.", SEAT),
        "ok_seat_jones": ("Jones won the 1998 election against Brown.", SEAT),
        "ok_directed": ("Easy A was directed by Will Gluck.", FILM),
        "ok_written": ("Easy A was written by Bert V. Royal.", FILM),
    }
)
def test_a_party_given_the_role_the_source_gives_the_other_party_is_not_verified(got: Verdicts) -> None:
    # each was verified (no reason): a role said with a noun ("the seller"), a receiver after "to", and deeds outside
    # `reversal.SAME_DEED` ("lent", "taught", "shot") were read by nothing (`roles.role_given_other`)
    _assert_flagged(
        got,
        {
            "seller": "swapped:seller/buyer",
            "buyer": "swapped:buyer/seller",
            "lenovo": "swapped:seller/buyer",
            "lender": "swapped:lender/borrower",
            "borrower": "swapped:borrower/lender",
            "greece": "swapped:lender/borrower",
            "loser": "swapped:loser/winner",
            "winner": "swapped:winner/loser",
            "election": "swapped:winner/loser",
            "employer": "swapped:employer/employee",
            "tenant": "swapped:tenant/landlord",
            "student": "swapped:student/teacher",
            "taught": "swapped:teacher/student",
            "shot": "swapped:killer/victim",
            "carmaker": "swapped:lender/borrower",
            "duke": "swapped:buyer/seller",
            "enescu": "swapped:teacher/student",
            "victim": "swapped:victim/killer",
            "directed": "swapped:directed/written",
        },
    )
    _assert_verified(got, tuple(k for k in got if k.startswith("ok_")), clear_of="swapped:")


HIKER = "The hiker who disappeared on Friday near the summit was found alive on Sunday, police said."
RING = "The stolen ring was recovered by police in 2012."
GUNMAN = "After a week-long manhunt, the gunman was arrested on Tuesday in a farmhouse."
MUSEUM = "The museum closed for repairs in 2001 and reopened in 2019."
PRISONER = "The escaped prisoner was captured in a nearby village on Thursday."
MANUSCRIPT = "The poet's lost manuscript was rediscovered in an attic and recovered by the library in 1999."
CLIMBERS = "One of the two climbers was found alive on Sunday; the other is still missing."
DOG = "The dog went missing in March and has not been found."
POLICE = "Police found the climber who fell near the summit on Saturday morning, alive but injured."
BOAT = "The fishing boat that sank on Monday was located by divers on Wednesday."


@claims(
    {
        "missing": ("The hiker who disappeared on Friday near the summit is missing, police said.", HIKER),
        "still": ("The hiker is still missing, police said.", HIKER),
        "ring": ("The stolen ring remains missing.", RING),
        "gunman": ("The gunman is still at large after a week-long manhunt.", GUNMAN),
        "closed": ("The museum has been closed for repairs since 2001.", MUSEUM),
        # held out (written after the rule)
        "prisoner": ("The escaped prisoner remains at large.", PRISONER),
        "manuscript": ("The poet's manuscript is lost.", MANUSCRIPT),
        "boat": ("The fishing boat that sank on Monday is still missing.", BOAT),
        "police": ("The climber who fell near the summit is still missing.", POLICE),
        # supported: the deed, a past state, the state of another, a state the source says holds
        "ok_found": ("The hiker was found alive on Sunday.", HIKER),
        "ok_went": ("The hiker went missing on Friday and was found on Sunday.", HIKER),
        "ok_ring": ("The stolen ring was recovered in 2012.", RING),
        "ok_gunman": ("The gunman was arrested after a week-long manhunt.", GUNMAN),
        "ok_closed": ("The museum was closed for repairs from 2001 to 2019.", MUSEUM),
        "ok_climber": ("One of the two climbers is still missing.", CLIMBERS),
        "ok_dog": ("The dog that went missing in March is still missing.", DOG),
        "ok_boat": ("The fishing boat sank on Monday.", BOAT),
        "ok_police": ("The climber who fell near the summit was found alive on Saturday.", POLICE),
    }
)
def test_a_state_said_to_hold_whose_end_the_source_tells_is_not_verified(got: Verdicts) -> None:
    # each was verified (no reason): "is missing" against "was found" holds no negation for `negation_mismatch` and
    # no word a copy pairs; `pending.done_but_awaited` reads only the other way round (`ended.state_but_ended`)
    _assert_flagged(
        got,
        {
            "missing": "swapped:is missing/found",
            "still": "swapped:is still missing/found",
            "ring": "swapped:remains missing/recovered",
            "gunman": "swapped:is still at large/arrested",
            "closed": "swapped:has been closed/reopened",
            "prisoner": "swapped:remains at large/captured",
            "manuscript": "swapped:is lost/rediscovered",
            "boat": "swapped:is still missing/located",
            "police": "swapped:is still missing/found",
        },
    )
    _assert_verified(got, tuple(k for k in got if k.startswith("ok_")), clear_of="swapped:")


YIELDS = (
    "Japan's 10-year government bond yield touched 0.505% for a second straight session on Wednesday, breaching the "
    "central bank's cap of 0.5%."
)
CITY = "Valencia, with about 800,000 inhabitants, is the third-largest city in Spain after Madrid and Barcelona."
ALBUM = "Prism is the fourth studio album by American singer Katy Perry, released in 2013 through Capitol Records."


@claims(
    {
        "third_in_row": (
            "Japan's 10-year yield hit 0.505% on Wednesday, its third session in a row above the cap.",
            YIELDS,
        ),
        "second_city": ("With about 800,000 people, Valencia is Spain's second biggest city.", CITY),
        "fifth_album": ("Prism is Katy Perry's fifth studio album.", ALBUM),
        # supported: the ordinal the source states
        "ok_second": ("The 10-year bond yield touched 0.505% for a second straight session on Wednesday.", YIELDS),
        "ok_third": ("Valencia is the third largest city in Spain.", CITY),
        "ok_fourth": ("Prism is Katy Perry's fourth studio album.", ALBUM),
    }
)
def test_an_ordinal_in_words_the_source_states_otherwise_is_not_verified(got: Verdicts) -> None:
    # each was verified (no reason): an ordinal in words was no key fact (the training pairs' error classes, round 3;
    # a near copy, "for a third straight session" against "a second straight session", was `swapped:` already)
    _assert_flagged(
        got,
        {
            "third_in_row": "missing_number:3rd",
            "second_city": "missing_number:2nd",
            "fifth_album": "missing_number:5th",
        },
    )
    _assert_verified(got, ("ok_second", "ok_third", "ok_fourth"), clear_of="missing_number:")
