"""Errors a user can act on. The CLI prints their message and exits non-zero, never a traceback."""

import re
import signal
from pathlib import Path
from typing import Any

# DuckDB quotes the whole value it could not read (`value "<a whole web page>" is not valid UTF8`)
_WHOLE_VALUE = re.compile(r'(value ")([^"]{80})[^"]+(")')


def one_line(text: str) -> str:
    """The first non-blank line of an error text, a quoted value cut to its start. DuckDB's run on: a "Did you
    mean" guess (often a system table), candidate bindings, and `LINE 1: <query>` with a line of carets under it; an
    error is one line."""
    line = next((line.strip() for line in text.splitlines() if line.strip()), "")
    return _WHOLE_VALUE.sub(lambda m: f"{m[1]}{m[2]}…{m[3]}", line)


# the system's words for a disk (or a file size limit, a quota) that took no more
DISK_FULL = re.compile(r"No space left on device|File too large|Disk quota exceeded", re.IGNORECASE)
_WRITING = re.compile(r'Could not write file "([^"]*)"', re.IGNORECASE)


def disk_full(message: str) -> str | None:
    """One line with the remedy for a DuckDB error `message` that is a write refused for want of space (its commit's
    WAL, a file it writes: `TransactionContext Error: Failed to commit: Could not write file "x.wal": No space left on
    device`, which named none), else None."""
    if (found := DISK_FULL.search(message)) is None:
        return None
    where = f" writing {m[1]}" if (m := _WRITING.search(message)) is not None else ""
    return f"{found[0]}{where}: free space (or raise the file size limit) and run the command again"


# control characters a terminal would act on (escape sequences, BEL, CR, C1 controls, U+2028/9, bidi overrides); tab and
# newline are text
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028-\u202e\u2066-\u2069]")
_CONTROL_OR_BREAK = re.compile("[\x00-\x1f\x7f-\x9f\u2028-\u202e\u2066-\u2069]")  # tab and newline too


def terminal_text(text: str, one_line: bool = False) -> str:
    """Logged text as a terminal should show it: every control character written out (`\\x1b`, `\\u202e`), never
    sent, so an answer or a model name cannot retitle, recolour or rewrite the reviewer's terminal; in a one-line
    field (an id, a name, a table cell, a chart label) tabs and newlines too (`\\x0a`). Also what the review page,
    the charts, `citeaudit sql`'s table and `citeaudit verify-export`'s lines show."""
    pattern = _CONTROL_OR_BREAK if one_line else _CONTROL
    return pattern.sub(lambda m: f"\\x{ord(m[0]):02x}" if ord(m[0]) < 0x100 else f"\\u{ord(m[0]):04x}", text)


def lone_surrogate_at(text: str) -> int | None:
    """Where the first character UTF-8 cannot encode stands in `text` (a lone surrogate: a JSON `\\ud83d` escape
    decoded, or Python's stand-in for a file name's bytes that are no UTF-8), else None. DuckDB and any text output
    refuse such a string (UnicodeEncodeError)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        return exc.start
    return None


class DuplicateKey(ValueError):
    """A JSON object that gives a key twice (`unique_keys`)."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object whose keys are each given once (`json.loads`' object_pairs_hook), else DuplicateKey: JSON keeps
    the last of a key given twice, DuckDB the first (a label line with two `answer_id`s scored the second answer
    without a word; a logged answer is left as logged)."""
    obj: dict[str, Any] = {}
    for key, value in pairs:
        if key in obj:
            raise DuplicateKey(key)
        obj[key] = value
    return obj


def shown_if_not_utf8(path: str | Path) -> str | None:
    """`path` as it can be shown (`caf\\xe9.parquet`) when its name is not UTF-8, else None. Linux file names are
    bytes: Python holds one that is no UTF-8 with surrogate escapes, which DuckDB (and any text output) cannot take."""
    text = str(path)
    if lone_surrogate_at(text) is None:
        return None
    return text.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")


def not_found(what: str, path: Path) -> str:
    """Why the `what` at `path` cannot be read (it is not a file): a folder is named as one, not as missing, and a
    link loop as one (it was "not found" while the link was right there)."""
    if (chain := link_loop(path)) is not None:
        return f"{what} {path}: a link that leads back to itself ({chain}): remove it, or point it at the file"
    return f"{what} {path} is a folder, not a file" if path.is_dir() else f"{what} not found: {path}"


def link_loop(path: Path) -> str | None:
    """The chain of links at `path` (`a -> b -> a`) when it leads back to itself, else None."""
    chain, at = [path], path
    while at.is_symlink():
        at = at.parent / at.readlink()
        if at in chain or len(chain) > 40:
            return " -> ".join(str(p) for p in [*chain, at])
        chain.append(at)
    return None


class CiteauditError(Exception):
    """Base for every error that stops a run with a message for the user."""

    exit_code = 2


class InputError(CiteauditError):
    """An input file or glob is missing, unreadable or breaks the contract as a whole."""


class ConfigError(CiteauditError):
    """The configuration file is missing, malformed or has an invalid value."""


class DatabaseLocked(InputError):
    """Another process holds the audit database past the bounded wait."""


class OrchestratorError(CiteauditError):
    """Prefect could not start or reach its API."""


class Terminated(KeyboardInterrupt):
    """SIGTERM (a scheduler stopping the job, `kill`): raised in the main thread like Ctrl-C, so the run is recorded
    as failed and the next run of its window completes it."""


_SIGNALS: list[str] = []  # the stopping signals the command's own handlers saw, in order (audit/cli/common.py)


def note_signal(name: str) -> None:
    """Remember that `name` (SIGTERM, SIGINT) reached the command: see `interruption`."""
    _SIGNALS.append(name)


_RUNS_BEGUN: list[str] = []  # the runs this process wrote a `running` row of (audit/store.py), so a stop may say so


def note_run_begun(run_id: str) -> None:
    _RUNS_BEGUN.append(run_id)


def runs_begun() -> bool:
    return bool(_RUNS_BEGUN)


def interruption(exc: BaseException) -> KeyboardInterrupt | None:
    """The signal `exc` stands for, else None. DuckDB answers an exception a signal handler raises during a query
    (Ctrl-C, SIGTERM: ours, or Prefect's bridge inside a flow) with RuntimeError('Query interrupted'), and the
    handler's own exception is lost: the run was `failed: RuntimeError: ...`, the command exit 1."""
    if isinstance(exc, KeyboardInterrupt):
        return exc
    if not (isinstance(exc, RuntimeError) and str(exc) == "Query interrupted"):
        return None
    return KeyboardInterrupt() if _SIGNALS[-1:] == ["SIGINT"] else Terminated()


def failure_reason(exc: BaseException) -> str:
    """The `failed: ...` text of a run that stopped on `exc`."""
    exc = interruption(exc) or exc
    if isinstance(exc, Terminated):
        return "terminated (SIGTERM)"
    signum = getattr(exc, "signal", None)
    if not isinstance(exc, Exception) and isinstance(signum, int):
        # Prefect's own signal bridge inside a flow (`prefect.exceptions.TerminationSignal(signal=15)`, which carries
        # no text): the nightly's `runs` row read "failed: TerminationSignal: "
        return "terminated (SIGTERM)" if signum == signal.SIGTERM else f"terminated ({_signal_name(signum)})"
    if isinstance(exc, KeyboardInterrupt):
        return "interrupted (Ctrl-C / SIGINT)"
    # one line: DuckDB's texts run on over lines (`LINE 1:` and the query, carets, candidates); the store cuts it
    return f"{type(exc).__name__}: {one_line(str(exc))}"


def _signal_name(signum: int) -> str:
    try:
        return signal.Signals(signum).name
    except ValueError:
        return f"signal {signum}"
