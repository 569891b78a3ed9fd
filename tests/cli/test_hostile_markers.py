"""Citation markers in other scripts and forms, found by the marker sweep, each through the real `citeaudit run` on
real Parquet and DuckDB files: a marker not read leaves its claim unchecked, so beside a verified `[1]` a wrong figure
or a source never retrieved came out GREEN."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from audit.extract.scan import markers_outside_code
from tests.cli.hostile import CTX, batched
from tests.conftest import make_answer
from tests.conftest import query as q
from tests.extract.test_markers import extract

# `［2］` full-width brackets and `【2】` lenticular ones (Chinese and Japanese assistants write both), full-width,
# Arabic-Indic and Persian digits, and the ideographic comma and semicolon between positions
FORMS = {
    "fullwidth": ("［{}］", "2", "9"),
    "lenticular": ("【{}】", "2", "9"),
    "lenticular_spaced": ("【 {} 】", "2", "9"),
    "fullwidth_digits": ("[{}]", "２", "９"),
    "all_fullwidth": ("［{}］", "２", "９"),
    "arabic_indic": ("[{}]", "٢", "٩"),
    "persian": ("[{}]", "۲", "۹"),
    "arabic_comma": ("[1، {}]", "2", "9"),
    "ideographic_comma": ("[1，{}]", "2", "9"),
    "ideographic_semicolon": ("[1；{}]", "2", "9"),
    "lenticular_list": ("【1、{}】", "2", "9"),
    "fullwidth_range": ("［1-{}］", "2", "9"),
    "no_break_space": ("[\u00a0{}\u00a0]", "2", "9"),
    "ideographic_space": ("[\u3000{}]", "2", "9"),
}


def _script_form_rows() -> list[dict[str, Any]]:
    """The rows of `test_markers_in_other_scripts_and_bracket_forms_are_numeric_markers`."""
    rows, free = [], "Shipping is free over 50 euros"
    for name, (form, two, nine) in FORMS.items():
        one = {"２": "１", "٢": "١", "۲": "۱"}.get(two, "1")
        rows += [
            make_answer(f"{name}.right", f"Refunds take 30 days {form.format(one)}. {free} {form.format(two)}.", CTX),
            make_answer(f"{name}.wrong", f"Refunds take 30 days [1]. Shipping costs 20 euros {form.format(two)}.", CTX),
            make_answer(f"{name}.ghost", f"Refunds take 30 days [1]. {free} {form.format(nine)}.", CTX),
        ]
    return rows


@batched(_script_form_rows())
def test_markers_in_other_scripts_and_bracket_forms_are_numeric_markers(answers_db: Path) -> None:
    # each form cites a right figure (GREEN), a wrong one (RED) and a source never retrieved (fabricated, RED)
    db = answers_db
    levels = dict(q(db, "SELECT answer_id, level FROM answer_audit"))
    ghosts = dict(
        q(
            db,
            "SELECT answer_id, list(verdict ORDER BY citation_ord) FROM citation_audit "
            "WHERE answer_id LIKE '%.ghost' GROUP BY 1",
        )
    )
    for name, (form, _two, _nine) in FORMS.items():
        assert levels[f"{name}.wrong"] == "RED", (name, levels[f"{name}.wrong"])
        assert levels[f"{name}.ghost"] == "RED", (name, levels[f"{name}.ghost"])
        assert "fabricated" in ghosts[f"{name}.ghost"], (name, ghosts[f"{name}.ghost"])
        if not form.startswith(("[1", "【1", "［1")):  # a list form's right answer cites source 1 for both claims
            assert levels[f"{name}.right"] == "GREEN", (name, levels[f"{name}.right"])
    claims = q(db, "SELECT claim FROM citation_audit WHERE answer_id = 'lenticular.right' ORDER BY citation_ord")
    assert claims == [("Refunds take 30 days.",), ("Shipping is free over 50 euros.",)], claims
    # the Python reference finds the same markers and positions as the SQL
    text = "退款需要30天【1】，运费满50欧元免费［２］。Refunds take 30 days [١، ٢]."
    cites, _ = extract([text])
    got = [(m, d, r) for _a, _o, m, d, r, *_ in cites]
    assert got == [
        ("【1】", "numeric", "1"),
        ("［２］", "numeric", "2"),
        ("[١، ٢]", "numeric", "1"),
        ("[١، ٢]", "numeric", "2"),
    ], got
    assert [m.group() for m in markers_outside_code(text)] == ["【1】", "［２］", "[١، ٢]"]


ANSWERS = {
    "case.right": "Refunds take 30 days [Citation:d1:c1].",
    "case.ghost": "Refunds take 30 days [1]. Shipping costs 20 euros [CITATION:d9:c1].",
    "spaced.right": "Refunds take 30 days [citation: d1 : c1 ].",
    "spaced.wrong": "Refunds take 30 days [1]. Shipping costs 20 euros [ citation: d2:c2].",
    "colons.right": "Shipping is free over 50 euros [Citation: d2:c2].",
}


@batched([make_answer(k, t, CTX) for k, t in ANSWERS.items()])
def test_a_doc_chunk_marker_in_another_case_or_spaced_is_read(answers_db: Path) -> None:
    # `[Citation:d2:c2]` and `[citation: d2 : c2 ]` were no markers: a wrong figure or an id never retrieved cited so
    # beside a verified [1] came out GREEN, a correct answer cited so YELLOW (no_citations)
    db = answers_db
    levels = dict(q(db, "SELECT answer_id, level FROM answer_audit"))
    assert levels == {
        "case.right": "GREEN",
        "case.ghost": "RED",
        "spaced.right": "GREEN",
        "spaced.wrong": "RED",
        "colons.right": "GREEN",
    }, levels
    got = q(db, "SELECT cited_ref, verdict FROM citation_audit WHERE dialect = 'doc_chunk' ORDER BY answer_id")
    assert got == [
        ("d9:c1", "fabricated"),
        ("d1:c1", "verified"),
        ("d2:c2", "verified"),
        ("d1:c1", "verified"),
        ("d2:c2", got[-1][1]),
    ], got
    assert got[-1][1] != "verified"
    cites, _ = extract([ANSWERS["spaced.right"]])
    assert [(m, d, r) for _a, _o, m, d, r, *_ in cites] == [("[citation: d1 : c1 ]", "doc_chunk", "d1:c1")]


ANSWERS_2 = {
    "huge": "Refunds take 30 days [1]. Shipping is free over 50 euros [99999999999999999999].",
    "huge_range": "Refunds take 30 days [1]. Shipping is free over 50 euros [1-99999999999].",
    "huge_list": "Refunds take 30 days [1]. Shipping is free over 50 euros [2, 3000000000].",
    "ten_digits": "Refunds take 30 days [1]. Shipping is free over 50 euros [2147483648].",
}


@batched([make_answer(k, t, CTX) for k, t in ANSWERS_2.items()])
def test_a_position_past_int32_is_a_fabricated_citation_not_no_marker(answers_db: Path) -> None:
    # `[99999999999999999999]` (a model's runaway number) or a range to one, `[1-99999999999]`, was no marker (ten
    # digits or more), or a marker whose position was dropped: the claim cited so went unchecked, GREEN beside a [1]
    db = answers_db
    levels = dict(q(db, "SELECT answer_id, level FROM answer_audit"))
    assert levels == dict.fromkeys(ANSWERS_2, "RED"), levels
    got = q(
        db,
        "SELECT answer_id, cited_ref, context_rank, verdict, reasons FROM citation_audit "
        "WHERE verdict = 'fabricated' ORDER BY answer_id",
    )
    assert [(a, r, rank, v, list(rs)) for a, r, rank, v, rs in got] == [
        ("huge", "99999999999999999999", None, "fabricated", ["index_out_of_range"]),
        ("huge_list", "3000000000", None, "fabricated", ["index_out_of_range"]),
        ("huge_range", "1-99999999999", None, "fabricated", ["index_out_of_range"]),
        ("ten_digits", "2147483648", None, "fabricated", ["index_out_of_range"]),
    ], got


ANSWERS_3 = {
    "right": "Refunds take 30 days \\[1\\]. Shipping is free over 50 euros \\[2\\].",
    "wrong": "Refunds take 30 days [1]. Shipping costs 20 euros \\[2\\].",
    "ghost": "Refunds take 30 days [1]. Shipping is free over 50 euros \\[9\\].",
}


@batched([make_answer(k, t, CTX) for k, t in ANSWERS_3.items()])
def test_a_marker_escaped_for_markdown_is_the_marker(answers_db: Path) -> None:
    # a logger or model that escapes Markdown writes `\[2\]` (it shows as [2]): it was no marker, so a wrong figure
    # or a source never retrieved cited so beside a verified [1] came out GREEN, a correct answer YELLOW
    db = answers_db
    levels = dict(q(db, "SELECT answer_id, level FROM answer_audit"))
    assert levels == {"right": "GREEN", "wrong": "RED", "ghost": "RED"}, levels
    claims = q(db, "SELECT claim FROM citation_audit WHERE answer_id = 'right' ORDER BY citation_ord")
    assert claims == [("Refunds take 30 days.",), ("Shipping is free over 50 euros.",)], claims
    cites, _ = extract([ANSWERS_3["right"]])
    assert [m for _a, _o, m, *_ in cites] == ["\\[1\\]", "\\[2\\]"]


V2 = {
    "doc_id": "d3",
    "chunk_id": "c3",
    "title": "Refund [v2] Policy.pdf",
    "page": 3,
    "text": "Refunds take 30 days.",
}
ANSWERS_4 = {
    "fullwidth.right": "Refunds take 30 days ［Document: Refund Policy.pdf, Page 1］.",
    "fullwidth.ghost": "Refunds take 30 days [1]. Shipping costs 20 euros ［Document: Nope.pdf, Page 1］.",
    "lenticular.right": "Refunds take 30 days【Document：Refund Policy.pdf，Page 1】.",
    "nbsp.ghost": "Refunds take 30 days [1]. Shipping costs 20 euros [Document:\u00a0Nope.pdf,\u00a0Page\u00a01].",
    "page_digits.right": "Refunds take 30 days [Document: Refund Policy.pdf, Page １].",
    "page_digits.ghost": "Refunds take 30 days [1]. Shipping costs 20 euros [Document: Nope.pdf, Page １].",
    "bracket_title.right": "Refunds take 30 days [Document: Refund [v2] Policy.pdf, Page 3].",
    "bracket_title.ghost": "Refunds take 30 days [1]. Shipping costs 20 euros [Document: Nope [v2].pdf, Page 3].",
}


@batched([make_answer(k, t, [*CTX, V2]) for k, t in ANSWERS_4.items()])
def test_a_document_page_marker_in_other_brackets_spaces_or_digits_is_read(answers_db: Path) -> None:
    # `［Document: X.pdf, Page 1］`, `【Document：X.pdf，Page 1】`, no-break spaces, a full-width page number and a
    # title holding brackets (`Refund [v2] Policy.pdf`) were no markers: a document never retrieved cited so beside a
    # verified [1] came out GREEN, a correct answer YELLOW (no_citations)
    db = answers_db
    levels = dict(q(db, "SELECT answer_id, level FROM answer_audit"))
    assert levels == {k: "GREEN" if k.endswith("right") else "RED" for k in ANSWERS_4}, levels
    got = q(db, "SELECT answer_id, cited_ref FROM citation_audit WHERE dialect = 'document_page' ORDER BY answer_id")
    assert dict(got)["page_digits.right"] == "Refund Policy.pdf, page 1"
    assert dict(got)["bracket_title.right"] == "Refund [v2] Policy.pdf, page 3"


# `[Source N]` and its kin, as RAG prompts ask for them
LABELLED = ["[Source {}]", "[source: {}]", "[Sources {}]", "[Ref {}]", "[ref{}]", "[Doc #{}]", "[citation: {}]"]


def _labelled_rows() -> list[dict[str, Any]]:
    """The rows of `test_a_numeric_marker_with_a_label_is_read`."""
    forms = LABELLED
    rows = []
    for i, form in enumerate(forms):
        rows += [
            make_answer(
                f"{i}.right",
                f"Refunds take 30 days {form.format(1)}. Shipping is free over 50 euros {form.format(2)}.",
                CTX,
            ),
            make_answer(f"{i}.wrong", f"Refunds take 30 days [1]. Shipping costs 20 euros {form.format(2)}.", CTX),
            make_answer(
                f"{i}.ghost", f"Refunds take 30 days [1]. Shipping is free over 50 euros {form.format(9)}.", CTX
            ),
        ]
    return rows


@batched(_labelled_rows())
def test_a_numeric_marker_with_a_label_is_read(answers_db: Path) -> None:
    # `[Source 2]`, `[source: 2]`, `[Ref 2]`, `[ref2]`, `[Doc #2]` (RAG prompts ask for "[Source N]") were no markers:
    # a wrong figure or a source never retrieved cited so beside a verified [1] came out GREEN, a correct answer YELLOW
    forms = LABELLED
    db = answers_db
    levels = dict(q(db, "SELECT answer_id, level FROM answer_audit"))
    want = {
        f"{i}.{k}": "GREEN" if k == "right" else "RED" for i in range(len(forms)) for k in ("right", "wrong", "ghost")
    }
    assert levels == want, [(forms[int(k.split(".")[0])], k, v) for k, v in levels.items() if want[k] != v]
    # a document_page or doc_chunk marker stays one
    cites, _ = extract(["Refunds take 30 days [Source: Refund Policy.pdf, Page 1] [citation:d1:c1]."])
    assert [d for _a, _o, _m, d, *_ in cites] == ["document_page", "doc_chunk"]


ANSWERS_5 = {
    "right": "Refunds take 30 days ^[1]. Shipping is free over 50 euros^[2].",
    "ghost": "Refunds take 30 days [1]. Shipping is free over 50 euros ^[9].",
}


@batched([make_answer(k, t, CTX) for k, t in ANSWERS_5.items()])
def test_a_caret_before_a_numeric_marker_is_part_of_it(answers_db: Path) -> None:
    # `^[1]` (a footnote typed as a raised bracket) left the caret in the claim, which no source says: a correct
    # answer's claim came out weak, the answer RED
    db = answers_db
    levels = dict(q(db, "SELECT answer_id, level FROM answer_audit"))
    assert levels == {"right": "GREEN", "ghost": "RED"}, levels
    claims = q(db, "SELECT claim FROM citation_audit WHERE answer_id = 'right' ORDER BY citation_ord")
    assert claims == [("Refunds take 30 days.",), ("Shipping is free over 50 euros.",)], claims


ANSWERS_6 = {
    "zh": "Refunds take 30 days【1】.\n\n参考资料：\n【1】Refund Policy.pdf\n【2】Shipping.pdf",
    "zh_sources": "Refunds take 30 days【1】.\n\n**来源**\n［1］Refund Policy.pdf",
    "ja": "Refunds take 30 days [1].\n\n出典:\n[1] Refund Policy.pdf",
    "zh_refs": "Refunds take 30 days【1】.\n\n参考文献：\n1. 【1】Refund Policy.pdf",
}


@batched([make_answer(k, t, CTX) for k, t in ANSWERS_6.items()])
def test_a_closing_list_under_a_chinese_or_japanese_header_is_a_reference_list(answers_db: Path) -> None:
    # with `【1】` read as a marker, a Chinese answer's closing list (`参考资料：` then `【1】Refund Policy.pdf`) made
    # each line a citation whose claim is a file name: a correct answer RED
    db = answers_db
    levels = dict(q(db, "SELECT answer_id, level FROM answer_audit"))
    assert levels == dict.fromkeys(ANSWERS_6, "GREEN"), levels
    n = dict(q(db, "SELECT answer_id, count(*) FROM citation_audit GROUP BY 1"))
    assert n == dict.fromkeys(ANSWERS_6, 1), n


ANSWERS_7 = {
    "right": "Refunds take 30 days [Source: Refund Policy.pdf]. Shipping is free over 50 euros [Doc: Shipping].",
    "wrong": "Refunds take 30 days [1]. Shipping costs 20 euros [Source: Shipping.pdf].",
    "ghost": "Refunds take 30 days [1]. Shipping is free over 50 euros [source: Nope.pdf].",
}


@batched([make_answer(k, t, CTX) for k, t in ANSWERS_7.items()])
def test_a_document_cited_by_name_without_a_page_is_read(answers_db: Path) -> None:
    # `[Source: Refund Policy.pdf]` (RAG prompts ask for "[Source: <file name>]") was no marker: a document never
    # retrieved cited so beside a verified [1] came out GREEN, a correct answer YELLOW (no_citations). It cites the
    # document by title or doc_id, as file_search does
    db = answers_db
    levels = dict(q(db, "SELECT answer_id, level FROM answer_audit"))
    assert levels == {"right": "GREEN", "wrong": "RED", "ghost": "RED"}, levels
    got = q(
        db, "SELECT answer_id, dialect, cited_ref, verdict FROM citation_audit WHERE dialect = 'document' ORDER BY 1"
    )
    assert [(a, r, v) for a, _d, r, v in got] == [
        ("ghost", "Nope.pdf", "fabricated"),
        ("right", "Refund Policy.pdf", "verified"),
        ("right", "Shipping", "verified"),
        ("wrong", "Shipping.pdf", got[-1][3]),
    ], got
    assert got[-1][3] != "verified"
    cites, _ = extract(["Refunds take 30 days [Source: 2] [Source: Refund Policy.pdf, Page 1] [Source: X.pdf]."])
    assert [d for _a, _o, _m, d, *_ in cites] == ["numeric", "document_page", "document"]


ANSWERS_8 = {
    "inside": "Refunds take 30 days [1]. The form is at https://example.com/a[2]b for you.",
    "inside_query": "Refunds take 30 days [1]. The policy page is https://x.org/p?filter[9]=refunds online.",
    "glued_end": "Refunds take 30 days, see https://x.org/wiki/Foo_[1]. The page www.x.org/refunds[9] says so.",
    "glued_right": "Refunds take 30 days www.x.org/refunds[1].",
    "after_space": "Refunds take 30 days [1]. Shipping is free over 50 euros https://kb.example/s [2].",
    "after_paren": "Refunds take 30 days [1]. Shipping is free over 50 euros (https://kb.example/s)[2].",
    "after_stop": "Refunds take 30 days [1]. Shipping is free over 50 euros, https://kb.example/s.[2]",
    "after_ghost": "Refunds take 30 days [1]. Shipping is free over 50 euros, https://kb.example/s [9].",
    "linked": "Refunds take 30 days [1](https://kb.example/r[3]).",
}


@batched([make_answer(k, t, CTX) for k, t in ANSWERS_8.items()])
def test_a_bracket_inside_a_url_is_part_of_the_url_not_a_marker(answers_db: Path) -> None:
    # `https://example.com/a[2]b`, `?filter[9]=x`: a bracket inside a url (more of the url after it) was read as a
    # citation of source 2 or 9, whose claim no source says: a correct answer RED. A marker after the url (a space, a
    # closing bracket or punctuation between them) is still a marker, and so is one written against its end
    # (`https://x.org/refunds[1]`), as models write one against a word (that link is no fact of source 1: weak,
    # tests/cli/test_hostile_keyfacts.py)
    db = answers_db
    got = q(db, "SELECT answer_id, list(marker ORDER BY citation_ord) FROM citation_audit GROUP BY 1")
    assert dict(got) == {
        "inside": ["[1]"],
        "inside_query": ["[1]"],
        "glued_end": ["[1]", "[9]"],
        "glued_right": ["[1]"],
        "after_space": ["[1]", "[2]"],
        "after_paren": ["[1]", "[2]"],
        "after_stop": ["[1]", "[2]"],
        "after_ghost": ["[1]", "[9]"],
        "linked": ["[1](https://kb.example/r[3])"],
    }, got
    levels = dict(q(db, "SELECT answer_id, level FROM answer_audit"))
    assert levels["after_ghost"] == levels["glued_end"] == "RED", levels
    assert all(levels[k] == "GREEN" for k in ("inside", "inside_query")), levels
    # the Python reference finds the same markers as the SQL
    for text in ANSWERS_8.values():
        cites, _ = extract([text])
        assert sorted({(c[5], c[6]) for c in cites}) == [(m.start(), m.end()) for m in markers_outside_code(text)]
