#!/usr/bin/env bash
# Instructions per random visible rect (issue 32): tessera under `valgrind --tool=callgrind`,
# one event loop, default options and --reply-cache-bytes 0, one keep-alive client asking for
# a 390 × 844 rect at a new offset of a 1,000,000-item session each time
# (Benchmarks/bare-evhttp/keepalive-client.c with SPAN: the same offsets every run). Each
# server runs twice, with FEW and MANY requests; (total(MANY) − total(FEW)) / (MANY − FEW) is
# the cost of one rect with startup, session creation and shutdown cancelled out. Counts do
# not move with the machine's load, so they compare from run to run and across commits.
#
#   Benchmarks/callgrind-scrolling.sh          (builds release first; ~5 min)
#
# Environment: KINDS ("flow waterfall compositional"; also flow-rtl and compositional-rtl,
# the flow and compositional sessions in right-to-left, and hflow and hflow-rtl, a horizontal
# flow scrolled across, left to right and right to left; list and list-rows, an inset-grouped
# list of 1M rows and the same rows as a plain compositional section), FEW (200), MANY (1200), SCRATCH
# (.build-bench), SKIP_BUILD=1, BASELINE (another tessera binary, measured the same way),
# TESSERA_ARGS (extra `tessera serve` options for every run), KEEP=DIR (keep the profiles).
# Target (issue 32): ≤ 60,000 instructions per random flow rect with the default options.
set -euo pipefail

FEW=${FEW:-200}
MANY=${MANY:-1200}
KINDS=${KINDS:-flow waterfall compositional}
# shellcheck source=Benchmarks/callgrind-setup.sh
. "$(dirname "$0")/callgrind-setup.sh" tessera
"$ROOT/Benchmarks/bare-evhttp/build.sh" "$SCRATCH" >&2
CLIENT="$SCRATCH/keepalive-client"

WORK=$(mktemp -d)
SERVER_PID=""
cleanup() {
    [ -n "$SERVER_PID" ] && kill "$SERVER_PID" 2>/dev/null && wait "$SERVER_PID" 2>/dev/null
    if [ -n "${KEEP:-}" ]; then mkdir -p "$KEEP" && cp "$WORK"/callgrind.* "$KEEP"/ 2>/dev/null; fi
    rm -rf "$WORK"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

declare -A BINARY=([tessera]=$(callgrind_copy "$SCRATCH/release/tessera" "$WORK"))
NAMES=(tessera)
if [ -n "${BASELINE:-}" ]; then
    mkdir -p "$WORK/baseline"
    BINARY[baseline]=$(callgrind_copy "$BASELINE" "$WORK/baseline")
    NAMES+=(baseline)
fi

# The sessions' bodies, as Benchmarks/wrk-scrolling.sh makes them; SPAN bounds the rect's y.
body() {
    case $1 in
    flow)
        echo '{"layout":{"type":"flow","itemSize":[50,50],"minimumLineSpacing":10,"minimumInteritemSpacing":10},"dataSource":{"sections":[{"itemCount":1000000}]},"view":{"bounds":[390,844]}}' ;;
    flow-rtl)
        # The same flow in right-to-left (issue 37, L2: the layout mirrors its own frames).
        echo '{"layout":{"type":"flow","itemSize":[50,50],"minimumLineSpacing":10,"minimumInteritemSpacing":10},"dataSource":{"sections":[{"itemCount":1000000}]},"view":{"bounds":[390,844],"layoutDirection":"rightToLeft"}}' ;;
    hflow | hflow-rtl)
        # A horizontal flow (rects move along x): 14 items a column, about 71,000 columns;
        # hflow-rtl in right-to-left (issue 37, L3: sections mirrored, the cross axis too).
        local direction=""
        [ "$1" = hflow-rtl ] && direction=',"layoutDirection":"rightToLeft"'
        echo '{"layout":{"type":"flow","scrollDirection":"horizontal","itemSize":[50,50],"minimumLineSpacing":10,"minimumInteritemSpacing":10},"dataSource":{"sections":[{"itemCount":1000000}]},"view":{"bounds":[390,844]'"$direction"'}}' ;;
    compositional-rtl)
        # The compositional grid in right-to-left (L4: the axis flips; every element also
        # answers visualFrame).
        echo '{"layout":{"type":"compositional","section":{"group":{"axis":"horizontal","count":4,"size":{"width":{"fractionalWidth":1},"height":{"fractionalWidth":0.25}},"subitems":[{"size":{"width":{"fractionalWidth":1},"height":{"fractionalHeight":1}}}]}}},"dataSource":{"sections":[{"itemCount":1000000}]},"view":{"bounds":[390,844],"scale":3,"layoutDirection":"rightToLeft"}}' ;;
    waterfall)
        python3 -c '
import random
r = random.Random(32)
sizes = ",".join("%d,%d" % (r.randint(200, 600), r.randint(200, 900)) for _ in range(1000000))
print("{\"layout\":{\"type\":\"waterfall\",\"columnCount\":3},\"dataSource\":{\"sections\":[{\"sizes\":[" + sizes + "]}]},\"view\":{\"bounds\":[390,844],\"scale\":3}}")' ;;
    compositional)
        echo '{"layout":{"type":"compositional","section":{"group":{"axis":"horizontal","count":4,"size":{"width":{"fractionalWidth":1},"height":{"fractionalWidth":0.25}},"subitems":[{"size":{"width":{"fractionalWidth":1},"height":{"fractionalHeight":1}}}]}}},"dataSource":{"sections":[{"itemCount":1000000}]},"view":{"bounds":[390,844],"scale":3}}' ;;
    list)
        # Issue 38: an inset-grouped list of 1M rows estimated at 44 (rows, separators, a background).
        echo '{"layout":{"type":"compositional","section":{"list":{"appearance":"insetGrouped"}}},"dataSource":{"sections":[{"itemCount":1000000}]},"view":{"bounds":[390,844],"scale":3}}' ;;
    list-rows)
        # The same rows as a plain compositional section (no separators, no background).
        echo '{"layout":{"type":"compositional","section":{"contentInsets":{"top":35,"leading":16,"bottom":20,"trailing":16},"group":{"axis":"vertical","size":{"width":{"fractionalWidth":1},"height":{"estimated":44}},"subitems":[{"size":{"width":{"fractionalWidth":1},"height":{"estimated":44}}}]}}},"dataSource":{"sections":[{"itemCount":1000000}]},"view":{"bounds":[390,844],"scale":3}}' ;;
    *) echo "unknown kind $1" >&2; exit 1 ;;
    esac
}

port_of() {
    for _ in $(seq 600); do
        grep -q "listening on" "$1" 2>/dev/null && break
        sleep 0.1
    done
    sed -n 's/.*listening on http:\/\/127\.0\.0\.1:\([0-9]*\).*/\1/p' "$1" | head -1
}

# total NAME KIND COUNT ARGS…: one server under callgrind, COUNT random rects; prints the total.
total() {
    local name=$1 kind=$2 count=$3 out profile port id created span
    shift 3
    out="$WORK/$name-$kind-$count.out"
    profile="$WORK/callgrind.$name.$kind.$count$(tr -d ' -' <<<"$*")"
    # shellcheck disable=SC2086 # TESSERA_ARGS is a list of options
    valgrind --tool=callgrind --callgrind-out-file="$profile" "${BINARY[$name]}" serve --host 127.0.0.1 --port 0 \
        --loops 1 ${TESSERA_ARGS:-} "$@" >"$out" 2>&1 &
    SERVER_PID=$!
    port=$(port_of "$out")
    [ -n "$port" ] || { echo "$name did not start:" >&2; cat "$out" >&2; exit 1; }
    created=$(curl -sf -X POST "http://127.0.0.1:$port/v1/sessions" -H 'Content-Type: application/json' \
        --data-binary @"$WORK/$kind.body")
    id=$(sed -n 's/.*"id":"\([^"]*\)".*/\1/p' <<<"$created")
    [ -n "$id" ] || { echo "could not create a $kind session: ${created:0:300}" >&2; exit 1; }
    if [[ $kind == hflow* ]]; then
        # Scrolling across: the rect's x moves over the content's width.
        span=$(python3 -c 'import json,sys; print(int(json.loads(sys.stdin.read())["contentSize"]["width"]) - 390)' <<<"$created")
        "$CLIENT" "$port" "/v1/sessions/$id/elements?rect=%ld,0,390,844" "$count" "$span"
    else
        span=$(python3 -c 'import json,sys; print(int(json.loads(sys.stdin.read())["contentSize"]["height"]) - 844)' <<<"$created")
        "$CLIENT" "$port" "/v1/sessions/$id/elements?rect=0,%ld,390,844" "$count" "$span"
    fi
    kill -TERM "$SERVER_PID"
    wait "$SERVER_PID" || true
    SERVER_PID=""
    sed -n 's/^summary: *//p;s/^totals: *//p' "$profile" | head -1 | awk '{ print $1 }'
}

printf '%-14s %-10s %-24s %14s\n' kind server options "instr/rect"
for kind in $KINDS; do
    body "$kind" >"$WORK/$kind.body"
    for name in "${NAMES[@]}"; do
        for options in "" "--reply-cache-bytes 0"; do
            # shellcheck disable=SC2086 # options is a list of options
            few=$(total "$name" "$kind" "$FEW" $options)
            # shellcheck disable=SC2086
            many=$(total "$name" "$kind" "$MANY" $options)
            awk -v k="$kind" -v n="$name" -v o="${options:-(default)}" -v a="$few" -v b="$many" -v f="$FEW" -v m="$MANY" \
                'BEGIN { printf "%-14s %-10s %-24s %14.0f\n", k, n, o, (b - a) / (m - f) }'
        done
    done
done
echo "(one loop; a random 390 x 844 rect each request; $MANY and $FEW requests; target for flow with the default options: <= 60,000)"
