"""The new-user input sweep: logs, files and command lines a new user reaches for, each through the real `citeaudit`
command on real Parquet and DuckDB files (docs/hostile-inputs.md, "The new-user input sweep")."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from click.testing import CliRunner

from audit.cli import main
from audit.contract import answers_schema
from tests.cli.hostile import CTX
from tests.conftest import REPO, make_answer
from tests.conftest import query as q


def _run(args: list[str]) -> tuple[int, str]:
    res = CliRunner().invoke(main, args)
    assert "Traceback" not in res.output and (res.exception is None or isinstance(res.exception, SystemExit))
    return res.exit_code, res.output


def _audited(tmp_path: Path, rows: list[dict[str, object]]) -> Path:
    inp, db = tmp_path / "answers.parquet", tmp_path / "audit.duckdb"
    pq.write_table(pa.Table.from_pylist(rows, schema=answers_schema()), inp)
    code, out = _run(["run", "--input", str(inp), "--db", str(db), "--quiet"])
    assert code == 0, out
    return db


def test_bidi_and_control_characters_inside_a_marker_leave_it_the_marker_it_shows(tmp_path: Path) -> None:
    # a bidi embedding, override or isolate (U+202A-202E, U+2066-2069, the Arabic letter mark U+061C: what a chat
    # widget wraps right-to-left text in) or a control character (BEL, ESC, DEL, C1) inside the brackets shows as
    # `[2]` and was no marker: a wrong figure cited so beside a verified `[1]` was an uncited claim, and a correct
    # answer cited only so YELLOW (`no_citations`); a document title with an override came out `unknown_document`
    answers = {
        "wrong_figure_override": "Refunds take 30 days [1]. Shipping costs 20 euros [\u202e2].",
        "wrong_figure_isolate": "Refunds take 30 days [1]. Shipping costs 20 euros [\u20682\u2069].",
        "embedding": "Refunds take 30 days [\u202a1\u202c].",
        "arabic_letter_mark": "Refunds take 30 days [\u061c1].",
        "bell": "Refunds take 30 days [\x071].",
        "c1_and_delete": "Refunds take 30 days [1\x9b\x7f].",
        "document_override": "Refunds take 30 days [Document: Refund Policy.pdf\u202e, Page 1].",
    }
    db = _audited(tmp_path, [make_answer(key, text, CTX) for key, text in answers.items()])
    got = q(db, "SELECT answer_id, cited_ref, verdict FROM citation_audit ORDER BY 1, citation_ord")
    verdicts = {(a, c): v for a, c, v in got}
    for key in ("embedding", "arabic_letter_mark", "bell", "c1_and_delete"):
        assert verdicts.get((key, "1")) == "verified", got
    assert verdicts.get(("document_override", "Refund Policy.pdf, page 1")) == "verified", got
    for key in ("wrong_figure_override", "wrong_figure_isolate"):
        assert verdicts.get((key, "1")) == "verified" and verdicts.get((key, "2")) not in (None, "verified"), got
    levels = dict(q(db, "SELECT answer_id, level FROM answer_audit"))
    assert levels == {k: "RED" if k.startswith("wrong") else "GREEN" for k in answers}, levels


def test_contexts_as_a_fixed_size_list_are_read_as_the_list_they_are(tmp_path: Path) -> None:
    # a retriever that always logs its top k (polars' `pl.Array`, numpy's 2-D arrays: Arrow's fixed_size_list, which
    # Parquet stores as a plain list) stopped the run, exit 2: "column 'contexts' must be list<struct<...>>, got
    # fixed_size_list<...>[2]"; a context text in it that is no UTF-8 quarantines its answer as in a plain list
    from tests.cli.test_encoding import _write_with_bad_bytes

    rows = [make_answer("a0", "Refunds take 30 days [1].", CTX)]
    rows.append(make_answer("a1", "Shipping is free over 50 euros [2].", CTX))
    rows[1]["contexts"][1]["text"] = "Shipping is free over 50 euros BADX."
    table = pa.Table.from_pylist(rows, schema=answers_schema())
    fixed = pa.array([r["contexts"] for r in rows], pa.list_(table.schema.field("contexts").type.value_type, 2))
    table = table.set_column(table.schema.get_field_index("contexts"), "contexts", fixed)
    inp, db = tmp_path / "answers.parquet", tmp_path / "audit.duckdb"
    pq.write_table(table, inp)
    code, out = _run(["run", "--input", str(inp), "--db", str(db), "--quiet"])
    assert code == 0, out
    assert q(db, "SELECT answer_id, level FROM answer_audit ORDER BY 1") == [("a0", "GREEN"), ("a1", "GREEN")]
    _write_with_bad_bytes(table, inp, {"BADX": b"\xe2\x82ok"})
    code, out = _run(["run", "--input", str(inp), "--db", str(db), "--quiet"])
    assert code == 0, out
    assert q(db, "SELECT row_ref, field FROM quarantine") == [(f"{inp.resolve()}:1", "contexts")]
    assert q(db, "SELECT answer_id, level FROM answer_audit") == [("a0", "GREEN")]


def test_an_export_that_cannot_read_its_database_keeps_the_previous_export(tmp_path: Path) -> None:
    # `citeaudit export --out exports/ --db <a typo>` (or a damaged or newer file): the folder's previous export (a
    # period handed to an auditor) was removed before the database was opened, and nothing replaced it
    db = _audited(tmp_path, [make_answer("a0", "Refunds take 30 days [1].", CTX)])
    out = tmp_path / "exports"
    assert _run(["export", "--db", str(db), "--out", str(out)])[0] == 0
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    (tmp_path / "damaged.duckdb").write_bytes(b"x" * 5000)
    for bad in (tmp_path / "typo.duckdb", tmp_path / "damaged.duckdb"):
        code, said = _run(["export", "--db", str(bad), "--out", str(out)])
        assert code == 2 and said.startswith("error: ") and str(bad) in said, said
        assert {p.name: p.read_bytes() for p in out.iterdir()} == before
    assert _run(["verify-export", str(out)])[0] == 0


def _day(folder: Path, ids: list[str]) -> None:
    folder.mkdir(parents=True)
    rows = [make_answer(i, "Refunds take 30 days [1].", CTX) for i in ids]
    pq.write_table(pa.Table.from_pylist(rows, schema=answers_schema()), folder / "part-0.parquet")


def test_a_folder_search_follows_linked_folders_once_and_survives_link_loops(tmp_path: Path) -> None:
    # logs/date=2026-11-02 a link to the day's folder on another disk: the folder search did not enter it (os.walk
    # follows no links) and the run completed without its answers, exit 0, while a glob over the same folders read
    # them. Links are followed now; a loop (`logs/again -> .`, `a -> b -> a`) or a second link to a folder already
    # searched reads nothing twice
    logs, store = tmp_path / "logs", tmp_path / "store"
    _day(logs / "date=2026-11-01", ["a0", "a1"])
    _day(store / "date=2026-11-02", ["b0"])
    (logs / "date=2026-11-02").symlink_to(store / "date=2026-11-02")
    (logs / "copy").symlink_to(store)
    (logs / "again").symlink_to(".")
    (logs / "x").symlink_to(logs / "y")
    (logs / "y").symlink_to(logs / "x")
    db = tmp_path / "audit.duckdb"
    code, out = _run(["run", "--input", str(logs), "--db", str(db), "--quiet"])
    assert code == 0, out
    assert q(db, "SELECT answers_read, answers_audited, answers_quarantined FROM runs") == [(3, 3, 0)]
    assert q(db, "SELECT answer_id FROM answer_audit ORDER BY 1") == [("a0",), ("a1",), ("b0",)]


def _without_root_reads() -> list[str]:
    """A command prefix under which a folder's permissions hold: root reads a chmod 000 folder anyway, so as root the
    command runs without the capabilities that let it (setpriv); as another user, as it is."""
    if os.geteuid() != 0:
        return []
    if shutil.which("setpriv") is None:
        pytest.skip("running as root without setpriv: a chmod 000 folder stays readable")
    return ["setpriv", "--bounding-set", "-dac_override,-dac_read_search"]


def test_a_folder_the_search_cannot_read_stops_the_run_naming_it(tmp_path: Path) -> None:
    # a day's folder another job wrote with a umask of 077 (or a mount that went away): os.walk skipped it without a
    # word, and the run completed without its answers, exit 0
    logs = tmp_path / "logs"
    _day(logs / "date=2026-11-01", ["a0"])
    _day(logs / "date=2026-11-02", ["b0"])
    hidden = logs / "date=2026-11-02"
    prefix = _without_root_reads()
    hidden.chmod(0)
    try:
        probe = subprocess.run([*prefix, sys.executable, "-c", "import os, sys; os.listdir(sys.argv[1])", str(hidden)])
        if probe.returncode == 0:
            pytest.skip("the folder stays readable here")
        db = tmp_path / "audit.duckdb"
        said = []
        for spec in (str(logs), f"{logs}/**/*.parquet"):  # a glob through the folder too
            res = subprocess.run(
                [*prefix, sys.executable, "-m", "audit.cli", "run", "--input", spec, "--db", str(db), "--quiet"],
                capture_output=True,
                text=True,
                env={**os.environ, "PYTHONPATH": str(REPO)},
                cwd=REPO,
                timeout=300,
            )
            said.append((res.returncode, res.stderr))
    finally:
        hidden.chmod(0o755)
    line = (
        f"error: cannot search folder {hidden} (Permission denied): its logs would be left out of the audit; make it "
        "readable, or give --input the folders to audit\n"
    )
    assert said == [(2, line), (2, line)], said


def test_a_log_file_without_read_permission_stops_the_run_naming_it(tmp_path: Path) -> None:
    # found correct (no change): the README's bad-input table lists it
    logs = tmp_path / "logs"
    _day(logs, ["a0"])
    locked = logs / "part-0.parquet"
    prefix = _without_root_reads()
    locked.chmod(0)
    try:
        probe = subprocess.run([*prefix, sys.executable, "-c", "import sys; open(sys.argv[1], 'rb')", str(locked)])
        if probe.returncode == 0:
            pytest.skip("the file stays readable here")
        res = subprocess.run(
            [*prefix, sys.executable, "-m", "audit.cli", "run", "--input", str(logs), "--db", str(tmp_path / "a.db")],
            capture_output=True,
            text=True,
            env={**os.environ, "PYTHONPATH": str(REPO)},
            cwd=REPO,
            timeout=300,
        )
    finally:
        locked.chmod(0o644)
    assert res.returncode == 2 and res.stderr.count("\n") == 1, res.stderr[-2000:]
    assert res.stderr.startswith(f"error: {locked}: not a readable Parquet file (")
    assert "Permission denied" in res.stderr


def test_a_db_that_is_a_folder_is_named_a_folder_by_every_reader(tmp_path: Path) -> None:
    # `--db data/` (the folder, not the file): `citeaudit sql` said "no audit database at data: run `citeaudit run`
    # first", which a run into that path does not fix; report and export gave DuckDB's "Could not read from file"
    folder = tmp_path / "data"
    folder.mkdir()
    line = f"error: audit database {folder} is a folder, not a file: give --db the DuckDB file (data/audit.duckdb)\n"
    for args in (
        ["sql", "SELECT 1"],
        ["report", "--out", str(tmp_path / "r.html")],
        ["export", "--out", str(tmp_path / "e")],
    ):
        assert _run([*args, "--db", str(folder)]) == (2, line), args


def test_a_parquet_link_that_loops_is_named_a_loop(tmp_path: Path) -> None:
    # `y.parquet -> x.parquet -> y.parquet`: "y.parquet: a link to x.parquet, which does not exist", while x.parquet
    # is right there (a link)
    logs = tmp_path / "logs"
    _day(logs, ["a0"])
    (logs / "x.parquet").symlink_to(logs / "y.parquet")
    (logs / "y.parquet").symlink_to(logs / "x.parquet")
    code, out = _run(["run", "--input", str(logs), "--db", str(tmp_path / "audit.duckdb"), "--quiet"])
    assert (code, out) == (
        2,
        f"error: {logs / 'x.parquet'}: a link that leads back to itself ({logs / 'x.parquet'} -> "
        f"{logs / 'y.parquet'} -> {logs / 'x.parquet'}): remove it, or point it at the log\n",
    )


def test_a_contexts_tables_rank_written_as_floats_is_read_when_whole(tmp_path: Path) -> None:
    # pandas writes an integer column holding a null as float64 (so do decimals from a SQL export): one missing rank
    # stopped the whole run, exit 2, "contexts column 'rank' must be integers ..., got double", where an integer
    # column's NULL rank quarantines its answer alone. A whole value is the position it says; 1.5, NaN or NULL
    # quarantine their answer naming the table's file and row (1.5 is never rounded to a position)
    rows = [make_answer(f"a{i}", "Refunds take 30 days [1]. Shipping is free over 50 euros [2].", []) for i in range(4)]
    inp, ctx, db = tmp_path / "answers.parquet", tmp_path / "contexts.parquet", tmp_path / "audit.duckdb"
    pq.write_table(pa.Table.from_pylist(rows, schema=answers_schema()).drop_columns(["contexts"]), inp)
    ranks = [1.0, 2.0, 1.0, 1.5, 1.0, None, 1.0, float("nan")]
    texts = [CTX[0]["text"], CTX[1]["text"]] * 4
    ids = [f"a{i // 2}" for i in range(8)]
    pq.write_table(pa.table({"answer_id": ids, "rank": pa.array(ranks, pa.float64()), "text": texts}), ctx)
    code, out = _run(["run", "--input", str(inp), "--contexts", str(ctx), "--db", str(db), "--quiet"])
    assert code == 0, out
    assert q(db, "SELECT answer_id, level FROM answer_audit") == [("a0", "GREEN")]
    got = q(db, "SELECT answer_id, field, reason FROM quarantine ORDER BY 1")
    src = ctx.resolve()
    assert [(a, f) for a, f, _ in got] == [("a1", "contexts"), ("a2", "contexts"), ("a3", "contexts")], got
    assert got[0][2].startswith(f"the contexts table {src}, row 3: rank 1.5 is not a position"), got
    assert got[1][2].startswith(f"the contexts table {src}, row 5: rank NULL is not a position"), got
    assert got[2][2].startswith(f"the contexts table {src}, row 7: rank nan is not a position"), got
