#!/usr/bin/env bash
# Contract test: runs schemathesis against a live tessera server and checks that what the
# server answers conforms to openapi.yaml (no 5xx, documented status codes, content types
# and response schemas).
#
#   scripts/contract-test.sh PATH/TO/tessera [extra schemathesis options...]
#
# Builds nothing: give it a built binary, e.g. `.build/debug/tessera` after
# `swift build --product tessera`. It starts the binary on a free loopback port, creates a
# few sessions for the operations that need one, runs a bounded schemathesis run
# (CONTRACT_TEST_MAX_EXAMPLES per operation, default 30; seed CONTRACT_TEST_SEED, default 1)
# and stops the server. Exits non-zero when schemathesis reports a failure. Uses the
# schemathesis on PATH, else the one in the Makefile's virtual environment (.venv, made by
# `make test-deps`). Set CONTRACT_TEST_REPORT_DIR to keep a JUnit report.
set -euo pipefail

if [ $# -lt 1 ] || [ ! -x "$1" ]; then
    echo "usage: $0 PATH/TO/tessera [schemathesis options...]" >&2
    exit 2
fi
binary=$1
shift
root=$(cd "$(dirname "$0")/.." && pwd)
contract="$root/openapi.yaml"

if ! command -v schemathesis >/dev/null 2>&1; then
    if [ -x "$root/.venv/bin/schemathesis" ]; then
        PATH="$root/.venv/bin:$PATH"
    else
        echo "schemathesis is missing: run 'make test-deps' (it installs it into .venv)" >&2
        exit 2
    fi
fi

work=$(mktemp -d)
server_pid=""
cleanup() {
    if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
        kill "$server_pid" 2>/dev/null || true
        wait "$server_pid" 2>/dev/null || true
    fi
    rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# Port 0: the server picks a free port and prints it on its first line.
"$binary" serve --host 127.0.0.1 --port 0 >"$work/server.log" 2>&1 &
server_pid=$!
base=""
for _ in $(seq 1 100); do
    base=$(sed -n 's/^tessera listening on \(http:[^ ]*\).*$/\1/p' "$work/server.log" | head -n 1)
    if [ -n "$base" ] && curl -fsS "$base/healthz" >/dev/null 2>&1; then
        break
    fi
    if ! kill -0 "$server_pid" 2>/dev/null; then
        echo "the server exited:" >&2
        cat "$work/server.log" >&2
        exit 1
    fi
    base=""
    sleep 0.1
done
if [ -z "$base" ]; then
    echo "the server did not come up:" >&2
    cat "$work/server.log" >&2
    exit 1
fi
echo "server: $base (pid $server_pid)"

# Sessions for the operations on /v1/sessions/{id}/...: without them every generated id is a
# 404 and the handlers are never reached. Operations that change a session's state get their
# own, so one cannot starve another (a transition blocks updates, a delete removes it).
session() {
    curl -fsS "$base/v1/sessions" -H 'Content-Type: application/json' -d "$1" |
        python3 -c 'import json, sys; print(json.load(sys.stdin)["id"])'
}
flow='{"layout": {"type": "flow", "itemSize": [100, 100], "headerReferenceSize": [0, 44], "footerReferenceSize": [0, 20]},
       "dataSource": {"sections": [{"itemCount": 5}, {"items": [[120, 80], [60, 80]], "layout": {"sectionInset": 8}}]},
       "view": {"bounds": {"width": 390, "height": 844}, "scale": 3}}'
selfsizing='{"layout": {"type": "flow", "estimatedItemSize": [100, 50], "headerReferenceSize": [0, 44]},
             "dataSource": {"sections": [{"itemCount": 6}, {"itemCount": 3}]},
             "view": {"bounds": {"width": 390, "height": 844}}}'
circle='{"layout": {"type": "circle", "background": true}, "dataSource": {"sections": [{"itemCount": 4}]},
         "view": {"bounds": [390, 844]}}'
# Sections and items with identifiers, for the snapshot operations (contract_hooks.py fits
# snapshots to a flow layout whose items need no data).
identified='{"layout": {"type": "flow", "itemSize": [100, 100], "headerReferenceSize": [0, 44]},
             "dataSource": {"sections": [{"id": "inbox", "itemIds": ["m1", "m2", "m3", "m4"]},
                                         {"id": "archive", "itemIds": ["m5", "m6"]}]},
             "view": {"bounds": [390, 844]}}'
reads=$(session "$flow")

# Operations that change a session send `If-Match: *` (no condition): a generated version
# would almost always be stale and stop at the 412 before the handler. DELETE keeps
# generated values, so its 400 and 412 answers are still checked (the Swift tests check
# the other operations' 412s).
config="$work/schemathesis.toml"
cat >"$config" <<EOF
# 501 for TRACE and unknown methods is the HTTP layer's documented answer (NotImplemented);
# the other unexpected methods must still be a 405.
[phases.coverage]
unexpected-methods = ["get", "put", "post", "delete", "patch", "options"]

# Any warning fails the run: above all "mostly rejected generated data", which means an
# operation was barely exercised with input the server takes.
[warnings]
fail-on = true

[parameters]
id = "$reads"
EOF
bind() { # operation-id session-id [If-Match]
    printf '\n[[operations]]\ninclude-operation-id = "%s"\nparameters = { id = "%s"%s }\n' \
        "$1" "$2" "${3:+, \"header.If-Match\" = \"$3\"}" >>"$config"
}
# (Assignments, so that `set -e` stops the script when a session cannot be created.)
id=$(session "$circle"); bind getDecorationView "$id"
id=$(session "$flow"); bind deleteSession "$id"
id=$(session "$flow"); bind applyUpdates "$id" '*'
id=$(session "$flow"); bind switchLayout "$id" '*'
id=$(session "$flow"); bind interactiveMovement "$id" '*'
id=$(session "$selfsizing"); bind preferredSizes "$id" '*'
id=$(session "$flow"); bind updateView "$id" '*'
id=$(session "$identified"); bind getSnapshot "$id"
id=$(session "$identified"); bind applySnapshot "$id" '*'
id=$(session "$identified"); bind applySnapshotOperations "$id" '*'
# The transition operations share a session.
id=$(session "$flow")
for op in beginTransition finishTransition cancelTransition; do
    bind "$op" "$id" '*'
done
# GET .../elements and .../render.svg take `progress` only during an interactive transition:
# their session stays in one (nothing else changes it), so both the plain and the
# interpolated query are served.
id=$(session "$flow")
curl -fsS "$base/v1/sessions/$id/transition" -H 'Content-Type: application/json' \
    -d '{"layout": {"type": "flow", "itemSize": [180, 100], "headerReferenceSize": [0, 44]}}' >/dev/null
bind listElements "$id"
bind renderSession "$id"

report=()
if [ -n "${CONTRACT_TEST_REPORT_DIR:-}" ]; then
    mkdir -p "$CONTRACT_TEST_REPORT_DIR"
    report=(--report junit --report-dir "$(cd "$CONTRACT_TEST_REPORT_DIR" && pwd)")
fi

# Run from the temporary directory: schemathesis and hypothesis keep their caches
# (.schemathesis/, .hypothesis/) in the working directory, and the repository stays clean.
start=$(date +%s)
status=0
cd "$work"
# contract_hooks.py makes generated collection views follow the rules that tie one part of
# a body to another (see the file), so that every operation is exercised with valid input.
export PYTHONPATH="$root/scripts${PYTHONPATH:+:$PYTHONPATH}" SCHEMATHESIS_HOOKS=contract_hooks
schemathesis --config-file "$config" run "$contract" \
    --url "$base" \
    --checks not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance \
    --max-examples "${CONTRACT_TEST_MAX_EXAMPLES:-30}" \
    --seed "${CONTRACT_TEST_SEED:-1}" \
    --request-timeout 30 \
    --no-color \
    "${report[@]}" "$@" || status=$?
echo "schemathesis finished in $(( $(date +%s) - start )) s with exit code $status"

if ! kill -0 "$server_pid" 2>/dev/null; then
    echo "the server died during the run:" >&2
    tail -n 50 "$work/server.log" >&2
    status=1
fi
exit "$status"
