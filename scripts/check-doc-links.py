#!/usr/bin/env python3
"""Every relative link in the repository's Markdown resolves: the file exists and, when the
link names an anchor, the target has it (a heading's GitHub slug or an explicit
`<a id="…">`). Run by `make test` (check-doc-links) so a moved section or file cannot leave a
dead link behind. Links to other sites are not fetched (no network here)."""
import os
import re
import subprocess
import sys

LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
HEADING = re.compile(r"^#{1,6}\s+(.*?)\s*#*\s*$")
EXPLICIT = re.compile(r"<a\s+(?:id|name)=\"([^\"]+)\"")
FENCE = re.compile(r"^\s*(```|~~~)")


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, markup and punctuation dropped, spaces to
    hyphens (hyphens and underscores kept)."""
    text = re.sub(r"`([^`]*)`", r"\1", heading)
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = text.strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def anchors(path: str, cache: dict) -> set:
    if path not in cache:
        found, counts, fenced = set(), {}, False
        for line in open(path, encoding="utf-8"):
            if FENCE.match(line):
                fenced = not fenced
                continue
            if fenced:
                continue
            found.update(EXPLICIT.findall(line))
            m = HEADING.match(line)
            if m:
                s = slug(m.group(1))
                n = counts.get(s, 0)
                counts[s] = n + 1
                found.add(s if n == 0 else f"{s}-{n}")
        cache[path] = found
    return cache[path]


def links(path: str):
    fenced = False
    for number, line in enumerate(open(path, encoding="utf-8"), 1):
        if FENCE.match(line):
            fenced = not fenced
            continue
        if fenced:
            continue
        # Inline code is not a link.
        for target in LINK.findall(re.sub(r"`[^`]*`", "", line)):
            yield number, target


def main() -> int:
    root = subprocess.run(["git", "rev-parse", "--show-toplevel"], capture_output=True, text=True, check=True).stdout.strip()
    os.chdir(root)
    files = subprocess.run(["git", "ls-files", "*.md"], capture_output=True, text=True, check=True).stdout.split()
    cache: dict = {}
    broken = []
    checked = 0
    for source in files:
        for number, target in links(source):
            if re.match(r"^[a-z][a-z0-9+.-]*:", target):  # http:, https:, mailto:
                continue
            checked += 1
            path, _, anchor = target.partition("#")
            resolved = os.path.normpath(os.path.join(os.path.dirname(source), path)) if path else source
            if not os.path.exists(resolved):
                broken.append(f"{source}:{number}: {target}: no file {resolved}")
                continue
            if anchor and resolved.endswith(".md") and anchor not in anchors(resolved, cache):
                broken.append(f"{source}:{number}: {target}: no anchor #{anchor} in {resolved}")
    for line in broken:
        print(line, file=sys.stderr)
    print(f"doc links: {checked} relative links in {len(files)} Markdown files, {len(broken)} broken")
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
