"""Support features of one (claim, source) pair: what the support model sees. Pure functions.

Two steps around the embedding call: `analyse_pair` does the lexical work and picks the candidate windows that
the static embedding model scores; `pair_features` turns that analysis plus the window cosines into the feature
vector. The transformer's cosine (`cos_transformer`) is added by the verifier for the pairs it refines.
Training (`citeaudit calibrate`) and the audit call the same two functions, so what was fitted is what runs.
"""

from __future__ import annotations

import dataclasses
import math
import re
from dataclasses import dataclass
from itertools import pairwise

import numpy as np
from rapidfuzz import fuzz

from audit.verify.clauses import negation_bears_on_claim
from audit.verify.keyfacts import KeyFacts, key_facts, missing_facts
from audit.verify.keynames import common_words
from audit.verify.lexical import LexicalResult, fuzzy_text, lexical_verify, lowered
from audit.verify.opposites import negation_said_otherwise
from audit.verify.restate import in_source_words, without_pictographs
from audit.verify.states import had_but_less
from audit.verify.text import (
    STOPWORDS,
    SentenceWindows,
    SourceWindow,
    Windows,
    content_words,
    keyword_overlap,
    postings,
    sentence_windows,
    stem,
    tokens,
)
from audit.verify.textcache import text_cache
from audit.verify.unnegated import without_empty_negations, without_unnamed
from audit.verify.urls import missing_urls, split_urls

# bump when a feature's computation changes: cached training features (`citeaudit calibrate`) are keyed on it
# what each bump changed: docs/features-versions.md
FEATURES_VERSION = 107
# the order of the model's inputs; the shipped model file names them, and loading checks they match
FEATURE_NAMES: tuple[str, ...] = (
    "partial",  # rapidfuzz partial_ratio of the claim in the source
    "keyword",  # share of the claim's content words found anywhere in the source
    "keyword_window",  # ... found in the best candidate window
    "bigram",  # share of the claim's adjacent content-word pairs found in the source
    "idf_coverage",  # rarity-weighted share of the claim's content words found in the source
    "numbers",  # share of the claim's numbers in the source (1 when none)
    "names",  # share of the claim's capitalised names in the source (1 when none)
    "dates",  # share of the claim's dates in the source (1 when none)
    "negation_mismatch",  # the claim is negated and the best window is not, or the other way round
    "cos_max",  # best cosine between the claim and a candidate window (static embedding, audit/verify/static.py)
    "cos_mean2",  # mean of the two best cosines
    "token_set",  # rapidfuzz token_set_ratio of the claim and the best window
    "log_claim_words",  # log(1 + content words of the claim)
    "missing_words",  # log(1 + content words of the claim absent from the source)
    "exact",  # the claim is verbatim in the source
    "cos_transformer",  # the transformer's (MiniLM) best cosine between the claim and a candidate window; set by
    # the second stage (audit/verify/verifier.py) only for the pairs it refines; 1 for a verbatim claim, else 0 here
    "token_align",  # the claim's least-aligned content token: its best cosine with any token of the windows the
    # transformer read (audit/verify/align.py); set by the second stage with cos_transformer; 1 verbatim, else 0 here
)
COS_TRANSFORMER = FEATURE_NAMES.index("cos_transformer")
TOKEN_ALIGN = FEATURE_NAMES.index("token_align")

_NEGATION = re.compile(
    r"\b(?:not|no|never|none|nobody|nothing|neither|nor|cannot|without|n't|fail(?:ed|s)?\s+to|lack(?:s|ed)?|"
    r"den(?:y|ies|ied|ying)|refus(?:e|es|ed|ing))\b|n't\b",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class PairAnalysis:
    """Everything about a pair that needs no model: lexical scores, key facts, candidate windows."""

    claim: str
    lexical: LexicalResult
    facts: KeyFacts
    # reasons: missing_number:..., missing_date:..., missing_name:..., missing_quote:..., missing_url:...
    missing: tuple[str, ...]
    partial: float
    keyword: float
    bigram: float
    idf_coverage: float
    claim_words: frozenset[str]
    missing_words: int
    candidates: tuple[SourceWindow, ...]  # source windows to embed; empty for a verbatim match or an empty source
    candidate_overlap: tuple[float, ...]  # keyword overlap of the claim with each candidate

    @property
    def exact(self) -> bool:
        return self.lexical.exact

    @property
    def seed_baseline(self) -> float:
        """The seeds' heuristic: min(partial ratio, keyword overlap)."""
        return min(self.partial, self.keyword)


@dataclass(frozen=True)
class _SourceIndex:
    windows: Windows
    layout: SentenceWindows  # which sentences each window covers, and the sentences' words
    all_words: frozenset[str]
    bigrams: frozenset[tuple[str, str]]
    idf: dict[str, float]
    postings: dict[str, list[int]]  # word -> indices of the sentences holding it
    own: dict[str, list[int]]  # word -> windows tokenized whole (not a union of sentences) that hold it
    own_windows: np.ndarray  # those windows


def _content_sequence(text: str) -> list[str]:
    return [stem(t) for t in tokens(text) if len(t) >= 3 and t not in STOPWORDS]


@text_cache(max_chars=6_000_000, max_entries=2048, shared=True)  # ~36 bytes a character (WiCE pages): ~220 MB at most
def index_source(source: str, window_sentences: int) -> _SourceIndex:
    """Windows of a source, its sentences' words, its word pairs and in-document idf (cached: sources recur).
    Words are indexed per sentence, not per window: a window holds a word when one of its sentences does."""
    layout = sentence_windows(source, window_sentences)
    singles = layout.sentence_words
    where = postings(singles)  # word -> the sentences holding it (its document frequency: their count)
    logs = {d: math.log(1 + len(singles) / d) for d in {len(ix) for ix in where.values()}}  # once per count
    idf = {t: logs[len(ix)] for t, ix in where.items()}
    seq = layout.sequence  # the same words as `_content_sequence(source)`, from the pass that read its sentences
    # so its set is the page's `content_words`, which picking the context of an uncited sentence reads next
    content_words.keep((source,), frozenset(seq))
    own_where: dict[str, list[int]] = {}
    for j, ws in layout.own.items():
        for t in ws:
            own_where.setdefault(t, []).append(j)
    return _SourceIndex(
        windows=layout.windows,
        layout=layout,
        all_words=frozenset(where) | frozenset(own_where),
        bigrams=frozenset(pairwise(seq)),
        idf=idf,
        # kept as lists, made arrays only for the claim's words (`_holding`): an array for each of a source's words cost
        # more time to build than the lookups took, and ~3x the memory of a short list
        postings=where,
        own=own_where,
        own_windows=np.asarray(sorted(layout.own), dtype=np.int64),
    )


def _holding(word: str, src: _SourceIndex) -> np.ndarray:
    """Whether each window holds `word`: one of its sentences does (a window tokenized whole: its own words)."""
    in_sentence = np.zeros(len(src.layout.sentence_words) + 1, dtype=np.int64)
    ix = src.postings.get(word)
    if ix is not None:
        in_sentence[np.asarray(ix, dtype=np.int64) + 1] = 1
    seen = np.cumsum(in_sentence)
    hold = seen[src.layout.last] > seen[src.layout.first]
    if len(src.own_windows):
        hold[src.own_windows] = False
        own = src.own.get(word)
        if own is not None:
            hold[own] = True
    return hold


def _rarity(word: str) -> float:
    """A document-free stand-in for idf: long words are rarer than short ones."""
    return math.log(1.0 + len(word))


def _top_windows(claim_words: frozenset[str], src: _SourceIndex, k: int) -> list[int]:
    """The `k` windows sharing the most idf-weighted words with the claim (ties: the earlier), in source order."""
    scores = np.zeros(len(src.windows))
    # added word by word in sorted order, so every window's sum is the same float whatever the hash seed
    for t in sorted(claim_words & src.all_words):
        scores[_holding(t, src)] += src.idf.get(t, 0.0)
    ranked = np.argsort(-scores, kind="stable")[:k]
    return sorted(int(i) for i in ranked)


# a claim's key facts once: a claim not verified is analysed again against the answer's other contexts (WiCE dev: 2,594
# pairs, 1,904 claims as restated); pure, and its KeyFacts frozen
claim_facts = text_cache(max_chars=4_000_000, max_entries=16384)(key_facts)


def analyse_pair(claim: str, source: str, window_sentences: int = 3, top_k: int = 4) -> PairAnalysis:
    """The model-free part of verifying `claim` against `source` (the claim without its pictographs and links; each
    link is a key fact, `audit.verify.urls`), the claim restated in its source's words (`audit.verify.restate`)."""
    written, urls = split_urls(without_pictographs(claim))
    claim = in_source_words(written, source)  # each form its source writes another way in the source's words
    lex = lexical_verify(claim, source, written)  # a verbatim match and the quotes: as the claim writes them
    lost_urls = missing_urls(urls, source)
    if lost_urls and lex.exact:  # a copied sentence with a link of its own is no verbatim match (`audit.verify.urls`)
        lex = dataclasses.replace(lex, exact=False)
    facts = claim_facts(claim)
    missing = tuple([f"missing_quote:{q}" for q in lex.missing_quotes] + missing_facts(facts, source) + lost_urls)
    cw = content_words(claim)
    src = index_source(source, window_sentences)
    keyword = keyword_overlap(cw, src.all_words)
    if not lex.exact and claim.strip() and source.strip():
        partial = lex.score  # the same rapidfuzz partial ratio, already computed with its alignment
    else:
        partial = fuzz.partial_ratio(fuzzy_text(claim), lowered(source)) / 100.0 if claim and source else 0.0
    seq = _content_sequence(claim)
    pairs = set(pairwise(seq))
    bigram = len(pairs & src.bigrams) / len(pairs) if pairs else (keyword if keyword is not None else 0.0)
    total = sum(_rarity(w) for w in sorted(cw))
    idf_cov = sum(_rarity(w) for w in sorted(cw & src.all_words)) / total if total else 0.0
    candidates: tuple[SourceWindow, ...] = ()
    overlap: tuple[float, ...] = ()
    if not lex.exact and src.windows:
        top = _top_windows(cw, src, top_k)
        candidates = tuple(src.windows[j] for j in top)
        overlap = tuple(keyword_overlap(cw, src.layout.words(j)) or 0.0 for j in top)
    return PairAnalysis(
        claim=claim,
        lexical=lex,
        facts=facts,
        missing=missing,
        partial=partial,
        keyword=keyword if keyword is not None else 0.0,
        bigram=bigram,
        idf_coverage=idf_cov,
        claim_words=cw,
        missing_words=len(cw - src.all_words),
        candidates=candidates,
        candidate_overlap=overlap,
    )


def _coverage(found: int, total: int) -> float:
    return 1.0 if total == 0 else found / total


def fact_coverage(facts: KeyFacts, missing: tuple[str, ...]) -> tuple[float, float, float]:
    """Share of the claim's numbers, names and dates found in the source (1 for a kind it states none of)."""

    def lost(prefix: str) -> int:
        return sum(1 for r in missing if r.startswith(prefix))

    return (
        _coverage(len(facts.numbers) - lost("missing_number:"), len(facts.numbers)),
        _coverage(len(facts.names) - lost("missing_name:"), len(facts.names)),
        _coverage(len(facts.dates) - lost("missing_date:"), len(facts.dates)),
    )


# "not uncommon", "not unlike", "not impossible" (two negations) state the plain word ("un" before a common word: "not
# unusual", "not unaware"; not "not under", "not unanimous"; "unless", "until" are none); "not only", "No. 1", a
# title's "No", "not until" negate nothing either (`unnegated`)
_LITOTES = re.compile(
    r"\bnot\s+(?:un(?!less\b|til\b)([a-z]{4,})|insignificant|impossible|infrequent(?:ly)?|inconceivable|immaterial"
    r"|dissimilar)\b",
    re.IGNORECASE,
)
# an aside that excepts something, "The museum, but not its gardens, is open": its "not" is about what it names
# (or one that ends its sentence: "..., but not in other parts of North America.")
_ASIDE = re.compile(r"[,(]\s*(?:but|and)\s+not\s+([^,.;:!?()]{1,60})(?:[,)]|(?=[.;!?](?:\s|$)|$))", re.IGNORECASE)


def _litotes(m: re.Match[str]) -> str:
    stem_ = m.group(1)
    # an adverb is no litotes: "did not unduly burden", "not unconstitutionally" negate the verb ("unlikely" is none)
    plain = stem_ is None or (stem_.lower() in common_words() and (stem_.lower() == "likely" or stem_[-2:] != "ly"))
    return " " if plain else m.group()


def is_negated(text: str, claim: str | None = None) -> bool:
    """Whether `text` negates what it says ("not", "never", "cannot", "failed to", ...), but for a negation word
    that negates nothing (`unnegated.without_empty_negations`, `_LITOTES`), nor, read against a `claim`, one inside
    an aside that excepts what the claim does not name ("The museum, but not its gardens, is open" for "The museum is
    open"; a claim naming the gardens takes the aside's "not"), or a "without" of it (`unnegated.without_unnamed`)."""
    if _NEGATION.search(text) is None:  # most texts (the rewrites below only take a negation away, never add one)
        return False
    text = _LITOTES.sub(_litotes, without_empty_negations(text))
    if claim is not None:
        words = content_words(claim)
        aside = _ASIDE.sub(lambda m: m.group() if content_words(m.group(1)) & words else ", ", text)
        text = without_unnamed(aside, claim)
    return _NEGATION.search(text) is not None


# a refusal: a negation ("denied", "refused") that other verbs say without one ("rejected", "dismissed", "turned down")
_REFUSED = re.compile(r"\b(?:den(?:y|ies|ied|ying)|refus(?:e|es|ed|ing))\b", re.IGNORECASE)
_REFUSED_OTHERWISE = re.compile(
    r"\b(?:reject(?:s|ed|ing)?|dismiss(?:es|ed|ing)?|turn(?:s|ed|ing)?\s+down|rebuff(?:s|ed|ing)?|"
    r"veto(?:es|ed|ing)?|overrul(?:e|es|ed|ing))\b",
    re.IGNORECASE,
)


# a negation the test above does not read: "unable to", "incapable of", "unwilling to", "declined to comment" (not
# "sales declined to 5 million"), "zero deaths" (round 10). Read as one, they fired on supported pairs whose window
# negates something else ("so I will be unable to attend" beside a claim about the tour): they only waive a mismatch.
# Not the nouns, "failure / inability to": they waived one on a not-supported AB dev citation
_UNREAD_NEGATION = re.compile(
    r"\b(?:unable|unwilling)\s+to\b|\bincapable\s+of\b|\bzero\s+(?=[a-z]+s\b)|"
    r"\bdeclin(?:e|es|ed|ing)\s+to\s+(?!(?:a|an|the|about|around|just|only|nearly|roughly|under|"
    r"below|some|its|their|record|levels?|lows?)\b)(?=[a-z]+\b)",
    re.IGNORECASE,
)


def _negated_otherwise(negated: str, plain: str) -> bool:
    """Whether `plain` negates too, in words the negation test does not read as one ("were unable to reach" for
    "could not reach", "declined to comment" for "did not comment"), or by a verb of refusal that is no negation
    ("The application was rejected") where `negated` negates only by a refusal ("The application was denied")."""
    if _UNREAD_NEGATION.search(plain) is not None:
        return True
    return _REFUSED_OTHERWISE.search(plain) is not None and not is_negated(_REFUSED.sub(" ", negated))


def negation_mismatch(claim: str, window: str) -> bool:
    """Whether one of the two negates what it says and the other does not, but for a negation said with a word of
    opposite meaning ("does not cover" for "excludes": `opposites.negation_said_otherwise`) or in words it does not
    read as one ("unable to", "rejected" for "denied": `_negated_otherwise`), nor a window's negation the claim does
    not restate or name (`clauses.negation_bears_on_claim`); or, neither negated, "have mass" / "massless" (states)."""
    claim_negated, window_negated = is_negated(claim), is_negated(window, claim)
    if window_negated and not claim_negated:  # the negation of a clause the claim does not restate (`clauses.py`)
        window_negated = negation_bears_on_claim(claim, window, lambda c: is_negated(c, claim))
    if claim_negated == window_negated:  # neither negates: what one says one has, the other may say one is without
        return not claim_negated and (had_but_less(claim, window) or had_but_less(window, claim))
    negated, plain = (claim, window) if claim_negated else (window, claim)
    return not negation_said_otherwise(negated, plain) and not _negated_otherwise(negated, plain)


EVIDENCE_COSINE_WEIGHT = 0.6  # evidence = best 0.6*cosine + 0.4*overlap: hits gold support sentences most often


def evidence_index(a: PairAnalysis, cosines: np.ndarray) -> int | None:
    """Which candidate window is the evidence span."""
    if not a.candidates or len(cosines) == 0:
        return None
    mix = EVIDENCE_COSINE_WEIGHT * cosines + (1 - EVIDENCE_COSINE_WEIGHT) * np.asarray(a.candidate_overlap)
    return int(np.argmax(mix))


def pair_features(a: PairAnalysis, cosines: np.ndarray | None) -> np.ndarray:
    """The feature vector (FEATURE_NAMES order) of an analysed pair and its candidates' cosines."""
    numbers, names, dates = fact_coverage(a.facts, a.missing)
    if a.exact:
        cos_max = cos_mean2 = 1.0
        kw_win = token_set = 1.0
        neg = 0.0
    else:
        cs = np.sort(np.asarray(cosines if cosines is not None else [], dtype=np.float64))[::-1]
        cos_max = float(cs[0]) if len(cs) else 0.0
        cos_mean2 = float(cs[:2].mean()) if len(cs) else 0.0
        best = evidence_index(a, np.asarray(cosines)) if cosines is not None and len(cosines) else None
        if best is None:
            kw_win, token_set, neg = 0.0, 0.0, 0.0
        else:
            win = a.candidates[best].text
            kw_win = a.candidate_overlap[best]
            token_set = fuzz.token_set_ratio(a.claim.lower(), win.lower()) / 100.0
            neg = float(negation_mismatch(a.claim, win))
    return np.array(
        [
            a.partial,
            a.keyword,
            kw_win,
            a.bigram,
            a.idf_coverage,
            numbers,
            names,
            dates,
            neg,
            cos_max,
            cos_mean2,
            token_set,
            math.log1p(len(a.claim_words)),
            math.log1p(a.missing_words),
            float(a.exact),
            1.0 if a.exact else 0.0,  # cos_transformer: like cos_max, 1 for a verbatim claim; else the verifier's
            1.0 if a.exact else 0.0,  # token_align: the same
        ],
        dtype=np.float64,
    )
