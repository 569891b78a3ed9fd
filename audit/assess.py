"""Per-answer assessment: claims for citations, verdicts, misattribution, uncited claims.

Takes plain rows (answer text, resolved citations, contexts) and a semantic scorer; returns plain rows.
No I/O here: the pipeline feeds batches from DuckDB and stores what comes back.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from audit.config import AuditConfig
from audit.extract.sentences import Sentence, is_claim, sentence_at, split_sentences, strip_markers
from audit.verify.claimed import audited_type, parse_confidence, parse_missing_information
from audit.verify.quote import NOT_FOUND, check_quote, locate_claim
from audit.verify.semantic import SemanticScorer
from audit.verify.support import is_misattributed, verdict_for
from audit.verify.text import content_words, keyword_overlap
from audit.verify.verifier import PairScore, score_pairs

_WORDS = re.compile(r"[^\W\d_]{2,}")


@dataclass
class BatchResult:
    citations: list[dict[str, Any]] = field(default_factory=list)
    uncited: list[dict[str, Any]] = field(default_factory=list)
    stats: list[dict[str, Any]] = field(default_factory=list)


@dataclass
class _Claim:
    text: str
    start: int | None
    end: int | None
    sentence_idx: int | None


def _claim_for(cite: dict[str, Any], text: str, sentences: list[Sentence]) -> _Claim:
    if cite.get("dialect") == "citation_object" and cite.get("json_claim"):
        where = locate_claim(str(cite["json_claim"]), text)  # claim_text in the answer, case and spacing aside
        start, end = (where.start, where.end) if where else (None, None)
        return _Claim(strip_markers(str(cite["json_claim"])), start, end, None)
    if cite.get("json_claim"):
        claim = str(cite["json_claim"])
        return _Claim(strip_markers(claim), cite.get("char_start"), cite.get("char_end"), None)
    start = cite.get("char_start")
    if start is None:
        return _Claim(strip_markers(text), 0, len(text), None)
    idx = sentence_at(sentences, int(start))
    if idx is None:
        return _Claim("", None, None, None)
    j = idx
    while j > 0 and not sentences[j].text:
        j -= 1  # a marker standing alone cites the sentence before it
    s = sentences[j]
    return _Claim(s.text, s.start, s.end, idx)


def _cited_sentences(cites: list[dict[str, Any]], claims: list[_Claim], sentences: list[Sentence]) -> set[int]:
    cited: set[int] = set()
    for c, cl in zip(cites, claims, strict=True):
        if cl.sentence_idx is not None:
            cited.add(cl.sentence_idx)
            k = cl.sentence_idx
            while k > 0 and not sentences[k].text:
                k -= 1
                cited.add(k)
        elif c.get("json_claim") and cl.start is not None and cl.end is not None:
            cited.update(i for i, s in enumerate(sentences) if s.start < cl.end and cl.start < s.end)
        elif c.get("char_start") is None and not c.get("json_claim"):
            cited.update(range(len(sentences)))  # a JSON citations list cites the whole answer
    return cited


def _has_claim_text(claim: str) -> bool:
    """At least two words of letters: "1." or "[1]" alone is no statement."""
    return len(_WORDS.findall(claim)) >= 2


def _best_context(claim: str, contexts: dict[int, str]) -> int | None:
    words = content_words(claim)
    best, best_score = None, -1.0
    for rank, text in contexts.items():
        score = keyword_overlap(words, content_words(text)) or 0.0
        if score > best_score:
            best, best_score = rank, score
    return best


def assess_batch(answers: Sequence[dict[str, Any]], cfg: AuditConfig, scorer: SemanticScorer) -> BatchResult:
    """Assess a batch of answers; each has answer_id, logged_at, answer_text, citations, contexts."""
    res = BatchResult()
    pair_inputs: list[tuple[str, str]] = []
    pending: list[tuple[dict[str, Any], dict[str, Any], dict[int, str]]] = []  # (row, answer, contexts)
    uncited_pending: list[tuple[dict[str, Any], int, dict[int, str]]] = []

    for ans in answers:
        text = ans["answer_text"] or ""
        sentences = split_sentences(text)
        cites = sorted(ans.get("citations") or [], key=lambda c: c["citation_ord"])
        contexts = {int(c["rank"]): c["text"] or "" for c in ans.get("contexts") or []}
        claims = [_claim_for(c, text, sentences) for c in cites]
        # a sentence that is nothing but markers is no statement: it counts neither as a sentence nor as a claim
        cited = {i for i in _cited_sentences(cites, claims, sentences) if sentences[i].text}
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
                "verdict": "fabricated",
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
            if c.get("fabricated_reason"):
                row["reasons"] = [c["fabricated_reason"]]
            elif not _has_claim_text(cl.text):
                row["verdict"] = "unsupported"
                row["reasons"] = ["empty_claim"]  # the marker carries no statement to verify
            else:
                source = contexts.get(int(c["context_rank"]), "")
                if not source.strip():
                    row["reasons"] = ["context_text_missing"]
                pair_inputs.append((cl.text, source))
                pending.append((row, ans, contexts))
            if c["dialect"] == "citation_object" and c.get("json_claim") and cl.start is None:
                row["reasons"] = [*row["reasons"], "claim_not_in_answer"]
            if bad_confidence:
                row["reasons"] = [*row["reasons"], bad_confidence]
            res.citations.append(row)
        n_claims = len(cited)
        n_uncited = 0
        for i, s in enumerate(sentences):
            if i in cited or not is_claim(s.text):
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
                "n_sentences": sum(1 for s in sentences if s.text),
                "n_claims": n_claims,
                "n_cited_sentences": len(cited),
                "n_uncited_claims": n_uncited,
                "claimed_confidence": confidence,
                "missing_information": parse_missing_information(ans.get("missing_information_raw")),
                "self_report_flags": [bad_confidence] if bad_confidence else [],
            }
        )

    scores = score_pairs(pair_inputs, cfg, scorer)
    _apply_scores(pending, scores, cfg)
    _misattribution(pending, cfg, scorer)
    for row in res.citations:  # the citation type the audit found, for every dialect (issue 13)
        row["audited_type"] = audited_type(row["verdict"], "exact_match" in row["reasons"], row["quote_status"])
    _score_uncited(uncited_pending, cfg, scorer)
    return res


def _apply_scores(
    pending: list[tuple[dict[str, Any], dict[str, Any], dict[int, str]]], scores: list[PairScore], cfg: AuditConfig
) -> None:
    for (row, _ans, contexts), ps in zip(pending, scores, strict=True):
        row["lexical_score"] = ps.lexical
        row["keyfact_coverage"] = ps.keyfact_coverage
        row["number_coverage"] = ps.number_coverage
        row["semantic_score"] = ps.semantic
        if cfg.verify.nli_model:
            row["nli_score"] = ps.semantic
        row["support"] = ps.support
        row["verdict"] = verdict_for(ps.support, cfg.support)
        row["reasons"] = list(row["reasons"]) + (["exact_match"] if ps.exact else []) + list(ps.reasons)
        if ps.evidence is not None:
            row["evidence_start"] = ps.evidence.start
            row["evidence_end"] = ps.evidence.end
            row["evidence_text"] = ps.evidence.text
        # --- issue 13, quotes of citation objects (to move into the verdict core at merge): a quote that is not
        # in its source can never be verified (support capped below `verified`, like a missing quoted span);
        # a claimed direct quote that is not verbatim gets quote_not_verbatim; the located quote is the evidence.
        if row["quote"] is not None or row["claimed_type"] is not None:
            source = contexts.get(int(row["context_rank"]), "")
            qc = check_quote(row["claim"], row["quote"], source, row["claimed_type"], ps.exact)
            row["quote_status"] = qc.status
            row["reasons"] = [*row["reasons"], *qc.reasons]
            if qc.span is not None:
                row["evidence_start"], row["evidence_end"] = qc.span.start, qc.span.end
                row["evidence_text"] = qc.span.text
            if qc.status == NOT_FOUND and row["support"] >= cfg.support.verified:
                row["support"] = cfg.support.verified - 1e-6
                row["verdict"] = verdict_for(row["support"], cfg.support)
        # --- end issue 13 ---


def _misattribution(
    pending: list[tuple[dict[str, Any], dict[str, Any], dict[int, str]]], cfg: AuditConfig, scorer: SemanticScorer
) -> None:
    """A citation its source does not support, where another retrieved context clearly does."""
    todo: list[tuple[dict[str, Any], int]] = []
    pairs: list[tuple[str, str]] = []
    for row, _ans, contexts in pending:
        if row["support"] is None or row["support"] >= cfg.support.verified:
            continue  # a verified citation is not misattributed
        for rank, text in contexts.items():
            if rank != row["context_rank"] and text.strip():
                todo.append((row, rank))
                pairs.append((row["claim"], text))
    if not pairs:
        return
    best: dict[int, tuple[float, int]] = {}
    for (row, rank), ps in zip(todo, score_pairs(pairs, cfg, scorer), strict=True):
        key = id(row)
        if key not in best or ps.support > best[key][0]:
            best[key] = (ps.support, rank)
    for row, _ans, _ctx in pending:
        hit = best.get(id(row))
        if hit is None:
            continue
        support, rank = hit
        if is_misattributed(row["support"] or 0.0, support, cfg.support):
            row["verdict"] = "misattributed"
            row["suggested_rank"] = rank
            row["reasons"] = [*row["reasons"], f"better_source:{rank}"]


def _score_uncited(
    pending: list[tuple[dict[str, Any], int, dict[int, str]]], cfg: AuditConfig, scorer: SemanticScorer
) -> None:
    """The context that best supports each uncited claim: picked by word overlap, then scored in full."""
    pairs: list[tuple[str, str]] = []
    ranks: list[int] = []
    rows: list[dict[str, Any]] = []
    for urow, _i, contexts in pending:
        rank = _best_context(urow["sentence"], contexts)
        if rank is None:
            continue
        pairs.append((urow["sentence"], contexts[rank]))
        ranks.append(rank)
        rows.append(urow)
    for urow, rank, ps in zip(rows, ranks, score_pairs(pairs, cfg, scorer), strict=True):
        urow["best_rank"] = rank
        urow["best_support"] = ps.support
