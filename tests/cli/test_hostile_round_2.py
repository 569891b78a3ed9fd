"""Reliability sweep, round 2: hostile environments, inputs and misuse, each through the real `citeaudit` command on
real Parquet and DuckDB files: one line naming what to change, a non-zero exit, never a traceback, nothing lost."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from audit.contract import answers_schema
from tests.conftest import REPO, make_answer

CTX = [{"doc_id": "d1", "chunk_id": "c1", "title": "Refund Policy.pdf", "page": 1, "text": "Refunds take 30 days."}]


def _answers(path: Path) -> Path:
    rows = [make_answer("good", "Refunds take 30 days [1].", CTX)]
    pq.write_table(pa.Table.from_pylist(rows, schema=answers_schema()), path)
    return path


def _citeaudit(args: list[str], **env: str) -> subprocess.CompletedProcess[str]:
    full = {**os.environ, "PYTHONPATH": str(REPO), **env}
    return subprocess.run(
        [sys.executable, "-m", "audit.cli", *args], capture_output=True, text=True, env=full, timeout=600
    )


@pytest.fixture(scope="module")
def audited_once(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The good answer as answers.parquet, audited by the real `citeaudit run` (a process of its own) into
    audit.duckdb, once for the module: the tests that need such a pair to point other commands at get copies."""
    root = tmp_path_factory.mktemp("audited")
    inp, db = _answers(root / "answers.parquet"), root / "audit.duckdb"
    assert _citeaudit(["run", "--input", str(inp), "--db", str(db), "--quiet"]).returncode == 0
    return inp, db


def _audited(tmp_path: Path, once: tuple[Path, Path]) -> tuple[Path, Path]:
    """Copies of `audited_once`'s answers and audit file in `tmp_path` (answers.parquet, audit.duckdb)."""
    inp, db = tmp_path / "answers.parquet", tmp_path / "audit.duckdb"
    shutil.copyfile(once[0], inp)
    shutil.copyfile(once[1], db)
    return inp, db


def test_a_prefect_setting_in_the_environment_prefect_cannot_read_is_named_in_one_line(tmp_path: Path) -> None:
    # PREFECT_LOGGING_LEVEL=LOUD (or a port, a timeout of "soon"): Prefect printed "Failed to initialize plugins: 2
    # validation errors for LoggingSettings" and five lines of pydantic's, then `nightly` ended "error:
    # ValidationError: 2 validation errors for LoggingSettings", exit 1, as a defect of citeaudit's, naming no variable
    inp = _answers(tmp_path / "answers.parquet")
    cases = {
        "PREFECT_LOGGING_LEVEL": "LOUD",
        "PREFECT_SERVER_API_PORT": "abc",
        "PREFECT_API_REQUEST_TIMEOUT": "soon",
    }
    for name, value in cases.items():
        db = tmp_path / f"{name}.duckdb"
        done = _citeaudit(["nightly", "--day", "2026-11-01", "--input", str(inp), "--db", str(db)], **{name: value})
        assert done.returncode == 2, (name, done.stderr)
        want = f"error: {name}={value!r}: Prefect cannot read this setting ("
        assert done.stderr.startswith(want) and done.stderr.count("\n") == 1, (name, done.stderr)
        assert "unset it or give" in done.stderr, done.stderr
        assert not db.exists(), name
    done = _citeaudit(["serve", "--input", str(inp), "--db", str(tmp_path / "s.duckdb")], PREFECT_LOGGING_LEVEL="LOUD")
    assert done.returncode == 2 and done.stderr.startswith("error: PREFECT_LOGGING_LEVEL='LOUD'"), done.stderr


# Ctrl-C while the command line loads: the signal is sent from inside the process as its first import of duckdb begins
# (on a busy machine `citeaudit export` spends seconds importing before its command starts), so no timing is guessed
_CTRL_C_AT_IMPORT = """
import builtins, os, runpy, signal, sys
real_import = builtins.__import__
def ctrl_c_at_duckdb(name, *args, **kwargs):
    if name == "duckdb" and not getattr(ctrl_c_at_duckdb, "sent", False):
        ctrl_c_at_duckdb.sent = True
        os.kill(os.getpid(), signal.SIGINT)
    return real_import(name, *args, **kwargs)
builtins.__import__ = ctrl_c_at_duckdb
sys.argv = ["citeaudit", *sys.argv[1:]]
runpy.run_module("audit.cli", run_name="__main__", alter_sys=True)
"""


def test_ctrl_c_while_the_command_line_loads_is_one_line_not_a_traceback(
    tmp_path: Path, audited_once: tuple[Path, Path]
) -> None:
    # Ctrl-C in the first seconds of `citeaudit export` (its modules importing) printed Python's KeyboardInterrupt
    # traceback, 20 lines through re/_parser.py or audit/claims.py, and the process died of SIGINT (-2)
    _, db = _audited(tmp_path, audited_once)
    out = tmp_path / "export"
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    done = subprocess.run(
        [sys.executable, "-c", _CTRL_C_AT_IMPORT, "export", "--db", str(db), "--out", str(out)],
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
    )
    assert done.returncode == 130, done.stderr
    assert done.stderr == "error: interrupted\n", done.stderr
    assert not out.exists()


def test_wait_of_nan_seconds_is_refused_as_no_number(tmp_path: Path, audited_once: tuple[Path, Path]) -> None:
    # `--wait nan` passed click's FloatRange(min=0) (NaN compares false with 0): `sql`, `report` and `export` then
    # waited for a writer with a deadline of NaN, which no clock reaches, sleeping min(backoff, max(0, NaN)) = 0 s: a
    # busy loop at full CPU for as long as a run held the file, for ever if a process kept it open
    _, db = _audited(tmp_path, audited_once)
    for args in (
        ["sql", "SELECT 1", "--db", str(db)],
        ["report", "--db", str(db), "--out", str(tmp_path / "r.html")],
        ["export", "--db", str(db), "--out", str(tmp_path / "export")],
    ):
        for value in ("nan", "NaN", "-nan"):
            done = _citeaudit([*args, "--wait", value])
            assert done.returncode == 2, (args, value, done.stdout)
            assert f"Invalid value for '--wait': {value!r} is not a number of seconds" in done.stderr, done.stderr
            assert "Traceback" not in done.stderr
    assert not (tmp_path / "r.html").exists() and not (tmp_path / "export").exists()


def test_a_query_whose_bytes_are_not_utf8_is_named_in_one_line(tmp_path: Path, audited_once: tuple[Path, Path]) -> None:
    # `citeaudit sql "SELECT * FROM answer_audit WHERE tenant = 'caf<0xe9>'"` typed in a Latin-1 terminal: Python
    # holds the byte as a lone surrogate, and DuckDB's binding refused the str: "error: TypeError: extract_statements():
    # incompatible function arguments. The following argument types are supported:", exit 1, as a defect of citeaudit's
    _, db = _audited(tmp_path, audited_once)
    query = "SELECT count(*) FROM answer_audit WHERE tenant = 'caf\udce9'"  # os.fsdecode(b"...caf\xe9'")
    for fmt in ("table", "csv", "json"):
        done = _citeaudit(["sql", query, "--db", str(db), "--format", fmt])
        assert done.returncode == 2, (fmt, done.stderr)
        want = "error: the query is not UTF-8 text (byte \\xe9 at character 54): type it in UTF-8 or use chr("
        assert done.stderr.startswith(want) and done.stderr.count("\n") == 1, (fmt, done.stderr)


def test_an_export_folder_whose_name_is_not_utf8_is_refused_before_anything_is_made(
    tmp_path: Path, audited_once: tuple[Path, Path]
) -> None:
    # `citeaudit export --out café` from a Latin-1 shell (the name's bytes are no UTF-8): the folder was made, then
    # DuckDB's COPY failed "Invalid Input Error: Python Conversion Failure: cannot encode str as UTF-8, surrogate
    # '\udce9' at position 19 is not allowed", exit 2, leaving an empty folder of that name behind
    _, db = _audited(tmp_path, audited_once)
    out = os.fsencode(tmp_path) + b"/caf\xe9"
    for fmt in ("parquet", "csv"):
        done = subprocess.run(
            [sys.executable, "-m", "audit.cli", "export", "--db", str(db), "--out", out, "--format", fmt],
            capture_output=True,
            env={**os.environ, "PYTHONPATH": str(REPO)},
            timeout=600,
        )
        err = done.stderr.decode("utf-8", "replace")
        assert done.returncode == 2, err
        want = f"error: export folder {tmp_path}/caf\\xe9: the name is not UTF-8, which DuckDB cannot write to: give"
        assert err.startswith(want) and err.count("\n") == 1, err
        assert not os.path.exists(out), fmt


def test_an_input_path_whose_name_is_not_utf8_is_named_as_a_file_in_a_folder_is(tmp_path: Path) -> None:
    # `citeaudit run --input /logs/café.parquet` (a Latin-1 name given directly; one found in a folder was named since
    # the encoding sweep): the run's `running` row, which records the input, failed first with DuckDB's "Invalid
    # Input Error: Python Conversion Failure: cannot encode str as UTF-8, surrogate '\udce9' at position 20 is not
    # allowed", naming neither the option nor what to do
    log = os.fsencode(tmp_path) + b"/caf\xe9.parquet"
    os.link(_answers(tmp_path / "answers.parquet"), log)
    db = tmp_path / "audit.duckdb"
    for spec in (log, os.fsencode(tmp_path) + b"/none\xe9.parquet"):
        done = subprocess.run(
            [sys.executable, "-m", "audit.cli", "run", "--input", spec, "--db", str(db), "--quiet"],
            capture_output=True,
            env={**os.environ, "PYTHONPATH": str(REPO)},
            timeout=600,
        )
        err = done.stderr.decode("utf-8", "replace")
        assert done.returncode == 2, err
        shown = spec.decode("utf-8", "backslashreplace")
        want = f"error: --input {shown}: the path is not UTF-8, which DuckDB cannot open: rename it"
        assert err.startswith(want) and err.count("\n") == 1, err
