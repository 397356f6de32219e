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
libs=()
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
    # The writer's bytes go through TesseraSupport's OutputBuffer: built first, as a module
    # of its own in the same package (its API is `package`), and linked in. With DEBUG set,
    # as in debug builds: every store is checked against its reservation (a store past it
    # but inside the array's capacity is no AddressSanitizer report, but it is a trap).
    swiftc -O -D DEBUG -parse-as-library -sanitize=fuzzer,address -package-name tessera -module-name TesseraSupport \
      -emit-module -emit-module-path "$work/TesseraSupport.swiftmodule" \
      -emit-library -static -o "$work/libTesseraSupport.a" Sources/TesseraSupport/*.swift
    flags=(-package-name tessera -I "$work")
    libs=("$work/libTesseraSupport.a")
    max_len=8192 ;;
  *) echo "unknown fuzz target '$target' (http or json)" >&2; exit 64 ;;
esac
swiftc -O -parse-as-library -sanitize=fuzzer,address -module-name "$module" "${flags[@]}" "${sources[@]}" "${libs[@]}" -o "$work/fuzz-$target"
mkdir -p "$work/corpus"
cp Fuzz/corpus/"$target"/* "$work/corpus/"
echo "fuzzing $target for ${seconds}s in $work" >&2
cd "$work"
./"fuzz-$target" -max_total_time="$seconds" -max_len="$max_len" -print_final_stats=1 corpus
