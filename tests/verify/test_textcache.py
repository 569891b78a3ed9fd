"""The per-source caches are bounded by the characters they hold (audit/verify/textcache.py)."""

from __future__ import annotations

import threading
import tracemalloc

from audit.verify.features import index_source
from audit.verify.textcache import text_cache


def test_least_recently_used_texts_go_first_when_the_characters_run_out() -> None:
    calls: list[str] = []

    @text_cache(max_chars=10, max_entries=100)
    def upper(text: str) -> str:
        calls.append(text)
        return text.upper()

    assert [upper(t) for t in ("aaaa", "bbbb", "aaaa")] == ["AAAA", "BBBB", "AAAA"]
    assert calls == ["aaaa", "bbbb"]  # the second "aaaa" was a hit, and is now the most recently used
    upper("cccc")  # 12 characters: the least recently used ("bbbb") goes
    assert upper.cache_info().chars == 8 and upper.cache_info().entries == 2
    upper("aaaa")
    upper("bbbb")
    assert calls == ["aaaa", "bbbb", "cccc", "bbbb"]
    upper("x" * 11)  # longer than the whole budget: computed, not kept (nothing else is pushed out for it)
    assert upper.cache_info().entries == 2 and upper("x" * 11) == "X" * 11 and calls[-2:] == ["x" * 11] * 2


def test_the_entry_count_bounds_too_and_other_arguments_are_other_entries() -> None:
    @text_cache(max_chars=1000, max_entries=2)
    def cut(text: str, n: int) -> str:
        return text[:n]

    assert (cut("abc", 1), cut("abc", 2), cut("abd", 1)) == ("a", "ab", "a")
    info = cut.cache_info()
    assert (info.entries, info.misses, info.hits) == (2, 3, 0)
    cut.cache_clear()
    assert cut.cache_info().entries == 0


def test_threads_share_one_cache_and_get_the_same_values() -> None:
    @text_cache(max_chars=50, max_entries=1000)
    def length(text: str) -> int:
        return len(text)

    texts = [f"text number {i}" for i in range(40)]
    out: list[list[int]] = []

    def work() -> None:
        out.append([length(t) for t in texts * 5])

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(o == [len(t) for t in texts * 5] for o in out)
    assert length.cache_info().chars <= 50


def test_long_sources_no_longer_fill_memory() -> None:
    # 2,048 web pages of WiCE's mean length (8,300 characters) held 716 MB in the source index alone (40 bytes a
    # character); 40,000-character pages would have held gigabytes. Bounded at 6 million characters: ~240 MB
    page = " ".join(f"Sentence {i} of a long page tells about topic {i % 97} and place {i % 13}." for i in range(600))
    index_source.cache_clear()
    tracemalloc.start()
    try:
        for n in range(400):  # 400 pages of ~40,000 characters: 16 million characters
            index_source(f"{page} Page {n}.", 3)
        grown, _peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    info = index_source.cache_info()
    index_source.cache_clear()
    assert info.chars <= 6_000_000 and info.entries < 400, info
    assert grown < 400e6, grown
