"""What every command shares: the consoles, one error handler, and the common options (sqlite-utils style)."""

from __future__ import annotations

import codecs
import errno
import logging
import math
import os
import signal
import sys
import threading
import traceback
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import wraps
from typing import Any, NoReturn, TypeVar

import click
import duckdb
from rich.console import Console

from audit.errors import (
    CiteauditError,
    DatabaseLocked,
    Terminated,
    disk_full,
    interruption,
    note_signal,
    one_line,
    runs_begun,
    terminal_text,
)
from audit.sql import READ_WAIT_S, damaged_database
from audit.store import DEFAULT_DB

F = TypeVar("F", bound=Callable[..., Any])


class _Console(Console):
    """rich's console, ending on a reader that went away as `friendly_errors` does: rich's own ending was exit 1 and
    no word (`citeaudit run ... | head -3`: a completed run reported failed to `set -o pipefail`)."""

    def on_broken_pipe(self) -> None:
        self.quiet = True
        _quiet_stdout()
        sys.exit(141)


# tables keep their columns when output goes to a file, a pipe or a CI log (rich would use 80 columns)
out = _Console(width=None if Console().is_terminal else 120)
# a path the user gave, printed back: text, never rich markup (`--out 'x[/]y'` stopped the command after writing)
AS_TEXT: dict[str, Any] = {"markup": False, "highlight": False, "soft_wrap": True}
err = Console(stderr=True)


def friendly_errors(fn: F) -> F:
    """User errors become one line on stderr and a non-zero exit code, never a traceback."""

    @wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except CiteauditError as exc:
            print_error(damaged_database(str(exc), kwargs.get("db")) or str(exc))
            _release(exc)
            sys.exit(exc.exit_code)
        except duckdb.Error as exc:
            print_error(damaged_database(str(exc), kwargs.get("db")) or disk_full(str(exc)) or str(exc))
            _release(exc)
            sys.exit(2)
        except KeyboardInterrupt as exc:
            _stopped(exc)
        except BrokenPipeError:  # the reader went away (`citeaudit sql ... | head`): stop quietly, as a shell tool does
            _quiet_stdout()
            sys.exit(141)
        except OSError as exc:  # a path the system refused (name too long, no permission, no space): the user's
            if exc.filename is None and exc.errno in _DISK_FULL:  # stdout (`sql ... > out.csv`) or a file's write
                _quiet_stdout()
                print_error(
                    f"{exc.strerror}: a write failed (the output, or a file the command writes); free space (or "
                    "raise the file size limit) and run the command again"
                )
                sys.exit(2)
            if exc.filename is None or exc.strerror is None:
                _unexpected(exc)
            print_error(f"{exc.filename}: {exc.strerror}")
            sys.exit(2)
        except UnicodeEncodeError as exc:
            if not _stdout_encoding(exc):
                _unexpected(exc)
            _quiet_stdout()
            bad = exc.object[exc.start : exc.end][:1]
            print_error(
                f"the output's encoding ({exc.encoding}) cannot write {bad!r} (U+{ord(bad):04X}): run the command with "
                "PYTHONIOENCODING=utf-8 (or in a UTF-8 locale, LANG=C.UTF-8)"
            )
            sys.exit(2)
        except Exception as exc:
            if (stop := interruption(exc)) is not None:  # a signal during a DuckDB query
                _stopped(stop)
            _unexpected(exc)

    return wrapper  # type: ignore[return-value]


# a write refused for want of space: the disk, the user's quota, the file size limit (`ulimit -f`)
_DISK_FULL = frozenset((errno.ENOSPC, errno.EDQUOT, errno.EFBIG))

# the commands that record a run in the audit file (a stopped one is recorded as failed); the others (sql, report,
# export, bench, calibrate, ...) start no run, and their stop said "the run is recorded as failed" all the same
_RECORD_RUNS = frozenset(("run", "nightly", "backfill", "serve", "eval"))


def _stopped(exc: KeyboardInterrupt) -> None:
    ctx = click.get_current_context(silent=True)
    why = ""
    if ctx is not None and ctx.info_name in _RECORD_RUNS:
        # stopped before a run was recorded (Prefect starting, the row waiting for a locked database) it said the same
        begun = runs_begun()
        why = " (the run is recorded as failed; rerun to complete it)" if begun else " (before its run began: rerun it)"
    if isinstance(exc, Terminated):
        print_error(f"terminated by SIGTERM{why}")
        _exit_now(143)
    print_error(f"interrupted{why}")
    _exit_now(130)


def _unexpected(exc: Exception) -> NoReturn:
    """A bug or an environment problem: still one line (exit 1), the traceback with -v."""
    if logging.getLogger().getEffectiveLevel() <= logging.INFO:
        raise exc
    print_error(f"{type(exc).__name__}: {first_line(str(exc))} (citeaudit -v ... shows the traceback)")
    sys.exit(1)


def _stdout_encoding(exc: UnicodeEncodeError) -> bool:
    """Whether `exc` is stdout's encoding failing on a character (`PYTHONIOENCODING=ascii`, a Windows code page)."""
    try:
        return codecs.lookup(exc.encoding).name == codecs.lookup(sys.stdout.encoding or "utf-8").name
    except LookupError:
        return False


def _quiet_stdout() -> None:
    """Point stdout at /dev/null, so flushing what is left in its buffer at exit does not fail a second time."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())


def _release(exc: BaseException) -> None:
    """Drop the locals of the frames an error was raised through (and of the errors it chained): Prefect keeps a
    failed flow's exception until the process ends, and a DuckDB connection left in one of those frames made
    DuckDB's bindings print dozens of 'nanobind: leaked instance' lines after the error line at exit."""
    seen: set[int] = set()
    stack: list[BaseException | None] = [exc]
    while stack:
        e = stack.pop()
        if e is None or id(e) in seen:
            continue
        seen.add(id(e))
        traceback.clear_frames(e.__traceback__)
        stack += [e.__context__, e.__cause__]


def first_line(text: str, limit: int = 400) -> str:
    line = one_line(text)
    return line if len(line) <= limit else line[: limit - 1] + "…"


def print_error(message: str) -> None:
    """`error: message` on stderr, on one line whatever its length (rich would start a long one with a blank line);
    colour only on a terminal, brackets in the message are text, control characters are written out (DuckDB's text
    quotes logged values). Only its first line: DuckDB's text runs on with a guess, `LINE 1: <query>` and carets,
    which a message wrapping it would carry along."""
    click.echo(click.style("error:", fg="red", bold=True) + " " + terminal_text(one_line(message)), err=True)


def db_option(fn: F) -> F:
    """`--db`: the audit database file."""
    return click.option("--db", default=DEFAULT_DB, show_default=True, help="DuckDB audit file.")(fn)


class Seconds(click.FloatRange):
    """A number of seconds >= 0: NaN passed FloatRange(min=0) (it compares false with 0) and made a wait for the
    audit file a busy loop with no end."""

    name = "seconds"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        seconds = super().convert(value, param, ctx)
        if math.isnan(seconds):
            self.fail(f"{value!r} is not a number of seconds", param, ctx)
        return seconds


def wait_option(fn: F) -> F:
    """`--wait`: how long a reader waits for a writer (a run's load) to let go of the audit file; a hold past it
    stops the command with one line saying so (`reader_waited`)."""
    return click.option(
        "--wait",
        "wait_s",
        type=Seconds(min=0),
        default=READ_WAIT_S,
        show_default=True,
        help="Seconds to wait while a run holds the audit file (it does while it loads its results).",
    )(fn)


@contextmanager
def reader_waited() -> Iterator[None]:
    """A reader's `DatabaseLocked` says how to wait longer."""
    try:
        yield
    except DatabaseLocked as exc:
        raise DatabaseLocked(f"{exc}; --wait SECONDS waits longer") from None


def config_option(fn: F) -> F:
    """`--config`: a TOML config, passed on as `config_path`."""
    return click.option("--config", "config_path", type=click.Path(), help="TOML config (see citeaudit.toml).")(fn)


def window_options(what: str) -> Callable[[F], F]:
    """`--since` / `--until`: a half-open window of `logged_at` for the `what` a command reads."""

    def decorate(fn: F) -> F:
        fn = click.option("--until", help=f"{what} logged before this ISO date/time (UTC).")(fn)
        return click.option("--since", help=f"{what} logged at or after this ISO date/time (UTC).")(fn)

    return decorate


def quiet_option(fn: F) -> F:
    return click.option("--quiet", is_flag=True, help="No progress bar.")(fn)


def _exit_now(code: int) -> None:
    """Exit with `code`; at once when shard threads still run (Python joins them at exit, so a stopped run waited
    for a shard stuck on a long answer: minutes past SIGTERM). The run is recorded as failed already."""
    from audit.runner import BEGIN_THREAD, SHARD_THREAD

    if any(t.is_alive() and t.name.startswith((SHARD_THREAD, BEGIN_THREAD)) for t in threading.enumerate()):
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)
    sys.exit(code)


def _terminate(_signum: int, _frame: object) -> None:
    note_signal("SIGTERM")
    raise Terminated()


def _interrupt(_signum: int, _frame: object) -> None:
    note_signal("SIGINT")
    raise KeyboardInterrupt()


def handle_sigterm() -> None:
    """SIGTERM ends a command as Ctrl-C does (the run recorded as failed, one line, exit 143), not silently with
    its run left `running`; both are noted, since DuckDB hides which one came during a query
    (`audit.errors.interruption`). Only the main thread may set a handler (a command called from a worker thread
    keeps the default)."""
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, _terminate)
        signal.signal(signal.SIGINT, _interrupt)
