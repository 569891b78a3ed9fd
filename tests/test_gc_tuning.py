"""The collector's pace the command and the Dask preload set (audit/gc_tuning.py)."""

from __future__ import annotations

import gc
import subprocess
import sys
from collections.abc import Iterator

import pytest

from audit.gc_tuning import FIRST_GENERATION, pace_collector


@pytest.fixture
def thresholds() -> Iterator[None]:
    before = gc.get_threshold()
    yield
    gc.set_threshold(*before)


def test_raises_the_first_generation_only(thresholds: None) -> None:
    gc.set_threshold(700, 7, 9)
    pace_collector()
    assert gc.get_threshold() == (FIRST_GENERATION, 7, 9)


def test_keeps_a_slower_pace_a_user_set(thresholds: None) -> None:
    gc.set_threshold(50_000, 10, 10)
    pace_collector()
    assert gc.get_threshold() == (50_000, 10, 10)


def test_the_command_paces_its_process() -> None:
    code = (
        "import gc\n"
        "from click.testing import CliRunner\n"
        "from audit.cli.main import main\n"
        "r = CliRunner().invoke(main, ['sql', 'select 1', '--db', ':memory:'])\n"
        "print(gc.get_threshold()[0])\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert int(out.split()[-1]) == FIRST_GENERATION
