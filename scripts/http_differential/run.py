#!/usr/bin/env python3
"""The llhttp differential: Tessera's HTTP/1.1 parser (RequestParser) against llhttp's
strict mode on generated request streams (docs/http1.md, "Parsing and the llhttp
differential").

    run.py [--seed S] [--count N] [--jobs J] [--only INDEX] [--show N]

Builds the Swift side (main.swift with the parser's sources, `swiftc -O`, cached in
.build/http-differential), generates COUNT streams from SEED (generate.py), has llhttp
(oracle.py) and the Swift side read each one, and compares their decisions request by
request: boundaries, method, target, version, fields, decoded body, keep-alive; or a
refusal on both sides. Where one side accepts what the other refuses, the case must fall
in a class that docs/http1.md lists (CLASSES below, each with its RFC clause there), and a
stream that Tessera accepts while llhttp refuses it for its framing always fails. Exits 1
on any failure, printing how to reproduce each case (`--only INDEX` with the same seed).
"""

import argparse
import collections
import json
import multiprocessing
import os
import pathlib
import queue
import re
import subprocess
import sys
import threading
import time

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(HERE))

import generate  # noqa: E402
import oracle  # noqa: E402

# The Swift side is compiled with the whole EventHTTP module (the parser's files, wherever
# they sit, and whatever they use), the package's system-library module maps (Sources/C*) on
# the search path, and the package's modules EventHTTP imports (TesseraSupport, then
# TesseraJSON for the API's error document), each compiled first as the package compiles it.
MODULE = ROOT / "Sources" / "EventHTTP"
# In dependency order: each may import the ones before it.
DEPENDENCIES = ["TesseraSupport", "TesseraJSON"]
BUILD = ROOT / ".build" / "http-differential"
TOOL = BUILD / "tessera-http-differential"
ROUTED = {b"GET", b"HEAD", b"POST", b"PUT", b"PATCH", b"DELETE", b"OPTIONS"}
DOC = ROOT / "docs" / "http1.md"
DOC_HEADING = "## Parsing and the llhttp differential"

# llhttp refusals that are about a message's length or where it ends: Content-Length,
# Transfer-Encoding, chunks, and line endings (which decide where a head ends). Tessera
# accepting a stream llhttp refuses for one of these is never a class: the run fails.
FRAMING_REASONS = ("Content-Length", "Transfer-Encoding", "chunk", "Chunk", "CR", "LF",
                   "Unexpected whitespace after header value")


def build_tool():
    """Compiles the Swift side unless it is newer than all its sources."""
    sources = sorted(MODULE.rglob("*.swift")) + [HERE / "main.swift"]
    modules = [(name, sorted((ROOT / "Sources" / name).rglob("*.swift"))) for name in DEPENDENCIES
               if (ROOT / "Sources" / name).is_dir()]
    everything = sources + [source for _, files in modules for source in files]
    if TOOL.exists() and TOOL.stat().st_mtime >= max(s.stat().st_mtime for s in everything):
        return
    BUILD.mkdir(parents=True, exist_ok=True)
    started = time.monotonic()
    swiftc = os.environ.get("SWIFTC", "swiftc")
    flags = [f"-I{path.parent}" for path in sorted((ROOT / "Sources").glob("C*/module.modulemap"))]
    libraries = []
    if modules:
        flags += ["-package-name", "tessera", "-I", str(BUILD)]
    for name, files in modules:
        library = BUILD / f"lib{name}.a"
        subprocess.run([swiftc, "-O", "-parse-as-library", *flags, "-module-name", name,
                        "-emit-module", "-emit-module-path", str(BUILD / f"{name}.swiftmodule"),
                        "-emit-library", "-static", "-o", str(library), *map(str, files)], check=True)
        # A static library is searched only for what the objects before it still need: the
        # later modules (which use the earlier ones) go first on the link line.
        libraries.insert(0, str(library))
    subprocess.run([swiftc, "-O", "-module-name", "EventHTTP", *flags, *map(str, sources), *libraries, "-o", str(TOOL)],
                   check=True)
    print(f"built the Swift side in {time.monotonic() - started:.0f}s", file=sys.stderr)


# ---------------------------------------------------------------------------------------
# What classifiers read: the request at an offset, lexed loosely.

class Head:
    def __init__(self, data, start):
        at = start
        while at < len(data) and data[at] in b"\r\n":
            at += 1
        self.prefix = data[start:at]
        end = data.find(b"\r\n\r\n", at)
        raw = data[at:end if end >= 0 else len(data)]
        lines = raw.split(b"\r\n")
        # The request line up to its LF (llhttp takes a bare LF there for an HTTP/0.9 line).
        first = data[at:].split(b"\n", 1)[0]
        self.request_line = first[:-1] if first.endswith(b"\r") else first
        parts = self.request_line.split(b" ")
        self.method = parts[0]
        self.target = parts[1] if len(parts) > 1 else b""
        self.version = parts[-1] if len(parts) > 2 else b""
        self.fields = []
        self.raw_fields = []
        for line in lines[1:]:
            name, _, value = line.partition(b":")
            self.fields.append((name.lower(), value.strip(b" \t")))
            self.raw_fields.append((name.lower(), value))
        self.size = len(raw)

    def values(self, name):
        return [v for n, v in self.fields if n == name]

    def framing_values(self, name):
        """Values as Tessera reads Content-Length and Transfer-Encoding: a trailing HTAB stays."""
        return [v.lstrip(b" \t").rstrip(b" ") for n, v in self.raw_fields if n == name]

    def connection_tokens(self):
        return {t.strip(b" \t").lower() for v in self.values(b"connection") for t in v.split(b",")}


def visible(data):
    return bool(data) and all(0x21 <= c <= 0x7E for c in data)


# ---------------------------------------------------------------------------------------
# The classes. Each: (id, kind, test). Kinds: "tessera-refuses" (Tessera refuses a request
# llhttp accepts or has not refused), "llhttp-refuses" (the reverse; never for a framing
# reason), "value" (both accept; a decision differs), "handover" (llhttp stops reading HTTP).
# The test gets a Case and says whether the case is of the class. Every id is listed in
# docs/http1.md with the clause that decides it.

class Case:
    def __init__(self, data, start, reason=None, tessera=None, llhttp=None, aspects=()):
        self.data = data
        self.start = start
        self.head = Head(data, start)
        self.reason = reason          # Tessera's refusal
        self.tessera = tessera        # Tessera's message, when it read it whole
        self.llhttp = llhttp          # llhttp's verdict (dict)
        self.aspects = set(aspects)   # for "value": what differs


def limit_exceeded(case):
    head, (target_limit, header_limit, body_limit) = case.head, generate.LIMITS
    if case.reason == "uri-too-long":
        # The request line may be as long as the longest one a target within the limit can
        # make with a routed method (OPTIONS): RequestParser.requestLineOverhead, 18 with its CR.
        return len(head.target) > target_limit or len(head.request_line) + 1 > target_limit + 18
    if case.reason == "headers-too-large":
        return head.size - len(head.request_line) > header_limit - 4 or len(case.data) > header_limit
    lengths = [v for v in head.values(b"content-length") if v.isdigit()]
    if any(int(v) > body_limit for v in lengths):
        return True
    sizes = [int(re.match(rb"[0-9a-fA-F]+", line).group(), 16) for line in chunk_lines(case)]
    return sum(sizes) > body_limit


def empty_line_prefix(case):
    prefix = case.head.prefix
    return prefix != b"" and prefix.replace(b"\r\n", b"") != b""


def not_origin_or_http(case):
    target = case.head.target
    return visible(target) and not target.startswith(b"/")


def upgrade_requested(case):
    """llhttp handed the connection over: after a request with Upgrade and Connection:
    upgrade, or a CONNECT, or at an HTTP/2 preface (PRI)."""
    if case.head.method == b"PRI":
        return True
    messages = case.llhttp["m"]
    if not messages:
        return False
    upgraded = Head(case.data, messages[-2]["end"] if len(messages) > 1 else 0)
    return (b"upgrade" in upgraded.connection_tokens() and bool(upgraded.values(b"upgrade"))) or upgraded.method == b"CONNECT"


CHUNK_EXT = re.compile(rb"""(;[!#$%&'*+\-.^_`|~0-9A-Za-z]+(=([!#$%&'*+\-.^_`|~0-9A-Za-z]+|"([\t \x21\x23-\x5b\x5d-\x7e\x80-\xff]|\\[\t \x21-\x7e\x80-\xff])*"))?)*""")


def chunk_lines(case):
    """The chunk-size lines of the request at the case's start (loosely: the lines after its
    head that start with a hex digit)."""
    end = case.data.find(b"\r\n\r\n", case.start)
    if end < 0:
        return []
    return [line for line in case.data[end + 4:].split(b"\r\n") if line[:1] in b"0123456789abcdefABCDEF" and line]


def chunk_extension_outside_grammar(case):
    """A chunk extension that RFC 9112 §7.1.1's grammar refuses: an empty name or value, a
    DEL in a quoted string (RFC 9110 §5.6.4 qdtext)."""
    for line in chunk_lines(case):
        size = re.match(rb"[0-9a-fA-F]+", line)
        rest = line[size.end():]
        if rest.startswith(b";") and CHUNK_EXT.fullmatch(rest) is None:
            return True
    return False


def chunk_line_too_long(case):
    return any(len(line) + 1 > 256 for line in chunk_lines(case))


def no_version(case):
    """A request line of a method and a target only: HTTP/0.9's form, which llhttp reads."""
    return len([part for part in case.head.request_line.split(b" ") if part]) == 2


CLASSES = [
    ("method-not-routed", "tessera-refuses",
     lambda c: c.reason == "unsupported-method" and c.head.method not in ROUTED),
    ("transfer-coding-not-chunked", "tessera-refuses",
     lambda c: c.reason == "unsupported-transfer-encoding"
     and any(v.lower() != b"chunked" for v in c.head.framing_values(b"transfer-encoding"))),
    ("target-form", "tessera-refuses",
     lambda c: c.reason == "invalid-target" and not_origin_or_http(c)),
    ("http-version", "tessera-refuses",
     lambda c: c.reason in ("unsupported-version", "malformed-request-line")
     and re.fullmatch(rb"[A-Z]+/\d\.\d", c.head.version) is not None and c.head.version not in (b"HTTP/1.0", b"HTTP/1.1")),
    ("http-0.9-request-line", "tessera-refuses",
     lambda c: c.reason == "malformed-request-line" and no_version(c)),
    ("request-line-whitespace", "tessera-refuses",
     lambda c: c.reason in ("invalid-target", "malformed-request-line", "uri-too-long") and b"  " in c.head.request_line),
    ("chunk-extension-grammar", "tessera-refuses",
     lambda c: c.reason == "malformed-chunk" and chunk_extension_outside_grammar(c)),
    ("chunk-line-limit", "tessera-refuses",
     lambda c: c.reason == "malformed-chunk" and chunk_line_too_long(c)),
    ("size-limit", "tessera-refuses",
     lambda c: c.reason in ("uri-too-long", "headers-too-large", "payload-too-large") and limit_exceeded(c)),
    ("duplicate-host", "tessera-refuses",
     lambda c: c.reason == "duplicate-host" and len(c.head.values(b"host")) > 1),
    ("expect-not-100-continue", "tessera-refuses",
     lambda c: c.reason == "expectation-failed"
     and any(v.lower() != b"100-continue" for v in c.head.values(b"expect"))),
    ("transfer-encoding-in-http-1.0", "tessera-refuses",
     lambda c: c.reason == "transfer-encoding-in-http-1.0" and c.head.version == b"HTTP/1.0"),
    ("empty-line-not-crlf", "tessera-refuses",
     lambda c: c.reason == "malformed-request-line" and empty_line_prefix(c)),
    ("http10-keep-alive-and-close", "value",
     lambda c: c.aspects == {"ka"} and c.tessera["v"] == 0 and not c.tessera["ka"]
     and {b"close", b"keep-alive"} <= c.head.connection_tokens()),
    ("upgrade", "handover", upgrade_requested),
]


def documented_classes():
    """The class ids docs/http1.md lists (backticked first cells of the table rows in its
    differential section)."""
    if not DOC.exists():
        return set()
    text = DOC.read_text()
    start = text.find(DOC_HEADING)
    if start < 0:
        return set()
    section = text[start + len(DOC_HEADING):]
    following = re.search(r"^## ", section, re.M)
    if following:
        section = section[:following.start()]
    return set(re.findall(r"^\|\s*`([a-z0-9.-]+)`", section, re.M))


def classify(kind, case):
    for name, class_kind, test in CLASSES:
        if class_kind == kind and test(case):
            return name
    return None


# ---------------------------------------------------------------------------------------
# Comparison of one stream.

def unhex(text):
    return bytes.fromhex(text)


def message_aspects(t, l, data):
    """What differs between Tessera's message t and llhttp's message l."""
    aspects = []
    if t["end"] != l["end"]:
        aspects.append("end")
    if t["method"] != l["method"]:
        aspects.append("method")
    if unhex(t["t"]) != l["t"]:
        aspects.append("target")
    if (1, t["v"]) != (l["major"], l["minor"]):
        aspects.append("version")
    if [(unhex(n), unhex(v)) for n, v in t["f"]] != l["f"]:
        aspects.append("fields")
    if unhex(t["b"]) != l["b"]:
        aspects.append("b")
    if bool(t["ka"]) != l["ka"]:
        aspects.append("ka")
    expects = any(n.lower() == b"expect" for n, _ in l["f"])
    if bool(t["ec"]) != expects:
        aspects.append("ec")
    return aspects


def compare(data, tessera, llhttp):
    """(outcome, detail): outcome is "agree", a class id, or "FAIL:<what>"."""
    if "split-mismatch" in tessera:
        return "FAIL:split-mismatch", tessera["split-mismatch"]
    tm, lm = tessera["m"], llhttp["m"]
    for k in range(min(len(tm), len(lm))):
        aspects = message_aspects(tm[k], lm[k], data)
        if aspects:
            start = tm[k - 1]["end"] if k else 0
            if {"end", "b"} & set(aspects):
                return "FAIL:framing-differs", f"message {k}: {aspects}"
            name = classify("value", Case(data, start, tessera=tm[k], llhttp=llhttp, aspects=aspects))
            return (name, f"message {k}") if name else ("FAIL:value-differs", f"message {k}: {aspects}")
    k = min(len(tm), len(lm))
    start = tm[k - 1]["end"] if k else 0
    tx, lx = tessera["x"], llhttp["x"]
    tessera_refuses = tx == "rejected" and len(tm) == k
    tessera_refuses_late = tx == "more" and len(tm) == k and tessera.get("s") not in ("more", "accepted")
    tessera_took = len(tm) > k or (tx == "more" and tessera.get("s") in ("more", "accepted"))
    llhttp_refuses = lx == "error" and len(lm) == k
    llhttp_refuses_late = lx == "more" and len(lm) == k and llhttp.get("s") == "error"
    if tessera_refuses or tessera_refuses_late:
        reason = tessera.get("r") if tessera_refuses else tessera["s"]
        if llhttp_refuses or llhttp_refuses_late:
            return "agree", "both refuse"
        offset = tessera["o"] if tessera_refuses else start
        if lx == "upgrade" and len(lm) == k and k > 0 and classify("handover", Case(data, start, llhttp=llhttp)):
            return "upgrade", f"message {k}"
        name = classify("tessera-refuses", Case(data, offset, reason=reason, llhttp=llhttp))
        return (name, f"message {k}: {reason}") if name else ("FAIL:tessera-refuses", f"message {k}: {reason}")
    if llhttp_refuses or llhttp_refuses_late:
        if not tessera_took:
            return "FAIL:unexpected", f"message {k}: {tx} {tessera.get('s')}"
        reason = llhttp.get("r", "(after CRLFs)")
        if llhttp_refuses and any(word in reason for word in FRAMING_REASONS):
            return "FAIL:tessera-accepts-ambiguous-framing", f"message {k}: llhttp {llhttp['e']}: {reason}"
        if llhttp_refuses_late:
            return "FAIL:tessera-accepts", f"message {k}: llhttp refuses once CRLFs follow"
        name = classify("llhttp-refuses", Case(data, start, llhttp=llhttp))
        return (name, f"message {k}: {reason}") if name else ("FAIL:tessera-accepts", f"message {k}: {reason}")
    if lx == "upgrade":
        name = classify("handover", Case(data, start, llhttp=llhttp))
        return (name, f"after message {k}") if name else ("FAIL:handover", f"message {k}")
    if len(tm) != len(lm):
        return "FAIL:framing-differs", f"{len(tm)} messages against {len(lm)} ({tx}/{lx})"
    if tx != lx and {tx, lx} != {"more"}:
        return "FAIL:termination-differs", f"{tx} against {lx}"
    return "agree", "both refuse" if tx == "rejected" else "both accept"


# ---------------------------------------------------------------------------------------
# The run.

def produce(arguments):
    """Worker: streams start..end of a seed, each with llhttp's verdict."""
    seed, start, end = arguments
    out = []
    for index in range(start, end):
        data, tags = generate.stream(seed, index)
        out.append((index, data, tags, oracle.run(data)))
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", default="tessera")
    parser.add_argument("--count", type=int, default=100_000)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--only", type=int, help="run one stream (by index) and print both verdicts")
    parser.add_argument("--show", type=int, default=3, help="examples printed per class")
    options = parser.parse_args()

    build_tool()
    limits = [str(n) for n in generate.LIMITS]
    documented = documented_classes()
    missing = {name for name, _, _ in CLASSES} - documented
    started = time.monotonic()
    tool = subprocess.Popen([str(TOOL), *limits], stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=1 << 20)
    pending = queue.Queue()
    first, last = (options.only, options.only + 1) if options.only is not None else (0, options.count)
    batch = 500
    ranges = [(options.seed, i, min(i + batch, last)) for i in range(first, last, batch)]

    def feed():
        with multiprocessing.Pool(max(1, options.jobs)) as pool:
            for chunk in pool.imap(produce, ranges):
                for item in chunk:
                    pending.put(item)
                    tool.stdin.write(len(item[1]).to_bytes(4, "little") + item[1])
        tool.stdin.close()

    writer = threading.Thread(target=feed, daemon=True)
    writer.start()
    outcomes = collections.Counter()
    examples = collections.defaultdict(list)
    shapes = collections.Counter()
    total = 0
    for line in tool.stdout:
        index, data, tags, llhttp = pending.get()
        tessera = json.loads(line)
        outcome, detail = compare(data, tessera, llhttp)
        if outcome == "agree":
            outcome = "agree: " + detail
        outcomes[outcome] += 1
        for tag in tags:
            shapes[tag] += 1
        if len(examples[outcome]) < options.show and not outcome.startswith("agree"):
            examples[outcome].append((index, data, detail, tags, tessera, llhttp))
        if options.only is not None:
            print("stream:", repr(data))
            print("shapes:", tags)
            print("tessera:", json.dumps(tessera))
            print("llhttp:", {k: v for k, v in llhttp.items()})
            print("outcome:", outcome, detail)
        total += 1
    writer.join()
    if tool.wait() != 0:
        print(f"the Swift side exited with status {tool.returncode}", file=sys.stderr)
        return 1
    elapsed = time.monotonic() - started
    failures = 0
    print(f"llhttp differential: {total} streams, seed {options.seed!r}, {elapsed:.1f}s")
    for outcome, count in sorted(outcomes.items(), key=lambda item: (item[0].startswith("FAIL"), item[0])):
        note = ""
        if outcome.startswith("FAIL"):
            failures += count
        elif not outcome.startswith("agree") and outcome not in documented:
            note = "  <- not listed in docs/http1.md"
            failures += count
        print(f"  {count:8d}  {outcome}{note}")
    for outcome, cases in examples.items():
        if outcome.startswith("FAIL") or outcome not in documented or options.show > 3:
            for index, data, detail, tags, tessera, llhttp in cases:
                print(f"\n{outcome} (stream {index}, shapes {tags}): {detail}\n  {data[:300]!r}")
                print(f"  tessera: {json.dumps(tessera)[:300]}")
                print(f"  llhttp: x={llhttp['x']} {llhttp.get('e', '')} {llhttp.get('r', '')} messages={len(llhttp['m'])}")
                print(f"  reproduce: scripts/http_differential/run.py --seed {options.seed} --only {index}")
    if missing:
        print(f"classes not listed in {DOC.relative_to(ROOT)} (under '{DOC_HEADING[3:]}'): {sorted(missing)}")
        failures += len(missing)
    if failures:
        print(f"FAILED: {failures} streams disagree outside the listed classes")
        return 1
    print(f"{total - sum(c for o, c in outcomes.items() if not o.startswith('agree'))} agree, "
          f"{sum(c for o, c in outcomes.items() if not o.startswith('agree'))} in listed classes, 0 failures")
    return 0


if __name__ == "__main__":
    sys.exit(main())
