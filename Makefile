# Card Table — the two commands of the README:
#   make play   builds the app and serves it on http://127.0.0.1:8000
#   make test   installs everything the tests need (Debian chromium, a venv, npm packages) and runs them all
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
PORT   ?= 8000

.PHONY: play build test deps chromium venv bench bench-startup clean

play: build
	$(PYTHON) tools/serve.py --port $(PORT)

build: node_modules/.package-lock.json
	$(PYTHON) tools/build.py

node_modules/.package-lock.json: package.json package-lock.json
	npm ci --no-audit --no-fund

test: deps build
	$(PY) -m pytest

deps: chromium venv

# Playwright cannot download its own browser here: the tests drive Debian's /usr/bin/chromium.
chromium:
	@if [ ! -x /usr/bin/chromium ]; then \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -q && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -q chromium; \
	fi

venv: $(VENV)/.installed

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e ".[test]"
	touch $@

bench: venv
	$(PY) bench/bench_dummy_spades.py
	$(PY) bench/bench_seep.py
	$(PY) bench/bench_bots.py

bench-startup: deps build
	$(PY) bench/bench_startup.py

clean:
	rm -rf dist
