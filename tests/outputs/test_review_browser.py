"""The review page in a real headless browser (Debian's chromium): scripts run without console errors, every
chart renders, the figures shown are the database's, and the offline filters work."""

from __future__ import annotations

import re
from urllib.parse import quote

import duckdb
import pytest

from audit.charts import CHARTS
from audit.review import write_report
from audit.window import Window
from tests.outputs.browser_helpers import find_browser, load_page
from tests.outputs.test_review import db_metrics, page_metrics

BROWSER = find_browser()
pytestmark = pytest.mark.skipif(
    BROWSER is None, reason="no chromium on PATH: `apt-get install chromium` (make test does it when run as root)"
)


@pytest.fixture(scope="module")
def report_file(small_db, tmp_path_factory):
    return write_report(small_db, tmp_path_factory.mktemp("review") / "review.html", Window())


def test_console_errors_are_seen(tmp_path):
    """The console check itself: a page with a broken script is caught."""
    bad = tmp_path / "bad.html"
    bad.write_text("<!doctype html><p>x</p><script>console.error('boom'); notDefined();</script>")
    console = load_page(BROWSER, bad.as_uri()).console
    assert any("boom" in m for m in console) and any("notDefined" in m for m in console)


def test_page_renders_with_the_databases_figures(report_file, small_db):
    load = load_page(BROWSER, report_file.as_uri())
    assert load.console == []
    body = re.search(r"<body([^>]*)>", load.dom)
    assert body and 'data-ready="true"' in body.group(1) and "data-js-errors" not in body.group(1)
    rendered = dict(re.findall(r'<figure class="chart" data-chart="(\w+)"[^>]*?data-rendered="(\w+)"', load.dom))
    assert rendered == {c.key: "true" for c in CHARTS}
    assert page_metrics(load.dom) == db_metrics(small_db)
    assert load.dom.count("<mark>") >= 1


@pytest.mark.parametrize("verdict", ["misattributed", "fabricated", "weak"])
def test_filters_work_offline(report_file, small_db, verdict):
    con = duckdb.connect(str(small_db), read_only=True)
    try:
        [(n,)] = con.execute("SELECT count(*) FROM citation_audit WHERE verdict = ?", [verdict]).fetchall()
        [(tenant, n_tenant)] = con.execute(
            "SELECT tenant, count(*) FROM unverified_citations WHERE verdict = ? GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 1",
            [verdict],
        ).fetchall()
    finally:
        con.close()
    load = load_page(BROWSER, f"{report_file.as_uri()}#verdict={verdict}")
    assert load.console == []
    assert re.search(r'id="shown-count">(\d+)<', load.dom).group(1) == str(n)
    visible = re.findall(r'<tr class="finding" data-verdict="(\w+)"[^>]*?(hidden="")?>', load.dom)
    assert sorted(v for v, hidden in visible if not hidden) == [verdict] * n
    both = load_page(BROWSER, f"{report_file.as_uri()}#verdict={verdict}&tenant={quote(tenant)}")
    assert re.search(r'id="shown-count">(\d+)<', both.dom).group(1) == str(n_tenant)


def test_reliability_diagram_renders_on_the_sample(sample_audit_db, tmp_path):
    """The sample's reliability diagram has a rendered size and marks in the browser, and its over-confident
    model heads both tables the browser shows."""
    from audit.sample.generate import OVERCONFIDENT_MODEL

    report = write_report(sample_audit_db, tmp_path / "review.html", Window())
    load = load_page(BROWSER, report.as_uri())
    assert load.console == []
    figure = re.search(r'<figure class="chart" data-chart="reliability"([^>]*)>(.*?)</figure>', load.dom, re.S)
    assert figure and 'data-rendered="true"' in figure.group(1)
    assert "<svg" in figure.group(2) and "calibrated" in figure.group(2)
    for level in ("answer", "citation"):
        table = load.dom[load.dom.index(f'data-overconfident="{level}"') :]
        assert re.search(r'<tr data-key="([^"]*)"', table).group(1) == OVERCONFIDENT_MODEL


def test_the_dialect_sweeps_dialects_and_reasons_are_shown_and_filter_the_findings(tmp_path):
    # the findings of file-search, named-footnote and superscript citations could be filtered by verdict, tenant
    # and model only: their dialect was shown nowhere and source_not_named / footnote_not_defined were no filter, so
    # a reviewer could not list the file-search annotations that named no file. Both filters are built from the
    # findings, reasons by name (missing_number:20 is missing_number), and a row matches any of its reasons
    from click.testing import CliRunner

    from audit.cli import main
    from tests.cli.hostile import CTX, audited
    from tests.conftest import make_answer

    answers = {
        "unnamed": "Refunds take 30 days【4:0†source】.",
        "wrong": "Refunds take 30 days [1]. Shipping costs 20 euros【4:1†Shipping.pdf】.",
        "undefined": "Refunds take 30 days[^note].",
        "superscript": "Refunds take 30 days¹. Shipping is free over 50 euros³.",
        "numeric": "Refunds take 30 days [9].",
    }
    # (`†source` naming no file is one of the sources retrieved: here none is)
    db = audited(tmp_path, [make_answer(k, v, [] if k == "unnamed" else CTX) for k, v in answers.items()])
    page = tmp_path / "review.html"
    res = CliRunner().invoke(main, ["report", "--db", str(db), "--out", str(page)])
    assert res.exit_code == 0, res.output
    con = duckdb.connect(str(db), read_only=True)
    try:
        rows = con.execute("SELECT dialect, reasons FROM unverified_citations").fetchall()
    finally:
        con.close()
    load = load_page(BROWSER, page.as_uri())
    assert load.console == [] and 'data-js-errors="' not in load.dom, load.console
    options = {
        name: re.findall(r'<option value="([^"]*)"', re.search(rf'id="filter-{name}">(.*?)</select>', load.dom)[1])
        for name in ("dialect", "reason")
    }
    assert options["dialect"] == ["", *sorted({d for d, _ in rows})], options
    assert {"file_search", "named_footnote", "superscript", "numeric"} <= set(options["dialect"])
    assert {"source_not_named", "footnote_not_defined", "index_out_of_range", "missing_number"} <= set(
        options["reason"]
    ), options
    for name, value, n in (
        ("dialect", "file_search", sum(d == "file_search" for d, _ in rows)),
        ("reason", "source_not_named", 1),
        ("reason", "footnote_not_defined", 1),
        ("reason", "index_out_of_range", sum("index_out_of_range" in r for _, r in rows)),
    ):
        shown = load_page(BROWSER, f"{page.as_uri()}#{name}={value}").dom
        assert re.search(r'id="shown-count">(\d+)<', shown)[1] == str(n), (name, value)
    assert "file_search" in re.search(r'<table class="findings">.*</table>', load.dom, re.S)[0]


def test_the_answers_flags_are_shown_on_its_findings_and_filter_them(tmp_path):
    # an answer whose contexts were ranked from 0 is flagged context_rank_0_not_citable: its [1] read one place off
    # (here: unverified, better source "context 0"), but the page showed no answer's flags, so the reviewer saw a
    # wrong citation and not why. The flags show on the answer's findings and filter them, by name
    import pyarrow as pa
    import pyarrow.parquet as pq
    from click.testing import CliRunner

    from audit.cli import main
    from audit.contract import answers_schema
    from tests.cli.hostile import CTX
    from tests.conftest import make_answer

    answers = [make_answer(a, f"Refunds take 30 days [{n}].", []) for a, n in (("zero", 1), ("one", 9))]
    for a in answers:
        a["contexts"] = None
    inp, ctx, db = tmp_path / "answers.parquet", tmp_path / "contexts.parquet", tmp_path / "audit.duckdb"
    pq.write_table(pa.Table.from_pylist(answers, schema=answers_schema()), inp)
    rows = [
        {"answer_id": a, "rank": first + i, "text": c["text"]}
        for a, first in (("zero", 0), ("one", 1))
        for i, c in enumerate(CTX)
    ]
    schema = pa.schema([("answer_id", pa.string()), ("rank", pa.int64()), ("text", pa.string())])
    pq.write_table(pa.Table.from_pylist(rows, schema=schema), ctx)
    runner = CliRunner()
    res = runner.invoke(main, ["run", "--input", str(inp), "--contexts", str(ctx), "--db", str(db), "--quiet"])
    assert res.exit_code == 0, res.output
    page = tmp_path / "review.html"
    res = runner.invoke(main, ["report", "--db", str(db), "--out", str(page)])
    assert res.exit_code == 0, res.output
    load = load_page(BROWSER, page.as_uri())
    assert load.console == [] and 'data-js-errors="' not in load.dom, load.console
    options = re.findall(r'<option value="([^"]*)"', re.search(r'id="filter-flag">(.*?)</select>', load.dom)[1])
    assert options == ["", "context_rank_0_not_citable"], options
    assert re.search(r'id="shown-count">(\d+)<', load.dom)[1] == "2"
    shown = load_page(BROWSER, f"{page.as_uri()}#flag=context_rank_0_not_citable").dom
    assert re.search(r'id="shown-count">(\d+)<', shown)[1] == "1"
    findings = {("zero" in r): r for r in re.findall(r'<tr class="finding"[^>]*>.*?</tr>', load.dom, re.S)}
    assert "context_rank_0_not_citable" in findings[True] and "context_rank_0" not in findings[False], findings
