"""`citeaudit report`: one self-contained HTML page for reviewers.

Headline figures, charts (static SVG, `audit.charts`), breakdowns by day, tenant and model, then the unverified
citations worst first with the claim, the reasons, the suggested source and the evidence span highlighted inside
its source text. Styles and the small filter script are inlined; every logged text is escaped.
"""

from __future__ import annotations

import contextlib
import errno
import html
import os
import stat
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import duckdb

from audit.charts import CHARTS, Chart, ChartContext, figure_svg
from audit.config import AuditConfig
from audit.errors import InputError
from audit.evidence import highlight_span
from audit.page_text import TEXT_KEPT, TEXT_SHOWN, filter_key, name_html, names_html, parts_html, text_html
from audit.reliability import Overconfidence
from audit.review_data import (
    Finding,
    ReviewData,
    latest_logged_at,
    load_review_data,
    relation_exists,
    trend_condition,
    window_condition,
)
from audit.sql import READ_WAIT_S
from audit.store import open_db
from audit.verdict import Verdict
from audit.window import Window

_ASSETS = Path(__file__).resolve().parent / "assets"

HEADLINE = (  # key in ReviewData.headline, label, kind
    ("answers", "answers audited", "count"),
    ("citations", "citations", "count"),
    ("citation_integrity", "citation integrity", "share"),
    ("share_red", "answers RED", "share"),
    ("citation_recall", "ALCE citation recall", "share"),
    ("citation_precision", "ALCE citation precision", "share"),
    ("coverage", "claim coverage", "share"),
    (Verdict.FABRICATED.value, "fabricated citations", "count"),
    (Verdict.MISATTRIBUTED.value, "misattributed citations", "count"),
    ("uncited_claims", "uncited claims", "count"),
)
BREAKDOWN_COLUMNS = (
    ("answers", "answers", "count"),
    ("citations", "citations", "count"),
    ("citation_integrity", "integrity", "share"),
    ("share_red", "share RED", "share"),
    ("citation_recall", "ALCE recall", "share"),
    ("citation_precision", "ALCE precision", "share"),
    ("coverage", "coverage", "share"),
)


def fmt(value: Any, kind: str) -> str:
    """How the page writes a figure: shares as percentages with one decimal, counts with separators."""
    if value is None:
        return "–"
    if kind == "share":
        return f"{float(value) * 100:.1f}%"
    return f"{int(value):,}"


def _e(value: Any) -> str:
    return html.escape("" if value is None else str(value))


def render_charts(con: duckdb.DuckDBPyConnection, window: Window, cfg: AuditConfig) -> list[tuple[Chart, str | None]]:
    """Every registered chart for the window: its SVG, or None when there is nothing to draw."""
    ctx = ChartContext(weak=cfg.support.weak, verified=cfg.support.verified)
    where = window_condition(window)
    trend = trend_condition(window, latest_logged_at(con))
    out: list[tuple[Chart, str | None]] = []
    for chart in CHARTS:
        if chart.requires and not relation_exists(con, chart.requires):
            continue
        rows = con.execute(chart.sql.format(where=trend if chart.trend else where)).fetchall()
        fig = chart.draw(rows, ctx)
        out.append((chart, figure_svg(fig, chart.key) if fig is not None else None))
    return out


def _check_columns(con: duckdb.DuckDBPyConnection, db: str | Path) -> None:
    """A file written before the ALCE and source-window columns existed gains them when next opened for writing."""
    found = con.execute(
        "SELECT count(*) FROM information_schema.columns WHERE (table_name, column_name) IN "
        "(('answer_audit', 'citation_recall'), ('citation_audit', 'source_window'))"
    ).fetchall()[0][0]
    if found < 2:
        raise InputError(f"{db} predates the review page's columns: run an audit into it once (it adds them)")


def _headline_html(data: ReviewData) -> str:
    cards = [
        f'<div class="card"><div class="value" data-metric="{key}">{fmt(data.headline[key], kind)}</div>'
        f'<div class="label">{label}</div></div>'
        for key, label, kind in HEADLINE
    ]
    cards.append(
        f'<div class="card"><div class="value" data-metric="quarantined">{fmt(data.quarantined, "count")}</div>'
        '<div class="label">rows quarantined</div></div>'
    )
    return f'<div class="cards">{"".join(cards)}</div>'


def _charts_html(charts: list[tuple[Chart, str | None]]) -> str:
    parts = []
    for chart, svg in charts:
        body = svg if svg is not None else '<p class="muted">nothing to draw in this window</p>'
        state = "" if svg is not None else ' data-rendered="empty"'
        parts.append(
            f'<figure class="chart" data-chart="{_e(chart.key)}"{state}><h3>{_e(chart.title)}</h3>{body}'
            f"<figcaption>{_e(chart.caption)}</figcaption></figure>"
        )
    return f'<div class="charts">{"".join(parts)}</div>'


def _breakdown_html(name: str, rows: list[dict[str, Any]]) -> str:
    head = "".join(f'<th class="num">{label}</th>' for _, label, _ in BREAKDOWN_COLUMNS)
    body = []
    for row in rows:
        cells = "".join(
            f'<td class="num" data-col="{col}">{fmt(row[col], kind)}</td>' for col, _, kind in BREAKDOWN_COLUMNS
        )
        body.append(f'<tr data-key="{_e(filter_key(row["key"]))}"><td>{name_html(row["key"])}</td>{cells}</tr>')
    return (
        f'<h3>By {name}</h3><table class="breakdown" data-breakdown="{name}"><tr><th>{name}</th>{head}</tr>'
        f"{''.join(body)}</table>"
    )


OVERCONFIDENCE_CAPTIONS = {  # level -> what n counts, what the confidence is
    "answer": ("answers", "the answer's own confidence"),
    "citation": ("citations", "each citation object's confidence_score"),
}


def fmt_gap(gap: float | None) -> str:
    """Claimed minus verified in percentage points, signed (+: claims more than the audit finds)."""
    return "–" if gap is None else f"{gap * 100:+.1f} pp"


def _overconfident_table(level: str, rows: list[Overconfidence]) -> str:
    counted, confidence = OVERCONFIDENCE_CAPTIONS[level]
    head = (
        f'<tr><th>model</th><th class="num">{counted}</th><th class="num">mean claimed</th>'
        '<th class="num">share verified</th><th class="num">gap</th></tr>'
    )
    body = "".join(
        f'<tr data-key="{_e(filter_key(r.model))}"><td>{name_html(r.model)}</td>'
        f'<td class="num" data-col="n">{fmt(r.n, "count")}</td>'
        f'<td class="num" data-col="mean_claimed">{fmt(r.mean_claimed, "share")}</td>'
        f'<td class="num" data-col="share_verified">{fmt(r.share_verified, "share")}</td>'
        f'<td class="num" data-col="gap">{fmt_gap(r.gap)}</td></tr>'
        for r in rows
    )
    empty = "" if rows else '<p class="muted">no model logged this confidence often enough (5 or more)</p>'
    return (
        f"<h3>By {_e(confidence)}</h3>"
        f'<table class="breakdown" data-overconfident="{_e(level)}">{head}{body}</table>{empty}'
    )


def _overconfidence_html(data: ReviewData) -> str:
    """The most over-confident models, per level, or nothing where the database has no calibration view."""
    if not data.overconfident:
        return ""
    tables = "".join(_overconfident_table(level, rows) for level, rows in data.overconfident.items())
    return (
        "<h2>Most over-confident models</h2><p class='muted'>Models ranked by how far their self-reported "
        "confidence exceeds the share of their citations the audit verified (gap = mean claimed − share verified; "
        "models with 5 or more, all audited rows, not only the window's). The reliability diagram above shows the "
        "same per bin.</p>"
        f"{tables}"
    )


def evidence_html(f: Finding) -> str:
    """The evidence span highlighted inside its source window, or why there is none."""
    if f.verdict == Verdict.FABRICATED:
        return '<span class="muted">the cited source was not among the retrieved contexts</span>'
    if f.source_window is not None and f.source_window_start is not None and f.evidence_start is not None:
        end = f.evidence_end if f.evidence_end is not None else f.evidence_start
        return highlight_span(f.source_window, f.source_window_start, f.evidence_start, end)
    if f.evidence_text:
        return parts_html([(f.evidence_text, True)], TEXT_SHOWN, TEXT_KEPT)
    return '<span class="muted">no evidence span</span>'


def _finding_html(f: Finding) -> str:
    support = f"{f.support:.2f}" if f.support is not None else "–"
    source = f"context {f.context_rank}" if f.context_rank is not None else "not retrieved"
    doc = f"<br>{name_html(f.doc_id, 'code')}" if f.doc_id else ""
    suggested = f"context {f.suggested_rank}" if f.suggested_rank is not None else "–"
    reasons = names_html(f.reasons)
    flags = f"<br>{names_html(f.flags)}" if f.flags else ""
    return (
        f'<tr class="finding" data-verdict="{_e(f.verdict)}" data-tenant="{_e(filter_key(f.tenant))}" '
        f'data-model="{_e(filter_key(f.model))}" data-dialect="{_e(filter_key(f.dialect))}" '
        f'data-reason="{_e(" ".join(reason_names(f.reasons)))}" data-flag="{_e(" ".join(reason_names(f.flags)))}">'
        f'<td><span class="verdict v-{_e(f.verdict)}">{_e(f.verdict)}</span><br>support {support}</td>'
        f"<td>{name_html(f.answer_id, 'code')}<br>{name_html(f.tenant)}<br>{name_html(f.model)}<br>"
        f'<span class="muted">{f.logged_at.astimezone(UTC):%Y-%m-%d %H:%M}</span>{flags}</td>'
        f"<td>{name_html(f.marker, 'code')} → {source}{doc}<br>{name_html(f.dialect, 'code')}</td>"
        f"<td>{suggested}</td><td>{reasons}</td>"
        f'<td class="claim">{text_html(f.claim)}</td><td class="evidence">{evidence_html(f)}</td></tr>'
    )


def reason_names(reasons: list[str]) -> list[str]:
    """A finding's reasons (or its answer's flags) by name, as the filters list them: `missing_number:20` is
    `missing_number`."""
    return sorted({filter_key(r.split(":", 1)[0]).replace(" ", "_") for r in reasons})


def _filter(name: str, values: list[str], multi: bool = False) -> str:
    options = "".join(f'<option value="{_e(v)}">{_e(v)}</option>' for v in values)
    kind = ' data-multi="true"' if multi else ""  # a row carries several names, space-separated: one must match
    return (
        f'<label>{name} <select data-filter="{name}"{kind} id="filter-{name}"><option value="">all</option>'
        f"{options}</select></label>"
    )


def _findings_html(data: ReviewData) -> str:
    fs = data.findings
    filters = "".join(
        _filter(name, sorted({filter_key(getattr(f, name)) for f in fs}))
        for name in ("verdict", "tenant", "model", "dialect")
    )
    filters += _filter("reason", sorted({r for f in fs for r in reason_names(f.reasons)}), multi=True)
    filters += _filter("flag", sorted({r for f in fs for r in reason_names(f.flags)}), multi=True)
    total = data.unverified_total
    scope = f"all {len(fs):,}" if len(fs) >= total else f"the worst {len(fs):,} of {total:,}"
    cols = "".join(f'<col style="width:{w}%">' for w in (8, 14, 13, 7, 12, 18, 28))
    head = (
        f"<colgroup>{cols}</colgroup><tr><th>verdict</th><th>answer</th><th>cited</th><th>suggested source</th>"
        "<th>reasons</th><th>claim</th>"
        "<th>evidence in the cited source</th></tr>"
    )
    return (
        f'<p>Unverified citations in the window: <b data-metric="unverified">{data.unverified_total:,}</b>; shown '
        f"here: {scope}, worst first (fabricated, misattributed, unsupported, weak; lowest support first).</p>"
        f'<div class="filters">{filters}<span>showing <b id="shown-count">{len(fs)}</b></span></div>'
        f'<table class="findings">{head}{"".join(_finding_html(f) for f in fs)}</table>'
    )


def render_report(
    db: str | Path,
    window: Window,
    cfg: AuditConfig | None = None,
    limit: int = 1000,
    now: datetime | None = None,
    wait_s: float = READ_WAIT_S,
) -> str:
    """The review page as one HTML string (no external resources); waits up to `wait_s` for a writer to let go of
    the audit file."""
    cfg = cfg or AuditConfig()
    with open_db(db, read_only=True, wait_s=wait_s) as con:
        _check_columns(con, db)
        data = load_review_data(con, window, limit)
        charts = render_charts(con, window, cfg)
    now = now or datetime.now(UTC)
    css = (_ASSETS / "review.css").read_text()
    js = (_ASSETS / "review.js").read_text()
    breakdowns = "".join(_breakdown_html(name, rows) for name, rows in data.breakdowns.items())
    return (
        "<!doctype html>\n<html lang='en'><head><meta charset='utf-8'>"
        "<meta name='viewport' content='width=device-width, initial-scale=1'>"
        f"<title>citeaudit review {_e(window.label())}</title><style>{css}</style></head><body>"
        f"<h1>citeaudit review</h1><p class='meta'>window {_e(window.label())} · database <code>{_e(db)}</code> · "
        f"thresholds weak ≥ {cfg.support.weak:g}, verified ≥ {cfg.support.verified:g} · generated "
        f"{now:%Y-%m-%d %H:%M} UTC</p>"
        f"<h2>Headline</h2>{_headline_html(data)}"
        "<p class='muted'>Citation integrity = verified / citations. ALCE citation recall = share of statements "
        "whose citations support them; ALCE citation precision = share of citations that support their statement "
        "(means of the per-answer figures; see the README for how they differ).</p>"
        f"<h2>Charts</h2>{_charts_html(charts)}"
        f"{_overconfidence_html(data)}"
        f"<h2>Breakdowns</h2>{breakdowns}"
        f"<h2>Unverified citations</h2>{_findings_html(data)}"
        f"<script>{js}</script></body></html>\n"
    )


def write_report(
    db: str | Path,
    out: str | Path,
    window: Window,
    cfg: AuditConfig | None = None,
    limit: int = 1000,
    wait_s: float = READ_WAIT_S,
) -> Path:
    """The review page written to `out`: a regular file, never through a link at `out` (it would write over the file
    the link points at, wherever that is); a link is refused before anything is read or written."""
    path = Path(out)
    if path.is_symlink():
        raise InputError(
            f"{path} is a symbolic link, and the review page is written only as a regular file, never through a link: "
            "remove the link or give --out another path (nothing was changed)"
        )
    if path.exists() and not (path.is_file() or path.is_dir()):  # renamed over, `--out /dev/null` (root) was replaced
        raise InputError(
            f"{path} is not a regular file ({_kind(path)}), and the review page is written only as a regular file: "
            "give --out a file name (nothing was changed)"
        )
    if path.is_file() and not _is_review_page(path):  # the --db itself, a log, notes: renamed over, they were lost
        raise InputError(
            f"--out {path} exists and is not a citeaudit review page, and a review page replaces only an earlier one: "
            "give --out a new file name, or remove that file first (nothing was changed)"
        )
    page = render_report(db, window, cfg, limit, wait_s=wait_s)
    # written aside, then renamed over `out`: a reader never sees half a page, a full disk or a signal mid-write
    # leaves the previous page whole, and a link made at `out` meanwhile is replaced, never written through
    aside = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(aside, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW, 0o666)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(page)
        os.replace(aside, path)
    except BaseException as exc:
        with contextlib.suppress(OSError):
            aside.unlink()
        if isinstance(exc, OSError):  # a folder at --out, a file where a folder must be, no permission, a full disk
            where = exc.filename if exc.filename not in (None, str(aside)) else path  # the page, not the file aside
            full = exc.errno in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG)
            todo = ": free space (or raise the file size limit) and run the command again" if full else ""
            raise InputError(f"cannot write the review page to {path} ({where}: {exc.strerror}){todo}") from None
        raise
    return path


def _is_review_page(path: Path) -> bool:
    """Whether the file at `path` is empty or a page `write_report` wrote (its head holds the page's title)."""
    try:
        with path.open("rb") as fh:
            head = fh.read(4096)
    except OSError:  # unreadable: the write below names it
        return True
    return not head or (head.startswith(b"<!doctype html>") and b"<title>citeaudit review" in head)


def _kind(path: Path) -> str:
    """What `path` is, when it is no regular file."""
    mode = path.stat().st_mode
    kinds = {"a named pipe": stat.S_ISFIFO, "a character device": stat.S_ISCHR, "a block device": stat.S_ISBLK}
    kinds["a socket"] = stat.S_ISSOCK
    return next((name for name, test in kinds.items() if test(mode)), "a special file")
