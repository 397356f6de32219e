#!/usr/bin/env bash
# The scrolling workload (issue 32): many clients, each request a visible 390 × 844 rect at a
# random offset of a 1,000,000-item session, so nearly every rect is one the server has not
# answered before. For each layout kind, in one run and alternating, wrk (-t2 -c64) against:
#   - tessera with its default options (the reply cache on),
#   - the same binary with --reply-cache-bytes 0 (no cache: the uncached path alone),
#   - nginx serving a static reply of the same size (the rect reply of the session's middle),
#   - optionally BASELINE=path/to/an/older/tessera, default options (before/after in one run);
# then the same with one fixed rect (the repeated workload, where the cache answers); each
# round starts with the next server in turn. It prints
# requests/s, the ratios the issue asks for (default / nginx ≥ 0.6, default / cache-off ≥ 0.95)
# and each server's own CPU time per request (user + system, read from /proc around each run),
# which the machine's other load moves much less than requests/s.
#
#   Benchmarks/wrk-scrolling.sh                 (from anywhere; builds release first; ~6 min)
#
# Environment: KINDS ("flow waterfall compositional"), DURATION (10s), ROUNDS (2),
# CONNECTIONS (64), THREADS (2), SCRATCH (.build-bench), SKIP_BUILD=1, BASELINE (a tessera
# binary to compare with), NGINX_SENDFILE (on), PAIRED=1 (the tessera servers loaded at the
# same time instead, random rects only: see below).
set -euo pipefail

DURATION=${DURATION:-10s}
ROUNDS=${ROUNDS:-2}
CONNECTIONS=${CONNECTIONS:-64}
THREADS=${THREADS:-2}
KINDS=${KINDS:-flow waterfall compositional}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
SCRATCH=${SCRATCH:-$ROOT/.build-bench}

missing=()
command -v wrk >/dev/null || missing+=(wrk)
command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || missing+=(nginx-light)
command -v curl >/dev/null || missing+=(curl)
command -v python3 >/dev/null || missing+=(python3)
if [ ${#missing[@]} -gt 0 ]; then
    SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO=sudo
    echo "installing ${missing[*]}" >&2
    $SUDO apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >&2
fi
NGINX=$(command -v nginx || echo /usr/sbin/nginx)

if [ "${SKIP_BUILD:-0}" != 1 ]; then
    echo "building tessera (release)…" >&2
    swift build -c release --package-path "$ROOT" --scratch-path "$SCRATCH" --product tessera >&2
fi
TESSERA="$SCRATCH/release/tessera"

WORK=$(mktemp -d)
# Every server writes its pid file here (start_tessera runs in a command substitution, a
# subshell, so a list kept in a variable would not reach this shell).
cleanup() {
    local file pid
    for file in "$WORK"/*.pid; do
        pid=$(cat "$file" 2>/dev/null || true)
        [ -n "$pid" ] && { kill "$pid" 2>/dev/null || true; }
    done
    sleep 0.5
    rm -rf "$WORK"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# start_tessera NAME BINARY ARGS…: starts a server, prints its port.
start_tessera() {
    local name=$1 binary=$2
    shift 2
    "$binary" serve --host 127.0.0.1 --port 0 "$@" >"$WORK/$name.out" 2>&1 &
    echo $! >"$WORK/$name.pid"
    for _ in $(seq 100); do
        grep -q "listening on" "$WORK/$name.out" 2>/dev/null && break
        sleep 0.1
    done
    sed -n 's/.*listening on http:\/\/127\.0\.0\.1:\([0-9]*\).*/\1/p' "$WORK/$name.out" | head -1
}

SERVERS=(default nocache)
DEFAULT_PORT=$(start_tessera default "$TESSERA")
NOCACHE_PORT=$(start_tessera nocache "$TESSERA" --reply-cache-bytes 0)
declare -A PORT=([default]=$DEFAULT_PORT [nocache]=$NOCACHE_PORT)
if [ -n "${BASELINE:-}" ]; then
    SERVERS+=(baseline)
    PORT[baseline]=$(start_tessera baseline "$BASELINE")
fi
for s in "${SERVERS[@]}"; do
    [ -n "${PORT[$s]}" ] || { echo "tessera ($s) did not start:" >&2; cat "$WORK/$s.out" >&2; exit 1; }
done

# The sessions' bodies: 1,000,000 items each. The waterfall's sizes are drawn from a fixed seed.
body() {
    case $1 in
    flow)
        echo '{"layout":{"type":"flow","itemSize":[50,50],"minimumLineSpacing":10,"minimumInteritemSpacing":10},"dataSource":{"sections":[{"itemCount":1000000}]},"view":{"bounds":[390,844]}}' ;;
    waterfall)
        python3 -c '
import random
r = random.Random(32)
sizes = ",".join("%d,%d" % (r.randint(200, 600), r.randint(200, 900)) for _ in range(1000000))
print("{\"layout\":{\"type\":\"waterfall\",\"columnCount\":3},\"dataSource\":{\"sections\":[{\"sizes\":[" + sizes + "]}]},\"view\":{\"bounds\":[390,844],\"scale\":3}}")' ;;
    compositional)
        echo '{"layout":{"type":"compositional","section":{"group":{"axis":"horizontal","count":4,"size":{"width":{"fractionalWidth":1},"height":{"fractionalWidth":0.25}},"subitems":[{"size":{"width":{"fractionalWidth":1},"height":{"fractionalHeight":1}}}]}}},"dataSource":{"sections":[{"itemCount":1000000}]},"view":{"bounds":[390,844],"scale":3}}' ;;
    *) echo "unknown kind $1" >&2; exit 1 ;;
    esac
}

mkdir -p "$WORK/www" "$WORK/tmp"
declare -A SESSION SPAN SIZE
for kind in $KINDS; do
    body "$kind" >"$WORK/$kind.body"
    for s in "${SERVERS[@]}"; do
        created=$(curl -sf -X POST "http://127.0.0.1:${PORT[$s]}/v1/sessions" -H 'Content-Type: application/json' \
            --data-binary @"$WORK/$kind.body")
        SESSION[$kind/$s]=$(sed -n 's/.*"id":"\([^"]*\)".*/\1/p' <<<"$created")
        [ -n "${SESSION[$kind/$s]}" ] || { echo "could not create a $kind session on $s: ${created:0:300}" >&2; exit 1; }
        height=$(python3 -c 'import json,sys; print(int(json.loads(sys.stdin.read())["contentSize"]["height"]))' <<<"$created")
    done
    SPAN[$kind]=$((height - 844))
    curl -sf -o "$WORK/www/$kind.json" \
        "http://127.0.0.1:$DEFAULT_PORT/v1/sessions/${SESSION[$kind/default]}/elements?rect=0,$((height / 2)),390,844"
    SIZE[$kind]=$(wc -c <"$WORK/www/$kind.json")
done

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
echo "$NGINX_PID" >"$WORK/nginx-master.pid"
for _ in $(seq 50); do
    curl -sf -o /dev/null "http://127.0.0.1:$NGINX_PORT/flow.json" 2>/dev/null && break
    curl -sf -o /dev/null "http://127.0.0.1:$NGINX_PORT/${KINDS%% *}.json" && break
    sleep 0.1
done

# A wrk script asking for a random rect at each request: PREFIX then a y in [0, SPAN].
lua_script() {
    cat >"$1" <<EOF
local threads = 0
function setup(thread)
    threads = threads + 1
    thread:set("id", threads)
end
function init(args)
    math.randomseed(id * 7919 + os.time())
end
request = function()
    return wrk.format("GET", "$2" .. math.random(0, $3) .. ",390,844")
end
EOF
}

TICKS=$(getconf CLK_TCK)
cpu_ticks() {
    local pids
    pids="$1 $(pgrep -P "$1" | tr '\n' ' ' || true)"
    for pid in $pids; do sed 's/.*) //' "/proc/$pid/stat" 2>/dev/null; done | awk '{ u += $12; s += $13 } END { print u + 0, s + 0 }'
}

# run_wrk PID URL [SCRIPT]: "requests/s non-2xx cpu-µs-per-request".
run_wrk() {
    local pid=$1 url=$2 script=${3:-} out u0 s0 u1 s1
    read -r u0 s0 < <(cpu_ticks "$pid")
    if [ -n "$script" ]; then
        out=$(wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" -s "$script" "$url")
    else
        out=$(wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" "$url")
    fi
    read -r u1 s1 < <(cpu_ticks "$pid")
    if grep -q "Socket errors" <<<"$out"; then echo "wrk: $(grep 'Socket errors' <<<"$out") ($url)" >&2; fi
    awk -v ticks=$((u1 - u0 + s1 - s0)) -v hz="$TICKS" '/Requests\/sec:/ { rps = $2 } /Non-2xx/ { bad = $NF }
        / requests in / { count = $1 } END { print rps, bad + 0, (count > 0 ? ticks / hz / count * 1e6 : 0) }' <<<"$out"
}

# PAIRED=1: random rects only, the tessera servers loaded at the same time, each by its own wrk
# with half the threads and connections, so that whatever else the machine does in a round
# falls on all of them alike; the scheduler shares the two cores between their event loops,
# and each one's requests/s then measures how little it spends a request.
if [ "${PAIRED:-0}" = 1 ]; then
    half_threads=$(( THREADS / 2 > 0 ? THREADS / 2 : 1 ))
    half_connections=$(( CONNECTIONS / 2 ))
    echo "paired: ${SERVERS[*]} at once, each wrk -t$half_threads -c$half_connections -d$DURATION, $ROUNDS rounds, random rects"
    for kind in $KINDS; do
        echo
        echo "$kind, random rects (reply ~${SIZE[$kind]} bytes)"
        printf '%-6s' round
        for s in "${SERVERS[@]}"; do printf ' %14s' "$s req/s"; done
        printf ' %12s   %s\n' "dflt/nocache" "server CPU µs/request ($(tr ' ' / <<<"${SERVERS[*]}"))"
        declare -A SUM=()
        ratios=()
        for s in "${SERVERS[@]}"; do
            lua_script "$WORK/$kind-$s.lua" "/v1/sessions/${SESSION[$kind/$s]}/elements?rect=0," "${SPAN[$kind]}"
        done
        for round in $(seq 0 "$ROUNDS"); do
            declare -A RPS=() CPU=()
            loads=()
            for s in "${SERVERS[@]}"; do
                # Round 0 warms every server and is not counted.
                THREADS=$half_threads CONNECTIONS=$half_connections DURATION=$([ "$round" = 0 ] && echo 2s || echo "$DURATION") \
                    run_wrk "$(cat "$WORK/$s.pid")" "http://127.0.0.1:${PORT[$s]}/" "$WORK/$kind-$s.lua" >"$WORK/paired-$s.out" &
                loads+=($!)
            done
            # Only the loads: nginx is this shell's child too.
            wait "${loads[@]}"
            [ "$round" = 0 ] && continue
            for s in "${SERVERS[@]}"; do
                read -r rps bad cpu <"$WORK/paired-$s.out"
                [ "$bad" = 0 ] || echo "$s: $bad non-2xx replies" >&2
                RPS[$s]=$rps
                CPU[$s]=$cpu
                SUM[$s]=$(awk -v a="${SUM[$s]:-0}" -v b="$rps" 'BEGIN { print a + b }')
            done
            ratios+=("$(awk -v d="${RPS[default]}" -v c="${RPS[nocache]}" 'BEGIN { print d / c }')")
            printf '%-6s' "$round"
            for s in "${SERVERS[@]}"; do printf ' %14.0f' "${RPS[$s]}"; done
            cpus=""
            for s in "${SERVERS[@]}"; do cpus="$cpus$(printf '%.1f' "${CPU[$s]}")/"; done
            printf ' %12.3f   %s\n' "${ratios[-1]}" "${cpus%/}"
        done
        printf '%-6s' mean
        for s in "${SERVERS[@]}"; do awk -v a="${SUM[$s]}" -v r="$ROUNDS" 'BEGIN { printf " %14.0f", a / r }'; done
        printf ' %12s   ' "$(awk -v d="${SUM[default]}" -v c="${SUM[nocache]}" 'BEGIN { printf "%.3f", d / c }')"
        # The rounds' ratios: their spread says how far the mean can be trusted.
        printf '%s\n' "${ratios[@]}" | sort -g | awk '{ r[NR] = $1; s += $1; q += $1 * $1 }
            END { m = s / NR; sd = sqrt((q - NR * m * m) / (NR > 1 ? NR - 1 : 1));
                  printf "rounds: min %.3f, median %.3f, max %.3f; mean %.3f ± %.3f (2 standard errors)\n",
                         r[1], r[int((NR + 1) / 2)], r[NR], m, 2 * sd / sqrt(NR) }'
    done
    exit 0
fi

echo "wrk -t$THREADS -c$CONNECTIONS -d$DURATION, $ROUNDS rounds alternating; servers: ${SERVERS[*]}, nginx (static file, sendfile ${NGINX_SENDFILE:-on})"
for kind in $KINDS; do
    declare -A SCRIPT=()
    for s in "${SERVERS[@]}"; do
        lua_script "$WORK/$kind-$s.lua" "/v1/sessions/${SESSION[$kind/$s]}/elements?rect=0," "${SPAN[$kind]}"
        SCRIPT[$s]="$WORK/$kind-$s.lua"
    done
    lua_script "$WORK/$kind-nginx.lua" "/$kind.json?rect=0," "${SPAN[$kind]}"
    for workload in random repeated; do
        echo
        echo "$kind, $workload rects (reply ~${SIZE[$kind]} bytes; nginx serves that reply as a file)"
        printf '%-6s' round
        for s in "${SERVERS[@]}" nginx; do printf ' %14s' "$s req/s"; done
        printf ' %10s %10s   %s\n' "dflt/nginx" "dflt/nocache" "server CPU µs/request ($(tr ' ' / <<<"${SERVERS[*]}")/nginx)"
        declare -A SUM=()
        for round in $(seq "$ROUNDS"); do
            declare -A RPS=() CPU=()
            # Each round starts with another server, so that none always runs first or last.
            order=("${SERVERS[@]}" nginx)
            shift_by=$(( (round - 1) % ${#order[@]} ))
            order=("${order[@]:shift_by}" "${order[@]:0:shift_by}")
            for s in "${order[@]}"; do
                if [ "$s" = nginx ]; then pid=$NGINX_PID; port=$NGINX_PORT; path="/$kind.json"
                else pid=$(cat "$WORK/$s.pid"); port=${PORT[$s]}; path="/v1/sessions/${SESSION[$kind/$s]}/elements"; fi
                # Two seconds of the same load first, not counted: the server that ran before
                # leaves the caches and the scheduler to the next (the first run after a switch
                # measured up to 5 % slow, whichever server it was).
                if [ "$workload" = random ]; then
                    script=$([ "$s" = nginx ] && echo "$WORK/$kind-nginx.lua" || echo "${SCRIPT[$s]}")
                    DURATION=2s run_wrk "$pid" "http://127.0.0.1:$port/" "$script" >/dev/null
                    read -r rps bad cpu < <(run_wrk "$pid" "http://127.0.0.1:$port/" "$script")
                else
                    url="http://127.0.0.1:$port$path?rect=0,$((SPAN[$kind] / 3)),390,844"
                    DURATION=2s run_wrk "$pid" "$url" >/dev/null
                    read -r rps bad cpu < <(run_wrk "$pid" "$url")
                fi
                [ "$bad" = 0 ] || echo "$s: $bad non-2xx replies" >&2
                RPS[$s]=$rps
                CPU[$s]=$cpu
                SUM[$s]=$(awk -v a="${SUM[$s]:-0}" -v b="$rps" 'BEGIN { print a + b }')
            done
            printf '%-6s' "$round"
            for s in "${SERVERS[@]}" nginx; do printf ' %14.0f' "${RPS[$s]}"; done
            cpus=""
            for s in "${SERVERS[@]}" nginx; do cpus="$cpus$(printf '%.1f' "${CPU[$s]}")/"; done
            awk -v d="${RPS[default]}" -v n="${RPS[nginx]}" -v c="${RPS[nocache]}" -v cpus="${cpus%/}" \
                'BEGIN { printf " %10.2f %10.2f   %s\n", d / n, d / c, cpus }'
        done
        printf '%-6s' mean
        for s in "${SERVERS[@]}" nginx; do awk -v a="${SUM[$s]}" -v r="$ROUNDS" 'BEGIN { printf " %14.0f", a / r }'; done
        awk -v d="${SUM[default]}" -v n="${SUM[nginx]}" -v c="${SUM[nocache]}" 'BEGIN { printf " %10.2f %10.2f\n", d / n, d / c }'
    done
done
