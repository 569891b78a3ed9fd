"""Every kind of bad input in tests/cases/bad_input/ through the real `citeaudit run`: its documented outcome,
the good rows beside it audited, the accounting intact, and never a traceback."""

from __future__ import annotations

import json
import shutil
import tomllib
from datetime import datetime
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from click.testing import CliRunner

from audit.cli import main
from audit.contract import answers_schema
from tests.conftest import REPO
from tests.conftest import query as q

CASES_DIR = Path(__file__).resolve().parents[1] / "cases" / "bad_input"
CASES: list[dict[str, Any]] = tomllib.loads((CASES_DIR / "cases.toml").read_text())["case"]
CTX = [
    {
        "doc_id": "d1",
        "chunk_id": "c1",
        "title": "Refund Policy.pdf",
        "page": 1,
        "url": None,
        "text": "Refunds take 30 days.",
    }
]
GOOD = {
    "answer_id": "good",
    "conversation_id": "conv-good",
    "turn_index": 0,
    "logged_at": "2026-11-01T12:00:00+00:00",
    "tenant": "acme",
    "model": "m",
    "question": "How long do refunds take?",
    "answer": "Refunds take 30 days [1].",
    "contexts": CTX,
}
EPOCH_NOON = 1793534400  # 2026-11-01T12:00:00Z
_TYPES = {
    "string": pa.string(),
    "int64": pa.int64(),
    "timestamp": pa.timestamp("us"),
    "list<string>": pa.list_(pa.string()),
    "list<int64>": pa.list_(pa.int64()),
}


def build_parquet(spec: dict[str, Any], path: Path) -> None:
    """The case's bad rows (each over a default row) after one good row, with the case's column types."""
    rows = [dict(GOOD)] + [{**GOOD, "answer_id": "bad", "conversation_id": "conv-bad", **r} for r in spec["rows"]]
    overrides = spec.get("schema", {})
    fields = []
    for field in answers_schema():
        kind = overrides.get(field.name)
        if kind == "drop":
            continue
        typ = _TYPES[kind] if kind else field.type
        if kind == "string" and rows[0][field.name] is not None:
            rows[0][field.name] = str(rows[0][field.name])
        if kind == "int64":  # the good row in the same type
            rows[0][field.name] = EPOCH_NOON if field.name == "logged_at" else 0
        if kind == "list<string>":
            rows[0][field.name] = [c["text"] for c in rows[0][field.name]]
        if kind == "list<int64>":
            rows[0][field.name] = [0]
        if pa.types.is_timestamp(typ):
            for r in rows:
                v = r[field.name]
                r[field.name] = (
                    datetime.fromisoformat(v).replace(
                        tzinfo=None if typ.tz is None else datetime.fromisoformat(v).tzinfo
                    )
                    if isinstance(v, str)
                    else v
                )
        fields.append(pa.field(field.name, typ))
    schema = pa.schema(fields)
    pq.write_table(pa.Table.from_pylist([{f.name: r.get(f.name) for f in schema} for r in rows], schema=schema), path)


@pytest.mark.parametrize("case", CASES, ids=[c["id"] for c in CASES])
def test_bad_input_kind(case: dict[str, Any], tmp_path: Path) -> None:
    db = tmp_path / "audit.duckdb"
    if case.get("input") == "none":
        inp = tmp_path / "nothing-here"
    elif case.get("input") == "empty_dir":
        inp = tmp_path / "empty"
        inp.mkdir()
    elif "file" in case:
        inp = tmp_path / case["file"]
        shutil.copy(CASES_DIR / case["file"], inp)
    else:
        inp = tmp_path / "answers.parquet"
        spec_file = CASES_DIR / f"{case['id']}.json"
        build_parquet(json.loads(spec_file.read_text()) if spec_file.is_file() else {"rows": []}, inp)
    args = ["run", "--input", str(inp), "--db", str(db), "--quiet", *case.get("args", [])]
    if "config" in case:
        args += ["--config", str(CASES_DIR / case["config"])]
    res = CliRunner().invoke(main, args)
    out = res.output
    assert "Traceback" not in out, out
    assert res.exception is None or isinstance(res.exception, SystemExit), out
    assert res.exit_code == case.get("exit", 0), out

    if res.exit_code != 0:
        assert out.startswith("error: ") and out.strip().count("\n") == 0, out
        assert case["error"] in out
        if "`runs` row failed" in case["outcome"] or not ({"config", "args"} & case.keys()):
            # the run had started: its row says why it stopped (a bad config or option stops before any run)
            assert q(db, "SELECT status LIKE 'failed: %' FROM runs") == [(True,)]
        return

    ((read, audited, quarantined, status),) = q(
        db, "SELECT answers_read, answers_audited, answers_quarantined, status FROM runs"
    )
    assert status == "completed" and read == audited + quarantined
    assert q(db, "SELECT verdict FROM citation_audit WHERE answer_id = 'good'") == [("verified",)]
    bad_id = case.get("bad_id", "bad")
    if "quarantine" in case:
        field, reason = case["quarantine"]
        got = q(db, "SELECT field, reason, answer_id FROM quarantine")
        assert len(got) == 1 and got[0][0] == field and got[0][1].startswith(reason), got
        assert (audited, quarantined) == (1, 1)
        return
    assert q(db, "SELECT count(*) FROM quarantine") == [(0,)]
    assert audited == 2
    cites = q(
        db,
        "SELECT marker, verdict, cited_ref, reasons FROM citation_audit "
        f"WHERE answer_id = '{bad_id}' ORDER BY citation_ord",
    )
    if "citations" in case:
        assert len(cites) == case["citations"], cites
    if "citation" in case:
        want = case["citation"]
        match = [c for c in cites if c[0] == want["marker"] and c[1] == want.get("verdict", c[1])]
        assert match, cites
        if "cited_ref" in want:
            assert match[0][2] == want["cited_ref"], match
        if "reason" in want:
            assert want["reason"] in match[0][3], match
    if "logged_at" in case:
        ((ts,),) = q(
            db,
            "SELECT strftime(logged_at AT TIME ZONE 'UTC', '%Y-%m-%dT%H:%M:%S+00:00') "
            f"FROM answer_audit WHERE answer_id = '{bad_id}'",
        )
        assert ts == case["logged_at"]
    if "flag" in case:
        ((flags,),) = q(db, f"SELECT flags FROM answer_audit WHERE answer_id = '{bad_id}'")
        assert case["flag"] in flags


def test_at_least_forty_kinds_each_with_a_file_or_setting() -> None:
    assert len(CASES) >= 40 and len({c["id"] for c in CASES}) == len(CASES)
    for c in CASES:
        assert c["kind"] and c["outcome"]
    used = {f"{c['id']}.json" for c in CASES} | {c.get("file") for c in CASES} | {c.get("config") for c in CASES}
    for f in CASES_DIR.iterdir():
        assert f.name == "cases.toml" or f.name in used, f"{f.name} belongs to no case"


def test_readme_lists_every_kind() -> None:
    readme = (REPO / "README.md").read_text()
    missing = [c["id"] for c in CASES if f"`{c['id']}`" not in readme]
    assert not missing, f"README's bad input table lacks {missing}"
