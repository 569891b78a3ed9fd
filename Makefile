# Two commands do all the set-up on a fresh machine: `make run` and `make test`.
SHELL := /bin/bash
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
DB ?= data/audit.duckdb

export PREFECT_HOME ?= $(CURDIR)/.prefect
export PREFECT_SERVER_ANALYTICS_ENABLED := false
export HF_HUB_OFFLINE := 1
export TRANSFORMERS_OFFLINE := 1
export TOKENIZERS_PARALLELISM := false

.PHONY: install run test lint bench eval calibrate clean

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	# the CPU build of torch first, so no dependency can pull a multi-GB CUDA build
	$(PY) -m pip install --quiet --disable-pip-version-check torch==2.13.0
	$(PY) -m pip install --quiet --disable-pip-version-check -e ".[dev]"
	touch $@

install: $(VENV)/.installed

run: install
	$(VENV)/bin/citeaudit nightly --input data/sample --db $(DB)

test: install lint
	$(PY) -m pytest -q

lint: install
	$(VENV)/bin/ruff check audit flows data tests
	$(VENV)/bin/mypy audit

bench: install
	$(VENV)/bin/citeaudit bench

eval: install
	$(VENV)/bin/citeaudit eval --answers ../shared/data/real/wice_dev_answers.parquet --labels ../shared/data/real/wice_dev_labels.jsonl
	$(VENV)/bin/citeaudit eval --answers ../shared/data/real/ab_dev_answers.parquet --labels ../shared/data/real/ab_dev_labels.jsonl

clean:
	rm -rf $(VENV) .prefect .pytest_cache .mypy_cache .ruff_cache $(DB)
