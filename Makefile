# Everything works on a fresh machine: the first target to run makes .venv and installs the project.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp

.PHONY: install test test-slow demo bench coverage clean

$(STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e ".[dev]"
	@touch $(STAMP)

install: $(STAMP)

## The whole test suite, PostgreSQL store tests included (a throwaway cluster when the server is installed).
test: $(STAMP)
	tools/with_postgres.sh $(BIN)/python -m pytest -q

## The long property runs (`boardcore check` with many games per mode).
test-slow: $(STAMP)
	BOARDCORE_SLOW=1 tools/with_postgres.sh $(BIN)/python -m pytest -q

## Plays a bot game, shows it and audits it.
demo: $(STAMP)
	@tools/demo.sh $(BIN)/boardcore

## Performance ratios, the tests that assert a wall-clock limit (marked `bench`), the value model's check, then
## what-if against known answers in its quick mode (the full run:
## `python tools/whatif_bench.py`, 120 or so questions at 30 s each).
bench: $(STAMP)
	$(BIN)/python tools/bench.py
	BOARDCORE_BENCH=1 $(BIN)/python -m pytest -q -p no:cacheprovider -m bench
	$(BIN)/python tools/fit_value.py check
	$(BIN)/python tools/whatif_bench.py --quick

## Rule inventory coverage. The inventories live outside the repository (../shared/rules by default;
## `make coverage RULES=DIR` or BOARDCORE_RULES=DIR elsewhere); without them it says so and succeeds.
coverage: $(STAMP)
	$(BIN)/python tools/rules_coverage.py --missing-ok $(if $(RULES),--rules $(RULES))

clean:
	rm -rf $(VENV) demo .pytest_cache .hypothesis check-failures
