"""Speed round 11: `keynames.alias_words` searches a group's forms only where their first words are among the
source's words (`firstchars.first_words`, `words_of`). The set test may only skip a search that finds nothing: each
group's answer is the same as its patterns' plain search, on texts that put every form in every surrounding."""

from __future__ import annotations

import itertools

from audit.extract.firstchars import first_words, words_of
from audit.verify import keynames

_AROUND = [("", ""), ("the ", " said"), ("(", ")"), ("pre", ""), ("", "n"), ("", "'s"), ("", "-based"), (".", "")]
_AROUND += [("x_", ""), ("", "_x"), ("", "."), ("ü", ""), ("", "2"), ("İ", " ")]


def _plain(a: keynames._AliasForms, source: str, low: str) -> bool:
    return bool((a.short and a.short_re.search(source)) or (a.long and a.long_re.search(low)))


def test_the_same_groups_as_the_patterns() -> None:
    forms = [f for a in keynames._ALIAS_FORMS for f in (*a.short, *a.long)]
    texts = [f"{before}{form}{after}" for form in forms for before, after in _AROUND]
    texts += [f"{p} and {q}" for p, q in itertools.islice(itertools.combinations(forms, 2), 3000)]
    texts += [t.upper() for t in texts[:500]] + [t.title() for t in texts[:500]]
    found = 0
    for text in texts:
        low = text.lower()
        words = (words_of(text), words_of(low))
        for a in keynames._ALIAS_FORMS:
            got = keynames._names_group(a, text, low, words)
            assert got == _plain(a, text, low), (text, a.forms)
            found += got
    assert found > len(texts)  # most texts name a group


def test_first_words() -> None:
    assert first_words(("U.S.", "US", "WW II")) == frozenset({"U", "US", "WW"})
    assert first_words(()) == frozenset()
    assert first_words(("US", ".net")) is None  # a form that begins with no word: never skipped
    assert words_of("U.S.-based (WW II)") == frozenset({"U", "S", "based", "WW", "II"})
