"""The single writer: a window owns its rows, and only its rows."""

from __future__ import annotations

from datetime import UTC, date, datetime

import duckdb

from audit.config import AuditConfig
from audit.runner import run_audit
from audit.window import Window
from tests.conftest import make_answer

CTX = [{"doc_id": "d1", "chunk_id": "c1", "title": "T", "page": 1, "text": "Refunds take 30 days."}]
DAY1, DAY2 = date(2026, 11, 1), date(2026, 11, 2)


def _rows(db, sql):
    con = duckdb.connect(str(db), read_only=True)
    try:
        return con.execute(sql).fetchall()
    finally:
        con.close()


def test_reauditing_a_day_keeps_the_other_days_rows_of_a_shared_answer_id(write_answers, tmp_path, scorer):
    rows = [
        make_answer("shared", "Refunds take 30 days [1].", CTX, logged_at=datetime(2026, 11, 1, 9, tzinfo=UTC)),
        make_answer("only-1", "Refunds take 30 days [1].", CTX, logged_at=datetime(2026, 11, 1, 10, tzinfo=UTC)),
        make_answer("shared", "Refunds take 30 days [2].", CTX, logged_at=datetime(2026, 11, 2, 9, tzinfo=UTC)),
    ]
    inp, db, cfg = str(write_answers(rows)), tmp_path / "audit.duckdb", AuditConfig()
    day1 = run_audit(inp, db, Window.for_day(DAY1), cfg, scorer=scorer)
    run_audit(inp, db, Window.for_day(DAY2), cfg, scorer=scorer)
    run_audit(inp, db, Window.for_day(DAY2), cfg, scorer=scorer)  # a rerun replaces day 2 only
    per_day = _rows(
        db,
        "SELECT CAST(logged_at AS DATE), answer_id, count(*) FROM answer_audit GROUP BY ALL ORDER BY ALL",
    )
    assert per_day == [(DAY1, "only-1", 1), (DAY1, "shared", 1), (DAY2, "shared", 1)]
    # the runs row of day 1 still tells the truth about what day 1 holds
    audited = _rows(db, f"SELECT answers_audited FROM runs WHERE run_id = '{day1.run_id}'")
    assert audited == [(2,)]
    assert _rows(db, f"SELECT count(*) FROM answer_audit WHERE run_id = '{day1.run_id}'") == [(2,)]
    # the analysts' view pairs each citation with its own day's answer, not with both
    assert _rows(db, "SELECT count(*) FROM unverified_citations WHERE answer_id = 'shared'") == [(1,)]


def test_the_load_keeps_to_its_memory_limit_and_a_too_small_one_is_a_config_error(tmp_path, scorer):
    """`[run] load_memory_limit` bounds DuckDB while a run loads: too small fails with the setting's name, the
    finished shards stay and load on the rerun; a workable one loads the same tables as DuckDB's default."""
    import dataclasses
    from pathlib import Path

    import pytest

    from audit.errors import ConfigError

    sample = str(Path(__file__).resolve().parents[1] / "data" / "sample")
    cfg = AuditConfig()
    tiny = dataclasses.replace(cfg, run=dataclasses.replace(cfg.run, load_memory_limit="1MB"))
    db = tmp_path / "audit.duckdb"
    with pytest.raises(ConfigError, match="load_memory_limit = '1MB'"):
        run_audit(sample, db, Window(), tiny, scorer=scorer)
    assert _rows(db, "SELECT count(*) FROM answer_audit") == [(0,)]  # nothing half-loaded
    ((status,),) = _rows(db, "SELECT status FROM runs")
    assert status.startswith("failed: ConfigError") and "load_memory_limit" in status
    run_audit(sample, db, Window(), cfg, scorer=scorer)  # the default 256MB: loads
    unlimited = dataclasses.replace(cfg, run=dataclasses.replace(cfg.run, load_memory_limit=""))
    db2 = tmp_path / "unlimited.duckdb"
    run_audit(sample, db2, Window(), unlimited, scorer=scorer)
    digest = "SELECT answer_id, citation_ord, verdict, round(support, 6) FROM citation_audit ORDER BY ALL"
    assert _rows(db, digest) == _rows(db2, digest)


def test_embeddings_already_stored_are_not_stored_twice(tmp_path):
    """embedding_cache has no key index (outputs v3): the loader itself inserts only the vectors the file lacks."""
    from pathlib import Path

    from audit.pipeline import make_scorer

    sample = str(Path(__file__).resolve().parents[1] / "data" / "sample")
    cfg = AuditConfig()
    db = tmp_path / "audit.duckdb"
    count = "SELECT count(*), count(DISTINCT (model, content_hash)) FROM embedding_cache"
    run_audit(sample, db, Window(), cfg, scorer=make_scorer(cfg))  # a fresh cache: every vector is new
    ((rows, distinct),) = _rows(db, count)
    assert rows == distinct > 0
    run_audit(sample, db, Window(), cfg, scorer=make_scorer(cfg))  # unprimed again: the same vectors come back
    assert _rows(db, count) == [(rows, distinct)]


def test_the_load_returns_the_overview_of_the_rows_it_wrote(tmp_path, scorer):
    """The load reads its run's overview (levels, verdicts, uncited claims, rank-0 answers) in its own connection:
    what `run_overview` reads from the file afterwards, without the flow opening the file once more."""
    from pathlib import Path

    from audit.report import run_overview
    from audit.runner import ScorerPool, audit_shards, begin_run, load_run, plan_run

    sample = str(Path(__file__).resolve().parents[1] / "data" / "sample")
    cfg, db = AuditConfig(), tmp_path / "audit.duckdb"
    run = begin_run(db, sample, Window(), cfg)
    plan = plan_run(run, db, cfg)
    dirs = audit_shards(plan, cfg, run.run_id, ScorerPool(cfg, db, fixed=scorer))
    loaded = load_run(db, run, dirs, cfg, "rerun")
    assert loaded.overview == run_overview(str(db), run.run_id)
    assert loaded.overview["verdicts"] and loaded.overview["uncited"] > 0
    assert loaded.counts.answers_read == loaded.overview["counts"]["answers_read"] > 0


def test_the_code_version_is_asked_of_git_once_per_process(monkeypatch):
    """A run writes its `runs` row twice (running, then completed or failed): `git rev-parse` ran for each, a fork of
    the flow's process on its serial path. The version is the process's: asked once."""
    import subprocess

    from audit.store import code_version

    first = code_version()

    def no_git(*args, **kwargs):
        raise AssertionError("git asked again")

    monkeypatch.setattr(subprocess, "run", no_git)
    assert code_version() == first


def _accounts(db) -> tuple[int, int, int, int]:
    """(answers audited, rows quarantined, answers both audited and quarantined for their own fault, the last run's
    answers_read): every row a run read is in exactly one of the two tables."""
    return _rows(
        db,
        "SELECT (SELECT count(*) FROM answer_audit), (SELECT count(*) FROM quarantine), "
        "(SELECT count(*) FROM quarantine q JOIN answer_audit a USING (answer_id) "
        "WHERE q.reason NOT LIKE '%duplicate%'), (SELECT answers_read FROM runs ORDER BY finished_at DESC LIMIT 1)",
    )[0]


def test_a_log_rewritten_between_runs_leaves_no_stale_quarantine_row(write_answers, tmp_path, scorer):
    # reliability round 6: a row quarantined by one run (no answer, no timestamp) and fixed in the log before the
    # next stayed in the quarantine beside its audit (read 4, audited 4 + quarantined 2); a row inserted at the top
    # moved every row number, and the quarantined rows of the old numbers stayed for good (unbounded runs: 2 more
    # each rewrite); an answer whose id went missing stayed audited beside its quarantined row
    at = datetime(2026, 11, 1, 9, tzinfo=UTC)
    good = [make_answer(f"a{i}", "Refunds take 30 days [1].", CTX, logged_at=at) for i in range(4)]
    broken = [dict(good[0], answer=None), dict(good[1], logged_at=None), *good[2:]]
    versions = {
        "broken": broken,
        "fixed": good,
        "an id gone": [dict(good[0], answer_id=None), *good[1:]],
        "shifted": [good[3], *broken],  # a3 twice: the later row quarantined as a duplicate
        # a mis-dated batch corrected: the day's run reads the log and finds none of its rows there any more
        "another day": [dict(r, logged_at=datetime(2026, 11, 2, 9, tzinfo=UTC)) for r in good],
    }
    for window in (Window(None, None), Window.for_day(DAY1)):
        db = tmp_path / f"audit-{window.start is None}.duckdb"
        for name, rows in [*versions.items(), ("broken again", broken)]:
            inp = str(write_answers(rows))
            run_audit(inp, db, window, AuditConfig(), scorer=scorer)
            audited, quarantined, both, read = _accounts(db)
            assert (audited + quarantined, both) == (read, 0), (window, name, audited, quarantined, both, read)


def test_a_day_run_leaves_the_untimed_rows_of_another_days_folder(tmp_path, scorer):
    # a row without a timestamp belongs to its hive folder's day: a run of another day that reads the same folder
    # tree (a row logged on 11-01 inside date=2026-11-02/) does not clear it
    import pyarrow as pa
    import pyarrow.parquet as pq

    from audit.contract import answers_schema

    at1, at2 = datetime(2026, 11, 1, 23, tzinfo=UTC), datetime(2026, 11, 2, 9, tzinfo=UTC)
    rows = [
        make_answer("late", "Refunds take 30 days [1].", CTX, logged_at=at1),
        make_answer("untimed", "Refunds take 30 days [1].", CTX, logged_at=None),
        make_answer("on-time", "Refunds take 30 days [1].", CTX, logged_at=at2),
    ]
    (tmp_path / "logs" / "date=2026-11-02").mkdir(parents=True)
    pq.write_table(pa.Table.from_pylist(rows, schema=answers_schema()), tmp_path / "logs/date=2026-11-02/p.parquet")
    db, logs = tmp_path / "audit.duckdb", str(tmp_path / "logs")
    run_audit(logs, db, Window.for_day(DAY2), AuditConfig(), scorer=scorer)
    run_audit(logs, db, Window.for_day(DAY1), AuditConfig(), scorer=scorer)
    assert _rows(db, "SELECT answer_id FROM quarantine") == [("untimed",)]
    assert _rows(db, "SELECT answer_id FROM answer_audit ORDER BY 1") == [("late",), ("on-time",)]


def test_shards_an_earlier_attempt_left_are_not_loaded_once_the_support_model_changed(write_answers, tmp_path, scorer):
    # reliability round 6: a run whose load failed (a locked or full disk, here a load memory limit too small) keeps
    # its finished shards for the rerun; the support model refitted at the same path (an upgrade) before the rerun,
    # the rerun loaded the old model's verdicts, recorded as the new one's
    import dataclasses
    import json
    import shutil

    import pytest

    from audit.errors import ConfigError
    from audit.verify.support import PACKAGED_MODEL, load_support_model

    model = tmp_path / "support.json"
    shutil.copy(PACKAGED_MODEL, model)
    base = AuditConfig()
    cfg = dataclasses.replace(base, support=dataclasses.replace(base.support, model=str(model)))
    tiny = dataclasses.replace(cfg, run=dataclasses.replace(cfg.run, load_memory_limit="1MB"))
    claims = ["Refunds take 30 days [1].", "A refund is possible within a month [1].", "Refunds are quick [1]."]
    inp = str(write_answers([make_answer(f"a{i}", c, CTX) for i, c in enumerate(claims)]))
    db, fresh = tmp_path / "audit.duckdb", tmp_path / "fresh.duckdb"
    with pytest.raises(ConfigError, match="load_memory_limit"):
        run_audit(inp, db, Window(), tiny, scorer=scorer)
    refit = json.loads(model.read_text())
    refit["intercept"] = -50.0  # nothing the model scores is supported any more
    model.write_text(json.dumps(refit))
    load_support_model.cache_clear()
    try:
        run_audit(inp, db, Window(), cfg, scorer=scorer)
        run_audit(inp, fresh, Window(), cfg, scorer=scorer)
    finally:
        load_support_model.cache_clear()
    digest = "SELECT answer_id, citation_ord, verdict FROM citation_audit ORDER BY ALL"
    assert _rows(db, digest) == _rows(fresh, digest)


def test_a_second_input_of_the_same_day_keeps_the_first_inputs_rows(tmp_path, scorer):
    # reliability round 6: `run --input tenant-a --since D --until D+1`, then the same window over tenant-b into the
    # same audit file: the second run replaced every row of the day, so tenant-a's 2 answers were gone (read 2 + 2,
    # the file held 2). A row of another input whose file is still there stays; an answer_id both hold is the
    # later run's (one row per answer a day); a file that is gone no longer holds its rows (a `--day` re-audit drops
    # them, as the late-files check says), and a log moved to another folder is not counted twice
    import pyarrow as pa
    import pyarrow.parquet as pq

    from audit.contract import answers_schema

    def write(folder: str, ids: list[str]) -> str:
        (tmp_path / folder).mkdir(exist_ok=True)
        rows = [
            make_answer(i, "Refunds take 30 days [1].", CTX, logged_at=datetime(2026, 11, 1, 9, tzinfo=UTC))
            for i in ids
        ]
        pq.write_table(pa.Table.from_pylist(rows, schema=answers_schema()), tmp_path / folder / "p.parquet")
        return str(tmp_path / folder)

    db, day = tmp_path / "audit.duckdb", Window.for_day(DAY1)
    a, b = write("a", ["a1", "a2", "both"]), write("b", ["b1", "both"])
    run_audit(a, db, day, AuditConfig(), scorer=scorer)
    run_audit(b, db, day, AuditConfig(), scorer=scorer)
    held = "SELECT answer_id, source_file FROM answer_audit ORDER BY 1"
    assert _rows(db, held) == [
        ("a1", f"{a}/p.parquet"),
        ("a2", f"{a}/p.parquet"),
        ("b1", f"{b}/p.parquet"),
        ("both", f"{b}/p.parquet"),
    ]
    assert _rows(db, "SELECT count(*) FROM citation_audit") == [(4,)]
    (tmp_path / "a").rename(tmp_path / "a-moved")
    run_audit(str(tmp_path / "a-moved"), db, day, AuditConfig(), scorer=scorer)
    assert [r[0] for r in _rows(db, held)] == ["a1", "a2", "b1", "both"]
    assert _rows(db, "SELECT count(*) FROM citation_audit") == [(4,)]


def test_a_moved_or_renamed_log_keeps_each_quarantined_row_once(tmp_path, scorer):
    # reliability round 7 (left from round 6): a quarantined row without a timestamp, from a log then moved or
    # renamed, was kept twice (its old file:row beside the new one), by a bounded and an unbounded run; an unbounded
    # run kept every quarantined row of the moved log twice (6 -> 12 on the sample day). A row of a log no longer
    # there goes when the run quarantines it again: the same answer_id, or with none the same row, reason and time
    import pyarrow as pa
    import pyarrow.parquet as pq

    from audit.contract import answers_schema

    at = datetime(2026, 11, 1, 9, tzinfo=UTC)
    rows = [
        make_answer("ok", "Refunds take 30 days [1].", CTX, logged_at=at),
        make_answer("untimed", "Refunds take 30 days [1].", CTX, logged_at=None),
        make_answer(None, "Refunds take 30 days [1].", CTX, logged_at=at),  # no answer_id
        make_answer("no-text", None, CTX, logged_at=at),
    ]
    quarantined = "SELECT answer_id, field FROM quarantine ORDER BY ALL"
    for name, window in (("unbounded", Window()), ("day", Window.for_day(DAY1))):
        first = tmp_path / name / "logs"
        first.mkdir(parents=True)
        pq.write_table(pa.Table.from_pylist(rows, schema=answers_schema()), first / "p.parquet")
        db = tmp_path / name / "audit.duckdb"
        run_audit(str(first), db, window, AuditConfig(), scorer=scorer)
        before = _rows(db, quarantined)
        assert len(before) == 3
        moved = tmp_path / name / "moved"
        first.rename(moved)
        (moved / "p.parquet").rename(moved / "renamed.parquet")
        run_audit(str(moved), db, window, AuditConfig(), scorer=scorer)
        assert _rows(db, quarantined) == before, name
        assert _rows(db, "SELECT DISTINCT source FROM quarantine") == [(f"{moved}/renamed.parquet",)], name
        assert _rows(db, "SELECT answer_id FROM answer_audit") == [("ok",)]


def test_shards_an_earlier_attempt_left_are_not_loaded_once_an_embedding_model_changed_in_place(
    write_answers, tmp_path, scorer, caplog
):
    # reliability round 7 (left from round 6): the work dir's key held the embedding models' paths, not their
    # contents, so a model copied over the same path (same size, its mtime set back as `cp -p` or rsync do) between a
    # failed load and its rerun loaded the old model's shards; an untouched model's shards are still reused
    import dataclasses
    import logging
    import os
    import shutil

    import pytest

    from audit.errors import ConfigError
    from audit.verify.static import PACKAGED_STATIC

    static = tmp_path / "static"
    shutil.copytree(PACKAGED_STATIC, static)
    base = AuditConfig()
    cfg = dataclasses.replace(base, verify=dataclasses.replace(base.verify, static_model=str(static)))
    tiny = dataclasses.replace(cfg, run=dataclasses.replace(cfg.run, load_memory_limit="1MB"))
    inp = str(write_answers([make_answer(f"a{i}", "Refunds take 30 days [1].", CTX) for i in range(2)]))
    db = tmp_path / "audit.duckdb"
    caplog.set_level(logging.INFO, logger="audit.runner")
    with pytest.raises(ConfigError, match="load_memory_limit"):
        run_audit(inp, db, Window(), tiny, scorer=scorer)
    assert "reusing" not in caplog.text
    with pytest.raises(ConfigError, match="load_memory_limit"):
        run_audit(inp, db, Window(), tiny, scorer=scorer)
    assert "reusing" in caplog.text  # the same model: its finished shards are only loaded
    weights = static / "model.safetensors"
    st = weights.stat()
    with open(weights, "r+b") as fh:  # another model of the same shape: the same size, other values
        fh.seek(st.st_size - 64)
        fh.write(bytes(64))
    os.utime(weights, ns=(st.st_atime_ns, st.st_mtime_ns))
    caplog.clear()
    run_audit(inp, db, Window(), cfg, scorer=scorer)
    assert "reusing" not in caplog.text
