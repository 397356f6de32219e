#!/usr/bin/env bash
# What one cached rect query costs (`GET …/elements?rect=0,0,390,844` answered from the
# session's reply cache, a 9,808-byte reply): Tessera against the bare evhttp reference server
# (Benchmarks/bare-evhttp), and any number of tessera binaries and option sets against each
# other (before and after a change; with and without access lines, request ids, metrics).
#
#   Benchmarks/callgrind-per-request.sh        (builds release first; ~1 min)
#   Benchmarks/callgrind-per-request.sh LABEL=BINARY[:SERVE_OPTIONS] ...
#
#   e.g. Benchmarks/callgrind-per-request.sh before=OLD/.build-bench/release/tessera \
#          after=.build-bench/release/tessera after-quiet=.build-bench/release/tessera:"--log-level warning"
#
# Without arguments the binary is SCRATCH/release/tessera, built first, with TESSERA_ARGS.
# Two measurements:
#  1. Instructions per request (valgrind --tool=callgrind): each server, the bare one too,
#     runs twice under callgrind, one event loop (`--loops 1`), one keep-alive client sending
#     the same GET FEW and MANY times; (total(MANY) − total(FEW)) / (MANY − FEW) is the cost
#     of one request with startup, session creation and shutdown cancelled out. Instruction
#     counts do not depend on how busy the machine is, so they compare from run to run.
#     Target (issue 21): Tessera ≤ 1.0 × the bare server (issue 12 asked ≤ 1.3×).
#  2. With WRK=1 (the default when binaries are named): wrk -t2 -c64 -dDURATION requests/s
#     (the binary's own options, so 2 loops by default), ROUNDS rounds with the binaries
#     alternating, log lines going to a file as a container's log driver would, and the
#     server's CPU time per request over the run (user and system, all its threads, from
#     /proc/PID/stat).
#
# Environment: FEW (default 1000), MANY (4000), SCRATCH (.build-bench), SKIP_BUILD=1 (the
# default when binaries are named), KEEP=DIR (keep the callgrind profiles there for
# callgrind_annotate), TESSERA_ARGS (extra `tessera serve` options of every tessera run, e.g.
# "--log-level warning" to leave out the access log), SKIP_CALLGRIND=1, WRK=1 or SKIP_WRK=1,
# DURATION (10s), ROUNDS (2). The client sends no Accept-Encoding, as wrk does: the reply is
# the cached identity-encoded one.
set -euo pipefail

FEW=${FEW:-1000}
MANY=${MANY:-4000}
DURATION=${DURATION:-10s}
ROUNDS=${ROUNDS:-2}
if [ $# -gt 0 ]; then
    SKIP_BUILD=${SKIP_BUILD:-1}
    WRK=${WRK:-1}
fi
WRK=${WRK:-0}
[ "${SKIP_WRK:-0}" = 1 ] && WRK=0
for spec in "$@"; do
    [[ "$spec" == ?*=?* ]] || { sed -n '2,32p' "$0" >&2; exit 2; }
done
# shellcheck source=Benchmarks/callgrind-setup.sh
. "$(dirname "$0")/callgrind-setup.sh" tessera
for tool in objcopy curl; do
    command -v "$tool" >/dev/null || { echo "$tool is missing (apt-get install binutils curl)" >&2; exit 2; }
done
if [ "$WRK" = 1 ]; then
    command -v wrk >/dev/null || { echo "wrk is missing (apt-get install wrk)" >&2; exit 2; }
fi
[ $# -gt 0 ] || set -- "tessera=$SCRATCH/release/tessera"
"$ROOT/Benchmarks/bare-evhttp/build.sh" "$SCRATCH" >&2
BARE="$SCRATCH/bare-evhttp"
CLIENT="$SCRATCH/keepalive-client"

WORK=$(mktemp -d)
SERVER_PID=""
cleanup() {
    if [ -n "$SERVER_PID" ] && kill -0 "$SERVER_PID" 2>/dev/null; then kill "$SERVER_PID"; wait "$SERVER_PID" 2>/dev/null || true; fi
    if [ -n "${KEEP:-}" ]; then mkdir -p "$KEEP" && cp "$WORK"/callgrind.* "$KEEP"/ 2>/dev/null || true; fi
    rm -rf "$WORK"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# 50 × 50 items 10 apart in a 390 × 844 view: 6 per row, 15 rows, 90 elements, ~10 KB.
BODY='{"layout":{"type":"flow","itemSize":[50,50],"minimumLineSpacing":10,"minimumInteritemSpacing":10},"dataSource":{"sections":[{"itemCount":100000}]},"view":{"bounds":[390,844]}}'
RECT="rect=0,0,390,844"

# split SPEC: sets LABEL, BINARY and OPTIONS from LABEL=BINARY[:SERVE_OPTIONS].
split() {
    local rest=${1#*=}
    LABEL=${1%%=*}
    BINARY=${rest%%:*}
    OPTIONS=""
    if [[ "$rest" == *:* ]]; then OPTIONS=${rest#*:}; fi
    [ -x "$BINARY" ] || { echo "$LABEL: $BINARY is not an executable" >&2; exit 2; }
}

# Waits for "listening on" in $1 and prints the port.
port_of() {
    for _ in $(seq 600); do
        grep -q "listening on" "$1" 2>/dev/null && break
        sleep 0.1
    done
    sed -n 's/.*listening on \(http:\/\/127\.0\.0\.1:\)\{0,1\}\([0-9]*\).*/\2/p' "$1" | head -1
}

# session PORT: creates the session and prints the path of its cached rect query.
session() {
    local id
    id=$(curl -sf -X POST "http://127.0.0.1:$1/v1/sessions" -H 'Content-Type: application/json' -d "$BODY" \
        | sed -n 's/.*"id":"\([^"]*\)".*/\1/p')
    [ -n "$id" ] || { echo "could not create a session" >&2; exit 1; }
    echo "/v1/sessions/$id/elements?$RECT"
}

stop() {
    kill -TERM "$SERVER_PID"
    wait "$SERVER_PID" || true
    SERVER_PID=""
}

# total NAME BINARY OPTIONS COUNT: runs the server (BINARY "bare": the bare evhttp server)
# under callgrind, sends COUNT requests, prints the instruction total.
total() {
    local name=$1 binary=$2 options=$3 count=$4 port path
    local out="$WORK/$name-$count.out" profile="$WORK/callgrind.$name.$count"
    if [ "$binary" = bare ]; then
        valgrind --tool=callgrind --callgrind-out-file="$profile" "$BARE" 0 "$WORK/reply.json" 1 >"$out" 2>&1 &
    else
        # shellcheck disable=SC2086 # TESSERA_ARGS and options are lists of options
        valgrind --tool=callgrind --callgrind-out-file="$profile" "$binary" serve --host 127.0.0.1 --port 0 --loops 1 \
            ${TESSERA_ARGS:-} $options >"$out" 2>&1 &
    fi
    SERVER_PID=$!
    port=$(port_of "$out")
    [ -n "$port" ] || { echo "$name did not start:" >&2; cat "$out" >&2; exit 1; }
    if [ "$binary" = bare ]; then
        path="/v1/sessions/bare/elements?$RECT"
    else
        path=$(session "$port")
        # The bare server answers the first tessera's reply.
        [ -s "$WORK/reply.json" ] || curl -sf -o "$WORK/reply.json" "http://127.0.0.1:$port$path"
    fi
    "$CLIENT" "$port" "$path" "$count" >&2
    stop
    sed -n 's/^summary: *//p;s/^totals: *//p' "$profile" | head -1 | awk '{ print $1 }'
}

declare -A INSTRUCTIONS RATES CPU
LABELS=()
for spec in "$@"; do
    split "$spec"
    LABELS+=("$LABEL")
done

if [ "${SKIP_CALLGRIND:-0}" != 1 ]; then
    # valgrind 3.19 gives up on the DWARF 5 that Swift 6.3 writes: copies without debug sections.
    declare -A COPY
    for spec in "$@"; do
        split "$spec"
        mkdir -p "$WORK/$LABEL"
        COPY[$LABEL]=$(callgrind_copy "$BINARY" "$WORK/$LABEL")
    done
    ROWS=""
    for spec in "$@"; do
        split "$spec"
        t1=$(total "$LABEL" "${COPY[$LABEL]}" "$OPTIONS" "$FEW")
        t2=$(total "$LABEL" "${COPY[$LABEL]}" "$OPTIONS" "$MANY")
        ROWS+="$LABEL $t1 $t2"$'\n'
        INSTRUCTIONS[$LABEL]=$(awk -v t1="$t1" -v t2="$t2" -v n=$((MANY - FEW)) 'BEGIN { printf "%.0f", (t2 - t1) / n }')
    done
    b1=$(total bare bare "" "$FEW"); b2=$(total bare bare "" "$MANY")
    SIZE=$(wc -c <"$WORK/reply.json")
    awk -v b1="$b1" -v b2="$b2" -v few="$FEW" -v many="$MANY" -v size="$SIZE" -v single=$(($# == 1)) '
        BEGIN {
            b = (b2 - b1) / (many - few)
            printf "cached rect query, %d-byte reply, keep-alive, one loop; requests %d and %d\n", size, few, many
            printf "%-22s %14s %14s %16s\n", "server", "total(" few ")", "total(" many ")", "instr/request"
        }
        NF == 3 {
            label[++n] = $1; t[n] = ($3 - $2) / (many - few)
            printf "%-22s %14d %14d %16.0f\n", $1, $2, $3, t[n]
        }
        END {
            printf "%-22s %14d %14d %16.0f\n", "bare evhttp (C)", b1, b2, b
            for (i = 1; i <= n; i++) {
                name = single ? "tessera" : label[i]
                printf "ratio %s / bare: %.2f (target <= 1.00: %s)\n", name, t[i] / b, (t[i] / b <= 1.0) ? "met" : "MISSED"
            }
        }' <<<"$ROWS"
fi

# cpu_ticks PID: the process's user and system time so far (all threads), in clock ticks.
cpu_ticks() {
    sed 's/.*) //' "/proc/$1/stat" | awk '{ print $12, $13 }'
}

if [ "$WRK" = 1 ]; then
    TICKS=$(getconf CLK_TCK)
    for round in $(seq "$ROUNDS"); do
        for spec in "$@"; do
            split "$spec"
            out="$WORK/wrk-$LABEL.out" log="$WORK/wrk-$LABEL.log"
            # shellcheck disable=SC2086 # TESSERA_ARGS and OPTIONS are lists of options
            "$BINARY" serve --host 127.0.0.1 --port 0 ${TESSERA_ARGS:-} $OPTIONS >"$out" 2>"$log" &
            SERVER_PID=$!
            port=$(port_of "$out")
            [ -n "$port" ] || { echo "$LABEL did not start:" >&2; cat "$out" "$log" >&2; exit 1; }
            url="http://127.0.0.1:$port$(session "$port")"
            for _ in $(seq 10); do curl -sf -o /dev/null "$url"; done
            read -r user0 system0 < <(cpu_ticks "$SERVER_PID")
            report=$(wrk -t2 -c64 -d"$DURATION" "$url")
            read -r user1 system1 < <(cpu_ticks "$SERVER_PID")
            stop
            rate=$(sed -n 's/^Requests\/sec: *\([0-9.]*\).*/\1/p' <<<"$report")
            count=$(sed -n 's/^ *\([0-9]*\) requests in.*/\1/p' <<<"$report")
            cpu=$(awk -v u=$((user1 - user0)) -v s=$((system1 - system0)) -v n="$count" -v hz="$TICKS" \
                'BEGIN { printf "%.1f + %.1f", u / hz / n * 1e6, s / hz / n * 1e6 }')
            RATES[$LABEL]="${RATES[$LABEL]:-}${RATES[$LABEL]:+ / }$rate"
            CPU[$LABEL]="${CPU[$LABEL]:-}${CPU[$LABEL]:+ / }$cpu"
            echo "round $round, $LABEL: $rate requests/s, server CPU $cpu µs (user + system) per request, $(wc -l <"$log") log lines" >&2
        done
    done
    printf '\n| run | instructions per cached rect query | wrk requests/s (rounds) | server CPU µs per request, user + system (rounds) |\n|---|---|---|---|\n'
    for label in "${LABELS[@]}"; do
        printf '| %s | %s | %s | %s |\n' "$label" "${INSTRUCTIONS[$label]:-not run}" "${RATES[$label]:-not run}" "${CPU[$label]:-not run}"
    done
fi
