# Sourced by the callgrind scripts: `. callgrind-setup.sh PRODUCT` sets ROOT and SCRATCH
# (default .build-bench), installs valgrind if missing, builds PRODUCT in release unless
# SKIP_BUILD=1, and defines callgrind_copy.
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
SCRATCH=${SCRATCH:-$ROOT/.build-bench}
command -v valgrind >/dev/null || {
    SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO=sudo
    $SUDO apt-get update -qq >&2 && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq valgrind >&2
}
if [ "${SKIP_BUILD:-0}" != 1 ]; then
    swift build -c release --package-path "$ROOT" --scratch-path "$SCRATCH" --product "$1" >&2
fi

# callgrind_copy BINARY DIR: prints the path of a copy of BINARY without debug sections.
# valgrind 3.19 gives up on the DWARF 5 that Swift 6.3 writes for some dependencies
# ("possibly corrupted debuginfo"); the code is the same, so the counts are too (symbols stay).
callgrind_copy() {
    local copy
    copy="$2/$(basename "$1")"
    objcopy --strip-debug "$1" "$copy"
    echo "$copy"
}
