"""Hostile inputs and log formats, round 4, each through the real `citeaudit run` on real Parquet and DuckDB files:
every citation a RAG assistant writes is read and checked against the source it names, never lost, and a claim
written as such assistants write it raises no false alarm."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq
from click.testing import CliRunner

from audit.cli import main
from tests.cli.hostile import CTX, batched, logged_rows
from tests.cli.hostile import cites_by_answer as _cites
from tests.conftest import query as q

REFUNDS, SHIPPING = (c["text"] for c in CTX)  # "Refunds take 30 days.", "Shipping is free over 50 euros."


def _caret_rows() -> list[dict[str, Any]]:
    """The rows of `test_a_caret_closing_a_raised_bracket_is_part_of_its_marker`."""
    answers = {"raised": f"{REFUNDS[:-1]}.^[1]^ {SHIPPING}^[2]^", "wrong": f"{REFUNDS}^[2]^ {SHIPPING}^[2]^"}
    return logged_rows(answers)


@batched(_caret_rows())
def test_a_caret_closing_a_raised_bracket_is_part_of_its_marker(answers_db: Path) -> None:
    # `^[1]^` (Pandoc's superscript around a bracket, as some chat widgets' prompts ask for it): the opening caret
    # was part of the marker, the closing one was left as the next sentence's first character ("^ Shipping is free
    # over 50 euros.", weak: a correct answer RED)
    cites = _cites(answers_db)
    assert cites["raised"] == [("1", 1, "verified", REFUNDS), ("2", 2, "verified", SHIPPING)]
    assert cites["wrong"][0][1:] == (2, "misattributed", REFUNDS)


def _pandoc_superscript_rows() -> list[dict[str, Any]]:
    """The rows of `test_a_pandoc_superscript_number_cites_where_a_superscript_digit_would`."""
    answers = {
        "raised": f"{REFUNDS}^1^ {SHIPPING}^2^",
        "after_word": f"{REFUNDS[:-1]}^1^.",
        "list": f"{REFUNDS}^1,2^",
        "wrong": f"{REFUNDS}^2^",
        "power": "Refunds take x^2^ days for mc^2^ and 10^6^ orders.",
    }
    return logged_rows(answers)


@batched(_pandoc_superscript_rows())
def test_a_pandoc_superscript_number_cites_where_a_superscript_digit_would(answers_db: Path) -> None:
    # `days.^1^` is Pandoc's raised 1, as a model told to write Markdown footnotes "as superscripts" writes them: it
    # was no marker (YELLOW no_citations, the two sentences one uncited claim, a wrong source never checked). It is
    # read where a superscript digit is (after a word of three letters or a sentence's punctuation, before a space,
    # punctuation or the end); `x^2^`, `mc^2^`, `10^6^` stay powers in the text
    db = answers_db
    cites = _cites(db)
    assert cites["raised"] == [("1", 1, "verified", REFUNDS), ("2", 2, "verified", SHIPPING)]
    assert cites["after_word"] == [("1", 1, "verified", REFUNDS)]
    assert [c[1] for c in cites["list"]] == [1, 2]
    assert cites["wrong"][0][1:3] == (2, "misattributed")
    assert "power" not in cites
    (dialect,) = q(db, "SELECT DISTINCT dialect FROM citation_audit WHERE answer_id = 'raised'")
    assert dialect == ("superscript",)


# unit symbols the source writes out with the same prefix
UNIT_SYMBOLS_RIGHT = {
    "mw": "The plant produces 5 MW [1].",
    "mwh": "The plant stores 3 MWh [1].",
    "ghz": "Its link runs at 5 GHz [1].",
    "gb": "The server has 16 GB of memory [2].",
    "tb": "The server has 4 TB of disk [2].",
    "mb": "The server has 512 MB of cache [2].",
}


def _unit_symbol_rows() -> list[dict[str, Any]]:
    """The rows of `test_a_unit_symbol_is_found_where_its_source_writes_the_unit_out`."""
    plant = "The plant produces 5 megawatts. The plant stores 3 megawatt-hours. Its link runs at 5 gigahertz."
    server = "The server has 16 gigabytes of memory, 4 terabytes of disk and 512 megabytes of cache."
    ctx = [{"doc_id": "p", "chunk_id": "0", "title": "Plant.pdf", "text": plant},
           {"doc_id": "s", "chunk_id": "0", "title": "Server.pdf", "text": server}]  # fmt: skip
    right = UNIT_SYMBOLS_RIGHT
    wrong = {"gw": "The plant produces 5 GW [1].", "kb": "The server has 512 KB of cache [2]."}
    return logged_rows(right | wrong, ctx)


@batched(_unit_symbol_rows())
def test_a_unit_symbol_is_found_where_its_source_writes_the_unit_out(answers_db: Path) -> None:
    # "5 MW" against a source's "5 megawatts" was missing_name:MW (weak: a correct answer RED), and so were "16 GB"
    # for "16 gigabytes", "5 GHz" for "5 gigahertz", "3 MWh" for "3 megawatt hours": a unit's symbol read as a name.
    # The symbol is found where the source writes out that unit with that prefix; another prefix is still missing
    right = UNIT_SYMBOLS_RIGHT
    db = answers_db
    got = {a: (v, rs) for a, v, rs in q(db, "SELECT answer_id, verdict, reasons FROM citation_audit")}
    assert {a: got[a] for a in right} == {a: ("verified", []) for a in right}
    assert "missing_name:GW" in got["gw"][1] and got["gw"][0] != "verified"
    assert "missing_name:KB" in got["kb"][1] and got["kb"][0] != "verified"


# numbers with a k the source has as that many thousands (or as written)
THOUSANDS_RIGHT = {
    "k": "The plant served 100k orders last year [1].",
    "K": "The plant served 100K orders last year [1].",
    "race": "Its staff ran a 5k race [1].",
    "decimal": "Sales reached 1.5k units [1].",
}


def _thousands_rows() -> list[dict[str, Any]]:
    """The rows of `test_a_number_with_a_k_for_thousand_is_found_as_that_many`."""
    source = "The plant served 100,000 orders last year. Its staff ran a 5k race. Sales reached 1,500 units."
    ctx = [{"doc_id": "p", "chunk_id": "0", "title": "Plant.pdf", "text": source}]
    right = THOUSANDS_RIGHT
    wrong = {"more": "The plant served 200k orders last year [1]."}
    return logged_rows(right | wrong, ctx)


@batched(_thousands_rows())
def test_a_number_with_a_k_for_thousand_is_found_as_that_many(answers_db: Path) -> None:
    # "100k orders" against a source's "100,000 orders" was missing_number:100 (weak, a correct answer RED): the k
    # was read as a thousand only on a sum of money ("$50k"). A claim's number with a k after it is found where the
    # source has that many thousands, or the number itself (a "5k race" beside its source's "5k race"); another
    # figure is still missing
    right = THOUSANDS_RIGHT
    db = answers_db
    got = {a: (v, rs) for a, v, rs in q(db, "SELECT answer_id, verdict, reasons FROM citation_audit")}
    assert {a: [r for r in got[a][1] if r.startswith("missing")] for a in right} == {a: [] for a in right}
    assert got["k"][0] == "verified"
    assert got["more"][0] != "verified" and "missing_number:200 k" in got["more"][1]


def _closing_list_rank_rows() -> list[dict[str, Any]]:
    """The rows of `test_a_closing_list_naming_another_source_than_the_marker_s_rank_is_flagged`."""
    body = f"{REFUNDS} [1]\n\nSources:\n"
    answers = {
        "other": body + "[1] Shipping.pdf",
        "url": body + "- [1]: https://x.org/d2",
        "same": body + "[1] Refund Policy.pdf",
        "stem": body + "[1] Refund Policy",
        "unknown": body + "[1] The refund handbook",
        "only_list": f"{REFUNDS}\n\nSources:\n[1] Shipping.pdf",
    }
    return logged_rows(answers)


@batched(_closing_list_rank_rows())
def test_a_closing_list_naming_another_source_than_the_marker_s_rank_is_flagged(answers_db: Path) -> None:
    # "[1]" cites the first retrieved context (README: a numeric marker is a position), but the answer's closing
    # list shows the reader "[1] Shipping.pdf", another retrieved source: the reader is told the claim comes from a
    # source that was never checked, and the answer came out GREEN unflagged. The marker still cites its rank (the
    # position the model was given; a list's names are free text); the list naming another retrieved source at that
    # number flags the answer `reference_list_names_other_source:1` (a reviewer sees the two disagree)
    db = answers_db
    flags = dict(q(db, "SELECT answer_id, flags FROM answer_audit"))
    mismatch = "reference_list_names_other_source:1"
    assert {a for a, f in flags.items() if mismatch in f} == {"other", "url", "only_list"}
    assert all("reference_list" in f for f in flags.values())
    cites = _cites(db)
    assert cites["other"] == [("1", 1, "verified", REFUNDS)]  # the rank is what is checked


def _vertex_title_rows() -> list[dict[str, Any]]:
    """The rows of `test_a_vertex_chunk_is_resolved_by_its_title_when_its_gs_uri_is_not_logged`."""

    def doc(uri: str, title: str, claim: str) -> dict[str, Any]:
        chunk = {"retrievedContext": {"uri": uri, "title": title}}
        sup = {
            "segment": {"startIndex": 0, "endIndex": len(claim.encode()), "text": claim},
            "groundingChunkIndices": [0],
        }
        meta = {"groundingChunks": [chunk], "groundingSupports": [sup]}
        return {"candidates": [{"content": {"parts": [{"text": claim}]}, "groundingMetadata": meta}]}

    answers = {
        "title": doc("gs://kb/refunds.pdf", "Refund Policy.pdf", REFUNDS),
        "wrong": doc("gs://kb/shipping.pdf", "Shipping.pdf", REFUNDS),
        "uri": doc("https://x.org/d2", "Shipping Rules", SHIPPING),
        "neither": doc("gs://kb/faq.pdf", "FAQ.pdf", REFUNDS),
    }
    return logged_rows(answers)


@batched(_vertex_title_rows())
def test_a_vertex_chunk_is_resolved_by_its_title_when_its_gs_uri_is_not_logged(answers_db: Path) -> None:
    # Vertex AI Search names a retrieved chunk by a Cloud Storage uri (`gs://bucket/refunds.pdf`) and a title; a log
    # whose contexts carry the title but not the uri (the app logged its own urls, or none) made every support
    # `unknown_document` (fabricated, RED) however right: the uri was the only name read. The uri is read when a
    # retrieved source carries it (or none is known), else the title when one does; neither: unknown_document
    db = answers_db
    cites = _cites(db)
    assert cites["title"] == [("Refund Policy.pdf", 1, "verified", REFUNDS)]
    assert cites["wrong"][0][1:3] == (2, "misattributed")
    assert cites["uri"] == [("https://x.org/d2", 2, "verified", SHIPPING)]
    assert cites["neither"][0][1:3] == (None, "fabricated")


def _file_search_rows() -> list[dict[str, Any]]:
    """The rows of `test_a_file_search_mark_with_its_line_range_cites_the_file_it_names`."""
    answers = {
        "lines": f"{REFUNDS}【4:0†Refund Policy.pdf†L1-L5】",
        "one_line": f"{REFUNDS}【4:0†Refund Policy.pdf†L3】",
        "wrong": f"{REFUNDS}【4:1†Shipping.pdf†L1-L2】",
        "source": f"{REFUNDS}【4:0†source†L1-L5】",
        "only_lines": f"{REFUNDS}【12†L1-L3】",
    }
    return logged_rows(answers)


@batched(_file_search_rows())
def test_a_file_search_mark_with_its_line_range_cites_the_file_it_names(answers_db: Path) -> None:
    # ChatGPT writes file search and browsing marks with the lines they quote, `【4:0†Refund Policy.pdf†L1-L5】`,
    # `【12†L1-L3】`: the line range was read as part of the file's name ("Refund Policy.pdf†L1-L5",
    # unknown_document: fabricated, RED, however right), and a mark naming only lines was unknown_document too,
    # where `【12†source】` was source_not_named. The range is no part of the name; lines alone name no source, so
    # (round 9) the mark is one of the sources retrieved, as `【12†source】` is: the one that supports the claim best
    db = answers_db
    cites = _cites(db)
    assert cites["lines"] == cites["one_line"] == [("Refund Policy.pdf", 1, "verified", REFUNDS)]
    assert cites["wrong"][0][:3] == ("Shipping.pdf", 2, "misattributed")
    reasons = dict(q(db, "SELECT answer_id, reasons FROM citation_audit WHERE verdict = 'fabricated'"))
    assert reasons == {}, reasons
    assert [c[1:3] for c in cites["source"] + cites["only_lines"]] == [(1, "verified"), (1, "verified")], cites


def _dash_range_rows() -> list[dict[str, Any]]:
    """The rows of `test_a_range_written_with_an_em_dash_or_a_minus_sign_is_a_range`."""
    answers = {
        "em": f"{SHIPPING[:-1]} [1—2].",
        "minus": f"{SHIPPING[:-1]} [1−2].",
        "spaced": f"{SHIPPING[:-1]} [1 — 2].",
        "wrong": f"{REFUNDS[:-1]} [2—2].",
    }
    return logged_rows(answers)


@batched(_dash_range_rows())
def test_a_range_written_with_an_em_dash_or_a_minus_sign_is_a_range(answers_db: Path) -> None:
    # `[1–2]` (en dash) and `[1-2]` were ranges, `[1—2]` (em dash, as a model writing typographic dashes does) and
    # `[1−2]` (the minus sign) no marker: YELLOW no_citations, a wrong source never checked
    cites = _cites(answers_db)
    for a in ("em", "minus", "spaced"):
        assert [c[1] for c in cites[a]] == [1, 2] and cites[a][1][2] == "verified", a
    assert [c[1:3] for c in cites["wrong"]] == [(2, "misattributed")]


def test_a_contexts_struct_naming_a_field_twice_is_refused_naming_the_field(tmp_path: Path) -> None:
    # pyarrow writes a struct with two fields of one name (a logger merging two dicts' schemas): `text` twice stopped
    # the run with "must be list<struct<doc_id, chunk_id, title, page, url, text>>, got list<...text: string, text:
    # string>>", the reason left to find, and `doc_id` twice with "contexts fields ['doc_id', 'doc_id'] differ only in
    # case", which they do not. Both name the field given twice now, as a column given twice is named
    ts = pa.array([datetime(2026, 11, 1, 12, tzinfo=UTC)], pa.timestamp("us", tz="UTC"))
    for twice in ("text", "doc_id"):
        names = ["doc_id", "text", twice]
        values = {"doc_id": "d1", "text": REFUNDS}
        struct = pa.StructArray.from_arrays([pa.array([values[n]]) for n in names], names=names)
        contexts = pa.ListArray.from_arrays(pa.array([0, 1], pa.int32()), struct)
        table = pa.table({"answer_id": ["a1"], "conversation_id": ["c1"], "logged_at": ts,
                          "answer": [f"{REFUNDS} [1]"], "contexts": contexts})  # fmt: skip
        inp = tmp_path / f"{twice}.parquet"
        pq.write_table(table, inp)
        res = CliRunner().invoke(main, ["run", "--input", str(inp), "--db", str(tmp_path / "a.duckdb"), "--quiet"])
        assert res.exit_code == 2 and "Traceback" not in res.output, res.output
        assert str(inp) in res.output and "contexts" in res.output
        assert f"['{twice}']" in res.output and "more than once" in res.output, res.output


def _bedrock_rows() -> list[dict[str, Any]]:
    """The rows of `test_an_aws_bedrock_knowledge_base_response_cites_by_its_references`."""

    def part(text: str, start: int, *names: str) -> dict[str, Any]:
        refs = [{"content": {"text": "..."}, "location": _location(n)} for n in names]
        return {"generatedResponsePart": {"textResponsePart": {"text": text, "span": {"start": start,
                "end": start + len(text) - 1}}}, "retrievedReferences": refs}  # fmt: skip

    def _location(name: str) -> dict[str, Any]:
        if name.startswith("s3://"):
            return {"type": "S3", "s3Location": {"uri": name}}
        return {"type": "WEB", "webLocation": {"url": name}}

    def response(*parts: dict[str, Any]) -> dict[str, Any]:
        return {"output": {"text": f"{REFUNDS} {SHIPPING}"}, "citations": list(parts), "sessionId": "s1"}

    answers = {
        "right": response(part(REFUNDS, 0, "https://x.org/d1"), part(SHIPPING, len(REFUNDS) + 1, "https://x.org/d2")),
        "wrong": response(part(REFUNDS, 0, "https://x.org/d2")),
        "unknown": response(part(REFUNDS, 0, "s3://kb/faq.pdf")),
        "no_location": response(part(REFUNDS, 0) | {"retrievedReferences": [{"content": {"text": "x"}}]}),
    }
    return logged_rows(answers)


@batched(_bedrock_rows())
def test_an_aws_bedrock_knowledge_base_response_cites_by_its_references(answers_db: Path) -> None:
    # Bedrock Knowledge Bases' RetrieveAndGenerate response (boto3 `retrieve_and_generate`): `output.text` the answer,
    # each `citations` item a `generatedResponsePart.textResponsePart` (its text and span) and the
    # `retrievedReferences` it cites, each named by its `location` (S3 uri, web url, Confluence, SharePoint, ...).
    # It was structured_parse_failed (RED, the raw JSON audited as the claim, nothing cited) however right
    db = answers_db
    cites = _cites(db)
    assert cites["right"] == [
        ("https://x.org/d1", 1, "verified", REFUNDS),
        ("https://x.org/d2", 2, "verified", SHIPPING),
    ]
    assert cites["wrong"][0][1:3] == (2, "misattributed")
    reasons = dict(q(db, "SELECT answer_id, reasons FROM citation_audit WHERE verdict = 'fabricated'"))
    assert reasons == {"unknown": ["unknown_document"], "no_location": ["malformed_citation:location"]}
    flags = dict(q(db, "SELECT answer_id, flags FROM answer_audit"))
    assert not any("structured_parse_failed" in f for f in flags.values())


def _azure_rows() -> list[dict[str, Any]]:
    """The rows of `test_azure_on_your_data_markers_number_the_message_s_own_citations`."""

    def completion(content: str, *docs: dict[str, Any]) -> dict[str, Any]:
        msg = {"role": "assistant", "content": content, "end_turn": True,
               "context": {"citations": list(docs), "intent": "[\"refunds\"]"}}  # fmt: skip
        return {"object": "chat.completion", "choices": [{"index": 0, "finish_reason": "stop", "message": msg}]}

    refund = {"content": REFUNDS, "title": "Refund Policy.pdf", "url": "https://x.org/d1", "filepath": "r.pdf"}
    ship = {"content": SHIPPING, "title": "Shipping.pdf", "url": "https://x.org/d2", "filepath": "s.pdf"}
    answers = {
        "swapped_right": completion(f"{REFUNDS[:-1]} [doc2].", ship, refund),
        "swapped_wrong": completion(f"{REFUNDS[:-1]} [doc1].", ship, refund),
        "no_url": completion(f"{REFUNDS[:-1]} [doc1].", ship | {"url": None}, refund),
    }
    return logged_rows(answers)


@batched(_azure_rows())
def test_azure_on_your_data_markers_number_the_message_s_own_citations(answers_db: Path) -> None:
    # Azure OpenAI "On Your Data" writes `[doc1]` for the first of the message's own `context.citations` (each with
    # its content, title, url, filepath): the markers were numbered by the logged contexts instead, so where the two
    # orders differ a wrong citation came out verified (GREEN) and a right one misattributed. They number the
    # citations' urls now, as Perplexity's `search_results` do (a citation without one by its title: round 5)
    cites = _cites(answers_db)
    assert cites["swapped_right"] == [("https://x.org/d1", 1, "verified", REFUNDS)]
    assert cites["swapped_wrong"][0][:3] == ("https://x.org/d2", 2, "misattributed")
    # a citation without a url is named by its title (round 5: `[doc1]` there was read as the first context)
    assert cites["no_url"][0][:3] == ("Shipping.pdf", 2, "misattributed")


def _markdown_link_list_rows() -> list[dict[str, Any]]:
    """The rows of `test_a_closing_list_line_written_as_a_markdown_link_names_its_source`."""
    body = f"{REFUNDS} [1]\n\nSources:\n"
    answers = {
        "label": body + "[1] [Shipping.pdf](https://example.com/s)",
        "target": body + "[1] [Shipping rules](https://x.org/d2)",
        "same": body + "[1] [Refund Policy.pdf](https://x.org/d1)",
    }
    return logged_rows(answers)


@batched(_markdown_link_list_rows())
def test_a_closing_list_line_written_as_a_markdown_link_names_its_source(answers_db: Path) -> None:
    # a closing list's line is often a Markdown link, `[1] [Shipping.pdf](https://x.org/d2)`: its label or target
    # names the source as a bare name does (the whole link was compared, and another source at [1] went unflagged)
    flags = dict(q(answers_db, "SELECT answer_id, flags FROM answer_audit"))
    mismatch = "reference_list_names_other_source:1"
    assert {a for a, f in flags.items() if mismatch in f} == {"label", "target"}


def _vertical_tab_rows() -> list[dict[str, Any]]:
    """The rows of `test_a_superscript_before_a_vertical_tab_is_a_marker`."""
    return logged_rows({"vt": f"{REFUNDS}¹\x0b{SHIPPING}²"})


@batched(_vertical_tab_rows())
def test_a_superscript_before_a_vertical_tab_is_a_marker(answers_db: Path) -> None:
    # Word and PowerPoint write a soft line break as a vertical tab (\x0b), and text copied from them keeps it:
    # `days.¹\x0bShipping` was no marker in DuckDB (RE2's \s holds no \v) while the Python reference read one (the
    # property test of tests/extract found the two apart), so the sentence went uncited
    cites = _cites(answers_db)
    assert [c[:3] for c in cites["vt"]] == [("1", 1, "verified"), ("2", 2, "verified")]
