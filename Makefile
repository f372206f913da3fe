# Nile — every set-up step a fresh machine needs is here; see README.md.
#   make play   install what is needed, build dist/, serve it on http://127.0.0.1:$(PORT)
#   make test   install what is needed, run every test (CPython, Pyodide, Chromium, then Firefox and WebKit)
PYTHON ?= python3
PORT ?= 8000
VENV := .venv
PY := $(VENV)/bin/python
WHEELS := .cache/wheels
NILE_PROPERTY_GAMES ?= 32
NILE_PYODIDE_PROPERTY_GAMES ?= 8
# tests run side by side in this many processes (pytest-xdist; Pyodide shards): CI has 2 cores
TEST_JOBS ?= 2
export NILE_PROPERTY_GAMES

.PHONY: play serve site catalogs check-po test lint test-engine test-pyodide test-browser test-engines fuzz bench corpus deps chromium engines clean

play: site
	$(PYTHON) tools/serve.py --port $(PORT) dist

serve:
	$(PYTHON) tools/serve.py --port $(PORT) dist

site: node_modules/.installed $(VENV)/.installed
	$(PY) tools/build_site.py

# the message catalogs: PO files (translators') compiled to the MO files the app reads
catalogs: $(VENV)/.installed
	$(PY) tools/i18n.py compile

# every language complete: no missing, untranslated, fuzzy or stale entry (also a test)
check-po: $(VENV)/.installed
	$(PY) tools/i18n.py check

test: lint test-engine test-pyodide test-browser test-engines

# ruff (pyflakes, import order, 3.11 syntax, bugbear, complexity at most 15), mypy over the package, and
# the layers of the house (import-linter contracts in pyproject.toml); the page's JavaScript (static/, the service
# worker's template, the Node tools): ESLint's recommended rules (eslint.config.js) and TypeScript's checker over its
# JSDoc types (tsc --noEmit, strict: the page's scripts, the workers', the tools' programs): all must stay clean
lint: $(VENV)/.installed node_modules/.installed
	$(VENV)/bin/ruff check nile tests tools
	$(VENV)/bin/mypy
	PYTHONPATH=. $(VENV)/bin/lint-imports --no-cache
	node_modules/.bin/eslint --max-warnings 0
	node_modules/.bin/tsc -p tsconfig.json
	node_modules/.bin/tsc -p tsconfig.workers.json
	node_modules/.bin/tsc -p tsconfig.tools.json

test-engine: catalogs
	$(PY) -m pytest -n $(TEST_JOBS) tests/engine tests/cape tests/web tests/bots tests/pebbles

test-pyodide: node_modules/.installed $(WHEELS)/.installed catalogs
	NILE_PROPERTY_GAMES=$(NILE_PYODIDE_PROPERTY_GAMES) node tools/pyodide_pytest.mjs --shards $(TEST_JOBS) $(WHEELS) tests/engine tests/cape tests/web tests/bots tests/pebbles

# Chromium's tests wait on the page (a bot's pace, motion, Pyodide's boot, a far device's link) more than they compute:
# at -n 2 the suite kept 1.2 of 2 cores busy (540 s for ~665 s of CPU, measured in a cpuacct cgroup), so it runs in 4
BROWSER_JOBS ?= 4
test-browser: site $(VENV)/.installed chromium
	$(PY) -m pytest -n $(BROWSER_JOBS) -rR tests/browser

# the cross-browser suite (tests/engines): what a family does, in Debian's Firefox ESR (WebDriver BiDi) and WebKitGTK
# (WebKitWebDriver, MiniBrowser on Xvfb); an engine missing fails it. ENGINE_JOBS=2: one process per engine, side by
# side (138 s here, against 146 s with 1, where the two browsers take turns; WebKit's half is most of it)
ENGINE_JOBS ?= 2
test-engines: site $(VENV)/.installed engines
	NILE_ENGINES_REQUIRED=1 $(PY) -m pytest -p no:playwright -n $(ENGINE_JOBS) --dist loadgroup tests/engines

bench: site $(VENV)/.installed chromium engines
	$(PY) tools/bench.py

fuzz: catalogs
	$(PY) -m nile simulate --game banks --players 2,3,4,5 --variants mix --games 10000 --seed 1
	$(PY) -m nile simulate --game cape --players 2,3,4 --games 3000 --seed 1

# the reading corpus: every sentence shown or said, once per key, in every language (build/corpus/<lang>.md);
# CORPUS_ARGS="--lang en --quick" for a part
corpus: catalogs
	$(PY) tools/corpus.py $(CORPUS_ARGS)

deps: $(VENV)/.installed node_modules/.installed $(WHEELS)/.installed chromium engines

$(VENV)/.installed: requirements-test.txt requirements-build.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-test.txt
	touch $@

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

$(WHEELS)/.installed: requirements-pyodide.txt
	mkdir -p $(WHEELS)
	$(PYTHON) -m pip download --quiet --disable-pip-version-check --only-binary=:all: --no-deps -d $(WHEELS) -r requirements-pyodide.txt
	touch $@

# Debian's Chromium for the browser tests (Playwright cannot download its own here).
# Skipped when CHROMIUM points to a browser or one is already installed.
chromium:
	@if [ -n "$$CHROMIUM" ] || command -v chromium >/dev/null 2>&1; then :; \
	elif [ "$$(id -u)" = 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	elif command -v sudo >/dev/null 2>&1; then sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	else echo "no Chromium: set CHROMIUM=/path/to/chrome or run 'python -m playwright install chromium'"; fi

# Debian's Firefox ESR, WebKitGTK's WebDriver and MiniBrowser, and a virtual display for the latter (tests/engines).
# Skipped when all three are there. NILE_ENGINES=playwright uses Playwright's own builds instead (a laptop).
ENGINE_PACKAGES := firefox-esr webkit2gtk-driver xvfb
engines:
	@if [ "$$NILE_ENGINES" = playwright ] || { command -v firefox-esr && command -v WebKitWebDriver && command -v Xvfb; } >/dev/null 2>&1; then :; \
	elif [ "$$(id -u)" = 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(ENGINE_PACKAGES) >/dev/null; \
	elif command -v sudo >/dev/null 2>&1; then sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(ENGINE_PACKAGES) >/dev/null; \
	else echo "no Firefox/WebKitGTK: apt-get install $(ENGINE_PACKAGES), or NILE_ENGINES=playwright"; fi

clean:
	rm -rf dist .cache $(VENV) node_modules
	find nile -name "*.mo" -delete
