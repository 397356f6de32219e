#!/usr/bin/env python3
"""The README's settings table is one table with a row for every `tessera serve` flag the
settings table in Sources/tessera declares, and no row for a flag that does not exist. A blank
line inside the table once cut it in two (Markdown ended the table there and showed the rest
as a paragraph); this check runs in `make test` (check-docs) so that cannot come back."""
import glob
import re
import sys

FLAG = re.compile(r'"(--[a-z][a-z-]*)"')
HEADER = "| flag | environment | default | what |"


def declared() -> set:
    flags = set()
    for path in glob.glob("Sources/tessera/*.swift"):
        flags.update(FLAG.findall(open(path, encoding="utf-8").read()))
    return flags


def table_rows(readme: str) -> list:
    lines = readme.splitlines()
    start = next((i for i, line in enumerate(lines) if line.strip() == HEADER), None)
    if start is None:
        sys.exit(f"README.md: no settings table (a line '{HEADER}')")
    rows = []
    for line in lines[start + 2:]:
        if not line.startswith("|"):
            break
        rows.append(line)
    return rows


def main() -> int:
    readme = open("README.md", encoding="utf-8").read()
    rows = table_rows(readme)
    listed = {m.group(1) for row in rows if (m := re.match(r"\|\s*`(--[a-z][a-z-]*)`", row))}
    flags = declared()
    problems = [f"README.md settings table: no row for {f}" for f in sorted(flags - listed)]
    problems += [f"README.md settings table: {f} is not a flag of tessera serve" for f in sorted(listed - flags)]
    for p in problems:
        print(p, file=sys.stderr)
    print(f"settings table: {len(listed)} rows, {len(flags)} flags declared, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
