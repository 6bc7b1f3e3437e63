# Two commands for people: `make serve` and `make test`. Everything else is set-up they call.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
CHROMIUM ?= /usr/bin/chromium

.PHONY: serve test build setup test-python test-pyodide test-e2e bench chromium clean

serve: setup
	$(PY) build.py serve

build: setup
	$(PY) build.py

test: setup chromium
	$(PY) build.py --strict
	$(PY) -m pytest
	node tests/pyodide/run_tests.mjs

bench: setup chromium
	$(PY) bench/run.py

setup: $(VENV)/.installed node_modules/.installed

$(VENV)/.installed: requirements.txt pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.txt
	touch $@

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

# Debian's Chromium for the browser tests (Playwright cannot download its own here).
chromium:
	@if [ ! -x "$(CHROMIUM)" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; \
	  else \
	    echo "Chromium is missing: run 'sudo apt-get install chromium' (or set CHROMIUM=path)"; exit 1; \
	  fi; \
	fi

clean:
	rm -rf site .site-* dist build *.egg-info .pytest_cache
