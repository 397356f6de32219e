# The TypeScript client (clients/typescript, docs/web.md): code generated from openapi.yaml by
# openapi-generator (typescript-fetch) and committed, a hand-written layer over it
# (src/client.ts), and a node --test suite against the debug server.
#   make ts-client          regenerate clients/typescript/generated after editing openapi.yaml
#   make ts-client-check    fail when the committed code is not what openapi.yaml generates
#   make test-typescript    the check, a strict type check of all of it, and the tests
# The toolchain is installed when missing: Debian's node-typescript (tsc), esbuild (for
# <tessera-view>'s bundle) and default-jre-headless (Java, which runs the generator), and PyPI's
# openapi-generator-cli (the generator's jar and its launcher, pinned: another version writes
# other code) in the Makefile's virtual environment. Node.js 18 or later runs the tests (fetch
# and node:test); Debian's nodejs is installed if there is none.

TS_DIR := clients/typescript
TS_PY_TOOLS := 'openapi-generator-cli==7.26.0'

.PHONY: ts-deps ts-client ts-client-check test-typescript

ts-deps: $(VENV)/.ts-installed
	@command -v node >/dev/null || { \
	  echo "installing nodejs"; \
	  $(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs; }
	@command -v tsc >/dev/null || { \
	  echo "installing node-typescript (tsc)"; \
	  $(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq node-typescript; }
	@command -v esbuild >/dev/null || { \
	  echo "installing esbuild"; \
	  $(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq esbuild; }
	@command -v java >/dev/null || { \
	  echo "installing default-jre-headless (openapi-generator runs on Java)"; \
	  $(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq default-jre-headless; }

# Rebuilt when this file (and so TS_PY_TOOLS) changes.
$(VENV)/.ts-installed: $(VENV)/.installed mk/typescript.mk
	$(VENV_BIN)/python -m pip install -q --disable-pip-version-check $(TS_PY_TOOLS)
	touch $@

ts-client: ts-deps
	$(VENV_BIN)/python scripts/generate-typescript-client.py

ts-client-check: ts-deps
	$(VENV_BIN)/python scripts/generate-typescript-client.py --check

# tsc compiles generated/, src/ (but src/view, which mk/tessera-view.mk checks, except the
# DOM-free files of it a test imports) and test/ with the strict tsconfig.json into dist/
# (git-ignored, emptied first so the tests run on fresh output); the tests start the debug
# server themselves (TESSERA_BIN), built here only when it is missing.
test-typescript: ts-deps ts-client-check
	rm -rf $(TS_DIR)/dist
	cd $(TS_DIR) && tsc -p .
	@bin="$$($(SWIFT) build --show-bin-path)/tessera"; [ -x "$$bin" ] || $(SWIFT) build --product tessera
	TESSERA_BIN="$$($(SWIFT) build --show-bin-path)/tessera" node --test $(TS_DIR)/dist/test/*.test.js
