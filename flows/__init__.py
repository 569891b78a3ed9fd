"""Prefect flows over the `audit` library: nightly audits, backfills, a cron deployment, Dask scale-out.

Importing this package prepares Prefect's environment before Prefect itself is imported: analytics off and a
project-local `PREFECT_HOME` (`<repo>/.prefect`) unless the user chose one, and a start-up timeout for the local
ephemeral API that a busy machine can meet. `PREFECT_API_URL` is left alone: unset,
flows run against a local ephemeral API; set, they report to that server.
"""

from __future__ import annotations

import os
from pathlib import Path

DEFAULT_INPUT = "data/sample"  # what the flows audit unless told otherwise: the bundled sample logs

# Prefect's default (20 s) is shorter than a fresh ephemeral API start on a busy machine (measured 15 s idle)
STARTUP_TIMEOUT_S = "120"


def prefect_env() -> None:
    os.environ.setdefault("PREFECT_SERVER_ANALYTICS_ENABLED", "false")
    os.environ.setdefault("PREFECT_SERVER_EPHEMERAL_STARTUP_TIMEOUT_SECONDS", STARTUP_TIMEOUT_S)
    repo = Path(__file__).resolve().parent.parent
    if not os.environ.get("PREFECT_HOME", "").strip():
        # empty (`PREFECT_HOME=$UNSET` in a cron line) is unset: Prefect read it as ".", its database and profiles
        # written into whatever folder the command ran in
        os.environ.pop("PREFECT_HOME", None)
    if "PREFECT_HOME" not in os.environ and (repo / "pyproject.toml").is_file():
        os.environ["PREFECT_HOME"] = str(repo / ".prefect")


prefect_env()
