"""What kind of citation it is, claimed by the assistant or found by the audit: the citation type read off the
verdict (`audited_type`)."""

from __future__ import annotations

from enum import StrEnum

from audit.verdict import Verdict


class CitationType(StrEnum):
    """What kind of citation it is: claimed by the assistant (`claimed_type`) or found by the audit (`audited_type`)."""

    DIRECT_QUOTE = "direct_quote"
    PARAPHRASE = "paraphrase"
    INFERENCE = "inference"
    UNSUPPORTED = Verdict.UNSUPPORTED.value  # the verdict's word: unsupported or misattributed


def audited_type(verdict: Verdict, claim_verbatim: bool, quote_status: str | None) -> CitationType | None:
    """The citation type the audit found, for every dialect: `direct_quote` (verified, and the claim or its quote
    is verbatim in the source), `paraphrase` (verified, not verbatim), `inference` (weak: partly supported),
    `unsupported` (unsupported or misattributed), NULL for fabricated (no source to compare with)."""
    if verdict is Verdict.FABRICATED:
        return None
    if verdict is Verdict.VERIFIED:
        verbatim = claim_verbatim or quote_status == "verbatim"
        return CitationType.DIRECT_QUOTE if verbatim else CitationType.PARAPHRASE
    return CitationType.INFERENCE if verdict is Verdict.WEAK else CitationType.UNSUPPORTED
