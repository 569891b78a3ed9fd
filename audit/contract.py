"""The `answers` input contract, read from `schemas/answers.v1.json` (the single source of truth)."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import pyarrow as pa

SCHEMAS_DIR = Path(__file__).resolve().parent.parent / "schemas"
ANSWERS_CONTRACT = SCHEMAS_DIR / "answers.v1.json"
OUTPUT_DDL = SCHEMAS_DIR / "outputs.v3.sql"
MIGRATIONS_DIR = SCHEMAS_DIR / "migrations"

_SCALARS: dict[str, pa.DataType] = {
    "string": pa.string(),
    "int32": pa.int32(),
    "timestamp[us, tz=UTC]": pa.timestamp("us", tz="UTC"),
}


@cache
def contract() -> dict[str, Any]:
    """The parsed contract document."""
    return dict(json.loads(ANSWERS_CONTRACT.read_text()))


def contract_version() -> int:
    return int(contract()["version"])


def context_type() -> pa.StructType:
    return pa.struct([pa.field(c["name"], _SCALARS[c["type"]]) for c in contract()["context"]])


def answers_schema() -> pa.Schema:
    """Arrow schema of the `answers` table, as writers of logs should produce it."""
    fields = []
    for col in contract()["columns"]:
        if col["type"] == "list<context>":
            typ: pa.DataType = pa.list_(pa.field("element", context_type()))
        else:
            typ = _SCALARS[col["type"]]
        # required is enforced row by row (quarantine), so broken logs stay readable
        fields.append(pa.field(col["name"], typ))
    return pa.schema(fields)


def contexts_table_schema() -> pa.Schema:
    cols = contract()["contexts_table"]["columns"]
    return pa.schema([pa.field(c["name"], _SCALARS[c["type"]]) for c in cols])


def required_columns() -> list[str]:
    return [c["name"] for c in contract()["columns"] if c["required"]]


def column_names() -> list[str]:
    return [c["name"] for c in contract()["columns"]]
