# <tessera-view> (clients/typescript/src/view, docs/web.md): the custom element, written in
# strict TypeScript against the platform's APIs and the TypeScript client (src/client.ts),
# bundled by esbuild into one ES module that is committed (clients/typescript/bundle) and
# embedded in the binary (`GET /tessera-view.js`, used by the page at `/demo`).
#   make tessera-view              rebuild the bundle after editing src/view (or the client) and embed it
#   make tessera-view-check        fail when the committed bundle is not what the sources build
#   make tessera-view-typecheck    tsc --noEmit, strict, over the element and what it imports
#   make test-tessera-view         both checks, then the browser tests (Tests/Browser/tessera_view_test.py)
#   make bench-browser             the browser scrolling benchmark (Benchmarks/browser-scroll.py; figures, no thresholds)
# Debian's esbuild and node-typescript (tsc) are installed when missing (ts-deps); nothing comes from npm.

VIEW_DIR := clients/typescript
VIEW_ENTRY := src/view/tessera-view.ts
VIEW_BUNDLE := bundle/tessera-view.js
# Run from $(VIEW_DIR), so that the bundle's path comments do not depend on the checkout.
VIEW_ESBUILD := esbuild $(VIEW_ENTRY) --bundle --format=esm --target=es2020 --legal-comments=none --log-level=warning

.PHONY: tessera-view-deps tessera-view tessera-view-check tessera-view-typecheck test-tessera-view bench-browser

# esbuild and tsc: mk/typescript.mk installs them with the rest of the TypeScript toolchain.
tessera-view-deps: ts-deps

tessera-view: tessera-view-deps
	cd $(VIEW_DIR) && $(VIEW_ESBUILD) --outfile=$(VIEW_BUNDLE)
	python3 scripts/embed-playground.py

tessera-view-check: tessera-view-deps
	@tmp="$$(mktemp -d)"; trap 'rm -rf "$$tmp"' EXIT; \
	  (cd $(VIEW_DIR) && $(VIEW_ESBUILD) --outfile="$$tmp/tessera-view.js") && \
	  cmp -s "$$tmp/tessera-view.js" $(VIEW_DIR)/$(VIEW_BUNDLE) || { \
	    echo "$(VIEW_DIR)/$(VIEW_BUNDLE) is not what its sources build: run \`make tessera-view\`"; exit 1; }
	@echo "tessera-view-check: the committed bundle is current"

tessera-view-typecheck: tessera-view-deps
	cd $(VIEW_DIR) && tsc -p src/view/tsconfig.json

# Against the debug build, on loopback; about a minute here (the 1,000,000-item session is
# scrolled top to bottom in 32 stops).
test-tessera-view: tessera-view-check tessera-view-typecheck test-deps browser-deps
	$(SWIFT) build --product tessera
	$(VENV_BIN)/python Tests/Browser/tessera_view_test.py "$$($(SWIFT) build --show-bin-path)/tessera"

# Against the release build. Prints the figures; Benchmarks/results/ keeps the recorded runs.
bench-browser: deps test-deps browser-deps
	$(SWIFT) build $(RELEASE_FLAGS) --product tessera
	$(VENV_BIN)/python Benchmarks/browser-scroll.py "$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/tessera"
