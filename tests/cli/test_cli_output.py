"""Exact output of the command line (sqlite-utils' test_cli style): the run summary table and the error lines."""

from __future__ import annotations

import re
from pathlib import Path

import duckdb
import pytest
from click.testing import CliRunner

from audit.cli import main
from tests.conftest import make_answer

SOURCE = "Refunds are issued within 14 days of the return. Shipping is free above 50 euros."

SUMMARY = """\
           citeaudit run
            RUN_ID
┏━━━━━━━━━━━━━━━━━━━━━━━━━┳━━━━━━━┓
┃ what                    ┃ count ┃
┡━━━━━━━━━━━━━━━━━━━━━━━━━╇━━━━━━━┩
│ answers read            │     3 │
│ answers audited         │     2 │
│ answers quarantined     │     1 │
│ citations               │     3 │
│ level GREEN             │     1 │
│ level YELLOW            │     0 │
│ level RED               │     1 │
│ citations verified      │     1 │
│ citations weak          │     0 │
│ citations unsupported   │     0 │
│ citations misattributed │     0 │
│ citations fabricated    │     2 │
│ uncited claims          │     0 │
└─────────────────────────┴───────┘
results: DB  (SECONDS)  e.g. citeaudit sql "select * from unverified_citations" --db DB
"""


def test_run_prints_the_summary_table(write_answers, tmp_path: Path) -> None:
    ctx = [{"doc_id": "d1", "chunk_id": "c1", "title": "Refunds", "page": 1, "text": SOURCE}]
    path = write_answers(
        [
            make_answer("a1", "Refunds are issued within 14 days of the return [1].", ctx),
            make_answer("a2", "Shipping is free above 50 euros [4]. Returns take 14 days [7].", ctx),
            make_answer("a3", "", ctx),
        ]
    )
    db = tmp_path / "audit.duckdb"
    res = CliRunner().invoke(main, ["run", "--input", str(path), "--db", str(db), "--quiet"])
    assert res.exit_code == 0, res.output
    [(run_id,)] = duckdb.connect(str(db), read_only=True).execute("SELECT run_id FROM runs").fetchall()
    out = re.sub(r"\(\d+\.\d s\)", "(SECONDS)", res.output.replace(run_id, "RUN_ID").replace(str(db), "DB"))
    # lines compared without their padding: rich centres the title over the table
    assert [line.strip() for line in out.splitlines()] == [line.strip() for line in SUMMARY.splitlines()]


@pytest.mark.parametrize(
    ("args", "code", "expected"),
    [
        (
            ["run", "--input", "{tmp}/missing.parquet", "--db", "{tmp}/x.duckdb"],
            2,
            "error: no Parquet input found at '{tmp}/missing.parquet' (give a file, a folder or a glob)\n",
        ),
        (
            ["run", "--input", "{tmp}", "--since", "tomorrow"],
            2,
            "error: --since: 'tomorrow' is not an ISO date or datetime (e.g. 2026-11-01)\n",
        ),
        (
            ["sql", "SELECT 1", "--db", "{tmp}/absent.duckdb"],
            2,
            "error: no audit database at {tmp}/absent.duckdb: run `citeaudit run` first or pass --db\n",
        ),
        (
            ["report", "--db", "{tmp}/absent.duckdb", "--out", "{tmp}/r.html"],
            2,
            "error: no audit database at {tmp}/absent.duckdb: run `citeaudit run` first or pass --db\n",
        ),
        (
            ["run", "--input", "{tmp}", "--config", "{tmp}/none.toml"],
            2,
            "error: config file not found: {tmp}/none.toml\n",
        ),
    ],
    ids=["no_input", "since_not_a_date", "sql_without_db", "report_without_db", "config_missing"],
)
def test_errors_are_exactly_one_line(tmp_path: Path, args: list[str], code: int, expected: str) -> None:
    res = CliRunner().invoke(main, [a.format(tmp=tmp_path) for a in args])
    assert (res.exit_code, res.output) == (code, expected.format(tmp=tmp_path))


@pytest.mark.parametrize("command", ["nightly", "backfill"])
def test_the_days_table_is_titled_by_the_command_that_printed_it(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # `citeaudit backfill` printed its days under the title "citeaudit nightly"
    import click

    from audit.cli.flows import print_days

    day = {
        "day": "2026-11-01",
        "answers_read": 3,
        "answers_audited": 3,
        "answers_quarantined": 0,
        "citations": 4,
        "levels": {"GREEN": 3},
        "seconds": 1.0,
        "run_id": "run-x",
    }
    with click.Context(main.commands[command], info_name=command):
        print_days([day], "audit.duckdb")
    assert capsys.readouterr().out.splitlines()[0].strip() == f"citeaudit {command}"
