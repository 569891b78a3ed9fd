"""Reliability sweep, round 4: the trouble a nightly job, an analyst and a compliance export meet (a full disk under
an export, an audit file cut short), each through the real `citeaudit` command on real Parquet and DuckDB files: one
line naming the file and what to do, a non-zero exit, never a traceback, nothing lost."""

from __future__ import annotations

import resource
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from click.testing import CliRunner

from audit.cli import main
from audit.contract import answers_schema
from tests.conftest import make_answer, query

CTX = [{"doc_id": "d1", "chunk_id": "c1", "title": "Refund Policy.pdf", "page": 1, "text": "Refunds take 30 days."}]


@pytest.fixture(scope="module")
def audited(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """Twenty good answers as logs/answers.parquet, audited by the real `citeaudit run` into audit.duckdb, once."""
    root = tmp_path_factory.mktemp("audited4")
    inp, db = root / "logs" / "answers.parquet", root / "audit.duckdb"
    inp.parent.mkdir()
    rows = [make_answer(f"a{i}", "Refunds take 30 days [1].", CTX) for i in range(20)]
    pq.write_table(pa.Table.from_pylist(rows, schema=answers_schema()), inp)
    res = CliRunner().invoke(main, ["run", "--input", str(inp), "--db", str(db), "--quiet"])
    assert res.exit_code == 0, res.output
    return inp, db


@contextmanager
def _file_size_limit(limit: int) -> Iterator[None]:
    """Writes past `limit` bytes refused (EFBIG, as `ulimit -f`; Python ignores SIGXFSZ), as a full disk does."""
    soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    resource.setrlimit(resource.RLIMIT_FSIZE, (limit, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))


def test_an_export_onto_a_full_disk_names_the_folder_and_the_remedy(tmp_path: Path, audited: tuple[Path, Path]) -> None:
    # a full disk (or quota, or `ulimit -f`) under `citeaudit export`: `error: IO Error: Async write failed for range
    # [offset=0, size=1855]: {"exception_type":"IO","exception_message":"Could not write file \"out/.citeaudit-staging/
    # answer_audit.parquet\": No space left on device","errno":"28"}`, exit 2, DuckDB's JSON naming no remedy, and the
    # new folder it had made left behind empty
    _, db = audited
    kept = tmp_path / "kept"
    assert CliRunner().invoke(main, ["export", "--db", str(db), "--out", str(kept)]).exit_code == 0
    before = {p.name: p.read_bytes() for p in kept.iterdir()}
    new = tmp_path / "new"
    for out, fmt in ((new, "parquet"), (new, "csv"), (kept, "csv"), (kept, "parquet")):
        with _file_size_limit(1000):
            res = CliRunner().invoke(main, ["export", "--db", str(db), "--out", str(out), "--format", fmt])
        assert res.exit_code == 2, res.output
        assert res.output.startswith(f"error: cannot export to {out}: File too large while writing it; free space"), (
            res.output
        )
        assert res.output.count("\n") == 1 and "Async write" not in res.output, res.output
    assert not new.exists()  # the folder it made is gone again
    assert {p.name: p.read_bytes() for p in kept.iterdir()} == before  # the previous export whole, no staging left
    res = CliRunner().invoke(main, ["verify-export", str(kept)])
    assert res.exit_code == 0 and res.output.startswith("ok: 7 files match"), res.output
    # with room again, the same command writes it
    res = CliRunner().invoke(main, ["export", "--db", str(db), "--out", str(new), "--format", "csv"])
    assert res.exit_code == 0, res.output
    assert CliRunner().invoke(main, ["verify-export", str(new)]).exit_code == 0


def test_an_audit_file_cut_short_is_named_with_what_to_do(tmp_path: Path, audited: tuple[Path, Path]) -> None:
    # an audit file copied or restored cut short (a full disk under `cp`, a transfer stopped): `report`, `export` and
    # `run` ended `error: IO Error: Could not read enough bytes from file "/abs/audit.duckdb": attempted to read
    # 262144 bytes from location 1323008`, exit 2, naming no remedy
    inp, db = audited
    cut = tmp_path / "cut.duckdb"
    data = db.read_bytes()
    cut.write_bytes(data[: len(data) // 2])
    page, out = tmp_path / "review.html", tmp_path / "export"
    for args in (
        ["report", "--db", str(cut), "--out", str(page)],
        ["report", "--db", str(cut.resolve()), "--out", str(page)],
        ["export", "--db", str(cut), "--out", str(out)],
        ["run", "--input", str(inp), "--db", str(cut), "--quiet"],
    ):
        res = CliRunner().invoke(main, args)
        assert res.exit_code == 2, (args, res.output)
        shown = args[args.index("--db") + 1]
        want = f"error: audit database {shown} is cut short (it ends before a block DuckDB needs): restore it from a"
        assert res.output.startswith(want) and res.output.count("\n") == 1, (args, res.output)
    assert not page.exists() and not out.exists()
    # the whole file is read as before
    whole = tmp_path / "whole.duckdb"
    shutil.copyfile(db, whole)
    assert CliRunner().invoke(main, ["report", "--db", str(whole), "--out", str(page)]).exit_code == 0
    assert query(whole, "SELECT count(*) FROM answer_audit") == [(20,)]


def test_an_audit_file_on_a_full_disk_names_the_write_and_the_remedy(
    tmp_path: Path, audited: tuple[Path, Path]
) -> None:
    # `citeaudit run` onto a full disk (or quota, or `ulimit -f`): `error: TransactionContext Error: Failed to commit:
    # Could not write file "/abs/audit.duckdb.wal": No space left on device`, exit 2, naming no remedy; a new file
    # whose first block is refused said `cannot open audit database ...: IO Error: Could not write file ...: File too
    # large` alone
    inp, _ = audited
    for limit, want in (
        (5_000, "error: cannot open audit database {db}: IO Error: Could not write file"),
        (
            16 * 1024,
            "error: File too large writing {wal}: free space (or raise the file size limit) and run the command",
        ),
    ):
        db = tmp_path / f"full-{limit}.duckdb"
        with _file_size_limit(limit):
            res = CliRunner().invoke(main, ["run", "--input", str(inp), "--db", str(db), "--quiet"])
        assert res.exit_code == 2, res.output
        line = want.format(db=db, wal=db.resolve().with_name(db.name + ".wal"))
        assert res.output.startswith(line) and res.output.rstrip().endswith("and run the command again"), res.output
        assert "Traceback" not in res.output
        # with room again, the same command audits every answer once
        res = CliRunner().invoke(main, ["run", "--input", str(inp), "--db", str(db), "--quiet"])
        assert res.exit_code == 0, res.output
        assert query(db, "SELECT count(*), count(DISTINCT answer_id) FROM answer_audit") == [(20, 20)]


def test_a_failure_that_cannot_be_recorded_is_logged_not_raised(tmp_path: Path) -> None:
    # a run whose plan failed on a full disk (its work dir) went on to record the failure, whose own commit the full
    # disk refused: that DuckDB error replaced the plan's, so the line named the audit file's WAL, not the work dir
    from audit.config import AuditConfig
    from audit.runner import new_run_record
    from audit.store import record_failed_run, record_started_run
    from audit.window import Window

    db = tmp_path / "audit.duckdb"
    run = new_run_record(str(tmp_path / "logs"), Window(), AuditConfig(), None)
    record_started_run(db, run)
    with _file_size_limit(100):  # the WAL of its commit refused
        assert record_failed_run(db, run, "planned on a full disk", wait_s=1.0) is False
    assert query(db, "SELECT status FROM runs") == [("running",)]  # the next completed run marks it abandoned


def test_verify_export_names_what_an_export_killed_mid_write_left(tmp_path: Path, audited: tuple[Path, Path]) -> None:
    # an export killed by SIGKILL (the OOM killer, a scheduler's hard stop) while writing leaves its staging folder
    # beside the previous export, which stays whole: `verify-export` listed each half-written file as `not in the
    # manifest`, as if someone had slipped files into the export, and named no remedy
    _, db = audited
    out = tmp_path / "export"
    assert CliRunner().invoke(main, ["export", "--db", str(db), "--out", str(out)]).exit_code == 0
    staging = out / ".citeaudit-staging"
    staging.mkdir()
    (staging / "answer_audit.parquet").write_bytes(b"PAR1 half")
    (staging / "citation_audit.parquet").write_bytes(b"")
    (out / "notes.txt").write_text("slipped in")
    res = CliRunner().invoke(main, ["verify-export", str(out)])
    assert res.exit_code == 1, res.output
    assert res.output.splitlines() == [
        f"{out}: .citeaudit-staging/: 2 file(s) of an export stopped mid-write, not in the manifest (the files listed "
        "are the export before it): run the export again, or remove that folder",
        f"{out}: notes.txt: not in the manifest",
    ], res.output
    # the export run again clears it; verify-export is clean
    (out / "notes.txt").unlink()
    assert CliRunner().invoke(main, ["export", "--db", str(db), "--out", str(out)]).exit_code == 0
    res = CliRunner().invoke(main, ["verify-export", str(out)])
    assert res.exit_code == 0 and not staging.exists(), res.output


def test_a_review_page_onto_a_full_disk_names_the_remedy(tmp_path: Path, audited: tuple[Path, Path]) -> None:
    # `citeaudit report` onto a full disk said `cannot write the review page to r.html (r.html: No space left on
    # device)`, no remedy; an earlier page stays whole (written aside, renamed over)
    _, db = audited
    page = tmp_path / "review.html"
    assert CliRunner().invoke(main, ["report", "--db", str(db), "--out", str(page)]).exit_code == 0
    earlier = page.read_bytes()
    with _file_size_limit(1000):
        res = CliRunner().invoke(main, ["report", "--db", str(db), "--out", str(page)])
    assert res.exit_code == 2, res.output
    assert res.output == (
        f"error: cannot write the review page to {page} ({page}: File too large): free space (or raise the file size "
        "limit) and run the command again\n"
    )
    assert page.read_bytes() == earlier
    assert [p.name for p in tmp_path.iterdir()] == ["review.html"]
