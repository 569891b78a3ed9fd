"""The fifth sweep: values that were let in quietly (a wrong type read as something else, or skipped), and errors
that were not one line. Each through the real CLI on real Parquet and DuckDB files."""

from __future__ import annotations

import json
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
from click.testing import CliRunner

from audit.cli import main
from tests.cli.test_hostile_input import CTX, _accounted, _audited, _row, _run, _table
from tests.conftest import make_answer
from tests.conftest import query as q


def test_citation_object_fields_that_are_not_strings_make_the_citation_malformed(tmp_path: Path) -> None:
    # a text_span, claim_text or citation_type given as an object, list, number or bool was ignored: a text_span
    # object skipped the quote check and the citation came out verified
    def doc(**kw: object) -> str:
        obj = {"document_id": "d1", "chunk_index": 0} | kw
        return json.dumps({"answer": "Refunds take 30 days.", "citations": [obj]})

    answers = {
        "clean": doc(text_span="Refunds take 30 days", claim_text="Refunds take 30 days", citation_type="direct_quote"),
        "span_null": doc(text_span=None, claim_text=None, citation_type=None),
        "span_object": doc(text_span={"text": "anything at all"}),
        "span_list": doc(text_span=["Refunds", "take"]),
        "span_number": doc(text_span=30),
        "span_bool": doc(text_span=True),
        "claim_list": doc(claim_text=["Refunds take 30 days"]),
        "claim_number": doc(claim_text=30),
        "type_object": doc(citation_type={"kind": "direct_quote"}),
        "type_bool": doc(citation_type=False),
    }
    db = _audited(tmp_path, [make_answer(key, text, CTX) for key, text in answers.items()])[1]
    got = dict(q(db, "SELECT answer_id, (verdict, reasons, cited_ref) FROM citation_audit"))
    assert got["clean"][0] == "verified" and got["span_null"][0] == "verified", got
    for key, field in [
        ("span_object", "text_span"),
        ("span_list", "text_span"),
        ("span_number", "text_span"),
        ("span_bool", "text_span"),
        ("claim_list", "claim_text"),
        ("claim_number", "claim_text"),
        ("type_object", "citation_type"),
        ("type_bool", "citation_type"),
    ]:
        verdict, reasons, ref = got[key]
        assert verdict == "fabricated" and reasons == [f"malformed_citation:{field}"], (key, got[key])
        assert json.loads(ref) == json.loads(answers[key])["citations"][0], ref
    assert q(db, "SELECT count(*) FROM answer_audit WHERE level = 'GREEN'") == [(2,)]


def test_turn_index_is_never_rounded_and_an_unreadable_one_is_named(tmp_path: Path) -> None:
    # a turn_index of 1.5 was rounded to 2, one beyond int32 (or text) became NULL without a word, and a boolean
    # column was read as 0 and 1
    inp, db = tmp_path / "answers.parquet", tmp_path / "audit.duckdb"
    cases = [
        (pa.float64(), {"whole": 2.0, "half": 1.5, "none": None}),
        (pa.int64(), {"small": 3, "huge": 3_000_000_000}),
        (pa.string(), {"digits": " 4 ", "words": "third"}),
    ]
    for typ, values in cases:
        pq.write_table(_table([_row(k, turn_index=v) for k, v in values.items()], turn_index=typ), inp)
        code, out = _run(inp, db)
        assert code == 0, out
        got = dict(q(db, "SELECT answer_id, (turn_index, flags, level) FROM answer_audit"))
        for key, value in values.items():
            turn, flags, level = got[key]
            readable = value is None or str(value).strip() in ("2.0", "3", "4")
            assert turn == (None if not readable or value is None else int(float(value))), (key, got[key])
            unread = [f for f in flags if f.startswith("turn_index_not_an_integer:")]
            assert unread == ([] if readable else [f"turn_index_not_an_integer:{value}"]), (key, got[key])
            assert level == "GREEN", (key, got[key])
    pq.write_table(_table([_row("b", turn_index=True)], turn_index=pa.bool_()), inp)
    code, out = _run(inp, db)
    assert code == 2 and out == (
        f"error: {inp}: column 'turn_index' must be integers (whole numbers as floats or text are read), got bool\n"
    ), out


def test_logged_at_of_a_type_that_is_no_instant_stops_naming_file_column_and_type(tmp_path: Path) -> None:
    # an Arrow duration (Parquet int64) was read as an epoch: 20 days after 1970 became a timestamp
    inp = tmp_path / "answers.parquet"
    for typ, value in [(pa.duration("s"), 1793534400), (pa.time64("us"), 3600 * 10**6), (pa.bool_(), True)]:
        pq.write_table(_table([_row("a", logged_at=value)], logged_at=typ), inp)
        code, out = _run(inp, tmp_path / "audit.duckdb")
        assert code == 2 and out == (
            f"error: {inp}: column 'logged_at' must be a timestamp, a date, epoch numbers or text, got {typ}\n"
        ), out


def _contexts(**fields: pa.DataType) -> pa.DataType:
    base = {"doc_id": pa.string(), "chunk_id": pa.string(), "title": pa.string(), "page": pa.int32()}
    base |= {"url": pa.string(), "text": pa.string()}
    return pa.list_(pa.struct([(k, fields.get(k, t)) for k, t in base.items()]))


def test_context_fields_of_other_types_stop_and_unreadable_pages_are_named(tmp_path: Path) -> None:
    # a doc_id given as a list was read as the text '[a]', a page of "three" or beyond int32 became NULL without a
    # word, and a page of 3.5 was rounded to 4 (and resolved a citation of page 4)
    inp = tmp_path / "answers.parquet"
    ctx = dict(CTX[0])
    for field, typ, value in [
        ("doc_id", pa.list_(pa.string()), ["d1"]),
        ("chunk_id", pa.struct([("a", pa.string())]), {"a": "c1"}),
        ("title", pa.bool_(), True),
        ("page", pa.list_(pa.int32()), [1]),
        ("page", pa.bool_(), True),
    ]:
        row = make_answer("a", "Refunds take 30 days [1].", [ctx | {field: value}])
        pq.write_table(_table([row], contexts=_contexts(**{field: typ})), inp)
        code, out = _run(inp, tmp_path / "audit.duckdb")
        written = pq.read_schema(inp).field("contexts").type.value_type.field(field).type
        want = f"error: {inp}: contexts field {field!r} must be "
        assert code == 2 and out.startswith(want) and out.endswith(f", got {written}\n"), out
    cases = {"digits": "3", "words": "three", "half": "3.5", "huge": "3000000000", "whole": "3.0", "none": None}
    rows = [
        make_answer(k, "Refunds take 30 days [Document: Refund Policy.pdf, Page 3].", [ctx | {"page": v}])
        for k, v in cases.items()
    ]
    rows.append(
        make_answer("page4", "Refunds take 30 days [Document: Refund Policy.pdf, Page 4].", [ctx | {"page": "3.5"}])
    )
    for typ in (pa.string(), pa.float64()):
        if typ == pa.float64():
            rows = [r for r in rows if r["answer_id"] not in ("digits", "words")]
            for r in rows:
                p = r["contexts"][0]["page"]
                r["contexts"][0]["page"] = None if p is None else float(p)
        db = tmp_path / f"{typ}.duckdb"
        pq.write_table(_table(rows, contexts=_contexts(page=typ)), inp)
        code, out = _run(inp, db)
        assert code == 0, out
        _accounted(db)
        got = dict(q(db, "SELECT answer_id, (verdict, reasons) FROM citation_audit"))
        flags = dict(q(db, "SELECT answer_id, flags FROM answer_audit"))
        for key in ("digits", "whole"):
            if key in got:
                assert got[key][0] == "verified" and flags[key] == [], (key, got[key], flags[key])
        for key in ("words", "half", "huge", "none", "page4"):
            if key in got:
                assert got[key] == ("fabricated", ["page_not_retrieved"]), (key, got[key])
        for key in ("words", "half", "huge", "page4"):
            if key in got:
                raw = rows[[r["answer_id"] for r in rows].index(key)]["contexts"][0]["page"]
                assert flags[key] == [f"context_page_not_an_integer:1:{raw}"], (key, flags[key])
        assert flags["none"] == []


def test_a_contexts_table_with_a_list_doc_id_stops_and_an_unreadable_page_is_named(tmp_path: Path) -> None:
    inp, ctx, db = tmp_path / "answers.parquet", tmp_path / "contexts.parquet", tmp_path / "audit.duckdb"
    pq.write_table(_table([_row("good")]).drop_columns(["contexts"]), inp)
    rows = {"answer_id": ["good"], "rank": [1], "page": ["three"], "text": ["Refunds take 30 days."]}
    pq.write_table(pa.table({**rows, "doc_id": [["d1"]]}), ctx)
    code, out = _run(inp, db, "--contexts", str(ctx))
    want = f"error: {ctx}: contexts field 'doc_id' must be a string (or integers), got list<element: string>\n"
    assert code == 2 and out == want, out
    pq.write_table(pa.table({**rows, "doc_id": ["d1"]}), ctx)
    code, out = _run(inp, db, "--contexts", str(ctx))
    assert code == 0, out
    assert q(db, "SELECT verdict, flags FROM citation_audit JOIN answer_audit USING (answer_id)") == [
        ("verified", ["context_page_not_an_integer:1:three"])
    ]


def _empty_db(tmp_path: Path) -> Path:
    from audit.store import open_db

    db = tmp_path / "audit.duckdb"
    open_db(db).close()
    return db


def _sql(db: Path, query: str, *fmt: str) -> tuple[int, str]:
    res = CliRunner().invoke(main, ["sql", query, "--db", str(db), *fmt])
    assert "Traceback" not in res.output, res.output
    return res.exit_code, res.output


def test_sql_table_shows_at_most_1000_rows_and_csv_json_give_all(tmp_path: Path) -> None:
    # the table format had no cap: SELECT * FROM range(10000000) ran for minutes building a rich table
    db = _empty_db(tmp_path)
    code, out = _sql(db, "SELECT * FROM range(10000000)")
    assert code == 0, out
    lines = out.splitlines()
    assert lines[-1] == (
        "showing the first 1,000 rows; the query returns more: --format csv or --format json gives all rows"
    ), lines[-3:]
    assert sum(1 for line in lines if line.strip("│ ").isdigit()) == 1000
    code, out = _sql(db, "SELECT * FROM range(5)")
    assert code == 0 and "showing" not in out and sum(1 for x in out.splitlines() if x.strip("│ ").isdigit()) == 5
    code, out = _sql(db, "SELECT i, 'x' || i AS s FROM range(2500) t(i)", "--format", "csv")
    assert code == 0 and out.splitlines() == ["i,s", *(f"{i},x{i}" for i in range(2500))]
    code, out = _sql(db, "SELECT i, 'x' || i AS s, NULL AS n FROM range(1500) t(i)", "--format", "json")
    assert code == 0 and json.loads(out) == [{"i": i, "s": f"x{i}", "n": None} for i in range(1500)]
    code, out = _sql(db, "SELECT 1 AS a WHERE false", "--format", "json")
    assert code == 0 and json.loads(out) == []


def test_sql_errors_are_one_line_without_duckdbs_query_echo(tmp_path: Path) -> None:
    # DuckDB's text ran on: "Did you mean "pg_collation"?", candidate bindings, `LINE 1: <query>` and a line of
    # carets, after the error line
    db = _empty_db(tmp_path)
    cases = {
        "SELECT * FROM foo": "Catalog Error: Table with name foo does not exist!",
        "SELECT nope FROM runs": 'Binder Error: Referenced column "nope" not found in FROM clause!',
        "SELEC 1": 'Parser Error: syntax error at or near "SELEC"',
        "SELECT 'x'::INT": "Conversion Error: Could not convert string 'x' to INT32",
        # met while the rows are read, after the first batches
        "SELECT (CASE WHEN i = 50000 THEN 'x' ELSE '1' END)::INT AS n FROM range(100000) t(i)": (
            "Conversion Error: Could not convert string 'x' to INT32"
        ),
    }
    for query, first in cases.items():
        for fmt in ("table", "csv"):
            res = CliRunner().invoke(main, ["sql", query, "--db", str(db), "--format", fmt])
            assert res.exit_code == 2 and "Traceback" not in res.output, res.output
            err = [line for line in res.output.splitlines() if line.startswith("error:") or "LINE 1" in line]
            assert err == [f"error: query failed: {first}"], (query, res.output[-600:])
            assert "^" not in res.output and "Did you mean" not in res.output, res.output[-600:]
