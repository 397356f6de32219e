#!/usr/bin/env python3
"""Every image the Dockerfile (`FROM`) and the compose files (`image:`) name is in
deploy/IMAGES.md's table, at the same exact tag; no tag moves (`latest`, `6.3-bookworm`,
`bookworm-slim`). Part of `make test-deploy`.

    scripts/check-image-pins.py
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TABLE = os.path.join(ROOT, "deploy", "IMAGES.md")
FILES = ["Dockerfile", "compose.yaml", os.path.join("deploy", "compose.sentinel.yaml"),
         os.path.join("deploy", "compose.cluster.yaml")]

# An exact tag: a full version (x.y.z, then an optional variant such as -bookworm), or
# Debian's dated tag (bookworm-YYYYMMDD, optionally -slim).
EXACT = re.compile(r"^(\d+\.\d+\.\d+(-[a-z0-9.]+)*|[a-z]+-\d{8}(-slim)?)$")


def pinned() -> dict[str, str]:
    """The table's images: name → tag."""
    images = {}
    for line in open(TABLE, encoding="utf-8"):
        m = re.match(r"^\| `([^`:]+):([^`]+)` \|", line)
        if m:
            images[m.group(1)] = m.group(2)
    return images


def references(path: str) -> list[tuple[int, str]]:
    """(line, image reference) for each FROM or image: line."""
    found = []
    for number, line in enumerate(open(os.path.join(ROOT, path), encoding="utf-8"), 1):
        m = re.match(r"^\s*FROM\s+(\S+)", line) or re.match(r"^\s*image:\s*(\S+)", line)
        if m:
            found.append((number, m.group(1).strip("\"'")))
    return found


def main() -> int:
    table = pinned()
    problems = [f"deploy/IMAGES.md: {name}:{tag} is not an exact tag"
                for name, tag in table.items() if not EXACT.match(tag)]
    used = set()
    for path in FILES:
        for number, reference in references(path):
            name, _, tag = reference.partition(":")
            used.add(name)
            if name not in table:
                problems.append(f"{path}:{number}: {reference} is not in deploy/IMAGES.md")
            elif tag != table[name]:
                problems.append(f"{path}:{number}: {reference}, but deploy/IMAGES.md pins {name}:{table[name]}")
    problems += [f"deploy/IMAGES.md: {name} is not used any more" for name in table if name not in used]
    for p in problems:
        print(p, file=sys.stderr)
    if problems:
        return 1
    print(f"images pinned: {', '.join(f'{n}:{t}' for n, t in sorted(table.items()))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
