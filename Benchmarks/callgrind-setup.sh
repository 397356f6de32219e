# Sourced by the callgrind scripts: `. callgrind-setup.sh PRODUCT` sets ROOT and SCRATCH
# (default .build-bench), installs valgrind if missing and builds PRODUCT in release unless
# SKIP_BUILD=1.
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
SCRATCH=${SCRATCH:-$ROOT/.build-bench}
command -v valgrind >/dev/null || {
    SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO=sudo
    $SUDO apt-get update -qq >&2 && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq valgrind >&2
}
if [ "${SKIP_BUILD:-0}" != 1 ]; then
    swift build -c release --package-path "$ROOT" --scratch-path "$SCRATCH" --product "$1" >&2
fi
