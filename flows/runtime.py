"""What the flow commands need around a flow run, without click: Prefect settings, the local API, preflight checks.

Prefect is imported inside the functions, so `citeaudit --help` and `citeaudit run` never pay for it.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import flows  # noqa: F401  (prepares Prefect's environment before any Prefect import)
from audit.errors import ConfigError, one_line
from audit.output_file import check_output_dirs

if TYPE_CHECKING:
    import httpx

# a process that stops the local Prefect API when the command that started it is gone, however it ended: its stdin is
# a pipe only the command holds, which the system closes even after kill -9; it stops only a process that is still
# the API it was given (a pid reused by then is left alone)
_WATCHDOG = """
import os, signal, sys
sys.stdin.buffer.read()
pid = int(sys.argv[1])
try:
    with open(f"/proc/{pid}/cmdline", "rb") as f:
        ours = b"prefect.server" in f.read()
except OSError:
    ours = sys.platform != "linux"
if ours:
    try:
        os.kill(pid, signal.SIGTERM)
    except OSError:
        pass
"""
_WATCHDOGS: list[subprocess.Popen[bytes]] = []  # held for the process's life: their pipes close when it ends


@contextmanager
def flow_settings() -> Iterator[None]:
    """Settings for flows run in this process.

    Against the ephemeral local API (no PREFECT_API_URL) nothing watches for crashed runs, so flow-run heartbeats
    are off: otherwise every flow and subflow run waits up to a second for its heartbeat thread on exit.
    """
    if os.environ.get("PREFECT_API_URL"):
        yield
        return
    from prefect.settings import temporary_settings

    with temporary_settings(updates={"flows.heartbeat_frequency": None}):
        yield


def quiet_prefect() -> None:
    """Prefect's own chatter (a line per task state, tracebacks of failed tasks) off unless -v: the command prints
    one line per day and, on failure, one line with the error. A PREFECT_LOGGING_LEVEL the user set wins."""
    import logging

    verbose = logging.getLogger().getEffectiveLevel() <= logging.INFO
    os.environ.setdefault("PREFECT_LOGGING_LEVEL", "INFO" if verbose else "CRITICAL")
    if not verbose:
        # the local API's own process logs through uvicorn at this level: a server stopped while it was still starting
        # (its start-up timed out) printed uvicorn's shutdown traceback ("Reactive triggers not started") above the
        # one-line error (tests/flows/test_prefect_start.py, seen once in CI on a busy machine)
        os.environ.setdefault("PREFECT_SERVER_LOGGING_LEVEL", "CRITICAL")


def start_prefect_api(attempts: int = 2) -> None:
    """Start Prefect's local ephemeral API up front (unless PREFECT_API_URL names a server): a busy machine gets the
    configured timeout, then a second try with twice as long, then one clear line instead of a traceback."""
    from prefect.settings import PREFECT_API_URL, PREFECT_SERVER_EPHEMERAL_STARTUP_TIMEOUT_SECONDS

    if PREFECT_API_URL.value():
        return
    from prefect.server.api.server import SubprocessASGIServer

    from audit.errors import OrchestratorError

    timeout = int(PREFECT_SERVER_EPHEMERAL_STARTUP_TIMEOUT_SECONDS.value())
    waited, last = 0, ""
    for attempt in range(attempts):
        server = SubprocessASGIServer()
        try:
            server.start(timeout=timeout * (attempt + 1))
            if server.server_process is not None:
                stop_with_this_process(server.server_process.pid)
            return
        except Exception as exc:  # Prefect raises RuntimeError with the server's whole output
            waited += timeout * (attempt + 1)
            last = str(exc).split(". ")[0].split("\n")[0].rstrip(".")
            server.stop()
    raise OrchestratorError(
        f"the local Prefect API did not start ({attempts} tries, {waited} s in all: {last}). On a busy machine raise "
        f"PREFECT_SERVER_EPHEMERAL_STARTUP_TIMEOUT_SECONDS (now {timeout}), or set PREFECT_API_URL to a running "
        "Prefect server; `citeaudit run` audits without Prefect"
    )


def stop_with_this_process(pid: int) -> None:
    """Stop process `pid` (the local Prefect API) when this process ends, even by kill -9: Prefect stops it at a
    normal exit, but a command killed (the OOM killer, a scheduler's hard stop) left it serving for good (~150 MB)."""
    watchdog = subprocess.Popen(
        [sys.executable, "-c", _WATCHDOG, str(pid)], stdin=subprocess.PIPE, start_new_session=True
    )
    _WATCHDOGS.append(watchdog)


def start_or_record(db: str, input_spec: str, config_path: str | None, window: Any) -> None:
    """`start_prefect_api`, and when it fails a `runs` row `failed: ...` for the window the command was to audit."""
    from audit.config import load_config
    from audit.errors import OrchestratorError

    quiet_prefect()
    try:
        start_prefect_api()
    except OrchestratorError as exc:
        from audit.runner import new_run_record
        from audit.store import record_failed_run

        record_failed_run(db, new_run_record(input_spec, window, load_config(config_path)), str(exc))
        raise


def build_deployment(
    input_spec: str,
    db: str,
    config_path: str | None,
    contexts_spec: str | None = None,
    dask_address: str | None = None,
    work_dir: str | None = None,
    cron: str | None = None,
    tz: str | None = None,
    name: str = "nightly",
) -> Any:
    """The deployment `citeaudit serve` serves: cron and time zone from the options, else from the config."""
    from audit.config import load_config

    check_prefect_env()
    cfg = load_config(config_path)
    check_dask_address(dask_address, cfg.run.dask_address, config_path)
    check_output_dirs(cfg, str(config_path))
    check_deployment_name(name)
    check_folders(db, work_dir)
    from flows.deploy import check_schedule, nightly_deployment

    config_key = f"{config_path}: run." if config_path else "run."
    check_schedule(
        cron or cfg.run.cron,
        tz or cfg.run.timezone,
        "--cron" if cron else config_key + "cron",
        "--timezone" if tz else config_key + "timezone",
    )
    return nightly_deployment(
        name=name,
        cron=cron or cfg.run.cron,
        timezone=tz or cfg.run.timezone,
        input=_abs(input_spec),
        db=str(Path(db).resolve()),
        config=str(Path(config_path).resolve()) if config_path else None,
        dask_address=dask_address,
        contexts=_abs(contexts_spec) if contexts_spec else None,
        work_dir=str(Path(work_dir).resolve()) if work_dir else None,
    )


def check_folders(db: str, work_dir: str | None) -> None:
    """ConfigError when a file keeps the work dir or the database's folder from being made: `serve` deployed them, and
    every scheduled night failed."""
    from audit.output_file import file_in_the_way

    if work_dir and (found := file_in_the_way(work_dir)) is not None:
        raise ConfigError(f"--work-dir {work_dir}: cannot be a folder ({found} is a file)")
    if (found := file_in_the_way(Path(db).parent)) is not None:
        raise ConfigError(f"--db {db}: its folder cannot be made ({found} is a file)")


NAME_BANNED = "/%&><"  # what Prefect refuses in a deployment name (InvalidNameError)


def check_deployment_name(name: str) -> None:
    """ConfigError naming --name for a name Prefect refuses (it ended with exit 1 as an InvalidNameError) or a blank
    one (Prefect said '' "contains an invalid character", and served one of spaces)."""
    if not name.strip() or any(c in name for c in NAME_BANNED):
        raise ConfigError(
            f"--name {name!r} is not a deployment name: give one that is not blank and has none of "
            + " ".join(NAME_BANNED)
        )


def flow_params(
    input_spec: str,
    db: str,
    config_path: str | None,
    contexts_spec: str | None,
    dask_address: str | None,
    work_dir: str | None,
) -> dict[str, Any]:
    """The parameters every audit flow takes, from the shared command-line options."""
    return {
        "input": input_spec,
        "db": db,
        "config": config_path,
        "dask_address": dask_address,
        "contexts": contexts_spec,
        "work_dir": work_dir,
    }


def preflight(
    input_spec: str, config_path: str | None, dask_address: str | None = None, contexts_spec: str | None = None
) -> None:
    """Config, Dask address and input files checked up front: a user error is one line, not a failed flow run's log."""
    from audit.config import load_config
    from audit.ingest import answer_inputs, check_files

    check_prefect_env()
    cfg = load_config(config_path)
    check_dask_address(dask_address, cfg.run.dask_address, config_path)
    check_output_dirs(cfg, str(config_path))
    check_files(answer_inputs(input_spec, contexts_spec), cfg.run.column_mapping)


def check_prefect_env() -> None:
    """Raise OrchestratorError naming the variable when Prefect's environment cannot work, before Prefect is imported:
    a PREFECT_HOME that cannot be a folder (under a file, a file: the local API never started, and the command waited
    out both start-up tries, 360 s, to blame the machine's speed), or a PREFECT_API_URL where no server answers
    ("RuntimeError: Failed to reach API", exit 1). Any HTTP answer passes (Prefect Cloud asks for its key first)."""
    from audit.errors import OrchestratorError

    home = os.environ.get("PREFECT_HOME")
    if home:
        path = Path(home).expanduser()
        try:
            path.mkdir(parents=True, exist_ok=True)
            reason = "" if os.access(path, os.W_OK) else "not writable"
        except OSError as exc:  # a file in the way, no permission, a read-only file system
            reason = f"cannot be a folder ({exc.filename}: {exc.strerror})"
        if reason:
            raise OrchestratorError(
                f"PREFECT_HOME {home}: {reason}: Prefect keeps its database and settings there; point PREFECT_HOME at "
                "a folder citeaudit may write, or unset it (<repository>/.prefect)"
            )
    url = os.environ.get("PREFECT_API_URL")
    if home and not url:
        check_prefect_room(Path(home).expanduser())
    if url:
        import httpx

        try:
            answer = httpx.get(url.rstrip("/") + "/admin/version", timeout=10)
        except httpx.TransportError as exc:  # refused, unknown host, timed out
            raise OrchestratorError(
                f"PREFECT_API_URL {url}: no Prefect API answers there ({type(exc).__name__}: {one_line(str(exc))}): "
                "start that server, or unset PREFECT_API_URL to run against a local one"
            ) from None
        except httpx.HTTPError as exc:  # a url httpx cannot use
            raise OrchestratorError(f"PREFECT_API_URL {url}: not a usable url ({one_line(str(exc))})") from None
        check_api_answer(url, answer)
    check_prefect_settings()


# room the local API's database needs to start and record a night: a fresh one and its WAL took 5.3 MB
PREFECT_ROOM_BYTES = 16 * 2**20


def check_prefect_room(home: Path) -> None:
    """The local API writes its SQLite database under PREFECT_HOME: on a full disk (or past a file size limit) it never
    became healthy, and the command waited out both start-up tries (360 s) to blame the machine's speed. The room is
    reserved for a moment (`posix_fallocate`, no data written) and given back."""
    import errno
    import tempfile

    from audit.errors import OrchestratorError

    if not hasattr(os, "posix_fallocate"):  # pragma: no cover - macOS, Windows: Prefect's own timeout tells
        return
    try:
        with tempfile.TemporaryFile(dir=home, prefix=".citeaudit-room-") as probe:
            os.posix_fallocate(probe.fileno(), 0, PREFECT_ROOM_BYTES)
    except OSError as exc:
        if exc.errno in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG):
            raise OrchestratorError(
                f"PREFECT_HOME {home}: no room for Prefect's local API ({exc.strerror}; its database needs "
                f"{PREFECT_ROOM_BYTES // 2**20} MB to start and record runs): free space (or raise the file size "
                "limit), or point PREFECT_HOME at a folder with room"
            ) from None
        # a file system without fallocate (EOPNOTSUPP, EINVAL) says nothing about room: Prefect's start tells


def check_api_answer(url: str, answer: httpx.Response) -> None:
    """Raise OrchestratorError when the server at PREFECT_API_URL answers, but not as a Prefect API: Prefect's client
    reads its version from `/admin/version` before a flow runs, and a URL without its `/api` (`http://host:4200`, the
    UI's address) or another web service's port ended "RuntimeError: Failed to reach API at ...", exit 1, as a defect
    of citeaudit's. A server that asks for credentials (401, 403: Prefect Cloud, a server with an auth string) is
    Prefect's to judge."""
    from audit.errors import OrchestratorError

    if answer.status_code in (401, 403):
        return
    why = ""
    if answer.status_code >= 400:
        why = f"HTTP {answer.status_code} {answer.reason_phrase}".rstrip()
    else:
        try:
            version = answer.json()
        except ValueError:
            version = None
        if not isinstance(version, str):
            why = f"not a version but {one_line(answer.text)[:60]!r}"
    if why:
        raise OrchestratorError(
            f"PREFECT_API_URL {url}: a server answers there, but not as a Prefect API (GET /admin/version: {why}): "
            "a Prefect server's API URL ends in /api (http://127.0.0.1:4200/api); fix it, or unset PREFECT_API_URL to "
            "run against a local one"
        )


def check_prefect_settings() -> None:
    """Raise OrchestratorError naming the variable when Prefect cannot read one of its settings (PREFECT_LOGGING_LEVEL
    =LOUD, a port or a timeout that is no number): importing Prefect printed "Failed to initialize plugins" and
    pydantic's lines, then the command ended "ValidationError: ... for LoggingSettings", exit 1, naming no variable.
    Prefect is imported here with its stderr held back, and what it wrote is passed on when its settings are sound."""
    import contextlib
    import io

    from audit.errors import OrchestratorError

    quiet_prefect()  # before Prefect's import sets up its logging, as it was when the flow's import came first
    held = io.StringIO()
    error: ErrorDetails | None
    with contextlib.redirect_stderr(held):
        import prefect  # noqa: F401  (its import reads the settings, and prints when they fail)
        from prefect.settings.models.root import Settings
        from pydantic import ValidationError
        from pydantic_core import ErrorDetails

        try:
            Settings()
        except ValidationError as exc:
            error = next((e for e in exc.errors() if e["type"] != "default_factory_not_called"), exc.errors()[0])
            model = exc.title
        else:
            error = None
    if error is None:
        sys.stderr.write(held.getvalue())
        return
    field = "_".join(str(part) for part in error["loc"]).upper()
    value = error.get("input")
    names = [
        name
        for name, given in sorted(os.environ.items())
        if name.startswith("PREFECT_") and name.endswith(field) and (not isinstance(value, str) or given == value)
    ]
    where = f"{names[0]}={value!r}" if names else f"Prefect's setting {model}.{field.lower()} = {value!r}"
    raise OrchestratorError(
        f"{where}: Prefect cannot read this setting ({one_line(error['msg'])}): unset it or give "
        "a value Prefect accepts (if no variable sets it, look in PREFECT_HOME's profiles.toml or a .env file)"
    )


def check_dask_address(option: str | None, configured: str, config_path: str | None) -> None:
    """Raise ConfigError naming the setting (`--dask-address`, else the config's run.dask_address) when the address
    the flow would connect to is none Dask can parse: the flow started, then failed with "ValueError: missing port
    number in address ..." (exit 1, the setting not named). Whether a scheduler answers there is the flow's to find."""
    address = option or configured
    if not address:
        return
    from distributed.comm.addressing import parse_address, parse_host_port

    try:
        scheme, location = parse_address(address)
        if scheme in ("tcp", "tls", "ucx"):
            parse_host_port(location)
    except ValueError as exc:
        setting = (
            "--dask-address" if option else (f"{config_path}: run.dask_address" if config_path else "run.dask_address")
        )
        raise ConfigError(
            f"{setting} {address!r} is not a Dask scheduler address (such as tcp://host:8786): {one_line(str(exc))}"
        ) from None


def _abs(spec: str) -> str:
    """Absolute form of a path or glob: served runs do not share the caller's working directory."""
    return spec if Path(spec).is_absolute() else str(Path.cwd() / spec)
