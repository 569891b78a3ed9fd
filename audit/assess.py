"""Per-answer assessment: each citation's claim (located by audit/claims.py) scored and decided, misattribution,
uncited claims.

Takes plain rows (answer text, resolved citations, contexts) and a semantic scorer; returns plain rows.
No I/O here: the pipeline feeds batches from DuckDB and stores what comes back.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from audit.candidates import MAX_ALTERNATIVES, WordIndex, likeliest, lone_holder, most_shared, whole_holders
from audit.citation_type import audited_type
from audit.claims import Claim, cited_sentences, claim_for, claim_sentences, first_of_each, has_claim_text
from audit.config import AuditConfig
from audit.extract.clauses import cited_clauses
from audit.extract.lists import sets_apart
from audit.extract.sentences import cited_stretches, is_claim, is_claim_beside_payload, split_sentences
from audit.extract.sentences import sentences_around as around
from audit.verdict import (
    CitationEvidence,
    JointEvidence,
    SourceScore,
    best_source,
    capped_support,
    decide,
    needs_alternatives,
    restatement_needed,
    suggestion_to_confirm,
)
from audit.verify.claimed import parse_confidence, parse_missing_information
from audit.verify.contrast import edited_source
from audit.verify.joint import joint_support
from audit.verify.quote import FUZZY, NOT_FOUND, VERBATIM, check_quote, find_quote, locate_claim
from audit.verify.semantic import SemanticScorer
from audit.verify.verifier import PairScore, score_pairs


@dataclass
class BatchResult:
    citations: list[dict[str, Any]] = field(default_factory=list)
    uncited: list[dict[str, Any]] = field(default_factory=list)
    stats: list[dict[str, Any]] = field(default_factory=list)
    # the answer sentences each citation's claim lies in (answer_id, citation_ord, claim_sentences): not stored,
    # read by answer_audit.sql, which weighs each sentence once in citation_integrity
    units: list[dict[str, Any]] = field(default_factory=list)


@dataclass
class _Pending:
    """A citation waiting for its scores: its output row, the answer's contexts, and what resolution said."""

    row: dict[str, Any]
    contexts: dict[int, str]
    fabricated_reason: str | None
    has_claim: bool
    source_empty: bool = False
    cited: PairScore | None = None
    quote_found: bool | None = None  # the citation object's quoted passage was found in its source
    extra_reasons: list[str] = field(default_factory=list)
    others: dict[int, SourceScore] = field(default_factory=dict)
    others_refined: dict[int, SourceScore] = field(default_factory=dict)  # the best of `others` scored as cited is
    doc_ranks: tuple[int, ...] = ()  # a document cited as a whole: its candidate contexts (`likeliest`)
    doc_all: tuple[int, ...] = ()  # and all its retrieved contexts (resolve.sql): none is another source
    ids: dict[int, tuple[Any, Any]] = field(default_factory=dict)  # (doc_id, chunk_id) by rank, for `doc_ranks`
    joint: JointEvidence | None = None  # the claim cites other sources too: read clause by clause against them
    edited: int | None = None  # another source is the cited one but for an edit stating the claim (contrast.py)
    whole: dict[int, SourceScore] = field(default_factory=dict)  # sources holding the whole claim (`whole_holders`)
    lone: dict[int, SourceScore] = field(default_factory=dict)  # the one source on the claim's words (`lone_holder`)


def assess_batch(answers: Sequence[dict[str, Any]], cfg: AuditConfig, scorer: SemanticScorer) -> BatchResult:
    """Assess a batch of answers; each has answer_id, logged_at, answer_text, citations, contexts."""
    res = BatchResult()
    pending: list[_Pending] = []
    uncited_pending: list[tuple[dict[str, Any], int, dict[int, str]]] = []

    for ans in answers:
        text = ans["answer_text"] or ""
        # a closing list of sources (extract.sql's `reference_lists`) holds no statements of the answer
        sentences = split_sentences(text[: ans.get("ref_start")])
        starts = [s.start for s in sentences]
        cites = sorted(ans.get("citations") or [], key=lambda c: c["citation_ord"])
        contexts = {int(c["rank"]): c["text"] or "" for c in ans.get("contexts") or []}
        # the markers in the text (inline_citations claims have offsets too, but no marker there)
        marks = {
            (int(c["char_start"]), int(c["char_end"]))
            for c in cites
            if c.get("char_start") is not None and not c.get("json_claim")
        }
        stretches = cited_stretches(text, sorted(marks))
        clauses = cited_clauses(text, sentences, sorted(marks))
        memo: dict[tuple[int, ...], Claim] = {}
        claims = [claim_for(c, text, sentences, ans.get("ref_start"), stretches, clauses, memo) for c in cites]
        firsts = first_of_each(cites, claims)
        cites = [c for c, first in zip(cites, firsts, strict=True) if first]
        claims = [cl for cl, first in zip(claims, firsts, strict=True) if first]
        # a sentence that is nothing but markers is no statement: it counts neither as a sentence nor as a claim; nor
        # is one that is only padding ("-", ")", "Sources:", "1."), as it is no uncited claim (a cited bullet beside
        # an uncited claim covered half the answer's claims)
        cited = {
            i
            for i in cited_sentences(cites, claims, sentences, text, ans.get("ref_start"))
            if has_claim_text(sentences[i].text)
        }
        for c, cl in zip(cites, claims, strict=True):
            row = {
                "answer_id": ans["answer_id"],
                "logged_at": ans["logged_at"],
                "citation_ord": c["citation_ord"],
                "marker": c["marker"],
                "dialect": c["dialect"],
                "char_start": c.get("char_start"),
                "char_end": c.get("char_end"),
                "cited_ref": c["cited_ref"],
                "claim": cl.text,
                "claim_start": cl.start,
                "claim_end": cl.end,
                "context_rank": c.get("context_rank"),
                "doc_id": c.get("doc_id"),
                "chunk_id": c.get("chunk_id"),
                "lexical_score": None,
                "keyfact_coverage": None,
                "number_coverage": None,
                "semantic_score": None,
                "nli_score": None,
                "support": None,
                "verdict": None,
                "reasons": [],
                "evidence_start": None,
                "evidence_end": None,
                "evidence_text": None,
                "suggested_rank": None,
                "claimed_type": c.get("claimed_type"),
                "audited_type": None,
                "claimed_confidence": None,
                "quote": c.get("quote"),
                "quote_status": None,
            }
            row["claimed_confidence"], bad_confidence = parse_confidence(c.get("confidence_raw"))
            p = _Pending(row, contexts, c.get("fabricated_reason"), has_claim_text(cl.text))
            if c.get("context_rank") is not None and len(c.get("doc_ranks") or ()) > 1:
                p.doc_all = tuple(int(r) for r in c["doc_ranks"])
                p.doc_ranks = likeliest(cl.text, p.doc_all, contexts)
                p.ids = {int(x["rank"]): (x.get("doc_id"), x.get("chunk_id")) for x in ans.get("contexts") or []}
            if p.fabricated_reason is None and p.has_claim:
                p.source_empty = not contexts.get(int(c["context_rank"]), "").strip()
            if c.get("json_claim") and cl.start is None:  # a claim the answer does not make
                p.extra_reasons.append("claim_not_in_answer")
            if bad_confidence:
                p.extra_reasons.append(bad_confidence)
            pending.append(p)
            res.citations.append(row)
            where = claim_sentences(cl, sentences, starts)
            # a claim with no words (a bullet, a stray bracket, "Sources:", a lone marker) is no ALCE statement
            res.units.append(
                {
                    "answer_id": ans["answer_id"],
                    "citation_ord": c["citation_ord"],
                    "claim_sentences": where,
                    "statement": p.has_claim,
                }
            )
        n_claims = len(cited)
        n_uncited = 0
        spoken = [*sentences, *around(ans.get("prose_around"))]  # the answer's sentences and those beside a payload
        for i, s in enumerate(spoken):
            if i in cited or not (is_claim(s.text) if i < len(sentences) else _said_beside(s.text, text)):
                continue
            n_claims += 1
            n_uncited += 1
            urow = {
                "answer_id": ans["answer_id"],
                "logged_at": ans["logged_at"],
                "sentence_idx": i,
                "char_start": s.start,
                "char_end": s.end,
                "sentence": s.text,
                "best_rank": None,
                "best_support": None,
            }
            res.uncited.append(urow)
            if contexts:
                uncited_pending.append((urow, i, contexts))
        confidence, bad_confidence = parse_confidence(ans.get("confidence_raw"))
        res.stats.append(
            {
                "answer_id": ans["answer_id"],
                "n_sentences": sum(1 for s in spoken if s.text),
                "n_claims": n_claims,
                "n_cited_sentences": len(cited),
                "n_uncited_claims": n_uncited,
                "claimed_confidence": confidence,
                "missing_information": parse_missing_information(ans.get("missing_information_raw")),
                "self_report_flags": [bad_confidence] if bad_confidence else [],
            }
        )

    _score_cited(pending, cfg, scorer)
    _score_joint(pending, cfg, scorer)
    _score_alternatives(pending, cfg, scorer)
    for p in pending:
        _decide(p, cfg)
    _score_uncited(uncited_pending, cfg, scorer)
    return res


def _said_beside(sentence: str, text: str) -> bool:
    """A claim of the prose around a payload that the payload's answer text does not already make (a preamble
    repeating the answer is audited there: as an uncited claim too it was a false alarm)."""
    return is_claim_beside_payload(sentence) and locate_claim(sentence, text) is None


def _scorable(p: _Pending) -> bool:
    return p.fabricated_reason is None and p.has_claim


def _candidate_ranks(p: _Pending) -> tuple[int, ...]:
    """The contexts a citation may resolve to: its one, or every retrieved context of a document cited whole."""
    return p.doc_ranks or (int(p.row["context_rank"]),)


def _resolve_to_best(p: _Pending, scores: Sequence[PairScore], cfg: AuditConfig) -> PairScore:
    """A document cited as a whole (`【4:0†file】`, a named footnote, a citation object without chunk or page)
    resolves to the retrieved context of it that supports the claim best (ties: the lower rank); `context_rank`,
    `doc_id` and `chunk_id` follow. Its first context alone made a claim from its second chunk `unsupported`, or
    `misattributed` to that chunk of the very document it named. A citation object's quote pins its chunk: the
    chunks that hold the quote are the candidates (with none, all): searched in the best chunk alone, a quote
    verbatim in another chunk of the document came out `text_span_not_found_in_source`."""
    ranks = _candidate_ranks(p)
    if len(ranks) == 1:
        return scores[0]
    by_rank = dict(zip(ranks, scores, strict=True))
    quoted = {r for r in ranks if find_quote(p.row["quote"], p.contexts.get(r, "")).status in (VERBATIM, FUZZY)}
    best = best_source({r: s.as_source_score() for r, s in by_rank.items() if r in quoted or not quoted}, cfg.support)
    rank = best[0] if best is not None else ranks[0]
    p.row["context_rank"] = rank
    p.row["doc_id"], p.row["chunk_id"] = p.ids.get(rank, (p.row["doc_id"], p.row["chunk_id"]))
    p.source_empty = not p.contexts.get(rank, "").strip()
    return by_rank[rank]


def _score_cited(pending: list[_Pending], cfg: AuditConfig, scorer: SemanticScorer) -> None:
    todo = [p for p in pending if _scorable(p)]
    pairs = [(p.row["claim"], p.contexts.get(r, "")) for p in todo for r in _candidate_ranks(p)]
    scored = iter(score_pairs(pairs, cfg, scorer))
    for p in todo:
        ps = _resolve_to_best(p, [next(scored) for _ in _candidate_ranks(p)], cfg)
        p.cited = ps
        p.row["lexical_score"] = ps.lexical
        p.row["keyfact_coverage"] = ps.keyfact_coverage
        p.row["number_coverage"] = ps.number_coverage
        p.row["semantic_score"] = ps.semantic
        if cfg.verify.nli_model and ps.refined:
            p.row["nli_score"] = ps.semantic
        if ps.evidence is not None:
            p.row["evidence_start"] = ps.evidence.start
            p.row["evidence_end"] = ps.evidence.end
            p.row["evidence_text"] = ps.evidence.text
        if p.row["quote"] is not None or p.row["claimed_type"] is not None:
            # the quoted passage of a citation object: searched in its source; when found it is the evidence
            source = p.contexts.get(int(p.row["context_rank"]), "")
            qc = check_quote(p.row["claim"], p.row["quote"], source, p.row["claimed_type"], ps.exact)
            p.row["quote_status"] = qc.status
            p.extra_reasons.extend(qc.reasons)
            if qc.status is not None:
                p.quote_found = qc.status != NOT_FOUND
            if qc.span is not None:
                p.row["evidence_start"], p.row["evidence_end"] = qc.span.start, qc.span.end
                p.row["evidence_text"] = qc.span.text


def _cited_for_claim(pending: list[_Pending]) -> dict[tuple[Any, ...], set[int]]:
    """The contexts each claim cites: a claim citing [1][2] is not misattributed to [2] when [1] fails."""
    out: dict[tuple[Any, ...], set[int]] = {}
    for p in pending:
        if p.row["context_rank"] is not None:
            out.setdefault(_claim_key(p), set()).update({int(p.row["context_rank"]), *p.doc_all})
    return out


def _claim_key(p: _Pending) -> tuple[Any, ...]:
    return (p.row["answer_id"], p.row["claim_start"], p.row["claim_end"], p.row["claim"])


def _score_joint(pending: list[_Pending], cfg: AuditConfig, scorer: SemanticScorer) -> None:
    """A claim citing two sources or more is also read clause by clause against each of them (audit/verify/joint.py)."""
    groups: dict[tuple[Any, ...], list[_Pending]] = {}
    for p in pending:
        if p.cited is not None:
            groups.setdefault(_claim_key(p), []).append(p)
    multi = [(g, {int(p.row["context_rank"]): p for p in reversed(g)}) for g in groups.values()]
    # a claim setting what it names apart ("All languages except Python, Java, and Go ...", "the only ..."): what it
    # states of the rest, or of its items alone, is in none of its clauses, which each name one item
    multi = [(g, ranks) for g, ranks in multi if len(ranks) > 1 and not sets_apart(g[0].row["claim"])]
    cited = [[(r, q.contexts.get(r, ""), q.cited, q.quote_found) for r, q in sorted(rs.items())] for _g, rs in multi]
    claims = [g[0].row["claim"] for g, _rs in multi]
    for (g, _rs), by_rank in zip(multi, joint_support(claims, cited, cfg, scorer), strict=True):
        for p in g:
            p.joint = by_rank.get(int(p.row["context_rank"]))


def _score_alternatives(pending: list[_Pending], cfg: AuditConfig, scorer: SemanticScorer) -> None:
    """Score the answer's other retrieved contexts (those the claim does not already cite) for citations whose
    cited source does not verify; for each citation, the one its source is but for an edit stating the claim."""
    todo: list[tuple[_Pending, int]] = []
    wholes: list[tuple[_Pending, int]] = []
    lones: list[tuple[_Pending, int]] = []
    pairs: list[tuple[str, str]] = []
    cited_by_claim = _cited_for_claim(pending)
    for p in pending:
        if p.cited is None:
            continue
        already = cited_by_claim.get(_claim_key(p), set())
        others = tuple(r for r, text in p.contexts.items() if r not in already and text.strip())
        shared = {r: p.contexts[r] for r in most_shared(p.row["claim"], others, p.contexts, MAX_ALTERNATIVES)}
        cited = p.contexts.get(int(p.row["context_rank"]), "")
        p.edited = edited_source(p.row["claim"], cited, shared)
        wholes += [(p, rank) for rank in whole_holders(p.row["claim"], cited, shared)]
        if not needs_alternatives(p.cited.as_source_score(p.quote_found), cfg.support):
            continue
        lones += [(p, rank) for rank in lone_holder(p.row["claim"], cited, shared)]
        todo += [(p, rank) for rank in shared]
        pairs += [(p.row["claim"], text) for text in shared.values()]
    # a suggestion needs no transformer: the first stage ranks the other contexts (see audit/verify/verifier.py)
    for (p, rank), ps in zip(todo, score_pairs(pairs, cfg, scorer, refine="none", capped_only=True), strict=True):
        p.others[rank] = ps.as_source_score()
    # the best of them scored again, in full, as the cited source is (`[verify] refine`; `wider_source` reads its
    # reasons and words): the misattribution margin compares supports of one stage (audit/verdict.py), and a
    # first-stage suggestion stands only where that score does not fall below the cited one's (`_to_rescore`)
    tops = [(p, top) for p in pending if (top := _to_rescore(p, cfg)) is not None]
    rescored = score_pairs([(p.row["claim"], p.contexts[r]) for p, r in (*tops, *wholes, *lones)], cfg, scorer)
    for i, ((p, rank), ps) in enumerate(zip((*tops, *wholes, *lones), rescored, strict=True)):
        into = p.others_refined if i < len(tops) else (p.whole if i < len(tops) + len(wholes) else p.lone)
        into[rank] = ps.as_source_score()


def _to_rescore(p: _Pending, cfg: AuditConfig) -> int | None:
    """The other source `decide` reads scored as the cited one is: the first stage's suggestion, which it drops where
    that score falls below the cited one's (`suggestion_to_confirm`), else the best other source where no suggestion
    is made without it (`restatement_needed`)."""
    ev = _evidence(p)
    suggested = suggestion_to_confirm(ev, cfg.support)
    if suggested is not None:
        return suggested
    best = best_source(p.others, cfg.support)
    return best[0] if best is not None and restatement_needed(ev, cfg.support) else None


def _evidence(p: _Pending) -> CitationEvidence:
    return CitationEvidence(
        fabricated_reason=p.fabricated_reason,
        has_claim=p.has_claim,
        source_empty=p.source_empty,
        cited=p.cited.as_source_score(p.quote_found) if p.cited is not None else None,
        others=p.others,
        others_refined=p.others_refined,
        extra_reasons=tuple(p.extra_reasons),
        joint=p.joint,
        edited=p.edited,
        whole=p.whole,
        lone=p.lone,
    )


def _decide(p: _Pending, cfg: AuditConfig) -> None:
    d = decide(_evidence(p), cfg.support)
    p.row["verdict"] = d.verdict.value
    p.row["support"] = d.support
    p.row["reasons"] = list(d.reasons)
    p.row["suggested_rank"] = d.suggested_rank
    kind = audited_type(d.verdict, p.cited is not None and p.cited.exact, p.row["quote_status"])
    p.row["audited_type"] = kind.value if kind is not None else None


def _score_uncited(
    pending: list[tuple[dict[str, Any], int, dict[int, str]]], cfg: AuditConfig, scorer: SemanticScorer
) -> None:
    """The context that best supports each uncited claim: picked by word overlap, then scored in full."""
    pairs: list[tuple[str, str]] = []
    ranks: list[int] = []
    rows: list[dict[str, Any]] = []
    indexes: dict[int, WordIndex] = {}  # by the answer's contexts (one dict an answer)
    for urow, _i, contexts in pending:
        index = indexes.get(id(contexts))
        if index is None:
            index = indexes[id(contexts)] = WordIndex(contexts)
        rank = index.best(urow["sentence"])
        if rank is None:
            continue
        pairs.append((urow["sentence"], contexts[rank]))
        ranks.append(rank)
        rows.append(urow)
    scores = score_pairs(pairs, cfg, scorer, cfg.verify.uncited_top_k_windows, refine="none", capped_only=True)
    for urow, rank, ps in zip(rows, ranks, scores, strict=True):
        urow["best_rank"] = rank
        urow["best_support"] = capped_support(ps.as_source_score(), cfg.support)
