# puzzlec: the two set-up commands are `make demo` and `make test` (see README.md).
SEED_BOARD := 5 1 7 3 / 9 2 11 4 / 13 6 15 8 / _ 10 14 12
CARGO ?= cargo

.PHONY: demo test test-python bench-python bench-hex bench-puzzlescript bench-24 deps deps-build fmt lint build encodings bench bench-korf bench-limits bench-blocks interrupts install man completions figures fuzz-answers

build: deps-build
	$(CARGO) build --release

## Builds puzzlec and solves the seed instances: the 15-puzzle, the 5x5 cross slider, Hex38
## (embedded CaDiCaL; no external solver needed), and a Rush Hour card (exact search).
demo: build
	$(CARGO) run --release --quiet -- solve slide --board "$(SEED_BOARD)" --encoding compact
	$(CARGO) run --release --quiet -- solve cross --size 5x5
	$(CARGO) run --release --quiet -- solve hex --all --up-to-symmetry
	$(CARGO) run --release --quiet -- solve blocks --board GBBoLoGHIoLMGHIAAMCCCKoMooJKDDEEJFFo

## Puts the puzzlec binary on your PATH (~/.cargo/bin).
install: deps-build
	$(CARGO) install --path . --locked

## Installs what the tests need (Debian packages), then runs every test: the Rust ones, then
## the Python package's (built into a virtual environment).
test: deps
	$(CARGO) test --workspace --exclude puzzlec-python
	$(MAKE) --no-print-directory test-python

# Where cargo builds (CI keeps it outside the clone) and the Python test environment.
TARGET_DIR := $(or $(CARGO_TARGET_DIR),target)
PY_VENV ?= $(abspath $(TARGET_DIR))/python-venv

## The Python package: the README's install command (`pip install ./python`, here with the
## dev profile) into a virtual environment, then its pytest suite against the CLI that
## `cargo test` built (python/tests).
test-python:
	test -x $(PY_VENV)/bin/python || python3 -m venv $(PY_VENV)
	$(PY_VENV)/bin/pip install --quiet --disable-pip-version-check pytest
	$(CARGO) build --quiet --bin puzzlec
	$(PY_VENV)/bin/pip install --quiet --disable-pip-version-check --force-reinstall --no-deps \
	  --config-settings=build-args="--profile dev" ./python
	cd python/tests && PUZZLEC_CLI=$(abspath $(TARGET_DIR))/debug/puzzlec $(PY_VENV)/bin/python -m pytest -q -p no:cacheprovider .

## The Python package: import time, and a call on the seed board against the CLI's process
## (release wheel, in its own virtual environment).
bench-python: build
	test -x $(PY_VENV)-bench/bin/python || python3 -m venv $(PY_VENV)-bench
	$(PY_VENV)-bench/bin/pip install --quiet --disable-pip-version-check ./python
	$(PY_VENV)-bench/bin/python scripts/bench-python.py $(PY_VENV)-bench/bin/python $(TARGET_DIR)/release/puzzlec

## Magic hexagons of higher orders and other values: puzzlec (embedded CaDiCaL) against
## OR-Tools CP-SAT with one worker on the plain model, side by side (ARGS="--limit 300",
## "--only 4:3..39,5:6..66", "--no-cpsat").
bench-hex: build
	test -x $(PY_VENV)-bench/bin/python || python3 -m venv $(PY_VENV)-bench
	$(PY_VENV)-bench/bin/pip install --quiet --disable-pip-version-check ortools
	$(PY_VENV)-bench/bin/python scripts/bench-hex.py $(TARGET_DIR)/release/puzzlec $(ARGS)

## PuzzleScript's demo games (from the reference folder, PUZZLESCRIPT_REFERENCE or
## shared/puzzlescript above here): every level by puzzlec's breadth-first search and by the
## same search on the reference engine under node, side by side (ARGS="--limit 60",
## "--games microban,sokoban_basic").
bench-puzzlescript: build
	python3 scripts/bench-puzzlescript.py $(TARGET_DIR)/release/puzzlec $(ARGS)

## Timing goals (release build): cross slider, magic hexagon vs z3, sliding-tile table.
bench: deps
	$(CARGO) bench --bench bench

## Man pages (target/man/puzzlec.1 and one per subcommand): `man -l target/man/puzzlec.1`.
man: build
	target/release/puzzlec man --dir target/man

## Shell completion scripts for bash, zsh and fish, into target/completions.
completions: build
	for shell in bash zsh fish; do target/release/puzzlec completions $$shell --dir target/completions; done

## The README's figures: --svg drawings screenshotted by headless Chromium (docs/figures).
figures: build
	bash scripts/figures.sh target/release/puzzlec

## The 24-puzzle: Korf and Taylor's ten instances and uniformly random 5x5 boards, the exact
## search and SAT side by side, a limit per run (the 5x5 tables are built first, once):
## ARGS="--only all --limit 3600", ARGS="--only none --random 10 --seed 7 --limit 600 --no-sat".
bench-24: build
	python3 scripts/bench-24.py $(TARGET_DIR)/release/puzzlec $(ARGS)

## Korf's 100 through the SAT path (separate from bench): ARGS="--range 1..10 --limit 60";
## ARGS="--search" the exact search, "--fresh 20" uniformly random boards, "--short 20"
## boards of optimum 24-34 through --solver cadical (see benches/korf.rs).
bench-korf: deps-build
	$(CARGO) bench --bench korf -- $(ARGS)

## Sliding blocks: exact search on the classic and fresh boards, SAT and SMT proofs of
## optimality (Klotski through SAT is given 10 minutes; ARGS=--quick leaves it out).
bench-blocks: build
	python3 scripts/bench-blocks.py target/release/puzzlec $(ARGS)

## Time limits kept: wall time minus --timeout and peak memory on the cases that overshot.
bench-limits: build
	python3 scripts/bench-limits.py target/release/puzzlec

## Every reader of solver answers fed hostile outputs (deep nesting, huge tokens, binary,
## cut short, endless streams) under a 4 GiB memory cap: each run must end in exit 3 with
## one JSON object (ARGS="--cap-gib 2").
fuzz-answers: deps build
	python3 scripts/fuzz-answers.py target/release/puzzlec $(ARGS)

## Ctrl-C against the real binary: exit 130, no process or temporary file left (3 rounds).
interrupts: deps build
	bash scripts/interrupts.sh target/release/puzzlec 3

## Regenerates encodings/ (the canonical encodings of the seed instances).
encodings:
	PUZZLEC_WRITE_ENCODINGS=1 $(CARGO) test --test integration canonical_encodings_are_fresh

deps:
	bash scripts/install-deps.sh

deps-build:
	bash scripts/install-deps.sh build

fmt:
	$(CARGO) fmt --all

lint:
	$(CARGO) fmt --all -- --check
	$(CARGO) clippy --workspace --all-targets -- -D warnings
