#!/usr/bin/env bash
# Builds the bare evhttp reference server (bare-evhttp.c) next to the SwiftPM build:
#   Benchmarks/bare-evhttp/build.sh [DIRECTORY]   (default: .build-bench)
# makes DIRECTORY/bare-evhttp (the server) and DIRECTORY/keepalive-client (the callgrind load).
# Needs a C compiler and libevent-dev (as Tessera does). -O2, like Debian's libevent itself.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
OUT=${1:-$ROOT/.build-bench}
CC=${CC:-$(command -v cc || command -v clang || command -v gcc)}
mkdir -p "$OUT"
# shellcheck disable=SC2046 # pkg-config prints a list of flags
"$CC" -O2 -Wall -Wextra -o "$OUT/bare-evhttp" "$HERE/bare-evhttp.c" $(pkg-config --cflags --libs libevent_core libevent_extra)
"$CC" -O2 -Wall -Wextra -o "$OUT/keepalive-client" "$HERE/keepalive-client.c"
