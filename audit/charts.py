"""Charts of the review page: static SVG drawn by matplotlib on the server, so the page needs no JavaScript
runtime and no network to show them.

A chart is one function registered with `@chart`: its SQL (with `{where}`, the window condition on `logged_at`)
and a drawing function from the query's rows to a matplotlib `Figure`. Adding a chart is adding one such function;
`requires` names a table or view the chart needs, and the chart is left out where a database lacks it.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import matplotlib
from matplotlib.backends.backend_svg import FigureCanvasSVG
from matplotlib.figure import Figure
from matplotlib.lines import Line2D

from audit.errors import terminal_text
from audit.reliability import ReliabilityPoint
from audit.sql import quote
from audit.verdict import SEVERITY, Verdict

VERDICT_COLORS: dict[str, str] = {
    Verdict.VERIFIED: "#2e7d32",
    Verdict.WEAK: "#f9a825",
    Verdict.UNSUPPORTED: "#ef6c00",
    Verdict.MISATTRIBUTED: "#8e24aa",
    Verdict.FABRICATED: "#c62828",
}
VERDICT_ORDER: tuple[str, ...] = tuple(reversed(SEVERITY))  # best first
INTEGRITY_COLOR, RED_COLOR, RECALL_COLOR, PRECISION_COLOR = "#1565c0", "#c62828", "#00897b", "#6d4c41"
TREND_DAYS = 30  # the per-day chart reaches this many days back from the end of the window
LABEL_CHARS = 40  # a logged name longer than this is cut in chart labels (the tables show more of it)


@dataclass(frozen=True)
class ChartContext:
    """What a drawing function may need besides its rows: the verdict thresholds of the config."""

    weak: float
    verified: float


Rows = Sequence[tuple[Any, ...]]


@dataclass(frozen=True)
class Chart:
    key: str
    title: str
    caption: str
    sql: str
    draw: Callable[[Rows, ChartContext], Figure | None]
    requires: str | None = None
    trend: bool = False  # {where} is the trend window (TREND_DAYS back from the window's end), not the window


CHARTS: list[Chart] = []


def chart(
    key: str, title: str, caption: str, sql: str, requires: str | None = None, trend: bool = False
) -> Callable[[Callable[[Rows, ChartContext], Figure | None]], Callable[[Rows, ChartContext], Figure | None]]:
    """Register a chart of the review page (in the order of registration)."""

    def register(fn: Callable[[Rows, ChartContext], Figure | None]) -> Callable[[Rows, ChartContext], Figure | None]:
        CHARTS.append(Chart(key, title, caption, sql, fn, requires, trend))
        return fn

    return register


def figure_svg(fig: Figure, salt: str) -> str:
    """A figure as an inline `<svg>` element: text kept as text, ids salted per chart so several charts can share
    one HTML page, no timestamp (the same data draws the same bytes)."""
    buf = io.StringIO()
    with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": salt}):
        FigureCanvasSVG(fig).print_svg(buf, metadata={"Date": None})
    svg = buf.getvalue()
    svg = svg[svg.index("<svg") :]
    # inside tags only: a label is logged text (a tenant `t id="z"`), and matplotlib escapes < and > in text and
    # attributes alike, so every `<...>` is a tag
    svg = re.sub(r"<[^<>]*>", lambda tag: _salt_refs(tag[0], salt), svg)
    return re.sub(r'<svg([^>]*?) width="[^"]*" height="[^"]*"', r'<svg\1 class="chart-svg"', svg, count=1)


def _salt_refs(tag: str, salt: str) -> str:
    """One SVG tag with its ids, `url(#…)` and `xlink:href="#…"` references prefixed by `salt`."""
    tag = re.sub(r' id="([^"]+)"', rf' id="{salt}-\1"', tag)
    tag = re.sub(r"url\(#([^)]+)\)", rf"url(#{salt}-\1)", tag)
    return re.sub(r'xlink:href="#([^"]+)"', rf'xlink:href="#{salt}-\1"', tag)


def label(value: Any) -> str:
    """Logged text as a chart label: never read as mathtext (a `$` in a tenant name must not break the chart),
    control characters and newlines written out (`\\x1b`, `\\x0a`), as the terminal shows them (no font has a glyph
    for them), and cut at LABEL_CHARS (a 20,000-character model name squeezed the axes to nothing)."""
    if value is None:
        return "(none)"
    text = str(value)
    text = text if len(text) <= LABEL_CHARS else text[: LABEL_CHARS - 1] + "…"
    return terminal_text(text, one_line=True).replace("$", r"\$")


def new_figure(height: float = 3.0) -> tuple[Figure, Any]:
    """A figure of the page's width with one axes, in the page's style."""
    fig = Figure(figsize=(7.2, height), layout="constrained")
    ax = fig.subplots()
    ax.spines[["top", "right"]].set_visible(False)
    ax.tick_params(labelsize=8)
    return fig, ax


def _share_axis(ax: Any, axis: str = "y") -> None:
    getattr(ax, f"set_{axis}lim")(0, 1.02)
    fmt = matplotlib.ticker.PercentFormatter(xmax=1.0, decimals=0)
    getattr(ax, f"{axis}axis").set_major_formatter(fmt)
    ax.grid(axis=axis, color="#e5e5e5", linewidth=0.6)


@chart(
    "per_day",
    "Integrity and share RED per day",
    f"Citation integrity (verified / citations), share of RED answers and ALCE citation recall and precision "
    f"(means of the per-answer figures), per UTC day, up to {TREND_DAYS} days back from the end of the window.",
    """
    SELECT CAST(date_trunc('day', logged_at AT TIME ZONE 'UTC') AS DATE) AS day,
           sum(n_verified) / nullif(sum(n_citations), 0) AS integrity,
           avg(CASE WHEN level = 'RED' THEN 1.0 ELSE 0.0 END) AS share_red,
           avg(citation_recall) AS recall, avg(citation_precision) AS precision
    FROM answer_audit WHERE {where} GROUP BY 1 ORDER BY 1
    """,
    trend=True,
)
def per_day(rows: Rows, ctx: ChartContext) -> Figure | None:
    if not rows:
        return None
    fig, ax = new_figure()
    days = [r[0] for r in rows]
    series = (
        ("citation integrity", 1, INTEGRITY_COLOR, "-"),
        ("share RED", 2, RED_COLOR, "-"),
        ("ALCE recall", 3, RECALL_COLOR, "--"),
        ("ALCE precision", 4, PRECISION_COLOR, ":"),
    )
    for label, col, color, style in series:
        values = [float("nan") if r[col] is None else r[col] for r in rows]
        ax.plot(days, values, style, color=color, marker="o", markersize=4, linewidth=1.6, label=label)
    _share_axis(ax)
    ax.legend(fontsize=8, frameon=False, loc="center left", bbox_to_anchor=(1.0, 0.5))
    step = max(1, len(days) // 8)
    ax.set_xticks(days[::step], [f"{d:%b %d}" for d in days[::step]], rotation=30, ha="right")
    return fig


def _grouped_bars(rows: Rows) -> Figure | None:
    """Horizontal bars of integrity and share RED per group (tenant or model)."""
    if not rows:
        return None
    fig, ax = new_figure(height=max(1.6, 0.42 * len(rows) + 0.8))
    names = [label(r[0]) for r in rows]
    ys = range(len(rows))
    h = 0.38
    ax.barh([y - h / 2 for y in ys], [r[1] or 0 for r in rows], h, color=INTEGRITY_COLOR, label="citation integrity")
    ax.barh([y + h / 2 for y in ys], [r[2] or 0 for r in rows], h, color=RED_COLOR, label="share RED")
    ax.set_yticks(list(ys), names)
    ax.invert_yaxis()
    _share_axis(ax, "x")
    ax.legend(fontsize=8, frameon=False, loc="center left", bbox_to_anchor=(1.0, 0.5))
    return fig


_GROUP_SQL = """
    SELECT {col}, sum(n_verified) / nullif(sum(n_citations), 0) AS integrity,
           avg(CASE WHEN level = 'RED' THEN 1.0 ELSE 0.0 END) AS share_red
    FROM answer_audit WHERE {{where}} GROUP BY 1 ORDER BY 1 NULLS LAST LIMIT 25
"""


@chart(
    "per_tenant",
    "By tenant",
    "Citation integrity and share of RED answers per tenant in the window.",
    _GROUP_SQL.format(col="tenant"),
)
def per_tenant(rows: Rows, ctx: ChartContext) -> Figure | None:
    return _grouped_bars(rows)


@chart(
    "per_model",
    "By model",
    "Citation integrity and share of RED answers per model in the window.",
    _GROUP_SQL.format(col="model"),
)
def per_model(rows: Rows, ctx: ChartContext) -> Figure | None:
    return _grouped_bars(rows)


@chart(
    "verdict_mix",
    "Verdict mix",
    "Citations in the window by verdict.",
    "SELECT verdict, count(*) FROM citation_audit WHERE {where} GROUP BY 1",
)
def verdict_mix(rows: Rows, ctx: ChartContext) -> Figure | None:
    counts = {str(v): int(n) for v, n in rows}
    if not counts:
        return None
    order = [v for v in VERDICT_ORDER if v in counts] + sorted(set(counts) - set(VERDICT_ORDER))
    total = sum(counts.values())
    fig, ax = new_figure(height=0.36 * len(order) + 0.9)
    ax.barh(order, [counts[v] for v in order], color=[VERDICT_COLORS.get(v, "#777") for v in order])
    for y, v in enumerate(order):
        ax.annotate(
            f"{counts[v]:,} ({counts[v] / total:.1%})",
            (counts[v], y),
            xytext=(4, 0),
            textcoords="offset points",
            va="center",
            fontsize=8,
        )
    ax.invert_yaxis()
    ax.set_xlim(0, max(counts.values()) * 1.25)
    ax.grid(axis="x", color="#e5e5e5", linewidth=0.6)
    return fig


@chart(
    "support_histogram",
    "Support scores",
    "Histogram of the calibrated support score of every scored citation in the window, coloured by verdict; the "
    "dashed lines are the config's `weak` and `verified` thresholds (fabricated citations have no score).",
    "SELECT support, verdict FROM citation_audit WHERE {where} AND support IS NOT NULL",
)
def support_histogram(rows: Rows, ctx: ChartContext) -> Figure | None:
    if not rows:
        return None
    fig, ax = new_figure()
    bins = [i / 20 for i in range(21)]
    present = [v for v in VERDICT_ORDER if any(r[1] == v for r in rows)]
    data = [[float(r[0]) for r in rows if r[1] == v] for v in present]
    ax.hist(data, bins=bins, stacked=True, log=True, color=[VERDICT_COLORS[v] for v in present], label=present)
    for x, name in ((ctx.weak, Verdict.WEAK.value), (ctx.verified, Verdict.VERIFIED.value)):
        ax.axvline(x, color="#333", linestyle="--", linewidth=1)
        ax.annotate(
            f"{name} ≥ {x:g}", (x, 1), xycoords=("data", "axes fraction"), xytext=(3, -10),
            textcoords="offset points", fontsize=8,
        )  # fmt: skip
    ax.set_xlim(0, 1)
    ax.set_xlabel("support", fontsize=8)
    ax.set_ylabel("citations (log scale)", fontsize=8)
    ax.legend(fontsize=8, frameon=False, loc="center left", bbox_to_anchor=(1.0, 0.5))
    return fig


@chart(
    "source_health",
    "Sources most often cited wrongly",
    "Documents with the most citations that did not hold up (unsupported, weak or misattributed away from them) "
    "in the window, with all their citations for scale.",
    f"""
    SELECT doc_id,
           count(*) FILTER (WHERE verdict IN ({quote(Verdict.UNSUPPORTED.value)}, {quote(Verdict.WEAK.value)}))
               AS not_supported,
           count(*) FILTER (WHERE verdict = {quote(Verdict.MISATTRIBUTED.value)}) AS misattributed,
           count(*) AS citations
    FROM citation_audit WHERE {{where}} AND doc_id IS NOT NULL
    GROUP BY 1 HAVING not_supported + misattributed > 0
    ORDER BY not_supported + misattributed DESC, doc_id LIMIT 12
    """,
)
def source_health(rows: Rows, ctx: ChartContext) -> Figure | None:
    if not rows:
        return None
    fig, ax = new_figure(height=0.32 * len(rows) + 0.9)
    names = [label(r[0]) for r in rows]
    weak = [int(r[1]) for r in rows]
    mis = [int(r[2]) for r in rows]
    ax.barh(names, weak, color=VERDICT_COLORS[Verdict.UNSUPPORTED], label="unsupported or weak")
    ax.barh(names, mis, left=weak, color=VERDICT_COLORS[Verdict.MISATTRIBUTED], label=Verdict.MISATTRIBUTED.value)
    for y, r in enumerate(rows):
        ax.annotate(
            f"of {int(r[3])}", (weak[y] + mis[y], y), xytext=(4, 0), textcoords="offset points", va="center",
            fontsize=7, color="#555",
        )  # fmt: skip
    ax.invert_yaxis()
    ax.set_xlim(0, max(w + m for w, m in zip(weak, mis, strict=True)) * 1.3)
    ax.xaxis.get_major_locator().set_params(integer=True)
    ax.legend(fontsize=8, frameon=False, loc="lower right")
    return fig


RELIABILITY_LEVELS = (  # level in confidence_calibration, panel title
    ("citation", "citations: each item's confidence_score"),
    ("answer", "answers: the answer's confidence"),
)


@chart(
    "reliability",
    "Claimed confidence vs verified share",
    "Reliability diagram of the assistants' own confidence: per model and bin of tenths, the mean claimed "
    "confidence against the share of citations verified, for citation objects' confidence_score (left) and answers' "
    "confidence (right). A calibrated assistant lies on the dashed diagonal; points below it claim more than the "
    "audit finds. Marker area grows with the bin's count (written under over-confident bins of 5 or more). All audited "
    "rows, not only the window's.",
    """
    SELECT level, model, bin_low, bin_high, n, mean_claimed_confidence, share_verified FROM confidence_calibration
    ORDER BY level, model NULLS LAST, bin_low
    """,
    requires="confidence_calibration",
)
def reliability(rows: Rows, ctx: ChartContext) -> Figure | None:
    points = {lvl: [ReliabilityPoint(*r[1:]) for r in rows if r[0] == lvl] for lvl, _ in RELIABILITY_LEVELS}
    if not any(p.share_verified is not None for ps in points.values() for p in ps):
        return None
    models = sorted({p.model for ps in points.values() for p in ps}, key=lambda m: (m is None, m or ""))
    palette = matplotlib.colormaps["tab10" if len(models) <= 10 else "tab20"]
    colors = {m: palette(i % palette.N) for i, m in enumerate(models)}
    fig = Figure(figsize=(7.2, 3.6), layout="constrained")
    axes = fig.subplots(1, len(RELIABILITY_LEVELS), sharey=True)
    for ax, (lvl, title) in zip(axes, RELIABILITY_LEVELS, strict=True):
        ax.spines[["top", "right"]].set_visible(False)
        ax.tick_params(labelsize=8)
        ax.plot([0, 1], [0, 1], "--", color="#888", linewidth=1, label="calibrated")
        for m in models:
            ps = [p for p in points[lvl] if p.model == m and p.share_verified is not None]
            if not ps:
                continue
            xs, ys = [p.mean_claimed for p in ps], [float(p.share_verified or 0) for p in ps]
            ax.plot(xs, ys, "-", color=colors[m], linewidth=1, alpha=0.7)
            ax.scatter(xs, ys, s=[12 + 24 * p.n**0.5 for p in ps], color=colors[m], alpha=0.8, edgecolors="white")
            for p, x, y in zip(ps, xs, ys, strict=True):
                if p.n >= 5 and x - y > 0.05:  # an over-confident bin says how many it holds
                    ax.annotate(f"n={p.n}", (x, y), xytext=(0, -12), textcoords="offset points", fontsize=7,
                                ha="center", color="#444")  # fmt: skip
        _share_axis(ax, "x")
        _share_axis(ax, "y")
        ax.set_xlim(0, 1.02)
        ax.set_title(title, fontsize=8)
        ax.set_xlabel("claimed confidence", fontsize=8)
    axes[0].set_ylabel("share of citations verified", fontsize=8)
    handles = [Line2D([], [], color=colors[m], marker="o", linewidth=1, label=label(m)) for m in models]
    handles.append(Line2D([], [], color="#888", linestyle="--", linewidth=1, label="calibrated"))
    fig.legend(handles=handles, fontsize=8, frameon=False, loc="outside right center")
    return fig
