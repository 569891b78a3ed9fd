"""Hostile inputs and log formats, round 9, each through the real `citeaudit run` on real Parquet and DuckDB files
(one run for the module's `@batched` answers): a citation written as users' RAG systems write it is read as one (not
lost, not counted as fabricated), and a form that is no citation stays text."""

from __future__ import annotations

from pathlib import Path

from tests.cli.hostile import CTX, batched, cites_by_answer, logged_rows

REFUNDS, SHIPPING = (c["text"] for c in CTX)  # "Refunds take 30 days.", "Shipping is free over 50 euros."


def _refs(db: Path) -> dict[str, list[tuple[str, str]]]:
    return {a: [(ref, v) for ref, _, v, _ in cs] for a, cs in cites_by_answer(db).items()}


JOINED = {
    "and": "Refunds take 30 days and shipping is free over 50 euros [1 and 2].",
    "list": "Refunds take 30 days and shipping is free over 50 euros [1, 2 and 1].",
    "oxford": "Refunds take 30 days and shipping is free over 50 euros [1, 2, and 1].",
    "amp": "Refunds take 30 days and shipping is free over 50 euros [1 & 2].",
    "sources": "Refunds take 30 days and shipping is free over 50 euros (Sources 1 and 2).",
    "wrong": f"{REFUNDS} [2 and 2]",
}


@batched(logged_rows(JOINED))
def test_positions_joined_by_and_are_a_marker(answers_db: Path) -> None:
    # `[1 and 2]`, `[1, 2 and 3]`, `[1 & 2]` (a model listing its sources as it would in prose; rounds 7 and 8 left
    # it): no marker, YELLOW no_citations however wrong the source
    got = _refs(answers_db)
    for a in ("and", "amp", "sources"):
        assert got.get(a) == [("1", "verified"), ("2", "verified")], (a, got.get(a))
    for a in ("list", "oxford"):
        assert [r for r, _ in got.get(a, [])] == ["1", "2"], (a, got.get(a))
    assert got["wrong"] == [("2", "misattributed")], got


RELABELLED = {
    "comma": "Refunds take 30 days and shipping is free over 50 euros [Source 1, Source 2].",
    "and": "Refunds take 30 days and shipping is free over 50 euros [Source 1 and Source 2].",
    "paren": "Refunds take 30 days and shipping is free over 50 euros (Ref 1; Ref 2).",
    "joined": "Refunds take 30 days and shipping is free over 50 euros [source_1, source_2].",
    "wrong": f"{REFUNDS} [Source 2, Source 2]",
}


@batched(logged_rows(RELABELLED))
def test_the_label_said_again_before_each_position_is_one_marker(answers_db: Path) -> None:
    # `[Source 1, Source 2]` (a model told to cite "[Source N]" listing two sources): no marker, YELLOW
    # no_citations however wrong the source, where `[Sources 1, 2]` was read
    got = _refs(answers_db)
    for a in ("comma", "and", "paren", "joined"):
        assert got.get(a) == [("1", "verified"), ("2", "verified")], (a, got.get(a))
    assert got["wrong"] == [("2", "misattributed")], got


PREFIXED = {
    "s": f"{REFUNDS} [S1] {SHIPPING} [s2]",
    "s_list": "Refunds take 30 days and shipping is free over 50 euros [S1, S2].",
    "hash": f"{REFUNDS} [#1] {SHIPPING} [#2]",
    "hash_list": "Refunds take 30 days and shipping is free over 50 euros [#1, #2].",
    "wrong": f"{REFUNDS} [S2]",
    "wrong_hash": f"{REFUNDS} [#2]",
}


@batched(logged_rows(PREFIXED))
def test_a_position_written_s1_or_hash_1_is_a_marker(answers_db: Path) -> None:
    # `[S1]`, `[s1]` (prompts numbering their sources "S1", "S2") and `[#1]`: no marker, YELLOW no_citations however
    # wrong the source
    got = _refs(answers_db)
    for a in ("s", "s_list", "hash", "hash_list"):
        assert got.get(a) == [("1", "verified"), ("2", "verified")], (a, got.get(a))
    assert got["wrong"] == got["wrong_hash"] == [("2", "misattributed")], got


RAISED = {
    "parens": "Refunds take 30 days⁽¹⁾. Shipping is free over 50 euros⁽²⁾.",
    "after_stop": f"{REFUNDS}⁽¹⁾ {SHIPPING}⁽²⁾",
    "wrong": "Refunds take 30 days⁽²⁾.",
    # a power or a unit in raised parentheses is no citation
    "power": "The room is 12 m⁽²⁾ and the fee is 10⁽³⁾ euros.",
}


@batched(logged_rows(RAISED))
def test_a_superscript_in_raised_parentheses_is_a_marker(answers_db: Path) -> None:
    # `days⁽¹⁾` (superscript parentheses around the raised digits, as some renderers and models write a footnote):
    # no marker, YELLOW no_citations however wrong the source; `m⁽²⁾` and `10⁽³⁾` stay text (the place rule)
    got = _refs(answers_db)
    for a in ("parens", "after_stop"):
        assert got.get(a) == [("1", "verified"), ("2", "verified")], (a, got.get(a))
    assert got["wrong"] == [("2", "misattributed")], got
    assert "power" not in got, got


UNNAMED = {
    "lenticular": f"{REFUNDS}【1†source】 {SHIPPING}【4:0†source】",
    "bracket": f"{REFUNDS} [1†source] {SHIPPING} [2†source]",
    "lines": f"{SHIPPING}【12†L1-L3】",
    "wrong": "Refunds take 90 days.【1†source】",
}


@batched(logged_rows(UNNAMED))
def test_a_file_search_mark_naming_no_file_is_checked_against_the_retrieved_sources(answers_db: Path) -> None:
    # `【1†source】`, `【4:0†source】`, `[1†source]` (OpenAI Assistants' file search and ChatGPT without the annotation
    # naming the file; rounds 7 and 8 left it): fabricated, source_not_named, however right. Its numbers are message
    # and search-result indexes, no ranks; what it says is "one of the sources retrieved": the retrieved context that
    # supports the claim best, as a document cited whole
    got = {a: [(rank, v) for _, rank, v, _ in cs] for a, cs in cites_by_answer(answers_db).items()}
    assert got["lenticular"] == got["bracket"] == [(1, "verified"), (2, "verified")], got
    assert got["lines"] == [(2, "verified")], got
    assert len(got["wrong"]) == 1 and got["wrong"][0][1] not in ("verified", "fabricated"), got


ENTITY_CTX = [
    {"doc_id": "d1", "chunk_id": "c1", "title": "Returns.pdf", "page": 1, "text": "Refunds & returns take 30 days."},
    {"doc_id": "d2", "chunk_id": "c2", "title": "Desk.pdf", "page": 2, "text": "The store's refund desk opens at 9."},
]
ENTITIES = {
    "amp": "Refunds &amp; returns take 30 days. [1]",
    "numeric": "The store&#8217;s refund desk opens at 9. [2]",
    "hex": "The store&#x2019;s refund desk opens at 9. [2]",
    "twice": "Refunds &amp;amp; returns take 30 days. [1]",
    "wrong": "Refunds &amp; returns take 90 days. [1]",
    "text": "R&D and AT&T &c. are not entities: refunds & returns take 30 days. [1]",
}


@batched(logged_rows(ENTITIES, ENTITY_CTX))
def test_html_entities_in_a_claim_are_read_as_the_characters_they_stand_for(answers_db: Path) -> None:
    # `Refunds &amp; returns take 30 days.`, `The store&#8217;s ...` (the answer HTML-escaped by a logger or a widget
    # outside any marker; round 8 left it): the entities stayed in the claim checked against the source, and in
    # the claim shown. The claim is read with its entities unescaped (once or twice escaped); its offsets are the
    # logged answer's; a bare `&` stays
    got = {a: cs for a, cs in cites_by_answer(answers_db).items()}
    assert [c[2:] for c in got["amp"]] == [("verified", "Refunds & returns take 30 days.")], got["amp"]
    for a in ("numeric", "hex"):
        assert [c[2:] for c in got[a]] == [("verified", "The store’s refund desk opens at 9.")], got[a]
    assert [c[2:] for c in got["twice"]] == [("verified", "Refunds & returns take 30 days.")], got["twice"]
    assert got["wrong"][0][2] != "verified" and got["wrong"][0][3] == "Refunds & returns take 90 days.", got
    assert "R&D and AT&T &c." in got["text"][0][3], got["text"]


LINKED = {
    "double": f"{REFUNDS[:-1]} [[1]](https://x.org/d1). {SHIPPING[:-1]} [[2]](https://x.org/d2).",
    "raised": f"{REFUNDS[:-1]}<sup>[1](https://x.org/d1)</sup>. {SHIPPING[:-1]}<sup>[2](#d2)</sup>.",
    "wrong": "Refunds take 30 days [[2]](https://x.org/d2).",
}


@batched(logged_rows(LINKED))
def test_a_link_whose_label_is_the_bracket_is_the_marker(answers_db: Path) -> None:
    # `[[1]](https://...)` (a renderer linking the marker to its source) and `<sup>[1](https://...)</sup>` (a model
    # told to raise its linked markers): the bracket was read, but the link, or the tags, stayed in the claim
    got = {a: [(ref, v, c) for ref, _, v, c in cs] for a, cs in cites_by_answer(answers_db).items()}
    for a in ("double", "raised"):
        assert got[a] == [("1", "verified", REFUNDS), ("2", "verified", SHIPPING)], (a, got[a])
    assert got["wrong"] == [("2", "misattributed", REFUNDS)], got
