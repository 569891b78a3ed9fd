from __future__ import annotations

import pytest

from audit.config import AuditConfig, load_config
from audit.errors import ConfigError
from tests.conftest import REPO


def test_documented_config_file_equals_the_defaults():
    assert load_config(REPO / "citeaudit.toml") == AuditConfig()


def test_hash_changes_with_verification_settings_only():
    base = AuditConfig()
    assert base.config_hash() == AuditConfig().config_hash()


@pytest.mark.parametrize(
    "text,message",
    [
        ("[nope]\nx = 1\n", "unknown section [nope]"),
        ("[verify]\nmodle = 'x'\n", "unknown key verify.modle"),
        ("[support]\nverified = 'high'\n", "support.verified must be float"),
        ("[support]\nverified = 0.3\nweak = 0.5\n", "support.weak <= support.verified"),
        ("[extract]\nnumeric_base = 2\n", "numeric_base must be 0 or 1"),
        ("[verify\n", "not valid TOML"),
        ("[verify]\nquantize = 'int4'\n", "verify.quantize must be int8 or none"),
        ("[support]\nmisattribution_margin = -1.0\n", "support.misattribution_margin must be between 0 and 1"),
        ("[verify]\ndevice = 'cuda'\n", 'int8" runs on the CPU only'),
        ("[verify]\nmodel = '/models/mine'\n", 'int8" is shipped for the packaged all-MiniLM-L6-v2 only'),
        ("[run]\nshard_threads = -1\n", "run.shard_threads must be >= 0"),
        ('[run]\nload_memory_limit = "lots\'; DROP TABLE runs; --"\n', "run.load_memory_limit must be a size"),
    ],
    ids=[
        "unknown_section",
        "unknown_key",
        "wrong_type",
        "inverted_thresholds",
        "bad_base",
        "bad_toml",
        "quantize",
        "negative_margin",
        "int8_gpu",
        "int8_own_model",
        "negative_threads",
        "memory_limit_not_a_size",
    ],
)
def test_bad_config_is_a_clear_error(tmp_path, text, message):
    p = tmp_path / "c.toml"
    p.write_text(text)
    with pytest.raises(ConfigError, match=message.replace("[", r"\[").replace("]", r"\]")):
        load_config(p)


@pytest.mark.parametrize(
    "text,hint",
    [
        ("[extract]\nnumeric_bse = 0\n", "; did you mean extract.numeric_base?"),
        ("[run]\nnumeric_base = 0\n", "; did you mean extract.numeric_base?"),  # another section's key
        ("[suport]\nverified = 0.6\n", "; did you mean [support]?"),
        ("[run]\nshard_row = 5\n", "; did you mean run.shard_rows?"),  # written after the rule
    ],
)
def test_a_misspelt_config_key_or_section_names_the_one_meant(tmp_path, text, hint):
    # `numeric_bse` was "unknown key ... (known: ...)" with the 15 keys of a section, the one meant left to find
    p = tmp_path / "c.toml"
    p.write_text(text)
    with pytest.raises(ConfigError) as err:
        load_config(p)
    assert str(err.value).endswith(hint), str(err.value)
    assert "did you mean" not in _error(tmp_path, "[verify]\nzzzz = 1\n")  # nothing near: no guess


def _error(tmp_path, text: str) -> str:
    p = tmp_path / "d.toml"
    p.write_text(text)
    with pytest.raises(ConfigError) as err:
        load_config(p)
    return str(err.value)


def test_missing_config_file(tmp_path):
    with pytest.raises(ConfigError, match="config file not found"):
        load_config(tmp_path / "none.toml")


def test_documented_config_file_names_every_key():
    import dataclasses
    import tomllib

    doc = tomllib.loads((REPO / "citeaudit.toml").read_text())
    for section in dataclasses.fields(AuditConfig):
        keys = {f.name for f in dataclasses.fields(section.default_factory())}  # type: ignore[misc]
        assert keys <= set(doc[section.name]) | {"column_mapping"}, section.name


def test_output_folders_do_not_change_the_config_hash(tmp_path):
    p = tmp_path / "c.toml"
    p.write_text('[outputs]\nreport_dir = "reports"\nexport_dir = "exports"\n')
    cfg = load_config(p)
    assert cfg.outputs.report_dir == "reports" and cfg.outputs.export_dir == "exports"
    assert cfg.config_hash() == AuditConfig().config_hash()


def test_default_thresholds_are_the_packaged_models():
    import json

    from audit.verify.support import PACKAGED_MODEL

    model = json.loads(PACKAGED_MODEL.read_text())
    fitted = model["thresholds"]
    assert (AuditConfig().support.verified, AuditConfig().support.weak) == (fitted["verified"], fitted["weak"])
    mis = model["misattribution"]
    assert AuditConfig().support.misattribution_margin == mis["margin"]
    assert AuditConfig().support.misattribution_min_other == mis["min_other"]
