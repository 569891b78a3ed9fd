"""End to end: the real CLI on the committed sample, checked against the generator's planted truth."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

import duckdb
import pytest
from click.testing import CliRunner
from rapidfuzz import fuzz

from audit.cli import main
from tests.conftest import REPO, SAMPLE, query

TRUTH = [json.loads(line) for line in (SAMPLE / "truth.jsonl").read_text().splitlines()]
ROW_COLUMNS = {
    "answer_audit": "answer_id, level, n_citations, n_verified, citation_integrity, coverage, flags",
    "citation_audit": "answer_id, citation_ord, marker, verdict, context_rank, suggested_rank, reasons, support",
    "uncited_claims": "answer_id, sentence_idx, best_rank",
    "quarantine": "row_ref, reason",
}


@pytest.fixture(scope="module")
def sample_db(tmp_path_factory) -> Path:
    db = tmp_path_factory.mktemp("run") / "audit.duckdb"
    result = CliRunner().invoke(main, ["run", "--input", str(SAMPLE), "--db", str(db), "--quiet"])
    assert result.exit_code == 0, result.output
    assert "level GREEN" in result.output and "level RED" in result.output
    return db


def marker_key(answer_id: str, marker: str, cited_ref: str) -> tuple[str, str]:
    """The truth file names JSON inline citations `source_index:N`; the audit names them by position."""
    if marker.startswith("inline_citations["):
        return answer_id, f"source_index:{cited_ref}"
    return answer_id, marker


class ByMarker:
    """Audit rows looked up by a truth line: same answer and marker, and the claim closest to the planted one
    (an answer may use the same marker on several sentences)."""

    def __init__(self, db: Path, columns: str) -> None:
        self.rows: dict[tuple[str, str], list[tuple]] = {}
        got = query(db, f"SELECT answer_id, marker, cited_ref, claim, {columns} FROM citation_audit")
        for a, m, r, claim, *rest in got:
            self.rows.setdefault(marker_key(a, m, r), []).append((claim or "", tuple(rest)))

    def __getitem__(self, t: dict) -> tuple:
        candidates = self.rows[(t["answer_id"], t["marker"])]
        return max(candidates, key=lambda c: fuzz.ratio(c[0], t["claim"] or ""))[1]

    def get(self, t: dict) -> tuple | None:
        return self[t] if (t["answer_id"], t["marker"]) in self.rows else None


def by_marker(db: Path, columns: str) -> ByMarker:
    return ByMarker(db, columns)


def rows(db: Path, table: str) -> list[tuple]:
    con = duckdb.connect(str(db), read_only=True)
    try:
        return con.execute(f"SELECT {ROW_COLUMNS[table]} FROM {table} ORDER BY ALL").fetchall()
    finally:
        con.close()


def test_every_row_is_accounted_for(sample_db):
    [(read, audited, quarantined, status)] = query(
        sample_db, "SELECT answers_read, answers_audited, answers_quarantined, status FROM runs"
    )
    assert status == "completed"
    assert read == 400
    assert read == audited + quarantined
    assert query(sample_db, "SELECT count(*) FROM answer_audit") == [(audited,)]


def test_planted_malformed_rows_are_quarantined(sample_db):
    planted = Counter(t["expected"] for t in TRUTH if t["kind"] == "quarantine")
    got = Counter(r[0].split(" ")[0] for r in query(sample_db, "SELECT field FROM quarantine"))
    assert sum(got.values()) == sum(planted.values())
    assert got["answer_id"] == planted["null_answer_id"] + planted["duplicate_answer_id"]
    assert got["logged_at"] == planted["null_logged_at"]
    assert got["answer"] == planted["null_answer"]


@pytest.mark.parametrize("reason", ["index_out_of_range", "unknown_document", "page_not_retrieved", "unknown_chunk"])
def test_planted_fabrications_are_found_with_their_reason(sample_db, reason):
    planted = [t for t in TRUTH if t["kind"] == reason]
    assert planted
    got = by_marker(sample_db, "verdict, reasons")
    for t in planted:
        verdict, reasons = got[t]
        assert verdict == "fabricated" and reason in reasons, t


def test_planted_misattributions_get_the_true_source(sample_db):
    planted = [t for t in TRUTH if t["kind"] == "misattributed"]
    got = by_marker(sample_db, "verdict, suggested_rank")
    hits = sum(got.get(t) == ("misattributed", t["true_rank"]) for t in planted)
    assert hits / len(planted) >= 0.8


def test_planted_unsupported_claims_are_not_verified(sample_db):
    planted = [t for t in TRUTH if t["kind"] == "unsupported"]
    got = by_marker(sample_db, "verdict")
    verdicts = [got[t][0] for t in planted]
    assert sum(v in ("unsupported", "weak", "misattributed") for v in verdicts) / len(planted) >= 0.8


def test_changed_numbers_are_named_in_reasons(sample_db):
    planted = [
        t for t in TRUTH if t["kind"] == "unsupported" and (t["details"] or {}).get("variant") == "changed_number"
    ]
    reasons = by_marker(sample_db, "reasons")
    named = [any(x.startswith("missing_number:") for x in reasons[t][0]) for t in planted]
    assert named and sum(named) / len(named) >= 0.8


def test_uncited_claims_are_found_and_non_claims_ignored(sample_db):
    uncited = set(query(sample_db, "SELECT answer_id, sentence FROM uncited_claims"))
    planted = [t for t in TRUTH if t["kind"] == "uncited_claim"]
    found = sum((t["answer_id"], t["claim"]) in uncited for t in planted)
    assert found / len(planted) >= 0.9
    non_claims = [t for t in TRUTH if t["kind"] == "non_claim"]
    assert not any((t["answer_id"], t["claim"]) in uncited for t in non_claims)


def test_invalid_json_falls_back_and_is_flagged(sample_db):
    planted = {t["answer_id"] for t in TRUTH if t["kind"] == "invalid_json"}
    got = dict(query(sample_db, "SELECT answer_id, structured_parse_failed FROM answer_audit"))
    assert all(got[a] for a in planted)
    levels = dict(query(sample_db, "SELECT answer_id, level FROM answer_audit"))
    assert {levels[a] for a in planted} == {"RED"}
    with_markers = query(
        sample_db,
        "SELECT count(*) FROM citation_audit WHERE answer_id IN (SELECT answer_id FROM answer_audit "
        "WHERE structured_parse_failed)",
    )
    assert with_markers[0][0] > 0


def test_integrity_definition(sample_db):
    # each cited claim weighs once, by the share of its citations verified (citations piled on one claim do not
    # outweigh another); with one citation per claim, that is verified / citations
    bad = query(
        sample_db,
        "WITH claims AS (SELECT answer_id, avg(CAST(verdict = 'verified' AS DOUBLE)) AS share, count(*) AS n "
        "FROM citation_audit GROUP BY answer_id, claim_start, claim_end, claim), "
        "per AS (SELECT answer_id, avg(share) AS integrity, max(n) AS most FROM claims GROUP BY answer_id) "
        "SELECT answer_id FROM answer_audit a LEFT JOIN per p USING (answer_id) "
        "WHERE (a.citation_integrity IS NULL) <> (a.n_citations = 0) "
        "OR abs(a.citation_integrity - p.integrity) > 1e-9 "
        "OR (p.most = 1 AND abs(a.citation_integrity - a.n_verified / a.n_citations) > 1e-9)",
    )
    assert bad == []


def test_rerun_leaves_the_same_rows(sample_db, tmp_path):
    db = tmp_path / "again.duckdb"
    shutil.copy(sample_db, db)
    before = {t: rows(db, t) for t in ROW_COLUMNS}
    result = CliRunner().invoke(main, ["run", "--input", str(SAMPLE), "--db", str(db), "--quiet"])
    assert result.exit_code == 0, result.output
    after = {t: rows(db, t) for t in ROW_COLUMNS}
    assert after == before
    assert query(db, "SELECT count(*), count(DISTINCT run_id) FROM runs") == [(2, 2)]
    assert query(db, "SELECT count(DISTINCT run_id) FROM answer_audit") == [(1,)]


def test_sql_command_answers(sample_db):
    result = CliRunner().invoke(
        main,
        [
            "sql",
            "select verdict, count(*) as n from citation_audit group by 1 order by 1",
            "--db",
            str(sample_db),
            "--format",
            "csv",
        ],
    )
    assert result.exit_code == 0, result.output
    lines = result.output.strip().splitlines()
    assert lines[0] == "verdict,n"
    assert {line.split(",")[0] for line in lines[1:]} >= {"verified", "fabricated", "misattributed"}


def test_analyst_views_answer(sample_db):
    for view in ("unverified_citations", "daily_integrity", "model_integrity", "source_health"):
        assert query(sample_db, f"SELECT count(*) FROM {view}")[0][0] > 0
    days = query(sample_db, "SELECT DISTINCT day FROM daily_integrity ORDER BY 1")
    assert [str(d[0]) for d in days] == ["2026-11-01", "2026-11-02"]


def test_bad_input_is_one_line_and_exit_2(tmp_path):
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "audit.cli",
            "run",
            "--input",
            str(tmp_path / "missing.parquet"),
            "--db",
            str(tmp_path / "x.duckdb"),
        ],
        capture_output=True,
        text=True,
        cwd=REPO,
        check=False,
    )
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr
    assert "no Parquet input found" in proc.stderr and "missing.parquet" in proc.stderr


def test_bad_config_names_the_key(tmp_path):
    cfg = tmp_path / "c.toml"
    cfg.write_text("[support]\nverified = 'high'\n")
    result = CliRunner().invoke(
        main, ["run", "--input", str(SAMPLE), "--db", str(tmp_path / "x.duckdb"), "--config", str(cfg)]
    )
    assert result.exit_code == 2
    assert "support.verified must be float" in result.output


def test_sql_on_missing_db_is_a_clear_error(tmp_path):
    result = CliRunner().invoke(main, ["sql", "select 1", "--db", str(tmp_path / "none.duckdb")])
    assert result.exit_code == 2
    assert "no audit database" in result.output


def test_every_command_has_help():
    runner = CliRunner()
    for name, cmd in main.commands.items():
        result = runner.invoke(main, [name, "--help"])
        assert result.exit_code == 0, name
        assert (cmd.help or "").split("\n")[0].strip()[:20] in result.output, name


@pytest.mark.parametrize("fmt", ["parquet", "csv"])
def test_export_writes_files_and_a_verifiable_manifest(sample_db, tmp_path, fmt):
    from audit.export import sha256_of

    out = tmp_path / "export"
    result = CliRunner().invoke(
        main,
        [
            "export",
            "--db",
            str(sample_db),
            "--out",
            str(out),
            "--since",
            "2026-11-02",
            "--until",
            "2026-11-03",
            "--format",
            fmt,
        ],
    )
    assert result.exit_code == 0, result.output
    manifest = json.loads((out / "manifest.json").read_text())
    files = manifest["files"]
    assert set(files) == {
        f"{t}.{fmt}"
        for t in ("answer_audit", "citation_audit", "uncited_claims", "quarantine", "unverified_citations", "runs")
    } | {"config.json"}
    for name, meta in files.items():
        assert sha256_of(out / name) == meta["sha256"]
    day2 = "logged_at >= TIMESTAMPTZ '2026-11-02 00:00:00+00' AND logged_at < TIMESTAMPTZ '2026-11-03 00:00:00+00'"
    for table in ("answer_audit", "citation_audit", "uncited_claims"):
        [(n,)] = query(sample_db, f"SELECT count(*) FROM {table} WHERE {day2}")
        assert files[f"{table}.{fmt}"]["rows"] == n > 0
        reader = "read_parquet" if fmt == "parquet" else "read_csv_auto"
        assert duckdb.sql(f"SELECT count(*) FROM {reader}('{out / (table + '.' + fmt)}')").fetchall() == [(n,)]


def test_review_report_lists_unverified_citations_worst_first(sample_db, tmp_path):
    out = tmp_path / "review.html"
    result = CliRunner().invoke(main, ["report", "--db", str(sample_db), "--out", str(out), "--limit", "5000"])
    assert result.exit_code == 0, result.output
    page = out.read_text()
    rows = query(sample_db, "SELECT verdict, answer_id FROM citation_audit WHERE verdict <> 'verified'")
    assert page.count('<tr class="finding"') == len(rows)
    verdicts = ("fabricated", "misattributed", "unsupported")
    first = {v: page.index(f'<tr class="finding" data-verdict="{v}"') for v in verdicts}
    assert first["fabricated"] < first["misattributed"] < first["unsupported"]
    assert 'data-verdict="verified"' not in page


# citation objects: planted invented quotes, non-verbatim "direct quotes" and over-confident answers (issue 13)


def _quote_fault_found(t: dict, cites: ByMarker, answers: dict[str, list[str]]) -> bool:
    if t["kind"] == "overconfident":  # the answer's own flag (claimed >= 0.9, integrity at least 0.4 lower)
        return "overconfident" in answers[t["answer_id"]]
    verdict, status, reasons = cites[t]
    if t["kind"] == "invented_quote":
        return verdict != "verified" and status == "not_found" and "text_span_not_found_in_source" in reasons
    return status in ("fuzzy", "not_found") and "quote_not_verbatim" in reasons


def test_planted_quote_and_confidence_faults_are_found(sample_db):
    planted = [t for t in TRUTH if t["kind"] in ("invented_quote", "non_verbatim_quote", "overconfident")]
    assert Counter(t["kind"] for t in planted).keys() == {"invented_quote", "non_verbatim_quote", "overconfident"}
    cites = by_marker(sample_db, "verdict, quote_status, reasons")
    answers = dict(query(sample_db, "SELECT answer_id, flags FROM answer_audit"))
    found = [_quote_fault_found(t, cites, answers) for t in planted]
    assert sum(found) / len(found) >= 0.95


def test_invented_quotes_are_never_verified(sample_db):
    planted = [t for t in TRUTH if t["kind"] == "invented_quote"]
    got = by_marker(sample_db, "verdict, reasons")
    assert planted and all(got[t][0] != "verified" and "text_span_not_found_in_source" in got[t][1] for t in planted)


def test_calibration_view_shows_the_planted_overconfidence(sample_db):
    from audit.sample.settings import OVERCONFIDENT_MODEL

    for level in ("answer", "citation"):
        top = dict(
            query(
                sample_db,
                "SELECT model, overconfidence FROM confidence_calibration "
                f"WHERE level = '{level}' AND bin_low = 0.9 AND n >= 5",
            )
        )
        assert max(top, key=lambda m: top[m]) == OVERCONFIDENT_MODEL, (level, top)
        assert top[OVERCONFIDENT_MODEL] > 0.05
        assert all(v <= 0.05 for m, v in top.items() if m != OVERCONFIDENT_MODEL), (level, top)


def test_every_citation_has_an_audited_type_unless_fabricated(sample_db):
    got = query(sample_db, "SELECT verdict, audited_type, count(*) FROM citation_audit GROUP BY ALL")
    assert all((audited is None) == (verdict == "fabricated") for verdict, audited, _n in got)
    assert {a for _v, a, _n in got} >= {"direct_quote", "paraphrase", "inference", "unsupported"}
