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
from audit.page_text import TEXT_SHOWN
from audit.review import fmt, fmt_gap, render_report
from audit.window import Window
from tests.outputs.conftest import HOSTILE_TENANT

HOSTILE_OVERCONFIDENT = "<b>$m&co$</b>"
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
        (
            "a" + "x" * TEXT_SHOWN + "\u202eb",
            0,
            1,
            TEXT_SHOWN + 1,
            f'<details class="long"><summary>a<mark>{"x" * (TEXT_SHOWN - 1)}</mark><span class="more">… '
            f"({TEXT_SHOWN + 3} characters)</span></summary><mark>x</mark>\\u202eb</details>",
        ),
    ],
    ids=["middle", "escaped_and_cut_before", "span_past_the_end", "inverted_span", "cut_after", "long_span"],
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
        "toy",
        "Claimed vs found",
        "A chart over a view only some databases have.",
        "SELECT claimed, found FROM toy_view",
        requires="toy_view",
    )
    def toy(rows, ctx):
        from matplotlib.figure import Figure

        fig = Figure()
        fig.subplots().plot([r[0] for r in rows], [r[1] for r in rows], marker="o")
        return fig

    try:
        assert 'data-chart="toy"' not in render_report(small_db, Window())  # no such view: left out
        db = tmp_path / "with_view.duckdb"
        shutil.copy(small_db, db)
        con = duckdb.connect(str(db))
        con.execute("CREATE VIEW toy_view AS SELECT 0.9 AS claimed, 0.7 AS found")
        con.close()
        drawn = render_report(db, Window())
        assert re.search(r'data-chart="toy"><h3>[^<]*</h3><svg', drawn)
    finally:
        CHARTS[:] = saved


def view_overconfidence(db: Path, level: str, min_n: int = 5) -> list[tuple[str, str, str, str, str]]:
    """The over-confident models pooled here from the `confidence_calibration` view's rows (not with the page's
    query), formatted as the page writes them, most over-confident first."""
    con = duckdb.connect(str(db), read_only=True)
    try:
        rows = con.execute(
            "SELECT model, n, citations, mean_claimed_confidence, share_verified FROM confidence_calibration "
            "WHERE level = ?",
            [level],
        ).fetchall()
    finally:
        con.close()
    pooled = []
    for model in {r[0] for r in rows}:
        mine = [r for r in rows if r[0] == model]
        n = sum(r[1] for r in mine)
        scored = [r for r in mine if r[4] is not None]
        claimed = sum(r[1] * r[3] for r in mine) / n
        verified = sum(r[2] * r[4] for r in scored) / sum(r[2] for r in scored) if scored else None
        if n >= min_n:
            pooled.append((model, n, claimed, verified, None if verified is None else claimed - verified))
    pooled.sort(key=lambda r: (r[4] is None, -(r[4] or 0), r[0]))
    return [(m, fmt(n, "count"), fmt(c, "share"), fmt(v, "share"), fmt_gap(g)) for m, n, c, v, g in pooled[:5]]


OVERCONFIDENCE_COLUMNS = ("n", "mean_claimed", "share_verified", "gap")


def page_overconfidence(page: str, level: str) -> list[tuple[str, ...]]:
    table = page[page.index(f'data-overconfident="{level}"') :]
    table = table[: table.index("</table>")]
    rows = re.findall(
        r'<tr data-key="([^"]*)"><td>[^<]*</td>'
        + "".join(rf'<td class="num" data-col="{c}">([^<]*)</td>' for c in OVERCONFIDENCE_COLUMNS),
        table,
    )
    return [tuple(html.unescape(v) for v in row) for row in rows]


@pytest.mark.parametrize("level", ["answer", "citation"])
def test_overconfident_models_are_the_views(page, small_db, level):
    expected = view_overconfidence(small_db, level)
    assert expected, "the small audit logs claimed confidence"
    assert page_overconfidence(page, level) == expected


def test_reliability_diagram_draws_every_model_of_the_view_and_the_diagonal(page, small_db):
    con = duckdb.connect(str(small_db), read_only=True)
    try:
        models = {m for (m,) in con.execute("SELECT DISTINCT model FROM confidence_calibration").fetchall()}
    finally:
        con.close()
    figure = re.search(r'<figure class="chart" data-chart="reliability">(.*?)</figure>', page, re.S)
    assert figure and "<svg" in figure.group(1)
    texts = {html.unescape(t).strip() for t in re.findall(r"<text[^>]*>([^<]*)</text>", figure.group(1))}
    assert models and models <= texts
    assert "calibrated" in texts and "claimed confidence" in texts


def test_the_planted_overconfident_model_tops_the_list(sample_audit_db):
    from audit.sample.generate import OVERCONFIDENT_MODEL

    page = render_report(sample_audit_db, Window())
    for level in ("answer", "citation"):
        rows = page_overconfidence(page, level)
        assert rows == view_overconfidence(sample_audit_db, level)
        assert rows[0][0] == OVERCONFIDENT_MODEL, (level, rows)
        gaps = [float(r[4].removesuffix(" pp")) for r in rows]
        assert gaps[0] > 5 and all(g < 5 for g in gaps[1:]), (level, rows)
    assert re.search(r'data-chart="reliability"><h3>[^<]*</h3><svg', page)


def test_overconfident_model_names_are_escaped(small_db, tmp_path):
    db = tmp_path / "hostile_model.duckdb"
    shutil.copy(small_db, db)
    con = duckdb.connect(str(db))
    [(model,)] = con.execute(
        "SELECT model FROM confidence_calibration WHERE level = 'answer' GROUP BY 1 ORDER BY sum(n) DESC LIMIT 1"
    ).fetchall()
    con.execute("UPDATE answer_audit SET model = ? WHERE model = ?", [HOSTILE_OVERCONFIDENT, model])
    con.close()
    page = render_report(db, Window())
    assert HOSTILE_OVERCONFIDENT not in page
    assert f'<tr data-key="{html.escape(HOSTILE_OVERCONFIDENT)}">' in page
    assert re.search(r'data-chart="reliability"><h3>[^<]*</h3><svg', page)  # "$" is not read as mathtext


def test_a_database_without_the_calibration_view_has_no_confidence_section(small_db, tmp_path):
    db = tmp_path / "no_view.duckdb"
    shutil.copy(small_db, db)
    con = duckdb.connect(str(db))
    con.execute("DROP VIEW confidence_calibration")
    con.close()
    page = render_report(db, Window())
    assert 'data-chart="reliability"' not in page and "data-overconfident" not in page
    assert page_metrics(page) == db_metrics(small_db)


def test_report_command_writes_the_page(small_db, tmp_path):
    out = tmp_path / "r" / "review.html"
    result = CliRunner().invoke(
        main, ["report", "--db", str(small_db), "--out", str(out), "--since", "2026-11-02", "--until", "2026-11-03"]
    )
    assert result.exit_code == 0, result.output
    assert page_metrics(out.read_text())["answers"] != db_metrics(small_db)["answers"]  # one day of two


def test_a_page_that_fails_mid_write_leaves_the_previous_one_whole(small_db, tmp_path):
    """A full disk (here a file-size limit below the page's size) while the page is rewritten: it was truncated in
    place, so the previous page was lost and a reader could see half of one. It is written aside and renamed over
    the page only when whole."""
    import resource
    import subprocess
    import sys

    out = tmp_path / "review.html"
    first = CliRunner().invoke(main, ["report", "--db", str(small_db), "--out", str(out)])
    assert first.exit_code == 0, first.output
    before = out.read_bytes()
    limit = len(before) // 2
    full = subprocess.run(
        [sys.executable, "-m", "audit.cli", "report", "--db", str(small_db), "--out", str(out)],
        capture_output=True,
        text=True,
        timeout=300,
        preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit)),
    )
    assert full.returncode == 2 and "cannot write the review page" in full.stderr, full.stderr
    assert out.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["review.html"]  # nothing written aside is left


def test_report_prints_a_bracketed_path_as_given(small_db, tmp_path):
    out = tmp_path / "r[" / "]review.html"  # `[/]` in the path stopped the command with MarkupError, page written
    result = CliRunner().invoke(main, ["report", "--db", str(small_db), "--out", str(out)])
    assert (result.exit_code, result.output) == (0, f"review page: {out}\n")
