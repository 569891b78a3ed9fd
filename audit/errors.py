"""Errors a user can act on. The CLI prints their message and exits non-zero, never a traceback."""


def one_line(text: str) -> str:
    """The first non-blank line of an error text. DuckDB's run on: a "Did you mean" guess (often a system table),
    candidate bindings, and `LINE 1: <query>` with a line of carets under it; an error is one line."""
    return next((line.strip() for line in text.splitlines() if line.strip()), "")


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
