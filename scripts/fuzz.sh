#!/usr/bin/env bash
# Builds one libFuzzer target (-sanitize=fuzzer,address) from the sources it covers and runs
# it for a fixed time on a copy of its committed seed corpus (Fuzz/README.md).
#
#   scripts/fuzz.sh http SECONDS     the HTTP/1.1 request parser (RequestStreamValidator)
#   scripts/fuzz.sh json SECONDS     the JSON parser and writer
#
# A crash, an AddressSanitizer report or a failed check stops the run with a non-zero status
# and leaves the input as crash-* in the working directory it prints; add that input to the
# target's regression tests (and to its corpus) with the fix.
set -euo pipefail
cd "$(dirname "$0")/.."
target=${1:?usage: scripts/fuzz.sh http|json SECONDS}
seconds=${2:-60}
work=$(mktemp -d "${TMPDIR:-/tmp}/tessera-fuzz-$target.XXXXXX")
case "$target" in
  http)
    module=EventHTTP
    sources=(Fuzz/HTTPParser/FuzzHTTPParser.swift
             Sources/EventHTTP/RequestStreamValidator.swift Sources/EventHTTP/RequestStreamValidator+Lines.swift
             Sources/EventHTTP/StreamRejection.swift Sources/EventHTTP/HTTPMethod.swift Sources/EventHTTP/ByteBudget.swift
             Sources/EventHTTP/ClientBodyShares.swift Sources/EventHTTP/ASCIIBytes.swift)
    flags=(-I Sources/CLibevent)
    max_len=4096 ;;
  json)
    module=LayoutService
    sources=(Fuzz/JSONParser/FuzzJSONParser.swift Sources/LayoutService/JSON/*.swift)
    flags=()
    max_len=8192 ;;
  *) echo "unknown fuzz target '$target' (http or json)" >&2; exit 64 ;;
esac
swiftc -O -parse-as-library -sanitize=fuzzer,address -module-name "$module" "${flags[@]}" "${sources[@]}" -o "$work/fuzz-$target"
mkdir -p "$work/corpus"
cp Fuzz/corpus/"$target"/* "$work/corpus/"
echo "fuzzing $target for ${seconds}s in $work" >&2
cd "$work"
./"fuzz-$target" -max_total_time="$seconds" -max_len="$max_len" -print_final_stats=1 corpus
