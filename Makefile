# Rattus in the browser. Two commands (see README.md):
#   make play   set up, build the site into dist/ and serve it at http://localhost:$(PORT)/
#   make test   set up, build, and run every check: lint and types (ruff, mypy), then the tests
#               (CPython, Pyodide under Node, Chromium e2e)
# Set-up steps leave stamp files, so repeated runs only redo what changed.

PORT ?= 8000
PYTHON ?= python3
VENV := .venv
VPY := $(VENV)/bin/python
WHEELS := .cache/wheels
CHROMIUM ?= /usr/bin/chromium
# root needs no sudo; elsewhere (e.g. GitHub's runners) use it when it is there.
SUDO := $(shell [ "$$(id -u)" = 0 ] || ! command -v sudo >/dev/null || echo sudo)

.PHONY: play build test test-engine test-pyodide test-e2e setup lint bench clean distclean

play: build
	@echo "Rattus: open http://localhost:$(PORT)/"
	$(PYTHON) tools/serve.py --port $(PORT)

# The icons are drawn by Chromium through Playwright (tools/icons.py): the build needs the venv.
build: node_modules/.stamp $(VENV)/.stamp .cache/browser.stamp
	$(VPY) tools/build.py

# tools/stages.py: set-up and build first (the rest needs them); then the lint and the two unit
# suites side by side, then the e2e. Every stage runs even when an earlier one fails; the result
# fails if any did; each stage's time is printed at the end.
test:
	@$(PYTHON) tools/stages.py setup build : lint+test-engine+test-pyodide test-e2e

# pytest exits 5 when it collects no test: not a failure while the suite is being written.
test-engine: $(VENV)/.stamp
	@if [ -d tests ]; then $(VPY) -m pytest tests || [ $$? -eq 5 ]; \
	else echo "test-engine: no tests/ directory yet"; fi

test-pyodide: node_modules/.stamp $(WHEELS)/.stamp
	@if [ -d tests ]; then node tools/pyodide_tests.mjs tests || [ $$? -eq 5 ]; \
	else echo "test-pyodide: no tests/ directory yet"; fi

# The e2e tests run on every core (pytest-xdist: each worker has its own Chromium, static server
# and relay, on ports the OS gives), one worker more than the cores (a test waits on the game's
# pace and the network part of its time: measured on 2 cores, 3 workers took 14:39 for what 2
# took 15:08 with five tests fewer), a worker that is done taking tests from another (handing
# them out longest first, --dist load, took 16:21: the longest then all ran at once). A
# renderer crash ("Page crashed", "Target crashed") is the shared machine's, not the game's:
# that test gets one more try; any other failure fails at once. The ten slowest are listed.
E2E_WORKERS ?= $(shell echo $$(( $$(nproc) + 1 )))
test-e2e: setup build
	$(VPY) -m pytest e2e -n $(E2E_WORKERS) --dist worksteal --durations=10 \
	  --reruns 1 --only-rerun '(Page|Target) crashed'

setup: $(VENV)/.stamp node_modules/.stamp $(WHEELS)/.stamp .cache/browser.stamp

# ruff for style and mistakes, mypy for the type hints (its settings: pyproject.toml), and the
# GitHub workflows against GitHub's schema (vendored in check-jsonschema: offline).
lint: $(VENV)/.stamp
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy
	$(VENV)/bin/check-jsonschema --builtin-schema vendor.github-workflows .github/workflows/*.yml

bench: setup build
	$(VPY) tools/bench_load.py

clean:
	rm -rf dist e2e/artifacts test-results

distclean: clean
	rm -rf $(VENV) node_modules .cache *.egg-info

$(VENV)/.stamp: pyproject.toml
	$(PYTHON) -m venv $(VENV) || { command -v apt-get >/dev/null && \
	  $(SUDO) apt-get update && $(SUDO) apt-get install -y python3-venv && \
	  rm -rf $(VENV) && $(PYTHON) -m venv $(VENV); }
	$(VPY) -m pip install --quiet --upgrade pip
	$(VPY) -m pip install --quiet -e '.[dev]'
	touch $@

node_modules/.stamp: package.json package-lock.json
	@command -v npm >/dev/null || { command -v apt-get >/dev/null && \
	  $(SUDO) apt-get update && $(SUDO) apt-get install -y nodejs npm; }
	npm ci --ignore-scripts --no-audit --no-fund
	touch $@

# Pure-Python wheels for running the tests inside Pyodide (its npm package ships none).
$(WHEELS)/.stamp: tools/pyodide-test-requirements.txt $(VENV)/.stamp
	rm -rf $(WHEELS) && mkdir -p $(WHEELS)
	$(VPY) -m pip download --quiet --no-deps --only-binary=:all: --python-version 3.14 \
	  --implementation py --abi none --platform any -d $(WHEELS) \
	  -r tools/pyodide-test-requirements.txt
	touch $@

# Chromium for the e2e tests: the system one (/usr/bin/chromium) where it is; else Debian's
# package; else (Ubuntu, macOS) Playwright's own build.
.cache/browser.stamp: $(VENV)/.stamp
	@mkdir -p .cache
	@if [ -x $(CHROMIUM) ]; then echo "browser: $(CHROMIUM)"; \
	elif command -v apt-get >/dev/null && ! grep -qi ubuntu /etc/os-release 2>/dev/null; then \
	  $(SUDO) apt-get update && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y chromium; \
	elif [ "$$(uname)" = Linux ]; then $(VENV)/bin/playwright install --with-deps chromium; \
	else $(VENV)/bin/playwright install chromium; fi
	touch $@
