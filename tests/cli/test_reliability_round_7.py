"""Reliability sweep, round 7 ("nothing lost, nothing let in"), through the real `citeaudit` command: an audit file
made read-only is not written, even by root."""

from __future__ import annotations

import os

import duckdb
from click.testing import CliRunner

from audit.cli import main
from audit.store import open_db
from tests.conftest import make_answer

CTX = [{"doc_id": "d1", "chunk_id": "c1", "title": "T", "page": 1, "text": "Refunds take 30 days."}]


def test_a_read_only_audit_file_is_refused_and_left_as_it_was(write_answers, tmp_path):
    # `chmod a-w audit.duckdb` (a period frozen for an auditor): run as root (a container, a cron job), `citeaudit run`
    # wrote it all the same, exit 0 (DuckDB opens it read-write: root passes the mode); not as root, DuckDB's own error
    inp = write_answers([make_answer("a1", "Refunds take 30 days [1].", CTX)])
    db = tmp_path / "audit.duckdb"
    open_db(db).close()
    os.chmod(db, 0o444)
    before = db.read_bytes()
    res = CliRunner().invoke(main, ["run", "--input", str(inp), "--db", str(db), "--quiet"])
    assert res.exit_code == 2, res.output
    assert res.output.startswith(f"error: audit database {db} is read-only (mode 0444), so nothing was written"), (
        res.output
    )
    assert "chmod u+w" in res.output and "Traceback" not in res.output
    assert db.read_bytes() == before and not db.with_name("audit.duckdb.wal").exists()
    con = duckdb.connect(str(db), read_only=True)  # still read: `sql`, `report`, `export` read such a file
    try:
        assert con.execute("SELECT count(*) FROM runs").fetchall() == [(0,)]
    finally:
        con.close()
