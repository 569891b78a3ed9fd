"""The garbage collector's pace in an audit process (the `citeaudit` command and a Dask worker's preload).

The lexical stage makes and drops hundreds of thousands of small container objects per shard (one per word of every
candidate sentence, its alignment rows), and Python's default first-generation threshold (700 allocations) makes
the collector walk them, and every object an older collection promoted (the source caches, the models' Python
objects), thousands of times a run. Replaying the lexical stage's pairs of a WiCE dev audit
(`tools/profile_lexical.py time ... --paced-gc`, CPU seconds, median of 3): 4.10 s with the defaults, 3.85 s with
10,000 (AB dev: 1.52 -> 1.47 s). Reference counting frees these objects all the same; the collector only looks for
cycles, of which a pass makes few. Only the entry points call this: a library user's process keeps its own
settings.
"""

from __future__ import annotations

import gc

FIRST_GENERATION = 10_000  # container allocations between first-generation collections (Python's default: 700)


def pace_collector() -> None:
    """Collect the first generation every `FIRST_GENERATION` allocations; older generations keep their pace."""
    first, second, third = gc.get_threshold()
    if first < FIRST_GENERATION:
        gc.set_threshold(FIRST_GENERATION, second, third)
