#!/usr/bin/env bash
# Instructions per cached rect query: Tessera against the bare evhttp reference server
# (Benchmarks/bare-evhttp), both under `valgrind --tool=callgrind`, one event loop each,
# one keep-alive client sending the same GET again and again. Each server runs twice, with
# FEW and MANY requests; (total(MANY) − total(FEW)) / (MANY − FEW) is the cost of one
# request with startup, session creation and shutdown cancelled out. Instruction counts do
# not depend on how busy the machine is, so this figure is comparable from run to run.
#
#   Benchmarks/callgrind-per-request.sh        (builds release first; ~1 min)
#
# Environment: FEW (default 1000), MANY (4000), SCRATCH (.build-bench), SKIP_BUILD=1,
# KEEP=DIR (keep the callgrind profiles there for callgrind_annotate), TESSERA_ARGS (extra
# `tessera serve` options, e.g. "--log-level warning" to leave out the access log). The
# client sends no Accept-Encoding, as wrk does: the reply is the cached identity-encoded one.
# Target (issue 21): Tessera ≤ 1.0 × the bare server (issue 12 asked ≤ 1.3×).
set -euo pipefail

FEW=${FEW:-1000}
MANY=${MANY:-4000}
# shellcheck source=Benchmarks/callgrind-setup.sh
. "$(dirname "$0")/callgrind-setup.sh" tessera
"$ROOT/Benchmarks/bare-evhttp/build.sh" "$SCRATCH" >&2
BARE="$SCRATCH/bare-evhttp"
CLIENT="$SCRATCH/keepalive-client"

WORK=$(mktemp -d)
TESSERA=$(callgrind_copy "$SCRATCH/release/tessera" "$WORK")
SERVER_PID=""
cleanup() {
    [ -n "$SERVER_PID" ] && kill "$SERVER_PID" 2>/dev/null && wait "$SERVER_PID" 2>/dev/null
    if [ -n "${KEEP:-}" ]; then mkdir -p "$KEEP" && cp "$WORK"/callgrind.* "$KEEP"/ 2>/dev/null; fi
    rm -rf "$WORK"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# Waits for "listening on" in $1 and prints the port.
port_of() {
    for _ in $(seq 600); do
        grep -q "listening on" "$1" 2>/dev/null && break
        sleep 0.1
    done
    sed -n 's/.*listening on \(http:\/\/127\.0\.0\.1:\)\{0,1\}\([0-9]*\).*/\2/p' "$1" | head -1
}

# 50 × 50 items 10 apart in a 390 × 844 view: 6 per row, 15 rows, 90 elements, ~10 KB.
BODY='{"layout":{"type":"flow","itemSize":[50,50],"minimumLineSpacing":10,"minimumInteritemSpacing":10},"dataSource":{"sections":[{"itemCount":100000}]},"view":{"bounds":[390,844]}}'
RECT="rect=0,0,390,844"

# total NAME COUNT: runs the server NAME under callgrind, sends COUNT requests, prints the total.
total() {
    local name=$1 count=$2 out="$WORK/$1-$2.out" profile="$WORK/callgrind.$1.$2" port path
    if [ "$name" = tessera ]; then
        # shellcheck disable=SC2086 # TESSERA_ARGS is a list of options
        valgrind --tool=callgrind --callgrind-out-file="$profile" "$TESSERA" serve --host 127.0.0.1 --port 0 --loops 1 \
            ${TESSERA_ARGS:-} >"$out" 2>&1 &
    else
        valgrind --tool=callgrind --callgrind-out-file="$profile" "$BARE" 0 "$WORK/reply.json" 1 >"$out" 2>&1 &
    fi
    SERVER_PID=$!
    port=$(port_of "$out")
    [ -n "$port" ] || { echo "$name did not start:" >&2; cat "$out" >&2; exit 1; }
    if [ "$name" = tessera ]; then
        local id
        id=$(curl -sf -X POST "http://127.0.0.1:$port/v1/sessions" -H 'Content-Type: application/json' -d "$BODY" \
             | sed -n 's/.*"id":"\([^"]*\)".*/\1/p')
        [ -n "$id" ] || { echo "could not create a session" >&2; exit 1; }
        path="/v1/sessions/$id/elements?$RECT"
        curl -sf -o "$WORK/reply.json" "http://127.0.0.1:$port$path"
    else
        path="/v1/sessions/bare/elements?$RECT"
    fi
    "$CLIENT" "$port" "$path" "$count"
    kill -TERM "$SERVER_PID"
    wait "$SERVER_PID" || true
    SERVER_PID=""
    sed -n 's/^summary: *//p;s/^totals: *//p' "$profile" | head -1 | awk '{ print $1 }'
}

t1=$(total tessera "$FEW"); t2=$(total tessera "$MANY")
b1=$(total bare "$FEW"); b2=$(total bare "$MANY")
SIZE=$(wc -c <"$WORK/reply.json")
awk -v t1="$t1" -v t2="$t2" -v b1="$b1" -v b2="$b2" -v few="$FEW" -v many="$MANY" -v size="$SIZE" 'BEGIN {
    t = (t2 - t1) / (many - few); b = (b2 - b1) / (many - few)
    printf "cached rect query, %d-byte reply, keep-alive, one loop; requests %d and %d\n", size, few, many
    printf "%-22s %14s %14s %16s\n", "server", "total(" few ")", "total(" many ")", "instr/request"
    printf "%-22s %14d %14d %16.0f\n", "tessera", t1, t2, t
    printf "%-22s %14d %14d %16.0f\n", "bare evhttp (C)", b1, b2, b
    printf "ratio tessera / bare: %.2f (target <= 1.00: %s)\n", t / b, (t / b <= 1.0) ? "met" : "MISSED"
}'
