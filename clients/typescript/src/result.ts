// The client's error model: every call resolves to a Result, never rejects.

/**
 * What went wrong with a call.
 *
 * - An answer of the server outside 2xx: its status and the `code`, `message` and `field`
 *   of its `{"error": {...}}` body (openapi.yaml, "Errors"). `field` names the offending
 *   input (a JSON path such as `layout.itemSize`, or a query or path parameter or header).
 *   A body that is not Tessera's error object gives `code: "http_error"`.
 * - No answer (connection refused, DNS, CORS, reset): `status: 0, code: "network"`.
 * - The call's `signal` aborted it: `status: 0, code: "aborted"`.
 * - A 2xx answer whose body is not the JSON expected: its status, `code: "invalid_response"`.
 */
export interface TesseraError {
  status: number;
  code: string;
  message: string;
  field?: string;
}

/**
 * The outcome of a call. `etag` is the answer's `ETag` (the session's version, quotes
 * included, e.g. `"3"`), ready to pass back as `ifMatch`.
 */
export type Result<T> =
  | { ok: true; value: T; etag?: string }
  | { ok: false; error: TesseraError };

/** Options every call takes. */
export interface CallOptions {
  /** Aborts the request; the call then resolves to `{ok: false, error: {code: "aborted"}}`. */
  signal?: AbortSignal;
  /**
   * Sent as `If-Match`: a change then applies only while the session is at that version
   * (an `etag` of an earlier answer); otherwise the server answers 412
   * `precondition_failed` and changes nothing.
   */
  ifMatch?: string;
}

/** The `fetch` the client calls: the global one unless injected. */
export type FetchFunction = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
