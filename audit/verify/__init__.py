"""Verification of a claim against a source: lexical, key facts, semantic, combined into support."""
