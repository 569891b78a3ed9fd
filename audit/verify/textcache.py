"""A least-recently-used cache of a function of a text, bounded by the characters it holds, not only its entries.

The per-source caches (a source's index, its folded text, its key facts, its content words) were `lru_cache`s of
2,048 to 65,536 entries: sized for knowledge-base chunks of ~1,000 characters, they grew with the sources' length.
WiCE's web pages (8,300 characters on average) cost ~350 KB each in the index alone: 2,048 of them held 716 MB,
and 40,000-character pages would have held gigabytes, past the audit's 2 GB. Bounded by characters, a cache keeps as
many short chunks as before or more, and few long pages. Thread-safe: shard threads share a process's caches.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from functools import update_wrapper
from typing import Generic, NamedTuple, ParamSpec, TypeVar

from audit.verify.peercache import peer_value

P = ParamSpec("P")
R = TypeVar("R")


class CacheInfo(NamedTuple):
    hits: int
    misses: int
    entries: int
    chars: int
    max_chars: int


class TextCache(Generic[P, R]):
    """`fn` cached on its arguments; an entry's size is the length of its first argument (a text)."""

    def __init__(self, fn: Callable[P, R], max_chars: int, max_entries: int, shared: bool = False) -> None:
        self._fn = fn
        self._shared = f"{fn.__module__}.{fn.__qualname__}" if shared else None
        self._max_chars = max_chars
        self._max_entries = max_entries
        self._data: OrderedDict[Hashable, tuple[R, int]] = OrderedDict()
        self._chars = 0
        self._hits = self._misses = 0
        self._lock = threading.Lock()
        update_wrapper(self, fn)

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> R:
        if kwargs:  # not cached: every caller passes positional arguments
            return self._fn(*args, **kwargs)
        data, lock = self._data, self._lock
        with lock:
            hit = data.get(args)
            if hit is not None:
                data.move_to_end(args)
                self._hits += 1
                return hit[0]
            self._misses += 1

        # a source other shards of the run also audit is derived once for them all (`audit.verify.peercache`)
        def compute() -> R:
            return self._fn(*args, **kwargs)  # kwargs is empty here

        value = compute() if self._shared is None else peer_value(self._shared, args, compute)
        self.keep(args, value)
        return value

    def keep(self, args: tuple[Hashable, ...], value: R) -> None:
        """Hold `value` as `fn(*args)`, unless held already or too long to keep: for a caller that derived it on
        the way (the same value `fn` returns: it must be)."""
        text = args[0] if args else None
        size = len(text) if isinstance(text, str) else 1
        if size > self._max_chars:
            return
        data = self._data
        with self._lock:
            if args not in data:
                data[args] = (value, size)
                self._chars += size
                while self._chars > self._max_chars or len(data) > self._max_entries:
                    self._chars -= data.popitem(last=False)[1][1]

    def cache_clear(self) -> None:
        with self._lock:
            self._data.clear()
            self._chars = self._hits = self._misses = 0

    def cache_info(self) -> CacheInfo:
        with self._lock:
            return CacheInfo(self._hits, self._misses, len(self._data), self._chars, self._max_chars)


def text_cache(
    max_chars: int, max_entries: int = 1 << 20, shared: bool = False
) -> Callable[[Callable[P, R]], TextCache[P, R]]:
    """Decorator: `fn(text, ...)` cached, at most `max_chars` characters of first arguments and `max_entries`
    entries held, least recently used out first. A text longer than `max_chars` is computed, not kept. `shared`: a
    miss on a source the run's other shards also audit is looked up in (and written to) the run's peer folder when
    one is active (`audit.verify.peercache`)."""

    def decorate(fn: Callable[P, R]) -> TextCache[P, R]:
        return TextCache(fn, max_chars, max_entries, shared)

    return decorate
