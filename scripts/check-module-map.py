#!/usr/bin/env python3
"""Checks that each module under Sources/ imports exactly what Sources/README.md's module map says.

The map's table ("| module | imports |" under "## Module map") lists, per module, every module
it may import: Tessera's own, the packages' products and the system's. A module that imports
something the table does not list fails the check, and so does a table entry no source file
imports (the map would promise a dependency that is gone). `make test` runs it.
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
IMPORT = re.compile(r"^\s*(?:@[A-Za-z_]+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|private|fileprivate)\s+)?import\s+(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?([A-Za-z_][A-Za-z0-9_]*)", re.M)


MAP = ROOT / "Sources" / "README.md"


def table(readme: str) -> dict[str, set[str]]:
    if "## Module map" not in readme:
        sys.exit(f"{MAP.relative_to(ROOT)}: no '## Module map' section")
    section = readme.split("## Module map", 1)[1]
    rows: dict[str, set[str]] = {}
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 2 or not line.lstrip().startswith("|"):
            if rows and not line.strip():
                break
            continue
        names, imports = cells
        if names in ("module", "") or set(names) <= {"-", ":"}:
            continue
        listed = {i.strip().strip("`") for i in imports.split(",") if i.strip() and i.strip() != "—"}
        for name in names.split(","):     # a row may name several modules alike
            rows[name.strip().strip("`")] = listed
    return rows


def imports(module: pathlib.Path) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for f in sorted(module.rglob("*.swift")):
        for name in IMPORT.findall(f.read_text(encoding="utf-8")):
            found.setdefault(name, []).append(str(f.relative_to(ROOT)))
    return found


def main() -> int:
    rows = table(MAP.read_text(encoding="utf-8"))
    if not rows:
        print(f"{MAP.relative_to(ROOT)}: no '| module | imports |' table under '## Module map'", file=sys.stderr)
        return 1
    modules = sorted(p.name for p in (ROOT / "Sources").iterdir() if p.is_dir())
    problems = []
    for name in modules:
        if name not in rows:
            problems.append(f"{name}: not in the module map table of Sources/README.md")
            continue
        used = imports(ROOT / "Sources" / name)
        for imported, files in sorted(used.items()):
            if imported not in rows[name]:
                problems.append(f"{name} imports {imported} ({files[0]}), which the map does not list")
        for listed in sorted(rows[name] - set(used)):
            problems.append(f"{name}: the map lists {listed}, which no file imports")
    for name in sorted(set(rows) - set(modules)):
        problems.append(f"{name}: in the map, but there is no Sources/{name}")
    for p in problems:
        print(p, file=sys.stderr)
    if not problems:
        print(f"module map: {len(modules)} modules import what Sources/README.md says")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
