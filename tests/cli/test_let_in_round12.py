"""The "nothing let in" sweep, round 12: wrong claims that turn the order of two events ("before" where the source
says "after"), that put the two parties of a deed in each other's place in other words ("LinkedIn bought Microsoft"
against "Microsoft acquired LinkedIn"), that state another share in words ("One in three" against "a quarter"), a
placing in other words ("came fourth" against "finished in 3rd place"), or another of a closed set of ways to pay or
of being the original or a copy, on paragraphs written as news and encyclopaedia pages write them, that came out
`verified`, each beside correct paraphrases that must stay `verified`; all through one real `citeaudit run` on real
Parquet and DuckDB files (docs/hostile-inputs.md, "The let-in sweep, round 12")."""

from __future__ import annotations

from tests.cli.hostile import Verdicts, claims
from tests.cli.test_hostile_verdicts import _assert_flagged, _assert_verified

BRIDGE = (
    "The new bridge opened to traffic in May 2019, two years after the old ferry service was discontinued. It cost "
    "40 million euros."
)
CEASEFIRE = "The ceasefire was agreed in March, three weeks after the peace talks began in Geneva."
MUSEUM = "The museum reopened in 2021, a year after the renovation was completed."
TREATY = "The treaty was signed in 1648, after thirty years of war had devastated the region."
SINGER = "The singer recorded her debut album in Nashville before she moved to Los Angeles in 2010."


@claims(
    {
        "bridge": ("The new bridge opened to traffic before the old ferry service was discontinued.", BRIDGE),
        "ceasefire": ("The ceasefire was agreed before the peace talks began in Geneva.", CEASEFIRE),
        "museum": ("The museum reopened before the renovation was completed.", MUSEUM),
        "treaty": ("The treaty was signed before thirty years of war devastated the region.", TREATY),
        "singer": ("She recorded her debut album in Nashville after moving to Los Angeles.", SINGER),
        # supported: the source's order, said with its word or with the other word and the sides turned
        "ok_after": ("The new bridge opened to traffic after the old ferry service was discontinued.", BRIDGE),
        "ok_weeks": ("The ceasefire was agreed three weeks after the peace talks in Geneva began.", CEASEFIRE),
        "ok_turned": ("The renovation was completed before the museum reopened in 2021.", MUSEUM),
        "ok_war": ("Thirty years of war had devastated the region before the treaty was signed.", TREATY),
        "ok_moved": ("She moved to Los Angeles after recording her debut album in Nashville.", SINGER),
        "ok_first": ("The singer recorded her first album in Nashville before moving to Los Angeles.", SINGER),
    }
)
def test_one_event_said_to_come_before_another_the_source_puts_after_it_is_not_verified(got: Verdicts) -> None:
    # each was verified (no reason): the one word of order stands where the sentence has several ("in May 2019,
    # two years after"), which no swap pairs, and `clauses_reversed` reads the same word only
    # (`reversal.order_turned`)
    _assert_flagged(
        got,
        {
            "bridge": "swapped:before/after",
            "ceasefire": "swapped:before/after",
            "museum": "swapped:before/after",
            "treaty": "swapped:before/after",
            "singer": "swapped:after/before",
        },
    )
    _assert_verified(got, tuple(k for k in got if k.startswith("ok_")), clear_of="swapped:")


LINKEDIN = "In 2016, Microsoft acquired LinkedIn for 26.2 billion dollars, its largest purchase at the time."
SKODA = "The German carmaker Volkswagen bought the Czech brand Skoda in 1991."
SEMI = "Spain defeated Italy 2-0 in the semi-final on Thursday, with both goals coming in the second half."
COOK = "In 2011, Tim Cook replaced Steve Jobs as chief executive of Apple, weeks before Jobs died."


@claims(
    {
        "linkedin": ("LinkedIn bought Microsoft in 2016 for 26.2 billion dollars.", LINKEDIN),
        "skoda": ("Skoda bought Volkswagen in 1991.", SKODA),
        "took_over": ("In 1991 the Czech brand Skoda took over Volkswagen.", SKODA),
        "semi": ("In Thursday's semi-final, Italy defeated Spain 2-0.", SEMI),
        "cook": ("In 2011, Steve Jobs succeeded Tim Cook as chief executive of Apple.", COOK),
        # supported: the parties where the source puts them, in its deed's other words or in the passive
        "ok_acquired_by": ("LinkedIn was acquired by Microsoft in 2016 for 26.2 billion dollars.", LINKEDIN),
        "ok_bought": ("Microsoft bought LinkedIn in 2016 for 26.2 billion dollars.", LINKEDIN),
        "ok_took_over": ("Volkswagen took over Skoda in 1991.", SKODA),
        "ok_passive": ("Skoda was bought by Volkswagen in 1991.", SKODA),
        "ok_purchased": ("Volkswagen purchased Skoda, a Czech car brand, in 1991.", SKODA),
        "ok_beaten": ("Italy were beaten 2-0 by Spain in the semi-final on Thursday.", SEMI),
        "ok_beat": ("Spain beat Italy 2-0 in Thursday's semi-final.", SEMI),
        "ok_succeeded": ("Tim Cook succeeded Steve Jobs as chief executive of Apple in 2011.", COOK),
    }
)
def test_two_parties_of_a_deed_told_in_other_words_in_each_others_place_are_not_verified(got: Verdicts) -> None:
    # each was verified (no reason): `reversal.reordered` read the sentence's own verb with the two parties right
    # beside it; here the verb is another of the same deed ("bought" / "acquired", "took over" / "bought") or a
    # party's description stands beside its name ("the Czech brand Skoda") (`reversal.deed_reordered`)
    _assert_flagged(
        got,
        {
            "linkedin": "swapped:linkedin/microsoft",
            "skoda": "swapped:skoda/volkswagen",
            "took_over": "swapped:czech brand skoda/volkswagen",
            "semi": "swapped:italy/spain",
            "cook": "swapped:steve jobs/tim cook",
        },
    )
    _assert_verified(got, tuple(k for k in got if k.startswith("ok_")), clear_of="swapped:")


SURVEY = "A quarter of the adults surveyed said they had never used online banking."
POLL = "According to the poll, one in five voters had not yet decided how to vote."
JUDGES = "Two of the five judges dissented from the ruling, which was issued on Tuesday."
CLINIC = "In the trial, 40 percent of the patients who took the drug reported headaches."
OFFICE = "Three out of four employees said they would prefer to work from home two days a week."
CARLESS = "Roughly a fifth of the city's households do not own a car, the census found."


@claims(
    {
        "one_in_three": ("One in three adults surveyed said they had never used online banking.", SURVEY),
        "poll": ("A quarter of voters had not yet decided how to vote, the poll found.", POLL),
        "judges": ("Three of five judges dissented from Tuesday's ruling.", JUDGES),
        "clinic": ("Half of the patients who took the drug reported headaches in the trial.", CLINIC),
        "office": ("Half of employees said they would prefer to work from home two days a week.", OFFICE),
        "hedged": ("About one in three of the city's households do not own a car, the census found.", CARLESS),
        # supported: the source's share in other words, or a range it falls in
        "ok_one_in_four": ("One in four adults surveyed said they had never used online banking.", SURVEY),
        "ok_fifth": ("A fifth of voters had not yet decided how to vote, the poll found.", POLL),
        "ok_two_in_five": ("Two in five patients who took the drug reported headaches in the trial.", CLINIC),
        "ok_percent": ("75% of employees said they would prefer to work from home two days a week.", OFFICE),
        "ok_hedged": ("Around 20 percent of the city's households do not own a car, the census found.", CARLESS),
        "ok_more_than_half": ("More than half of employees would prefer to work from home two days a week.", OFFICE),
    }
)
def test_a_share_said_in_words_that_the_source_gives_as_another_is_not_verified(got: Verdicts) -> None:
    # each was verified, or weak with no reason: "one in three" holds no figure in digits for `keyfacts` to miss,
    # and no copy pairs "one in three" with "a quarter" (`shares.share_changed`; "hedged" from the held-out probe:
    # a hedged share was not compared at first, now within `shares.HEDGED_SHARE`)
    _assert_flagged(
        got,
        {
            "one_in_three": "swapped:one in three/a quarter",
            "poll": "swapped:a quarter/one in five",
            "judges": "swapped:three of five/two of the five",
            "clinic": "swapped:half/40 percent",
            "office": "swapped:half/three out of four",
            "hedged": "swapped:one in three/a fifth",
        },
    )
    _assert_verified(got, tuple(k for k in got if k.startswith("ok_")), clear_of="swapped:")


RACE = "Hamilton finished in 3rd place, behind Verstappen and Leclerc."
RELAY = "At the 2019 World Championships, the relay team finished in fourth place after a dropped baton."
FESTIVAL = "The documentary finished in 2nd place in the festival's audience vote."


@claims(
    {
        "hamilton": ("Hamilton came fourth, behind Verstappen and Leclerc.", RACE),
        "relay": ("At the 2019 World Championships, the relay team came fifth after a dropped baton.", RELAY),
        "festival": ("The documentary came third in the festival's audience vote.", FESTIVAL),
        # supported: the same placing said with or without "place", in digits or words
        "ok_third": ("Hamilton came third, behind Verstappen and Leclerc.", RACE),
        "ok_third_place": ("Hamilton finished in third place, behind Verstappen and Leclerc.", RACE),
        "ok_fourth": ("At the 2019 World Championships, the relay team came fourth after a dropped baton.", RELAY),
        "ok_second": ("The documentary placed second in the festival's audience vote.", FESTIVAL),
    }
)
def test_a_placing_said_otherwise_than_the_sources_place_is_not_verified(got: Verdicts) -> None:
    # each was verified (no reason): "came fourth" for "finished in 3rd place" is two words against four, one of
    # them a number, which no swap pairs; a placing is read as "finished" and its ordinal on both sides
    # (`outcomes.placed_as_ordinal`), and "fourth" against "3rd" is a swap by value
    _assert_flagged(
        got,
        {"hamilton": "swapped:fourth/3rd", "relay": "swapped:fifth/fourth", "festival": "swapped:third/2nd"},
    )
    _assert_verified(got, tuple(k for k in got if k.startswith("ok_")), clear_of="swapped:")


PAID = "The buyer paid for the painting by card, according to the auction house."
FARES = "Passengers can only pay their fares by card on the city's buses, which stopped accepting cash in 2020."
MANUSCRIPT = "The manuscript on display in the library is the original, written in 1605."
SWORD = "The sword shown at the castle is a copy made in the 19th century."


@claims(
    {
        "cash": ("The buyer paid for the painting in cash, according to the auction house.", PAID),
        "fares": ("Passengers can only pay their fares in cash on the city's buses.", FARES),
        "replica": ("The manuscript on display in the library is a replica, written in 1605.", MANUSCRIPT),
        "sword": ("The sword shown at the castle is the original made in the 19th century.", SWORD),
        # supported: the same way to pay, the same thing itself or copy, in other words
        "ok_card": ("The buyer paid for the painting with a card, the auction house said.", PAID),
        "ok_genuine": ("The manuscript on display in the library is the genuine one, written in 1605.", MANUSCRIPT),
        "ok_replica": ("The sword shown at the castle is a replica made in the 19th century.", SWORD),
    }
)
def test_another_way_to_pay_or_the_original_for_a_copy_is_not_verified(got: Verdicts) -> None:
    # each was verified (no reason): "cash" / "card", "original" / "replica" were in no table of words that exclude
    # each other (`exclusive.EXCLUSIVE_CLASSES`: payment, authenticity)
    _assert_flagged(
        got,
        {
            "cash": "swapped:in cash/by card",
            "fares": "swapped:in cash/by card",
            "replica": "swapped:a replica/the original",
            "sword": "swapped:the original/a copy",
        },
    )
    _assert_verified(got, tuple(k for k in got if k.startswith("ok_")), clear_of="swapped:")


ACQUIRED_BY = "LinkedIn was acquired by Microsoft in 2016 for 26.2 billion dollars."


@claims(
    {
        "bought_by": ("Microsoft was bought by LinkedIn in 2016 for 26.2 billion dollars.", LINKEDIN),
        "taken_over_by": ("Volkswagen was taken over by Skoda in 1991.", SKODA),
        "purchased": ("In 2016 LinkedIn purchased Microsoft for 26.2 billion dollars.", ACQUIRED_BY),
        # supported: the parties where the source puts them, in either voice
        "ok_bought_by": ("LinkedIn was bought by Microsoft in 2016 for 26.2 billion dollars.", LINKEDIN),
        "ok_taken_over_by": ("Skoda was taken over by Volkswagen in 1991.", SKODA),
        "ok_purchased": ("In 2016 Microsoft purchased LinkedIn for 26.2 billion dollars.", ACQUIRED_BY),
    }
)
def test_two_parties_of_a_deed_in_each_others_place_in_the_other_voice_are_not_verified(got: Verdicts) -> None:
    # each was verified (no reason): `reversal.voice_turned` reads the sentence's own verb only, and "Volkswagen
    # was taken over by Skoda" shares too few words with its sentence to be read at all (`reversal.deed_reordered`
    # reads the passive on either side, and every sentence of the windows for a deed)
    _assert_flagged(
        got,
        {
            "bought_by": "swapped:microsoft/linkedin",
            "taken_over_by": "swapped:volkswagen/skoda",
            "purchased": "swapped:linkedin/microsoft",
        },
    )
    _assert_verified(got, tuple(k for k in got if k.startswith("ok_")), clear_of="swapped:")


LISTED = "The company acquired its main rival in 2012. Three years later, in 2015, it went public on the Nasdaq."
BAND = "The band released its debut album in 1998 and won its first Grammy in 2004."
BANKER = "Smith joined the bank in 1995 and became chief executive in 2010. He left the bank in 2016."
OPENED = (
    "The bridge was designed in 1931 by the engineer Maria Lindqvist. Construction began in 1934, and the bridge "
    "opened to traffic in 1937."
)


@claims(
    {
        "listed": ("The company went public before it acquired its main rival.", LISTED),
        "grammy": ("The band won its first Grammy before releasing its debut album.", BAND),
        "album": ("The band released its debut album after winning its first Grammy.", BAND),
        "opened": ("The bridge opened to traffic before construction began.", OPENED),
        "banker": ("Smith became chief executive after leaving the bank.", BANKER),
        # supported: the order of the source's years, with either word
        "ok_listed": ("The company acquired its main rival before it went public.", LISTED),
        "ok_grammy": ("The band won its first Grammy after releasing its debut album.", BAND),
        "ok_album": ("The band released its debut album before winning its first Grammy.", BAND),
        "ok_opened": ("The bridge opened to traffic after construction began.", OPENED),
        "ok_began": ("Construction began before the bridge opened to traffic.", OPENED),
        "ok_banker": ("Smith joined the bank long before becoming chief executive.", BANKER),
    }
)
def test_two_events_ordered_against_the_years_the_source_gives_them_are_not_verified(got: Verdicts) -> None:
    # each was verified (no reason): no date in the claim for `keyfacts` to miss, and no sentence it copies
    # (`chronology.order_against_dates`; "banker" is round 11's let-in, "left" matched to "leaving")
    _assert_flagged(
        got,
        {
            "listed": "swapped:before/2015 after 2012",
            "grammy": "swapped:before/2004 after 1998",
            "album": "swapped:after/1998 before 2004",
            "opened": "swapped:before/1937 after 1934",
            "banker": "swapped:after/2010 before 2016",
        },
    )
    _assert_verified(got, tuple(k for k in got if k.startswith("ok_")), clear_of="swapped:")


COUPLE = "The couple divorced in 2009 after twelve years of marriage, according to court records."
STADIUM = "The old stadium was demolished in 1998 to make way for a shopping centre."
CANNABIS = "The country legalised cannabis for recreational use in 2018."
DINOSAUR = "Spinosaurus was a carnivore that hunted fish in the rivers of North Africa."
LAGOONS = "The species lives in saltwater lagoons along the coast of Queensland."
GEARBOX = "The new model comes with a manual gearbox as standard."
EXAM = "Students will sit the exam online this year because of the building works."


@claims(
    {
        "married": ("The couple married in 2009 after twelve years of marriage, according to court records.", COUPLE),
        "built": ("The old stadium was built in 1998 to make way for a shopping centre.", STADIUM),
        "banned": ("The country banned cannabis for recreational use in 2018.", CANNABIS),
        "herbivore": ("Spinosaurus was a herbivore that hunted fish in the rivers of North Africa.", DINOSAUR),
        "freshwater": ("The species lives in freshwater lagoons along the coast of Queensland.", LAGOONS),
        "automatic": ("The new model comes with an automatic gearbox as standard.", GEARBOX),
        "offline": ("Students will sit the exam offline this year because of the building works.", EXAM),
        # supported: the same state, kind or deed in other words
        "ok_divorced": ("After twelve years of marriage, the couple divorced in 2009.", COUPLE),
        "ok_torn_down": ("The old stadium was torn down in 1998 to make way for a shopping centre.", STADIUM),
        "ok_legalized": ("The country legalized cannabis for recreational use in 2018.", CANNABIS),
        "ok_meat_eater": ("Spinosaurus was a meat-eater that hunted fish in the rivers of North Africa.", DINOSAUR),
        "ok_salt_water": ("The species lives in salt-water lagoons along the coast of Queensland.", LAGOONS),
    }
)
def test_an_antonym_in_a_copied_sentence_is_not_verified(got: Verdicts) -> None:
    # each was verified (no reason): the two words were in no table of words that say otherwise
    # (`exclusive.EXCLUSIVE_PAIRS`)
    _assert_flagged(
        got,
        {
            "married": "swapped:married/divorced",
            "built": "swapped:built/demolished",
            "banned": "swapped:banned/legalised",
            "herbivore": "swapped:herbivore/carnivore",
            "freshwater": "swapped:freshwater/saltwater",
            "automatic": "swapped:an automatic/a manual",
            "offline": "swapped:offline/online",
        },
    )
    _assert_verified(got, tuple(k for k in got if k.startswith("ok_")), clear_of="swapped:")


TRONDHEIM = "Trondheim lies north of Oslo, about 500 kilometres by road."
ELY = "The town of Ely sits downstream of the dam, which was completed in 1962."


@claims(
    {
        "oslo": ("Oslo lies north of Trondheim, about 500 kilometres by road.", TRONDHEIM),
        "located": ("Oslo is located north of Trondheim.", TRONDHEIM),
        "dam": ("The dam sits downstream of the town of Ely.", ELY),
        # supported: the same places, said from either side
        "ok_south": ("Oslo lies south of Trondheim, about 500 kilometres by road.", TRONDHEIM),
        "ok_situated": ("Trondheim is situated north of Oslo.", TRONDHEIM),
        "ok_upstream": ("The dam lies upstream of the town of Ely.", ELY),
    }
)
def test_two_places_in_each_others_place_across_a_compass_point_are_not_verified(got: Verdicts) -> None:
    # each was verified (no reason): "north of" orders no parties for `reversal.reordered`, and a verb stood between
    # the first place and it; read as a deed (`reversal.SAME_DEED`), a verb or auxiliary may stand there
    _assert_flagged(
        got,
        {"oslo": "swapped:oslo/trondheim", "located": "swapped:oslo/trondheim", "dam": "swapped:dam/town of ely"},
    )
    _assert_verified(got, tuple(k for k in got if k.startswith("ok_")), clear_of="swapped:")


REOPENED = "The museum reopened in 2021, a year after the renovation was completed. Visitors returned quickly."
STARTUP = "Google acquired YouTube in 2006. A year later, YouTube acquired a small video startup."
EXAM = "About 40 percent of the students passed the exam, while a quarter of the students failed it outright."
MOVED = "The company was founded in 1998. After a merger in 2005, it moved its headquarters to Boston in 2008."
PYRENEES = "Madrid lies south of the Pyrenees, and Toulouse lies north of them."
CUP = "In 2019, Manchester City beat Watford 6-0 in the FA Cup final. Watford had beaten City in the league in 2007."
TABLE = "The team finished the season in 4th place, one point behind Arsenal, who came third."
LOUVRE = "The gallery sells replicas of the painting; the original hangs in the Louvre."
SMOKERS = "One in five adults smokes, and half of all smokers say they want to quit."
TICKETS = "Tickets can be paid for in cash at the door or by card online."
WAR = "The treaty was signed in 1990, before the war ended in 1991."
STAFF = "The bank hired 200 new staff in 2020 after it had fired 500 workers in 2019."


@claims(
    {
        "ok_reopened": ("The renovation was completed a year before the museum reopened.", REOPENED),
        "ok_startup": ("YouTube acquired a small video startup a year after Google bought it.", STARTUP),
        "ok_failed": ("A quarter of the students failed the exam outright.", EXAM),
        "ok_merger": ("The company moved its headquarters to Boston after a merger in 2005.", MOVED),
        "ok_founded": ("The company moved its headquarters to Boston after it was founded.", MOVED),
        "ok_toulouse": ("Toulouse lies north of the Pyrenees.", PYRENEES),
        "ok_watford": ("Watford beat Manchester City in the league in 2007.", CUP),
        "ok_final": ("Manchester City defeated Watford 6-0 in the 2019 FA Cup final.", CUP),
        "ok_fourth": ("The team came fourth, a point behind Arsenal.", TABLE),
        "ok_arsenal": ("Arsenal finished third, one point ahead of the team.", TABLE),
        "ok_copies": ("The gallery sells copies of the painting, whose original hangs in the Louvre.", LOUVRE),
        "ok_adults": ("A fifth of adults smoke.", SMOKERS),
        "ok_tickets": ("Tickets can be paid for by card online or in cash at the door.", TICKETS),
        "ok_treaty": ("The treaty was signed before the war ended.", WAR),
        "ok_fired": ("The bank fired 500 workers before it hired 200 new staff.", STAFF),
        "ok_hired": ("The bank hired 200 new staff after firing 500 workers.", STAFF),
    }
)
def test_right_claims_beside_the_rounds_rules_stay_verified(got: Verdicts) -> None:
    # written after the rules to find their false alarms (none found): a deed's parties both ways in two sentences,
    # a second share of the same noun, two places on either side of a third, a placing beside another's, an order
    # the years agree with
    _assert_verified(got, tuple(got), clear_of="swapped:")
