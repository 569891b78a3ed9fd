"""One reading of a JSON object that gives a key twice (`audit.errors.unique_keys`), shared by the label reader and
the readers of logged answers: JSON keeps the last of such a key, DuckDB the first, so a label line is refused naming
the key and a logged answer is left as logged. Written when the three copies of the hook were merged (no behaviour
changed); it holds each reader to it."""

from __future__ import annotations

import json

import pytest

from audit.errors import DuplicateKey, unique_keys
from audit.evaluate.labels import LabelError, parse_label
from audit.extract.shapes import shape
from audit.logged_contexts import logged_sources


def test_unique_keys() -> None:
    assert json.loads('{"a": 1, "b": {"c": 2}}', object_pairs_hook=unique_keys) == {"a": 1, "b": {"c": 2}}
    with pytest.raises(DuplicateKey) as exc:
        json.loads('{"a": 1, "b": {"c": 2, "c": 3}}', object_pairs_hook=unique_keys)
    assert exc.value.key == "c" and isinstance(exc.value, ValueError)


def test_a_label_line_giving_a_key_twice_is_refused_naming_it() -> None:
    with pytest.raises(LabelError, match="key 'answer_id' is given twice"):
        parse_label('{"answer_id": "a1", "answer_id": "a2", "citations": []}', "labels.jsonl:3")


def test_a_logged_answer_giving_a_key_twice_is_left_as_logged() -> None:
    nodes = '[{"node": {"id_": "n1", "text": "Refunds take 30 days."}}]'
    assert logged_sources(f'{{"response": "x", "source_nodes": {nodes}}}') != []
    assert logged_sources(f'{{"response": "x", "response": "y", "source_nodes": {nodes}}}') == []
    assert shape('{"text": "Refunds take 30 days [1].", "text": "Refunds take 90 days [1]."}') is None
