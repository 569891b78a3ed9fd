"""Labels of a development set: JSON lines `{"answer_id": ..., "gold": ..., ...}` parsed and checked line by line."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from audit.errors import DuplicateKey, InputError, lone_surrogate_at, not_found, unique_keys

GOLD_MISATTRIBUTED = "misattributed"  # the gold class a label file writes (a label, not a verdict)
GOLD_CLASSES = ("supported", "not_supported", "partially_supported", GOLD_MISATTRIBUTED)


class LabelError(InputError):
    """A labels file that cannot be read or has a malformed line."""


@dataclass(frozen=True)
class Label:
    answer_id: str
    gold: str
    marker: str | None = None
    cited_rank: int | None = None
    true_rank: int | None = None
    support_char_spans: tuple[tuple[int, int], ...] = ()
    src_dataset: str | None = None

    @property
    def last_sentence_only(self) -> bool:
        return self.marker is not None or self.cited_rank is not None


def _opt_int(obj: dict[str, Any], key: str, where: str) -> int | None:
    v = obj.get(key)
    if v is None:
        return None
    if isinstance(v, bool) or not isinstance(v, int):
        raise LabelError(f"{where}: {key} must be an integer, got {v!r}")
    if v < 0:
        raise LabelError(f"{where}: {key} must be a context rank (>= 0), got {v}")
    return v


def _spans(obj: dict[str, Any], where: str) -> tuple[tuple[int, int], ...]:
    raw = obj.get("support_char_spans")
    if raw is None:
        return ()
    out: list[tuple[int, int]] = []
    if not isinstance(raw, list):  # 0, false, "" and {} included: they were read as no spans without a word
        raise LabelError(f"{where}: support_char_spans must be a list of [start, end] pairs")
    for sp in raw:
        if not (
            isinstance(sp, list) and len(sp) == 2 and all(isinstance(x, int) and not isinstance(x, bool) for x in sp)
        ):
            raise LabelError(f"{where}: support_char_spans must be a list of [start, end] pairs, got {sp!r}")
        if not 0 <= sp[0] < sp[1]:  # such a span overlaps no evidence: the label would count as a miss in silence
            raise LabelError(f"{where}: support_char_spans span {sp!r} must have 0 <= start < end")
        out.append((sp[0], sp[1]))
    return tuple(out)


def _check_text(value: object, key: str, where: str) -> None:
    """A string JSON decoded from a lone surrogate escape (`\\ud83d`: an emoji cut in half) is no text: writing it
    to DuckDB ended in a UnicodeEncodeError, exit 1."""
    if isinstance(value, str) and (at := lone_surrogate_at(value)) is not None:
        raise LabelError(f"{where}: {key} holds a lone surrogate (\\u{ord(value[at]):04x}), which is no text")


def parse_label(line: str, where: str) -> Label:
    """One label line; `where` (file:line) names it in any error."""
    try:
        obj = json.loads(line, object_pairs_hook=unique_keys)
    except DuplicateKey as exc:
        raise LabelError(f"{where}: key {exc.key!r} is given twice; a label gives each key once") from None
    except json.JSONDecodeError as exc:
        raise LabelError(f"{where}: not valid JSON ({exc.msg})") from None
    except RecursionError:  # [[[[...]]]] past Python's recursion limit
        raise LabelError(f"{where}: not valid JSON (nested too deeply)") from None
    if not isinstance(obj, dict):
        raise LabelError(f"{where}: a label must be a JSON object")
    aid = obj.get("answer_id")
    if isinstance(aid, int) and not isinstance(aid, bool):  # an integer id column is audited as its digits
        obj["answer_id"] = str(aid)
    elif aid not in (None, "") and not isinstance(aid, str):
        raise LabelError(f"{where}: answer_id must be a non-empty string (or an integer), got {aid!r}")
    for key in ("answer_id", "gold"):
        if not isinstance(obj.get(key), str) or not obj[key]:
            raise LabelError(f"{where}: missing or empty {key!r}")
    for key in ("marker", "src_dataset"):  # a list marker was read as the text "['[1]']", an object as a group name
        if obj.get(key) is not None and not isinstance(obj[key], str):
            raise LabelError(f"{where}: {key} must be a string, got {obj[key]!r}")
    for key in ("answer_id", "gold", "marker", "src_dataset"):
        _check_text(obj.get(key), key, where)
    if obj["gold"] not in GOLD_CLASSES:
        raise LabelError(f"{where}: gold {obj['gold']!r} is not one of {', '.join(GOLD_CLASSES)}")
    marker = obj.get("marker")
    src = obj.get("src_dataset")
    true_rank = _opt_int(obj, "true_rank", where)
    if obj["gold"] == GOLD_MISATTRIBUTED and true_rank is None:  # it could never be recalled: a miss without a word
        raise LabelError(
            f"{where}: gold {GOLD_MISATTRIBUTED!r} needs true_rank (the rank of the context that supports the claim)"
        )
    return Label(
        answer_id=obj["answer_id"],
        gold=obj["gold"],
        marker=marker,
        cited_rank=_opt_int(obj, "cited_rank", where),
        true_rank=true_rank,
        support_char_spans=_spans(obj, where),
        src_dataset=src,
    )


def read_labels(path: str | Path) -> list[Label]:
    """Every label of a JSONL file; blank lines are skipped, a repeated answer_id is an error."""
    p = Path(path)
    if not p.is_file():
        raise LabelError(not_found("labels file", p))
    try:
        text = p.read_text(encoding="utf-8-sig")  # a byte order mark (Windows editors) is no JSON
    except (OSError, UnicodeDecodeError) as exc:
        raise LabelError(f"{p}: cannot read labels ({exc})") from None
    labels: list[Label] = []
    seen: dict[str, int] = {}
    for n, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        where = f"{p}:{n}"
        lab = parse_label(line, where)
        if lab.answer_id in seen:
            raise LabelError(f"{where}: answer_id {lab.answer_id!r} already labelled on line {seen[lab.answer_id]}")
        seen[lab.answer_id] = n
        labels.append(lab)
    if not labels:
        raise LabelError(f"{p}: no labels")
    return labels
