# tilesearch: every set-up step is idempotent, so `make test` and `make serve` work on a fresh
# machine and cost nothing the second time.
SHELL := bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := help

PORT ?= 8000

.PHONY: help test lint test-rust bench

help:
	@echo "make test    every test (installs what it needs)"
	@echo "make bench   nodes per second on all of Korf's 100 instances (native)"

## Tests ---------------------------------------------------------------------------------------

test: lint test-rust

lint:
	cargo fmt --check
	cargo clippy --all-targets --release -- -D warnings

# Release mode: the 8-puzzle sweep solves 181,440 states with each heuristic.
test-rust:
	cargo test --release

## Benchmarks ----------------------------------------------------------------------------------

bench:
	cargo bench --bench nodes_per_second -- --all
