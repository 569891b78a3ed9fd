"""Hostile Arrow types and values in a log, each through the real `citeaudit run` on real Parquet and DuckDB files:
every row accounted for, one bad value never stops the run."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq

from audit.contract import answers_schema
from tests.cli.hostile import CTX, run_input
from tests.conftest import make_answer
from tests.conftest import query as q

GOOD = "Refunds take 30 days [1]."
NOON_MS = int(datetime(2026, 11, 1, 12, tzinfo=UTC).timestamp() * 1000)


def _with_column(rows: list[dict[str, object]], name: str, array: pa.Array) -> pa.Table:
    table = pa.Table.from_pylist(rows, schema=answers_schema())
    return table.set_column(table.schema.get_field_index(name), name, array)


def test_a_timestamp_beyond_duckdbs_range_quarantines_its_row_not_the_run(tmp_path: Path) -> None:
    # a logger that wrote nanoseconds (or microseconds as seconds) into a millisecond timestamp column: DuckDB
    # cannot read such a value ("Conversion Error: Could not convert Timestamp(MS) to Timestamp(US)"), so one row
    # stopped the whole run, exit 2, naming the file "not a readable Parquet file"; a far value DuckDB reads (year
    # 33658) was already quarantined as not a timestamp
    rows = [make_answer(f"a{i}", GOOD, CTX) for i in range(4)]
    values = [NOON_MS, NOON_MS * 1_000_000, NOON_MS, -(NOON_MS * 1_000_000)]
    inp, db = tmp_path / "answers.parquet", tmp_path / "audit.duckdb"
    pq.write_table(_with_column(rows, "logged_at", pa.array(values, pa.timestamp("ms", "UTC"))), inp)
    code, out = run_input(inp, db)
    assert code == 0, out
    assert q(db, "SELECT answers_read, answers_audited, answers_quarantined FROM runs") == [(4, 2, 2)]
    assert q(db, "SELECT answer_id, level FROM answer_audit ORDER BY 1") == [("a0", "GREEN"), ("a2", "GREEN")]
    got = q(db, "SELECT answer_id, row_ref, field, reason FROM quarantine ORDER BY 1")
    assert [g[:3] for g in got] == [("a1", f"{inp}:1", "logged_at"), ("a3", f"{inp}:3", "logged_at")]
    assert got[0][3].startswith(f"logged_at {NOON_MS * 1_000_000} (timestamp[ms, tz=UTC]) is not a timestamp")
    assert got[1][3].startswith(f"logged_at {-NOON_MS * 1_000_000} (timestamp[ms, tz=UTC]) is not a timestamp")


def test_an_id_column_of_decimals_past_38_digits_stops_naming_it(tmp_path: Path) -> None:
    # DuckDB reads a decimal of more than 38 digits as a DOUBLE: two ids 10**44 + 1 and 10**44 + 2 were both
    # '1e+44', the second quarantined as a duplicate of the first (a lost answer, and the other under a wrong id).
    # Decimals of up to 38 digits are read as their digits, as before
    import decimal

    rows = [make_answer("a0", GOOD, CTX), make_answer("a1", GOOD, CTX)]
    inp, db = tmp_path / "answers.parquet", tmp_path / "audit.duckdb"
    wide = pa.array([decimal.Decimal(10**44 + 1), decimal.Decimal(10**44 + 2)], pa.decimal256(50, 0))
    pq.write_table(_with_column(rows, "answer_id", wide), inp)
    code, out = run_input(inp, db)
    assert (code, out) == (
        2,
        f"error: {inp}: column 'answer_id' must be a string column (or integers), got {wide.type}\n",
    )
    narrow = pa.array([decimal.Decimal(10**37 + 1), decimal.Decimal(10**37 + 2)], pa.decimal256(38, 0))
    pq.write_table(_with_column(rows, "answer_id", narrow), inp)
    code, out = run_input(inp, db)
    assert code == 0, out
    assert q(db, "SELECT answer_id FROM answer_audit ORDER BY 1") == [(str(10**37 + 1),), (str(10**37 + 2),)]


def test_an_answer_or_id_of_only_control_characters_is_empty(tmp_path: Path) -> None:
    # a C logger's zeroed buffer (NUL bytes), a bell, escape characters: nothing a reader sees, audited as a text
    # without claims, GREEN, where whitespace alone is quarantined as empty
    empty = {"nul": "\x00\x00", "bell": "\x07", "escapes": "\x1b\x1b\x7f", "mixed": " \x00\n\u200b\x9b "}
    rows = [make_answer(k, v, CTX) for k, v in empty.items()]
    rows += [make_answer("good", GOOD, CTX), make_answer("\x00", GOOD, CTX), make_answer("nul_inside", "a\x00b", CTX)]
    inp, db = tmp_path / "answers.parquet", tmp_path / "audit.duckdb"
    pq.write_table(pa.Table.from_pylist(rows, schema=answers_schema()), inp)
    code, out = run_input(inp, db)
    assert code == 0, out
    got = q(db, "SELECT answer_id, field, reason FROM quarantine ORDER BY row_ref")
    assert got == [(k, "answer", "answer is empty: nothing to audit") for k in empty] + [
        ("\x00", "answer_id", "answer_id is missing (required)")
    ]
    assert dict(q(db, "SELECT answer_id, level FROM answer_audit")) == {"good": "GREEN", "nul_inside": "GREEN"}


def test_a_logged_at_strings_zone_is_honoured_or_the_row_quarantined_never_dropped(tmp_path: Path) -> None:
    # DuckDB's TIMESTAMP cast ignores whatever follows the time: a named zone ("America/New_York"), "UTC+05:00", an
    # unknown abbreviation ("CEST") or "PM" were read as UTC, hours off without a word (a row in another day's
    # window), "+5" and stray digits the same; an offset no zone has ("+99:00", "+05:99") shifted the instant by days
    stamps = {
        "new_york": ("2026-11-01 12:00:00 America/New_York", "2026-11-01 17:00:00"),
        "utc_plus": ("2026-11-01 08:00:00 UTC+05:00", "2026-11-01 03:00:00"),
        "utc": ("2026-11-01 12:00:00 UTC", "2026-11-01 12:00:00"),
        "offset": ("2026-11-01T12:00:00+05:30", "2026-11-01 06:30:00"),
        "naive": ("2026-11-01 12:00:00", "2026-11-01 12:00:00"),
        "pm": ("2026-11-01 01:00:00 PM", None),
        "short_offset": ("2026-11-01 12:00:00 +5", None),
        "trailing_digits": ("2026-11-01 12:00:00 123", None),
        "end_of_day": ("2026-11-01 24:00:00", "2026-11-02 00:00:00"),
        "date_only": ("2026-11-01", "2026-11-01 00:00:00"),
        "unknown_abbreviation": ("2026-11-01 12:00:00 CEST", None),
        "unknown_zone": ("2026-11-01 12:00:00 Mars/Olympus", None),
        "offset_99_hours": ("2026-11-01T12:00:00+99:00", None),
        "offset_99_minutes": ("2026-11-01T12:00:00+05:99", None),
    }
    rows = [make_answer(k, GOOD, CTX) for k in stamps]
    inp, db = tmp_path / "answers.parquet", tmp_path / "audit.duckdb"
    pq.write_table(_with_column(rows, "logged_at", pa.array([v for v, _ in stamps.values()])), inp)
    code, out = run_input(inp, db)
    assert code == 0, out
    got = dict(q(db, "SELECT answer_id, strftime(logged_at AT TIME ZONE 'UTC', '%Y-%m-%d %H:%M:%S') FROM answer_audit"))
    assert got == {k: want for k, (_, want) in stamps.items() if want is not None}
    quarantined = dict(q(db, "SELECT answer_id, reason FROM quarantine WHERE field = 'logged_at'"))
    assert sorted(quarantined) == sorted(k for k, (_, want) in stamps.items() if want is None)
    assert quarantined["pm"].startswith("logged_at '2026-11-01 01:00:00 PM' (string) is not a timestamp")


def test_contexts_as_an_arrow_list_view_are_read_as_the_list_they_are(tmp_path: Path) -> None:
    # pyarrow writes `pa.list_view(...)` / `pa.large_list_view(...)` columns (Arrow's newer list layout, which
    # Parquet stores as a plain list): `contexts` so typed stopped the run, "must be list<struct<...>>, got list_view"
    rows = [make_answer("right", GOOD, CTX), make_answer("wrong", "Shipping costs 20 euros [2].", CTX)]
    value_type = answers_schema().field("contexts").type.value_type
    for view in (pa.list_view, pa.large_list_view):
        inp, db = tmp_path / f"{view.__name__}.parquet", tmp_path / f"{view.__name__}.duckdb"
        contexts = pa.array([r["contexts"] for r in rows], view(value_type))
        pq.write_table(_with_column(rows, "contexts", contexts), inp)
        assert pq.read_schema(inp).field("contexts").type == view(value_type)
        code, out = run_input(inp, db)
        assert code == 0, (view.__name__, out)
        assert q(db, "SELECT answers_read, answers_audited, answers_quarantined FROM runs") == [(2, 2, 0)]
        assert dict(q(db, "SELECT answer_id, level FROM answer_audit")) == {"right": "GREEN", "wrong": "RED"}
        got = q(db, "SELECT answer_id, context_rank, doc_id, verdict FROM citation_audit ORDER BY 1")
        assert got == [("right", 1, "d1", "verified"), ("wrong", 2, "d2", got[1][3])], got
