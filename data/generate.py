"""Seeded, deterministic generator of logged RAG answers in the `answers` v1 contract, with planted faults.

A small synthetic knowledge base (four tenants, ~40 documents) is built from a fixed `kb_seed`, so chunks repeat
across nights. Each answer retrieves 3-8 chunks and answers with sentences copied or lightly paraphrased from them,
cited in one of the dialects of ARCHITECTURE.md. Faults are planted at known rates over the rows eligible for them
and every planted thing is one line of `truth.jsonl` (ranks there are always 1-based positions in `contexts`).

Citation objects (`citation_object`) carry a quoted `text_span`, `claim_text`, `citation_type` and `confidence_score`,
as an answer JSON or as the final event of a logged stream (a JSON list of events, or JSON lines). Planted there:
invented quotes, "direct quotes" that are not verbatim, and over-confident answers (one model reports 0.9-1.0
whatever it says; the others report lower confidence when their answer holds a planted fault).

    python -m data.generate --out data/sample --rows 400 --days 2 --seed 7 --hive
"""

from __future__ import annotations

import argparse
import json
import random
import re
import shutil
import uuid
from collections import Counter
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from audit.contract import answers_schema

KB_SEED = 2026
DEFAULT_START = "2026-11-01"
MODELS = ["gpt-4o", "claude-3", "llama-3-70b", "mistral-large"]

DIALECT_WEIGHTS = {
    "numeric": 0.36,
    "document_page": 0.13,
    "doc_chunk": 0.13,
    "json_citations": 0.13,
    "json_inline": 0.12,
    "citation_object": 0.13,
}
OBJECT_FORM_WEIGHTS = {"answer_json": 0.5, "event_list": 0.3, "json_lines": 0.2}
OVERCONFIDENT_MODEL = "llama-3-70b"  # reports confidence 0.9-1.0 whatever its answer holds
CONFIDENCE_DIALECTS = {"json_citations", "citation_object"}  # answers that log an answer-level confidence
MISSING_INFORMATION = ["the exact processing time", "regional exceptions", "the current price list"]
NUMERIC_FORM_WEIGHTS = {"single": 0.55, "list": 0.15, "adjacent": 0.15, "range": 0.15}

# rate = share of the rows eligible for a kind that get one planted instance (at least one when any is eligible)
FAULT_RATES = {
    "index_out_of_range": 0.06,
    "unknown_document": 0.08,
    "page_not_retrieved": 0.08,
    "unknown_chunk": 0.08,
    "unsupported": 0.06,
    "misattributed": 0.06,
    "uncited_claim": 0.08,
    "non_claim": 0.15,
    "invalid_json": 0.08,
    "invented_quote": 0.2,
    "non_verbatim_quote": 0.2,
    "overconfident": 0.15,
}
FAULT_DIALECTS = {
    "index_out_of_range": {"numeric", "json_citations", "json_inline"},
    "unknown_document": {"document_page", "doc_chunk", "citation_object"},
    "page_not_retrieved": {"document_page"},
    "unknown_chunk": {"doc_chunk", "citation_object"},
    "unsupported": set(DIALECT_WEIGHTS),
    "misattributed": set(DIALECT_WEIGHTS),
    "uncited_claim": set(DIALECT_WEIGHTS),
    "non_claim": set(DIALECT_WEIGHTS),
    "invalid_json": {"json_citations"},
    "invented_quote": {"citation_object"},
    "non_verbatim_quote": {"citation_object"},
    "overconfident": CONFIDENCE_DIALECTS,  # rows of OVERCONFIDENT_MODEL only: every claim unsupported
}
# one row of each per QUARANTINE_EVERY rows (at least one each)
QUARANTINE_EVERY = 200
QUARANTINE_REASONS = ["null_answer_id", "null_logged_at", "null_answer", "duplicate_answer_id"]

EXPECTED = {  # kind -> (expected reason, expected verdict)
    "index_out_of_range": ("index_out_of_range", "fabricated"),
    "unknown_document": ("unknown_document", "fabricated"),
    "page_not_retrieved": ("page_not_retrieved", "fabricated"),
    "unknown_chunk": ("unknown_chunk", "fabricated"),
    "unsupported": ("unsupported", "unsupported"),
    "misattributed": ("misattributed", "misattributed"),
    "uncited_claim": ("uncited_claim", None),
    "non_claim": ("not_flagged", None),
    "invalid_json": ("json_parse_fallback", None),
    "invented_quote": ("text_span_not_found_in_source", None),  # never verified
    "non_verbatim_quote": ("quote_not_verbatim", None),
    "overconfident": ("overconfident", None),  # claimed confidence >= 0.9, at least 0.4 above citation integrity
}

# every truth line has these keys (null when they do not apply); ranks are 1-based positions in `contexts`
TRUTH_FIELDS = [
    "answer_id",
    "date",
    "kind",
    "expected",
    "expected_verdict",
    "dialect",
    "marker",
    "cited_rank",
    "true_rank",
    "claim",
    "details",
]

NON_CLAIMS = [
    "Hope this helps!",
    "Is there anything else I can help you with?",
    "Let me know if you have any other questions.",
    "Feel free to ask if something is unclear.",
]

# --------------------------------------------------------------------------------------------------------------
# knowledge base content: tenant -> doc types (title pattern, variants, items, sentence templates, question stems)

_RETAIL_REFUND = {
    "title": "Refund Policy {p}.pdf",
    "variants": ["v1", "v2", "v3"],
    "items": [
        "opened electronics",
        "unopened electronics",
        "furniture",
        "clothing",
        "gift cards",
        "clearance items",
        "personalized products",
        "small appliances",
        "outdoor gear",
        "books",
    ],
    "templates": [
        "Refunds for {item} are issued within {n:5-30} days of receiving the return.",
        "For {item}, a restocking fee of {pct:5-25} applies to returns after {n:15-45} days.",
        "Customers must return {item} in the original packaging to receive a full refund.",
        "Store credit for {item} is valid for {n:6-24} months from the date of issue.",
        "Returns of {item} above {money:200-900} require approval from a store manager.",
        (
            "Refunds for {item} are paid to the original payment method within {n:3-10} business days, "
            "unless the card has expired."
        ),
        "Since {date}, returns of {item} can also be started in the Acme mobile app.",
        "Final sale {item} cannot be refunded after {n:2-14} days.",
        "Return shipping for {item} costs {money:5-20}, which is deducted from the refund.",
        "Members of Acme Plus receive free return shipping on {item} for {n:30-90} days.",
    ],
    "questions": ["What is the refund policy for {item}?", "How do refunds work for {item}?", "Can I return {item}?"],
}
_RETAIL_SHIPPING = {
    "title": "Shipping Guide {p}.pdf",
    "variants": ["EU", "US", "UK", "APAC"],
    "items": ["standard parcels", "bulky items", "express orders", "marketplace orders", "pre-orders", "grocery boxes"],
    "templates": [
        "Standard delivery of {item} in the {p} region takes {n:2-7} business days.",
        "Orders of {item} over {money:35-150} ship free within the {p} region.",
        "For {item}, the carrier attempts delivery {n:2-4} times before returning the parcel to the warehouse.",
        "Express shipping for {item} costs {money:9-40} and arrives within {n:1-3} business days.",
        "Tracking numbers for {item} are emailed within {n:2-24} hours of dispatch.",
        "From {date}, {item} in the {p} region are handled by the carrier ParcelWay.",
        "Orders of {item} placed before {time} local time are dispatched on the same day.",
        "Customs duties for {item} above {money:150-800} are paid by the recipient, which can delay delivery.",
    ],
    "questions": ["How long does shipping take for {item}?", "What does shipping cost for {item}?"],
}
_RETAIL_WARRANTY = {
    "title": "Warranty Terms - {p}.pdf",
    "variants": ["Nimbus X2 Vacuum", "Aurora 55 TV", "Kettle Pro K7"],
    "items": [
        "the motor",
        "the battery",
        "the display panel",
        "the charging dock",
        "the remote control",
        "the power cable",
    ],
    "templates": [
        "The {p} warranty covers {item} for {n:12-36} months from the date of purchase.",
        "Repairs of {item} under warranty are completed within {n:5-21} days.",
        "Damage to {item} caused by drops or liquid spills is not covered by the {p} warranty.",
        "An extended plan for {item} of the {p} costs {money:29-149} and adds {n:12-24} months of coverage.",
        "To file a claim for {item}, customers need the order number and the serial number of the {p}.",
        "Since {date}, {item} of the {p} is replaced instead of repaired when parts are unavailable.",
        "Acme replaces {item} of the {p} free of charge if a defect appears within {n:30-90} days.",
    ],
    "questions": ["Is {item} of the {p} covered by the warranty?", "How do I claim warranty for {item}?"],
}
_HR_HANDBOOK = {
    "title": "Employee Handbook {p}.pdf",
    "variants": ["2025", "2026"],
    "items": ["new hires", "full-time employees", "part-time employees", "contractors", "interns", "managers"],
    "templates": [
        "The probation period for {item} lasts {n:3-6} months.",
        "During onboarding, {item} complete {n:4-12} hours of compliance training.",
        "Performance reviews for {item} take place every {n:6-12} months.",
        "The notice period for {item} is {n:2-12} weeks, unless the contract states otherwise.",
        "For {item}, the annual learning budget is {money:500-3000}.",
        "Since {date}, {item} record their working hours in the Workday portal.",
        "Overtime for {item} is compensated at {pct:110-150} of the hourly rate.",
        "Referral bonuses of {money:500-2500} are paid to {item} after the new colleague passes probation.",
    ],
    "questions": ["What does the handbook say about {item}?", "What are the rules for {item}?"],
}
_HR_LEAVE = {
    "title": "Leave Policy {p}.pdf",
    "variants": ["Germany", "United States", "India"],
    "items": ["annual leave", "sick leave", "parental leave", "bereavement leave", "study leave", "unpaid leave"],
    "templates": [
        "Employees in {p} are entitled to {n:5-30} days of {item} per calendar year.",
        "Requests for {item} must be submitted at least {n:2-30} days in advance.",
        "Unused {item} can be carried over for up to {n:3-12} months, after which it expires.",
        "A medical certificate is required for {item} longer than {n:2-5} consecutive days.",
        "From {date}, {item} in {p} is recorded in the Workday portal instead of paper forms.",
        "During {item}, employees in {p} receive {pct:60-100} of their base salary.",
        "Managers approve {item} for teams larger than {n:8-20} people only after checking coverage.",
    ],
    "questions": ["How much {item} do I get in {p}?", "How do I request {item}?"],
}
_HR_EXPENSE = {
    "title": "Travel and Expense Policy {p}.pdf",
    "variants": ["v4", "v5"],
    "items": ["hotel stays", "meals", "taxi rides", "economy flights", "train tickets", "client dinners"],
    "templates": [
        "The daily limit for {item} is {money:40-250} per person.",
        "Receipts for {item} must be uploaded within {n:7-30} days of the trip.",
        "For {item}, bookings above {money:300-1500} require approval from a director.",
        "Expense claims for {item} are reimbursed with the next payroll, which runs on the 25th.",
        "Since {date}, {item} must be booked through the TravelDesk tool.",
        "Alcohol is not reimbursed as part of {item}, except at approved client events.",
        "Corporate cards may be used for {item} up to {money:1000-5000} per month.",
    ],
    "questions": ["What is the expense limit for {item}?", "How are {item} reimbursed?"],
}
_HR_REMOTE = {
    "title": "Remote Work Policy {p}.pdf",
    "variants": ["v1", "v2"],
    "items": ["home office equipment", "internet costs", "coworking spaces", "monitors", "ergonomic chairs"],
    "templates": [
        "Employees may work remotely up to {n:2-4} days per week with their manager's agreement.",
        "Globex reimburses {item} up to {money:100-600} per year.",
        "Requests to reimburse {item} are filed in the Workday portal within {n:14-60} days of purchase.",
        "For {item}, the allowance is paid once every {n:2-4} years.",
        "Since {date}, {item} bought for remote work remain the property of Globex.",
        "Employees working abroad for more than {n:14-45} days need approval from HR, which checks tax rules.",
    ],
    "questions": ["Does Globex pay for {item}?", "What is the remote work allowance for {item}?"],
}
_DEV_MANUAL = {
    "title": "{p} User Manual.pdf",
    "variants": ["RX-200 Router", "RX-300 Mesh Router", "Nimbus T4 Thermostat", "Vega S3 Camera"],
    "items": [
        "the reset button",
        "the mobile app",
        "the firmware",
        "the Wi-Fi radio",
        "the USB port",
        "the status LED",
        "the wall mount",
    ],
    "templates": [
        "To factory reset the {p}, hold {item} for {n:5-30} seconds.",
        "Firmware version {ver} of the {p} fixes a known issue with {item}.",
        "The {p} supports {item} only when the input voltage is between {n:5-12} and {n:13-24} volts.",
        "If {item} blinks red, the {p} has lost its connection for more than {n:30-120} seconds.",
        "The {p} checks {item} for updates every {n:6-48} hours, unless automatic updates are disabled.",
        "Since {date}, {item} of the {p} can be configured from the Initech Home app.",
        "The {p} operates at temperatures from {n:0-5} to {n:35-45} degrees Celsius.",
        "Replacement parts for {item} of the {p} cost {money:9-79} in the Initech store.",
    ],
    "questions": ["How do I use {item} on the {p}?", "What does the manual say about {item}?"],
}
_DEV_QUICKSTART = {
    "title": "{p} Quick Start Guide.pdf",
    "variants": ["Orion P1 Smart Plug", "Vega S3 Camera", "Nimbus T4 Thermostat"],
    "items": ["the pairing mode", "the mobile app", "the status LED", "the power adapter", "the mounting kit"],
    "templates": [
        "Pairing the {p} with {item} takes about {n:1-5} minutes.",
        "The {p} enters {item} automatically for {n:3-10} minutes after the first power-on.",
        "Keep {item} within {n:3-15} meters of the {p} during setup.",
        "The box of the {p} contains {item} and a {n:1-2} page safety leaflet.",
        "Since {date}, setup of the {p} through {item} no longer requires an Initech account.",
        "The {p} draws at most {n:2-15} watts while {item} is active.",
    ],
    "questions": ["How do I set up the {p}?", "How long does {item} take on the {p}?"],
}
_DEV_SUPPORT = {
    "title": "Initech Support Policy {p}.pdf",
    "variants": ["2025", "2026", "Business"],
    "items": ["routers", "thermostats", "cameras", "smart plugs", "mesh systems"],
    "templates": [
        "Initech provides a {n:12-36} month limited warranty on {item}.",
        "Defective {item} are replaced within {n:3-10} business days after the diagnosis.",
        "Support tickets about {item} receive a first response within {n:4-48} hours.",
        "From {date}, {item} sold before 2022 receive only security fixes.",
        "On-site repair of {item} is available for business customers at {money:90-250} per visit.",
        "Refurbished {item} carry a warranty of {n:6-12} months, which cannot be extended.",
    ],
    "questions": ["What support do I get for {item}?", "How long is the warranty for {item}?"],
}
_SEC_POLICY = {
    "title": "Information Security Policy {p}.pdf",
    "variants": ["v3", "v4"],
    "items": [
        "production systems",
        "laptops",
        "customer data",
        "admin accounts",
        "source code repositories",
        "payment systems",
        "mobile phones",
    ],
    "templates": [
        "Access to {item} is reviewed every {n:30-180} days by the system owner.",
        "Disks of {item} are encrypted with AES-256, unless the device is covered by an approved exception.",
        "Patches for {item} rated critical are applied within {n:2-14} days of release.",
        "Since {date}, {item} must be enrolled in the MDM platform SecureFleet.",
        "Logs from {item} are retained for {n:90-400} days in the SIEM.",
        "For {item}, sessions lock automatically after {n:5-15} minutes of inactivity.",
        "Exceptions for {item} are approved by the CISO and expire after {n:3-12} months.",
    ],
    "questions": ["What are the security rules for {item}?", "How is {item} protected?"],
}
_SEC_IR = {
    "title": "Incident Response Plan {p}.pdf",
    "variants": ["2025", "2026"],
    "items": [
        "ransomware incidents",
        "phishing incidents",
        "data breaches",
        "lost laptops",
        "DDoS attacks",
        "insider threats",
    ],
    "templates": [
        "For {item}, the incident commander is appointed within {n:15-60} minutes.",
        "{Item} classified as severity {n:1-2} are escalated to the executive team immediately.",
        "Evidence from {item} is preserved for at least {n:1-7} years.",
        "Affected customers are notified of {item} within {n:24-72} hours, as required by GDPR.",
        "Since {date}, {item} are tracked in the ticketing queue SEC-IR.",
        "A post-incident review of {item} is completed within {n:5-20} business days.",
        "Tabletop exercises covering {item} are held {n:2-4} times per year.",
    ],
    "questions": ["How do we respond to {item}?", "What is the process for {item}?"],
}
_SEC_RETENTION = {
    "title": "Data Retention Schedule {p}.pdf",
    "variants": ["EU", "US", "Global"],
    "items": [
        "invoices",
        "support tickets",
        "access logs",
        "employee records",
        "marketing contacts",
        "call recordings",
    ],
    "templates": [
        "In the {p} schedule, {item} are kept for {n:1-10} years.",
        "Copies of {item} in backups are deleted within {n:30-120} days after the retention period ends.",
        "Legal hold on {item} overrides the {p} schedule until the hold is released.",
        "Since {date}, {item} older than {n:2-7} years are archived to cold storage.",
        "Deletion of {item} is verified by the data protection officer every {n:3-12} months.",
        "Requests to erase {item} are answered within {n:15-30} days.",
    ],
    "questions": ["How long do we keep {item}?", "When are {item} deleted?"],
}

TENANTS: dict[str, dict[str, Any]] = {
    "acme-retail": {
        "doc_types": [_RETAIL_REFUND, _RETAIL_SHIPPING, _RETAIL_WARRANTY],
        "shared": [
            "Acme customer service can be reached at 1-800-555-0142 from 8:00 to 20:00, Monday to Saturday.",
            "Receipts are required for every return, exchange or warranty claim.",
            "Acme Plus membership costs $49 per year.",
            "All refunds and replacements are logged in the Acme order system within 24 hours.",
        ],
    },
    "globex-hr": {
        "doc_types": [_HR_HANDBOOK, _HR_LEAVE, _HR_EXPENSE, _HR_REMOTE],
        "shared": [
            "Globex employees are paid on the 25th day of each month.",
            "Questions about this policy should be sent to hr-help@globex.example.",
            "The standard working week at Globex is 38 hours.",
            "Managers approve requests in the Workday portal within 5 business days.",
        ],
    },
    "initech-devices": {
        "doc_types": [_DEV_MANUAL, _DEV_QUICKSTART, _DEV_SUPPORT],
        "shared": [
            "Initech devices carry the CE and FCC marks.",
            "The Initech Home app requires Android 11 or iOS 15 or later.",
            "Initech technical support is available 24 hours a day at support.initech.example.",
            "All Initech devices receive security updates for at least 5 years after release.",
        ],
    },
    "umbrella-sec": {
        "doc_types": [_SEC_POLICY, _SEC_IR, _SEC_RETENTION],
        "shared": [
            "Security incidents must be reported to the SOC at soc@umbrella.example within 1 hour of discovery.",
            "This policy is reviewed by the CISO at least once every 12 months.",
            "All employees complete security awareness training every 6 months.",
            "Multi-factor authentication is mandatory for all remote access.",
        ],
    },
}

_MONTHS = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
]
_SLOT = re.compile(r"\{(\w+)(?::(\d+)-(\d+))?\}")
# a standalone number: not part of a product name, version, phone number, time or decimal
_NUMBER = re.compile(r"(?<![\w\-:.$])\$?(\d+)(?![\w\-:]|\.\d)")

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


# --------------------------------------------------------------------------------------------------------------
# answers


@dataclass
class Claim:
    body: str  # the sentence without marker, ending with "."
    marker: str  # "" when uncited; for json_inline the source_index as "source_index:N"; citations[i] for objects
    cited: list[int]  # 1-based cited ranks (may be out of range); [] when uncited
    truth: dict[str, Any] | None = None
    obj: dict[str, Any] | None = None  # the citation object (citation_object dialect)


@dataclass
class RowPlan:
    conversation_id: str
    turn_index: int
    tenant: str
    model: str
    dialect: str
    form: str
    logged_at: datetime
    faults: list[str] = field(default_factory=list)
    quarantine: str | None = None


def _render(claim: Claim, dialect: str, rng: random.Random) -> str:
    if not claim.marker or dialect in ("json_inline", "citation_object"):
        return claim.body
    stem = claim.body[:-1]
    if rng.random() < 0.15:
        return f"{stem}.{claim.marker}"
    return f"{stem} {claim.marker}."


def _object_answer(text: str, objs: list[dict[str, Any]], extra: dict[str, Any], form: str) -> str:
    """A citation-object answer as logged: answer JSON, or a stream whose final event carries it."""
    if form == "answer_json":
        return json.dumps({"answer": text, "citations": objs} | extra, ensure_ascii=False)
    sources = sorted({o["document_id"] for o in objs if "document_id" in o})
    words = text.split(" ")
    events: list[dict[str, Any]] = [{"type": "start"}]
    events += [{"type": "token", "data": " ".join(words[i : i + 8])} for i in range(0, min(len(words), 24), 8)]
    events.append({"type": "final", "data": text, "sources": sources, "citations": objs} | extra)
    if form == "event_list":
        return json.dumps(events, ensure_ascii=False)
    return "\n".join(json.dumps(e, ensure_ascii=False) for e in events)


def misquote(text: str, rng: random.Random) -> str:
    """A "direct quote" that is not verbatim: one wording swapped, else one word left out; numbers are kept."""
    padded = f" {text} "
    swaps = [(a, b) for a, b in _SYNONYMS if a in padded]
    if swaps:
        a, b = rng.choice(swaps)
        return padded.replace(a, b, 1).strip()
    words = list(re.finditer(r"(?<= )[a-z]{4,}(?= )", text))
    m = rng.choice(words)
    return text[: m.start()] + text[m.end() + 1 :]


def _source_span(ctx_text: str, sentence: str) -> list[int]:
    start = ctx_text.index(sentence)
    return [start, start + len(sentence)]


class _AnswerBuilder:
    def __init__(self, kb: KnowledgeBase, rng: random.Random) -> None:
        self.kb = kb
        self.rng = rng

    def contexts(self, plan: RowPlan) -> tuple[list[Chunk], list[int], str | None]:
        """Retrieved chunks in order; positions (0-based) of the forced multi-cite group and its shared fact."""
        rng = self.rng
        tdocs = self.kb.by_tenant[plan.tenant]
        n_ctx = rng.randint(3, 8)
        forced: list[Chunk] = []
        fact = None
        if plan.form in ("list", "adjacent", "range"):
            fact = rng.choice(sorted(self.kb.shared_chunks[plan.tenant]))
            forced = rng.sample(self.kb.shared_chunks[plan.tenant][fact], 3 if plan.form == "range" else 2)
            n_ctx = max(n_ctx, len(forced) + 2)
        docs = rng.sample(tdocs, 3)
        pool = [c for d in docs for c in d.chunks if c not in forced]
        if fact is not None:
            pool = [c for c in pool if all(s.text != fact for s in c.sentences)]
        fill = rng.sample(pool, min(len(pool), n_ctx - len(forced)))
        if plan.form == "range":
            at = rng.randint(0, len(fill))
            chunks = fill[:at] + forced + fill[at:]
            positions = [at, at + 1, at + 2]
        else:
            chunks = fill + forced
            rng.shuffle(chunks)
            positions = sorted(chunks.index(c) for c in forced)
        return chunks, positions, fact

    def row(self, plan: RowPlan, answer_id: str | None) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        rng = self.rng
        chunks, forced_pos, fact = self.contexts(plan)
        # claimable (rank, sentence) pairs: unique sentences only
        pairs = [(k + 1, s) for k, ch in enumerate(chunks) for s in ch.sentences if not s.shared]
        rng.shuffle(pairs)
        claim_faults = [f for f in plan.faults if f not in ("invalid_json", "non_claim", "overconfident")]
        n_plain = max(rng.randint(2, 5) - len(claim_faults) - (1 if fact else 0), 1 if not claim_faults else 0)
        if "overconfident" in plan.faults:  # a confident answer none of whose claims its sources support
            claim_faults, n_plain = [*claim_faults, "unsupported", "unsupported"], 0
        kinds = claim_faults + ["ok"] * n_plain
        rng.shuffle(kinds)
        claims: list[Claim] = []
        topic = pairs[0]
        for kind, (rank, sent) in zip(kinds, pairs, strict=False):
            claims.append(self._claim(kind, rank, sent, chunks, plan))
        if fact is not None:
            ranks = [p + 1 for p in forced_pos]
            marker = numeric_marker(ranks, plan.form)
            claims.insert(rng.randint(0, len(claims)), Claim(fact, marker, ranks))
        if "non_claim" in plan.faults:
            text = rng.choice(NON_CLAIMS)
            claims.append(Claim(text, "", [], {"kind": "non_claim", "claim": text}))

        confidence = self._confidence(plan, claims) if plan.dialect in CONFIDENCE_DIALECTS else None
        answer = self._assemble(claims, plan, rng, confidence)
        truth: list[dict[str, Any]] = []
        if "overconfident" in plan.faults:
            reason, verdict = EXPECTED["overconfident"]
            truth.append(
                {
                    "answer_id": answer_id,
                    "kind": "overconfident",
                    "dialect": plan.dialect,
                    "expected": reason,
                    "expected_verdict": verdict,
                    "marker": None,
                    "details": {"claimed_confidence": confidence, "model": plan.model},
                }
            )
        for c in claims:
            if c.truth is not None:
                t = {"answer_id": answer_id, "kind": c.truth.pop("kind"), "dialect": plan.dialect}
                reason, verdict = EXPECTED[t["kind"]]
                t |= {"expected": reason, "expected_verdict": verdict, "marker": c.marker or None}
                t |= c.truth
                truth.append(t)
        if "invalid_json" in plan.faults:
            answer, variant = self._break_json(answer)
            reason, verdict = EXPECTED["invalid_json"]
            truth.append(
                {
                    "answer_id": answer_id,
                    "kind": "invalid_json",
                    "dialect": plan.dialect,
                    "expected": reason,
                    "expected_verdict": verdict,
                    "marker": None,
                    "details": {"variant": variant, "answer_text_intact": True},
                }
            )

        topic_doc, item = chunks[topic[0] - 1].doc, topic[1].item
        if plan.turn_index == 0:
            question = rng.choice(topic_doc.doc_type["questions"]).format(item=item, p=topic_doc.variant)
        else:
            question = rng.choice(
                ["And what about {item}?", "What else should I know about {item}?", "Does that also apply to {item}?"]
            ).format(item=item)
        row = {
            "answer_id": answer_id,
            "conversation_id": plan.conversation_id,
            "turn_index": plan.turn_index,
            "logged_at": plan.logged_at,
            "tenant": plan.tenant,
            "model": plan.model,
            "question": question,
            "answer": answer,
            "contexts": [c.as_context() for c in chunks],
        }
        return row, truth

    def _claim(self, kind: str, rank: int, sent: Sentence, chunks: list[Chunk], plan: RowPlan) -> Claim:
        rng = self.rng
        n_ctx = len(chunks)
        body, op = paraphrase(sent.text, rng) if rng.random() < 0.4 else (sent.text, "copied")
        true_ctx = chunks[rank - 1]
        base: dict[str, Any] = {
            "claim": body,
            "true_rank": rank,
            "details": {
                "source_sentence": sent.text,
                "paraphrase": op,
                "support_char_span": _source_span(true_ctx.text, sent.text),
            },
        }
        cited = rank
        marker_target: Chunk | None = true_ctx
        truth: dict[str, Any] | None = None
        quote: str | None = None  # citation objects: the quoted text_span (default: the source sentence)
        ctype = "direct_quote" if op == "copied" else rng.choice(["paraphrase", "paraphrase", "inference"])
        if kind == "ok":
            pass
        elif kind == "invented_quote":
            quote, variant = self._invented_quote(sent, chunks, plan)
            truth = {"kind": kind, "cited_rank": rank, **base}
            truth["details"] |= {"quote": quote, "variant": variant}
        elif kind == "non_verbatim_quote":
            quote, ctype = misquote(sent.text, rng), "direct_quote"
            truth = {"kind": kind, "cited_rank": rank, **base}
            truth["details"] |= {"quote": quote}
        elif kind == "uncited_claim":
            return Claim(body, "", [], {"kind": kind, "cited_rank": None, **base})
        elif kind == "index_out_of_range":
            cited = n_ctx + rng.randint(1, 4)
            marker_target = None
            truth = {"kind": kind, "cited_rank": cited, **base}
        elif kind == "misattributed":
            cited = rng.choice([k for k in range(1, n_ctx + 1) if sent.text not in chunks[k - 1].text])
            marker_target = chunks[cited - 1]
            truth = {"kind": kind, "cited_rank": cited, **base}
        elif kind == "unsupported":
            changed = change_number(sent.text, rng)
            all_text = " ".join(c.text for c in chunks)
            if rng.random() < 0.7 and changed is not None and changed[0] not in all_text:
                body = changed[0]
                truth = {
                    "kind": kind,
                    "claim": body,
                    "cited_rank": rank,
                    "true_rank": None,
                    "details": {
                        "variant": "changed_number",
                        "source_sentence": sent.text,
                        "from": changed[1],
                        "to": changed[2],
                    },
                }
            else:
                retrieved = {id(c) for c in chunks}
                other = [
                    s.text
                    for d in self.kb.by_tenant[plan.tenant]
                    for c in d.chunks
                    if id(c) not in retrieved
                    for s in c.sentences
                    if not s.shared
                ]
                body = rng.choice(other)
                cited = rng.randint(1, n_ctx)
                marker_target = chunks[cited - 1]
                truth = {
                    "kind": kind,
                    "claim": body,
                    "cited_rank": cited,
                    "true_rank": None,
                    "details": {"variant": "not_retrieved", "source_sentence": body},
                }
        elif kind == "unknown_document":
            retrieved_titles = {c.doc.title for c in chunks}
            retrieved_ids = {c.doc.doc_id for c in chunks}
            others = [
                d
                for d in self.kb.by_tenant[plan.tenant]
                if d.title not in retrieved_titles and d.doc_id not in retrieved_ids
            ]
            if rng.random() < 0.5:
                title, doc_id, variant = f"{true_ctx.doc.title[:-4]} (archived).pdf", "kb_doc_999", "hallucinated"
            else:
                d = rng.choice(others)
                title, doc_id, variant = d.title, d.doc_id, "not_retrieved"
            marker = (
                docpage_marker(title, true_ctx.page)
                if plan.dialect == "document_page"
                else docchunk_marker(doc_id, true_ctx.chunk_id)
            )
            base["details"]["variant"] = variant
            if plan.dialect == "citation_object":
                obj = {"document_id": doc_id, "document_name": title, "chunk_index": 0, "page_number": true_ctx.page}
                obj |= self._quote_fields(body, sent.text, ctype)
                return Claim(body, "citations[?]", [], {"kind": kind, "cited_rank": None, **base}, obj)
            return Claim(body, marker, [], {"kind": kind, "cited_rank": None, **base})
        elif kind == "page_not_retrieved":
            pages = {c.page for c in chunks if c.doc.title == true_ctx.doc.title}
            page = rng.choice([p for p in range(1, max(pages) + 4) if p not in pages])
            return Claim(body, docpage_marker(true_ctx.doc.title, page), [], {"kind": kind, "cited_rank": None, **base})
        elif kind == "unknown_chunk":
            if plan.dialect == "citation_object":  # past the retrieved chunks of that document
                n_same = sum(1 for c in chunks if c.doc is true_ctx.doc)
                obj = {"document_id": true_ctx.doc.doc_id, "chunk_index": n_same + rng.randint(0, 3)}
                obj |= self._quote_fields(body, sent.text, ctype)
                return Claim(body, "citations[?]", [], {"kind": kind, "cited_rank": None, **base}, obj)
            have = {c.chunk_id for c in chunks if c.doc.doc_id == true_ctx.doc.doc_id}
            cands = [c.chunk_id for c in true_ctx.doc.chunks if c.chunk_id not in have]
            chunk_id = rng.choice(cands) if cands and rng.random() < 0.6 else f"chunk-{rng.randint(40, 99)}"
            return Claim(
                body, docchunk_marker(true_ctx.doc.doc_id, chunk_id), [], {"kind": kind, "cited_rank": None, **base}
            )
        else:
            raise ValueError(kind)

        cited_obj: dict[str, Any] | None = None
        if plan.dialect == "json_inline":
            marker = f"source_index:{cited - 1}"
        elif plan.dialect == "citation_object":
            assert marker_target is not None
            marker = "citations[?]"  # numbered when the answer is assembled
            # a faulty citation quotes its own claim; a sound one quotes its source sentence
            said = quote or (sent.text if truth is None else body)
            cited_obj = self._object(marker_target, chunks) | self._quote_fields(body, said, ctype)
            if truth is not None and "quote" in truth["details"]:
                truth["details"]["quote"] = cited_obj["text_span"]  # as logged
        elif plan.dialect == "document_page":
            assert marker_target is not None
            marker = docpage_marker(marker_target.doc.title, marker_target.page)
        elif plan.dialect == "doc_chunk":
            assert marker_target is not None
            marker = docchunk_marker(marker_target.doc.doc_id, marker_target.chunk_id)
        else:
            marker = f"[{cited}]"
        if truth is not None:
            truth.setdefault("claim", body)
        return Claim(body, marker, [cited], truth, cited_obj)

    def _object(self, target: Chunk, chunks: list[Chunk]) -> dict[str, Any]:
        """How a citation object names its source: document_id + chunk_index (its position among the retrieved
        chunks of that document), or document_name + page_number."""
        if self.rng.random() < 0.7:
            same_doc = [c for c in chunks if c.doc is target.doc]
            return {
                "document_id": target.doc.doc_id,
                "document_name": target.doc.title,
                "chunk_index": same_doc.index(target),
                "page_number": target.page,
            }
        return {"document_name": target.doc.title, "page_number": target.page}

    def _quote_fields(self, body: str, quote: str, ctype: str) -> dict[str, Any]:
        rng = self.rng
        claim = body[:-1] if rng.random() < 0.5 else body
        claim = claim.lower() if rng.random() < 0.2 else claim  # logged claims differ in case from the answer
        fields: dict[str, Any] = {"claim_text": claim, "citation_type": ctype}
        if rng.random() < 0.9 or ctype == "direct_quote":
            fields["text_span"] = quote.rstrip(".") if rng.random() < 0.5 else quote
        return fields

    def _invented_quote(self, sent: Sentence, chunks: list[Chunk], plan: RowPlan) -> tuple[str, str]:
        """A quote its source does not hold: the sentence with a changed figure, or a sentence of a document
        that was not retrieved (one with a number, so it cannot pass for a sloppy quote)."""
        rng = self.rng
        all_text = " ".join(c.text for c in chunks)
        changed = change_number(sent.text, rng)
        if changed is not None and changed[0] not in all_text:
            return changed[0], "changed_number"
        retrieved = {id(c) for c in chunks}
        other = [
            s.text
            for d in self.kb.by_tenant[plan.tenant]
            for c in d.chunks
            if id(c) not in retrieved
            for s in c.sentences
            if not s.shared and _NUMBER.search(s.text)
        ]
        return rng.choice(other), "not_retrieved"

    def _confidence(self, plan: RowPlan, claims: list[Claim]) -> float:
        """Self-reported confidence: honest models report less when their answer holds a planted fault;
        OVERCONFIDENT_MODEL reports 0.9-1.0 whatever it says. Sets each citation object's confidence_score too."""
        faulty = [c for c in claims if c.truth is not None and c.truth["kind"] not in ("non_claim", "uncited_claim")]
        for c in claims:
            if c.obj is not None:
                c.obj["confidence_score"] = self._score(plan, c in faulty)
        return self._score(plan, bool(faulty))

    def _score(self, plan: RowPlan, bad: bool) -> float:
        rng = self.rng
        if plan.model == OVERCONFIDENT_MODEL:
            return round(rng.uniform(0.9, 1.0), 2)
        return round(rng.uniform(0.3, 0.6) if bad else rng.uniform(0.8, 1.0), 2)

    def _assemble(self, claims: list[Claim], plan: RowPlan, rng: random.Random, confidence: float | None) -> str:
        text = " ".join(_render(c, plan.dialect, rng) for c in claims)
        extra: dict[str, Any] = {}
        if confidence is not None:
            extra["confidence"] = confidence
            if rng.random() < 0.2:
                extra["missing_information"] = [rng.choice(MISSING_INFORMATION)]
        if plan.dialect == "json_citations":
            cited = sorted({r for c in claims for r in c.cited})
            return json.dumps({"answer": text, "citations": cited} | extra, ensure_ascii=False)
        if plan.dialect == "citation_object":
            objs: list[dict[str, Any]] = []
            for c in claims:
                if c.obj is not None:
                    c.marker = f"citations[{len(objs)}]"
                    objs.append(c.obj)
            return _object_answer(text, objs, extra, _weighted(rng, OBJECT_FORM_WEIGHTS))
        if plan.dialect == "json_inline":
            inline = [{"source_index": c.cited[0] - 1, "claim": c.body} for c in claims if c.cited]
            return json.dumps({"answer": text, "inline_citations": inline}, ensure_ascii=False)
        return text

    def _break_json(self, answer: str) -> tuple[str, str]:
        variant = self.rng.choice(["truncated", "unbalanced", "unescaped_quote"])
        if variant == "truncated":  # generation stopped inside the citations array
            cut = answer.index('"citations": [') + len('"citations": [')
            return answer[: cut + self.rng.randint(0, max(0, len(answer) - cut - 2))], variant
        if variant == "unbalanced":
            return answer[:-1], variant
        return answer.replace('{"answer": "', '{"answer": "Per the "official" documents: ', 1), variant


# --------------------------------------------------------------------------------------------------------------
# planning and table assembly


def _weighted(rng: random.Random, weights: dict[str, float]) -> str:
    return rng.choices(list(weights), weights=list(weights.values()))[0]


def _plan_rows(rows: int, days: int, start: date, rng: random.Random) -> list[RowPlan]:
    plans: list[RowPlan] = []
    conv = 0
    while len(plans) < rows:
        tenant = rng.choice(sorted(TENANTS))
        model = rng.choice(MODELS)
        dialect = _weighted(rng, DIALECT_WEIGHTS)
        day = start + timedelta(days=conv % days)
        turns = min(rng.randint(1, 5), rows - len(plans))
        t = datetime(day.year, day.month, day.day, tzinfo=UTC) + timedelta(
            seconds=rng.randint(0, 86400 - 1 - 300 * turns), microseconds=rng.randint(0, 999_999)
        )
        conv_id = f"conv-{uuid.UUID(int=rng.getrandbits(128), version=4).hex[:12]}"
        for turn in range(turns):
            form = _weighted(rng, NUMERIC_FORM_WEIGHTS) if dialect == "numeric" else "single"
            plans.append(RowPlan(conv_id, turn, tenant, model, dialect, form, t))
            t += timedelta(seconds=rng.randint(20, 290), microseconds=rng.randint(0, 999_999))
        conv += 1
    # quarantine rows first, then faults over the remaining rows eligible for each kind
    n_q = max(1, rows // QUARANTINE_EVERY) if rows >= 2 * len(QUARANTINE_REASONS) else 0
    order = rng.sample(range(len(plans)), len(plans))
    for i, reason in enumerate(QUARANTINE_REASONS * n_q):
        plans[order[i]].quarantine = reason
    clean = [p for p in plans if p.quarantine is None]
    for kind, rate in FAULT_RATES.items():
        eligible = [p for p in clean if p.dialect in FAULT_DIALECTS[kind]]
        if kind == "overconfident":
            eligible = [p for p in eligible if p.model == OVERCONFIDENT_MODEL and "invalid_json" not in p.faults]
        if eligible:
            for p in rng.sample(eligible, min(len(eligible), max(1, round(rate * len(eligible))))):
                p.faults.append(kind)
    return plans


def generate(
    rows: int, days: int, seed: int, start: str | date = DEFAULT_START, kb_seed: int = KB_SEED
) -> tuple[pa.Table, list[dict[str, Any]]]:
    """`rows` logged answers over `days` UTC days from `start`, as an `answers_schema()` table, and the truth lines."""
    if rows < 1 or days < 1:
        raise ValueError("rows and days must be positive")
    start_day = date.fromisoformat(start) if isinstance(start, str) else start
    rng = random.Random(seed)
    kb = build_kb(kb_seed)
    builder = _AnswerBuilder(kb, rng)
    plans = _plan_rows(rows, days, start_day, rng)
    records: list[dict[str, Any]] = []
    truth: list[dict[str, Any]] = []
    dup_sources: list[dict[str, Any]] = []
    for plan in plans:
        answer_id = f"ans-{uuid.UUID(int=rng.getrandbits(128), version=4).hex}"
        row, row_truth = builder.row(plan, answer_id)
        day = plan.logged_at.date().isoformat()
        for t in row_truth:
            t["date"] = day
        if plan.quarantine is None:
            truth.extend(row_truth)
            if not row_truth and not plan.faults:
                dup_sources.append(row)
            records.append(row)
            continue
        q: dict[str, Any] = {
            "answer_id": answer_id,
            "kind": "quarantine",
            "date": day,
            "dialect": plan.dialect,
            "expected": plan.quarantine,
            "expected_verdict": None,
            "marker": None,
            "details": {"conversation_id": plan.conversation_id, "turn_index": plan.turn_index},
        }
        if plan.quarantine == "null_answer_id":
            row["answer_id"] = q["answer_id"] = None
        elif plan.quarantine == "null_logged_at":
            row["logged_at"] = None
        elif plan.quarantine == "null_answer":
            row["answer"] = None
        else:  # a logging retry: a clean answer written again a few seconds later under the same id
            src = rng.choice(dup_sources or [r for r in records if r["answer_id"]])
            row = dict(src)
            end_of_day = datetime.combine(src["logged_at"].date(), datetime.max.time(), tzinfo=UTC)
            row["logged_at"] = min(src["logged_at"] + timedelta(seconds=rng.randint(1, 5)), end_of_day)
            q |= {
                "answer_id": src["answer_id"],
                "date": src["logged_at"].date().isoformat(),
                "details": {
                    "conversation_id": src["conversation_id"],
                    "turn_index": src["turn_index"],
                    "occurrences": 2,
                },
            }
        q["details"]["logged_at_intended"] = (row["logged_at"] or plan.logged_at).isoformat()
        row["_sort"] = row["logged_at"] or plan.logged_at
        records.append(row)
        truth.append(q)
    records.sort(key=lambda r: r.pop("_sort", None) or r["logged_at"])
    truth = [{k: t.get(k) for k in TRUTH_FIELDS} for t in truth]
    schema = answers_schema()
    table = pa.Table.from_pylist(records, schema=schema)
    return table, truth


def _row_day(row_logged_at: datetime | None, intended: str | None) -> str:
    return row_logged_at.date().isoformat() if row_logged_at is not None else str(intended)


def write_sample(
    out: str | Path,
    rows: int,
    days: int,
    seed: int,
    start: str | date = DEFAULT_START,
    files_per_day: int = 1,
    hive: bool = False,
    kb_seed: int = KB_SEED,
) -> dict[str, Any]:
    """Generate and write Parquet files per day plus `truth.jsonl`; returns a summary with the paths and counts."""
    table, truth = generate(rows, days, seed, start, kb_seed)
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    for old in [*out.glob("answers-*.parquet"), *out.glob("date=*/part-*.parquet")]:
        old.unlink()
    for d in out.glob("date=*"):
        if d.is_dir() and not any(d.iterdir()):
            shutil.rmtree(d)
    # a row with a null logged_at goes to the day it was meant for
    null_ts_day = {
        (t["details"]["conversation_id"], t["details"]["turn_index"]): t["date"]
        for t in truth
        if t["expected"] == "null_logged_at"
    }
    convs = table.column("conversation_id").to_pylist()
    turns = table.column("turn_index").to_pylist()
    stamps = table.column("logged_at").to_pylist()
    days_of = [_row_day(ts, null_ts_day.get((c, k))) for ts, c, k in zip(stamps, convs, turns, strict=True)]
    paths: list[str] = []
    for day in sorted(set(days_of)):
        idx = [i for i, d in enumerate(days_of) if d == day]
        part = table.take(pa.array(idx, pa.int64()))
        n = max(1, min(files_per_day, part.num_rows))
        bounds = [round(i * part.num_rows / n) for i in range(n + 1)]
        for k in range(n):
            if hive:
                path = out / f"date={day}" / f"part-{k}.parquet"
                path.parent.mkdir(exist_ok=True)
            else:
                path = out / f"answers-{day}-{k}.parquet"
            pq.write_table(part.slice(bounds[k], bounds[k + 1] - bounds[k]), path, compression="zstd")
            paths.append(str(path))
    with (out / "truth.jsonl").open("w") as fh:
        for t in truth:
            fh.write(json.dumps(t, ensure_ascii=False, sort_keys=True) + "\n")
    return {
        "rows": table.num_rows,
        "files": paths,
        "truth": str(out / "truth.jsonl"),
        "rows_per_day": dict(sorted(Counter(days_of).items())),
        "truth_kinds": dict(
            sorted(Counter(t["expected"] if t["kind"] == "quarantine" else t["kind"] for t in truth).items())
        ),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m data.generate", description=__doc__.splitlines()[0])
    ap.add_argument("--out", required=True, help="output folder")
    ap.add_argument("--rows", type=int, default=400)
    ap.add_argument("--days", type=int, default=2)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--start", default=DEFAULT_START, help="first UTC day, YYYY-MM-DD")
    ap.add_argument("--files-per-day", type=int, default=1)
    ap.add_argument("--hive", action="store_true", help="write out/date=YYYY-MM-DD/part-K.parquet")
    ap.add_argument("--kb-seed", type=int, default=KB_SEED)
    args = ap.parse_args(argv)
    summary = write_sample(
        args.out, args.rows, args.days, args.seed, args.start, args.files_per_day, args.hive, args.kb_seed
    )
    print(json.dumps({k: v for k, v in summary.items() if k != "files"}, indent=1))
    print(f"{len(summary['files'])} parquet files under {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
