"""The sample generator: deterministic, in the `answers` v1 contract, and its truth file matches what it planted."""

from __future__ import annotations

import contextlib
import hashlib
import json
import re
import subprocess
import sys
from collections import Counter
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from audit.contract import answers_schema
from audit.sample.generate import generate, main, write_sample
from audit.sample.settings import FAULT_RATES, OVERCONFIDENT_MODEL, QUARANTINE_REASONS, TRUTH_FIELDS

REPO = Path(__file__).resolve().parents[2]
SAMPLE = REPO / "data" / "sample"
SAMPLE_ARGS = {"rows": 400, "days": 2, "seed": 7, "start": "2026-11-01", "hive": True}

DIALECT_PATTERNS = {
    "numeric_single": r"(?<!\])\[\d+\](?!\[)",
    "numeric_list": r"\[\d+(?:, \d+)+\]",
    "numeric_adjacent": r"\[\d+\]\[\d+\]",
    "numeric_range": r"\[\d+-\d+\]",
    "document_page": r"\[Document: [^\]]+, Page \d+\]",
    "doc_chunk": r"\[citation:kb_doc_\d+:chunk-\d+\]",
    "json_citations": r'^\{"answer": .*"citations": \[',
    "json_inline": r'^\{"answer": .*"inline_citations": \[\{"source_index": \d+',
    "citation_object": r'^\{"answer": .*"citations": \[\{"document_',
    "citation_object_event_list": r'^\[\{"type": "start"\}.*\{"type": "final", "data": ".*"citations": \[\{',
    "citation_object_json_lines": r'^\{"type": "start"\}\n(?:.*\n)*\{"type": "final", "data": ".*"citations": \[\{',
}
FAULT_KINDS = [*sorted(FAULT_RATES), "quarantine"]


@pytest.fixture(scope="module")
def sample() -> tuple[pa.Table, list[dict[str, Any]]]:
    return generate(400, 2, 7, "2026-11-01")


@pytest.fixture(scope="module")
def rows_by_id(sample: tuple[pa.Table, list[dict[str, Any]]]) -> dict[str, dict[str, Any]]:
    table, _ = sample
    return {r["answer_id"]: r for r in table.to_pylist() if r["answer_id"] is not None}


def _digests(folder: Path) -> dict[str, str]:
    return {
        str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def test_same_seed_gives_identical_table_and_truth() -> None:
    t1, truth1 = generate(120, 2, 11)
    t2, truth2 = generate(120, 2, 11)
    assert t1.equals(t2)
    assert truth1 == truth2
    t3, _ = generate(120, 2, 12)
    assert not t1.equals(t3)


def test_same_seed_gives_identical_bytes(tmp_path: Path) -> None:
    write_sample(tmp_path / "a", 150, 2, 3, files_per_day=2, hive=True)
    write_sample(tmp_path / "b", 150, 2, 3, files_per_day=2, hive=True)
    assert _digests(tmp_path / "a") == _digests(tmp_path / "b")


def test_committed_sample_is_what_the_generator_writes(tmp_path: Path) -> None:
    write_sample(tmp_path, **SAMPLE_ARGS)
    assert _digests(SAMPLE) == _digests(tmp_path)
    assert sum(p.stat().st_size for p in SAMPLE.rglob("*") if p.is_file()) < 2_000_000


def test_schema_is_the_contract(sample: tuple[pa.Table, list[dict[str, Any]]], tmp_path: Path) -> None:
    table, _ = sample
    assert table.schema.equals(answers_schema())
    summary = write_sample(tmp_path, 60, 2, 5)
    for path in summary["files"]:
        assert pq.ParquetFile(path).schema_arrow.equals(answers_schema())


@pytest.mark.parametrize(
    ("hive", "files_per_day"),
    [(True, 2), (False, 1), (False, 3)],
    ids=["hive_two_files", "flat_one_file", "flat_three_files"],
)
def test_file_layout_covers_every_row(tmp_path: Path, hive: bool, files_per_day: int) -> None:
    summary = write_sample(tmp_path, 90, 3, 2, start="2026-03-01", files_per_day=files_per_day, hive=hive)
    names = sorted(str(Path(p).relative_to(tmp_path)) for p in summary["files"])
    days = ["2026-03-01", "2026-03-02", "2026-03-03"]
    if hive:
        expected = [f"date={d}/part-{k}.parquet" for d in days for k in range(files_per_day)]
    else:
        expected = [f"answers-{d}-{k}.parquet" for d in days for k in range(files_per_day)]
    assert names == expected
    assert sum(pq.ParquetFile(p).metadata.num_rows for p in summary["files"]) == 90
    for p in summary["files"]:
        day = re.search(r"\d{4}-\d{2}-\d{2}", Path(p).relative_to(tmp_path).as_posix())
        assert day
        stamps = [ts for ts in pq.read_table(p).column("logged_at").to_pylist() if ts is not None]
        assert {ts.date().isoformat() for ts in stamps} <= {day.group(0)}
    assert (tmp_path / "truth.jsonl").exists()


@pytest.mark.parametrize("days", [1, 2, 5])
def test_rows_span_the_requested_days(days: int) -> None:
    table, _ = generate(300, days, 9, "2026-11-01")
    start = datetime(2026, 11, 1, tzinfo=UTC)
    stamps = [ts for ts in table.column("logged_at").to_pylist() if ts is not None]
    assert all(start <= ts < start + timedelta(days=days) for ts in stamps)
    per_day = Counter(ts.date() for ts in stamps)
    assert len(per_day) == days
    assert min(per_day.values()) >= 300 / days / 2


def test_every_dialect_appears(sample: tuple[pa.Table, list[dict[str, Any]]]) -> None:
    table, _ = sample
    answers = [a for a in table.column("answer").to_pylist() if a]
    counts = {name: sum(bool(re.search(rx, a)) for a in answers) for name, rx in DIALECT_PATTERNS.items()}
    assert all(n >= 5 for n in counts.values()), counts


@pytest.mark.parametrize("seed", [7, 1, 2026])
def test_every_fault_kind_is_planted(seed: int) -> None:
    _, truth = generate(400, 2, seed)
    kinds = Counter(t["kind"] for t in truth)
    assert set(FAULT_KINDS) <= set(kinds), kinds
    reasons = Counter(t["expected"] for t in truth if t["kind"] == "quarantine")
    assert set(reasons) == set(QUARANTINE_REASONS)
    assert all(set(t) == set(TRUTH_FIELDS) for t in truth)


def test_fault_rates_stay_small(sample: tuple[pa.Table, list[dict[str, Any]]]) -> None:
    table, truth = sample
    per_kind = Counter(t["kind"] for t in truth if t["kind"] not in ("non_claim", "quarantine"))
    assert all(n <= 0.1 * table.num_rows for n in per_kind.values()), per_kind


def _ctx(row: dict[str, Any], rank: int) -> dict[str, Any]:
    return dict(row["contexts"][rank - 1])


def _inline(row: dict[str, Any]) -> list[dict[str, Any]]:
    return list(json.loads(row["answer"])["inline_citations"])


def _object_doc(answer: str) -> dict[str, Any]:
    """The JSON holding a citation-object answer: the answer object, or the final event of the logged stream."""
    try:
        doc = json.loads(answer)
    except json.JSONDecodeError:
        doc = [json.loads(line) for line in answer.splitlines()]
    if isinstance(doc, list):
        doc = next(e for e in reversed(doc) if e.get("type") == "final")
    return dict(doc)


def _object(row: dict[str, Any], t: dict[str, Any]) -> dict[str, Any]:
    index = int(re.fullmatch(r"citations\[(\d+)\]", t["marker"]).group(1))
    return dict(_object_doc(row["answer"])["citations"][index])


def _check_marker(row: dict[str, Any], t: dict[str, Any]) -> None:
    if t["dialect"] == "json_inline":
        index = int(t["marker"].split(":")[1])
        assert {"source_index": index, "claim": t["claim"]} in _inline(row)
    elif t["dialect"] == "citation_object":
        assert t["claim"].lower().startswith(_object(row, t)["claim_text"].lower())
    else:
        assert t["marker"] in row["answer"]


def _check_claim(row: dict[str, Any], t: dict[str, Any]) -> None:
    answer = row["answer"]
    if t["dialect"] in ("json_citations", "json_inline"):
        # a planted invalid_json row does not parse: its raw text still holds the claims
        with contextlib.suppress(json.JSONDecodeError):
            answer = json.loads(answer)["answer"]
    if t["dialect"] == "citation_object":
        doc = _object_doc(answer)
        answer = doc.get("answer") or doc["data"]
    claim = t["claim"]
    assert claim[:-1] in answer
    if t["true_rank"] is not None:
        ctx = _ctx(row, t["true_rank"])
        start, end = t["details"]["support_char_span"]
        assert ctx["text"][start:end] == t["details"]["source_sentence"]
    else:  # unsupported: nothing retrieved holds the claim
        assert all(claim[:-1] not in c["text"] for c in row["contexts"])


def test_truth_ranks_and_markers_match_the_contexts(
    sample: tuple[pa.Table, list[dict[str, Any]]], rows_by_id: dict[str, dict[str, Any]]
) -> None:
    _, truth = sample
    for t in truth:
        if t["kind"] == "quarantine":
            continue
        row = rows_by_id[t["answer_id"]]
        ctxs = row["contexts"]
        titles = {c["title"] for c in ctxs}
        doc_ids = {c["doc_id"] for c in ctxs}
        kind = t["kind"]
        if kind == "invalid_json":
            with pytest.raises(json.JSONDecodeError):
                json.loads(row["answer"])
            assert re.search(r"\[\d+\]", row["answer"])
            continue
        if kind == "overconfident":
            doc = _object_doc(row["answer"]) if t["dialect"] == "citation_object" else json.loads(row["answer"])
            assert doc["confidence"] == t["details"]["claimed_confidence"] >= 0.9
            assert row["model"] == t["details"]["model"] == OVERCONFIDENT_MODEL
            continue
        _check_claim(row, t)
        if kind in ("non_claim", "uncited_claim"):
            assert t["marker"] is None and t["cited_rank"] is None
            continue
        _check_marker(row, t)
        if kind == "index_out_of_range":
            assert t["cited_rank"] > len(ctxs)
        elif kind == "misattributed":
            assert t["cited_rank"] != t["true_rank"]
            assert 1 <= t["cited_rank"] <= len(ctxs)
            assert t["details"]["source_sentence"] not in _ctx(row, t["cited_rank"])["text"]
        elif kind == "unsupported":
            assert 1 <= t["cited_rank"] <= len(ctxs)
        elif kind in ("invented_quote", "non_verbatim_quote"):
            obj = _object(row, t)
            quote = obj["text_span"]
            assert quote == t["details"]["quote"] and quote not in _ctx(row, t["true_rank"])["text"]
            assert t["details"]["source_sentence"] in _ctx(row, t["true_rank"])["text"]
            if kind == "non_verbatim_quote":
                assert obj["citation_type"] == "direct_quote"
        elif t["dialect"] == "citation_object":  # unknown_document / unknown_chunk
            obj = _object(row, t)
            same_doc = [c for c in ctxs if c["doc_id"] == obj["document_id"]]
            assert not same_doc if kind == "unknown_document" else obj["chunk_index"] >= len(same_doc) > 0
        elif kind == "unknown_document":
            found = re.fullmatch(r"\[Document: (.+), Page \d+\]|\[citation:([^:]+):chunk-\d+\]", t["marker"])
            assert found
            assert found.group(1) not in titles if found.group(1) else found.group(2) not in doc_ids
        elif kind == "page_not_retrieved":
            found = re.fullmatch(r"\[Document: (.+), Page (\d+)\]", t["marker"])
            assert found and found.group(1) in titles
            assert (found.group(1), int(found.group(2))) not in {(c["title"], c["page"]) for c in ctxs}
        elif kind == "unknown_chunk":
            found = re.fullmatch(r"\[citation:([^:]+):(chunk-\d+)\]", t["marker"])
            assert found and found.group(1) in doc_ids
            assert found.groups() not in {(c["doc_id"], c["chunk_id"]) for c in ctxs}
        else:
            raise AssertionError(f"unexpected kind {kind}")
        if t["cited_rank"] is not None and t["cited_rank"] <= len(ctxs) and t["dialect"] == "document_page":
            cited = _ctx(row, t["cited_rank"])
            assert t["marker"] == f"[Document: {cited['title']}, Page {cited['page']}]"


def test_quarantine_rows_are_where_truth_says(sample: tuple[pa.Table, list[dict[str, Any]]]) -> None:
    table, truth = sample
    rows = table.to_pylist()
    ids = Counter(r["answer_id"] for r in rows if r["answer_id"] is not None)
    by_turn = {(r["conversation_id"], r["turn_index"]): r for r in rows}
    for t in (t for t in truth if t["kind"] == "quarantine"):
        reason = t["expected"]
        if reason == "duplicate_answer_id":
            assert ids[t["answer_id"]] == 2
            continue
        row = by_turn[(t["details"]["conversation_id"], t["details"]["turn_index"])]
        column = {"null_answer_id": "answer_id", "null_logged_at": "logged_at", "null_answer": "answer"}[reason]
        assert row[column] is None
    assert sum(n - 1 for n in ids.values()) == sum(t["expected"] == "duplicate_answer_id" for t in truth)
    assert sum(r["answer_id"] is None for r in rows) == sum(t["expected"] == "null_answer_id" for t in truth)


def test_multi_citations_are_supported_by_every_cited_context(
    sample: tuple[pa.Table, list[dict[str, Any]]],
) -> None:
    table, _ = sample
    multi = re.compile(r"([^.!?\]]+?) (\[\d+(?:, \d+)+\]|(?:\[\d+\]){2,}|\[(\d+)-(\d+)\])\.")
    checked = 0
    for row in table.to_pylist():
        if not row["answer"] or row["answer"].startswith("{"):
            continue
        for m in multi.finditer(row["answer"]):
            if m.group(3):
                ranks = list(range(int(m.group(3)), int(m.group(4)) + 1))
            else:
                ranks = [int(x) for x in re.findall(r"\d+", m.group(2))]
            body = m.group(1).strip()
            assert all(body in _ctx(row, k)["text"] for k in ranks), (body, ranks)
            checked += 1
    assert checked >= 20


def test_cli_writes_sample(tmp_path: Path) -> None:
    out = tmp_path / "out"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "audit.sample.generate",
            "--out",
            str(out),
            "--rows",
            "50",
            "--days",
            "2",
            "--seed",
            "4",
            "--start",
            "2026-01-10",
            "--files-per-day",
            "2",
            "--hive",
        ],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert sorted(p.relative_to(out).as_posix() for p in out.rglob("*.parquet")) == [
        "date=2026-01-10/part-0.parquet",
        "date=2026-01-10/part-1.parquet",
        "date=2026-01-11/part-0.parquet",
        "date=2026-01-11/part-1.parquet",
    ]
    assert len((out / "truth.jsonl").read_text().splitlines()) > 0
    helped = subprocess.run(
        [sys.executable, "-m", "data.generate", "--help"], cwd=REPO, capture_output=True, text=True, check=False
    )
    assert helped.returncode == 0 and "--files-per-day" in helped.stdout


def test_a_planted_quote_fault_always_logs_its_quote() -> None:
    # a quote fault whose citation object lost its text_span at random (1 in 10 non-direct quotes) crashed the
    # generator with KeyError at 4,000 rows
    table, truth = generate(4000, 3, 7)
    quoted = [t for t in truth if "quote" in (t.get("details") or {})]
    assert quoted and all(t["details"]["quote"] for t in quoted)
    assert table.num_rows >= 4000


def test_the_generator_names_a_bad_argument_in_one_usage_line(tmp_path: Path) -> None:
    # each ended in a Python traceback, exit 1 (reliability round 5)
    (tmp_path / "file").write_text("x")
    for args, said in (
        (["--rows", "-5"], "--rows must be at least 1"),
        (["--days", "0"], "--days must be at least 1"),
        (["--files-per-day", "0"], "--files-per-day must be at least 1"),
        (["--start", "2026-13-01"], "--start '2026-13-01' is not a day"),
        (["--out", str(tmp_path / "file")], "is a file, not a folder"),
    ):
        out = args if "--out" in args else ["--out", str(tmp_path / "new"), *args]
        res = subprocess.run([sys.executable, "-m", "audit.sample.generate", *out], capture_output=True, text=True)
        assert res.returncode == 2 and "Traceback" not in res.stderr and said in res.stderr, res.stderr
    assert (tmp_path / "file").read_text() == "x" and not (tmp_path / "new").exists()


def test_the_generator_replaces_an_earlier_sample_but_never_logs_named_like_one(tmp_path: Path) -> None:
    # a folder of real logs named answers-YYYY-MM-DD-K.parquet lost them to `--out logs` (reliability round 5)
    logs = tmp_path / "logs"
    logs.mkdir()
    (logs / "answers-2026-11-01-0.parquet").write_bytes(b"PAR1 real logs PAR1")
    with pytest.raises(FileExistsError, match=r"no truth\.jsonl: not an earlier sample"):
        write_sample(logs, 20, 1, 3)
    assert (logs / "answers-2026-11-01-0.parquet").read_bytes() == b"PAR1 real logs PAR1"
    assert sorted(p.name for p in logs.iterdir()) == ["answers-2026-11-01-0.parquet"]
    write_sample(tmp_path / "sample", 20, 2, 3)
    write_sample(tmp_path / "sample", 20, 1, 3)  # an earlier sample is replaced whole
    assert sorted(p.name for p in (tmp_path / "sample").iterdir()) == ["answers-2026-11-01-0.parquet", "truth.jsonl"]


def test_the_help_gives_each_default_and_the_command_that_made_the_bundled_sample(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # `--help` showed `--rows ROWS`, `--seed SEED`, `--kb-seed KB_SEED` with no word of what they are or their defaults
    with pytest.raises(SystemExit):
        main(["--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "(default: 400)" in text and "(default: 7)" in text and "(default: 2026-11-01)" in text
    args = text.split("The bundled sample: ")[1].split()
    args[args.index("--out") + 1] = str(tmp_path)
    assert main(args[: args.index("--hive") + 1]) == 0
    assert (tmp_path / "truth.jsonl").read_bytes() == (SAMPLE / "truth.jsonl").read_bytes()
    for part in sorted(SAMPLE.glob("date=*/*.parquet")):
        assert pq.read_table(tmp_path / part.relative_to(SAMPLE)).equals(pq.read_table(part))
