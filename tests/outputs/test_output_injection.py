"""Hostile logged text in what a reviewer opens: the review page in a real browser, the CSV export in a spreadsheet,
`citeaudit sql` on a terminal. Logs audited through the real `citeaudit run` into a real DuckDB file."""

from __future__ import annotations

import csv
import io
import json
from datetime import UTC, datetime
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from click.testing import CliRunner

from audit.cli import main
from tests.conftest import audit_rows, make_answer
from tests.outputs.browser_helpers import find_browser, load_page

SCRIPT = "<script>window.pwned=1</script>"
IMG = '<img src=x onerror="window.pwned=2">'
BREAKOUT = "\"'><svg onload=window.pwned=3>"
TEMPLATE = "{{7*7}} ${7*7}"
JSON_BREAK = "a\u2028b\u2029c </style></script><script>window.pwned=4</script>"
HYPERLINK = '=HYPERLINK("http://x","click") Refunds take 30 days [1].'
DDE = "+cmd|' /C calc'!A0 The warehouse in Oslo ships on Mondays [1]."
MARKUP = "[link=file:///etc/passwd]click[/link] [bold red]x[/] [/]"
ESCAPES = "\x1b]0;owned\x07\x1b[31mred"
ID_LIKE = 't id="z" url(#q) xlink:href="#w"'  # what the chart's id salting rewrote in the SVG's tags
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def _ctx(doc_id: str, title: str, url: str) -> list[dict[str, object]]:
    return [
        {"doc_id": doc_id, "chunk_id": "c1" + BREAKOUT, "title": title, "page": 1, "url": url,
         "text": f"Refunds take 30 days. {SCRIPT} {IMG} The warehouse in Oslo ships on Mondays. {JSON_BREAK}"},
    ]  # fmt: skip


ROWS = [
    make_answer(
        "a0" + SCRIPT, HYPERLINK, _ctx("doc" + IMG, SCRIPT, "javascript:window.pwned=5"),
        tenant="=t" + TEMPLATE, model="@m" + JSON_BREAK, question="=1+1",
    ),
    make_answer(
        "a1" + BREAKOUT, DDE, _ctx("-doc" + BREAKOUT, BREAKOUT, "data:text/html,<script>alert(1)</script>"),
        tenant="t" + BREAKOUT, model=MARKUP, logged_at=datetime(2026, 11, 1, 13, tzinfo=UTC),
    ),
    make_answer(
        "a2", f"Oslo {JSON_BREAK} {TEMPLATE} ships on Fridays [1].", _ctx("../../etc/passwd", TEMPLATE, '"x'),
        tenant="../../x", model=ESCAPES, logged_at=datetime(2026, 11, 1, 14, tzinfo=UTC),
    ),
    make_answer(
        "a3", "Payroll closes on Thursdays in Lima [1].", _ctx(ID_LIKE, ID_LIKE, "http://example.com"),
        tenant=ID_LIKE, model=ID_LIKE, logged_at=datetime(2026, 11, 1, 15, tzinfo=UTC),
    ),
]  # fmt: skip


@pytest.fixture(scope="module")
def hostile_db(tmp_path_factory) -> Path:
    return audit_rows(tmp_path_factory.mktemp("hostile-outputs"), ROWS)


def cli(*args: str) -> str:
    res = CliRunner().invoke(main, list(args))
    assert res.exit_code == 0, res.output
    return res.output


def csv_cells(text: str) -> list[str]:
    return [cell for row in csv.reader(io.StringIO(text, newline="")) for cell in row]


def test_csv_export_cells_never_start_a_formula(hostile_db, tmp_path):
    """Every text cell a spreadsheet would run as a formula gets a leading `'`; the export still verifies and the
    Parquet export keeps the exact text."""
    out = tmp_path / "csv"
    cli("export", "--db", str(hostile_db), "--out", str(out), "--format", "csv")
    cells = [c for f in sorted(out.glob("*.csv")) for c in csv_cells(f.read_text(encoding="utf-8"))]
    assert [c for c in cells if c.startswith(FORMULA_START)] == []
    assert "'" + HYPERLINK in cells and "'" + DDE in cells and "'=t" + TEMPLATE in cells
    assert "'@m" + JSON_BREAK in cells and "'-doc" + BREAKOUT in cells
    assert "ok: 7 files match" in cli("verify-export", str(out))
    parquet = tmp_path / "parquet"
    cli("export", "--db", str(hostile_db), "--out", str(parquet))
    answers = pq.read_table(parquet / "answer_audit.parquet").to_pylist()
    assert {r["tenant"] for r in answers} == {"=t" + TEMPLATE, "t" + BREAKOUT, "../../x", ID_LIKE}
    assert "ok: 7 files match" in cli("verify-export", str(parquet))


def test_sql_csv_cells_never_start_a_formula(hostile_db):
    """`citeaudit sql --format csv` defuses the same cells; `--format json` keeps the exact text."""
    query = "SELECT answer_id, tenant, model, -1 AS n FROM answer_audit ORDER BY answer_id"
    rows = list(csv.reader(io.StringIO(cli("sql", query, "--db", str(hostile_db), "--format", "csv"), newline="")))
    assert rows[1] == ["a0" + SCRIPT, "'=t" + TEMPLATE, "'@m" + JSON_BREAK, "-1"]  # a number stays a number
    assert [c for row in rows for c in row[:3] if c.startswith(FORMULA_START)] == []
    exact = json.loads(cli("sql", query, "--db", str(hostile_db), "--format", "json"))
    assert [r["tenant"] for r in exact] == ["=t" + TEMPLATE, "t" + BREAKOUT, "../../x", ID_LIKE]


def test_sql_table_prints_logged_text_as_text(hostile_db):
    """Rich markup in a logged text is shown, never applied (a `[/]` stopped the command with MarkupError), and a
    terminal escape sequence is shown escaped, never sent to the terminal."""
    shown = cli("sql", "SELECT model FROM answer_audit ORDER BY answer_id", "--db", str(hostile_db))
    assert "MarkupError" not in shown
    assert "[link=file:///etc/passwd]click[/link]" in shown and "[/]" in shown
    assert "\x1b" not in shown and "\x07" not in shown
    assert "\\x1b]0;owned\\x07\\x1b[31mred" in shown
    failing = "SELECT CAST(model AS INT) FROM answer_audit WHERE answer_id = 'a2'"  # DuckDB's error quotes the value
    res = CliRunner().invoke(main, ["sql", failing, "--db", str(hostile_db)])
    assert res.exit_code == 2 and "Conversion Error" in res.output, res.output
    assert "\x1b" not in res.output and "\x07" not in res.output and "\\x1b]0;owned" in res.output


def test_chart_labels_keep_the_logged_text(hostile_db, tmp_path):
    """The charts' per-chart id salting rewrites only the SVG's tags: a tenant, model or source named like an id or
    a url reference shows as logged (it showed as `t id="per_tenant-z" url(#per_tenant-q) ...`)."""
    page = tmp_path / "review.html"
    cli("report", "--db", str(hostile_db), "--out", str(page))
    html = page.read_text(encoding="utf-8")
    for key in ("per_tenant", "per_model", "source_health"):
        figure = html[html.index(f'data-chart="{key}"') :]
        figure = figure[: figure.index("</figure>")]
        assert f">{ID_LIKE}</text>" in figure, key


@pytest.mark.filterwarnings("error::UserWarning")  # matplotlib's "Glyph 27 missing from font(s)" for a raw ESC
def test_chart_labels_write_control_characters_out(hostile_db, tmp_path):
    """A model name holding terminal escape codes is charted as the terminal shows it (`\\x1b`), not as a glyph no
    font has."""
    page = tmp_path / "review.html"
    cli("report", "--db", str(hostile_db), "--out", str(page))
    html = page.read_text(encoding="utf-8")
    figure = html[html.index('data-chart="per_model"') :]
    figure = figure[: figure.index("</figure>")]
    assert "\x1b" not in figure and "\\x1b]0;owned" in figure


BROWSER = find_browser()
PWNED = '<script>document.body.setAttribute("data-pwned", String(window.pwned))</script></body>'


@pytest.mark.skipif(BROWSER is None, reason="no chromium on PATH: `apt-get install chromium`")
def test_review_page_runs_no_logged_script(hostile_db, tmp_path):
    """Scripts, event handlers, attribute break-outs, `</style>`, U+2028 and template syntax in answers, claims,
    sources, titles, urls, doc ids, tenants and models stay text in chromium; no url becomes a link."""
    page = tmp_path / "review.html"
    cli("report", "--db", str(hostile_db), "--out", str(page))
    html = page.read_text(encoding="utf-8")
    assert "javascript:" not in html and "data:text" not in html  # urls are not rendered at all
    probe = tmp_path / "probe.html"
    probe.write_text(html.replace("</body>", PWNED), encoding="utf-8")
    load = load_page(BROWSER, probe.as_uri())
    assert load.console == []
    body = load.dom[load.dom.index("<body") : load.dom.index(">", load.dom.index("<body"))]
    assert 'data-pwned="undefined"' in body and 'data-ready="true"' in body and "data-js-errors" not in body
    assert "<img" not in load.dom
    assert "{{7*7}}" in load.dom and "=t{{7*7}} ${7*7}" in load.dom
