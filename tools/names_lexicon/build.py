"""Builds audit/models/name_words.tsv: the words of the packaged MiniLM's vocabulary that running text treats as
names ("smith", "paris", "jordan"), so that one starting a sentence is taken for a name, not a common word
(`audit.verify.keynames`).

    python tools/names_lexicon/build.py [PAIRS] [OUT]      # make name-words

Counts, over the distinct sources of the training pairs (`../shared/data/train/pairs.jsonl.gz`, never the dev sets),
in how many sources each word is capitalised mid-sentence (after a lower-case letter, a digit or a comma and a
space: not after ".", "!", "?", ":", a quote, a bracket or a line start, where any word is capitalised) and in how
many it is written in lower case. A word is a name when it is capitalised there in at least MIN_CAPITALISED sources
and in RATIO times as many as write it in lower case, and, as proper names are, seldom after "the", "a" or "an" (in
under MAX_ARTICLE of the sources capitalising it: not "American", "German", "University", "Senate", adjectives and
institutions that a sentence may start with as common words do) nor before a full stop (under MAX_FULL_STOP: not the
abbreviations "Dr", "Mr", "St"). Only the words the vocabulary would take for common words are written (the others
are names already); the file keeps the counts so that a reviewer can see why each word is in it. The same pairs give
the same file.
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from collections.abc import Iterable
from pathlib import Path

from audit.calibrate import read_pairs
from audit.verify.keynames import _LOWER, _UPPER, in_vocabulary

ROOT = Path(__file__).resolve().parents[2]
PAIRS = ROOT.parent / "shared" / "data" / "train" / "pairs.jsonl.gz"
OUT = ROOT / "audit" / "models" / "name_words.tsv"
MIN_CAPITALISED = 3
RATIO = 3.0
MAX_ARTICLE = 0.25
MAX_FULL_STOP = 0.5

_WORD = re.compile(rf"(?<![\w'\u2019-])[{_UPPER}{_LOWER}]+(?![\w'\u2019-])")
_TITLE = re.compile(rf"[{_UPPER}][{_LOWER}]+")
_MID_SENTENCE = re.compile(rf"[{_LOWER}0-9,] \Z")
_ARTICLE = re.compile(r"(?<!\w)(?:the|a|an) \Z")


def count_case(texts: Iterable[str]) -> dict[str, Counter[str]]:
    """Per lower-case word, in how many texts it is capitalised mid-sentence ("capitalised"; "article": after "the",
    "a" or "an" there, "full_stop": before "."), and in how many written in lower case ("lower"). Texts, not
    occurrences: one manual that writes "Manager" 100 times is one text."""
    counts: dict[str, Counter[str]] = {k: Counter() for k in ("capitalised", "article", "full_stop", "lower")}
    for text in texts:
        seen: dict[str, set[str]] = {k: set() for k in counts}
        for m in _WORD.finditer(text):
            word = m.group()
            if word.islower():
                seen["lower"].add(word)
            elif _TITLE.fullmatch(word) and _MID_SENTENCE.search(text, max(0, m.start() - 2), m.start()):
                key = word.lower()
                seen["capitalised"].add(key)
                if _ARTICLE.search(text, max(0, m.start() - 5), m.start()):
                    seen["article"].add(key)
                if text.startswith(".", m.end()):
                    seen["full_stop"].add(key)
        for k, words in seen.items():
            counts[k].update(words)
    return counts


def name_words(counts: dict[str, Counter[str]]) -> list[tuple[str, int, int, int, int]]:
    """(word, capitalised, lower, article, full_stop) source counts of each name the vocabulary takes for a common
    word, sorted."""
    rows = []
    for w, c in counts["capitalised"].items():
        low, art, stop = counts["lower"][w], counts["article"][w], counts["full_stop"][w]
        name_like = c >= MIN_CAPITALISED and c >= RATIO * low and art < MAX_ARTICLE * c and stop < MAX_FULL_STOP * c
        if name_like and in_vocabulary(w):
            rows.append((w, c, low, art, stop))
    return sorted(rows)


def main(pairs: Path, out: Path) -> None:
    sources = sorted({p.source for p in read_pairs(pairs)})
    rows = name_words(count_case(sources))
    header = [
        "# Names that the packaged MiniLM's uncased vocabulary holds as common words: starting a sentence, they are",
        f"# names. Of the {len(sources):,} distinct sources of the training pairs (../shared/data/train/), each is "
        f"capitalised mid-sentence in at least {MIN_CAPITALISED}",
        f"# and in {RATIO:g}x as many as write it in lower case; under {MAX_ARTICLE:g} of those capitalise it after "
        f"the/a/an, under {MAX_FULL_STOP:g} before a full stop.",
        "# Sources: summedits, factcheck_gpt, fm2 (Apache-2.0), begin (CC BY 4.0), expertqa (MIT), fever_symmetric "
        "(Wikipedia text, CC BY-SA 3.0);",
        "# only word counts are kept. Built by tools/names_lexicon/build.py (make name-words); do not edit by hand.",
        "# word, then sources: capitalised, lower case, capitalised after an article, capitalised before a full stop",
    ]
    out.write_text("\n".join(header + ["\t".join(map(str, r)) for r in rows]) + "\n", encoding="utf-8")
    print(f"{out}: {len(rows)} words from {len(sources):,} sources")


if __name__ == "__main__":
    args = sys.argv[1:]
    main(Path(args[0]) if args else PAIRS, Path(args[1]) if len(args) > 1 else OUT)
