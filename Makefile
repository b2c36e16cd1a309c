# Card Table — the two commands of the README:
#   make play   builds the app and serves it on http://127.0.0.1:8000
#   make test   installs everything the tests need (Debian chromium, a venv, npm packages) and runs them all
#   make test-quick   the CPython tests but the slowest (no browser): the inner loop
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
PORT   ?= 8000

.PHONY: play build test test-quick deps chromium fonts venv bench bench-startup clean messages

play: build
	$(PY) tools/serve.py --port $(PORT)

# the build compiles the French catalog with Babel, which the venv holds (a fresh machine gets it here)
build: node_modules/.package-lock.json venv
	$(PY) tools/build.py

node_modules/.package-lock.json: package.json package-lock.json
	npm ci --no-audit --no-fund

# two worker processes, each running whole test files in order (files share pages between their tests)
PYTEST_ARGS ?= -n 2 --dist loadfile
test: deps build
	$(PY) -m pytest $(PYTEST_ARGS)

# the inner loop: the CPython tests but the slowest (the tests that open the built site in Chromium are
# marked "browser" by tests/conftest.py, the CPython tests of many seconds "slow"); builds dist/ first,
# which some of them read
test-quick: venv build
	$(PY) -m pytest $(PYTEST_ARGS) -m "not browser and not slow"

deps: chromium fonts venv

# Playwright cannot download its own browser here: the tests drive Debian's /usr/bin/chromium.
chromium:
	@if [ ! -x /usr/bin/chromium ]; then \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -q && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -q chromium; \
	fi

# Debian's Noto fonts (Devanagari, Gurmukhi and more), so that the browser tests' screenshots of the
# Hindi and Punjabi screens show real glyphs, as a phone (which ships Noto) does
fonts:
	@if ! fc-list 2>/dev/null | grep -qi "Noto Sans Devanagari"; then \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -q && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -q fonts-noto-core; \
	fi

venv: $(VENV)/.installed

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e ".[test]"
	touch $@

# the player's words: extract every message of the UI into the template, then update each language's .po
# (translate the new entries in py/cardtable/locale/<lang>/LC_MESSAGES/cardtable.po; tests/test_i18n.py
# fails on one left empty or fuzzy).  The build compiles the .po files into the app.
LOCALE := py/cardtable/locale
messages: venv
	$(PY) -m babel.messages.frontend extract -F babel.cfg --sort-by-file --width=100 --add-comments=TRANSLATORS: \
	  --project="Card Table" --copyright-holder="Card Table" --msgid-bugs-address="" \
	  -o $(LOCALE)/cardtable.pot .
	$(PY) -m babel.messages.frontend update -i $(LOCALE)/cardtable.pot -d $(LOCALE) -D cardtable \
	  --width=100 --no-fuzzy-matching --ignore-obsolete

bench: venv
	$(PY) bench/bench_dummy_spades.py
	$(PY) bench/bench_seep.py
	$(PY) bench/bench_bots.py

bench-startup: deps build
	$(PY) bench/bench_startup.py

clean:
	rm -rf dist
