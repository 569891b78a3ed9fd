"""The verdict of one citation, decided in one place. Pure: no I/O, no model calls.

`decide` takes what the cascade measured about a citation (did it resolve, is there a claim, how well the cited
source supports it, how well the answer's other retrieved sources do) and returns the verdict, its reasons and a
suggested source. Every verdict word in the code base comes from `Verdict`; the DuckDB column is an ENUM of the same
values (the CHECK in schemas/outputs.v3.sql, held equal by a test).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum

from audit.config import SupportConfig

CAP_EPSILON = 1e-6


class Verdict(StrEnum):
    VERIFIED = "verified"  # the cited source supports the claim
    WEAK = "weak"  # partly supported: a reviewer should look
    UNSUPPORTED = "unsupported"  # the cited source does not support the claim
    MISATTRIBUTED = "misattributed"  # not the cited source, but another retrieved one supports the claim
    FABRICATED = "fabricated"  # the cited source was never retrieved for this answer


# worst first: the order reviewers go through them
SEVERITY: tuple[Verdict, ...] = (
    Verdict.FABRICATED,
    Verdict.MISATTRIBUTED,
    Verdict.UNSUPPORTED,
    Verdict.WEAK,
    Verdict.VERIFIED,
)
UNVERIFIED: tuple[Verdict, ...] = SEVERITY[:-1]


@dataclass(frozen=True)
class SourceScore:
    """How well one source supports the claim, as the cascade measured it."""

    support: float  # the support model's probability in [0, 1]
    exact: bool = False  # the claim is verbatim in the source
    # key facts of the claim the source lacks: missing_number:..., missing_quote:..., missing_url:...
    missing: tuple[str, ...] = ()
    quote_found: bool | None = None  # a quoted passage the citation relies on was found in the source (None: none)
    words_held: int = 0  # how many of the claim's content words the source holds (`wider_source`)
    semantic: float | None = None  # the transformer's cosine of the claim and the source's best window (`near_source`)


@dataclass(frozen=True)
class JointEvidence:
    """A claim cited by several sources, cut into clauses, each clause scored against each cited source alone
    (audit/verify/joint.py), as one of its citations sees it."""

    rank: int  # this citation's source (1-based)
    ranks: tuple[int, ...]  # the distinct sources the claim cites, this one among them
    clauses: tuple[tuple[SourceScore, ...], ...]  # per clause, its score against each of `ranks`, in that order
    others_alone: bool  # a co-cited source supports the whole claim on its own (`verified` without this one)


@dataclass(frozen=True)
class CitationEvidence:
    """Everything `decide` needs about one citation."""

    fabricated_reason: str | None = None  # why the cited source does not resolve (None: it does)
    has_claim: bool = True  # the marker carries a statement to verify
    source_empty: bool = False  # the resolved context has no text
    cited: SourceScore | None = None  # the cited source's score (None: not scored)
    others: Mapping[int, SourceScore] = field(default_factory=dict)  # other retrieved contexts by 1-based rank
    # the best of `others` scored again as the cited source is (the transformer where `[verify] refine` runs it):
    # `others` holds the static first stage's supports, which rank them
    others_refined: Mapping[int, SourceScore] = field(default_factory=dict)
    extra_reasons: tuple[str, ...] = ()  # reasons found upstream that do not change the verdict
    joint: JointEvidence | None = None  # the claim cites other sources too (None: this one alone)
    # the rank of another retrieved source that is the cited one but for an edit stating the claim, a word of it the
    # cited source holds nowhere (audit/verify/contrast.py; None: none)
    edited: int | None = None
    # other retrieved sources holding every content word of the claim where the cited one lacks some, scored as the
    # cited one is, whatever its support (audit/candidates.py `whole_holders`; read by `whole_source`)
    whole: Mapping[int, SourceScore] = field(default_factory=dict)
    # the one other retrieved source sharing the claim's words where the cited one shares none, scored as the cited
    # one is (audit/candidates.py `lone_holder`; read by `lone_source`)
    lone: Mapping[int, SourceScore] = field(default_factory=dict)


@dataclass(frozen=True)
class Decision:
    verdict: Verdict
    support: float | None  # NULL when nothing was measured (fabricated, no claim)
    reasons: tuple[str, ...]
    suggested_rank: int | None = None


NEGATION_MISMATCH = "negation_mismatch"  # reason: the claim is negated and its evidence window is not, or vice versa
DIRECTION_MISMATCH = "direction_mismatch"  # reason: the claim says rose (won, added, ...), its evidence window fell
SWAPPED = "swapped"  # reason prefix: the claim copies a sentence of its source but for a word that says otherwise
STITCHED = "stitched"  # reason prefix: the claim joins the two halves of a contrast its source draws ("but", "while")
UNASSERTED = "unasserted"  # reason prefix: the source holds the claim only inside a question, denial or hypothesis
CONDITIONAL = "conditional"  # reason prefix: the claim states what its source makes hang on a condition it leaves out
JOINT_SUPPORT = "joint_support"  # reason prefix: verified clause by clause with the co-cited sources it names
EDITED_SOURCE = "edited_source"  # reason prefix: another source is the cited one but for an edit stating the claim
# what a source may lack and a co-cited one hold: a key fact, a quote, a link
_LACKED = ("missing_number:", "missing_date:", "missing_name:", "missing_quote:", "missing_url:")


def capped_support(score: SourceScore, cfg: SupportConfig) -> float:
    """The cited source's support after the hard rules: a verbatim claim is 1; a claim with a quote or a link its
    source lacks (`missing_url:`, `audit.verify.urls`), a number, date or name it lacks (`cap_missing_numbers`,
    `cap_missing_names`), a negation its evidence window does not share or the other way round
    (`cap_negation_mismatch`), the opposite change of its evidence window ("rose" where it says "fell":
    `cap_direction_mismatch`), a copy of a source sentence but for a word that says otherwise ("before" where it says
    "after", miles for kilometres: `swapped:...`) or that joins the halves of a contrast it draws (`stitched:but`), a
    quoted passage not found, or a claim its source holds only inside a question, denial or hypothesis ("denied that
    ...", "whether ...": `unasserted:...`) or only under a condition the claim leaves out ("If the order ships late,
    the fee is refunded": `conditional:if`), is never verified."""
    if score.quote_found is False or any(
        r.startswith((f"{UNASSERTED}:", f"{SWAPPED}:", f"{STITCHED}:", f"{CONDITIONAL}:")) for r in score.missing
    ):
        return min(score.support, cfg.verified - CAP_EPSILON)
    if score.exact:
        return 1.0
    lacks_quote = any(r.startswith(("missing_quote:", "missing_url:")) for r in score.missing)
    # a date is a number written with its month: "March 5, 2020" against a source's April 5 is capped as 2020-03-05
    # against 2020-04-05 is
    lacks_number = cfg.cap_missing_numbers and any(
        r.startswith(("missing_number:", "missing_date:")) for r in score.missing
    )
    lacks_name = cfg.cap_missing_names and any(r.startswith("missing_name:") for r in score.missing)
    negated = cfg.cap_negation_mismatch and NEGATION_MISMATCH in score.missing
    reversed_ = cfg.cap_direction_mismatch and DIRECTION_MISMATCH in score.missing
    if lacks_quote or lacks_number or lacks_name or negated or reversed_:
        return min(score.support, cfg.verified - CAP_EPSILON)
    return score.support


def level_of(support: float, cfg: SupportConfig) -> Verdict:
    """Verified / weak / unsupported by the configured thresholds."""
    if support >= cfg.verified:
        return Verdict.VERIFIED
    if support >= cfg.weak:
        return Verdict.WEAK
    return Verdict.UNSUPPORTED


def needs_alternatives(cited: SourceScore | None, cfg: SupportConfig) -> bool:
    """Whether the other retrieved sources must be scored: only when the cited one does not verify."""
    return cited is not None and capped_support(cited, cfg) < cfg.verified


def best_source(scores: Mapping[int, SourceScore], cfg: SupportConfig) -> tuple[int, float] | None:
    """The source with the highest (capped) support and that support; ties go to the lower rank."""
    if not scores:
        return None
    rank = min(scores, key=lambda r: (-capped_support(scores[r], cfg), r))
    return rank, capped_support(scores[rank], cfg)


def decide(ev: CitationEvidence, cfg: SupportConfig) -> Decision:
    """The verdict of one citation."""
    step = _first_stage(ev, cfg)
    edited = _edited(step, ev)
    if edited is not None:
        return edited
    if isinstance(step, Decision):
        return step
    support, verdict, reasons = step
    restate = _may_restate(support, verdict, ev, cfg)
    rank = restated_source(support, ev.others_refined, cfg) if restate else None
    if rank is None and restate and ev.cited is not None:
        rank = wider_source(support, ev.cited.words_held, ev.others_refined, cfg)
    if rank is None:
        rank = whole_source(ev, support, cfg)
    if rank is None:
        rank = lone_source(ev, support, cfg)
    if rank is None and ev.cited is not None and verdict is not Verdict.VERIFIED:
        rank = near_source(ev.cited, ev.others_refined, cfg)
    if rank is not None:
        return Decision(Verdict.MISATTRIBUTED, support, (*reasons, f"better_source:{rank}"), rank)
    return Decision(verdict, support, reasons)


def _edited(step: Decision | tuple[float, Verdict, tuple[str, ...]], ev: CitationEvidence) -> Decision | None:
    """A citation whose source another retrieved source repeats but for an edit stating the claim (`edited`) is
    misattributed to that source, whatever the supports (the edit is the one difference between the two texts; a
    copy with one word changed is `verified` as often as its original): not one verified jointly with the sources
    it cites too, nor one not scored (unresolved, no claim). Its suggestion replaces the supports' (`better_source`)."""
    if ev.edited is None or ev.cited is None:
        return None
    if isinstance(step, Decision):
        if step.support is None or any(r.startswith(f"{JOINT_SUPPORT}:") for r in step.reasons):
            return None
        support, reasons = step.support, tuple(r for r in step.reasons if not r.startswith("better_source:"))
    else:
        support, _verdict, reasons = step
    return Decision(Verdict.MISATTRIBUTED, support, (*reasons, f"{EDITED_SOURCE}:{ev.edited}"), ev.edited)


def restatement_needed(ev: CitationEvidence, cfg: SupportConfig) -> bool:
    """Whether `decide` reads the best other source scored as the cited one is (`others_refined`,
    `restated_source`): the citation is not decided without it (it does not verify, alone or jointly, and no other
    source leads it on the first stage's supports: `better_source`, `fuller_source`), and that source's first-stage
    support already reaches the cited one's. Where it is False, that source need not be scored again."""
    step = _first_stage(ev, cfg)
    return not isinstance(step, Decision) and _may_restate(step[0], step[1], ev, cfg)


def suggestion_to_confirm(ev: CitationEvidence, cfg: SupportConfig) -> int | None:
    """The other source the first stage suggests (`better_source`, `fuller_source`), which `decide` reads scored as
    the cited one is (`others_refined`): a suggestion that support puts below the cited one's is dropped
    (`_reversed`). None where the first stage suggests none."""
    step = _first_stage(ev, cfg)
    return step.suggested_rank if isinstance(step, Decision) and step.verdict is Verdict.MISATTRIBUTED else None


def _reversed(support: float, rank: int, ev: CitationEvidence, cfg: SupportConfig) -> bool:
    """Whether the first stage's suggestion `rank`, scored again as the cited source is (`others_refined`), falls
    below the cited support: the stages disagree, the first stage's lead its reading of shared words ("radio dramas
    ... for free" against a definition of radio drama, cited to a site streaming old shows free of charge)."""
    refined = ev.others_refined.get(rank)
    return refined is not None and capped_support(refined, cfg) < support


def _may_restate(support: float, verdict: Verdict, ev: CitationEvidence, cfg: SupportConfig) -> bool:
    """`restated_source` reads a source the first stage puts at or above the cited one (`support`), short of the
    margin, which compared two stages and hid such a source's lead (a paraphrase the first stage underrates)."""
    if verdict is Verdict.VERIFIED:
        return False
    alt = best_source(ev.others, cfg)
    return alt is not None and alt[1] >= support


def _first_stage(ev: CitationEvidence, cfg: SupportConfig) -> Decision | tuple[float, Verdict, tuple[str, ...]]:
    """The decision made without `others_refined` (but for a suggestion `_reversed`), else support, level, reasons."""
    if ev.fabricated_reason is not None:
        return Decision(Verdict.FABRICATED, None, (ev.fabricated_reason, *ev.extra_reasons))
    if not ev.has_claim:
        return Decision(Verdict.UNSUPPORTED, None, ("empty_claim", *ev.extra_reasons))
    base: tuple[str, ...] = ("context_text_missing",) if ev.source_empty else ()
    if ev.cited is None:
        return Decision(Verdict.UNSUPPORTED, None, (*base, *ev.extra_reasons))
    support = capped_support(ev.cited, cfg)
    reasons = (*base, *(("exact_match",) if ev.cited.exact else ()), *ev.extra_reasons, *ev.cited.missing)
    verdict = level_of(support, cfg)
    if ev.joint is not None and verdict is not Verdict.VERIFIED and not contradicts(ev.cited, cfg):
        joint = jointly_verified(ev.joint, cfg)
        if joint is not None:
            ranks = ",".join(map(str, joint[1]))
            return Decision(Verdict.VERIFIED, joint[0], (*reasons, f"{JOINT_SUPPORT}:[{ranks}]"))
    alt = best_source(ev.others, cfg) if verdict is not Verdict.VERIFIED else None
    rank = alt[0] if alt is not None and better_source(support, alt[1], cfg) else None
    if rank is None and verdict is not Verdict.VERIFIED:
        rank = fuller_source(ev.cited, ev.others, cfg)
    if rank is not None and not _reversed(support, rank, ev, cfg):
        return Decision(Verdict.MISATTRIBUTED, support, (*reasons, f"better_source:{rank}"), rank)
    return support, verdict, reasons


def better_source(cited: float, other: float, cfg: SupportConfig) -> bool:
    """Whether another retrieved source (capped support `other`) supports the claim in place of the cited one
    (`cited`, not verified): it reaches `misattribution_min_other` (`weak`) and leads by `misattribution_margin`, or
    it reaches `verified` itself (the claim citing it would be verified, citing this one is not) and leads by
    `misattribution_verified_margin`. The wide margin guards two supports in the weak band, where the model's noise
    is as large as their gap; a source the verdict itself would verify needs no such lead."""
    if other >= cfg.misattribution_min_other and other - cited >= cfg.misattribution_margin:
        return True
    return leads_verified(cited, other, cfg)


def leads_verified(cited: float, other: float, cfg: SupportConfig) -> bool:
    """Whether `other` reaches `verified` itself and leads `cited` by `misattribution_verified_margin`."""
    return other >= cfg.verified and other - cited >= cfg.misattribution_verified_margin


def fuller_source(cited: SourceScore, others: Mapping[int, SourceScore], cfg: SupportConfig) -> int | None:
    """Another retrieved source capped below `verified` only for what the cited source lacks too: its hard-rule
    reasons are a strict part of the cited one's (it lacks nothing the cited one does not, holds a key fact the cited
    one lacks), it says nothing otherwise than the claim (`contradicts`: a negation, an opposite change, a swapped word
    caps a source that verifies nothing), and before the caps it reaches `verified` and leads the cited one by
    `misattribution_verified_margin`. "... designed by Maria Lindqvist, in Malmo ..." cited to a source naming
    neither, another naming Lindqvist but not Malmo: both are capped just under `verified` for Malmo, so the capped
    lead (under the wide margin) hid the better one; the name both lack says nothing of which supports the claim.
    The highest such support, ties to the lower rank; None when there is none."""
    lacks = set(cited.missing)
    fuller = [
        r
        for r, s in others.items()
        if set(s.missing) < lacks and not contradicts(s, cfg) and leads_verified(cited.support, s.support, cfg)
    ]
    return min(fuller, key=lambda r: (-others[r].support, r)) if fuller else None


def restated_source(cited: float, refined: Mapping[int, SourceScore], cfg: SupportConfig) -> int | None:
    """The best other retrieved source scored as the cited one is (`refined`: the transformer where `[verify]
    refine` runs it), when it reaches `misattribution_min_other` and leads the cited one's support by
    `misattribution_margin`. The cited support is the transformer's, the other sources' the static first stage's:
    the margin compared two stages, and a source that states the claim in other words (the first stage reads shared
    words and misses a paraphrase) led by less than it does. None when there is none."""
    alt = best_source(refined, cfg)
    return alt[0] if alt is not None and _leads_restated(cited, alt[1], cfg) else None


def wider_source(cited: float, held: int, refined: Mapping[int, SourceScore], cfg: SupportConfig) -> int | None:
    """The best other retrieved source scored as the cited one is (`refined`), when it reaches
    `misattribution_min_other`, leads the cited one's support (`cited`) by `misattribution_verified_margin`, says
    nothing otherwise than the claim (`contradicts`), and holds `misattribution_more_words` or more of the claim's
    content words than the cited source does (`held`): a relative test, the two sources compared on what differs
    between them, where the support model's lead alone stays under the margin. A long claim summing up a passage
    ("... prepositions of movement such as into, out of, onto, off, up and down ...") cited to a related passage
    of the same talk: both in the weak band, ~0.1 apart, the other holding nine more of the claim's words."""
    alt = best_source(refined, cfg)
    if alt is None or contradicts(refined[alt[0]], cfg):
        return None
    ahead = alt[1] >= cfg.misattribution_min_other and alt[1] - cited >= cfg.misattribution_verified_margin
    return alt[0] if ahead and refined[alt[0]].words_held - held >= cfg.misattribution_more_words else None


def whole_source(ev: CitationEvidence, support: float, cfg: SupportConfig) -> int | None:
    """Another retrieved source holding the whole claim where the cited one, `verified` or not, holds a part of it
    (`whole`): the claim verbatim in it and not in the cited source, or every content word of the claim in it, at most
    half of them in the cited source, and it verifies, leads the cited support (`support`) by
    `misattribution_verified_margin` and says nothing otherwise (`contradicts`). "Polar bears depend on the ocean as
    their main food source" cited to "... polar bears are classified as marine mammals; ... their diet is mainly
    plant-based" (0.54: `verified` on two of the claim's seven words), another source stating it in its words: 0.81.
    The best such source (ties: the lower rank); None when there is none."""
    if ev.cited is None or ev.cited.exact:
        return None
    held = 2 * ev.cited.words_held  # at most half of the claim's words: `held` <= all of them (`words_held`)
    fits = {
        r: s
        for r, s in ev.whole.items()
        if (s.exact and capped_support(s, cfg) >= 1.0)
        or (held <= s.words_held and not contradicts(s, cfg) and leads_verified(support, capped_support(s, cfg), cfg))
    }
    best = best_source(fits, cfg)
    return best[0] if best is not None else None


def lone_source(ev: CitationEvidence, support: float, cfg: SupportConfig) -> int | None:
    """The one other retrieved source on the claim's topic where the cited source is on none (`lone`: the cited
    source holds none of the claim's words, it the first, a quarter and two or more, every other source fewer), when
    it leads the cited support (`support`) by `misattribution_verified_margin`, says nothing otherwise (`contradicts`;
    a negation mismatch aside: "Bobby Doerr did not ever play for the New York Yankees", a page on him negating none)
    and lacks at most half the key facts the cited source lacks, whatever its level: the marker is on an unrelated
    page, the page on the claim in the weak band's noise (tools/misattribution/measure.py `build --random`)."""
    lacked = sum(r.startswith(_LACKED[:3]) for r in ev.cited.missing) if ev.cited is not None else 0  # key facts
    fits = {r: replace(s, missing=tuple(m for m in s.missing if m != NEGATION_MISMATCH)) for r, s in ev.lone.items()}
    fits = {r: s for r, s in fits.items() if 2 * sum(m.startswith(_LACKED[:3]) for m in s.missing) <= lacked}
    best = best_source({r: s for r, s in fits.items() if not contradicts(s, cfg)}, cfg)
    return best[0] if best is not None and best[1] - support >= cfg.misattribution_verified_margin else None


def near_source(cited: SourceScore, refined: Mapping[int, SourceScore], cfg: SupportConfig) -> int | None:
    """The best other source scored as the cited one is (`refined`) when its transformer cosine with the claim is
    `misattribution_cosine_margin` above the cited source's (negative read as 0), it holds `misattribution_cosine_words`
    more of the claim's content words, its capped support is at least the cited one's and it says nothing otherwise
    (`contradicts`, a negation mismatch aside): a marker on a page on another topic, the page on the claim under the
    weak band ("Canberra is where Australia (2008 film) was produced": 0.10 against 0.01, cosines 0.73 and 0.00)."""
    alt = best_source(refined, cfg)
    s = refined[alt[0]] if alt is not None and alt[1] >= capped_support(cited, cfg) else SourceScore(0.0)
    gap = (s.semantic or 0.0) - max(cited.semantic or 0.0, 0.0) - cfg.misattribution_cosine_margin
    near = gap >= 0.0 and s.words_held >= cited.words_held + cfg.misattribution_cosine_words
    s = replace(s, missing=tuple(m for m in s.missing if m != NEGATION_MISMATCH))
    return alt[0] if alt is not None and near and not contradicts(s, cfg) else None


def _leads_restated(cited: float, other: float, cfg: SupportConfig) -> bool:
    """`restated_source`'s test: `other` reaches `misattribution_min_other` and leads `cited` by the margin."""
    return other >= cfg.misattribution_min_other and other - cited >= cfg.misattribution_margin


def contradicts(score: SourceScore, cfg: SupportConfig) -> bool:
    """Whether a source says otherwise than the claim, not only lacks a part of it: a hard rule other than a missing
    number, date, name, quote or link caps it (a negation, an opposite change, a swapped word, a question, a dropped
    condition, the citation's own quoted passage not found). Such a source verifies nothing, alone or with others."""
    kept = tuple(r for r in score.missing if not r.startswith(_LACKED))
    return capped_support(SourceScore(1.0, score.exact, kept, score.quote_found), cfg) < 1.0


def jointly_verified(joint: JointEvidence, cfg: SupportConfig) -> tuple[float, tuple[int, ...]] | None:
    """A claim citing several sources is supported by them together when it is two clauses or more and every clause
    is verified by one of its cited sources alone (its capped support against that source passes `verified`: a wrong
    number, a negation, a swapped word in a clause caps it there), no one source verifies every clause (else
    nothing is joint: that source is judged on the whole claim) and no co-cited source verifies the whole claim
    alone (ALCE: this citation is then not needed). This citation is verified jointly when its source verifies one
    of the clauses; a co-cited source that verifies none is judged alone. Returns the joint support (the least over
    the clauses of the best source's support for it) and the co-cited sources that verify a clause, or None."""
    if joint.others_alone or len(joint.clauses) < 2:
        return None
    capped = [[capped_support(s, cfg) for s in row] for row in joint.clauses]
    ok = [[c >= cfg.verified for c in row] for row in capped]
    own = joint.ranks.index(joint.rank)
    sources = range(len(joint.ranks))
    if not all(any(row) for row in ok) or any(all(row[j] for row in ok) for j in sources):
        return None
    if not any(row[own] for row in ok):
        return None
    partners = tuple(joint.ranks[j] for j in sources if j != own and any(row[j] for row in ok))
    return min(max(row) for row in capped), partners
