"""What the assistant claimed about its own answer (citation type, confidence, missing information), read
leniently and checked strictly. Pure functions. (The citation type the audit found is `citation_type.audited_type`.)

A self-reported confidence must be a number in [0, 1], a JSON number or one written as text (`"0.9"`, `"90%"`);
anything else is kept out of the column (NULL) and named in a reason (`confidence_out_of_range:1.5`,
`confidence_not_a_number:"high"`), never a failed run. A value nested deeper than Python's JSON reader goes (valid
JSON: DuckDB read it) is read as undecodable text.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any


def parse_confidence(raw: str | None) -> tuple[float | None, str | None]:
    """A JSON value as logged -> (confidence in [0, 1] or None, reason or None). JSON null means not reported."""
    if raw is None:
        return None, None
    try:
        value: Any = json.loads(raw)
    except (TypeError, ValueError, RecursionError):
        return None, f"confidence_not_a_number:{raw[:40]}"
    if value is None:
        return None, None
    if isinstance(value, str):  # "0.9" or "90%", as a logger writing every field as text gives it; "high" is no number
        value = _number_in_text(value)
        if value is None:
            return None, f"confidence_not_a_number:{raw[:40]}"
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None, f"confidence_not_a_number:{raw[:40]}"
    if not math.isfinite(value) or not 0.0 <= value <= 1.0:
        return None, f"confidence_out_of_range:{raw[:40]}"
    return float(value) + 0.0, None  # -0.0 is 0.0 (reports showed "-0.0")


def _number_in_text(text: str) -> float | None:
    """A confidence written as text: `"0.9"` is 0.9 and `"90%"` 0.9 (a percentage is a share of 100); anything else
    (`"high"`, `"0.9 or so"`) is None."""
    m = re.fullmatch(r"\s*([+-]?(?:\d+(?:\.\d*)?|\.\d+))\s*(%?)\s*", text)
    if m is None:
        return None
    return float(m.group(1)) / (100.0 if m.group(2) else 1.0)


def parse_missing_information(raw: str | None) -> str | None:
    """The answer's `missing_information` as text: a string as is, a list joined by "; ", false/empty as None."""
    if raw is None:
        return None
    try:
        value: Any = json.loads(raw)
    except (TypeError, ValueError, RecursionError):
        return raw.strip() or None
    if value is None or value is False:
        return None
    if isinstance(value, str):
        return value.strip() or None
    if isinstance(value, list):
        items = [v.strip() if isinstance(v, str) else json.dumps(v, ensure_ascii=False) for v in value]
        return "; ".join(i for i in items if i) or None
    return json.dumps(value, ensure_ascii=False)
