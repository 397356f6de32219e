#!/usr/bin/env python3
"""docs/configuration.md's settings table is what the binary prints: `tessera settings
--markdown`, generated from the settings table in Sources/tessera (ServeSettings.all, the
words of ServeSettings+Help.swift, the defaults of the configuration structs). The page's
prose is written by hand; the table sits between two marker comments and is never edited there.

    scripts/generate-configuration-doc.py BINARY           rewrites the table in the page
    scripts/generate-configuration-doc.py --check BINARY   fails, with a diff, when it differs

`make configuration-doc` runs the first, `make check-docs` (part of `make test`) the second,
each with the debug build it makes first."""
import difflib
import os
import subprocess
import sys

PAGE = "docs/configuration.md"
BEGIN = "<!-- BEGIN settings table: written by scripts/generate-configuration-doc.py; edit Sources/tessera/ServeSettings+Help.swift instead -->"
END = "<!-- END settings table -->"


def generated(binary: str) -> str:
    # Nothing from this shell's TESSERA_ variables: the table shows the built-in defaults.
    environment = {k: v for k, v in os.environ.items() if not k.startswith("TESSERA_")}
    result = subprocess.run([binary, "settings", "--markdown"], capture_output=True, text=True, env=environment)
    if result.returncode != 0:
        sys.exit(f"{binary} settings --markdown failed ({result.returncode}): {result.stderr.strip()}")
    return result.stdout


def with_table(page: str, table: str) -> str:
    if page.count(BEGIN) != 1 or page.count(END) != 1 or page.index(BEGIN) > page.index(END):
        sys.exit(f"{PAGE}: the table must sit between one line\n  {BEGIN}\nand one line\n  {END}")
    head, rest = page.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    return f"{head}{BEGIN}\n{table}{END}{tail}"


def main() -> int:
    arguments = sys.argv[1:]
    check = "--check" in arguments
    arguments = [a for a in arguments if a != "--check"]
    if len(arguments) != 1:
        sys.exit(f"usage: {sys.argv[0]} [--check] PATH/TO/tessera")
    root = subprocess.run(["git", "rev-parse", "--show-toplevel"], capture_output=True, text=True, check=True).stdout.strip()
    binary = os.path.abspath(arguments[0])
    os.chdir(root)
    current = open(PAGE, encoding="utf-8").read()
    wanted = with_table(current, generated(binary))
    if not check:
        if wanted != current:
            open(PAGE, "w", encoding="utf-8").write(wanted)
            print(f"{PAGE}: settings table rewritten")
        else:
            print(f"{PAGE}: settings table already current")
        return 0
    if wanted == current:
        print(f"{PAGE}: the settings table is what `tessera settings --markdown` prints")
        return 0
    diff = difflib.unified_diff(current.splitlines(keepends=True), wanted.splitlines(keepends=True),
                                f"{PAGE} (committed)", f"{PAGE} (generated)")
    sys.stderr.writelines(diff)
    print(f"{PAGE}: the settings table differs from `tessera settings --markdown`: run `make configuration-doc`",
          file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
