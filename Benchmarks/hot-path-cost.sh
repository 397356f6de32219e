#!/usr/bin/env bash
# What access logs, request ids and metrics cost on the hottest path, the cached rect query
# (`GET …/elements?rect=0,0,390,844` answered from the session's reply cache), for one or
# more tessera binaries and option sets:
#
#   Benchmarks/hot-path-cost.sh LABEL=BINARY[:SERVE_OPTIONS] ...
#
#   e.g. Benchmarks/hot-path-cost.sh before=/tmp/old/tessera \
#          after=.build-bench/release/tessera after-quiet=.build-bench/release/tessera:"--log-level warning"
#
# For each, two measurements:
#  1. instructions per request (valgrind --tool=callgrind, one loop): the server runs under
#     callgrind, answers WARMUP queries, its counters are zeroed (callgrind_control -z), it
#     answers REQUESTS more on one keep-alive connection, and the counters are dumped; the
#     total over REQUESTS is the figure. Instruction counts do not depend on the machine's
#     load, so they compare across runs.
#  2. wrk -t2 -c64 -dDURATION requests/s (default options: 2 loops), ROUNDS rounds with the
#     binaries alternating, log lines going to a file as a container's log driver would, and
#     the server's CPU time per request over the run (user and system, all its threads, from
#     /proc/PID/stat).
# Environment: REQUESTS (2000), WARMUP (200), DURATION (10s), ROUNDS (2), SKIP_WRK=1,
# SKIP_CALLGRIND=1.
set -euo pipefail

REQUESTS=${REQUESTS:-2000}
WARMUP=${WARMUP:-200}
DURATION=${DURATION:-10s}
ROUNDS=${ROUNDS:-2}
[ $# -ge 1 ] || { sed -n '2,20p' "$0" >&2; exit 2; }
for tool in valgrind callgrind_control objcopy wrk curl; do
    command -v "$tool" >/dev/null || { echo "$tool is missing (apt-get install valgrind wrk curl)" >&2; exit 2; }
done

WORK=$(mktemp -d)
PID=""
cleanup() {
    if [ -n "$PID" ] && kill -0 "$PID" 2>/dev/null; then kill "$PID"; wait "$PID" 2>/dev/null || true; fi
    rm -rf "$WORK"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

BODY='{"layout":{"type":"flow","itemSize":[18,18]},"dataSource":{"sections":[{"itemCount":100000}]},"view":{"bounds":[390,844]}}'

# start LOG_FILE BINARY OPTIONS... : starts the server (optionally under a wrapper in $WRAP),
# sets PID and BASE.
start() {
    local log=$1 binary=$2; shift 2
    # Emptied here, not by the background redirection: that could run after the first read
    # below and leave the previous server's address to be read.
    : >"$WORK/out"
    # shellcheck disable=SC2086 # WRAP is a command line
    ${WRAP:-} "$binary" serve --host 127.0.0.1 --port 0 "$@" >"$WORK/out" 2>"$log" &
    PID=$!
    BASE=""
    for _ in $(seq 600); do
        BASE=$(sed -n 's/^tessera listening on \(http:[^ ]*\).*$/\1/p' "$WORK/out" | head -n 1)
        [ -n "$BASE" ] && break
        sleep 0.1
    done
    [ -n "$BASE" ] || { echo "server did not start: $(cat "$WORK/out" "$log")" >&2; exit 1; }
}

stop() {
    kill "$PID"; wait "$PID" 2>/dev/null || true; PID=""
}

query_url() {
    local id
    id=$(curl -fsS "$BASE/v1/sessions" -d "$BODY" | sed -n 's/.*"id":"\([0-9a-f]*\)".*/\1/p')
    echo "$BASE/v1/sessions/$id/elements?rect=0,0,390,844"
}

# queries URL COUNT: COUNT sequential requests on one keep-alive connection.
queries() {
    local url=$1 count=$2
    for _ in $(seq "$count"); do printf 'url = "%s"\noutput = "/dev/null"\n' "$url"; done >"$WORK/curl.cfg"
    curl -fsS --config "$WORK/curl.cfg"
}

declare -A INSTRUCTIONS RATES CPU
TICKS=$(getconf CLK_TCK)

# cpu_ticks PID: the process's user and system time so far (all threads), in clock ticks.
cpu_ticks() {
    sed 's/.*) //' "/proc/$1/stat" | awk '{ print $12, $13 }'
}
LABELS=()
for spec in "$@"; do
    label=${spec%%=*}; rest=${spec#*=}; binary=${rest%%:*}; options=""
    [[ "$rest" == *:* ]] && options=${rest#*:}
    LABELS+=("$label")
    [ "${SKIP_CALLGRIND:-0}" = 1 ] && continue
    # valgrind 3.19 gives up on the DWARF 5 that Swift 6.3 writes ("possibly corrupted
    # debuginfo"): it runs a copy without debug sections (the same code, so the same counts).
    objcopy --strip-debug "$binary" "$WORK/$label.bin"
    # shellcheck disable=SC2086 # options is a list
    WRAP="valgrind --tool=callgrind --callgrind-out-file=$WORK/cg.%p --log-file=$WORK/valgrind.log" \
        start "$WORK/$label.log" "$WORK/$label.bin" --loops 1 $options
    url=$(query_url)
    queries "$url" "$WARMUP"
    callgrind_control -z "$PID" >/dev/null
    queries "$url" "$REQUESTS"
    callgrind_control -d "$PID" >/dev/null
    stop
    # The dump after zeroing is the highest-numbered part file of this process.
    dump=$(ls "$WORK"/cg.*.* 2>/dev/null | sort -t. -k3 -n | tail -n 1)
    total=$(sed -n 's/^summary: \([0-9]*\).*/\1/p' "$dump" | head -n 1)
    INSTRUCTIONS[$label]=$((total / REQUESTS))
    rm -f "$WORK"/cg.*
    echo "$label: $((total / REQUESTS)) instructions per cached rect query ($total over $REQUESTS)" >&2
done

if [ "${SKIP_WRK:-0}" != 1 ]; then
    for round in $(seq "$ROUNDS"); do
        for spec in "$@"; do
            label=${spec%%=*}; rest=${spec#*=}; binary=${rest%%:*}; options=""
            [[ "$rest" == *:* ]] && options=${rest#*:}
            # shellcheck disable=SC2086
            start "$WORK/wrk-$label.log" "$binary" $options
            url=$(query_url)
            queries "$url" 10
            read -r user0 system0 < <(cpu_ticks "$PID")
            report=$(wrk -t2 -c64 -d"$DURATION" "$url")
            read -r user1 system1 < <(cpu_ticks "$PID")
            stop
            rate=$(sed -n 's/^Requests\/sec: *\([0-9.]*\).*/\1/p' <<<"$report")
            count=$(sed -n 's/^ *\([0-9]*\) requests in.*/\1/p' <<<"$report")
            cpu=$(awk -v u=$((user1 - user0)) -v s=$((system1 - system0)) -v n="$count" -v hz="$TICKS" \
                'BEGIN { printf "%.1f + %.1f", u / hz / n * 1e6, s / hz / n * 1e6 }')
            RATES[$label]="${RATES[$label]:-}${RATES[$label]:+ / }$rate"
            CPU[$label]="${CPU[$label]:-}${CPU[$label]:+ / }$cpu"
            echo "round $round, $label: $rate requests/s, server CPU $cpu µs (user + system) per request, $(wc -l <"$WORK/wrk-$label.log") log lines" >&2
        done
    done
fi

printf '| run | instructions per cached rect query | wrk requests/s (rounds) | server CPU µs per request, user + system (rounds) |\n|---|---|---|---|\n'
for label in "${LABELS[@]}"; do
    printf '| %s | %s | %s | %s |\n' "$label" "${INSTRUCTIONS[$label]:-not run}" "${RATES[$label]:-not run}" "${CPU[$label]:-not run}"
done
