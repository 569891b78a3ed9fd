"""`import citeaudit`: the analyst API (`citeaudit.open(path).unverified_citations(since=...)`), see audit/api.py."""

from audit.api import AuditFile, open

__all__ = ["AuditFile", "open"]
