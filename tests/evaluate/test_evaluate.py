"""`evaluate`: label parsing, per-claim aggregation and scoring (pure), and the CLI's error handling."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from audit.cli import main
from audit.evaluate import (
    CitationRow,
    Label,
    LabelError,
    aggregate_claim,
    baseline_score,
    format_report,
    parse_label,
    read_labels,
    score_claims,
)


def row(
    ord_: int,
    support: float | None,
    verdict: str,
    claim_start: int | None = 0,
    rank: int | None = 1,
    evidence: tuple[int, int] | None = (0, 10),
    suggested: int | None = None,
    claim: str = "The tower is 300 metres tall.",
    source: str | None = "The Eiffel tower is 300 metres tall.",
) -> CitationRow:
    return CitationRow(
        answer_id="a1",
        citation_ord=ord_,
        claim=claim,
        claim_start=claim_start,
        context_rank=rank,
        support=support,
        verdict=verdict,
        evidence_start=evidence[0] if evidence else None,
        evidence_end=evidence[1] if evidence else None,
        suggested_rank=suggested,
        source=source,
    )


# ---------------------------------------------------------------- labels


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("{not json", "not valid JSON"),
        ("[1, 2]", "must be a JSON object"),
        ('{"gold": "supported"}', "missing or empty 'answer_id'"),
        ('{"answer_id": "a"}', "missing or empty 'gold'"),
        ('{"answer_id": "a", "gold": "maybe"}', "gold 'maybe' is not one of"),
        ('{"answer_id": "a", "gold": "supported", "true_rank": "2"}', "true_rank must be an integer"),
        ('{"answer_id": "a", "gold": "supported", "support_char_spans": [[1]]}', "support_char_spans"),
    ],
    ids=["bad_json", "not_object", "no_answer_id", "no_gold", "unknown_gold", "rank_not_int", "bad_span"],
)
def test_parse_label_names_the_problem(line: str, message: str) -> None:
    with pytest.raises(LabelError, match=message) as exc:
        parse_label(line, "labels.jsonl:7")
    assert str(exc.value).startswith("labels.jsonl:7: ")


def test_read_labels_skips_blank_lines_and_rejects_duplicates(tmp_path: Path) -> None:
    p = tmp_path / "l.jsonl"
    p.write_text('{"answer_id": "a", "gold": "supported", "support_char_spans": [[1, 5]]}\n\n')
    assert read_labels(p) == [Label("a", "supported", support_char_spans=((1, 5),))]
    p.write_text('{"answer_id": "a", "gold": "supported"}\n{"answer_id": "a", "gold": "not_supported"}\n')
    with pytest.raises(LabelError, match=r"l.jsonl:2: answer_id 'a' already labelled on line 1"):
        read_labels(p)


def test_read_labels_reads_a_file_saved_with_a_byte_order_mark(tmp_path: Path) -> None:
    p = tmp_path / "l.jsonl"
    p.write_bytes('\ufeff{"answer_id": "a", "gold": "supported"}\n'.encode())  # was "l.jsonl:1: not valid JSON"
    assert read_labels(p) == [Label("a", "supported")]


# ---------------------------------------------------------------- aggregation


def test_whole_answer_claim_takes_max_support_and_that_citations_verdict() -> None:
    lab = Label("a1", "supported")
    got = aggregate_claim(lab, [row(1, 0.3, "unsupported", rank=1), row(2, 0.8, "verified", rank=2, evidence=(5, 9))])
    got_fields = (got.n_citations, got.support, got.verdict, got.context_rank, got.evidence)
    assert got_fields == (2, 0.8, "verified", 2, (5, 9))


def test_ties_keep_the_first_citation_and_fabricated_rows_do_not_win() -> None:
    lab = Label("a1", "not_supported")
    rows = [
        row(1, None, "fabricated", rank=None, evidence=None, source=None),
        row(2, 0.5, "weak", rank=2),
        row(3, 0.5, "weak", rank=3),
    ]
    got = aggregate_claim(lab, rows)
    assert (got.support, got.context_rank, got.n_citations) == (0.5, 2, 3)


def test_marker_label_uses_only_the_last_cited_sentence() -> None:
    lab = Label("a1", "not_supported", marker="[1]", cited_rank=1, true_rank=1)
    rows = [row(1, 0.9, "verified", claim_start=0), row(2, 0.2, "unsupported", claim_start=50)]
    got = aggregate_claim(lab, rows)
    assert (got.n_citations, got.verdict, got.support) == (1, "unsupported", 0.2)


def test_no_citation_is_a_negative_without_score() -> None:
    got = aggregate_claim(Label("a1", "supported"), [])
    assert (got.verdict, got.support, got.baseline, got.n_citations) == ("no_citation", None, None, 0)


def test_baseline_is_min_of_partial_ratio_and_keyword_overlap() -> None:
    assert baseline_score("tower is 300 metres tall", "The Eiffel tower is 300 metres tall.") == 1.0
    # partial_ratio is case-sensitive, as in the seed scorer
    assert baseline_score("The tower is 300 metres tall.", "The Eiffel tower is 300 metres tall.") < 1.0
    assert (
        baseline_score("Cats purr loudly.", "Dogs bark.") == 0.0
        or baseline_score("Cats purr loudly.", "Dogs bark.") < 0.5
    )
    assert baseline_score("the of and", "anything") is None  # no content words: no measurement
    assert baseline_score("claim", None) is None


# ---------------------------------------------------------------- scoring


def test_score_claims_mapping_and_metrics() -> None:
    mis = {"cited_rank": 1, "true_rank": 3}
    claims = [
        aggregate_claim(Label("s1", "supported", support_char_spans=((0, 5),), true_rank=1), [row(1, 0.9, "verified")]),
        aggregate_claim(Label("s2", "supported", support_char_spans=((50, 60),), true_rank=1), [row(1, 0.5, "weak")]),
        aggregate_claim(Label("s3", "supported", support_char_spans=((0, 5),), true_rank=2), [row(1, 0.7, "verified")]),
        aggregate_claim(Label("n1", "not_supported"), [row(1, 0.2, "unsupported")]),
        aggregate_claim(Label("n2", "not_supported"), [row(1, 0.6, "misattributed", suggested=2)]),
        aggregate_claim(Label("p1", "partially_supported"), [row(1, 0.55, "weak")]),
        aggregate_claim(Label("m1", "misattributed", **mis), [row(1, 0.1, "misattributed", suggested=3)]),
        aggregate_claim(Label("m2", "misattributed", **mis), [row(1, 0.1, "misattributed", suggested=2)]),
        aggregate_claim(Label("m3", "misattributed", **mis), [row(1, 0.1, "unsupported")]),
    ]
    m = score_claims(claims)
    cls = m["classes"]
    assert (cls["supported"].n, cls["supported"].hits) == (3, 2)
    assert (cls["not_supported"].n, cls["not_supported"].hits) == (2, 2)  # misattributed counts as "not verified"
    assert cls["partially_supported"].hits is None and cls["partially_supported"].verdicts == {"weak": 1}
    assert sum(c.n for c in cls.values()) == len(claims)
    assert m["balanced_accuracy"] == pytest.approx((2 / 3 + 1.0) / 2)
    # supports: pos 0.9, 0.5, 0.7 vs neg 0.2, 0.6 -> pairs won: 2 + 1 + 2 of 6
    assert m["auroc_support"].value == pytest.approx(5 / 6)
    assert (m["auroc_support"].n_pos, m["auroc_support"].n_neg) == (3, 2)
    ma = m["misattribution"]
    assert (ma.n, ma.flagged, ma.right_source) == (3, 2, 1)
    ev = m["evidence"]
    # s1 overlaps, s2 misses, s3 resolved to context 1 while the truth is 2: left out
    assert (ev.n_eligible, ev.hits, ev.n_other_context) == (2, 1, 1)


def test_by_source_and_report_text() -> None:
    claims = [
        aggregate_claim(Label("a", "supported", src_dataset="X"), [row(1, 0.9, "verified")]),
        aggregate_claim(Label("b", "not_supported", src_dataset="X"), [row(1, 0.1, "unsupported")]),
        aggregate_claim(Label("c", "supported", src_dataset="Y"), [row(1, 0.9, "verified")]),
    ]
    m = score_claims(claims)
    assert m["by_source"]["X"].auroc_support.value == 1.0
    assert m["by_source"]["Y"].auroc_support.value is None  # no negatives: not computable, not 0
    from audit.evaluate import EvalReport

    rep = EvalReport(
        answers="x.parquet",
        labels="y.jsonl",
        db=None,
        run_id="run-1",
        config_hash="abc",
        n_labels=3,
        n_matched=3,
        n_unmatched=0,
        **m,
    )
    text = format_report(rep)
    assert "AUROC support" in text and "by src_dataset" in text and "Y" in text
    json.dumps(rep.as_dict(), default=str)


# ---------------------------------------------------------------- CLI errors


@pytest.mark.parametrize(
    ("labels_text", "message"),
    [
        ('{"answer_id": "a", "gold": "supported"}\nnot json\n', "labels.jsonl:2: not valid JSON"),
        ('{"answer_id": "a"}\n', "labels.jsonl:1: missing or empty 'gold'"),
        # a lone surrogate escape (an emoji cut in half) is valid JSON but no text: it ended in a UnicodeEncodeError
        # writing the labels to DuckDB, exit 1
        ('{"answer_id": "a\\ud83d", "gold": "supported"}\n', "labels.jsonl:1: answer_id holds a lone surrogate"),
        ('{"answer_id": "a", "gold": "supported", "src_dataset": "x\\udc00"}\n', "1: src_dataset holds a lone"),
    ],
    ids=["bad_json_line", "no_gold", "lone_surrogate_id", "lone_surrogate_dataset"],
)
def test_cli_bad_label_line_is_one_line_error(tmp_path: Path, labels_text: str, message: str) -> None:
    labels = tmp_path / "labels.jsonl"
    labels.write_text(labels_text)
    res = CliRunner().invoke(main, ["eval", "--answers", str(tmp_path / "a.parquet"), "--labels", str(labels)])
    assert res.exit_code == 2
    assert message in res.output
    assert "Traceback" not in res.output


def test_cli_missing_files_are_one_line_errors(tmp_path: Path) -> None:
    res = CliRunner().invoke(main, ["eval", "--answers", "nope.parquet", "--labels", str(tmp_path / "nope.jsonl")])
    assert res.exit_code == 2
    assert "labels file not found" in res.output and res.output.strip().count("\n") == 0
    labels = tmp_path / "l.jsonl"
    labels.write_text('{"answer_id": "a", "gold": "supported"}\n')
    res = CliRunner().invoke(main, ["eval", "--answers", str(tmp_path / "nope.parquet"), "--labels", str(labels)])
    assert res.exit_code == 2
    assert "no Parquet input found" in res.output
    answers = tmp_path / "a.parquet"
    answers.write_bytes(b"")
    res = CliRunner().invoke(main, ["eval", "--answers", str(answers), "--labels", str(labels), "--reuse-db"])
    assert res.exit_code == 2
    assert "--reuse-db needs an existing audit database" in res.output


def test_cli_eval_has_help() -> None:
    res = CliRunner().invoke(main, ["eval", "--help"])
    assert res.exit_code == 0 and "--labels" in res.output
