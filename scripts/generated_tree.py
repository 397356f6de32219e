"""The committed output of a code generator: regenerated in place, or checked against a fresh
run (`--check`), for scripts/generate-swift-client.py and scripts/generate-typescript-client.py.
"""
import filecmp
import os
import shutil
import sys
import tempfile
from typing import Callable


def files(folder: str) -> list[str]:
    """Every file below `folder`, as paths relative to it, sorted."""
    found = []
    for directory, _, names in os.walk(folder):
        found += [os.path.relpath(os.path.join(directory, name), folder) for name in names]
    return sorted(found)


def regenerate_or_check(target: str, root: str, generate: Callable[[str], None], remake: str) -> int:
    """With `--check` among the arguments, runs `generate` into a temporary folder and fails
    (1) when any file differs from, is missing from or is extra to `target`; otherwise
    replaces `target` with a fresh run. `remake` is the command that regenerates, for the
    message."""
    name = os.path.relpath(target, root)
    if "--check" not in sys.argv[1:]:
        shutil.rmtree(target, ignore_errors=True)
        os.makedirs(target)
        generate(target)
        print(f"generated {len(files(target))} files into {name}")
        return 0
    with tempfile.TemporaryDirectory() as fresh:
        generate(fresh)
        expected = files(fresh)
        actual = files(target) if os.path.isdir(target) else []
        stale = [path for path in expected
                 if path not in actual
                 or not filecmp.cmp(os.path.join(fresh, path), os.path.join(target, path), shallow=False)]
        stale += [path for path in actual if path not in expected]
    if stale:
        print(f"{name} is not what openapi.yaml generates: run `{remake}`.", "Differs:", ", ".join(stale),
              file=sys.stderr)
        return 1
    print(f"{name} is current ({len(expected)} files)")
    return 0
