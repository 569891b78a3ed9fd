"""Audit configuration: a TOML file whose every key has a documented default (see `citeaudit.toml`)."""

from __future__ import annotations

import dataclasses
import difflib
import hashlib
import json
import math
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from audit.errors import ConfigError, not_found


@dataclass(frozen=True)
class ExtractConfig:
    numeric_base: int = 1  # [1] means the first context; set 0 for systems that cite [0]


@dataclass(frozen=True)
class VerifyConfig:
    model: str = "all-MiniLM-L6-v2"  # packaged default, or a local sentence-transformers path
    nli_model: str = ""  # optional local cross-encoder path; empty = off
    window_sentences: int = 3  # evidence windows: runs of 1 up to this many consecutive sentences
    top_k_windows: int = 4  # windows per source, preselected by idf-weighted shared words, that get embedded
    uncited_top_k_windows: int = 4  # the same for uncited sentences (a repair suggestion: static embedding only)
    static_model: str = ""  # first-stage static embedding (model2vec folder); empty = packaged static-minilm
    refine: str = "all"  # which cited pairs the transformer re-scores: all | band | none (faster, see README)
    refine_margin: float = 0.1  # band: the screen's support within this of the verified or weak threshold
    refine_windows: int = 2  # candidate windows (best static cosine first) the transformer embeds per refined pair
    quantize: str = "int8"  # the transformer in int8 on ONNX Runtime (CPU, ~4x faster; see README) or "none"
    batch_size: int = 64
    device: str = "cpu"


@dataclass(frozen=True)
class SupportConfig:
    """The support model and the verdict thresholds (see audit/verdict.py and the model card)."""

    model: str = ""  # support model JSON; empty = the packaged audit/models/support.json
    verified: float = 0.46  # support >= verified -> verified (fitted with the model: see its card)
    weak: float = 0.21  # weak <= support < verified -> weak, below -> unsupported
    misattribution_min_other: float = 0.21  # misattributed: cited not verified, another context >= this (= weak)...
    misattribution_margin: float = 0.2  # ... and beats the cited one by this much (fitted with the model: card)
    # ... or reaches `verified` itself and beats the cited one by this much (tools/misattribution/measure.py)
    misattribution_verified_margin: float = 0.05
    # ... or another context the transformer puts ahead by `misattribution_verified_margin` holds this many more of the
    # claim's content words (audit/verdict.py `wider_source`; tools/misattribution/measure.py, `fit` half)
    misattribution_more_words: int = 3
    # ... or one the transformer's cosine puts this far above the cited one, at or above it on support (`near_source`)
    misattribution_cosine_margin: float = 0.3
    misattribution_cosine_words: int = 2  # ... holding this many more of the claim's content words (`near_source`)
    cap_missing_numbers: bool = True  # a claim with a number or date its source lacks is never `verified`
    cap_missing_names: bool = True  # ... nor one naming someone or something its source never mentions
    cap_negation_mismatch: bool = True  # ... nor one negated where its evidence window is not (or the reverse)
    cap_direction_mismatch: bool = True  # ... nor one stating the opposite change ("rose") of its window ("fell")


@dataclass(frozen=True)
class LevelConfig:
    green_min_integrity: float = 0.9
    yellow_min_integrity: float = 0.6
    min_coverage: float = 0.0  # policy: answers whose claim coverage is below this get a flag
    required_prefix: str = ""  # policy: answers must start with this text (empty = off)
    overconfident_confidence: float = 0.9  # flag `overconfident`: the answer claims at least this confidence ...
    overconfident_gap: float = 0.4  # ... and its citation integrity is at least this much lower


MAX_INT = 2**63 - 1  # a whole-number setting reaches DuckDB and numpy as a 64-bit integer
MAX_CACHE_VECTORS = 10_000_000  # [run] cache_vectors: ~21 GB of embeddings per process, far past any need
MAX_SHARD_THREADS = 256  # [run] shard_threads: a model replica each (~20 MB); 100000 held one per shard at once


@dataclass(frozen=True)
class RunConfig:
    shard_seconds: float = 5.0  # target estimated work per shard: many more shards than workers keeps all busy
    shard_rows: int = 5000  # at most this many answers per shard (bounds a shard's memory)
    batch_answers: int = 2000  # answers per verification batch (bounds memory)
    shard_threads: int = 0  # shards `citeaudit run` audits at once, each with its own model replica; 0 = one per core
    cache_vectors: int = 64_000  # embeddings held in memory per process (~2.1 KB each, a fifth for claims), LRU
    cron: str = "0 2 * * *"
    timezone: str = "UTC"
    dask_address: str = ""
    lock_wait_seconds: float = 60.0  # a load waits this long for another process to release the DuckDB file
    load_memory_limit: str = "256MB"  # DuckDB memory while loading a run (spills to disk beyond); "" = DuckDB default
    # an answer longer than this, or whose contexts' texts are together longer, is quarantined: one 50 MB context
    # took 2 minutes and 2 GB for its single answer (README: Bad input)
    max_answer_chars: int = 4_000_000
    max_contexts_chars: int = 16_000_000
    max_citations_per_answer: int = 10_000  # ... and one citing more often: 100,000 cited sentences ran past 400 s
    max_contexts_per_answer: int = 10_000  # ... and one with more contexts: 100,000 short ones took 253 s, 1.4 GB
    column_mapping: dict[str, str] = field(default_factory=dict)  # contract name -> log column


@dataclass(frozen=True)
class OutputsConfig:
    """What a nightly run writes besides the DuckDB file (empty = not written)."""

    report_dir: str = ""  # the day's review page: <report_dir>/review-YYYY-MM-DD.html
    export_dir: str = ""  # the day's export: <export_dir>/YYYY-MM-DD/ (files + manifest.json)


@dataclass(frozen=True)
class AuditConfig:
    extract: ExtractConfig = field(default_factory=ExtractConfig)
    verify: VerifyConfig = field(default_factory=VerifyConfig)
    support: SupportConfig = field(default_factory=SupportConfig)
    levels: LevelConfig = field(default_factory=LevelConfig)
    run: RunConfig = field(default_factory=RunConfig)
    outputs: OutputsConfig = field(default_factory=OutputsConfig)

    def as_dict(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    def config_hash(self) -> str:
        """Content hash of every setting that can change a result (run and output settings excluded)."""
        d = self.as_dict()
        d.pop("run")
        d.pop("outputs")
        return hashlib.sha256(json.dumps(d, sort_keys=True).encode()).hexdigest()[:16]


_SECTIONS = {
    "extract": ExtractConfig,
    "verify": VerifyConfig,
    "support": SupportConfig,
    "levels": LevelConfig,
    "run": RunConfig,
    "outputs": OutputsConfig,
}


def _did_you_mean(name: str, section: str | None = None) -> str:
    """`; did you mean extract.numeric_base?` for a misspelt key (`numeric_bse`, or one under another section than
    its own) or section (`section` None: `[suport]`), else nothing: the error named the key, not the one meant."""
    if section is None:
        close = difflib.get_close_matches(name, list(_SECTIONS), n=1)
        return f"; did you mean [{close[0]}]?" if close else ""
    keys = {f"{s}.{f.name}": f.name for s, c in _SECTIONS.items() for f in dataclasses.fields(c)}
    near = [k for k, v in keys.items() if v in difflib.get_close_matches(name, list(keys.values()), n=3)]
    near.sort(key=lambda k: (not k.startswith(f"{section}."), k))  # its own section's key first
    return f"; did you mean {near[0]}?" if near else ""


def config_from_dict(data: dict[str, Any], source: str = "<dict>") -> AuditConfig:
    """Build a config from nested dicts, naming any unknown section, key or mistyped value."""
    parts: dict[str, Any] = {}
    for section, values in data.items():
        cls = _SECTIONS.get(section)
        if cls is None and not isinstance(values, dict):  # `shard_rows = 5` above every [section]
            owners = [name for name, c in _SECTIONS.items() if section in {f.name for f in dataclasses.fields(c)}]
            where = f"it belongs under {' or '.join(f'[{o}]' for o in owners)}" if owners else "and no section has it"
            raise ConfigError(f"{source}: {section} is a key outside any section{':' if owners else ','} {where}")
        if cls is None:
            hint = _did_you_mean(section)
            raise ConfigError(f"{source}: unknown section [{section}] (known: {', '.join(_SECTIONS)}){hint}")
        if not isinstance(values, dict):
            raise ConfigError(f"{source}: [{section}] must be a table")
        known = {f.name: f for f in dataclasses.fields(cls)}
        kwargs: dict[str, Any] = {}
        for key, value in values.items():
            if key not in known:
                hint = _did_you_mean(key, section)
                raise ConfigError(f"{source}: unknown key {section}.{key} (known: {', '.join(known)}){hint}")
            default = getattr(cls(), key)
            if isinstance(default, bool) or not isinstance(default, (int, float, str, dict)):
                ok = isinstance(value, type(default))
            elif isinstance(default, float):
                ok = isinstance(value, (int, float)) and not isinstance(value, bool)
                # TOML has nan and inf, and integers past any float (OverflowError, exit 1): no setting means either
                if ok and not (math.isfinite(value) if isinstance(value, float) else abs(value) < 2**1023):
                    shown = repr(value) if isinstance(value, float) else f"a {len(str(abs(value)))}-digit integer"
                    raise ConfigError(f"{source}: {section}.{key} must be a finite number, got {shown}")
                value = float(value) if ok else value
            else:
                ok = isinstance(value, type(default)) and not isinstance(value, bool)
            if not ok:
                raise ConfigError(f"{source}: {section}.{key} must be {type(default).__name__}, got {value!r}")
            if type(value) is int and abs(value) > MAX_INT:  # TOML's integers are unbounded in Python; DuckDB's not
                raise ConfigError(f"{source}: {section}.{key} must be at most {MAX_INT} (64 bits), got {value}")
            kwargs[key] = value
        parts[section] = cls(**kwargs)
    cfg = AuditConfig(**parts)
    _check(cfg, source)
    return cfg


def _check(cfg: AuditConfig, source: str) -> None:
    s, lv = cfg.support, cfg.levels
    if not 0.0 <= s.weak <= s.verified <= 1.0:
        raise ConfigError(f"{source}: need 0 <= support.weak <= support.verified <= 1")
    for key in (
        "misattribution_min_other",
        "misattribution_margin",
        "misattribution_verified_margin",
        "misattribution_cosine_margin",
    ):
        if not 0.0 <= getattr(s, key) <= 1.0:
            raise ConfigError(f"{source}: support.{key} must be between 0 and 1, got {getattr(s, key)}")
    if s.misattribution_more_words < 1:
        raise ConfigError(f"{source}: support.misattribution_more_words must be 1 or more")
    if s.misattribution_cosine_words < 0:
        raise ConfigError(f"{source}: support.misattribution_cosine_words must be 0 or more")
    if not 0.0 <= lv.yellow_min_integrity <= lv.green_min_integrity <= 1.0:
        raise ConfigError(f"{source}: need 0 <= levels.yellow_min_integrity <= levels.green_min_integrity <= 1")
    if not 0.0 <= lv.min_coverage <= 1.0:
        raise ConfigError(
            f"{source}: levels.min_coverage must be between 0 and 1 (a share of claim sentences), got {lv.min_coverage}"
        )
    for key in ("overconfident_confidence", "overconfident_gap"):
        if not 0.0 <= getattr(lv, key) <= 1.0:
            raise ConfigError(f"{source}: levels.{key} must be between 0 and 1, got {getattr(lv, key)}")
    if cfg.extract.numeric_base not in (0, 1):
        raise ConfigError(f"{source}: extract.numeric_base must be 0 or 1")
    if min(cfg.verify.window_sentences, cfg.verify.top_k_windows, cfg.verify.uncited_top_k_windows) < 1:
        raise ConfigError(
            f"{source}: verify.window_sentences, verify.top_k_windows and verify.uncited_top_k_windows must be >= 1"
        )
    if cfg.run.shard_rows < 1 or cfg.run.batch_answers < 1:
        raise ConfigError(f"{source}: run.shard_rows, run.batch_answers must be >= 1")
    run = cfg.run
    if min(run.max_answer_chars, run.max_contexts_chars, run.max_citations_per_answer, run.max_contexts_per_answer) < 1:
        raise ConfigError(
            f"{source}: run.max_answer_chars, run.max_contexts_chars, run.max_citations_per_answer and "
            "run.max_contexts_per_answer must be >= 1"
        )
    if not 10_000 <= cfg.run.cache_vectors <= MAX_CACHE_VECTORS:
        raise ConfigError(
            f"{source}: run.cache_vectors must be between 10000 and {MAX_CACHE_VECTORS} (each vector takes "
            f"~2.1 KB of memory per process: {MAX_CACHE_VECTORS} is ~21 GB), got {cfg.run.cache_vectors}"
        )
    if cfg.run.shard_threads < 0:
        raise ConfigError(f"{source}: run.shard_threads must be >= 0 (0 = one per core), got {cfg.run.shard_threads}")
    if cfg.run.shard_threads > MAX_SHARD_THREADS:
        raise ConfigError(
            f"{source}: run.shard_threads must be between 0 and {MAX_SHARD_THREADS} (0 = one per core; each thread "
            f"holds a model replica of ~20 MB, and threads past the cores only take turns), got {cfg.run.shard_threads}"
        )
    if cfg.run.shard_seconds <= 0:
        raise ConfigError(f"{source}: run.shard_seconds must be > 0")
    size = r"\d+(\.\d+)?\s*(KB|MB|GB|TB|KiB|MiB|GiB|TiB)"
    if cfg.run.load_memory_limit and not re.fullmatch(size, cfg.run.load_memory_limit):
        raise ConfigError(
            f'{source}: run.load_memory_limit must be a size such as "1GB" or "512MiB" (or "" for DuckDB\'s '
            f"default), got {cfg.run.load_memory_limit!r}"
        )
    if cfg.run.load_memory_limit and not 10**6 <= size_bytes(cfg.run.load_memory_limit) < 2**63:
        raise ConfigError(  # DuckDB refused 0 ("Failed to change memory limit to 0") and past 2**63 bytes at the load
            f'{source}: run.load_memory_limit must be between 1MB and 8EiB (or "" for DuckDB\'s default), got '
            f"{cfg.run.load_memory_limit!r}"
        )
    if not 1 <= cfg.verify.refine_windows <= cfg.verify.top_k_windows:
        raise ConfigError(
            f"{source}: verify.refine_windows must be between 1 and top_k_windows ({cfg.verify.top_k_windows}), "
            f"got {cfg.verify.refine_windows}"
        )
    if cfg.verify.quantize not in ("int8", "none"):
        raise ConfigError(f"{source}: verify.quantize must be int8 or none, got {cfg.verify.quantize!r}")
    if cfg.verify.refine not in ("band", "all", "none"):
        raise ConfigError(f"{source}: verify.refine must be band, all or none, got {cfg.verify.refine!r}")
    if not 0.0 <= cfg.verify.refine_margin <= 1.0:
        raise ConfigError(f"{source}: verify.refine_margin must be between 0 and 1, got {cfg.verify.refine_margin}")
    if cfg.verify.batch_size < 1:
        raise ConfigError(f"{source}: verify.batch_size must be >= 1, got {cfg.verify.batch_size}")
    # torch parses no index with a leading zero ("Invalid device string: 'cuda:00'") nor one past 64 bits
    if not re.fullmatch(r"cpu|cuda(:(0|[1-9]\d{0,8}))?|mps", cfg.verify.device):
        raise ConfigError(f"{source}: verify.device must be cpu, cuda, cuda:N or mps, got {cfg.verify.device!r}")
    if cfg.verify.quantize == "int8" and not cfg.verify.nli_model and not _packaged(cfg.verify.model):
        raise ConfigError(
            f'{source}: verify.quantize = "int8" is shipped for the packaged all-MiniLM-L6-v2 only; with '
            f'model = {cfg.verify.model!r} set quantize = "none"'
        )
    if cfg.verify.quantize == "int8" and cfg.verify.device != "cpu":
        raise ConfigError(
            f'{source}: verify.quantize = "int8" runs on the CPU only; with device = {cfg.verify.device!r} '
            'set quantize = "none"'
        )
    if cfg.run.lock_wait_seconds < 0:
        raise ConfigError(f"{source}: run.lock_wait_seconds must be >= 0")
    _check_column_mapping(cfg.run.column_mapping, source)


_UNIT_BYTES = {
    "KB": 10**3,
    "MB": 10**6,
    "GB": 10**9,
    "TB": 10**12,
    "KiB": 2**10,
    "MiB": 2**20,
    "GiB": 2**30,
    "TiB": 2**40,
}


def size_bytes(size: str) -> float:
    """Bytes of a DuckDB memory size such as "1.5GB" or "512 MiB" (units as DuckDB reads them: KB = 1000 bytes)."""
    match = re.fullmatch(r"(\d+(?:\.\d+)?)\s*([KMGT]i?B)", size)
    if match is None:
        raise ValueError(f"not a memory size: {size!r}")
    return float(match[1]) * _UNIT_BYTES[match[2]]


def _check_column_mapping(mapping: dict[str, Any], source: str) -> None:
    """Keys are contract column names, values the logs' column names (non-empty text)."""
    from audit.contract import column_names

    known = column_names()
    for key, value in mapping.items():
        if key not in known:
            raise ConfigError(f"{source}: unknown key run.column_mapping.{key} (known: {', '.join(known)})")
        if not isinstance(value, str) or not value:
            raise ConfigError(f"{source}: run.column_mapping.{key} must be a column name (text), got {value!r}")
    # the answer text, its time and its contexts cannot be anything else: `answer_id = "answer"` was audited GREEN
    reads = {col: mapping.get(col, col) for col in known}
    for own in ("answer", "logged_at", "contexts"):
        other = sorted(c for c in known if c != own and reads[c] == reads[own])
        if other:
            pair = " and ".join(sorted([own, other[0]]))
            raise ConfigError(
                f"{source}: run.column_mapping: {pair} both read column {reads[own]!r}; "
                "answer, logged_at and contexts need columns of their own"
            )


def _packaged(model: str) -> bool:
    from audit.verify.semantic import is_packaged

    return is_packaged(model)


def load_config(path: str | Path | None) -> AuditConfig:
    """Read a TOML config; None gives the defaults."""
    if path is None:
        return AuditConfig()
    p = Path(path)
    if not p.is_file():
        raise ConfigError(not_found("config file", p))
    try:
        data = tomllib.loads(p.read_text(encoding="utf-8-sig"))  # a byte order mark (Notepad) is no TOML
    except tomllib.TOMLDecodeError as exc:
        # a YAML file (Prefect's and many tools' configs are): say that configs are TOML, and how its keys are written
        yaml = (
            " (configs are TOML, not YAML: write `[run]` then `shard_rows = 5`)"
            if p.suffix.lower() in (".yaml", ".yml")
            else ""
        )
        raise ConfigError(f"{p}: not valid TOML: {exc}{yaml}") from None
    except RecursionError:  # arrays or inline tables nested 100,000 deep: tomllib parses them recursively
        raise ConfigError(f"{p}: not valid TOML: nested too deeply to read") from None
    except UnicodeDecodeError as exc:
        raise ConfigError(f"{p}: not valid TOML: TOML is UTF-8, byte {exc.start} is not ({exc.reason})") from None
    except OSError as exc:
        raise ConfigError(f"{p}: cannot read the config file: {exc.strerror}") from None
    return config_from_dict(data, str(p))
