# tilesearch: every set-up step is idempotent, so `make test` and `make serve` work on a fresh
# machine and cost little the second time.
SHELL := bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := help

PORT ?= 8000
WASM_TARGET := wasm32-unknown-unknown
# The wasm-bindgen CLI must equal the crate version locked in Cargo.lock.
WASM_BINDGEN_VERSION := $(shell awk '/^name = "wasm-bindgen"$$/ {getline; gsub(/version = |"/, ""); print}' Cargo.lock)
WASM := target/$(WASM_TARGET)/release/tilesearch.wasm
PKG := www/pkg
# The module again with its memory shared, for the workers of a cross-origin isolated page: one
# copy of the pattern databases for all of them. It needs std built with atomics, so nightly's
# cargo builds std from its source (rust-src); .cargo/config.toml's flags apply too.
SHARED_WASM := target/shared/$(WASM_TARGET)/release/tilesearch.wasm
SHARED_FLAGS := "-C", "target-feature=+atomics,+bulk-memory,+mutable-globals", "-C", "link-arg=--shared-memory", \
  "-C", "link-arg=--import-memory", "-C", "link-arg=--max-memory=1073741824", "-C", "link-arg=--export=__wasm_init_tls", \
  "-C", "link-arg=--export=__tls_size", "-C", "link-arg=--export=__tls_align", "-C", "link-arg=--export=__tls_base"
export PATH := $(HOME)/.cargo/bin:$(PATH)
# Prerequisites that `make test`'s second phase (TEST_READY=1) has made already: the build, the
# guide and clippy; the lanes need not wait for them again. Defined before any rule names them
# (make reads a rule's prerequisites as it reads the rule).
BUILT = $(if $(TEST_READY),,build)
DOCS = $(if $(TEST_READY),,docs)
LINTED = $(if $(TEST_READY),,lint-native)

.PHONY: help setup setup-wasm setup-node setup-chromium setup-pandoc setup-apt build serve docs test test-all lint \
        lint-native lint-web test-rust test-wasm test-wasm-node test-wasm-browser test-js test-e2e native-cli \
        test-ready test-e2e-1 test-e2e-2 test-e2e-3 test-e2e-4 \
        test-long soak bench bench-wasm test-cli-faults-long python python-install test-python test-jupyter setup-python

help:
	@echo "make serve   build and serve the page on http://127.0.0.1:$(PORT)/ (PORT=… overrides)"
	@echo "make test    every test, long sweeps sampled (installs what it needs)"
	@echo "make test-long  the sweeps, property runs and page tests that make test samples, at full length"
	@echo "make build   the wasm package in www/pkg/ and the embeddable dist/"
	@echo "make docs    the guide (docs/*.md) as HTML in dist/docs/: open dist/docs/index.html, offline too"
	@echo "make bench   nodes per second on all of Korf's 100 instances (native)"
	@echo "make soak    random call sequences against the wasm API for SOAK_SECONDS (default 1200)"
	@echo "make bench-wasm  the same search in wasm, in Node and in Chromium, and the page's frame rates"
	@echo "make python  the Python wheel (abi3, CPython >= 3.9) in $(WHEELS)/"
	@echo "make test-python  the Python package's tests (pytest, mypy) against the built wheel"

## Set-up (idempotent) ------------------------------------------------------------------------

setup: setup-wasm setup-node setup-chromium setup-pandoc

setup-wasm:
	@rustup target list --installed | grep -qx $(WASM_TARGET) || rustup target add $(WASM_TARGET)
	@rustup run nightly rustc --version >/dev/null 2>&1 || rustup toolchain install nightly --profile minimal --component rust-src
	@rustup component list --toolchain nightly --installed | grep -qx rust-src || rustup component add rust-src --toolchain nightly
	@if [ "$$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $(WASM_BINDGEN_VERSION)" ]; then \
	  echo "installing wasm-bindgen-cli $(WASM_BINDGEN_VERSION) (a few minutes, once)"; \
	  cargo install wasm-bindgen-cli --version $(WASM_BINDGEN_VERSION); \
	fi

setup-node: node_modules/.installed

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund
	@touch $@

# Debian's chromium and chromium-driver (the browser tests), and pandoc (2.17 on bookworm: the
# Pandoc/Quarto filter in the e2e tests), in one apt-get run: apt holds one lock at a time, and
# `make test` runs two recipes at once.
setup-chromium setup-pandoc: setup-apt

setup-apt:
	@missing=""; \
	for tool in chromium:chromium chromedriver:chromium-driver pandoc:pandoc; do \
	  command -v $${tool%%:*} >/dev/null || missing="$$missing $${tool#*:}"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "installing Debian's$$missing"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	fi

## Build --------------------------------------------------------------------------------------

# Both modules run under one glue, the shared one's (it takes a memory; patch-pkg checks that
# the other links to it too): www/pkg/tilesearch_bg.wasm and tilesearch_shared_bg.wasm.
build: setup-wasm setup-node
	cargo build --lib --target $(WASM_TARGET) --release
	cargo +nightly build --lib --target $(WASM_TARGET) --release -Z build-std=std,panic_abort --target-dir target/shared \
	  --config 'target.$(WASM_TARGET).rustflags=[$(SHARED_FLAGS)]'
	rm -rf $(PKG) target/pkg-own
	wasm-bindgen --target web --out-dir target/pkg-own $(WASM)
	wasm-bindgen --target web --out-dir $(PKG) $(SHARED_WASM)
	mv $(PKG)/tilesearch_bg.wasm $(PKG)/tilesearch_shared_bg.wasm
	cp target/pkg-own/tilesearch_bg.wasm $(PKG)/tilesearch_bg.wasm
	node_modules/.bin/wasm-opt -O3 $(PKG)/tilesearch_bg.wasm -o $(PKG)/tilesearch_bg.wasm
	node_modules/.bin/wasm-opt -O3 --enable-threads --enable-bulk-memory --enable-mutable-globals \
	  $(PKG)/tilesearch_shared_bg.wasm -o $(PKG)/tilesearch_shared_bg.wasm
	node scripts/patch-pkg.mjs $(PKG)
	rm -rf www/vendor
	@for f in tilesearch_bg tilesearch_shared_bg; do \
	  echo "$$f.wasm: $$(wc -c < $(PKG)/$$f.wasm) bytes, $$(gzip -9c $(PKG)/$$f.wasm | wc -c) gzipped"; done
	node scripts/build-dist.mjs
	node scripts/build-widget.mjs

# scripts/serve.mjs sends the cross-origin isolation headers (COOP same-origin, COEP
# require-corp): the pool then shares the pattern databases' bytes in a SharedArrayBuffer.
serve: build
	node scripts/serve.mjs --port $(PORT)

# The guide: docs/*.md through Debian's pandoc and the project's own filter (from dist/, which
# the build writes) into dist/docs/, a folder that works offline and from file://
# (scripts/build-docs.mjs). A few seconds.
docs: $(BUILT) setup-pandoc
	node scripts/build-docs.mjs

## Python ------------------------------------------------------------------------------------

# The Python package (python/): the crate built with its `python` feature by maturin, one abi3
# wheel for CPython 3.9 and later, in a target directory of its own (cargo locks one while it
# builds), carrying the notebook widget's front end that `make build` writes. The tools
# (maturin, pytest, mypy) and the notebook's (anywidget, JupyterLab, Notebook 7, a kernel,
# nbclient) live in .venv, installed once per change of a requirements file.
VENV := .venv
VPY := $(VENV)/bin/python
PY_TARGET := target/python
WHEELS := $(PY_TARGET)/wheels

setup-python: $(VENV)/.installed

$(VENV)/.installed: python/requirements-dev.txt python/requirements-widget.txt
	test -x $(VPY) || python3 -m venv $(VENV)
	$(VPY) -m pip install --quiet --disable-pip-version-check -r python/requirements-dev.txt -r python/requirements-widget.txt
	@touch $@

python: setup-python $(BUILT)
	rm -f $(WHEELS)/tilesearch-*.whl
	cd python && CARGO_TARGET_DIR=$(CURDIR)/$(PY_TARGET) $(CURDIR)/$(VENV)/bin/maturin build \
	  --release --quiet --out $(CURDIR)/$(WHEELS)
	@ls -l $(WHEELS)/tilesearch-*.whl

# The wheel installed into .venv, for the pytest, notebook, JupyterLab and Notebook 7 tests.
python-install: python
	$(VPY) -m pip install --quiet --disable-pip-version-check --force-reinstall --no-deps $(WHEELS)/tilesearch-*.whl

# The tests compare with the CLI that the e2e tests use.
test-python: python-install native-cli
	TILESEARCH_CLI=$(CLI) $(VPY) -m pytest -q tests/python

## Tests --------------------------------------------------------------------------------------

# The native tests and the native clippy check build with the test-release profile (Cargo.toml)
# in a target directory of their own: cargo locks a target directory while it builds and while
# its tests run, and this one lets them go on beside the wasm builds and the browser tests.
TEST_PROFILE := test-release
NATIVE := CARGO_TARGET_DIR=target/native
CLI := target/native/$(TEST_PROFILE)/tilesearch

# Two recipes at once (the machine class has two cores), in two phases after the set-up (so that
# the wasm build, the longest, starts first). First what every lane needs: the wasm package, the
# CLI, clippy and .venv. Then the tests, in this order of priority
# (each slot takes the next when it is free): the e2e files in four parts, the longest work,
# between the Rust tests, the lint, the wasm tests, the Node tests and the Python tests. (In one
# phase make started the e2e tests late: a slot freed while the build's own prerequisites were
# finishing went to whatever was ready then.) Each recipe's output is printed whole when it ends.
test:
	$(MAKE) --no-print-directory setup-wasm setup-node setup-apt
	$(MAKE) --no-print-directory -j2 --output-sync=target test-ready
	$(MAKE) --no-print-directory -j2 --output-sync=target TEST_READY=1 test-all

test-ready: build docs native-cli lint-native setup-apt setup-python

test-all: test-e2e-1 test-rust test-e2e-2 lint-web test-wasm test-e2e-3 test-js test-python test-e2e-4 test-jupyter

lint: lint-native lint-web

# With the `python` feature: its bindings (src/python/) are linted too.
lint-native:
	$(NATIVE) cargo clippy --all-targets --features python --profile $(TEST_PROFILE) -- -D warnings

lint-web: setup-wasm $(BUILT)
	cargo fmt --check
	cargo clippy --target $(WASM_TARGET) --lib --test wasm --release -- -D warnings
	node_modules/.bin/eslint .
	node_modules/.bin/tsc -p tsconfig.json

# Release-grade optimisation: the sweeps solve thousands of 8-puzzles with each heuristic (all
# 181,440 states in `make test-long`).
test-rust: native-cli $(LINTED)
	$(NATIVE) cargo test --profile $(TEST_PROFILE)

# The CLI for the e2e tests (their trace download is compared with `tilesearch trace`), built
# first, beside the wasm build, so that the e2e tests start early; the Rust tests hold the native
# target directory until they end.
native-cli:
	$(NATIVE) cargo build --profile $(TEST_PROFILE) --bin tilesearch

test-wasm: test-wasm-node test-wasm-browser

test-wasm-node: setup-wasm
	CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
	  cargo test --target $(WASM_TARGET) --test wasm

# The runner gives the whole suite 20 s by default (WASM_BINDGEN_TEST_TIMEOUT), which a busy
# machine exceeds: 600 s only stops a run that hangs.
test-wasm-browser: setup-wasm setup-chromium test-wasm-node
	WASM_BINDGEN_TEST_TIMEOUT=600 WASM_BINDGEN_USE_BROWSER=1 CHROMEDRIVER=/usr/bin/chromedriver \
	  CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
	  cargo test --target $(WASM_TARGET) --test wasm

# The Node tests compare checkTrace's verdicts with the CLI's, and run the command examples of the
# README and the guide against it (doc-examples.test.mjs).
test-js: $(BUILT) native-cli
	TILESEARCH_CLI=$(CLI) WASM_BINDGEN_VERSION=$(WASM_BINDGEN_VERSION) node --test tests/js/

# The Node soak of the wasm API for SOAK_SECONDS (default 20 minutes); `make test-js` runs a
# short fixed-seed version. SOAK_SEED picks the sequences, SOAK_REPORT=file keeps the figures.
SOAK_SECONDS ?= 1200
soak: build
	SOAK_SECONDS=$(SOAK_SECONDS) node --test --test-timeout=0 tests/js/soak.test.mjs

# End-to-end: Playwright (playwright-core) drives Debian's Chromium through the real page. In
# four parts of a few minutes each, so that `make test` shares them between its two slots; the
# fourth, the lightest, takes every file the others do not name (a new file is never left out),
# the guide's pages (docs.test.mjs, about 15 s) among them.
E2E_FILES := $(filter-out tests/e2e/jupyter.test.mjs,$(wildcard tests/e2e/*.test.mjs))
E2E_1 := $(addprefix tests/e2e/,a11y.test.mjs agreement.test.mjs algorithms.test.mjs bench.test.mjs check.test.mjs)
E2E_2 := $(addprefix tests/e2e/,embed.test.mjs explorer.test.mjs host.test.mjs iframe.test.mjs input.test.mjs)
E2E_3 := $(addprefix tests/e2e/,layout.test.mjs moment.test.mjs npm.test.mjs pandoc.test.mjs parallel.test.mjs pdb.test.mjs)
E2E_4 := $(filter-out $(E2E_1) $(E2E_2) $(E2E_3),$(E2E_FILES))

test-e2e: test-e2e-1 test-e2e-2 test-e2e-3 test-e2e-4

test-e2e-1 test-e2e-2 test-e2e-3 test-e2e-4: test-e2e-%: $(BUILT) $(DOCS) setup-chromium setup-pandoc native-cli
	TILESEARCH_CLI=$(CLI) node --test --test-concurrency=1 $(E2E_$*)

# What `make test` samples or shortens, at full length (CI runs it after `make test`): the
# IDA* sweeps with every heuristic and the BFS and A* sweep over all 181,440 8-puzzle states,
# the CLI fault test's thousands of random inputs, and the e2e tests' longer variants (the
# 15-puzzle agreement, the DFS and greedy choosers, Solve now at 390×844: `variant` in
# tests/e2e/server.mjs).
test-long: build setup-chromium native-cli
	TILESEARCH_LONG=1 $(NATIVE) cargo test --profile $(TEST_PROFILE) --test oracle --test frontier
	$(MAKE) --no-print-directory test-cli-faults-long
	TILESEARCH_LONG=1 node --test --test-concurrency=1 --test-name-pattern='removing a widget' tests/e2e/host.test.mjs
	TILESEARCH_LONG=1 TILESEARCH_CLI=$(CLI) node --test --test-concurrency=1 --test-name-pattern='agree at|the chooser|Solve now at' \
	  tests/e2e/agreement.test.mjs tests/e2e/algorithms.test.mjs tests/e2e/parallel.test.mjs
	TILESEARCH_CLI=$(CLI) DIFFERENTIAL_CASES=2000 node --test tests/js/check-differential.test.mjs

## Benchmarks ---------------------------------------------------------------------------------

# The pdb line runs the parallel search on 1 to BENCH_THREADS threads (default: every core).
BENCH_THREADS ?= $(shell seq -s, 1 $$(nproc))

bench:
	cargo bench --bench nodes_per_second -- --all --heuristic manhattan
	cargo bench --bench nodes_per_second -- --all --heuristic linear-conflict
	cargo bench --bench nodes_per_second -- --all --heuristic pdb --threads $(BENCH_THREADS)

bench-wasm: build setup-chromium
	node benches/two-threads.mjs
	node benches/wasm-bench.mjs --heuristic manhattan
	node benches/wasm-bench.mjs --heuristic pdb --instances all
	node benches/wasm-boards.mjs
	node benches/page-frames.mjs

## Fuzzing ------------------------------------------------------------------------------------

# The properties of tests/fuzz.rs, each repeated with fresh random seeds for FUZZ_SECONDS
# seconds (one after the other: seven properties, 70 minutes by default); `make test` runs a
# few hundred cases of each. A failure is shrunk, printed and saved in
# tests/fuzz.proptest-regressions, which the next run replays first.
FUZZ_SECONDS ?= 600

.PHONY: fuzz
fuzz:
	FUZZ_SECONDS=$(FUZZ_SECONDS) cargo test --release --test fuzz -- --nocapture --test-threads=1

# The CLI fault test at length: thousands of random inputs on `solve -`, every frontier search
# under a memory limit (`make test-rust` runs the short version).
test-cli-faults-long:
	TILESEARCH_LONG_FAULTS=1 PROPTEST_CASES=$${PROPTEST_CASES:-3000} $(NATIVE) cargo test --profile $(TEST_PROFILE) --test cli_faults

# Rewrites the golden traces (tests/golden/*.jsonl) from the CLI and www/record-layout.js from
# the core after a deliberate change to the event contract, the record layout or the search
# order; review the diff before committing it.
.PHONY: golden
golden:
	UPDATE_GOLDEN=1 cargo test --release --test golden --test layout

## The Jupyter widget -------------------------------------------------------------------------

# tilesearch.Explorer (python/tilesearch/explorer.py) end to end in JupyterLab and Notebook 7,
# from the wheel installed in .venv (TILESEARCH_PYTHONPATH empty: not the source folder).
test-jupyter: python-install setup-chromium
	TILESEARCH_PYTHON=$(VPY) TILESEARCH_PYTHONPATH= node --test --test-concurrency=1 tests/e2e/jupyter.test.mjs
