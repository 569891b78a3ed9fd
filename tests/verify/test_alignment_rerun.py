"""A rerun of the same answers reads each refined pair's token alignment from the audit file (`alignment_cache`):
the transformer runs on nothing, and every verdict and support is the cold run's."""

from __future__ import annotations

import shutil
from pathlib import Path

import duckdb
import pytest

from audit.config import AuditConfig
from audit.runner import ScorerPool, run_audit
from audit.verify.semantic import BiEncoderScorer
from audit.window import Window
from tests.conftest import SAMPLE

_CITATIONS = "SELECT answer_id, citation_ord, verdict, support, evidence_start FROM citation_audit ORDER BY ALL"


def _audit(day: Path, db: Path, cfg: AuditConfig) -> tuple[list[tuple[object, ...]], int, int]:
    pool = ScorerPool(cfg, db)  # a new process's pool: primed from the file
    run_audit(str(day), db, Window(), cfg, scorer=pool)
    bi = [s for s in pool.scorers if isinstance(s, BiEncoderScorer)]
    with duckdb.connect(str(db), read_only=True) as con:
        rows = con.execute(_CITATIONS).fetchall()
    return rows, sum(s.encoded for s in bi), sum(s.reencoded for s in bi)


@pytest.fixture(scope="module")
def cold_day(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[tuple[object, ...]], int]:
    """The sample's first day audited cold (a fresh audit file, a new pool): the file, its citations and the texts
    the transformer embedded. Both tests rerun a copy of the file, as each audited the same day cold first."""
    db = tmp_path_factory.mktemp("cold") / "audit.duckdb"
    cold, embedded, _ = _audit(next(SAMPLE.glob("date=*")), db, AuditConfig())
    return db, cold, embedded


def _copy(cold_day: tuple[Path, list[tuple[object, ...]], int], tmp_path: Path) -> Path:
    db = tmp_path / "audit.duckdb"
    shutil.copyfile(cold_day[0], db)
    return db


def test_a_rerun_runs_the_transformer_on_nothing_and_changes_nothing(
    tmp_path: Path, cold_day: tuple[Path, list[tuple[object, ...]], int]
) -> None:
    day = next(SAMPLE.glob("date=*"))
    db = _copy(cold_day, tmp_path)
    cfg = AuditConfig()
    _, cold, embedded = cold_day
    assert embedded > 0 and any(r[3] is not None for r in cold)
    with duckdb.connect(str(db), read_only=True) as con:
        stored, distinct, bad = con.execute(
            "SELECT count(*), count(DISTINCT (model, pair_hash)), count(*) FILTER (token_align NOT BETWEEN 0 AND 1) "
            "FROM alignment_cache"
        ).fetchall()[0]
    assert stored > 0 and stored == distinct and bad == 0
    warm, embedded, reencoded = _audit(day, db, cfg)
    assert (embedded, reencoded) == (0, 0)  # before alignment_cache: every refined window ran again for its tokens
    assert warm == cold
    with duckdb.connect(str(db), read_only=True) as con:
        assert con.execute("SELECT count(*) FROM alignment_cache").fetchall() == [(stored,)]  # nothing stored twice


def test_a_stored_alignment_that_is_no_number_in_0_1_is_left_out_and_replaced(
    tmp_path: Path, cold_day: tuple[Path, list[tuple[object, ...]], int]
) -> None:
    day = next(SAMPLE.glob("date=*"))
    db = _copy(cold_day, tmp_path)
    cfg = AuditConfig()
    _, cold, _ = cold_day
    with duckdb.connect(str(db)) as con:  # another tool (or a hand) spoils three stored alignments
        con.execute(
            "UPDATE alignment_cache SET token_align = CASE WHEN rowid % 3 = 0 THEN 'nan'::DOUBLE "
            "WHEN rowid % 3 = 1 THEN 7 ELSE -1 END WHERE rowid < 3"
        )
        stored = con.execute("SELECT count(*) FROM alignment_cache").fetchall()[0][0]
    warm, embedded, reencoded = _audit(day, db, cfg)
    assert warm == cold and embedded == 0 and reencoded > 0  # those pairs were aligned again, the same as before
    with duckdb.connect(str(db), read_only=True) as con:
        assert con.execute(
            "SELECT count(*), count(*) FILTER (isfinite(token_align) AND token_align BETWEEN 0 AND 1) "
            "FROM alignment_cache"
        ).fetchall() == [(stored, stored)]
