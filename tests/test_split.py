"""The split input: each shard reads from its own folder exactly the rows its scan of the whole window would have
kept (malformed rows and their file:row references, duplicates, a separate contexts table), and a run over a split
input writes the same tables as a run of one unsplit shard."""

from __future__ import annotations

import logging
from pathlib import Path

import duckdb
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq
import pytest

from audit.config import config_from_dict
from audit.ingest import discover_inputs, stage_answers
from audit.pipeline import Shard
from audit.runner import ScorerPool, begin_run, plan_run, run_audit
from audit.split import ASSIGNMENT, DONE
from audit.window import Window
from tests.conftest import SAMPLE, query

TABLES = {  # every staged table, in a fixed order
    "answers_ok": "SELECT * FROM answers_ok ORDER BY source_file, row_no",
    "ctx": "SELECT * FROM ctx ORDER BY answer_id, rank, text",
    "quarantined": "SELECT * FROM quarantined ORDER BY row_ref",
}


def _staged(shard: Shard, split: bool) -> dict[str, list[tuple[object, ...]]]:
    with duckdb.connect() as con:
        stage_answers(
            con,
            list(shard.files),
            shard.window,
            None,
            list(shard.contexts_files) or None,
            row_filter=_filter(shard),
            split=shard.split if split else None,
        )
        return {name: con.execute(sql).fetchall() for name, sql in TABLES.items()}


def _filter(shard: Shard) -> str | None:
    """The rows the split gave this shard, as a filter on a scan of the whole window: by the assignment of
    answers that share sources, or (a window of more than `affinity.MAX_ANSWERS`) by the plan's hash range."""
    from audit.shardplan import HASH_SQL, hash_range_filter

    table = Path(str(shard.split)).parent / ASSIGNMENT
    if not table.is_file():
        return hash_range_filter(shard.hash_lo, shard.hash_hi)
    return f"{HASH_SQL} IN (SELECT h FROM read_parquet('{table}') WHERE shard = {shard.index})"


# the sample in 8 split shards (4 a day), each staged apart; 0.3 (27 shards) checked the same at three times the cost
SPLIT_SECONDS = 1.0


def _plan(tmp_path: Path, input_spec: str, contexts: str | None = None, seconds: float = SPLIT_SECONDS):  # type: ignore[no-untyped-def]
    cfg = config_from_dict({"run": {"shard_seconds": seconds}})
    db = tmp_path / "audit.duckdb"
    run = begin_run(db, input_spec, Window(), cfg)
    return plan_run(run, db, cfg, contexts)


@pytest.mark.parametrize(
    ("group", "by_source"),
    [(64, True), (3, True), (64, False)],
    ids=["one_pass", "two_passes", "hash_ranges"],
)
def test_each_shard_reads_from_its_folder_what_its_scan_would_keep(
    tmp_path: Path, group: int, by_source: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    import audit.split

    monkeypatch.setattr(audit.split, "GROUP_SHARDS", group)  # 3: the sample's shards go through groups first
    if not by_source:  # a window too big for the source-aware assignment keeps the plan's hash ranges
        monkeypatch.setattr(audit.split, "AFFINITY_MAX_ANSWERS", 10)  # split_input's module (it was runner's)
    plan = _plan(tmp_path, str(SAMPLE))
    assert len(plan.shards) >= 4 and all(s.split for s in plan.shards)
    ids: list[str] = []
    quarantined = 0
    for shard in plan.shards:
        scanned, split = _staged(shard, split=False), _staged(shard, split=True)
        assert split == scanned, shard.name
        ids += [row[2] for row in split["answers_ok"]]  # source_file, row_no, answer_id, ...
        # the shard's count is its folder's rows (after a source-aware split, the assignment's, not the hash range's)
        answers_file = next(p for p in Path(str(shard.split)).rglob("*.parquet") if "context" not in str(p))
        assert shard.answers == duckdb.sql(f"SELECT count(*) FROM read_parquet('{answers_file}')").fetchall()[0][0]
        quarantined += len(split["quarantined"])
    # every answer in one shard; the sample's planted duplicates and malformed rows still found (they need all
    # rows of one answer_id in one shard), and named by the original file and row
    assert len(ids) == len(set(ids))
    total = duckdb.sql(f"SELECT count(*) FROM read_parquet({discover_inputs(str(SAMPLE))!r})").fetchall()[0][0]
    assert len(ids) + quarantined == total
    assert quarantined >= 8
    refs = [r[1] for s in plan.shards for r in _staged(s, split=True)["quarantined"]]
    assert all(str(SAMPLE) in ref and ref.rsplit(":", 1)[1].isdigit() for ref in refs), refs
    root = Path(str(plan.shards[0].split)).parent
    made = [ASSIGNMENT, DONE] if by_source else [DONE]
    assert sorted(p.name for p in root.iterdir()) == sorted(made + [Path(str(s.split)).name for s in plan.shards])


@pytest.mark.parametrize("group", [64, 3], ids=["one_pass", "two_passes"])
def test_a_separate_contexts_table_is_split_with_its_answers(
    tmp_path: Path, group: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    import audit.split

    monkeypatch.setattr(audit.split, "GROUP_SHARDS", group)
    files = discover_inputs(str(SAMPLE))
    logs = pa.concat_tables([pq.read_table(f) for f in files], promote_options="default")
    logs = logs.filter(pc.invert(pc.is_null(logs.column("answer_id"))))
    answers = tmp_path / "logs" / "answers.parquet"
    answers.parent.mkdir()
    pq.write_table(logs.drop_columns(["contexts"]), answers)
    ctx = duckdb.sql(
        "SELECT answer_id, generate_subscripts(contexts, 1) AS rank, unnest(contexts, recursive := true) "
        "FROM logs WHERE contexts IS NOT NULL"
    ).to_arrow_table()
    contexts = tmp_path / "contexts.parquet"
    pq.write_table(ctx, contexts)
    plan = _plan(tmp_path, str(answers), str(contexts))
    assert len(plan.shards) >= 4
    n_ctx = 0
    for shard in plan.shards:
        assert sorted(p.name for p in Path(str(shard.split)).iterdir())[0].startswith("answers-")
        scanned, split = _staged(shard, split=False), _staged(shard, split=True)
        assert split == scanned, shard.name
        n_ctx += len(split["ctx"])
    assert n_ctx > 1000


@pytest.fixture(scope="module")
def split_run(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str]]:
    """The sample audited in many split shards, one at a time (one scorer, so one model replica): the audit file,
    and what `audit.split` logged. Two tests compare their own run of the sample with it."""
    seen: list[str] = []

    class Seen(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            seen.append(record.getMessage())

    logger, handler = logging.getLogger("audit.split"), Seen(logging.INFO)
    level = logger.level
    logger.setLevel(logging.INFO)
    logger.addHandler(handler)
    try:
        cfg = config_from_dict({"run": {"shard_seconds": SPLIT_SECONDS, "shard_threads": 1}})
        pool = ScorerPool(cfg)
        db = Path(run_audit(str(SAMPLE), tmp_path_factory.mktemp("split") / "s.duckdb", Window(), cfg, scorer=pool).db)
    finally:
        logger.removeHandler(handler)
        logger.setLevel(level)
    assert len(pool.scorers) == 1
    return db, seen


def test_a_split_run_writes_the_tables_of_one_unsplit_shard(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, split_run: tuple[Path, list[str]]
) -> None:
    from tests.cli.test_run import ROW_COLUMNS

    cfg = config_from_dict({"run": {"shard_seconds": 1e6, "shard_threads": 1}})  # one shard: no split
    db = tmp_path / "unsplit.duckdb"
    with caplog.at_level(logging.INFO, logger="audit.split"):
        run_audit(str(SAMPLE), db, Window(), cfg)
    assert not any("shard folders" in r.getMessage() for r in caplog.records)
    split_db, split_logged = split_run
    assert any("shard folders" in message for message in split_logged)
    # support to 12 digits: a score's last bits follow the shard layout (one shard or many, split or not: the
    # same before the split existed), its verdict never does
    cols = {t: c.replace("support", "round(support, 12)") for t, c in ROW_COLUMNS.items()}
    tables = [{t: query(d, f"SELECT {c} FROM {t} ORDER BY ALL") for t, c in cols.items()} for d in (db, split_db)]
    assert tables[0] == tables[1]
    assert len(tables[0]["citation_audit"]) > 100 and len(tables[0]["quarantine"]) >= 8


def test_shards_audited_two_at_a_time_give_the_same_rows(tmp_path: Path, split_run: tuple[Path, list[str]]) -> None:
    """The same shard plan audited two shards at a time gives the rows of one at a time (`split_run`)."""
    from tests.cli.test_run import ROW_COLUMNS, rows

    cfg = config_from_dict({"run": {"shard_seconds": SPLIT_SECONDS, "shard_threads": 2}})
    pool = ScorerPool(cfg)
    summary = run_audit(str(SAMPLE), tmp_path / "threads2.duckdb", Window(), cfg, scorer=pool)
    assert len(pool.scorers) == 2  # two shard threads ran, each with its own model replica ...
    assert len({id(s.cache) for s in pool.scorers}) == 1  # ... and one embedding cache between them
    tables = [{t: rows(Path(db), t) for t in ROW_COLUMNS} for db in (summary.db, split_run[0])]
    assert tables[0] == tables[1]
    assert len(tables[0]["citation_audit"]) > 100


def test_a_finished_split_is_reused_and_an_unfinished_one_redone(tmp_path: Path) -> None:
    first = _plan(tmp_path, str(SAMPLE))
    root = Path(str(first.shards[0].split)).parent
    assert (root / DONE).is_file()
    marker = root / "shard-00000" / "leftover.txt"
    marker.write_text("kept while the split is reused")
    second = _plan(tmp_path, str(SAMPLE))
    assert [s.split for s in second.shards] == [s.split for s in first.shards] and marker.is_file()
    (root / DONE).unlink()  # a split that stopped before its end is written again from scratch
    third = _plan(tmp_path, str(SAMPLE))
    assert not marker.is_file() and (root / DONE).is_file()
    assert [_staged(s, split=True) for s in third.shards] == [_staged(s, split=True) for s in first.shards]


def test_one_shard_is_not_split(tmp_path: Path) -> None:
    plan = _plan(tmp_path, str(SAMPLE), seconds=1e6)
    assert len(plan.shards) == 1 and plan.shards[0].split is None


def test_a_run_is_planned_in_one_in_memory_duckdb(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The UTF-8 check, the cost plan, the source-affinity items and the split share one in-memory database: each
    new one costs ~13 ms of CPU, on the serial path between a flow's start and its first shard."""
    cfg = config_from_dict({"run": {"shard_seconds": 0.3}})
    db = tmp_path / "audit.duckdb"
    run = begin_run(db, str(SAMPLE), Window(), cfg)
    opened: list[object] = []
    real = duckdb.connect

    def counting(database: object = ":memory:", *args: object, **kwargs: object) -> duckdb.DuckDBPyConnection:
        opened.append(database)
        return real(database, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(duckdb, "connect", counting)
    plan = plan_run(run, db, cfg)
    assert len(plan.shards) > 1 and all(s.split for s in plan.shards)  # planned, assigned by source and split
    assert len(opened) == 1, opened
