"""The optional cross-encoder verifier, on a tiny BERT cross-encoder built and saved by the test itself.

Nothing is downloaded: the model is a randomly initialised (seeded) 2-layer BERT with a 3-label head and a
WordPiece tokenizer over a vocabulary written here.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

import duckdb
import numpy as np
import pytest

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")

WORDS = """the a an is was of in on to and it its by for with at from tower eiffel paris metres tall built
1889 river seine city capital france museum louvre art painting mona lisa bridge old stone water flows
north sea cats dogs purr bark loudly quietly rain falls clouds weather today report says company revenue
grew percent year profit . , ' - [ ] 1 2 3 4 5 6 7 8 9 0""".split()


def build_tiny_cross_encoder(path: Path, seed: int = 0) -> Path:
    """Save a seeded random BertForSequenceClassification (hidden 32, 2 layers, 2 heads, 3 labels) and tokenizer."""
    path.mkdir(parents=True, exist_ok=True)
    vocab = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", *dict.fromkeys(WORDS)]
    vocab_file = path / "vocab.txt"
    vocab_file.write_text("\n".join(vocab) + "\n")
    tokenizer = transformers.BertTokenizerFast(vocab_file=str(vocab_file), do_lower_case=True)
    config = transformers.BertConfig(
        vocab_size=len(vocab),
        hidden_size=32,
        num_hidden_layers=2,
        num_attention_heads=2,
        intermediate_size=64,
        max_position_embeddings=128,
        num_labels=3,
        id2label={0: "contradiction", 1: "neutral", 2: "entailment"},
        label2id={"contradiction": 0, "neutral": 1, "entailment": 2},
    )
    torch.manual_seed(seed)
    model = transformers.BertForSequenceClassification(config)
    model.eval()
    model.save_pretrained(path)
    tokenizer.save_pretrained(path)
    return path


@pytest.fixture(scope="module")
def tiny_model(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_tiny_cross_encoder(tmp_path_factory.mktemp("tiny-ce") / "model")


def entailment_probs(model_dir: Path, pairs: list[tuple[str, str]]) -> np.ndarray:
    """Softmax probability of the last label, computed with transformers directly (the reference)."""
    tok = transformers.AutoTokenizer.from_pretrained(model_dir)
    model = transformers.AutoModelForSequenceClassification.from_pretrained(model_dir)
    model.eval()
    enc = tok([a for a, _ in pairs], [b for _, b in pairs], padding=True, truncation=True, return_tensors="pt")
    with torch.no_grad():
        logits = model(**enc).logits
    return torch.softmax(logits, dim=-1)[:, -1].numpy()


def test_scorer_loads_offline_and_returns_probabilities_with_argmax(
    tiny_model: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from audit.verify.semantic import CrossEncoderScorer

    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.setenv("TRANSFORMERS_OFFLINE", "1")
    scorer = CrossEncoderScorer(str(tiny_model))
    claims = ["the eiffel tower is 300 metres tall", "cats purr loudly", "no windows here"]
    windows = [
        ["the tower was built in 1889 .", "the eiffel tower in paris is 300 metres tall .", "the river seine flows"],
        ["dogs bark loudly", "cats purr quietly"],
        [],
    ]
    got = scorer.window_scores(claims, windows)
    assert len(got) == 3
    assert len(got[2]) == 0
    for claim, ws, scores in zip(claims[:2], windows[:2], got[:2], strict=True):
        assert len(scores) == len(ws)
        assert all(0.0 <= s <= 1.0 for s in scores)
        ref = entailment_probs(tiny_model, [(w, claim) for w in ws])
        assert int(np.argmax(scores)) == int(np.argmax(ref))
        assert scores == pytest.approx(ref, abs=1e-5)


def test_scorer_rejects_a_missing_folder(tmp_path: Path) -> None:
    from audit.errors import ConfigError
    from audit.verify.semantic import CrossEncoderScorer

    with pytest.raises(ConfigError, match="not a local folder"):
        CrossEncoderScorer(str(tmp_path / "nope"))


def test_run_audit_with_nli_model_fills_nli_score(
    tiny_model: Path, tmp_path: Path, write_answers: Callable[..., Path]
) -> None:
    from audit.config import config_from_dict
    from audit.runner import run_audit
    from audit.window import Window

    contexts = [
        {
            "doc_id": "d1",
            "chunk_id": "d1#0",
            "title": "Tower",
            "text": "The Eiffel tower in Paris was built in 1889. It is 300 metres tall and stands by the river Seine.",
        },
        {
            "doc_id": "d2",
            "chunk_id": "d2#0",
            "title": "Cats",
            "text": "Cats purr quietly. Dogs bark loudly at the rain.",
        },
    ]
    rows = [
        {
            "answer_id": "ce-1",
            "conversation_id": "c1",
            "turn_index": 0,
            "logged_at": datetime(2026, 11, 1, 12, tzinfo=UTC),
            "tenant": "t",
            "model": "m",
            "question": "q?",
            "answer": "The tower in Paris is about 300 metres tall [1]. Company revenue grew 5 percent [2].",
            "contexts": contexts,
        },
        {
            "answer_id": "ce-2",
            "conversation_id": "c2",
            "turn_index": 0,
            "logged_at": datetime(2026, 11, 1, 13, tzinfo=UTC),
            "tenant": "t",
            "model": "m",
            "question": "q?",
            "answer": "Cats purr quietly while dogs bark [2]. The Louvre museum holds the Mona Lisa [1].",
            "contexts": contexts,
        },
    ]
    answers = write_answers(rows)
    cfg = config_from_dict({"verify": {"nli_model": str(tiny_model)}})
    db = tmp_path / "audit.duckdb"
    summary = run_audit(str(answers), db, Window(), cfg)
    assert summary.counts.citations == 4

    con = duckdb.connect(str(db), read_only=True)
    try:
        cites = con.execute(
            "SELECT verdict, nli_score, semantic_score, support, reasons FROM citation_audit ORDER BY answer_id, "
            "citation_ord"
        ).fetchall()
        model = con.execute("SELECT model FROM runs").fetchone()
    finally:
        con.close()
    assert model[0].startswith(f"{tiny_model.resolve()} + ")
    assert len(cites) == 4
    for verdict, nli, semantic, support, reasons in cites:
        assert verdict in ("verified", "weak", "unsupported", "misattributed")
        assert "exact_match" not in reasons
        assert nli is not None and 0.0 <= nli <= 1.0
        assert semantic == nli  # the cross-encoder stands in for the bi-encoder
        assert support is not None and 0.0 <= support <= 1.0
