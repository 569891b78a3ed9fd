"""The progress bar of long audits (on stderr, gone when done), wired to the runner's callbacks."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn


@dataclass(frozen=True)
class ProgressHooks:
    progress: Callable[[int], None]  # answers done
    on_plan: Callable[[int], None]  # answers to do


@contextmanager
def audit_progress(disable: bool = False) -> Iterator[ProgressHooks]:
    console = Console(stderr=True)
    with Progress(
        TextColumn("auditing"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
        disable=disable or not console.is_terminal,  # off a terminal rich draws nothing but a stray blank line
        transient=True,
    ) as bar:
        task = bar.add_task("audit", total=None)
        yield ProgressHooks(lambda n: bar.advance(task, n), lambda total: bar.update(task, total=total))
