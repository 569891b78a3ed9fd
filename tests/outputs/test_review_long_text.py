"""Long and invisible logged text on the review page: a 50,000-character claim or a 20,000-character model name is
cut with the rest behind "more" (no JavaScript), the page's size stays bounded however many such rows there are,
and bidi overrides, NULs and newlines are written out, never applied; the same in `citeaudit sql`'s table. Logs
audited through the real `citeaudit run`."""

from __future__ import annotations

import html
import json
import re
from datetime import UTC, datetime
from pathlib import Path

import pytest
from click.testing import CliRunner

from audit.charts import LABEL_CHARS
from audit.cli import main
from audit.extract.sentences import MAX_CLAIM_CHARS
from audit.page_text import ITEMS_SHOWN, NAME_KEPT, NAME_SHOWN, TEXT_KEPT, TEXT_SHOWN, text_html
from audit.query import TABLE_CELL_CHARS
from tests.conftest import audit_rows, make_answer
from tests.outputs.browser_helpers import find_browser, load_page

SOURCE = "Refunds take 30 days. The warehouse in Oslo ships on Mondays. Payroll closes on Thursdays in Lima."
CTX = [{"doc_id": "d1", "chunk_id": "c1", "title": "T", "page": 1, "url": None, "text": SOURCE}]
LONG_ROWS = 30


def long_claim(i: int) -> str:
    # words of a few letters, as prose has: a row's height in the browser follows how its shown text wraps
    return f"Payroll {i} closes " + " ".join(f"word{k % 60}" for k in range(7500)) + " in Lima [1]."


LONG_NAME = "m" * 20_000
RTL_TENANT = "evil\u202etnanet"  # shows as "eviltenant" when the override is applied
ROWS = [
    *(make_answer(f"long-{i}", long_claim(i), CTX) for i in range(LONG_ROWS)),
    make_answer(
        "long-meta", "Payroll closes on Fridays in Lima [1].", [{**CTX[0], "doc_id": "D" * 20_000}],
        tenant="t" * 20_000, model=LONG_NAME, logged_at=datetime(2026, 11, 1, 13, tzinfo=UTC),
    ),
    make_answer(
        "new\nline\u202eid", "Payroll \u202eamiL ni syadsruhT no sesolc [1].", CTX,
        tenant=RTL_TENANT, model="mo\x00del", logged_at=datetime(2026, 11, 1, 14, tzinfo=UTC),
    ),
]  # fmt: skip


@pytest.fixture(scope="module")
def page(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("long-text")
    db = audit_rows(root, ROWS)
    out = root / "review.html"
    res = CliRunner().invoke(main, ["report", "--db", str(db), "--out", str(out)])
    assert res.exit_code == 0, res.output
    return out


def finding(text: str, answer_id: str) -> str:
    [row] = [r for r in text.split('<tr class="finding"')[1:] if f"<code>{answer_id}</code>" in r]
    return row[: row.index("</tr>")]


def plain(fragment: str) -> str:
    return html.unescape(re.sub(r"<[^>]*>", "", fragment))


def test_page_size_stays_bounded(page):
    """30 claims of 50,000 characters each (1.5 MB of text) make a page of a few hundred kB."""
    logged = sum(len(r["answer"]) for r in ROWS) + 3 * 20_000
    size = page.stat().st_size
    assert logged > 1_500_000 and size < LONG_ROWS * (TEXT_KEPT + 3_000) + 400_000, size


def test_a_long_claim_shows_its_start_and_keeps_the_rest_behind_more(page):
    """A claim holds at most MAX_CLAIM_CHARS characters (the end of its 50,000-character sentence, up to the
    marker): its first TEXT_SHOWN show, the rest is behind "more"."""
    text = page.read_text(encoding="utf-8")
    sentence = long_claim(7).replace(" [1]", "")
    cell = re.search(r'<td class="claim">(.*?)</td>', finding(text, "long-7"), re.S).group(1)
    summary = re.search(r'<details class="long"><summary>(.*?)<span class="more">', cell, re.S)
    body = cell[cell.index("</summary>") + len("</summary>") : cell.index("</details>")]
    assert summary and len(plain(summary.group(1))) == TEXT_SHOWN
    claim = plain(summary.group(1)) + plain(body)
    assert TEXT_SHOWN < len(claim) <= MAX_CLAIM_CHARS and sentence.rstrip(".").endswith(claim)
    assert f"({len(claim):,} characters)" in cell and "left out" not in cell


def test_text_past_what_the_page_keeps_says_how_much_is_left_out():
    """A text longer than TEXT_KEPT (an evidence window of a source without full stops) keeps TEXT_KEPT characters
    and says how many more there were."""
    html_ = text_html("x" * (TEXT_KEPT + 1234))
    assert "x" * (TEXT_KEPT + 1) not in html_ and "1,234 more characters left out" in plain(html_)


def test_long_names_are_cut_and_filters_still_tell_them_apart(page):
    text = page.read_text(encoding="utf-8")
    assert "m" * (NAME_KEPT + 1) not in text and "t" * (NAME_KEPT + 1) not in text
    assert "D" * (NAME_KEPT + 1) not in text
    row = finding(text, "long-meta")
    tenant = re.search(r'data-tenant="([^"]*)"', row).group(1)
    assert tenant.startswith("t" * NAME_SHOWN + "…") and len(tenant) < NAME_SHOWN + 20
    assert f'<option value="{tenant}">' in text  # the filter's option is the row's key


def test_bidi_overrides_nuls_and_newlines_are_written_out(page):
    text = page.read_text(encoding="utf-8")
    assert "\u202e" not in text and "\x00" not in text
    assert "evil\\u202etnanet" in text and "mo\\x00del" in text
    assert "<code>new\\x0aline\\u202eid</code>" in text  # an id on one line: "new line" would be another id
    # a claim holds no invisible mark (hostile inputs round 5): the override is gone from it, its letters shown as
    # written, so no claim reads otherwise on the page than in the data
    assert "Payroll amiL ni syadsruhT no sesolc" in text


BROWSER = find_browser()
HEIGHTS = (
    "<script>document.body.setAttribute('data-heights', Array.prototype.map.call("
    "document.querySelectorAll('tr.finding'), function (r) { return Math.round(r.getBoundingClientRect().height); })"
    ".join(','));document.body.setAttribute('data-overflow', String(document.documentElement.scrollWidth - "
    "document.documentElement.clientWidth));</script></body>"
)


@pytest.mark.skipif(BROWSER is None, reason="no chromium on PATH: `apt-get install chromium`")
def test_rows_of_long_claims_stay_short_in_the_browser(page, tmp_path):
    """In chromium every row of the findings is a few lines high (a 50,000-character claim was thousands of
    pixels), no table is wider than the window, and the page logs nothing on the console."""
    probe = tmp_path / "probe.html"
    probe.write_text(page.read_text(encoding="utf-8").replace("</body>", HEIGHTS), encoding="utf-8")
    load = load_page(BROWSER, probe.as_uri())
    assert load.console == []
    heights = [int(h) for h in re.search(r'data-heights="([^"]*)"', load.dom).group(1).split(",")]
    assert len(heights) >= LONG_ROWS and max(heights) < 600, heights
    assert re.search(r'data-overflow="(-?\d+)"', load.dom).group(1) == "0"  # no table wider than the window


@pytest.mark.filterwarnings("error::UserWarning")  # "constrained_layout not applied because axes sizes collapsed"
def test_chart_labels_cut_a_long_name(page, tmp_path):
    """A 20,000-character model name is a label of LABEL_CHARS in the chart (it squeezed the axes to nothing)."""
    out = tmp_path / "review.html"
    res = CliRunner().invoke(main, ["report", "--db", str(page.parent / "audit.duckdb"), "--out", str(out)])
    assert res.exit_code == 0, res.output
    text = out.read_text(encoding="utf-8")
    figure = text[text.index('data-chart="per_model"') :]
    figure = figure[: figure.index("</figure>")]
    assert ">" + "m" * (LABEL_CHARS - 1) + "…</text>" in figure and "m" * LABEL_CHARS not in figure


def test_sql_table_shows_one_row_as_one_row_and_cuts_long_text(page):
    """A newline in an answer_id is written out (the id showed as three rows: `new`, `line…`, `id`), and a
    50,000-character answer is cut at TABLE_CELL_CHARS saying its length (it filled 840 lines)."""
    db = str(page.parent / "audit.duckdb")
    query = (
        "SELECT answer_id, tenant, model, answer_text FROM answer_audit "
        "WHERE answer_id LIKE 'new%' OR answer_id = 'long-0'"
    )
    res = CliRunner().invoke(main, ["sql", query, "--db", db])
    assert res.exit_code == 0, res.output
    rows = [line for line in res.output.splitlines() if "\\u202eid" in line]
    assert len(rows) == 1 and "new\\x0aline\\u202eid" in rows[0] and "mo\\x00del" in rows[0]
    assert "\u202e" not in res.output and "\x00" not in res.output
    assert len(res.output.splitlines()) < TABLE_CELL_CHARS // 20 and "characters)" in res.output
    res = CliRunner().invoke(main, ["sql", query, "--db", db, "--format", "json"])
    assert max(len(r["answer_text"]) for r in json.loads(res.output)) == len(ROWS[0]["answer"])  # json: whole


def test_a_finding_with_many_reasons_shows_six_and_keeps_the_rest_behind_more(page):
    """A long claim of `word0 ... word59` holds 60 numbers its source lacks: 60 `missing_number` reasons, one a line,
    made its row thousands of pixels high in the browser. The first ITEMS_SHOWN show, the rest behind "more"."""
    row = finding(page.read_text(encoding="utf-8"), "long-7")
    cells = re.findall(r"<td>(.*?)</td>", row, re.S)
    [reasons] = [c for c in cells if "missing_number:" in c]
    summary = reasons[: reasons.index("</summary>")]
    assert summary.count("missing_number:") == ITEMS_SHOWN, summary
    assert reasons.count("missing_number:") > ITEMS_SHOWN and "in all)" in summary
