"""What the assistant claimed about its own answer (citation type, confidence, missing information), read
leniently and checked strictly. Pure functions. (The citation type the audit found is `verdict.audited_type`.)

A self-reported confidence must be a JSON number in [0, 1]; anything else is kept out of the column (NULL) and
named in a reason (`confidence_out_of_range:1.5`, `confidence_not_a_number:"high"`), never a failed run. A value
nested deeper than Python's JSON reader goes (valid JSON: DuckDB read it) is read as undecodable text.
"""

from __future__ import annotations

import json
import math
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
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None, f"confidence_not_a_number:{raw[:40]}"
    if not math.isfinite(value) or not 0.0 <= value <= 1.0:
        return None, f"confidence_out_of_range:{raw[:40]}"
    return float(value) + 0.0, None  # -0.0 is 0.0 (reports showed "-0.0")


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
