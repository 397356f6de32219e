#!/usr/bin/env python3
"""Generates the TypeScript client's code (clients/typescript/generated) from openapi.yaml with
openapi-generator's `typescript-fetch` generator.

    scripts/generate-typescript-client.py            regenerate clients/typescript/generated
    scripts/generate-typescript-client.py --check    fail if the committed code is not what
                                                     openapi.yaml generates today

Run with the Makefile's virtual environment (`make ts-client`, `make ts-client-check`), where
PyPI's openapi-generator-cli (the generator's jar and a launcher; it needs Java) is installed.

The options, and why (docs/web.md, "How the code is generated"):
- withoutRuntimeChecks=true: models are plain interfaces and union types, with no
  FromJSON/ToJSON functions. The functions the generator writes otherwise do not type-check
  with tsc 4.8 on the `oneOf` of primitives (`Identifier`), and the client sends and reads
  the JSON as it is anyway.
- modelPropertyNaming=original: property names are the wire names (nothing renames them
  at run time without the checks above).
- importFileExtension=.js: relative imports name `./runtime.js`, so the compiled code runs
  as ES modules in Node.js and in browsers without a bundler.
- supportsES6=true.
The output's only run-time requirement is a global `fetch` (browsers, Node.js 18+, Deno).

One deterministic step follows the generator: only the code is kept (apis/, models/,
runtime.ts, index.ts); the Markdown docs, the generator's file list and its ignore file are
dropped, since nothing reads them.
"""
import os
import shutil
import subprocess
import sys
import tempfile

import generated_tree

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DOCUMENT = os.path.join(ROOT, "openapi.yaml")
TARGET = os.path.join(ROOT, "clients", "typescript", "generated")
GENERATOR = os.path.join(os.path.dirname(sys.executable), "openapi-generator-cli")
OPTIONS = ",".join([
    "withoutRuntimeChecks=true",
    "modelPropertyNaming=original",
    "importFileExtension=.js",
    "supportsES6=true",
])
KEEP = ["apis", "models", "runtime.ts", "index.ts"]


def generate(into: str) -> None:
    with tempfile.TemporaryDirectory() as raw:
        run = subprocess.run([GENERATOR, "generate", "--generator-name", "typescript-fetch",
                              "--input-spec", DOCUMENT, "--output", raw,
                              "--additional-properties", OPTIONS],
                             capture_output=True, text=True)
        if run.returncode != 0:
            sys.stderr.write(run.stdout + run.stderr)
            raise SystemExit("openapi-generator failed on openapi.yaml")
        for name in KEEP:
            source = os.path.join(raw, name)
            if os.path.isdir(source):
                shutil.copytree(source, os.path.join(into, name))
            else:
                shutil.copyfile(source, os.path.join(into, name))


def main() -> int:
    return generated_tree.regenerate_or_check(TARGET, ROOT, generate, "make ts-client")


if __name__ == "__main__":
    sys.exit(main())
