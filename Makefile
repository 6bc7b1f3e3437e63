# Two commands for people: `make serve` and `make test`. Everything else is set-up they call.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
CHROMIUM ?= /usr/bin/chromium
FIREFOX ?= /usr/bin/firefox-esr

.PHONY: serve test build setup test-python test-pyodide test-e2e bench bench-engine chromium firefox java coturn clean pyodide-wheels

serve: setup
	$(PY) build.py serve

build: setup
	$(PY) build.py

# pytest runs on two workers, a test file each at a time (--dist loadfile keeps a file's
# shared pages and module fixtures on one worker): most of an end-to-end test is waiting on a
# browser, so two at once nearly halve the time. Tests marked `serial` (timing they assert, such
# as Lighthouse's performance score) then run alone.
# The whole engine suite runs inside Pyodide on what the site ships (the trimmed library and the
# compiled engine in site/). That run covers everything the run on the sources with Pyodide's
# full standard library would: the same tests on the same Python 3.14, the compiled engine
# differing from its sources only by the asserts and docstrings it leaves out (the asserts run
# on CPython above). So the sources get a smoke only, which keeps the runner's sources mode
# working; `make test-pyodide` runs the whole suite both ways.
PYODIDE_SMOKE := tests/engine/test_playthroughs.py tests/engine/test_record.py
test: setup chromium firefox java coturn pyodide-wheels
	$(PY) -m mypy
	node_modules/.bin/tsc -p tsconfig.json && node_modules/.bin/tsc -p tsconfig.worker.json
	$(PY) build.py --strict
	$(PY) -m pytest -n 2 --dist loadfile -m "not serial"
	$(PY) -m pytest -m serial
	node tests/pyodide/run_tests.mjs $(PYODIDE_SMOKE)
	node tests/pyodide/run_tests.mjs --shipped site

bench: setup chromium coturn
	$(PY) bench/run.py

setup: $(VENV)/.installed node_modules/.installed

$(VENV)/.installed: requirements.txt pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.txt
	touch $@

# The engine tests also run inside Pyodide in Node (tests/pyodide/run_tests.mjs); pytest and
# Hypothesis come as wheels for Pyodide's Python 3.14 (pinned in tests/pyodide/requirements.txt),
# downloaded once into .cache/pyodide-wheels (again only when that file changes).
PYODIDE_WHEELS := .cache/pyodide-wheels
pyodide-wheels: $(PYODIDE_WHEELS)/.downloaded

$(PYODIDE_WHEELS)/.downloaded: tests/pyodide/requirements.txt | $(VENV)/.installed
	rm -rf $(PYODIDE_WHEELS) && mkdir -p $(PYODIDE_WHEELS)
	$(PY) -m pip download --quiet --disable-pip-version-check --no-deps --only-binary=:all: \
	  --python-version 3.14 --implementation cp --abi cp314 --abi none \
	  --platform pyemscripten_2026_0_wasm32 --platform any \
	  -d $(PYODIDE_WHEELS) -r tests/pyodide/requirements.txt
	touch $@

test-pyodide: setup pyodide-wheels
	node tests/pyodide/run_tests.mjs
	$(PY) build.py
	node tests/pyodide/run_tests.mjs --shipped site

# Random games per second through the playout path, CPython and Pyodide side by side.
bench-engine: setup
	$(PY) bench/engine_speed.py --compare

node_modules/.installed: package.json package-lock.json
	npm ci --ignore-scripts --no-audit --no-fund --loglevel=error
	touch $@

# Debian packages the tests need, installed from Debian when run as root (Playwright and
# puppeteer cannot download browsers here): $(call debian,CHECK,PACKAGE,WHAT IT IS FOR).
define debian
@if ! $(1) >/dev/null 2>&1; then \
  if [ "$$(id -u)" = 0 ]; then \
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(2); \
  else \
    echo "$(3) is missing: run 'sudo apt-get install $(2)'"; exit 1; \
  fi; \
fi
endef

chromium:  # the browser tests (set CHROMIUM=path for another build)
	$(call debian,test -x "$(CHROMIUM)",chromium,Chromium for the browser tests)

firefox:   # the Firefox smoke (tests/e2e/test_firefox.py)
	$(call debian,test -x "$(FIREFOX)",firefox-esr,Firefox ESR for the Firefox smoke)

coturn:    # the TURN relay of the friends' simulated internet (tests/e2e/test_friends_networks.py)
	$(call debian,command -v turnserver,coturn,coturn for the friends' network tests)
	$(call debian,command -v iptables,iptables,iptables for the friends' simulated NATs)

java:      # the Nu HTML checker (tests/e2e/test_reading.py)
	$(call debian,command -v java,default-jre-headless,Java for the Nu HTML checker)

clean:
	rm -rf site .site-* dist build *.egg-info .pytest_cache
