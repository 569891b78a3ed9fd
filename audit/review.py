"""`citeaudit report`: a static HTML page for reviewers, unverified citations worst first, with evidence spans."""

from __future__ import annotations

import html
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from audit.store import open_db
from audit.window import Window

SEVERITY = ("fabricated", "misattributed", "unsupported", "weak")

_QUERY = """
SELECT c.verdict, c.support, c.answer_id, a.tenant, a.model, c.logged_at, c.marker, c.cited_ref, c.context_rank,
       c.suggested_rank, c.reasons, c.claim, c.evidence_text
FROM citation_audit c JOIN answer_audit a USING (answer_id)
WHERE c.verdict <> 'verified' AND {window}
ORDER BY CASE c.verdict WHEN 'fabricated' THEN 0 WHEN 'misattributed' THEN 1 WHEN 'unsupported' THEN 2 ELSE 3 END,
         c.support NULLS FIRST, c.logged_at, c.answer_id, c.citation_ord
LIMIT {limit}
"""

_STYLE = """
body{font-family:system-ui,sans-serif;margin:2rem;color:#222}table{border-collapse:collapse;width:100%}
td,th{border-bottom:1px solid #ddd;padding:.4rem;vertical-align:top;text-align:left;font-size:.9rem}
.fabricated{color:#a00;font-weight:bold}.misattributed{color:#c60;font-weight:bold}.unsupported{color:#c30}
.weak{color:#870}.ev{background:#fff6c8;min-width:22rem}.claim{min-width:18rem}.muted{color:#777}
code{font-size:.85rem}
"""


def _cell(value: Any) -> str:
    if value is None:
        return '<span class="muted">–</span>'
    if isinstance(value, float):
        return f"{value:.2f}"
    if isinstance(value, datetime):
        return f"{value.astimezone(UTC):%Y-%m-%d %H:%M}"
    if isinstance(value, list):
        return "<br>".join(f"<code>{html.escape(str(v))}</code>" for v in value)
    return html.escape(str(value))


def render_report(db: str | Path, window: Window, limit: int = 1000) -> str:
    """The review page as an HTML string."""
    cond = window.sql("c.logged_at") or "TRUE"
    con = open_db(db, read_only=True)
    try:
        rows = con.execute(_QUERY.format(window=cond, limit=int(limit))).fetchall()
        counts = dict(con.execute(f"SELECT verdict, count(*) FROM citation_audit c WHERE {cond} GROUP BY 1").fetchall())
    finally:
        con.close()
    total = sum(counts.values())
    summary = ", ".join(f"{v}: {counts.get(v, 0)}" for v in ("verified", *SEVERITY))
    head = (
        "<tr><th>verdict</th><th>support</th><th>answer</th><th>tenant / model</th><th>logged at</th>"
        "<th>marker → context</th><th>suggested</th><th>reasons</th><th>claim</th><th>evidence span</th></tr>"
    )
    body = []
    for verdict, support, aid, tenant, model, logged, marker, ref, rank, suggested, reasons, claim, evidence in rows:
        body.append(
            "<tr>"
            f'<td class="{html.escape(verdict)}">{html.escape(verdict)}</td><td>{_cell(support)}</td>'
            f"<td><code>{html.escape(aid)}</code></td><td>{_cell(tenant)}<br>{_cell(model)}</td>"
            f"<td>{_cell(logged)}</td><td><code>{html.escape(marker)}</code> ({html.escape(ref)}) → {_cell(rank)}</td>"
            f"<td>{_cell(suggested)}</td>"
            f'<td>{_cell(reasons)}</td><td class="claim">{_cell(claim)}</td>'
            f'<td class="ev">{_cell(evidence)}</td>'
            "</tr>"
        )
    shown = f"showing the {len(rows)} worst" if len(rows) < total - counts.get("verified", 0) else "all"
    return (
        f"<!doctype html><html><head><meta charset='utf-8'><title>citeaudit review</title><style>{_STYLE}</style>"
        f"</head><body><h1>citeaudit review</h1><p>database <code>{html.escape(str(db))}</code>, window "
        f"{html.escape(window.label())}, generated {datetime.now(UTC):%Y-%m-%d %H:%M} UTC</p>"
        f"<p>{total} citations: {html.escape(summary)}. Unverified citations, worst first ({shown}):</p>"
        f"<table>{head}{''.join(body)}</table></body></html>\n"
    )


def write_report(db: str | Path, out: str | Path, window: Window, limit: int = 1000) -> Path:
    path = Path(out)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(render_report(db, window, limit), encoding="utf-8")
    return path
