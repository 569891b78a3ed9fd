"""The synthetic knowledge base built from a fixed seed, and the paraphrase and fault helpers over its text."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from typing import Any

from audit.sample.kb_data import _MONTHS, _NUMBER, _SLOT, TENANTS
from audit.sample.settings import KB_SEED

# --------------------------------------------------------------------------------------------------------------
# knowledge base


@dataclass(frozen=True)
class Sentence:
    text: str
    item: str
    shared: bool


@dataclass(eq=False)
class Chunk:
    doc: Doc
    chunk_id: str
    page: int
    sentences: list[Sentence]
    text: str = ""

    def as_context(self) -> dict[str, Any]:
        return {
            "doc_id": self.doc.doc_id,
            "chunk_id": self.chunk_id,
            "title": self.doc.title,
            "page": self.page,
            "url": f"https://kb.{self.doc.tenant}.example/docs/{self.doc.doc_id}.pdf#page={self.page}",
            "text": self.text,
        }


@dataclass(eq=False)
class Doc:
    doc_id: str
    title: str
    tenant: str
    variant: str
    doc_type: dict[str, Any]
    chunks: list[Chunk] = field(default_factory=list)


@dataclass
class KnowledgeBase:
    docs: list[Doc]
    by_tenant: dict[str, list[Doc]]
    shared_chunks: dict[str, dict[str, list[Chunk]]]  # tenant -> shared sentence -> chunks holding it


def _fill(template: str, item: str, variant: str, rng: random.Random) -> str:
    def repl(m: re.Match[str]) -> str:
        name, lo, hi = m.group(1), m.group(2), m.group(3)
        if name == "item":
            return item
        if name == "Item":
            return item[0].upper() + item[1:]
        if name == "p":
            return variant
        if name == "n":
            return str(rng.randint(int(lo), int(hi)))
        if name == "pct":
            return f"{rng.randint(int(lo), int(hi))}%"
        if name == "money":
            return f"${rng.randint(int(lo), int(hi))}"
        if name == "date":
            return f"{rng.choice(_MONTHS)} {rng.randint(1, 28)}, {rng.choice([2024, 2025, 2026])}"
        if name == "time":
            return f"{rng.randint(11, 16)}:{rng.choice(['00', '30'])}"
        if name == "ver":
            return f"{rng.randint(1, 4)}.{rng.randint(0, 9)}.{rng.randint(0, 20)}"
        raise ValueError(f"unknown slot {name!r} in template {template!r}")

    return _SLOT.sub(repl, template)


def build_kb(kb_seed: int = KB_SEED) -> KnowledgeBase:
    """The synthetic knowledge base: the same for every answer seed, so chunks repeat across nights."""
    rng = random.Random(kb_seed)
    seen: set[str] = set()
    docs: list[Doc] = []
    by_tenant: dict[str, list[Doc]] = {}
    shared_chunks: dict[str, dict[str, list[Chunk]]] = {}
    for tenant, spec in TENANTS.items():
        tdocs: list[Doc] = []
        for dt in spec["doc_types"]:
            for variant in dt["variants"]:
                doc = Doc(f"kb_doc_{len(docs) + 1}", dt["title"].format(p=variant), tenant, variant, dt)
                docs.append(doc)
                tdocs.append(doc)
                page = rng.randint(1, 2)
                for c in range(rng.randint(3, 6)):
                    sents: list[Sentence] = []
                    for _ in range(rng.randint(3, 6)):
                        for _attempt in range(50):
                            item = rng.choice(dt["items"])
                            text = _fill(rng.choice(dt["templates"]), item, variant, rng)
                            if text not in seen:
                                seen.add(text)
                                sents.append(Sentence(text, item, False))
                                break
                    doc.chunks.append(Chunk(doc, f"chunk-{c + 1}", page, sents))
                    page += rng.randint(1, 3)
        by_tenant[tenant] = tdocs
        # every shared fact sits in 4-5 chunks of different documents of its tenant
        shared_chunks[tenant] = {}
        for fact in spec["shared"]:
            holders = [rng.choice(d.chunks) for d in rng.sample(tdocs, rng.randint(4, 5))]
            for ch in holders:
                ch.sentences.insert(rng.randint(0, len(ch.sentences)), Sentence(fact, "", True))
            shared_chunks[tenant][fact] = holders
    for doc in docs:
        for ch in doc.chunks:
            ch.text = " ".join(s.text for s in ch.sentences)
    return KnowledgeBase(docs, by_tenant, shared_chunks)


# --------------------------------------------------------------------------------------------------------------
# paraphrase and fault helpers

_SYNONYMS = [
    (" must ", " have to "),
    (" approval from ", " sign-off from "),
    (" are handled by ", " are delivered by "),
    (" is required ", " is needed "),
    (" customers ", " shoppers "),
    (" Employees ", " Staff members "),
    (" employees ", " staff members "),
    (" receive ", " get "),
    (" require ", " need "),
    (" are issued ", " are paid out "),
    (" is not covered ", " isn't covered "),
    (" cannot ", " can't "),
    (" is valid ", " remains valid "),
    (" takes ", " needs "),
]
_LEADING = re.compile(r"^(For|Since|From|During|In|To|If) ([^,]{3,60}(?:, \d{4})?), (?!\d)(.+)\.$")
_TRAILING = re.compile(r"^(.{30,}?), (unless|which|after which|except|as required by) (.+)\.$")


def paraphrase(text: str, rng: random.Random) -> tuple[str, str]:
    """A light paraphrase that keeps every number: synonym swap, clause reorder or a dropped trailing clause."""
    ops: list[str] = []
    padded = f" {text} "
    if any(a in padded for a, _ in _SYNONYMS):
        ops.append("synonym_swap")
    if _LEADING.match(text):
        ops.append("reorder")
    m_trail = _TRAILING.match(text)
    if m_trail and not re.search(r"\d", m_trail.group(3)):
        ops.append("dropped_clause")
    if not ops:
        return text, "copied"
    op = rng.choice(ops)
    if op == "synonym_swap":
        a, b = rng.choice([(a, b) for a, b in _SYNONYMS if a in padded])
        return padded.replace(a, b, 1).strip(), op
    if op == "reorder":
        m = _LEADING.match(text)
        assert m
        rest = m.group(3)
        return f"{rest[0].upper()}{rest[1:]} {m.group(1).lower()} {m.group(2)}.", op
    assert m_trail
    return f"{m_trail.group(1)}.", op


def change_number(text: str, rng: random.Random) -> tuple[str, str, str] | None:
    """Alter one number of a sentence ("30 days" -> "90 days"); None when it has no standalone number."""
    found = list(_NUMBER.finditer(text))
    if not found:
        return None
    m = rng.choice(found)
    old = int(m.group(1))
    if 1900 <= old <= 2100:
        new = old + rng.choice([-2, -1, 1])
    elif old <= 2:
        new = old + rng.randint(2, 5)
    else:
        new = old * rng.choice([2, 3]) if rng.random() < 0.5 else max(1, old // 2 + rng.randint(0, 1))
        if new == old:
            new = old + 7
    s, e = m.span(1)
    return text[:s] + str(new) + text[e:], str(old), str(new)


def numeric_marker(ranks: list[int], form: str) -> str:
    if form == "list":
        return "[" + ", ".join(str(r) for r in ranks) + "]"
    if form == "adjacent":
        return "".join(f"[{r}]" for r in ranks)
    if form == "range":
        return f"[{ranks[0]}-{ranks[-1]}]"
    return f"[{ranks[0]}]"


def docpage_marker(title: str, page: int) -> str:
    return f"[Document: {title}, Page {page}]"


def docchunk_marker(doc_id: str, chunk_id: str) -> str:
    return f"[citation:{doc_id}:{chunk_id}]"


def _weighted(rng: random.Random, weights: dict[str, float]) -> str:
    return rng.choices(list(weights), weights=list(weights.values()))[0]
