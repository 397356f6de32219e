// The few Node.js built-ins the tests use, declared by hand: the client type-checks with the
// DOM's fetch types alone, and @types/node is not installed (the tests need no npm package).

declare const process: {
  env: Record<string, string | undefined>;
};

declare module "node:test" {
  type Body = () => void | Promise<void>;
  export function test(name: string, body: Body): Promise<void>;
  export function before(body: Body): void;
  export function after(body: Body): void;
}

declare module "node:assert/strict" {
  interface Assert {
    (value: unknown, message?: string): asserts value;
    ok(value: unknown, message?: string): asserts value;
    equal<T>(actual: unknown, expected: T, message?: string): asserts actual is T;
    deepEqual<T>(actual: unknown, expected: T, message?: string): asserts actual is T;
    match(value: string, pattern: RegExp, message?: string): void;
    fail(message?: string): never;
  }
  const assert: Assert;
  export default assert;
}

declare module "node:child_process" {
  interface Readable {
    setEncoding(encoding: "utf8"): void;
    on(event: "data", listener: (chunk: string) => void): void;
  }
  export interface ChildProcess {
    readonly stdout: Readable;
    readonly exitCode: number | null;
    kill(signal?: string): boolean;
    on(event: "exit", listener: (code: number | null) => void): void;
    on(event: "error", listener: (error: Error) => void): void;
  }
  export function spawn(command: string, args: string[],
    options: { stdio: ["ignore", "pipe", "ignore" | "inherit"] }): ChildProcess;
}

declare module "node:fs" {
  export function readFileSync(path: string, encoding: "utf8"): string;
  export function existsSync(path: string): boolean;
}

declare module "node:url" {
  export function fileURLToPath(url: string): string;
}

declare module "node:path" {
  export function join(...parts: string[]): string;
  export function dirname(path: string): string;
}
