"""The review page as HTML: its figures equal the database's, every chart is drawn, logged text is escaped,
and a chart is one registered function."""

from __future__ import annotations

import html
import re
import shutil
from pathlib import Path

import duckdb
import pytest
from click.testing import CliRunner

from audit.charts import CHARTS, chart
from audit.cli import main
from audit.evidence import WINDOW_CHARS, highlight_span
from audit.review import fmt, render_report
from audit.window import Window
from tests.outputs.conftest import HOSTILE_TENANT

METRIC = re.compile(r'data-metric="(\w+)">([^<]*)<')


def page_metrics(page: str) -> dict[str, str]:
    return {k: html.unescape(v) for k, v in METRIC.findall(page)}


def db_metrics(db: Path) -> dict[str, str]:
    """The headline figures, computed here from the tables (not with the page's queries)."""
    con = duckdb.connect(str(db), read_only=True)
    try:

        def one(sql: str):
            return con.execute(sql).fetchall()[0][0]

        shares = {
            "citation_integrity": one(
                "SELECT avg(CASE WHEN verdict = 'verified' THEN 1 ELSE 0 END) FROM citation_audit"
            ),
            "share_red": one("SELECT avg(CASE WHEN level = 'RED' THEN 1 ELSE 0 END) FROM answer_audit"),
            "citation_recall": one("SELECT avg(citation_recall) FROM answer_audit"),
            "citation_precision": one("SELECT avg(citation_precision) FROM answer_audit"),
            "coverage": one("SELECT avg(coverage) FROM answer_audit"),
        }
        counts = {
            "answers": one("SELECT count(*) FROM answer_audit"),
            "citations": one("SELECT count(*) FROM citation_audit"),
            "fabricated": one("SELECT count(*) FROM citation_audit WHERE verdict = 'fabricated'"),
            "misattributed": one("SELECT count(*) FROM citation_audit WHERE verdict = 'misattributed'"),
            "uncited_claims": one("SELECT count(*) FROM uncited_claims"),
            "quarantined": one("SELECT count(*) FROM quarantine"),
            "unverified": one("SELECT count(*) FROM citation_audit WHERE verdict <> 'verified'"),
        }
    finally:
        con.close()
    return {k: fmt(v, "share") for k, v in shares.items()} | {k: fmt(v, "count") for k, v in counts.items()}


@pytest.fixture(scope="module")
def page(small_db) -> str:
    return render_report(small_db, Window())


@pytest.mark.parametrize(
    "window,window_start,span_start,span_end,expected",
    [
        ("abcdef", 0, 2, 4, "ab<mark>cd</mark>ef"),
        ("a<b>c", 10, 11, 14, "…a<mark>&lt;b&gt;</mark>c"),
        ("abc", 0, 1, 99, "a<mark>bc</mark>"),
        ("abc", 0, 2, 1, "ab<mark></mark>c"),
        ("x" * (WINDOW_CHARS + 2), 0, 0, 2, "<mark>xx</mark>" + "x" * WINDOW_CHARS + "…"),
    ],
    ids=["middle", "escaped_and_cut_before", "span_past_the_end", "inverted_span", "cut_after"],
)
def test_highlight_span(window, window_start, span_start, span_end, expected):
    assert highlight_span(window, window_start, span_start, span_end) == expected


def test_headline_figures_are_the_databases(page, small_db):
    assert page_metrics(page) == db_metrics(small_db)


def test_breakdowns_by_tenant_and_model_are_the_databases(page, small_db):
    con = duckdb.connect(str(small_db), read_only=True)
    try:
        for key in ("tenant", "model"):
            expected = con.execute(
                f"SELECT {key}, sum(n_verified) / sum(n_citations) FROM answer_audit GROUP BY 1"
            ).fetchall()
            table = page[page.index(f'data-breakdown="{key}"') :]
            table = table[: table.index("</table>")]
            for name, integrity in expected:
                row = table[table.index(f'<tr data-key="{html.escape(name)}">') :]
                cell = re.search(r'data-col="citation_integrity">([^<]*)<', row)
                assert cell and cell.group(1) == fmt(integrity, "share"), (key, name)
    finally:
        con.close()


def test_every_chart_is_drawn(page):
    figures = re.findall(r'<figure class="chart" data-chart="(\w+)"(.*?)</figure>', page, re.S)
    assert [key for key, _ in figures] == [c.key for c in CHARTS]
    for key, body in figures:
        assert "<svg" in body and "<path" in body, key
    assert page.count("<svg") == len(CHARTS)


def test_unverified_citations_worst_first_with_highlighted_evidence(page, small_db):
    verdicts = re.findall(r'<tr class="finding" data-verdict="(\w+)"', page)
    con = duckdb.connect(str(small_db), read_only=True)
    try:
        n = con.execute("SELECT count(*) FROM citation_audit WHERE verdict <> 'verified'").fetchall()[0][0]
    finally:
        con.close()
    assert len(verdicts) == n
    order = ["fabricated", "misattributed", "unsupported", "weak"]
    assert [order.index(v) for v in verdicts] == sorted(order.index(v) for v in verdicts)
    rows = page.split('<tr class="finding"')[1:]
    scored = [r for r in rows if 'data-verdict="fabricated"' not in r]
    assert scored and all("<mark>" in r for r in scored)  # the span inside its source window
    assert all("not among the retrieved contexts" in r for r in rows if 'data-verdict="fabricated"' in r)


def test_logged_text_is_escaped(page):
    assert page.count("<script") == 1  # the page's own filter script
    assert "window.pwned" in page and "<script>window.pwned" not in page
    assert "&lt;script&gt;window.pwned=2&lt;/script&gt;" in page  # the claim
    assert "&lt;img src=x onerror" in page and "<img" not in page  # the source window
    assert HOSTILE_TENANT not in page and html.escape(HOSTILE_TENANT) in page
    assert 'data-tenant="&lt;i&gt;t&amp;co&lt;/i&gt;"' in page


def test_limit_shows_the_worst_and_says_so(small_db):
    page = render_report(small_db, Window(), limit=3)
    assert len(re.findall(r'<tr class="finding"', page)) == 3
    assert "the worst 3 of" in page


def test_a_new_chart_is_one_function_and_waits_for_its_view(small_db, tmp_path):
    saved = list(CHARTS)

    @chart(
        "reliability",
        "Claimed confidence vs verified share",
        "Reliability diagram.",
        "SELECT claimed, verified_share FROM confidence_calibration",
        requires="confidence_calibration",
    )
    def reliability(rows, ctx):
        from matplotlib.figure import Figure

        fig = Figure()
        fig.subplots().plot([r[0] for r in rows], [r[1] for r in rows], marker="o")
        return fig

    try:
        assert 'data-chart="reliability"' not in render_report(small_db, Window())  # no such view: left out
        db = tmp_path / "with_view.duckdb"
        shutil.copy(small_db, db)
        con = duckdb.connect(str(db))
        con.execute("CREATE VIEW confidence_calibration AS SELECT 0.9 AS claimed, 0.7 AS verified_share")
        con.close()
        drawn = render_report(db, Window())
        assert re.search(r'data-chart="reliability"><h3>[^<]*</h3><svg', drawn)
    finally:
        CHARTS[:] = saved


def test_report_command_writes_the_page(small_db, tmp_path):
    out = tmp_path / "r" / "review.html"
    result = CliRunner().invoke(
        main, ["report", "--db", str(small_db), "--out", str(out), "--since", "2026-11-02", "--until", "2026-11-03"]
    )
    assert result.exit_code == 0, result.output
    assert page_metrics(out.read_text())["answers"] != db_metrics(small_db)["answers"]  # one day of two
