"""The cron deployment of `nightly_audit`, and serving it.

Prefect's ephemeral API cannot schedule (its scheduler service does not run: the runner warns "Cannot schedule
flows on an ephemeral server"). So without PREFECT_API_URL, `serve_deployments` starts a local `prefect server`
(with its scheduler, state under PREFECT_HOME) for as long as it serves, and points itself at it.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from prefect.deployments.runner import EntrypointType, RunnerDeployment
from prefect.schedules import Cron

from audit.errors import ConfigError, OrchestratorError
from flows.nightly import nightly_audit


def check_schedule(cron: str, timezone: str, cron_name: str, timezone_name: str) -> None:
    """Raise ConfigError naming the setting for a cron or time zone Prefect cannot use: it raised ValueError for the
    cron (exit 1, the setting not named) and "1 validation error for RunnerDeployment" for the time zone."""
    try:
        ZoneInfo(timezone)
    except (ZoneInfoNotFoundError, ValueError):
        raise ConfigError(
            f"{timezone_name} {timezone!r} is not an IANA time zone (such as UTC or Europe/Oslo)"
        ) from None
    try:
        Cron(cron, timezone=timezone)
    except ValueError as exc:
        raise ConfigError(f"{cron_name} {cron!r} is not a cron schedule ({str(exc).splitlines()[0]})") from None


def nightly_deployment(
    name: str = "nightly",
    cron: str = "0 2 * * *",
    timezone: str = "UTC",
    **parameters: Any,
) -> RunnerDeployment:
    """A deployment of `nightly_audit` (incremental: no day) on `cron` in `timezone`, with fixed parameters."""
    params = {k: v for k, v in parameters.items() if v is not None}
    deployment = nightly_audit.to_deployment(
        name=name,
        schedules=[Cron(cron, timezone=timezone)],
        parameters=params,
        description="Audit every day with data after the last completed one, up to yesterday (UTC).",
        tags=["citeaudit"],
        entrypoint_type=EntrypointType.MODULE_PATH,
    )
    assert isinstance(deployment, RunnerDeployment)  # sync context: to_deployment is not awaited
    return deployment


def _free_port(preferred: int = 4200) -> int:
    for port in (preferred, 0):
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
            return int(s.getsockname()[1])
    raise RuntimeError("no free port")


@contextmanager
def local_server(timeout: float | None = None) -> Iterator[str]:
    """A `prefect server start` subprocess on 127.0.0.1, stopped on exit; yields its API URL. It is given three times
    PREFECT_SERVER_EPHEMERAL_STARTUP_TIMEOUT_SECONDS (120 s: the nightly's two tries, 120 + 240 s) to answer: a fixed
    90 s could pass on a busy machine, and no setting moved it."""
    if timeout is None:
        from prefect.settings import PREFECT_SERVER_EPHEMERAL_STARTUP_TIMEOUT_SECONDS

        timeout = 3 * float(PREFECT_SERVER_EPHEMERAL_STARTUP_TIMEOUT_SECONDS.value())
    port = _free_port()
    url = f"http://127.0.0.1:{port}/api"
    proc = subprocess.Popen(
        [sys.executable, "-m", "prefect", "server", "start", "--host", "127.0.0.1", "--port", str(port)],
        env={**os.environ, "PREFECT_UI_ENABLED": os.environ.get("PREFECT_UI_ENABLED", "true")},
    )
    remedy = (
        "On a busy machine raise PREFECT_SERVER_EPHEMERAL_STARTUP_TIMEOUT_SECONDS (it waits three times that), or set "
        "PREFECT_API_URL to a running Prefect server"
    )
    try:
        deadline = time.monotonic() + timeout
        while True:
            if proc.poll() is not None:
                raise OrchestratorError(
                    f"the local Prefect server exited with code {proc.returncode} before it answered (its output is "
                    f"above). {remedy}"
                )
            try:
                with urllib.request.urlopen(f"{url}/health", timeout=2) as resp:
                    if resp.status == 200:
                        break
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise OrchestratorError(
                    f"the local Prefect server did not answer on {url} within {timeout:.0f} s. {remedy}"
                )
            time.sleep(0.5)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()


def serve_deployments(*deployments: RunnerDeployment) -> None:
    """Serve until interrupted, against PREFECT_API_URL when set, else a local server started here."""
    from prefect import serve
    from prefect.settings import temporary_settings

    if os.environ.get("PREFECT_API_URL"):
        serve(*deployments)
        return
    with local_server() as url:
        os.environ["PREFECT_API_URL"] = url  # for the flow-run subprocesses the runner starts
        home = os.environ.get("PREFECT_HOME", "~/.prefect")
        print(f"started a local Prefect server: {url.removesuffix('/api')} (UI), state in {home}")
        with temporary_settings(updates={"api.url": url}):
            serve(*deployments)
