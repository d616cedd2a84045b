# A flat Makefile: each target is one job. `make test` is all a newcomer needs.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
SOLUTION ?= solutions/strongest.py
CASES ?= cases
STAMP := $(VENV)/.installed

.PHONY: help venv system-packages node-packages test test-busy quick long grade compare check lint coverage bench fuzz mutation sample-bugs clean \
	wc2022-bound cli-reference \
	benchmark-cases generated-cases handwritten-cases

help:
	@echo "make test       set up .venv, install, run every test"
	@echo "make test-busy  the whole suite while two CPU-bound processes keep both cores busy"
	@echo "make quick      the tests not marked slow: no worker, compiler or long search (under a minute)"
	@echo "make long       the long checks whole: all 20 benchmark lists (make test: 5), every letter"
	@echo "make grade      grade SOLUTION (default $(SOLUTION)) on CASES (default $(CASES))"
	@echo "make compare    leaderboard of every reference solution on cases/benchmark"
	@echo "make lint       ruff and mypy --strict"
	@echo "make coverage   tests under coverage, branch report with a floor"
	@echo "make bench      timings side by side, JSON too, and docs/benchmarks.md written anew"
	@echo "make fuzz       long property tests, then fuzzing the seed minimax for fair lists it loses"
	@echo "make mutation   mutants planted in the code that decides verdicts: the share the tests catch"
	@echo "make sample-bugs  the bugs of issue #31's sample, planted by hand, each caught by a named test"
	@echo "make check      the fairness check on every shipped case"
	@echo "make wc2022-bound  the most points a round any P8079 player can expect (half an hour)"
	@echo "make cli-reference  write docs/reference/cli.md from the parsers (a test checks it)"

# setuptools warns at every editable install that a folder named like the package may be
# imported in its place: here that folder is the package. The warning is left out.
INSTALL := PYTHONWARNINGS="ignore:Editable installation" $(PY) -m pip install --quiet -e

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(INSTALL) '.[test,jvm]'
	touch $(STAMP)

venv: $(STAMP)

# Debian tools the tests use; installed where we may (root with apt-get), else named.
# The compilers and runtimes of the submissions' languages are tools of the same kind.
SYSTEM_PACKAGES := bwrap:bubblewrap chromium:chromium g++:g++ javac:default-jdk-headless \
	node:nodejs kotlinc:kotlin
# Test processes (pytest-xdist): one per core.
WORKERS ?= auto

# Each module of the judge, its tests and its packages is compiled once, into the venv: where
# the machine sets PYTHONDONTWRITEBYTECODE (CI's does), every test process and every command a
# test runs compiled them again, and pytest rewrote every test module's asserts again. The
# submissions' workers are not touched: they get an environment of their own.
unexport PYTHONDONTWRITEBYTECODE
export PYTHONPYCACHEPREFIX := $(CURDIR)/$(VENV)/pycache

system-packages:
	@for pair in $(SYSTEM_PACKAGES); do tool=$${pair%%:*}; package=$${pair#*:}; \
	  command -v $$tool >/dev/null 2>&1 && continue; \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	    echo "installing $$package"; \
	    (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$package \
	      >/dev/null) || echo "note: could not install $$package"; \
	  else echo "note: $$tool is missing, its tests are skipped: sudo apt-get install $$package"; fi; \
	done

# The packages LeetCode's JavaScript offers a submission (lodash, the @datastructures-js
# queues), pinned by the lock file beside the harness, installed under the venv.
JS_PACKAGES := judge/harness/javascript
NODE_STAMP := $(VENV)/node/.installed

$(NODE_STAMP): $(JS_PACKAGES)/package.json $(JS_PACKAGES)/package-lock.json | $(STAMP) system-packages
	@if command -v npm >/dev/null 2>&1; then \
	  mkdir -p $(VENV)/node && cp $(JS_PACKAGES)/package.json $(JS_PACKAGES)/package-lock.json $(VENV)/node/ && \
	  npm ci --prefix $(VENV)/node --no-audit --no-fund --ignore-scripts --silent && touch $@ \
	  || echo "note: could not install LeetCode's JavaScript packages; their test is skipped"; \
	else echo "note: npm is missing: LeetCode's JavaScript packages (lodash, queues) are not installed"; fi

# The Node.js harness's fork addon (fork.cc: fresh state per case by a fork, as C++ and Python
# have it), built against the headers of the node on the PATH; without it each JavaScript case
# gets a new process, about thirty times slower.
NODE_ADDON := $(VENV)/node/fork.node

$(NODE_ADDON): $(JS_PACKAGES)/fork.cc judge/harness/cpp/fresh_state.h | $(STAMP) system-packages
	@headers="$$(dirname "$$(command -v node)")/../include/node"; \
	if command -v g++ >/dev/null 2>&1 && [ -f "$$headers/node_api.h" ]; then \
	  mkdir -p $(VENV)/node && g++ -std=gnu++17 -O2 -shared -fPIC -I"$$headers" \
	    -Ijudge/harness/cpp -DNODE_GYP_MODULE_NAME=fork -o $@ $(JS_PACKAGES)/fork.cc \
	  || echo "note: the Node.js fork addon did not build: each JavaScript case gets a new process"; \
	else echo "note: no g++ or no Node.js headers: each JavaScript case gets a new process"; fi

node-packages: $(NODE_STAMP) $(NODE_ADDON)

# The slowest tests are named at the end, so that one that grows is seen.
test: $(STAMP) system-packages node-packages
	$(PY) -m pytest -q -n $(WORKERS) --dist worksteal --durations=15

# The suite must pass on a shared machine, not only an idle one: two busy loops run
# alongside it and are stopped however the suite ends.
test-busy: $(STAMP) system-packages node-packages
	@$(PY) -c 'while True: pass' & one=$$!; $(PY) -c 'while True: pass' & two=$$!; \
	  trap 'kill $$one $$two 2>/dev/null' EXIT INT TERM; \
	  echo "two CPU-bound processes started ($$one, $$two)"; \
	  $(PY) -m pytest -q -n $(WORKERS) --dist worksteal

quick: $(STAMP) node-packages
	$(PY) -m pytest -q -n $(WORKERS) --dist worksteal -m "not slow"

# make test plays the first five benchmark lists where a test plays the benchmark; this plays
# all twenty, with the claims that only hold over all of them (two minutes on two cores).
long: $(STAMP) system-packages node-packages
	$(PY) -m pytest -q -n $(WORKERS) --dist worksteal -m benchmark --whole-benchmark

grade: $(STAMP)
	$(PY) -m judge grade $(SOLUTION) --cases $(CASES)

compare: $(STAMP)
	$(PY) -m judge compare solutions/*.py --cases cases/benchmark

lint: $(STAMP)
	$(PY) -m ruff check judge tests solutions scripts
	$(PY) -m mypy

coverage: $(STAMP) node-packages
	$(PY) -m coverage erase
	$(PY) -m coverage run -m pytest -q
	$(PY) -m coverage combine
	$(PY) -m coverage report

bench: $(STAMP) system-packages node-packages
	$(PY) -m judge bench --json bench-results.json --page docs/benchmarks.md

wc2022-bound: $(STAMP)
	$(PY) -m judge wc2022-bound

cli-reference: $(STAMP)
	$(PY) scripts/make_cli_reference.py

# One group of modules at a time, each against the tests that judge it (scripts/mutation.py);
# GROUPS="merge run" for some of them.
mutation: $(STAMP) system-packages node-packages
	$(INSTALL) '.[test,jvm,mutation]'
	$(PY) scripts/mutation.py $(GROUPS)

# The realistic bugs that once went unnoticed, each planted by hand in a copy: all must be caught.
sample-bugs: $(STAMP) system-packages node-packages
	$(PY) scripts/sample_bugs.py $(BUGS)

fuzz: $(STAMP)
	HYPOTHESIS_PROFILE=thorough $(PY) -m pytest -q tests/test_rules.py tests/test_master.py \
		tests/test_analysis.py tests/test_fairness.py tests/test_optimal.py
	# exit 1 means a reproducer was written to fuzz-finds/: the point, not a failure. Move a
	# find into cases/found to ship it.
	$(PY) -m judge fuzz solutions/minimax_cpp.py --allowed 10 --search-seconds 600 \
		--search-seed 1 || test $$? -eq 1

benchmark-cases: $(STAMP)
	$(PY) scripts/make_benchmark.py cases/benchmark

generated-cases: $(STAMP)
	rm -rf cases/generated
	$(PY) -m judge generate random --count 5 --words 100 --list-seed 1 --out cases/generated/random
	$(PY) -m judge generate english --count 5 --words 100 --list-seed 2 --out cases/generated/english
	$(PY) -m judge generate hard --count 5 --words 100 --list-seed 3 --out cases/generated/hard

handwritten-cases: $(STAMP)
	$(PY) scripts/make_handwritten.py cases/handwritten

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .coverage .coverage.* .hypothesis

check: $(STAMP)
	$(PY) -m judge check cases/examples cases/handwritten cases/generated cases/benchmark
