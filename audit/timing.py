"""Wall-clock time per named stage, for the benchmark and run summaries."""

from __future__ import annotations

import threading
import time
from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager


class Stopwatch:
    """Seconds per stage; shards audited at once in threads add theirs up (thread-seconds, not wall-clock)."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = defaultdict(float)
        self._lock = threading.Lock()

    @contextmanager
    def __call__(self, stage: str) -> Iterator[None]:
        t0 = time.perf_counter()
        try:
            yield
        finally:
            with self._lock:
                self.seconds[stage] += time.perf_counter() - t0
