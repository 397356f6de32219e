// What the tests share: a live `tessera serve` on loopback, a fetch that records every
// request, and openapi.yaml's operations (to check that the suite called each one).

import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Result, TesseraError } from "../src/client.js";

// This file runs as clients/typescript/dist/test/support.js.
const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "..");

/** The server binary: TESSERA_BIN, else the debug build's. */
export const BINARY = process.env["TESSERA_BIN"] ?? join(ROOT, ".build", "debug", "tessera");
export const OPENAPI = join(ROOT, "openapi.yaml");

export interface Server {
  url: string;
  stop(): void;
}

/** Starts `tessera serve --port 0` and reads its address from the first line it prints. */
export function startServer(): Promise<Server> {
  const child: ChildProcess = spawn(BINARY, ["serve", "--host", "127.0.0.1", "--port", "0", "--loops", "1", "--store", "memory"],
    { stdio: ["ignore", "pipe", "ignore"] });
  return new Promise((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`tessera printed no address within 30 s: ${JSON.stringify(output)}`));
    }, 30_000);
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`tessera exited (${code}) before printing its address: ${JSON.stringify(output)}`));
    });
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk) => {
      output += chunk;
      const match = /http:\/\/127\.0\.0\.1:\d+/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ url: match[0], stop: () => void child.kill() });
      }
    });
  });
}

/** One request the client sent. */
export interface Call {
  method: string;
  path: string;
}

/** A fetch that records each request's method and path, then sends it. */
export function recordingFetch(calls: Call[]): typeof fetch {
  return (input, init) => {
    const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url);
    calls.push({ method: (init?.method ?? "GET").toUpperCase(), path: url.pathname });
    return fetch(input, init);
  };
}

/** An operation of openapi.yaml: its id, method and path template as a regular expression. */
export interface Operation {
  id: string;
  method: string;
  path: RegExp;
}

/**
 * The operations of openapi.yaml, read from its `paths` section by indentation (two spaces
 * for a path, four for a method, six for its operationId; the links' operationIds are
 * deeper and so not counted).
 */
export function operations(): Operation[] {
  const found: Operation[] = [];
  let inPaths = false;
  let path = "";
  let method = "";
  for (const line of readFileSync(OPENAPI, "utf8").split("\n")) {
    if (/^\S/.test(line)) inPaths = line.startsWith("paths:");
    if (!inPaths) continue;
    const pathLine = /^ {2}(\/\S*):\s*$/.exec(line);
    if (pathLine) path = pathLine[1] ?? "";
    const methodLine = /^ {4}(get|put|post|patch|delete|head|options):\s*$/.exec(line);
    if (methodLine) method = (methodLine[1] ?? "").toUpperCase();
    const idLine = /^ {6}operationId:\s*(\w+)\s*$/.exec(line);
    if (idLine) {
      const pattern = path.split("/").map((part) =>
        part.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[^}]+\}/g, "[^/]+")).join("/");
      found.push({ id: idLine[1] ?? "", method, path: new RegExp(`^${pattern}$`) });
    }
  }
  return found;
}

/** The value of a successful Result (fails the test otherwise). */
export function ok<T>(result: Result<T>, what = "the call"): T {
  if (!result.ok) assert.fail(`${what} failed: ${JSON.stringify(result.error)}`);
  return result.value;
}

/** The error of a failed Result, checked against the expected status and code. */
export function failed<T>(result: Result<T>, status: number, code: string): TesseraError {
  if (result.ok) assert.fail(`expected ${status} ${code}, got ${JSON.stringify(result.value)}`);
  assert.equal(result.error.status, status, JSON.stringify(result.error));
  assert.equal(result.error.code, code, JSON.stringify(result.error));
  return result.error;
}
