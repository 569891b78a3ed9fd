"""`citeaudit export` and `citeaudit verify-export`: a fresh export passes; any changed byte, missing or extra file
fails, naming the file."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import duckdb
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from click.testing import CliRunner

from audit.cli import main
from audit.config import AuditConfig
from audit.contract import answers_schema
from audit.export import export_findings, export_queries, manifest_digest, sha256_of
from audit.verify.semantic import resolve_model_path
from audit.verify.support import load_support_model
from audit.verify_export import verify_export
from audit.window import Window, window_from_args
from tests.conftest import make_answer

DAY2 = ("--since", "2026-11-02", "--until", "2026-11-03")
FILES = (
    "answer_audit.parquet",
    "citation_audit.parquet",
    "uncited_claims.parquet",
    "quarantine.parquet",
    "unverified_citations.parquet",
    "runs.parquet",
    "config.json",
    "manifest.json",
)


@pytest.fixture(scope="module")
def exported(small_db, tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("export") / "day2"
    result = CliRunner().invoke(main, ["export", "--db", str(small_db), "--out", str(out), *DAY2])
    assert result.exit_code == 0, result.output
    return out


@pytest.fixture
def copy(exported, tmp_path) -> Path:
    dst = tmp_path / "export"
    shutil.copytree(exported, dst)
    return dst


def verify_cli(folder: Path):
    return CliRunner().invoke(main, ["verify-export", str(folder)])


def test_a_fresh_export_passes(exported):
    result = verify_cli(exported)
    assert result.exit_code == 0, result.output
    assert f"ok: {len(FILES) - 1} files match" in result.output
    assert sorted(p.name for p in exported.iterdir()) == sorted(FILES)


def test_row_counts_are_the_databases(exported, small_db):
    files = json.loads((exported / "manifest.json").read_text())["files"]
    day2 = "logged_at >= TIMESTAMPTZ '2026-11-02 00:00:00+00' AND logged_at < TIMESTAMPTZ '2026-11-03 00:00:00+00'"
    con = duckdb.connect(str(small_db), read_only=True)
    try:
        for table in ("answer_audit", "citation_audit", "uncited_claims", "unverified_citations"):
            [(n,)] = con.execute(f"SELECT count(*) FROM {table} WHERE {day2}").fetchall()
            assert files[f"{table}.parquet"]["rows"] == n > 0, table
            assert duckdb.sql(f"SELECT count(*) FROM '{exported / (table + '.parquet')}'").fetchall() == [(n,)]
    finally:
        con.close()


def test_config_file_names_thresholds_weights_and_model_card(exported):
    doc = json.loads((exported / "config.json").read_text())
    cfg = AuditConfig()
    assert doc["config"]["support"]["verified"] == cfg.support.verified
    assert doc["models"]["support_model"]["file_sha256"] == load_support_model().digest
    assert len(doc["models"]["support_model"]["coef"]) == len(doc["models"]["support_model"]["features"])
    assert doc["config_hash"] == cfg.config_hash() and doc["matches_runs"] is True
    card = Path(resolve_model_path(cfg.verify.model)) / "README.md"
    assert doc["models"]["embedding_model"]["card_sha256"] == sha256_of(card)
    assert len(doc["models"]["embedding_model"]["weights_sha256"]) == 64


@pytest.mark.parametrize("name", FILES)
def test_one_flipped_byte_fails_naming_the_file(copy, name):
    path = copy / name
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0x01
    path.write_bytes(bytes(data))
    result = verify_cli(copy)
    assert result.exit_code == 1
    lines = result.output.strip().splitlines()
    assert lines and all(line.startswith(f"{copy}: ") for line in lines)
    assert any(f": {name}: " in line for line in lines), result.output


def test_an_edited_manifest_that_is_still_valid_json_fails(copy):
    manifest = json.loads((copy / "manifest.json").read_text())
    manifest["files"]["citation_audit.parquet"]["rows"] += 1
    (copy / "manifest.json").write_text(json.dumps(manifest, indent=2))
    problems = verify_export(copy).problems
    assert problems[0].startswith("manifest.json: edited")
    assert "citation_audit.parquet: " in problems[1] and "the manifest says" in problems[1]


def test_missing_and_extra_files_are_named(copy):
    (copy / "runs.parquet").unlink()
    (copy / "notes.txt").write_text("added later")
    assert verify_export(copy).problems == ["runs.parquet: missing", "notes.txt: not in the manifest"]


def test_no_manifest_or_no_folder(tmp_path):
    assert verify_export(tmp_path).problems == ["manifest.json: missing"]
    result = verify_cli(tmp_path / "nope")
    assert result.exit_code == 1 and "not a folder" in result.output


def test_reexport_replaces_the_previous_export_and_csv_passes(copy, small_db):
    window = window_from_args(*DAY2[1::2])
    export_findings(small_db, copy, window, "csv")
    assert verify_export(copy).ok
    assert not list(copy.glob("*.parquet"))


def test_a_link_in_the_export_is_not_part_of_it(copy, tmp_path):
    """A listed file replaced by a symbolic link to an identical copy outside the folder is named, never followed
    (it verified as ok); a dangling link and a link to a folder outside are extra files."""
    outside = tmp_path / "outside"
    outside.mkdir()
    shutil.copy(copy / "runs.parquet", outside / "runs.parquet")
    (copy / "runs.parquet").unlink()
    (copy / "runs.parquet").symlink_to(outside / "runs.parquet")
    (copy / "dangling").symlink_to(tmp_path / "nowhere")
    (copy / "elsewhere").symlink_to(outside)
    result = verify_cli(copy)
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        f"{copy}: runs.parquet: a symbolic link, not a file of the export",
        f"{copy}: dangling: not in the manifest",
        f"{copy}: elsewhere: not in the manifest",
    ]


def test_a_linked_manifest_is_refused(copy, tmp_path):
    moved = tmp_path / "manifest.json"
    shutil.move(copy / "manifest.json", moved)
    (copy / "manifest.json").symlink_to(moved)
    assert verify_export(copy).problems == ["manifest.json: a symbolic link, not a file of the export"]


@pytest.mark.parametrize("name", ["config.json", "manifest.json", "citation_audit.parquet"])
def test_export_never_writes_through_a_link(small_db, tmp_path, name):
    """A symbolic link at a name the export writes is refused before anything is written: the file it points to
    outside the folder is left as it was (config.json and manifest.json were overwritten through it)."""
    precious = tmp_path / "precious.txt"
    precious.write_text("not yours\n")
    out = tmp_path / "export"
    out.mkdir()
    (out / name).symlink_to(precious)
    result = CliRunner().invoke(main, ["export", "--db", str(small_db), "--out", str(out), *DAY2])
    assert result.exit_code == 2
    assert result.output == (
        f"error: {out / name} is a symbolic link, and an export writes only regular files of its own folder: remove "
        "it or export into another folder (nothing was changed)\n"
    )
    assert precious.read_text() == "not yours\n"
    assert [p.name for p in out.iterdir()] == [name]


def test_export_refuses_a_folder_where_it_writes_a_file(exported, small_db, tmp_path):
    out = tmp_path / "export"
    shutil.copytree(exported, out)
    (out / "runs.parquet").unlink()
    (out / "runs.parquet").mkdir()
    before = {p.name: p.stat().st_mtime_ns for p in out.iterdir()}
    result = CliRunner().invoke(main, ["export", "--db", str(small_db), "--out", str(out), *DAY2])
    assert result.exit_code == 2 and "runs.parquet is a folder" in result.output
    assert {p.name: p.stat().st_mtime_ns for p in out.iterdir()} == before  # the previous export left as it was


def test_verify_export_writes_out_hostile_names(copy):
    """Names come from the manifest (its digest recomputed: anyone can) and from the folder: a terminal escape or a
    newline in one is written out, one line per problem (the escape reached the terminal, the newline split the
    line)."""
    manifest = json.loads((copy / "manifest.json").read_text())
    manifest["files"]["\x1b]0;owned\x07x\n.csv"] = {"table": None, "rows": None, "bytes": 1, "sha256": "0"}
    manifest["manifest_sha256"] = manifest_digest(manifest)
    (copy / "manifest.json").write_text(json.dumps(manifest))
    (copy / "extra\x1b[31m").write_text("x")
    result = verify_cli(copy)
    assert result.exit_code == 1
    assert result.output.splitlines() == [
        f"{copy}: \\x1b]0;owned\\x07x\\x0a.csv: missing",
        f"{copy}: extra\\x1b[31m: not in the manifest",
    ]


def test_paths_with_brackets_are_printed_as_given(small_db, tmp_path):
    """A folder named like rich markup is printed back as given (`[/]` stopped export and verify-export with exit 1
    after they had done their work)."""
    out = tmp_path / "e[" / "]x"
    result = CliRunner().invoke(main, ["export", "--db", str(small_db), "--out", str(out), *DAY2])
    assert result.exit_code == 0, result.output
    assert f"manifest: {out}/manifest.json  manifest_sha256 " in result.output
    result = verify_cli(out)
    assert (result.exit_code, result.output) == (0, f"ok: {len(FILES) - 1} files match {out}/manifest.json\n")


@pytest.mark.parametrize("fmt", ["parquet", "csv"])
def test_a_period_without_rows_exports_empty_tables_and_no_config_match(tmp_path, fmt):
    """Every table with its header and no row, verified; config.json does not claim the config matches runs that
    are not there (matches_runs was true)."""
    ctx = [{"doc_id": "d1", "chunk_id": "c1", "title": "T", "page": 1, "text": "Refunds take 30 days."}]
    logs = tmp_path / "answers.parquet"
    pq.write_table(
        pa.Table.from_pylist([make_answer("a1", "Refunds take 30 days [1].", ctx)], schema=answers_schema()), logs
    )
    db, out = tmp_path / "audit.duckdb", tmp_path / "empty"
    assert CliRunner().invoke(main, ["run", "--input", str(logs), "--db", str(db), "--quiet"]).exit_code == 0
    args = ["export", "--db", str(db), "--out", str(out), "--since", "2030-01-01", "--until", "2030-01-02"]
    result = CliRunner().invoke(main, [*args, "--format", fmt])
    assert result.exit_code == 0, result.output
    files = json.loads((out / "manifest.json").read_text())["files"]
    assert {name: f["rows"] for name, f in files.items() if f["table"]} == {
        f"{name}.{fmt}": 0 for name in export_queries(Window())
    }
    doc = json.loads((out / "config.json").read_text())
    assert doc["runs_config_hashes"] == [] and doc["matches_runs"] is None
    assert verify_cli(out).exit_code == 0


def test_config_file_fingerprints_the_models_that_ran_and_only_model_cards(exported):
    """The default audit runs the static embedding (every pair) and MiniLM as the int8 ONNX graph, not MiniLM's
    model.safetensors: their cards and weights are fingerprinted too. A repository card is a model card:
    audit/model_card.py (the code that hashes them) was listed as one, and the support model's
    SUPPORT_MODEL_CARD.md was not (its upper-case name missed `*model_card*`)."""
    models = json.loads((exported / "config.json").read_text())["models"]
    repo = Path(__file__).resolve().parents[2]
    static, int8 = repo / "audit" / "models" / "static-minilm", repo / "audit" / "models" / "minilm-int8"
    assert models["static_model"]["card_sha256"] == sha256_of(static / "README.md")
    assert models["static_model"]["weights_sha256"] == sha256_of(static / "model.safetensors")
    assert models["int8_model"]["card_sha256"] == sha256_of(int8 / "README.md")
    assert models["int8_model"]["weights_sha256"] == sha256_of(int8 / "model.onnx")
    cards = models["repository_cards"]
    assert "audit/models/SUPPORT_MODEL_CARD.md" in cards
    assert not [c for c in cards if c.endswith(".py")], cards


def test_an_export_that_fails_mid_write_leaves_the_previous_one_whole(copy, small_db):
    """A full disk (here a file-size limit below one table's size) while a re-export writes: the previous export
    was removed before the new one was written, and the folder was left with none. It is written aside now and
    renamed in only when whole."""
    import resource
    import subprocess
    import sys

    before = {p.name: p.read_bytes() for p in copy.iterdir()}
    limit = min(len(b) for name, b in before.items() if name.endswith(".parquet") and len(b) > 1000) - 1
    full = subprocess.run(
        [
            sys.executable,
            "-m",
            "audit.cli",
            "export",
            "--db",
            str(small_db),
            "--out",
            str(copy),
            "--format",
            "csv",
            *DAY2,
        ],
        capture_output=True,
        text=True,
        timeout=300,
        preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit)),
    )
    assert full.returncode != 0, full.stdout
    assert {p.name: p.read_bytes() for p in copy.iterdir()} == before  # nothing staged is left either
    assert verify_cli(copy).exit_code == 0
    again = CliRunner().invoke(main, ["export", "--db", str(small_db), "--out", str(copy), "--format", "csv", *DAY2])
    assert again.exit_code == 0, again.output
    assert verify_cli(copy).exit_code == 0 and not (copy / ".citeaudit-staging").exists()
    assert sorted(p.name for p in copy.iterdir() if p.suffix == ".parquet") == []  # the csv export replaced it
