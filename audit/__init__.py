"""citeaudit: offline citation auditor for logged RAG answers."""

__version__ = "0.1.0"
