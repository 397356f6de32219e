#!/usr/bin/env bash
# Instruction counts of the create path (and the big-reply encoder) under
# `valgrind --tool=callgrind`: each piece of work runs in-process in tessera-bench
# (`--work NAME --repeat K`) once with K=1 and once with K=2; the difference of the two
# totals is the cost of one piece, with the construction of its input cancelled out.
# Counts do not depend on how busy the machine is, so they compare from run to run.
#
#   Benchmarks/callgrind-create.sh            (builds release first; a few minutes)
#
# Environment: ITEMS (default 200000), WORKS (default: all below), SCRATCH (.build-bench),
# SKIP_BUILD=1. Decoding is create − parse − prepare-sizes (the session and its small reply
# ride along; the decoders are internal to LayoutService).
set -euo pipefail

ITEMS=${ITEMS:-200000}
WORKS=${WORKS:-"parse-items parse-compact create-items create-compact prepare-sizes encode-justified encode-cells oneshot-justified"}
# shellcheck source=Benchmarks/callgrind-setup.sh
. "$(dirname "$0")/callgrind-setup.sh" tessera-bench
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
BENCH=$(callgrind_copy "$SCRATCH/release/tessera-bench" "$WORK")

total() {  # total NAME REPEATS
    valgrind --tool=callgrind --callgrind-out-file="$WORK/cg.$1.$2" "$BENCH" --work "$1" --repeat "$2" --items "$ITEMS" \
        >"$WORK/out.$1.$2" 2>&1 || { cat "$WORK/out.$1.$2" >&2; exit 1; }
    sed -n 's/^summary: *//p;s/^totals: *//p' "$WORK/cg.$1.$2" | head -1 | awk '{ print $1 }'
}

printf '%-18s %14s %10s %12s %10s\n' work instructions "per item" bytes "per byte"
for name in $WORKS; do
    one=$(total "$name" 1); two=$(total "$name" 2)
    bytes=$(sed -n 's/^\(input\|output\)-bytes //p' "$WORK/out.$name.2" | tail -1)
    awk -v n="$name" -v a="$one" -v b="$two" -v items="$ITEMS" -v bytes="${bytes:-0}" 'BEGIN {
        d = b - a
        printf "%-18s %14d %10.1f %12d %10s\n", n, d, d / items, bytes, (bytes > 0) ? sprintf("%.1f", d / bytes) : "-"
    }'
done
echo "($ITEMS items; bytes: the request body, or the reply for encode-justified; the one-shot's per byte is per body byte)"
