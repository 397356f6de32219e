#!/usr/bin/env bash
# Builds one libFuzzer target (-sanitize=fuzzer,address) from the sources it covers and runs
# it for a fixed time on a copy of its committed seed corpus (Fuzz/README.md).
#
#   scripts/fuzz.sh http SECONDS       the HTTP/1.1 request parser (RequestParser; the EventHTTP module)
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
# Static libraries go last on the link line: a library is searched only for what the
# objects before it still need (SessionStorage's objects use TesseraSupport's locks).
libraries=()
# When the package has the TesseraSupport module (byte buffers, locks, clocks and byte helpers
# the others import; its files in folders), it is
# built first as a module of its own in the same package (its API is `package`) and linked
# in. With DEBUG set, as in debug builds: every store is checked against its reservation.
support=()
if [ -d Sources/TesseraSupport ]; then
  mkdir -p "$work/modules"
  mapfile -t support_sources < <(find Sources/TesseraSupport -name '*.swift' | sort)
  swiftc "${fuzz_flags[@]}" -D DEBUG -package-name tessera -module-name TesseraSupport \
    -emit-module -emit-module-path "$work/modules/TesseraSupport.swiftmodule" \
    -emit-library -static -o "$work/libTesseraSupport.a" "${support_sources[@]}"
  support=(-package-name tessera -I "$work/modules")
  libraries=("$work/libTesseraSupport.a")
fi
# The package's system-library module maps (CLibevent, CZlib, …).
c_modules=()
for map in Sources/C*/module.modulemap; do c_modules+=(-I "$(dirname "$map")"); done
case "$target" in
  http)
    # The whole EventHTTP module: the parser's files wherever they sit, and what they use;
    # TesseraJSON (the API's error document) built first as a module of its own.
    module=EventHTTP
    mkdir -p "$work/modules"
    swiftc "${fuzz_flags[@]}" "${support[@]}" -module-name TesseraJSON \
      -emit-module -emit-module-path "$work/modules/TesseraJSON.swiftmodule" \
      -emit-library -static -o "$work/libTesseraJSON.a" Sources/TesseraJSON/*.swift
    libraries=("$work/libTesseraJSON.a" "${libraries[@]}")
    mapfile -t sources < <(echo Fuzz/HTTPParser/FuzzHTTPParser.swift; find Sources/EventHTTP -name '*.swift' | sort)
    flags=("${support[@]}" -I "$work/modules" "${c_modules[@]}")
    max_len=4096 ;;
  json)
    module=TesseraJSON
    sources=(Fuzz/JSONParser/FuzzJSONParser.swift Sources/TesseraJSON/*.swift)
    flags=("${support[@]}")
    max_len=8192 ;;
  decoders)
    # The whole LayoutService module (the decoders, the handlers, the in-memory session
    # store), TesseraJSON and LayoutEngine are compiled here, instrumented. The modules they
    # import that are not under test (swift-collections' HeapModule, SessionStorage,
    # Rendering, CoreMetrics) are linked from the package's debug build, made first if missing.
    module=LayoutService
    swift build --target LayoutService >&2
    bin=$(swift build --show-bin-path)
    mkdir -p "$work/modules"
    echo "compiling LayoutEngine (instrumented) in $work" >&2
    mapfile -t engine < <(find Sources/LayoutEngine -name '*.swift' | sort)
    swiftc "${fuzz_flags[@]}" -wmo -package-name tessera -module-name LayoutEngine -I "$bin/Modules" \
      -emit-module -emit-module-path "$work/modules/LayoutEngine.swiftmodule" -c "${engine[@]}" -o "$work/LayoutEngine.o"
    echo "compiling TesseraJSON (instrumented) in $work" >&2
    swiftc "${fuzz_flags[@]}" -wmo "${support[@]}" -module-name TesseraJSON \
      -emit-module -emit-module-path "$work/modules/TesseraJSON.swiftmodule" -c Sources/TesseraJSON/*.swift -o "$work/TesseraJSON.o"
    mapfile -t sources < <(printf '%s\n' Fuzz/Decoders/FuzzDecoders.swift; find Sources/LayoutService -name '*.swift' | sort)
    flags=("${support[@]}" -I "$work/modules" -I "$bin/Modules" "${c_modules[@]}")
    objects+=("$work/LayoutEngine.o" "$work/TesseraJSON.o")
    for dependency in HeapModule InternalCollectionsUtilities SessionStorage Rendering CoreMetrics; do
      objects+=("$bin/$dependency.build/"*.o)
    done
    max_len=8192 ;;
  *) echo "unknown fuzz target '$target' (http, json or decoders)" >&2; exit 64 ;;
esac
echo "compiling the $target target in $work" >&2
swiftc "${fuzz_flags[@]}" -module-name "$module" "${flags[@]}" "${sources[@]}" "${objects[@]}" "${libraries[@]}" -o "$work/fuzz-$target"
mkdir -p "$work/corpus"
cp Fuzz/corpus/"$target"/* "$work/corpus/"
echo "fuzzing $target for ${seconds}s in $work" >&2
cd "$work"
./"fuzz-$target" -max_total_time="$seconds" -max_len="$max_len" -print_final_stats=1 corpus
