#!/usr/bin/env bash
# Builds one libFuzzer target (-sanitize=fuzzer,address) from the sources it covers and runs
# it for a fixed time on a copy of its committed seed corpus (Fuzz/README.md).
#
#   scripts/fuzz.sh http SECONDS       the HTTP/1.1 request parser (RequestParser)
#   scripts/fuzz.sh json SECONDS       the JSON parser and writer
#   scripts/fuzz.sh decoders SECONDS   the API's request decoders and the handlers that run them
#
# A crash, an AddressSanitizer report or a failed check stops the run with a non-zero status
# and leaves the input as crash-* in the working directory it prints; add that input to the
# target's regression tests (and to its corpus) with the fix.
set -euo pipefail
cd "$(dirname "$0")/.."
target=${1:?usage: scripts/fuzz.sh http|json|decoders SECONDS}
seconds=${2:-60}
work=$(mktemp -d "${TMPDIR:-/tmp}/tessera-fuzz-$target.XXXXXX")
fuzz_flags=(-O -parse-as-library -sanitize=fuzzer,address)
objects=()
case "$target" in
  http)
    module=EventHTTP
    http=Sources/EventHTTP
    sources=(Fuzz/HTTPParser/FuzzHTTPParser.swift
             $http/HTTP1/RequestParser.swift $http/HTTP1/RequestParser+Lines.swift $http/HTTP1/RejectionReason.swift
             $http/HTTPMethod.swift $http/HeaderBlock.swift $http/RequestTarget.swift $http/QueryString.swift
             $http/ASCIIBytes.swift $http/ByteBudget.swift $http/ClientBodyShares.swift)
    flags=()
    max_len=4096 ;;
  json)
    module=LayoutService
    sources=(Fuzz/JSONParser/FuzzJSONParser.swift Sources/LayoutService/JSON/*.swift)
    flags=()
    max_len=8192 ;;
  decoders)
    # The whole LayoutService module (the decoders, the handlers, the in-memory session
    # store) and LayoutEngine are compiled here, instrumented. The modules they import that
    # are not under test (swift-collections' HeapModule, SessionStorage, Rendering,
    # CoreMetrics) are linked from the package's debug build, made first if missing.
    module=LayoutService
    swift build --target LayoutService >&2
    bin=$(swift build --show-bin-path)
    mkdir -p "$work/modules"
    echo "compiling LayoutEngine (instrumented) in $work" >&2
    mapfile -t engine < <(find Sources/LayoutEngine -name '*.swift' | sort)
    swiftc "${fuzz_flags[@]}" -wmo -module-name LayoutEngine -I "$bin/Modules" \
      -emit-module -emit-module-path "$work/modules/LayoutEngine.swiftmodule" -c "${engine[@]}" -o "$work/LayoutEngine.o"
    mapfile -t sources < <(printf '%s\n' Fuzz/Decoders/FuzzDecoders.swift; find Sources/LayoutService -name '*.swift' | sort)
    flags=(-I "$work/modules" -I "$bin/Modules"
           -Xcc -fmodule-map-file=Sources/CSQLite/module.modulemap -Xcc -fmodule-map-file=Sources/CHiredis/module.modulemap)
    objects=("$work/LayoutEngine.o")
    for dependency in HeapModule InternalCollectionsUtilities SessionStorage Rendering CoreMetrics; do
      objects+=("$bin/$dependency.build/"*.o)
    done
    max_len=8192 ;;
  *) echo "unknown fuzz target '$target' (http, json or decoders)" >&2; exit 64 ;;
esac
echo "compiling the $target target in $work" >&2
swiftc "${fuzz_flags[@]}" -module-name "$module" "${flags[@]}" "${sources[@]}" "${objects[@]}" -o "$work/fuzz-$target"
mkdir -p "$work/corpus"
cp Fuzz/corpus/"$target"/* "$work/corpus/"
echo "fuzzing $target for ${seconds}s in $work" >&2
cd "$work"
./"fuzz-$target" -max_total_time="$seconds" -max_len="$max_len" -print_final_stats=1 corpus
