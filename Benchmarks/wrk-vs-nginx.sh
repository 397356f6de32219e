#!/usr/bin/env bash
# Tessera vs the bare evhttp reference server vs nginx, serving the very same bytes: the
# reply to a screenful rect query (~50 KB, ~400 elements) from tessera's elements endpoint,
# and that reply saved to a file that nginx serves and the bare server
# (Benchmarks/bare-evhttp, two processes on one SO_REUSEPORT socket) holds in memory. wrk
# runs against each in turn (-t2 -c64 -d10s, 2 rounds, alternating) and the script prints
# requests/s, tessera / bare (target ≥ 1.0, issue 21) and tessera / nginx (≥ 0.9), and each
# server's own CPU time per request (user + system, all its processes and threads, read from
# /proc around each run): requests/s swing with whatever else shares the cores, CPU time per
# request much less.
#
#   Benchmarks/wrk-vs-nginx.sh            (from anywhere; builds release first)
#
# Environment: ITEM_SIZE (see BODY below), DURATION (default 10s), ROUNDS (2), CONNECTIONS (64), THREADS (2),
# SCRATCH (the SwiftPM scratch path, default .build-bench), SKIP_BUILD=1 to use a build as is,
# TESSERA_ARGS (extra `tessera serve` options, e.g. "--loops 1"), NGINX_SENDFILE (on, as in
# Debian's stock nginx.conf; "off" makes nginx copy the file through user space as tessera does),
# BARE_CHANGELIST=1 (the bare server batches its epoll changes as tessera's loops do, through
# libevent's EVENT_EPOLL_USE_CHANGELIST variable: the reference with that tuning too).
set -euo pipefail

DURATION=${DURATION:-10s}
ROUNDS=${ROUNDS:-2}
CONNECTIONS=${CONNECTIONS:-64}
THREADS=${THREADS:-2}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
SCRATCH=${SCRATCH:-$ROOT/.build-bench}

# --- tools -----------------------------------------------------------------------------
missing=()
command -v wrk >/dev/null || missing+=(wrk)
command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || missing+=(nginx-light)
command -v curl >/dev/null || missing+=(curl)
if [ ${#missing[@]} -gt 0 ]; then
    SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO=sudo
    echo "installing ${missing[*]}" >&2
    $SUDO apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >&2
fi
NGINX=$(command -v nginx || echo /usr/sbin/nginx)

# --- build -----------------------------------------------------------------------------
if [ "${SKIP_BUILD:-0}" != 1 ]; then
    echo "building tessera (release)…" >&2
    swift build -c release --package-path "$ROOT" --scratch-path "$SCRATCH" --product tessera >&2
fi
"$ROOT/Benchmarks/bare-evhttp/build.sh" "$SCRATCH" >&2
TESSERA="$SCRATCH/release/tessera"
BARE="$SCRATCH/bare-evhttp"

# --- processes, cleaned up on any exit ----------------------------------------------------
WORK=$(mktemp -d)
TESSERA_PID=""
NGINX_PID=""
BARE_PID=""
cleanup() {
    [ -n "$TESSERA_PID" ] && kill "$TESSERA_PID" 2>/dev/null && wait "$TESSERA_PID" 2>/dev/null
    [ -n "$BARE_PID" ] && kill "$BARE_PID" 2>/dev/null && wait "$BARE_PID" 2>/dev/null
    [ -n "$NGINX_PID" ] && kill "$NGINX_PID" 2>/dev/null && wait "$NGINX_PID" 2>/dev/null
    rm -rf "$WORK"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# Waits up to 10 s for a server's "listening on" line in its output file.
wait_for_listening() {
    for _ in $(seq 100); do
        grep -q "listening on" "$1" 2>/dev/null && return 0
        sleep 0.1
    done
}

# shellcheck disable=SC2086 # TESSERA_ARGS is a list of options
"$TESSERA" serve --host 127.0.0.1 --port 0 ${TESSERA_ARGS:-} >"$WORK/tessera.out" 2>&1 &
TESSERA_PID=$!
wait_for_listening "$WORK/tessera.out"
TESSERA_PORT=$(sed -n 's/.*listening on http:\/\/127\.0\.0\.1:\([0-9]*\).*/\1/p' "$WORK/tessera.out")
[ -n "$TESSERA_PORT" ] || { echo "tessera did not start:" >&2; cat "$WORK/tessera.out" >&2; exit 1; }

# 18 × 18 items, 10 apart: 14 per row, 31 rows in a 390 × 844 rect = 434 elements.
# ITEM_SIZE 18 (default): ~400 elements, ~50 KB; ITEM_SIZE=50: 90 elements, ~10 KB (the
# visible rect of callgrind-per-request.sh).
ITEM_SIZE=${ITEM_SIZE:-18}
BODY='{"layout":{"type":"flow","itemSize":['$ITEM_SIZE','$ITEM_SIZE'],"minimumLineSpacing":10,"minimumInteritemSpacing":10},"dataSource":{"sections":[{"itemCount":100000}]},"view":{"bounds":[390,844]}}'
ID=$(curl -sf -X POST "http://127.0.0.1:$TESSERA_PORT/v1/sessions" -H 'Content-Type: application/json' -d "$BODY" \
     | sed -n 's/.*"id":"\([^"]*\)".*/\1/p')
[ -n "$ID" ] || { echo "could not create a session" >&2; exit 1; }
QUERY="/v1/sessions/$ID/elements?rect=0,0,390,844"
mkdir -p "$WORK/www" "$WORK/tmp"
curl -sf -o "$WORK/www/reply.json" "http://127.0.0.1:$TESSERA_PORT$QUERY"
SIZE=$(wc -c <"$WORK/www/reply.json")
ELEMENTS=$(grep -o '"category"' "$WORK/www/reply.json" | wc -l)

# A free port for nginx.
NGINX_PORT=""
for p in $(seq 18080 18180); do
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then NGINX_PORT=$p; break; fi
done
[ -n "$NGINX_PORT" ] || { echo "no free port for nginx" >&2; exit 1; }
chmod -R a+rX "$WORK"
cat >"$WORK/nginx.conf" <<EOF
worker_processes 2;
daemon off;
pid $WORK/nginx.pid;
error_log $WORK/nginx-error.log warn;
events { worker_connections 4096; }
http {
    access_log off;
    sendfile ${NGINX_SENDFILE:-on};
    tcp_nopush ${NGINX_SENDFILE:-on};
    tcp_nodelay on;
    keepalive_timeout 65;
    keepalive_requests 1000000;
    types { }
    default_type application/json;
    client_body_temp_path $WORK/tmp/body;
    proxy_temp_path $WORK/tmp/proxy;
    fastcgi_temp_path $WORK/tmp/fastcgi;
    uwsgi_temp_path $WORK/tmp/uwsgi;
    scgi_temp_path $WORK/tmp/scgi;
    server {
        listen 127.0.0.1:$NGINX_PORT reuseport;
        root $WORK/www;
        location / { }
    }
}
EOF
"$NGINX" -c "$WORK/nginx.conf" -p "$WORK" 2>"$WORK/nginx.stderr" &
NGINX_PID=$!
for _ in $(seq 50); do
    curl -sf -o /dev/null "http://127.0.0.1:$NGINX_PORT/reply.json" && break
    sleep 0.1
done
curl -sf -o "$WORK/nginx-copy.json" "http://127.0.0.1:$NGINX_PORT/reply.json" \
    || { echo "nginx did not start:" >&2; cat "$WORK/nginx.stderr" "$WORK/nginx-error.log" >&2; exit 1; }
cmp -s "$WORK/www/reply.json" "$WORK/nginx-copy.json" || { echo "nginx serves different bytes" >&2; exit 1; }

if [ "${BARE_CHANGELIST:-0}" = 1 ]; then
    EVENT_EPOLL_USE_CHANGELIST=1 "$BARE" 0 "$WORK/www/reply.json" 2 >"$WORK/bare.out" 2>&1 &
else
    "$BARE" 0 "$WORK/www/reply.json" 2 >"$WORK/bare.out" 2>&1 &
fi
BARE_PID=$!
wait_for_listening "$WORK/bare.out"
BARE_PORT=$(sed -n 's/^listening on \([0-9]*\)$/\1/p' "$WORK/bare.out")
[ -n "$BARE_PORT" ] || { echo "the bare server did not start:" >&2; cat "$WORK/bare.out" >&2; exit 1; }
BARE_URL="http://127.0.0.1:$BARE_PORT$QUERY"
curl -sf -o "$WORK/bare-copy.json" "$BARE_URL"
cmp -s "$WORK/www/reply.json" "$WORK/bare-copy.json" || { echo "the bare server serves different bytes" >&2; exit 1; }

TESSERA_URL="http://127.0.0.1:$TESSERA_PORT$QUERY"
NGINX_URL="http://127.0.0.1:$NGINX_PORT/reply.json"

TICKS=$(getconf CLK_TCK)

# "user system" CPU ticks so far of a server: the process and its children (the bare server's
# second process, nginx's workers), all threads.
cpu_ticks() {
    local pids
    pids="$1 $(pgrep -P "$1" | tr '\n' ' ' || true)"  # pgrep fails when there are no children
    for pid in $pids; do sed 's/.*) //' "/proc/$pid/stat" 2>/dev/null; done | awk '{ u += $12; s += $13 } END { print u + 0, s + 0 }'
}

# "requests/s non-2xx-count cpu-µs-per-request" of one wrk run against DURATION URL SERVER_PID:
# the CPU is the server's own (user + system, read from /proc around the run), which the
# machine's other load and wrk's share of the cores do not change.
run_wrk() {
    local out u0 s0 u1 s1
    read -r u0 s0 < <(cpu_ticks "$3")
    out=$(wrk -t"$THREADS" -c"$CONNECTIONS" -d"$1" "$2")
    read -r u1 s1 < <(cpu_ticks "$3")
    if grep -q "Socket errors" <<<"$out"; then echo "wrk: $(grep 'Socket errors' <<<"$out") ($2)" >&2; fi
    awk -v ticks=$((u1 - u0 + s1 - s0)) -v hz="$TICKS" '/Requests\/sec:/ { rps = $2 } /Non-2xx/ { bad = $NF }
        / requests in / { count = $1 } END { print rps, bad + 0, (count > 0 ? ticks / hz / count * 1e6 : 0) }' <<<"$out"
}

echo "reply: $SIZE bytes, $ELEMENTS elements; wrk -t$THREADS -c$CONNECTIONS -d$DURATION, $ROUNDS rounds, alternating"
echo "tessera ${TESSERA_ARGS:-(default options)}, bare evhttp 2 processes$([ "${BARE_CHANGELIST:-0}" = 1 ] && echo " with epoll changelist"), nginx sendfile ${NGINX_SENDFILE:-on}; wrk shares the machine's cores with them"
run_wrk 2s "$TESSERA_URL" "$TESSERA_PID" >/dev/null   # warm-up
run_wrk 2s "$BARE_URL" "$BARE_PID" >/dev/null
run_wrk 2s "$NGINX_URL" "$NGINX_PID" >/dev/null
printf '%-6s %14s %14s %14s %8s %8s %-16s %s\n' round "tessera req/s" "bare req/s" "nginx req/s" "t/bare" "t/nginx" "non-2xx (t/b/n)" \
    "server CPU µs/request (t/b/n)"
results=""
for round in $(seq "$ROUNDS"); do
    read -r t tbad tcpu < <(run_wrk "$DURATION" "$TESSERA_URL" "$TESSERA_PID")
    read -r b bbad bcpu < <(run_wrk "$DURATION" "$BARE_URL" "$BARE_PID")
    read -r n nbad ncpu < <(run_wrk "$DURATION" "$NGINX_URL" "$NGINX_PID")
    awk -v r="$round" -v t="$t" -v b="$b" -v n="$n" -v tb="$tbad" -v bb="$bbad" -v nb="$nbad" \
        -v tc="$tcpu" -v bc="$bcpu" -v nc="$ncpu" \
        'BEGIN { printf "%-6s %14.0f %14.0f %14.0f %8.2f %8.2f %-16s %.1f/%.1f/%.1f\n", r, t, b, n, t / b, t / n, tb "/" bb "/" nb, tc, bc, nc }'
    results="$results $t $b $n $tbad $bbad $nbad"
done
awk -v rounds="$ROUNDS" -v list="$results" 'BEGIN {
    k = split(list, v, " ")
    for (i = 1; i <= k; i += 6) { t += v[i]; b += v[i + 1]; n += v[i + 2]; bad += v[i + 3] + v[i + 4] + v[i + 5] }
    verdict = (t / b >= 1.0 && t / n >= 0.9) ? "met" : "MISSED"
    if (bad > 0) verdict = "INVALID: " bad " non-2xx replies"
    printf "%-6s %14.0f %14.0f %14.0f %8.2f %8.2f   (tessera / bare >= 1.0 and / nginx >= 0.9: %s)\n", "mean", t / rounds, b / rounds, n / rounds, t / b, t / n, verdict
}'
