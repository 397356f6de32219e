#!/usr/bin/env bash
# Instructions a session store adds to creating a session: `tessera serve --store STORE`
# under `valgrind --tool=callgrind` (every thread of the process: the request's worker and
# the thread writing the session image), creating K sessions of ITEMS explicit sizes, K = 1 and
# K = 2; the difference of the two totals is one create with start-up cancelled out. With
# Redis, redis-server runs under callgrind too and its share is printed beside. Counts do not
# depend on how busy the machine is; what they leave out is waiting (fsync, the network).
#
#   Benchmarks/callgrind-create-store.sh      (builds release first; a few minutes)
#
# Environment: ITEMS (default 200000), STORES (default "memory sqlite redis"), SCRATCH
# (.build-bench), SKIP_BUILD=1, TESSERA (another tessera binary to measure, e.g. main's).
set -euo pipefail

ITEMS=${ITEMS:-200000}
STORES=${STORES:-"memory sqlite redis"}
# shellcheck source=Benchmarks/callgrind-setup.sh
. "$(dirname "$0")/callgrind-setup.sh" tessera
WORK=$(mktemp -d)
SERVER_PID=""
REDIS_PID=""
cleanup() {
    [ -n "$SERVER_PID" ] && kill "$SERVER_PID" 2>/dev/null && wait "$SERVER_PID" 2>/dev/null
    [ -n "$REDIS_PID" ] && kill "$REDIS_PID" 2>/dev/null && wait "$REDIS_PID" 2>/dev/null
    rm -rf "$WORK"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
TESSERA_COPY=$(callgrind_copy "${TESSERA:-$SCRATCH/release/tessera}" "$WORK")

# The body: a flow layout over ITEMS items of whole-number sizes 30...99, as the bench's.
awk -v n="$ITEMS" 'BEGIN {
    printf "{\"layout\":{\"type\":\"flow\"},\"view\":{\"bounds\":[390,844]},\"dataSource\":{\"sections\":[{\"items\":["
    for (i = 0; i < n; i++) printf "%s{\"size\":[%d,%d]}", (i ? "," : ""), 30 + (i * 7919) % 70, 30 + (i * 104729) % 70
    printf "]}]}}"
}' >"$WORK/body.json"

# listening_port FILE: the port from tessera's "listening on http://127.0.0.1:PORT" line.
listening_port() {
    local line
    for _ in $(seq 600); do
        line=$(grep -m 1 "listening on" "$1" 2>/dev/null || true)
        if [[ $line =~ :([0-9]+)$ ]]; then echo "${BASH_REMATCH[1]}"; return; fi
        sleep 0.1
    done
}

total_of() { sed -n 's/^summary: *//p;s/^totals: *//p' "$1" | head -1 | awk '{ print $1 }'; }

# run STORE COUNT: prints "tessera-instructions redis-instructions" for COUNT creates.
run() {
    local store=$1 count=$2 location out="$WORK/out.$1.$2" port
    location=memory
    if [ "$store" = sqlite ]; then location="sqlite:$WORK/s-$count.db"; fi
    if [ "$store" = redis ]; then
        local rport
        rport=$(( 20000 + RANDOM % 20000 ))
        mkdir -p "$WORK/redis-$count"
        valgrind --tool=callgrind --callgrind-out-file="$WORK/cg.redis-server.$count" redis-server --port "$rport" --bind 127.0.0.1 \
            --save "" --appendonly yes --appendfsync always --dir "$WORK/redis-$count" --logfile /dev/null >/dev/null 2>&1 &
        REDIS_PID=$!
        for _ in $(seq 300); do redis-cli -p "$rport" ping >/dev/null 2>&1 && break; sleep 0.1; done
        location="redis://127.0.0.1:$rport"
    fi
    valgrind --tool=callgrind --callgrind-out-file="$WORK/cg.$store.$count" "$TESSERA_COPY" serve --host 127.0.0.1 --port 0 \
        --loops 1 --workers 1 --store "$location" >"$out" 2>&1 &
    SERVER_PID=$!
    port=$(listening_port "$out")
    [ -n "$port" ] || { echo "tessera did not start:" >&2; cat "$out" >&2; exit 1; }
    for _ in $(seq "$count"); do
        curl -sf -o /dev/null -X POST "http://127.0.0.1:$port/v1/sessions" -H 'Content-Type: application/json' \
            --data-binary @"$WORK/body.json" || { echo "create failed ($store)" >&2; exit 1; }
    done
    kill -TERM "$SERVER_PID"; wait "$SERVER_PID" || true; SERVER_PID=""
    local redis=0
    if [ -n "$REDIS_PID" ]; then
        kill -TERM "$REDIS_PID"; wait "$REDIS_PID" || true; REDIS_PID=""
        redis=$(total_of "$WORK/cg.redis-server.$count")
    fi
    echo "$(total_of "$WORK/cg.$store.$count") $redis"
}

printf '%-8s %16s %12s %16s\n' store "tessera/create" "per item" "redis/create"
for store in $STORES; do
    read -r t1 r1 < <(run "$store" 1)
    read -r t2 r2 < <(run "$store" 2)
    awk -v s="$store" -v t1="$t1" -v t2="$t2" -v r1="$r1" -v r2="$r2" -v n="$ITEMS" 'BEGIN {
        printf "%-8s %16d %12.1f %16s\n", s, t2 - t1, (t2 - t1) / n, (r2 > 0) ? sprintf("%d", r2 - r1) : "-"
    }'
done
echo "($ITEMS explicit sizes per session; one loop, one worker)"
