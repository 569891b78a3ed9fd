"""Which of an answer's contexts a claim is scored against, chosen by the words they share (no model): a document
cited whole, the other sources of a misattribution search, an uncited sentence's best source.

Pure functions over the contexts' texts by rank; `audit.assess` calls them.
"""

from __future__ import annotations

from collections import Counter

from audit.verify.text import content_words, keyword_overlap, tokens

MAX_DOC_CANDIDATES = 32  # a document cited whole is scored against at most this many of its retrieved contexts
# an unverified citation's claim is scored against at most this many other contexts (those sharing most words with
# it): every one of 10,000 contexts for each of 200 claims ran past 400 s for one answer (README: Bad input)
MAX_ALTERNATIVES = 100


def most_shared(claim: str, ranks: tuple[int, ...], contexts: dict[int, str], most: int) -> tuple[int, ...]:
    """Of `ranks`, the `most` whose contexts share most words with the claim (ties: the lower rank), in rank order."""
    if len(ranks) <= most:
        return ranks
    words = content_words(claim)
    overlap = {r: keyword_overlap(words, content_words(contexts.get(r, ""))) or 0.0 for r in ranks}
    return tuple(sorted(sorted(ranks, key=lambda r: (-overlap[r], r))[:most]))


def likeliest(claim: str, ranks: tuple[int, ...], contexts: dict[int, str]) -> tuple[int, ...]:
    """Of a document's retrieved contexts, the MAX_DOC_CANDIDATES sharing most words with the claim (ties: the lower
    rank), in rank order: each is scored in full. Its first ones by rank missed a claim from its 36th chunk, which
    then came out misattributed to that chunk of the very document it named."""
    return most_shared(claim, ranks, contexts, MAX_DOC_CANDIDATES)


class WordIndex:
    """An answer's contexts by content word: the context sharing most words with a claim (the first of a tie, the
    first context when none shares one). Of more than `scan_up_to` contexts, found by walking the claim's words'
    postings: scanning every context for every uncited sentence took 125 s for 2,000 sentences over 10,000 contexts
    in one answer. Of fewer, the contexts are scanned (their word sets are cached): indexing a few long pages for an
    answer's few uncited sentences cost more than it saved."""

    def __init__(self, contexts: dict[int, str], scan_up_to: int = 64) -> None:
        self.contexts = contexts
        self.order = {rank: i for i, rank in enumerate(contexts)}
        self.postings: dict[str, list[int]] | None = None
        if len(contexts) > scan_up_to:
            self.postings = {}
            for rank, text in contexts.items():
                for word in content_words(text):
                    self.postings.setdefault(word, []).append(rank)

    def best(self, claim: str) -> int | None:
        if not self.order:
            return None
        words = content_words(claim)
        if self.postings is None:  # the scan: the first context of the most shared words
            shared = {rank: len(words & content_words(text)) for rank, text in self.contexts.items()}
        else:
            shared = Counter()
            for word in words:
                shared.update(self.postings.get(word, ()))
        most = max(shared.values(), default=0)
        if most == 0:
            return next(iter(self.order))
        return min((r for r, n in shared.items() if n == most), key=self.order.__getitem__)


MIN_WHOLE_WORDS = 3  # a claim of fewer content words is held whole by many a source by chance ("It rained.")
# at most this many of them are scored in full for one citation (the first by rank): an answer retrieving a hundred
# copies of one page would score each for every citation (AB dev: at most one a citation, 39 of 1,498)
MAX_WHOLE = 4


def whole_holders(claim: str, cited: str, others: dict[int, str]) -> tuple[int, ...]:
    """Of `others` (rank to text: the answer's other retrieved sources the claim does not cite), those holding every
    content word of the claim where the cited source (`cited`) lacks one, for a claim of `MIN_WHOLE_WORDS` or more:
    each is scored in full whatever the cited source's support (`verdict.whole_source` reads them); the first
    `MAX_WHOLE` by rank."""
    words = content_words(claim)
    if len(words) < MIN_WHOLE_WORDS or words <= content_words(cited):
        return ()
    return tuple(r for r in sorted(others) if words <= content_words(others[r]))[:MAX_WHOLE]


LONE_WORDS = 2  # the lone source holds at least this many of the claim's content words (one is held by chance)
LONE_SHARE = 0.25  # and at least this share of them


def lone_holder(claim: str, cited: str, others: dict[int, str]) -> tuple[int, ...]:
    """Of `others` (rank to text: the answer's other retrieved sources the claim does not cite), the one source on
    the claim's topic where the cited source (`cited`) is on none: the cited source holds none of the claim's
    content words, this one its first (`_first_word`), `LONE_WORDS` or more and `LONE_SHARE` of them, every other
    source fewer than it. Scored in full (`verdict.lone_source` reads it); () when there is none. A marker moved to an
    unrelated page (WiCE's planted misattributions: the marker on another claim's page) leaves the claim beside the
    one page on it."""
    words = content_words(claim)
    if not others or words & content_words(cited):
        return ()
    held = {r: len(words & content_words(text)) for r, text in others.items()}
    best = min(held, key=lambda r: (-held[r], r))
    rest = max((n for r, n in held.items() if r != best), default=0)
    enough = held[best] >= max(LONE_WORDS, LONE_SHARE * len(words)) and held[best] > rest
    return (best,) if enough and _first_word(claim) in content_words(others[best]) else ()


def _first_word(claim: str) -> str | None:
    """The claim's first content word, as `content_words` writes it: mostly what it speaks of ("Skiing has a history
    of ...": a page sharing "history" and "five" with it is on no skiing)."""
    return next((w for t in tokens(claim) for w in content_words(t)), None)
