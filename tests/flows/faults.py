"""Test-only fault injection for the flows (never in the library or the flows themselves).

    python tests/flows/faults.py exit_before_load nightly --input ... --db ...

runs `citeaudit` in this process with the load task replaced by a hard exit (os._exit, as a kill -9 would end it):
the shards are finished and written, nothing is loaded. `fail_once` wraps a shard function so that its first call
raises, for the retry test (in process, via monkeypatch).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

EXIT_BEFORE_LOAD_CODE = 75


class InjectedFault(RuntimeError):
    """The fault a test planted."""


def fail_once(fn: Callable[..., Any], marker: Path) -> Callable[..., Any]:
    """`fn`, except that the first call (across threads and processes: `marker` is created exclusively) raises."""

    def wrapped(*args: Any, **kwargs: Any) -> Any:
        try:
            fd = os.open(marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
        except FileExistsError:
            return fn(*args, **kwargs)
        os.close(fd)
        raise InjectedFault(f"injected shard fault ({marker})")

    return wrapped


def kill_worker_once_in(marker: str) -> None:
    """Run in every Dask worker (`client.run`): the first shard any of them starts kills its process mid-shard
    (os._exit, nothing written), once across workers (`marker` is created exclusively). A restarted worker is a new
    process without this patch."""
    import flows.nightly

    real = flows.nightly.audit_shard_to

    def dying(*args: Any, **kwargs: Any) -> Any:
        try:
            fd = os.open(marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
        except FileExistsError:
            return real(*args, **kwargs)
        os.close(fd)
        os._exit(EXIT_BEFORE_LOAD_CODE)

    flows.nightly.audit_shard_to = dying  # type: ignore[assignment]


def main(argv: list[str]) -> None:
    fault, *args = argv
    if fault != "exit_before_load":
        sys.exit(f"unknown fault {fault!r}")
    import flows.nightly

    def exit_now(*_: Any, **__: Any) -> None:
        os._exit(EXIT_BEFORE_LOAD_CODE)

    flows.nightly.load_task = exit_now  # type: ignore[assignment]
    from audit.cli import main as citeaudit

    citeaudit(args)


if __name__ == "__main__":
    main(sys.argv[1:])
