"""The SQL layer (audit/sql): one quoting function, scripts run with parameters, no value in SQL by f-string."""

from __future__ import annotations

import ast
import re
from datetime import UTC, date, datetime
from pathlib import Path

import duckdb
import pytest
from hypothesis import given
from hypothesis import strategies as st

from audit.sql import connect, load, quote, run_script, transaction

REPO = Path(__file__).resolve().parents[2]
SOURCES = sorted(p for d in ("audit", "flows") for p in (REPO / d).rglob("*.py"))
SQL_WORDS = re.compile(r"\b(SELECT|INSERT|DELETE|UPDATE|CREATE|COPY|ATTACH|SET VARIABLE|WHERE|LIMIT)\b")
# text right before a `{value}` that makes it a value: inside quotes, or the operand of a comparison or LIMIT
VALUE_POSITION = re.compile(r"('|[=<>%]\s*|\bLIMIT\s+)$")


def _is_quote_call(node: ast.expr) -> bool:
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "quote"


def sql_fstring_values(path: Path, root: Path = REPO) -> list[str]:
    """`file:line: expr` for every f-string that reads as SQL and puts a value (not through `quote`) where a
    value goes."""
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if not isinstance(node, ast.JoinedStr):
            continue
        text = "".join(v.value for v in node.values if isinstance(v, ast.Constant) and isinstance(v.value, str))
        if not SQL_WORDS.search(text):
            continue
        before = ""
        for part in node.values:
            if isinstance(part, ast.Constant):
                before = str(part.value)
            elif isinstance(part, ast.FormattedValue):
                if VALUE_POSITION.search(before) and not _is_quote_call(part.value):
                    found.append(f"{path.relative_to(root)}:{node.lineno}: {ast.unparse(part.value)}")
                before = ""
    return found


def test_no_fstring_puts_a_value_into_sql() -> None:
    offenders = [hit for p in SOURCES for hit in sql_fstring_values(p)]
    assert offenders == [], "pass values as $parameters (or through audit.sql.quote):\n" + "\n".join(offenders)


def test_the_checker_catches_a_value_in_sql(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text(
        "def f(con, t, n, k):\n"
        "    con.execute(f\"SELECT * FROM x WHERE name = '{t}'\")\n"
        '    con.execute(f"SELECT * FROM x WHERE n >= {n} LIMIT {k}")\n'
        '    con.execute(f"SELECT * FROM x WHERE n = {quote(n)}")\n'
    )
    hits = sql_fstring_values(bad, tmp_path)
    assert [h.split(": ", 1)[1] for h in hits] == ["t", "n", "k"]


def test_one_quoting_function() -> None:
    """Only audit/sql escapes quotes; no other module has its own quote/ident helper."""
    escapes = re.compile(r"""replace\(\s*("'"|'"')\s*,""")
    helpers = re.compile(r"^def _?(quote|quote_ident\w*|ident|sql_str|sql_lit\w*|literal)\(", re.M)
    offenders = [
        str(p.relative_to(REPO))
        for p in SOURCES
        if p.parent.name != "sql" and (escapes.search(p.read_text()) or helpers.search(p.read_text()))
    ]
    assert offenders == []


@given(st.text())
def test_quoted_literal_and_identifier_round_trip(text: str) -> None:
    text = text.replace("\x00", "")
    with connect() as con:
        assert con.execute(f"SELECT {quote(text)}").fetchall() == [(text,)]
        assert con.execute(f"SELECT 1 AS {quote(text or 'x', identifier=True)}").description[0][0] == (text or "x")


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (None, None),
        (True, True),
        (3, 3),
        (0.25, 0.25),
        (date(2026, 11, 1), date(2026, 11, 1)),
        (["a'b", "c"], ["a'b", "c"]),
    ],
    ids=["null", "bool", "int", "float", "date", "list_of_text"],
)
def test_quoted_values_read_back(value: object, expected: object) -> None:
    with connect() as con:
        assert con.execute(f"SELECT {quote(value)}").fetchall() == [(expected,)]


def test_quoted_instant_keeps_its_zone() -> None:
    t = datetime(2026, 11, 1, 23, 30, tzinfo=UTC)
    with connect() as con:
        con.execute("SET TimeZone = 'UTC'")
        assert con.execute(f"SELECT {quote(t)} = $t", {"t": t}).fetchall() == [(True,)]


def test_script_statements_get_the_parameters_they_name() -> None:
    with connect() as con:
        run_script(
            con,
            "-- a comment; with a semicolon\nCREATE TEMP TABLE a AS SELECT $x AS v;\n"
            "CREATE TEMP TABLE b AS SELECT $x + $y AS v;",
            {"x": 1, "y": 2},
        )
        assert con.execute("SELECT * FROM b").fetchall() == [(3,)]
        with pytest.raises(ValueError, match=r"\['z'\] not given"):
            run_script(con, "SELECT $z", {})


def test_named_files_load_once_and_exist() -> None:
    assert load("resolve") is load("resolve.sql")
    assert "CREATE" in load("extract")


def test_connect_closes_and_transaction_rolls_back(tmp_path: Path) -> None:
    db = tmp_path / "t.duckdb"
    with connect(db) as con:
        con.execute("CREATE TABLE t (x INTEGER)")
        with pytest.raises(RuntimeError), transaction(con):
            con.execute("INSERT INTO t VALUES (1)")
            raise RuntimeError("boom")
        assert con.execute("SELECT count(*) FROM t").fetchall() == [(0,)]
    with pytest.raises(duckdb.ConnectionException):
        con.execute("SELECT 1")


def test_connections_draw_no_progress_bar(tmp_path: Path) -> None:
    # DuckDB draws a bar on stdout for a query open over 2 s (a shard's batch reader is): not in a batch job's log
    with connect() as con:
        assert con.execute("SELECT current_setting('enable_progress_bar')").fetchall() == [(False,)]
    with connect(tmp_path / "f.duckdb") as con:
        assert con.execute("SELECT current_setting('enable_progress_bar')").fetchall() == [(False,)]
