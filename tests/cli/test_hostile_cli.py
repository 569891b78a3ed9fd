"""Hostile command lines, config files and databases found by a sweep of every command, each through the real CLI on
real Parquet and DuckDB files: a bad option, path or database stops with one line naming it and a non-zero exit,
never a traceback; nothing outside what a command writes is changed."""

from __future__ import annotations

import csv
import gzip
import io
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import duckdb
import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from click.testing import CliRunner

from audit.cli import main
from audit.contract import answers_schema
from audit.errors import InputError
from tests.conftest import REPO, audit_rows, make_answer, query

CTX = [{"doc_id": "d1", "chunk_id": "c1", "title": "Refund Policy.pdf", "page": 1, "text": "Refunds take 30 days."}]


def _answers(path: Path, *answer_ids: str) -> Path:
    rows = [make_answer(a, "Refunds take 30 days [1].", CTX) for a in answer_ids or ("good",)]
    pq.write_table(pa.Table.from_pylist(rows, schema=answers_schema()), path)
    return path


def _cli(*args: str, cwd: Path = REPO) -> subprocess.CompletedProcess[str]:
    """`citeaudit ARGS` in its own process (the flows start Prefect), without -v."""
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    cmd = [sys.executable, "-m", "audit.cli", *args]
    return subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=300, cwd=cwd)


@pytest.fixture(scope="module")
def good_audit(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One good answer ("Refunds take 30 days [1].") as answers.parquet, audited by the real `citeaudit run` into
    audit.duckdb beside it, once for the module: the tests that read such an audit (or damage it) get copies."""
    return audit_rows(tmp_path_factory.mktemp("good"), [make_answer("good", "Refunds take 30 days [1].", CTX)])


def _good_db(root: Path, good_audit: Path) -> Path:
    """Copies of `good_audit`'s answers.parquet and audit.duckdb in `root` (what `audit_rows(root, [the good
    answer])` writes there): the audit file's path."""
    root.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(good_audit.parent / "answers.parquet", root / "answers.parquet")
    shutil.copyfile(good_audit, root / "audit.duckdb")
    return root / "audit.duckdb"


def test_nightly_work_dir_removes_only_its_own_stale_work_dirs(tmp_path: Path, env_restored: None) -> None:
    # a stale work dir was any folder under --work-dir without a live owner: `--work-dir ~/scratch` deleted every
    # folder in it (a user's `important/` with its files), where citeaudit had only ever written run-<key> folders
    inp = _answers(tmp_path / "answers.parquet")
    work = tmp_path / "scratch"
    (work / "important").mkdir(parents=True)
    (work / "important" / "notes.txt").write_text("mine\n")
    (work / "run-not-a-key").mkdir()
    stale = work / "2026-10-31-run-0123456789abcdef"
    stale.mkdir()
    (stale / "_owner.pid").write_text("999999999")
    db = tmp_path / "audit.duckdb"
    # in this process, as tests/cli/test_hostile_config.py runs a nightly: its local Prefect API is started once per
    # test process, not once per nightly (the nightly's own process is not what is tested here)
    args = ["nightly", "--day", "2026-11-01", "--input", str(inp), "--db", str(db), "--work-dir", str(work)]
    res = CliRunner().invoke(main, args)
    assert res.exit_code == 0, res.output
    assert (work / "important" / "notes.txt").read_text() == "mine\n"
    assert (work / "run-not-a-key").is_dir()
    assert not stale.exists()  # a work dir of a dead run is still cleaned


def test_a_work_dir_that_is_a_file_stops_naming_it(tmp_path: Path) -> None:
    # a file at --work-dir (or at <db folder>/.citeaudit-work) ended with exit 1 as an unexpected FileExistsError
    inp = _answers(tmp_path / "answers.parquet")
    (tmp_path / ".citeaudit-work").write_text("mine\n")
    res = CliRunner().invoke(main, ["run", "--input", str(inp), "--db", str(tmp_path / "audit.duckdb"), "--quiet"])
    work = tmp_path / ".citeaudit-work"
    want = f"error: cannot use {work} as the work dir ({work}: File exists)"
    assert res.exit_code == 2 and res.output.startswith(want), res.output
    assert res.output.count("\n") == 1 and (tmp_path / ".citeaudit-work").read_text() == "mine\n"
    a_file = tmp_path / "a-file"
    a_file.write_text("mine\n")
    res = _cli(
        "nightly",
        "--day",
        "2026-11-01",
        "--input",
        str(inp),
        "--db",
        str(tmp_path / "n.duckdb"),
        "--work-dir",
        str(a_file),
    )
    assert res.returncode == 2 and res.stderr.startswith(f"error: cannot use {a_file} as the work dir ("), res.stderr
    assert res.stderr.count("\n") == 1 and a_file.read_text() == "mine\n"


def test_a_database_path_below_a_file_stops_naming_it(tmp_path: Path) -> None:
    # `--db a-file/audit.duckdb` ended with exit 1 as an unexpected FileExistsError (making the database's folder)
    inp = _answers(tmp_path / "answers.parquet")
    a_file = tmp_path / "a-file"
    a_file.write_text("mine\n")
    db = a_file / "audit.duckdb"
    res = CliRunner().invoke(main, ["run", "--input", str(inp), "--db", str(db), "--quiet"])
    assert res.exit_code == 2, res.output
    assert res.output.startswith(f"error: cannot make the folder of audit database {db} ({a_file}: "), res.output
    assert res.output.count("\n") == 1 and a_file.read_text() == "mine\n"


def test_report_never_writes_through_a_symbolic_link(tmp_path: Path, good_audit: Path) -> None:
    # `report --out review.html` where review.html was a link wrote the page through it, over the file it pointed at
    # (anywhere: ~/.bashrc), and a dangling link made the file it named; export already refused links
    db = _good_db(tmp_path, good_audit)
    target = tmp_path / "elsewhere.txt"
    target.write_text("mine\n")
    for name, points_to in [("review.html", target), ("dangling.html", tmp_path / "nowhere.html")]:
        link = tmp_path / name
        link.symlink_to(points_to)
        res = CliRunner().invoke(main, ["report", "--db", str(db), "--out", str(link)])
        assert res.exit_code == 2, res.output
        assert res.output.startswith(f"error: {link} is a symbolic link, and the review page is written only as a "), (
            res.output
        )
        assert res.output.count("\n") == 1 and link.is_symlink()
    assert target.read_text() == "mine\n" and not (tmp_path / "nowhere.html").exists()
    res = CliRunner().invoke(main, ["report", "--db", str(db), "--out", str(tmp_path / "review-page.html")])
    assert res.exit_code == 0 and (tmp_path / "review-page.html").read_text().startswith("<!doctype html>")


def test_csv_writes_a_nul_in_a_cell_as_the_text_backslash_x00(tmp_path: Path) -> None:
    # export --format csv and sql --format csv wrote a NUL in logged text raw: readers stop or cut at it (Python's
    # csv before 3.11: "line contains NUL"; C tools end the string there). Written as `\x00`, as the terminal shows it
    answer = make_answer("a\x00b", "Refunds take 30 days [1].", CTX, tenant="=t\x00", model="\x00m")
    db = audit_rows(tmp_path, [answer])
    res = CliRunner().invoke(main, ["export", "--db", str(db), "--out", str(tmp_path / "csv"), "--format", "csv"])
    assert res.exit_code == 0, res.output
    for path in (tmp_path / "csv").glob("*.csv"):
        assert b"\x00" not in path.read_bytes(), path.name
    with (tmp_path / "csv" / "answer_audit.csv").open(newline="", encoding="utf-8") as fh:
        (row,) = list(csv.DictReader(fh))
    assert (row["answer_id"], row["tenant"], row["model"]) == ("a\\x00b", "'=t\\x00", "\\x00m")
    res = CliRunner().invoke(main, ["verify-export", str(tmp_path / "csv")])
    assert res.exit_code == 0, res.output
    query = "SELECT answer_id, tenant, model FROM answer_audit"
    res = CliRunner().invoke(main, ["sql", query, "--db", str(db), "--format", "csv"])
    assert res.exit_code == 0 and "\x00" not in res.output, res.output
    assert list(csv.reader(io.StringIO(res.output)))[1] == ["a\\x00b", "'=t\\x00", "\\x00m"]
    res = CliRunner().invoke(main, ["export", "--db", str(db), "--out", str(tmp_path / "parquet")])
    assert pq.read_table(tmp_path / "parquet" / "answer_audit.parquet").column("tenant").to_pylist() == ["=t\x00"]


@pytest.mark.parametrize(
    "columns,rows",
    [
        ("x INTEGER", "(1)"),
        ("name VARCHAR, version VARCHAR", "('outputs', 'abc')"),
        ("name VARCHAR, version INTEGER", "('outputs', NULL)"),
        ("name VARCHAR, version INTEGER", "('outputs', -5)"),
        ("name VARCHAR, version INTEGER", "('outputs', 2), ('outputs', 3)"),
    ],
    ids=["other_columns", "text_version", "null_version", "negative_version", "two_versions"],
)
def test_a_schema_version_table_that_is_not_ours_says_it_is_not_a_citeaudit_database(
    tmp_path: Path, good_audit: Path, columns: str, rows: str
) -> None:
    # another program's schema_version beside tables named as ours stopped with DuckDB's "Binder Error: Referenced
    # column name not found", "invalid literal for int()", a TypeError (exit 1), or a FileNotFoundError for a
    # migration outputs.v-5_to_v-4.sql; a second row made `run` fail half-way through a migration
    db = _good_db(tmp_path, good_audit)
    con = duckdb.connect(str(db))
    con.execute("DROP TABLE schema_version")
    con.execute(f"CREATE TABLE schema_version ({columns})")
    con.execute(f"INSERT INTO schema_version VALUES {rows}")
    con.close()
    before = db.read_bytes()
    want = f"error: audit database {db}: not a citeaudit audit database (its table schema_version "
    for command in (
        ["run", "--input", str(tmp_path / "answers.parquet"), "--quiet"],
        ["report", "--out", str(tmp_path / "r.html")],
        ["export", "--out", str(tmp_path / "export")],
    ):
        res = CliRunner().invoke(main, [*command, "--db", str(db)])
        assert res.exit_code == 2 and res.output.startswith(want), res.output
        assert res.output.count("\n") == 1
    assert db.read_bytes() == before


def test_an_empty_input_path_is_refused_not_read_as_the_working_directory(tmp_path: Path) -> None:
    # `--input ""` (an unset $LOGS) was the path ".": every Parquet file under the working directory was audited
    (tmp_path / "elsewhere").mkdir()
    _answers(tmp_path / "elsewhere" / "other.parquet")
    db = tmp_path / "audit.duckdb"
    for spec in ("", "  "):
        res = _cli("run", "--input", spec, "--db", str(db), "--quiet", cwd=tmp_path)
        assert res.returncode == 2, res.stdout + res.stderr
        assert res.stderr.startswith("error: the input path is empty: give a Parquet file, a folder or a glob"), (
            res.stderr
        )
        assert res.stderr.count("\n") == 1
    assert query(db, "SELECT count(*) FROM answer_audit") == [(0,)]


def test_report_limit_past_any_number_of_citations_shows_them_all(tmp_path: Path) -> None:
    # a --limit past 2**63 - 1 reached DuckDB's LIMIT: "Conversion Error: Type INT128 with value ... can't be cast",
    # naming neither --limit nor what to give; "at most this many" of a number past any count is all of them
    db = audit_rows(tmp_path, [make_answer("a", "Refunds take 9 days [1].", CTX)])
    for limit in ("9223372036854775808", "1" + "0" * 30):
        out = tmp_path / "review.html"
        res = CliRunner().invoke(main, ["report", "--db", str(db), "--out", str(out), "--limit", limit])
        assert res.exit_code == 0, res.output
        assert 'data-metric="unverified">1</b>' in out.read_text() and "all 1" in out.read_text()


@pytest.mark.parametrize(
    "command,option,value,want",
    [
        ("bench", "--rows", "0", "1<=x<=10000000"),
        ("bench", "--rows", "-1", "1<=x<=10000000"),
        ("bench", "--days", "0", "x>=1"),
        ("bench", "--naive-rows", "-3", "x>=0"),
        ("calibrate", "--limit-per-set", "0", "x>=1"),
        ("calibrate", "--limit-per-set", "-1", "x>=1"),
    ],
    ids=[
        "bench_rows_0",
        "bench_rows_negative",
        "bench_days_0",
        "bench_naive_rows_negative",
        "calibrate_0",
        "calibrate_negative",
    ],
)
def test_counts_below_their_least_are_refused_naming_the_option(
    tmp_path: Path, command: str, option: str, value: str, want: str
) -> None:
    # bench --rows 0 / --days 0 ended with exit 1 as an unexpected "ValueError: rows and days must be positive"; a
    # negative --naive-rows ran as 0; calibrate --limit-per-set 0 said the pairs file lacked pairs of both labels
    extra = ["--out", str(tmp_path / "support.json")] if command == "calibrate" else ["--profile", "tiny"]
    res = CliRunner().invoke(main, [command, option, value, *extra])
    assert res.exit_code == 2, res.output
    assert f"Invalid value for '{option}': {value} is not in the range {want}." in res.output, res.output
    assert not (tmp_path / "support.json").exists()


@pytest.mark.parametrize("key", ["model", "nli_model"])
@pytest.mark.parametrize("what", ["file", "empty_folder"])
def test_a_verify_model_that_is_no_model_folder_stops_naming_the_setting(tmp_path: Path, key: str, what: str) -> None:
    # a file or a folder without a model ended with exit 1 as an unexpected NotADirectoryError ("model_name_or_path
    # must be a local directory ... or a Hugging Face Hub model ID") or ValueError ("Unrecognized model in ...")
    inp = tmp_path / "answers.parquet"  # a paraphrase: only a model can tell
    row = make_answer("a", "Getting your money back is done within a month [1].", CTX)
    pq.write_table(pa.Table.from_pylist([row], schema=answers_schema()), inp)
    model = tmp_path / "model"
    model.write_text("mine\n") if what == "file" else model.mkdir()
    config = tmp_path / "case.toml"
    config.write_text(f'[verify]\n{key} = "{model}"\nquantize = "none"\n')
    res = CliRunner().invoke(
        main, ["run", "--input", str(inp), "--db", str(tmp_path / "audit.duckdb"), "--quiet", "--config", str(config)]
    )
    assert res.exit_code == 2, res.output
    assert res.output.startswith(f"error: verify.{key} '{model}' is not a "), res.output
    assert res.output.count("\n") == 1


def test_a_dask_address_that_is_no_address_is_refused_before_the_flow_starts(tmp_path: Path) -> None:
    # nightly started Prefect and its flow, then ended with exit 1 as an unexpected "ValueError: missing port number
    # in address 'garbage'" (the setting not named)
    inp = _answers(tmp_path / "answers.parquet")
    config = tmp_path / "case.toml"
    config.write_text('[run]\ndask_address = "tcp://scheduler"\n')
    db = tmp_path / "audit.duckdb"
    for args, want in [
        (["nightly", "--day", "2026-11-01", "--dask-address", "garbage"], "--dask-address 'garbage'"),
        (
            ["backfill", "--start", "2026-11-01", "--end", "2026-11-01", "--config", str(config)],
            f"{config}: run.dask_address 'tcp://scheduler'",
        ),
        (["serve", "--dask-address", "tcp://scheduler:port"], "--dask-address 'tcp://scheduler:port'"),
    ]:
        res = CliRunner().invoke(main, [*args, "--input", str(inp), "--db", str(db)])
        assert res.exit_code == 2, res.output
        assert res.output.startswith(f"error: {want} is not a Dask scheduler address (such as tcp://host:8786"), (
            res.output
        )
        assert res.output.count("\n") == 1
    assert not db.exists()


def _pairs(path: Path, per_set: int) -> Path:
    """Training pairs of two sets, `per_set` each, half of them supported."""
    rows = [
        {
            "dataset": d,
            "claim": f"Refunds take {n % 2 * 30 + n} days.",
            "source": "Refunds take 30 days.",
            "label": n % 2,
        }
        for d in ("a", "b")
        for n in range(per_set)
    ]
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


def test_calibrate_on_too_few_pairs_to_hold_a_set_out_says_so(tmp_path: Path) -> None:
    # sets below 50 pairs (a small --limit-per-set, or a small file) get no held-out predictions, and the thresholds
    # are fitted on those: it ended with exit 1 as an unexpected "IndexError: index 0 is out of bounds for axis 0"
    pairs = _pairs(tmp_path / "pairs.jsonl", 4)
    out = tmp_path / "support.json"
    res = CliRunner().invoke(main, ["calibrate", "--pairs", str(pairs), "--out", str(out)])
    assert res.exit_code == 2, res.output
    assert res.output.startswith(f"error: {pairs}: too few pairs to fit the thresholds"), res.output
    assert res.output.count("\n") == 1 and not out.exists()


@pytest.mark.parametrize("kind", ["text", "npy", "npz_without_key"])
def test_calibrate_features_cache_that_is_no_cache_is_refused_and_kept(tmp_path: Path, kind: str) -> None:
    # a --features-cache file calibrate did not write ended with exit 1 as an unexpected ValueError ("This file
    # contains pickled (object) data"), AttributeError or KeyError
    cache = tmp_path / "features.npz"
    if kind == "text":
        cache.write_text("mine\n")
    else:
        np.save(cache.open("wb"), np.zeros(3)) if kind == "npy" else np.savez(cache, x=np.zeros(3))
    before = cache.read_bytes()
    pairs, out = _pairs(tmp_path / "pairs.jsonl", 50), tmp_path / "support.json"
    res = CliRunner().invoke(
        main, ["calibrate", "--pairs", str(pairs), "--out", str(out), "--features-cache", str(cache)]
    )
    assert res.exit_code == 2, res.output
    assert res.output.startswith(f"error: --features-cache {cache} is not a features file calibrate wrote ("), (
        res.output
    )
    assert res.output.count("\n") == 1 and cache.read_bytes() == before and not out.exists()


def test_calibrate_features_cache_is_written_under_the_name_given(tmp_path: Path) -> None:
    # numpy adds .npz to a name without it: `--features-cache feats` wrote feats.npz and looked for feats, so the
    # cache was never read and every run featurized every pair again
    cache, pairs = tmp_path / "feats", _pairs(tmp_path / "pairs.jsonl", 50)
    for _ in range(2):
        res = CliRunner().invoke(
            main,
            ["calibrate", "--pairs", str(pairs), "--out", str(tmp_path / "s.json"), "--features-cache", str(cache)],
        )
        assert res.exit_code == 0, res.output
        assert cache.is_file() and not (tmp_path / "feats.npz").exists()


@pytest.mark.parametrize("where", ["folder", "below_a_file"])
def test_calibrate_and_bench_refuse_an_output_file_they_cannot_write_before_working(tmp_path: Path, where: str) -> None:
    # calibrate --out and bench --json at a folder, or below a file, ended after all the work (the featurized pairs,
    # the benchmark's figures lost) with exit 1 as an unexpected IsADirectoryError or FileExistsError
    a_file = tmp_path / "a-file"
    a_file.write_text("mine\n")
    (tmp_path / "a-folder").mkdir()
    target = tmp_path / "a-folder" if where == "folder" else a_file / "out.json"
    pairs = _pairs(tmp_path / "pairs.jsonl", 50)
    for args, option in [
        (["calibrate", "--pairs", str(pairs), "--out", str(target)], "--out"),
        (["bench", "--profile", "tiny", "--rows", "2", "--naive-rows", "0", "--json", str(target)], "--json"),
    ]:
        res = CliRunner().invoke(main, args)
        assert res.exit_code == 2, res.output
        assert res.output.startswith(f"error: {option} {target}: cannot write a file there ("), res.output
        assert res.output.count("\n") == 1 and "answers/s" not in res.output
    assert a_file.read_text() == "mine\n" and not any((tmp_path / "a-folder").iterdir())


@pytest.mark.parametrize("key", ["report_dir", "export_dir"])
def test_an_outputs_folder_that_cannot_be_made_is_refused_before_the_day_is_audited(tmp_path: Path, key: str) -> None:
    # [outputs] report_dir or export_dir at a file: the day was audited and recorded completed, then the command
    # failed writing the page or export, and the next nightly had nothing to do: that day's outputs were never made
    inp = _answers(tmp_path / "answers.parquet")
    a_file = tmp_path / "a-file"
    a_file.write_text("mine\n")
    config = tmp_path / "case.toml"
    config.write_text(f'[outputs]\n{key} = "{a_file}"\n')
    db = tmp_path / "audit.duckdb"
    for args in (
        ["nightly", "--day", "2026-11-01"],
        ["backfill", "--start", "2026-11-01", "--end", "2026-11-01"],
        ["serve"],
    ):
        res = CliRunner().invoke(main, [*args, "--input", str(inp), "--db", str(db), "--config", str(config)])
        assert res.exit_code == 2, res.output
        assert res.output.startswith(f"error: {config}: outputs.{key} {str(a_file)!r} is not a folder"), res.output
        assert res.output.count("\n") == 1
    assert not db.exists() and a_file.read_text() == "mine\n"


def test_export_into_a_folder_holding_other_files_is_refused_as_verify_export_would_fail_it(
    tmp_path: Path, good_audit: Path
) -> None:
    # export wrote its files beside the folder's own and said ok; verify-export then failed the export at once
    # ("notes.txt: not in the manifest"): an export is every file of its folder
    db = _good_db(tmp_path, good_audit)
    folder = tmp_path / "exports"
    (folder / "old").mkdir(parents=True)
    (folder / "old" / "notes.txt").write_text("mine\n")
    res = CliRunner().invoke(main, ["export", "--db", str(db), "--out", str(folder)])
    assert res.exit_code == 2, res.output
    want = f"error: {folder} holds files that are not an export's (old/notes.txt), and an export is every file of its "
    assert res.output.startswith(want), res.output
    assert res.output.count("\n") == 1 and sorted(p.name for p in folder.rglob("*")) == ["notes.txt", "old"]
    (folder / "old" / "notes.txt").unlink()  # an empty folder, and then re-exporting over the export, are fine
    for fmt in ("parquet", "csv"):
        res = CliRunner().invoke(main, ["export", "--db", str(db), "--out", str(folder), "--format", fmt])
        assert res.exit_code == 0, res.output
        assert CliRunner().invoke(main, ["verify-export", str(folder)]).exit_code == 0


def test_a_folder_given_for_an_input_file_is_named_a_folder_not_missing(tmp_path: Path) -> None:
    # a folder at --config, --labels, --pairs or support.model was "not found", though it is there
    folder = tmp_path / "a-folder"
    folder.mkdir()
    config = tmp_path / "case.toml"
    config.write_text(f'[support]\nmodel = "{folder}"\n')
    inp = str(_answers(tmp_path / "answers.parquet"))
    db = str(tmp_path / "audit.duckdb")
    for args, want in [
        (["run", "--input", inp, "--db", db, "--quiet", "--config", str(folder)], f"config file {folder} is a folder"),
        (["eval", "--answers", inp, "--labels", str(folder)], f"labels file {folder} is a folder"),
        (
            ["calibrate", "--pairs", str(folder), "--out", str(tmp_path / "s.json")],
            f"training pairs {folder} is a folder",
        ),
        (
            ["run", "--input", inp, "--db", db, "--quiet", "--config", str(config)],
            f"support model file {folder} is a folder",
        ),
    ]:
        res = CliRunner().invoke(main, args)
        assert res.exit_code == 2, res.output
        assert res.output.startswith(f"error: {want}, not a file"), res.output
        assert res.output.count("\n") == 1


@pytest.mark.parametrize("name", [":memory:", ":memory:audit", "md:audit", "s3://bucket/audit.duckdb"])
def test_a_database_name_duckdb_reads_as_no_file_is_refused(tmp_path: Path, name: str) -> None:
    # `--db :memory:` audited into memory, lost it, and then said "no audit database at :memory:: run `citeaudit run`
    # first"; md: and s3:// made an offline tool try to download DuckDB's motherduck and httpfs extensions
    inp = _answers(tmp_path / "answers.parquet")
    res = _cli("run", "--input", str(inp), "--db", name, "--quiet", cwd=tmp_path)
    assert res.returncode == 2, res.stdout + res.stderr
    shown = str(Path(name))
    want = f"error: audit database {shown}: DuckDB reads this name as an in-memory or remote database, not a file"
    assert res.stderr.startswith(want), res.stderr
    assert res.stderr.count("\n") == 1 and "citations" not in res.stdout and not list(tmp_path.glob("*duckdb*"))


def test_a_parquet_file_given_as_the_database_is_refused_in_one_line(tmp_path: Path) -> None:
    # `citeaudit sql --db x.parquet "SELECT 1"` said "Cannot launch in-memory database in read-only mode!" (DuckDB
    # opens a Parquet file as an in-memory database holding a view of it), and so did `report`; `run` said it of
    # its embedding cache, then stopped the same way. A Parquet file named without its extension was "not a valid
    # DuckDB database file"
    pq_file = _answers(tmp_path / "x.parquet")
    bare = tmp_path / "x_audit"
    bare.write_bytes(pq_file.read_bytes())
    before = pq_file.read_bytes()
    for db in (pq_file, bare):
        want = f"error: audit database {db} is a Parquet file, not a citeaudit DuckDB file: "
        for args in (
            ["sql", "--db", str(db), "SELECT 1"],
            ["report", "--db", str(db), "--out", str(tmp_path / "r.html")],
            ["run", "--input", str(pq_file), "--db", str(db), "--quiet"],
        ):
            res = CliRunner().invoke(main, args)
            assert res.exit_code == 2, (args, res.output)
            assert res.output.startswith(want) and res.output.count("\n") == 1, (args, res.output)
    assert pq_file.read_bytes() == before and not (tmp_path / "r.html").exists()


def test_shard_threads_past_any_machine_is_refused_naming_the_setting(tmp_path: Path) -> None:
    # each shard thread loads a model replica (~20 MB): shard_threads = 100000 with small shards audited 214 sample
    # answers with 214 replicas at once (4.6 GB and 16x slower than 2 threads); on a real log, killed for memory
    inp = _answers(tmp_path / "answers.parquet")
    config = tmp_path / "case.toml"
    config.write_text("[run]\nshard_threads = 100000\n")
    res = CliRunner().invoke(
        main, ["run", "--input", str(inp), "--db", str(tmp_path / "audit.duckdb"), "--quiet", "--config", str(config)]
    )
    assert res.exit_code == 2, res.output
    assert res.output.startswith(f"error: {config}: run.shard_threads must be between 0 and 256 "), res.output
    config.write_text("[run]\nshard_threads = 256\n")
    res = CliRunner().invoke(
        main, ["run", "--input", str(inp), "--db", str(tmp_path / "audit.duckdb"), "--quiet", "--config", str(config)]
    )
    assert res.exit_code == 0, res.output


def test_a_day_audited_before_it_ended_does_not_move_the_nightly_watermark(tmp_path: Path, env_restored: None) -> None:
    # `nightly --day 2999-01-01` (a typo for a year, or today's date) completed a day that had not ended: the
    # watermark (the latest completed day) jumped to it, and every incremental nightly after said "nothing to audit"
    # until then, so no day in between was ever audited
    inp = _answers(tmp_path / "answers.parquet")  # logged 2026-11-01
    db = tmp_path / "audit.duckdb"
    # both nightlies in this process (as in test_nightly_work_dir_removes_only_its_own_stale_work_dirs)
    res = CliRunner().invoke(main, ["nightly", "--day", "2999-01-01", "--input", str(inp), "--db", str(db)])
    assert res.exit_code == 0, res.output
    res = CliRunner().invoke(main, ["nightly", "--input", str(inp), "--db", str(db)])
    assert res.exit_code == 0, res.output
    assert "2026-11-01" in res.stdout, res.stdout
    assert query(db, "SELECT count(*) FROM answer_audit") == [(1,)]


@pytest.mark.parametrize("size", ["0MB", "0.0001KB", "99999999TB"])
def test_a_load_memory_limit_duckdb_cannot_set_is_refused_before_the_audit(tmp_path: Path, size: str) -> None:
    # passed the config's check, the audit ran, and its load stopped with DuckDB's words ("Out of Memory Error: Failed
    # to change memory limit to 0", "Parser Error: Memory value out of range"), not naming the setting
    inp = _answers(tmp_path / "answers.parquet")
    config = tmp_path / "case.toml"
    config.write_text(f'[run]\nload_memory_limit = "{size}"\n')
    db = tmp_path / "audit.duckdb"
    res = CliRunner().invoke(main, ["run", "--input", str(inp), "--db", str(db), "--quiet", "--config", str(config)])
    assert res.exit_code == 2, res.output
    want = f'error: {config}: run.load_memory_limit must be between 1MB and 8EiB (or "" for DuckDB\'s default), got '
    assert res.output.startswith(f"{want}'{size}'"), res.output
    assert not db.exists()


@pytest.mark.parametrize("name", ["", "  ", "nightly/eu", "a<b"])
def test_serve_with_a_name_prefect_refuses_names_the_option(tmp_path: Path, name: str) -> None:
    # ended with exit 1 as an unexpected InvalidNameError, not naming --name ("Name '' contains an invalid character")
    inp = _answers(tmp_path / "answers.parquet")
    res = CliRunner().invoke(
        main, ["serve", "--input", str(inp), "--db", str(tmp_path / "audit.duckdb"), "--name", name]
    )
    assert res.exit_code == 2, res.output
    assert res.output.startswith(f"error: --name {name!r} is not a deployment name: give one that is not blank and "), (
        res.output
    )
    assert res.output.count("\n") == 1


@pytest.mark.parametrize("setting", ["run.batch_answers", "run.shard_rows", "verify.top_k_windows"])
def test_a_whole_number_setting_past_64_bits_is_refused_naming_it(tmp_path: Path, setting: str) -> None:
    # TOML integers have no bound in Python: batch_answers = 99999999999999999999999 ended with exit 1 as an unexpected
    # "TypeError: _submit(): incompatible function arguments" (DuckDB's 64-bit parameter)
    inp = _answers(tmp_path / "answers.parquet")
    section, key = setting.split(".")
    config = tmp_path / "case.toml"
    config.write_text(f"[{section}]\n{key} = 99999999999999999999999\n")
    res = CliRunner().invoke(
        main, ["run", "--input", str(inp), "--db", str(tmp_path / "audit.duckdb"), "--quiet", "--config", str(config)]
    )
    assert res.exit_code == 2, res.output
    assert res.output.startswith(f"error: {config}: {setting} must be at most 9223372036854775807 (64 bits), got "), (
        res.output
    )


def test_a_file_name_longer_than_the_system_takes_is_named_in_one_line(tmp_path: Path) -> None:
    # Path.is_file() raises for a name past 255 bytes: --db, --input or --config of such a name ended with exit 1 as an
    # unexpected "OSError: [Errno 36] File name too long" ("citeaudit -v ... shows the traceback")
    long = tmp_path / ("x" * 300)
    inp, db = str(_answers(tmp_path / "answers.parquet")), str(tmp_path / "audit.duckdb")
    for args in (
        ["sql", "SELECT 1", "--db", f"{long}.duckdb"],
        ["report", "--db", f"{long}.duckdb", "--out", str(tmp_path / "r.html")],
        ["run", "--input", f"{long}.parquet", "--db", db, "--quiet"],
        ["run", "--input", inp, "--db", db, "--quiet", "--config", f"{long}.toml"],
    ):
        res = CliRunner().invoke(main, args)
        assert res.exit_code == 2, res.output
        assert res.output.startswith(f"error: {long}") and res.output.rstrip().endswith(": File name too long"), (
            res.output
        )
        assert res.output.count("\n") == 1


def test_verify_export_of_names_too_long_for_the_system_reports_them_without_a_traceback(
    tmp_path: Path, good_audit: Path
) -> None:
    # a manifest (whoever hands over the export writes it) listing a name past 255 bytes, or such a folder, stopped
    # verify-export with a traceback (OSError: File name too long, from Path.is_symlink)
    from audit.export import DIGEST_KEY, manifest_digest

    db = _good_db(tmp_path, good_audit)
    folder = tmp_path / "export"
    assert CliRunner().invoke(main, ["export", "--db", str(db), "--out", str(folder)]).exit_code == 0
    manifest = json.loads((folder / "manifest.json").read_text())
    long = "x" * 300 + ".parquet"
    manifest["files"][long] = {"rows": 1, "sha256": "0" * 64}
    manifest[DIGEST_KEY] = manifest_digest(manifest)
    (folder / "manifest.json").write_text(json.dumps(manifest))
    res = _cli("verify-export", str(folder))
    assert res.returncode == 1 and "Traceback" not in res.stderr, res.stderr
    assert res.stderr == f"{folder}: {long}: missing (File name too long)\n", res.stderr
    res = _cli("verify-export", str(tmp_path / long))
    assert res.returncode == 2 and res.stderr == f"error: {tmp_path / long}: File name too long\n", res.stderr


def test_an_empty_since_until_or_day_is_refused_not_read_as_no_bound(tmp_path: Path, good_audit: Path) -> None:
    # `export --since "$START"` with START unset exported every row ever audited as the period's; `nightly --day ""`
    # ran the incremental plan instead of a day
    db = _good_db(tmp_path, good_audit)
    for args, want in [
        (["export", "--db", str(db), "--out", str(tmp_path / "e"), "--since", ""], "--since: '' is not an ISO date"),
        (
            ["report", "--db", str(db), "--out", str(tmp_path / "r.html"), "--until", ""],
            "--until: '' is not an ISO date",
        ),
        (
            ["nightly", "--db", str(db), "--input", str(tmp_path / "answers.parquet"), "--day", ""],
            "--day: '' is not a day",
        ),
    ]:
        res = CliRunner().invoke(main, args)
        assert res.exit_code == 2 and res.output.startswith(f"error: {want}"), res.output
    assert not (tmp_path / "e").exists() and not (tmp_path / "r.html").exists()


def test_a_glob_matching_dataset_folders_reads_the_parquet_files_inside_them(tmp_path: Path) -> None:
    # Spark writes a table as a folder `events.parquet/` of part files: `--input 'out/*.parquet'` matched the folders
    # and skipped them, so beside one plain file their rows were left out without a word ("no Parquet input found"
    # when all were folders)
    for name, answer_id in [("a.parquet", "in-a"), ("b.parquet", "in-b")]:
        (tmp_path / "out" / name).mkdir(parents=True)
        _answers(tmp_path / "out" / name / "part-00000.parquet", answer_id)
    _answers(tmp_path / "out" / "c.parquet", "in-c")
    db = tmp_path / "audit.duckdb"
    res = CliRunner().invoke(main, ["run", "--input", str(tmp_path / "out" / "*.parquet"), "--db", str(db), "--quiet"])
    assert res.exit_code == 0, res.output
    assert query(db, "SELECT answer_id FROM answer_audit ORDER BY 1") == [("in-a",), ("in-b",), ("in-c",)]


@pytest.mark.parametrize("kind", ["not_gzip", "cut_gzip", "not_utf8"])
def test_training_pairs_that_cannot_be_read_stop_naming_the_file(tmp_path: Path, kind: str) -> None:
    # a .gz that is no gzip, a gzip cut short, or a byte that is no UTF-8 ended with exit 1 as an unexpected
    # BadGzipFile, EOFError or UnicodeDecodeError, not naming the file
    pairs = tmp_path / ("pairs.jsonl" if kind == "not_utf8" else "pairs.jsonl.gz")
    good = _pairs(tmp_path / "good.jsonl", 50).read_bytes()
    if kind == "not_gzip":
        pairs.write_bytes(good)
    elif kind == "cut_gzip":
        pairs.write_bytes(gzip.compress(good)[:200])
    else:
        pairs.write_bytes(good + b'{"dataset": "a", "claim": "\xff", "source": "s", "label": 1}\n')
    res = CliRunner().invoke(main, ["calibrate", "--pairs", str(pairs), "--out", str(tmp_path / "s.json")])
    assert res.exit_code == 2, res.output
    assert res.output.startswith(f"error: {pairs}: cannot read the training pairs ("), res.output
    assert res.output.count("\n") == 1


def test_bench_with_an_empty_input_is_refused_not_run_on_generated_answers(tmp_path: Path) -> None:
    # `bench --input "$LOG"` with LOG unset timed generated answers and printed their figures as if they were the log's
    res = CliRunner().invoke(main, ["bench", "--input", "", "--naive-rows", "0", "--json", str(tmp_path / "b.json")])
    assert res.exit_code == 2, res.output
    assert res.output.startswith("error: the input path is empty"), res.output
    assert not (tmp_path / "b.json").exists()


def test_report_and_export_of_a_database_from_a_newer_citeaudit_say_to_upgrade(
    tmp_path: Path, good_audit: Path
) -> None:
    # run refused it ("outputs v4 is newer than this citeaudit (v3): upgrade citeaudit"); report and export read it
    # and stopped with DuckDB's "Binder Error: Referenced column ... not found", naming neither file nor the cause
    db = _good_db(tmp_path, good_audit)
    con = duckdb.connect(str(db))
    con.execute("UPDATE schema_version SET version = 4 WHERE name = 'outputs'")
    con.execute("ALTER TABLE answer_audit DROP COLUMN tenant")  # what a newer version may do
    con.close()
    want = f"error: audit database {db}: outputs v4 is newer than this citeaudit (v3): upgrade citeaudit"
    for args in (["report", "--out", str(tmp_path / "r.html")], ["export", "--out", str(tmp_path / "e")]):
        res = CliRunner().invoke(main, [*args, "--db", str(db)])
        assert res.exit_code == 2 and res.output == want + "\n", res.output


def test_sql_and_the_api_refuse_a_database_from_a_newer_citeaudit(tmp_path: Path, good_audit: Path) -> None:
    # report and export refused it; `citeaudit sql` and `citeaudit.open` read it as if it were this version's (a
    # query of a column the newer version dropped failed with a binder error, one that still bound read its rows
    # as if they meant what they mean in v3)
    import citeaudit

    db = _good_db(tmp_path, good_audit)
    con = duckdb.connect(str(db))
    con.execute("UPDATE schema_version SET version = 4 WHERE name = 'outputs'")
    con.close()
    want = f"error: audit database {db}: outputs v4 is newer than this citeaudit (v3): upgrade citeaudit"
    for fmt in ("table", "csv", "json"):
        res = CliRunner().invoke(main, ["sql", "SELECT level FROM answer_audit", "--db", str(db), "--format", fmt])
        assert res.exit_code == 2 and res.output == want + "\n", res.output
    with pytest.raises(InputError, match="outputs v4 is newer than this citeaudit"):
        citeaudit.open(db)


def test_json_nested_past_pythons_recursion_limit_is_named_as_bad_json(tmp_path: Path, good_audit: Path) -> None:
    # a labels line, a training pair, a support model or an export's manifest of [[[[...]]]] 100,000 deep ended with
    # exit 1 as an unexpected RecursionError ("maximum recursion depth exceeded while decoding a JSON array")
    deep = "[" * 100_000 + "]" * 100_000
    inp = _answers(tmp_path / "answers.parquet")
    labels, pairs, model = tmp_path / "labels.jsonl", tmp_path / "pairs.jsonl", tmp_path / "support.json"
    labels.write_text(deep + "\n")
    pairs.write_text(deep + "\n")
    model.write_text('{"features": ' + deep + "}")
    config = tmp_path / "case.toml"
    config.write_text(f'[support]\nmodel = "{model}"\n')
    db = str(tmp_path / "audit.duckdb")
    for args, want in [
        (["eval", "--answers", str(inp), "--labels", str(labels)], f"error: {labels}:1: not valid JSON ("),
        (
            ["calibrate", "--pairs", str(pairs), "--out", str(tmp_path / "s.json")],
            f"error: {pairs}:1: not a training pair (",
        ),
        (
            ["run", "--input", str(inp), "--db", db, "--quiet", "--config", str(config)],
            f"error: {model}: not valid JSON",
        ),
    ]:
        res = CliRunner().invoke(main, args)
        assert res.exit_code == 2 and res.output.startswith(want), res.output
        assert res.output.count("\n") == 1
    (tmp_path / "e").mkdir()
    audited = str(_good_db(tmp_path / "e", good_audit))
    export = tmp_path / "export"
    assert CliRunner().invoke(main, ["export", "--db", audited, "--out", str(export)]).exit_code == 0
    (export / "manifest.json").write_text(deep)
    res = CliRunner().invoke(main, ["verify-export", str(export)])
    assert res.exit_code == 1 and res.output.startswith(f"{export}: manifest.json: not valid JSON ("), res.output
    res = CliRunner().invoke(main, ["export", "--db", audited, "--out", str(export)])
    assert res.exit_code == 2 and "is not a citeaudit export's manifest" in res.output, res.output


def test_serve_refuses_a_work_dir_or_database_folder_that_is_a_file_before_serving(tmp_path: Path) -> None:
    # serve deployed them, and every scheduled night failed at 02:00 ("cannot use ... as the work dir")
    inp = _answers(tmp_path / "answers.parquet")
    a_file = tmp_path / "a-file"
    a_file.write_text("mine\n")
    for args, want in [
        (
            ["--work-dir", str(a_file), "--db", str(tmp_path / "audit.duckdb")],
            f"--work-dir {a_file}: cannot be a folder",
        ),
        (["--db", str(a_file / "audit.duckdb")], f"--db {a_file / 'audit.duckdb'}: its folder cannot be made"),
    ]:
        try:
            res = subprocess.run(
                [sys.executable, "-m", "audit.cli", "serve", "--input", str(inp), *args],
                env={**os.environ, "PYTHONPATH": str(REPO)},
                capture_output=True,
                text=True,
                timeout=60,
            )
        except subprocess.TimeoutExpired:
            pytest.fail(f"serve {args} was served")
        assert res.returncode == 2, res.stderr
        assert res.stderr.startswith(f"error: {want} ({a_file} is a file)"), res.stderr
    assert a_file.read_text() == "mine\n"


def test_an_export_that_fails_half_way_leaves_no_files_and_can_be_rerun(tmp_path: Path) -> None:
    # an export that stopped after some tables (a view that fails as it is read) left those files without a manifest,
    # and the next export into the folder refused them as files that are not an export's
    db = audit_rows(tmp_path, [make_answer("a", "Refunds take 9 days [1].", CTX)])
    con = duckdb.connect(str(db))
    sql = con.execute("SELECT sql FROM duckdb_views() WHERE view_name = 'unverified_citations'").fetchall()[0][0]
    body = sql[sql.upper().index(" AS ") + 4 :].rstrip().rstrip(";")
    con.execute(f"CREATE OR REPLACE VIEW unverified_citations AS SELECT * FROM ({body}) WHERE error('boom') IS NULL")
    con.close()
    folder = tmp_path / "export"
    res = CliRunner().invoke(main, ["export", "--db", str(db), "--out", str(folder)])
    assert res.exit_code == 2 and "boom" in res.output, res.output
    assert not folder.exists()  # the folder it made goes too (reliability round 4; it was left empty)
    con = duckdb.connect(str(db))
    con.execute(f"CREATE OR REPLACE VIEW unverified_citations AS {body}")
    con.close()
    assert CliRunner().invoke(main, ["export", "--db", str(db), "--out", str(folder)]).exit_code == 0
    assert CliRunner().invoke(main, ["verify-export", str(folder)]).exit_code == 0


def test_a_file_name_that_is_not_utf8_is_named_not_a_unicode_error(tmp_path: Path) -> None:
    # Linux file names are bytes: a log named in Latin-1 (`café.parquet` as b"caf\xe9") is found by the folder
    # search as a str holding a surrogate escape, which DuckDB cannot take: "UnicodeEncodeError", exit 1; a --db so
    # named ended in "RuntimeError: std::bad_cast", exit 1
    logs = tmp_path / "logs"
    logs.mkdir()
    _answers(logs / "good.parquet")
    Path(os.fsdecode(bytes(logs) + b"/caf\xe9.parquet")).write_bytes(
        _answers(tmp_path / "other.parquet", "o").read_bytes()
    )
    db = tmp_path / "audit.duckdb"
    res = CliRunner().invoke(main, ["run", "--input", str(logs), "--db", str(db), "--quiet"])
    shown = str(logs) + "/caf\\xe9.parquet"
    assert res.exit_code == 2 and "Traceback" not in res.output, res.output
    assert res.output == f"error: {shown}: the file name is not UTF-8, which DuckDB cannot open: rename it\n"
    bad_db = os.fsdecode(bytes(tmp_path) + b"/audit\xe9.duckdb")
    res = CliRunner().invoke(main, ["run", "--input", str(logs / "good.parquet"), "--db", bad_db, "--quiet"])
    assert res.exit_code == 2 and "Traceback" not in res.output, res.output
    want = f"audit database {tmp_path}/audit\\xe9.duckdb: the name is not UTF-8, which DuckDB cannot open: rename it"
    assert want in res.output and res.output.count("\n") == 1, res.output
