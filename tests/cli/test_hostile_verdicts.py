"""The "nothing let in" sweep: claims built to be verified against a source that does not support them (a source's
question, denial or hypothesis stated as fact; one word of a copied sentence swapped for its opposite), each through
the real `citeaudit run` on real Parquet and DuckDB files, beside the supported claims they must not flag."""

from __future__ import annotations

from tests.cli.hostile import Verdicts, claims


def _assert_flagged(got: dict[str, tuple[str, list[str]]], want: dict[str, str]) -> None:
    """Each case of `want` is not verified and gives its reason."""
    for key, reason in want.items():
        verdict, reasons = got[key]
        assert verdict != "verified" and reason in reasons, (key, got[key])


def _assert_verified(got: dict[str, tuple[str, list[str]]], keys: tuple[str, ...], clear_of: str = "") -> None:
    """Each case of `keys` is verified, with no reason starting with `clear_of` (when given)."""
    for key in keys:
        verdict, reasons = got[key]
        assert verdict == "verified", (key, got[key])
        assert not clear_of or not [r for r in reasons if r.startswith(clear_of)], (key, got[key])


DENIED = "The ministry denied that the factory had polluted the river during the summer months."
ASKED = "Researchers are still investigating whether the new drug reduces the risk of heart attacks."


@claims(
    {
        "denied": ("The factory had polluted the river during the summer months.", DENIED),
        "whether": ("The new drug reduces the risk of heart attacks.", ASKED),
        "asks_if": (
            "The merger will be approved by the regulator next year.",
            "The article asks if the merger will be approved by the regulator next year.",
        ),
        "no_evidence": (
            "Vitamin C prevents the common cold in healthy adults.",
            "There is no evidence that vitamin C prevents the common cold in healthy adults.",
        ),
        "myth": (
            "Goldfish have a memory span of only three seconds.",
            "It is a myth that goldfish have a memory span of only three seconds.",
        ),
        # supported: the source asserts it, or says who found it
        "found_that": (
            "The factory had polluted the river during the summer months.",
            DENIED.replace("denied", "confirmed"),
        ),
        "said_that": (
            "The new drug reduces the risk of heart attacks.",
            "The authors said that the new drug reduces the risk of heart attacks.",
        ),
        "whole": (DENIED, DENIED),
        "if_clause": (
            "Customers receive a full refund within 30 days.",
            "If the parcel is lost, customers receive a full refund within 30 days.",
        ),
    }
)
def test_a_question_denial_or_hypothesis_of_the_source_stated_as_fact_is_not_verified(got: Verdicts) -> None:
    # the claim was verbatim in the source, inside "denied that ...", "whether ...": exact_match, support 1, verified
    for key in ("denied", "whether", "asks_if", "no_evidence", "myth"):
        verdict, reasons = got[key]
        assert verdict != "verified" and "exact_match" not in reasons, (key, got[key])
        assert any(r.startswith("unasserted:") for r in reasons), (key, got[key])
    assert got["denied"][1][-1] == "unasserted:denied that", got["denied"]
    assert got["whether"][1][-1] == "unasserted:whether", got["whether"]
    for key in ("found_that", "said_that", "whole"):
        assert got[key] == ("verified", ["exact_match"]), (key, got[key])
    # a condition closed by a comma is no frame; the claim leaving it out states as fact what hangs on it (round 3)
    assert got["if_clause"][0] != "verified" and got["if_clause"][1] == ["conditional:if"], got["if_clause"]


REGULATION = (
    "Under the new regulation, which took effect in January, vendors are allowed to sell alcohol on Sundays after noon."
)
BRIDGE = "The bridge is 12 kilometres long and carries about 40,000 vehicles per day across the bay."
SALES = "The company reported sales of 4.2 billion euros for the fiscal year ending in March."
RACE = "She finished second in the national championship held in Madrid last spring."
POPULATION = "Norway has a population of 5.5 million people. Sweden has a population of 10.5 million people."
RATE = "The unemployment rate rose by 2 percentage points to 7 percent in the second quarter."
DRONES = "Under current law, the use of drones over national parks is illegal without a special permit from the agency."
MIETEN = "Die Stadt hat im Jahr 2019 insgesamt 350 neue Wohnungen gebaut und die Mieten stabil gehalten."
SALAIRE = "Le gouvernement a augmenté le salaire minimum de 3 pour cent en janvier pour tous les travailleurs."


@claims(
    {
        "after_before": (REGULATION.replace("after noon", "before noon"), REGULATION),
        "first_last": (
            "Johnson was the last astronaut to walk on the surface during the mission.",
            "Johnson was the first astronaut to walk on the surface during the mission, followed by Park.",
        ),
        "min_max": (
            "The maximum order value for free delivery within the country is 40 euros.",
            "The minimum order value for free delivery within the country is 40 euros, excluding taxes.",
        ),
        "miles": (BRIDGE.replace("kilometres", "miles"), BRIDGE),
        "currency": (SALES.replace("euros", "dollars"), SALES),
        "ordinal": (RACE.replace("second", "third"), RACE),
        "stitched": ("Norway has a population of 10.5 million people.", POPULATION),
        "points": (RATE.replace("percentage points", "percent"), RATE),
        "prefix": (DRONES.replace("illegal", "legal"), DRONES),
        "reversed": (
            "The Atlantic Ocean is larger than the Pacific Ocean by about 60 million square kilometres.",
            "The Pacific Ocean is larger than the Atlantic Ocean by about 60 million square kilometres.",
        ),
        "nicht": (MIETEN.replace("Mieten stabil", "Mieten nicht stabil"), MIETEN),
        "ne_pas": (SALAIRE.replace("a augmenté", "n'a pas augmenté"), SALAIRE),
        "baisse": (SALAIRE.replace("augmenté", "baissé"), SALAIRE),
        "abgelehnt": (
            "Die Behörde hat den Antrag auf Erweiterung des Flughafens im März abgelehnt.",
            "Die Behörde hat den Antrag auf Erweiterung des Flughafens im März genehmigt.",
        ),
    }
)
def test_a_copied_sentence_with_one_word_that_says_otherwise_is_not_verified(got: Verdicts) -> None:
    # every word (and key fact) of each claim is in its source, but one word says otherwise: all were verified
    want = {
        "after_before": "swapped:before/after",
        "first_last": "swapped:last/first",
        "min_max": "swapped:maximum/minimum",
        "miles": "swapped:miles/kilometres",
        "currency": "swapped:dollars/euros",
        "ordinal": "swapped:third/second",
        "stitched": "swapped:10.5/5.5",
        "points": "swapped:percent/percentage points",
        "prefix": "swapped:legal/illegal",
        "reversed": "swapped:atlantic/pacific",
        "nicht": "negation_mismatch",
        "ne_pas": "negation_mismatch",
        "baisse": "swapped:baisse/augmente",
        "abgelehnt": "swapped:abgelehnt/genehmigt",
    }
    _assert_flagged(got, want)


@claims(
    {
        "synonym": (REGULATION.replace("allowed", "permitted"), REGULATION),
        "spelling": (BRIDGE.replace("kilometres", "kilometers"), BRIDGE),
        "grouping": (BRIDGE.replace("40,000", "40000"), BRIDGE),
        "percent_sign": (RATE.replace("7 percent", "7%"), RATE),
        "other_sentence": ("Sweden has a population of 10.5 million inhabitants.", POPULATION),
        "fragment": ("Vendors are allowed to sell alcohol on Sundays after noon.", REGULATION),
        "accent": (
            "The expedition was led by Francisco Vazquez de Coronado in the year 1540.",
            "The expedition was led by Francisco Vázquez de Coronado in the year 1540.",
        ),
    }
)
def test_a_copied_sentence_with_a_word_that_says_the_same_is_verified(got: Verdicts) -> None:
    # the same sentence with another word for the same thing, or the other sentence of a pair, is no swap
    for key, (verdict, reasons) in got.items():
        assert not [r for r in reasons if r.startswith("swapped:") or r == "negation_mismatch"], (key, got[key])
        assert verdict == "verified", (key, got[key])


TRADE = "Tea exports are larger than coffee exports in the region, according to the ministry of trade."
RETURNS = "Customers can return items for up to 30 days after delivery for a full refund."
CATHEDRAL = "The cathedral was completed in the 20th century, 21 years after work began on it."
VACCINE = "The vaccine is 95 percent effective against severe disease but only 60 percent against infection."
SMOKING = "Smoking is banned in all restaurants in the city but permitted on outdoor terraces."


@claims(
    {
        "reversed": (
            "Coffee exports are larger than tea exports in the region, according to the ministry of trade.",
            TRADE,
        ),
        "bound": (RETURNS.replace("up to", "at least"), RETURNS),
        "ordinal": ("The cathedral was completed in the 21st century.", CATHEDRAL),
        "keine": (
            "Die Stadt hat im Jahr 2019 keine neuen Wohnungen gebaut.",
            "Die Stadt hat im Jahr 2019 insgesamt 350 neue Wohnungen gebaut.",
        ),
        "contrast_number": ("The vaccine is 95 percent effective against infection.", VACCINE),
        "contrast_word": ("Smoking is banned on outdoor terraces.", SMOKING),
        # supported: the same copies with nothing turned
        "ok_reversed": ("Tea exports are larger than coffee exports in the region.", TRADE),
        "ok_bound": ("Customers can return items for up to 30 days after delivery.", RETURNS),
        "ok_ordinal": ("The cathedral was completed in the 20th century.", CATHEDRAL),
        "ok_contrast": ("The vaccine is 95 percent effective against severe disease.", VACCINE),
        "ok_aside": (
            "The museum is open on Mondays from ten until six.",
            "The museum, though small and old, is open on Mondays from ten until six.",
        ),
        "ok_but_it": (
            "The law took effect in 2021 across all states.",
            "The law passed in 2019, but it took effect in 2021 across all states.",
        ),
        "ok_and": (
            "Germany and France signed the treaty in Paris in the spring.",
            "France and Germany signed the treaty in Paris in the spring.",
        ),
    }
)
def test_a_copy_with_its_roles_reversed_a_bound_turned_or_a_negated_inflection_is_not_verified(got: Verdicts) -> None:
    # each was verified: the roles around "than" swapped, "at least" for "up to", "21st" for "20th" (21 elsewhere in
    # the source), "keine neuen" for "neue", and a claim joining the halves of a contrast its source draws
    want = {
        "reversed": "swapped:coffee/tea",
        "bound": "swapped:at least/up to",
        "ordinal": "swapped:21st/20th",
        "keine": "negation_mismatch",
        "contrast_number": "stitched:but",
        "contrast_word": "stitched:but",
    }
    _assert_flagged(got, want)
    for key in ("ok_reversed", "ok_bound", "ok_ordinal", "ok_contrast", "ok_aside", "ok_but_it", "ok_and"):
        verdict, reasons = got[key]
        assert verdict == "verified", (key, got[key])
        assert not [r for r in reasons if r.startswith(("swapped:", "stitched:")) or r == "negation_mismatch"], got[key]


PLAN = "If approved by parliament, the plan would cut carbon emissions by 40 percent by 2030."
COUNCIL = "The city council proposed banning cars from the historic centre on weekends."


@claims(
    {
        "myth": (
            "Vaccines cause autism in young children.",
            "Myth: vaccines cause autism in young children. Fact: large studies have found no link.",
        ),
        "question": (
            "The new drug reduces the risk of heart attacks in older patients.",
            "Does the new drug reduce the risk of heart attacks in older patients? The trial reports next year.",
        ),
        "would": ("The plan cuts carbon emissions by 40 percent by 2030.", PLAN),
        "proposed": ("The city council banned cars from the historic centre on weekends.", COUNCIL),
        "plans": (
            "The company will open 50 new stores in the north next year.",
            "The company plans to open 50 new stores in the north next year, pending approval.",
        ),
        # supported: the hedge kept, the question answered, a fact after a label
        "ok_would": ("The plan would cut carbon emissions by 40 percent by 2030.", PLAN),
        "ok_proposed": ("The city council proposed banning cars from the historic centre.", COUNCIL),
        "ok_answered": (
            "Refunds take up to 30 days after the return arrives.",
            "How long do refunds take? Refunds take up to 30 days after the return arrives.",
        ),
        "ok_fact": (
            "Large studies have found no link between vaccines and autism.",
            "Myth: vaccines cause autism. Fact: large studies have found no link between vaccines and autism.",
        ),
    }
)
def test_a_myth_a_question_or_a_plan_of_the_source_stated_as_fact_is_not_verified(got: Verdicts) -> None:
    # each was verified: a line the source labels a myth, a question copied as a statement, a hedge or a plan dropped
    want = {
        "myth": "unasserted:myth:",
        "question": "unasserted:question",
        "would": "unasserted:would",
        "proposed": "unasserted:proposed",
        "plans": "unasserted:plans to",
    }
    _assert_flagged(got, want)
    _assert_verified(got, ("ok_would", "ok_proposed", "ok_answered", "ok_fact"), "unasserted:")


CRITICS = "Critics claim that the new law will raise housing costs, but the government rejects this."


@claims(
    {
        "claim": ("The new law will raise housing costs.", CRITICS),
        "alleged": (
            "The mayor accepted bribes from two construction firms.",
            "Prosecutors alleged that the mayor accepted bribes from two construction firms.",
        ),
        "ok_kept": ("Critics claim that the new law will raise housing costs.", CRITICS),
        "ok_said": (
            "The mayor accepted bribes from two construction firms.",
            "The court found that the mayor accepted bribes from two construction firms.",
        ),
    }
)
def test_what_critics_claim_or_allege_stated_as_fact_is_not_verified(got: Verdicts) -> None:
    # the claim was verbatim after "claim that": exact_match, verified
    assert got["claim"][0] != "verified" and "unasserted:claim that" in got["claim"][1], got
    assert got["alleged"][0] != "verified" and "unasserted:alleged that" in got["alleged"][1], got
    assert got["ok_kept"] == ("verified", ["exact_match"]) and got["ok_said"] == ("verified", ["exact_match"]), got


RATE_2 = "The unemployment rate increased by 12 percent over the decade, according to the national statistics office."
REVENUE = "The company's revenue doubled between 2018 and 2022, driven by strong demand in Asia."
BONUS = "Some of the employees received a bonus at the end of the year, according to the annual report."
WATER = "The report found that two-thirds of the households in the region had no access to clean water."
POLICY = "The new policy applies to all full-time employees but excludes contractors and interns."
PILLS = "Patients under 18 years of age must not take this medication without a doctor's supervision."
CURIE = "Marie Curie won the Nobel Prize in Physics in 1903 and the Nobel Prize in Chemistry in 1911."


@claims(
    {
        "by_to": (RATE_2.replace("by 12", "to 12"), RATE_2),
        "tripled": (REVENUE.replace("doubled", "tripled"), REVENUE),
        "all_some": (BONUS.replace("Some", "All"), BONUS),
        "fraction": (WATER.replace("two-thirds", "one-third"), WATER),
        "including": (
            "The new policy applies to all full-time employees, including contractors and interns.",
            POLICY,
        ),
        "may": (PILLS.replace("must not", "may"), PILLS),
        "curie": ("Marie Curie won the Nobel Prize in Chemistry in 1903.", CURIE),
        "ok_by": ("The unemployment rate increased by 12 percent over the decade.", RATE_2),
        "ok_curie": ("Marie Curie won the Nobel Prize in Chemistry in 1911.", CURIE),
        "ok_some": ("Some employees received a bonus at the end of the year.", BONUS),
        "ok_policy": ("The new policy covers all full-time employees but excludes contractors.", POLICY),
    }
)
def test_a_copy_with_a_quantifier_a_multiple_a_fraction_or_a_bound_changed_is_not_verified(got: Verdicts) -> None:
    # each was verified: every word of each claim is in its source
    want = {
        "by_to": "swapped:to/by",
        "tripled": "swapped:tripled/doubled",
        "all_some": "swapped:all/some",
        "fraction": "swapped:one third/two thirds",
        "including": "swapped:including/but excludes",
        "may": "swapped:may/must not",
        "curie": "swapped:1903/1911",
    }
    _assert_flagged(got, want)
    _assert_verified(got, ("ok_by", "ok_curie", "ok_some", "ok_policy"), "swapped:")


BOARD = "Der Vorstand erklärte: „Wir werden die Preise in diesem Jahr deutlich erhöhen.“ Die Aktie stieg."
MINISTER = "Le ministre a déclaré que « nous fermerons les écoles rurales dès cette année » lors du débat."
JAPAN = "大臣は「今年は地方の学校を閉鎖する」と述べた。"


@claims(
    {
        "de": ("Der Vorstand erklärte: „Wir werden die Preise bald deutlich erhöhen.“", BOARD),
        "fr": (
            "Le ministre a déclaré que « nous fermerons les écoles rurales l'an prochain » lors du débat.",
            MINISTER,
        ),
        "ja": ("大臣は「今年は都市の学校を閉鎖する」と述べた。", JAPAN),
        "ok_de": ("Der Vorstand erklärte: „Wir werden die Preise in diesem Jahr deutlich erhöhen.“", BOARD),
        "ok_fr": ("Le ministre a déclaré que « nous fermerons les écoles rurales dès cette année ».", MINISTER),
        "ok_ja": ("大臣は「今年は地方の学校を閉鎖する」と述べた。", JAPAN),
    }
)
def test_a_quote_in_german_french_or_japanese_quotation_marks_must_be_in_the_source(got: Verdicts) -> None:
    # „...“, «...», 「...」 were no quotes: an altered quote in them was no missing_quote, and came out verified
    for key in ("de", "fr", "ja"):
        verdict, reasons = got[key]
        assert verdict != "verified" and [r for r in reasons if r.startswith("missing_quote:")], (key, got[key])
    _assert_verified(got, ("ok_de", "ok_fr", "ok_ja"), "missing_quote:")


MINISTER_2 = "Le ministre a déclaré : « Nous fermerons les écoles rurales cette année. »"


@claims({"fr": (MINISTER_2, MINISTER_2), "fr_nbsp": (MINISTER_2.replace(" »", "\u00a0»"), MINISTER_2)})
def test_a_marker_after_a_closing_guillemet_cites_the_quoted_sentence(got: Verdicts) -> None:
    # ". » [1]" ended the sentence at the stop: the marker stood alone after "»", cited nothing (empty_claim), and a
    # correct French quote came out unsupported
    for key in ("fr", "fr_nbsp"):
        assert got[key][0] == "verified" and "empty_claim" not in got[key][1], got
