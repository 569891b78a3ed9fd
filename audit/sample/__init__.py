"""The sample logs generator: `python -m audit.sample.generate --help` (writes `data/sample/` and more)."""
