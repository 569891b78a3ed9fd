"""Compare two audit databases table by table, ignoring run ids and timestamps of the run itself.

    python tools/compare_audits.py BEFORE.duckdb AFTER.duckdb

Prints one line per table (rows, rows only in one side) and exits 1 when any table differs: the check that a
refactoring left the outputs unchanged.
"""

from __future__ import annotations

import sys

from audit.sql import connect, quote

TABLES = ("answer_audit", "citation_audit", "uncited_claims", "quarantine", "embedding_cache", "runs")
IGNORED = {"run_id", "started_at", "finished_at", "code_version", "flow_run_id", "created_at"}


def compare(before: str, after: str) -> list[str]:
    """Lines `table: n rows, a only before, b only after` for every table; `ok`/`DIFFERS` in front."""
    lines = []
    with connect() as con:
        con.execute("ATTACH $p AS a (READ_ONLY)", {"p": before})
        con.execute("ATTACH $p AS b (READ_ONLY)", {"p": after})
        for table in TABLES:
            cols = [
                r[0]
                for r in con.execute(
                    "SELECT column_name FROM information_schema.columns WHERE table_catalog = 'a' "
                    "AND table_name = $t ORDER BY ordinal_position",
                    {"t": table},
                ).fetchall()
                if r[0] not in IGNORED
            ]
            select = ", ".join(quote(c, identifier=True) for c in cols)
            t = quote(table, identifier=True)
            only_a = con.execute(
                f"SELECT count(*) FROM (SELECT {select} FROM a.{t} EXCEPT ALL SELECT {select} FROM b.{t})"
            ).fetchall()[0][0]
            only_b = con.execute(
                f"SELECT count(*) FROM (SELECT {select} FROM b.{t} EXCEPT ALL SELECT {select} FROM a.{t})"
            ).fetchall()[0][0]
            n = con.execute(f"SELECT count(*) FROM a.{t}").fetchall()[0][0]
            status = "ok" if only_a == only_b == 0 else "DIFFERS"
            lines.append(f"{status:8} {table}: {n} rows, {only_a} only before, {only_b} only after")
    return lines


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    result = compare(sys.argv[1], sys.argv[2])
    print("\n".join(result))
    sys.exit(0 if all(line.startswith("ok") for line in result) else 1)
