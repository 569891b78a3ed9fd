"""Hostile configs, command lines, label files and contexts tables, each through the real `citeaudit` command."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from click.testing import CliRunner

from audit.cli import main
from audit.contract import answers_schema
from tests.cli.hostile import CTX
from tests.conftest import make_answer, query


def _answers(tmp_path: Path) -> Path:
    path = tmp_path / "answers.parquet"
    rows = [make_answer(f"a{i}", "Refunds take 30 days [1].", CTX) for i in range(2)]
    pq.write_table(pa.Table.from_pylist(rows, schema=answers_schema()), path)
    return path


@pytest.fixture(scope="module")
def answers_audited(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """`_answers` audited by the real `citeaudit run` once for the module; the tests that query it copy it."""
    root = tmp_path_factory.mktemp("audited")
    db = root / "a.duckdb"
    ran = CliRunner().invoke(main, ["run", "--input", str(_answers(root)), "--db", str(db), "--quiet"])
    assert ran.exit_code == 0, ran.output
    return db


def _eval(tmp_path: Path, label_lines: list[str]) -> tuple[int, str]:
    labels = tmp_path / "labels.jsonl"
    labels.write_text("".join(line + "\n" for line in label_lines), encoding="utf-8")
    args = ["eval", "--answers", str(_answers(tmp_path)), "--labels", str(labels), "--db", str(tmp_path / "e.duckdb")]
    res = CliRunner().invoke(main, args)
    return res.exit_code, res.output


def test_a_label_giving_a_key_twice_is_refused_naming_line_and_key(tmp_path: Path) -> None:
    """`{"answer_id": "a0", ..., "answer_id": "a1"}`: JSON keeps the last, so the label scored answer a1 in silence
    (the line's writer meant one of them, which is unknown); the answers file's JSON is held to the same rule."""
    good = json.dumps({"answer_id": "a1", "gold": "not_supported"})
    code, out = _eval(tmp_path, [good, '{"answer_id": "a0", "gold": "supported", "answer_id": "a1"}'])
    assert code == 2 and "Traceback" not in out, out
    assert "labels.jsonl:2: key 'answer_id' is given twice" in out, out


@pytest.mark.parametrize("spans", [0, False, "", {}])
def test_label_spans_that_are_no_list_are_refused_even_when_empty(tmp_path: Path, spans: object) -> None:
    """`support_char_spans: 0` (or false, "", {}) read as no spans without a word, as a non-empty one is refused."""
    line = json.dumps({"answer_id": "a0", "gold": "supported", "support_char_spans": spans})
    code, out = _eval(tmp_path, [line])
    assert code == 2 and "Traceback" not in out, out
    assert "labels.jsonl:1: support_char_spans must be a list of [start, end] pairs" in out, out


@pytest.mark.parametrize(("key", "value"), [("marker", ["[1]"]), ("marker", 1), ("src_dataset", {"name": "x"})])
def test_label_text_fields_of_another_type_are_refused(tmp_path: Path, key: str, value: object) -> None:
    """A `marker` list was read as the text "['[1]']", a `src_dataset` object as a group named "{'name': 'x'}"."""
    line = json.dumps({"answer_id": "a0", "gold": "supported", key: value})
    code, out = _eval(tmp_path, [line])
    assert code == 2 and "Traceback" not in out, out
    assert f"labels.jsonl:1: {key} must be a string" in out, out


@pytest.mark.parametrize("key", ["[run]\nshard_seconds", "[support]\nverified", "[run]\nlock_wait_seconds"])
def test_a_whole_number_past_any_float_for_a_number_setting_is_refused_naming_the_key(tmp_path: Path, key: str) -> None:
    """TOML integers are unbounded: `shard_seconds = 999...9` (400 digits) ended in `OverflowError: int too large to
    convert to float`, exit 1, naming no key."""
    config = tmp_path / "c.toml"
    config.write_text(f"{key} = {'9' * 400}\n", encoding="utf-8")
    args = ["run", "--input", str(_answers(tmp_path)), "--db", str(tmp_path / "a.duckdb"), "--config", str(config)]
    res = CliRunner().invoke(main, [*args, "--quiet"])
    name = key.replace("[", "").replace("]\n", ".")
    assert res.exit_code == 2 and "Traceback" not in res.output and "OverflowError" not in res.output, res.output
    assert f"{name} must be a finite number" in res.output, res.output


@pytest.mark.parametrize("fmt", ["table", "csv", "json"])
def test_sql_of_several_statements_is_refused_one_statement_at_a_time(
    tmp_path: Path, fmt: str, answers_audited: Path
) -> None:
    """`citeaudit sql "SELECT count(*) FROM runs; SELECT count(*) FROM quarantine"` printed one number, the second
    statement's (then with a note on stderr): it ran every statement and showed the last. An analytics query is read
    one at a time: several are refused before any runs, exit 2, one line; a trailing `;` is still one statement."""
    db = tmp_path / "a.duckdb"
    shutil.copyfile(answers_audited, db)  # `_answers` audited by `citeaudit run`
    res = CliRunner().invoke(main, ["sql", "SELECT 41 AS a; SELECT 42 AS b", "--db", str(db), "--format", fmt])
    assert res.exit_code == 2 and res.stdout == "", res.output
    want = "error: citeaudit sql runs one statement at a time: the query holds 2 statements; run each on its own\n"
    assert res.stderr == want, res.output
    one = CliRunner().invoke(main, ["sql", "SELECT 42 AS b;", "--db", str(db), "--format", fmt])
    assert one.exit_code == 0 and "42" in one.stdout and one.stderr == "", one.output
    # a write among them is named as the write it is
    res = CliRunner().invoke(main, ["sql", "SELECT 1; DELETE FROM runs", "--db", str(db)])
    assert res.exit_code == 2 and "read-only: DELETE statements are not allowed" in res.stderr, res.output
    # and so does the Python API, which runs a query as `citeaudit sql` does
    from audit.api import open as open_audit
    from audit.errors import InputError

    with open_audit(db) as audit, pytest.raises(InputError, match="one statement at a time: the query holds 2 "):
        audit.sql("SELECT 41 AS a; SELECT 42 AS b")


@pytest.mark.parametrize(("text", "says"), [
    ("shard_rows = 5\n", "shard_rows is a key outside any section: it belongs under [run]"),
    ("modle = 'x'\n", "modle is a key outside any section, and no section has it"),
])  # fmt: skip
def test_a_key_written_before_any_section_is_named_as_a_key_with_its_section(
    tmp_path: Path, text: str, says: str
) -> None:
    """`shard_rows = 5` above every `[section]` was refused as "unknown section [shard_rows]": no such section was
    written, and the line did not say where the key goes."""
    config = tmp_path / "c.toml"
    config.write_text(text, encoding="utf-8")
    args = ["run", "--input", str(_answers(tmp_path)), "--db", str(tmp_path / "a.duckdb"), "--config", str(config)]
    res = CliRunner().invoke(main, [*args, "--quiet"])
    assert res.exit_code == 2 and "Traceback" not in res.output, res.output
    assert says in res.output and "unknown section" not in res.output, res.output


def test_a_misattributed_label_without_its_true_rank_is_refused(tmp_path: Path) -> None:
    """A `misattributed` label is recalled by a `misattributed` verdict whose suggested rank is the label's
    `true_rank`: without one it could never be recalled, and counted as a miss without a word."""
    code, out = _eval(tmp_path, [json.dumps({"answer_id": "a0", "gold": "misattributed", "cited_rank": 1})])
    assert code == 2 and "Traceback" not in out, out
    assert "labels.jsonl:1: gold 'misattributed' needs true_rank" in out, out


@pytest.mark.parametrize("device", ["cuda:00", "cuda:01", "cuda:99999999999999999999"])
def test_a_cuda_index_torch_cannot_parse_is_refused_as_a_config_error(tmp_path: Path, device: str) -> None:
    """torch refuses `cuda:00` ("Invalid device string") and an index past 64 bits ("Could not parse device index"):
    the config took any digits, so on a machine with a GPU such a device passed every check and failed mid-run."""
    config = tmp_path / "c.toml"
    config.write_text(f'[verify]\nquantize = "none"\ndevice = "{device}"\n', encoding="utf-8")
    args = ["run", "--input", str(_answers(tmp_path)), "--db", str(tmp_path / "a.duckdb"), "--config", str(config)]
    res = CliRunner().invoke(main, [*args, "--quiet"])
    assert res.exit_code == 2 and "Traceback" not in res.output, res.output
    assert "verify.device must be cpu, cuda, cuda:N or mps" in res.output, res.output


def test_a_nightly_export_inside_the_input_folder_is_not_read_as_logs_the_next_night(tmp_path: Path) -> None:
    """`[outputs] export_dir` under the `--input` folder: the second night read the first night's export
    (answer_audit.parquet, ...) as logs and stopped, exit 2, "required column 'answer' is missing"."""
    logs = tmp_path / "logs"
    logs.mkdir()
    _answers(logs)
    config = tmp_path / "c.toml"
    config.write_text(f'[outputs]\nexport_dir = "{(logs / "exports").as_posix()}"\n', encoding="utf-8")
    args = ["nightly", "--day", "2026-11-01", "--input", str(logs), "--db", str(tmp_path / "a.duckdb")]
    for night in (1, 2):
        res = CliRunner().invoke(main, [*args, "--config", str(config)])
        assert res.exit_code == 0 and "Traceback" not in res.output, (night, res.output)
    assert (logs / "exports" / "2026-11-01" / "manifest.json").is_file()
    ((read, quarantined),) = query(tmp_path / "a.duckdb", "SELECT answers_read, answers_quarantined FROM runs "
                                   "ORDER BY started_at DESC LIMIT 1")  # fmt: skip
    assert (read, quarantined) == (2, 0)


@pytest.mark.parametrize("spec", ["{logs}", "{logs}/**/*.parquet"])
def test_an_export_killed_mid_write_under_the_logs_is_not_read_as_logs(tmp_path: Path, spec: str) -> None:
    """An export is written into `.citeaudit-staging/` of its folder and renamed in: one killed mid-write leaves
    result tables there without a manifest, which the folder search (and a glob) must not take for logs."""
    logs = tmp_path / "logs"
    logs.mkdir()
    _answers(logs)
    db = tmp_path / "a.duckdb"
    assert CliRunner().invoke(main, ["run", "--input", str(logs), "--db", str(db), "--quiet"]).exit_code == 0
    staged = logs / "exports" / "day" / ".citeaudit-staging"
    assert CliRunner().invoke(main, ["export", "--db", str(db), "--out", str(staged.parent)]).exit_code == 0
    staged.mkdir()
    shutil.copy(staged.parent / "answer_audit.parquet", staged / "answer_audit.parquet")  # killed before the manifest
    for name in [p.name for p in staged.parent.iterdir() if p.is_file()]:  # a first export: no manifest above it
        (staged.parent / name).unlink()
    res = CliRunner().invoke(main, ["run", "--input", spec.format(logs=logs), "--db", str(db), "--quiet"])
    assert res.exit_code == 0 and "Traceback" not in res.output, res.output


def test_a_glob_over_the_logs_leaves_out_an_export_among_them(tmp_path: Path) -> None:
    """`--input 'logs/**/*.parquet'` matched an export's files under the logs as well (exit 2, no `answer`)."""
    logs = tmp_path / "logs"
    logs.mkdir()
    _answers(logs)
    db = tmp_path / "a.duckdb"
    assert CliRunner().invoke(main, ["run", "--input", str(logs), "--db", str(db), "--quiet"]).exit_code == 0
    assert CliRunner().invoke(main, ["export", "--db", str(db), "--out", str(logs / "exp" / "day")]).exit_code == 0
    res = CliRunner().invoke(main, ["run", "--input", f"{logs}/**/*.parquet", "--db", str(db), "--quiet"])
    assert res.exit_code == 0 and "Traceback" not in res.output, res.output


def test_a_contexts_table_inside_the_input_folder_is_not_read_as_answers(tmp_path: Path, env_restored: None) -> None:
    """`--input logs --contexts logs/contexts.parquet`: the contexts table was read as a log too and stopped the run,
    exit 2, "required column 'conversation_id' is missing"."""
    logs = tmp_path / "logs"
    logs.mkdir()
    row = make_answer("a1", "Refunds take 30 days [1].", [])
    row.pop("contexts")
    schema = pa.schema([f for f in answers_schema() if f.name != "contexts"])
    pq.write_table(pa.Table.from_pylist([row], schema=schema), logs / "answers.parquet")
    ctx = [{"answer_id": "a1", "rank": 1, **{k: v for k, v in CTX[0].items()}}]
    pq.write_table(pa.Table.from_pylist(ctx), logs / "contexts.parquet")
    db = tmp_path / "a.duckdb"
    args = ["--input", str(logs), "--contexts", str(logs / "contexts.parquet"), "--db", str(db)]
    res = CliRunner().invoke(main, ["run", *args, "--quiet"])
    assert res.exit_code == 0 and "Traceback" not in res.output, res.output
    assert query(db, "SELECT verdict FROM citation_audit") == [("verified",)]
    night = CliRunner().invoke(main, ["nightly", *args])  # incremental: the days with data found without it too
    assert night.exit_code == 0 and "Traceback" not in night.output, night.output
