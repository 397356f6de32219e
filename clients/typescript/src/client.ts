// TesseraClient: the common flows of Tessera's HTTP API (openapi.yaml), with errors as values.
//
// It is a thin layer over the code openapi-generator writes from openapi.yaml
// (../generated, `typescript-fetch`): the request and answer types are the generated models,
// and the requests are sent by the generated API classes (their `...Raw` methods), so the
// paths, methods, path escaping and query encoding come from the contract rather than from
// hand-written strings, and a contract change that breaks a call breaks the type check. What
// this layer adds is what the generated classes do not do: they throw on any non-2xx answer
// and on network failures, and they drop the ETag. Here every method resolves to a
// Result (never rejects), with the server's error object as a typed value and the ETag
// alongside the value; `signal` and `ifMatch` go through the generated code's per-call init
// override, so every method takes both.

import {
  Configuration,
  ElementsApi,
  FetchError,
  InteractionApi,
  LayoutApi,
  LayoutsApi,
  RequiredError,
  ResponseError,
  ServiceApi,
  SessionsApi,
  SnapshotsApi,
  UpdatesApi,
  ViewApi,
} from "../generated/index.js";
import type {
  ApiResponse,
  ContentOffsetResult,
  Element,
  ElementsPage,
  Health,
  HTTPHeaders,
  InitOverrideFunction,
  InteractiveMovement200Response,
  InteractiveMovementRequest,
  LayoutRequest,
  LayoutResult,
  LayoutSwitchRequest,
  OneShotLayoutRequest,
  PlanResult,
  PreferredSizesRequest,
  PreferredSizesResult,
  Readiness,
  RectObject,
  ScrollToItemRequest,
  ScrollToItemResult,
  Session,
  SessionCreated,
  Snapshot,
  SnapshotOperationsRequest,
  SnapshotRequest,
  SnapshotResult,
  TargetContentOffsetRequest,
  TransitionBegun,
  TransitionEnded,
  TransitionRequest,
  UpdatesRequest,
  ViewInput,
  ViewUpdate,
} from "../generated/index.js";
import type { CallOptions, FetchFunction, Result, TesseraError } from "./result.js";

export type { CallOptions, FetchFunction, Result, TesseraError } from "./result.js";
// The generated models (request and answer types), for callers that build requests.
export * from "../generated/models/index.js";

/** `[section, item]`, as the server writes index paths. */
export type IndexPath = readonly number[];

/** Options of `elements`. */
export interface ElementsOptions extends CallOptions {
  /** The progress of the session's interactive transition (0...1) to lay out at. */
  progress?: number;
}

/** The picture options of `renderSession` and `renderLayout` (query parameters). */
export interface PictureOptions extends CallOptions {
  /** Index path labels on cells (default true). */
  labels?: boolean;
  /** Points per picture unit (default 1). */
  scale?: number;
  theme?: "light" | "dark";
}

/** Options of `renderSession`: the picture's and `elements`' options. */
export interface RenderSessionOptions extends PictureOptions {
  /** The part of the content to draw (default: the view's visible rect). */
  rect?: RectObject;
  progress?: number;
}

/** What `new TesseraClient` takes besides the server's address. */
export interface TesseraClientOptions {
  /** The `fetch` to send requests with (default: the global one). */
  fetch?: FetchFunction;
}

type Reader = "json" | "text" | "none";

function rectQuery(rect: RectObject): string {
  return `${rect.x},${rect.y},${rect.width},${rect.height}`;
}

function isAbort(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { name?: unknown }).name === "AbortError";
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as Error & { cause?: unknown }).cause;
    return cause instanceof Error ? `${error.message}: ${cause.message}` : error.message;
  }
  return String(error);
}

/** A failed call's Result. */
function failure<T>(error: TesseraError): Result<T> {
  return { ok: false, error };
}

/** The error of a non-2xx answer, from its `{"error": {code, message, field}}` body. */
async function errorOf(response: Response, signal: AbortSignal | undefined): Promise<TesseraError> {
  let text = "";
  try {
    text = await response.text();
  } catch (error) {
    if (signal?.aborted || isAbort(error)) {
      return { status: 0, code: "aborted", message: "the request was aborted" };
    }
  }
  try {
    const body = JSON.parse(text) as { error?: { code?: unknown; message?: unknown; field?: unknown } };
    const error = body.error;
    if (error && typeof error.code === "string" && typeof error.message === "string") {
      const value: TesseraError = { status: response.status, code: error.code, message: error.message };
      if (typeof error.field === "string") value.field = error.field;
      return value;
    }
  } catch {
    // not JSON: reported below
  }
  return {
    status: response.status,
    code: "http_error",
    message: `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ""}`,
  };
}

/**
 * A client of one Tessera server. Every method resolves to a `Result` (it never rejects):
 * `{ok: true, value, etag?}` or `{ok: false, error}`; see `TesseraError`.
 *
 * ```ts
 * const tessera = new TesseraClient("http://127.0.0.1:8080");
 * const created = await tessera.createSession({layout: {type: "flow", itemSize: [100, 100]},
 *   dataSource: {sections: [{itemCount: 50}]}, view: {bounds: [320, 500]}});
 * if (!created.ok) throw new Error(created.error.message);
 * const page = await tessera.elements(created.value.id, {x: 0, y: 0, width: 320, height: 500});
 * ```
 */
export class TesseraClient {
  readonly baseUrl: string;
  private readonly sessions: SessionsApi;
  private readonly elementsApi: ElementsApi;
  private readonly view: ViewApi;
  private readonly updates: UpdatesApi;
  private readonly snapshots: SnapshotsApi;
  private readonly layouts: LayoutsApi;
  private readonly interaction: InteractionApi;
  private readonly oneShot: LayoutApi;
  private readonly service: ServiceApi;

  /**
   * @param baseUrl the server's address, e.g. `http://127.0.0.1:8080` (a trailing `/` is
   *   ignored; `""` sends same-origin requests in a browser).
   * @param options `fetch`: the function requests go through (default: the global `fetch`).
   */
  constructor(baseUrl: string, options: TesseraClientOptions = {}) {
    this.baseUrl = baseUrl.replace(/\/+$/, "");
    const configuration = new Configuration({ basePath: this.baseUrl, fetchApi: options.fetch });
    this.sessions = new SessionsApi(configuration);
    this.elementsApi = new ElementsApi(configuration);
    this.view = new ViewApi(configuration);
    this.updates = new UpdatesApi(configuration);
    this.snapshots = new SnapshotsApi(configuration);
    this.layouts = new LayoutsApi(configuration);
    this.interaction = new InteractionApi(configuration);
    this.oneShot = new LayoutApi(configuration);
    this.service = new ServiceApi(configuration);
  }

  // Sessions

  /** `POST /v1/sessions` (createSession): a new session at version 1. */
  createSession(body: LayoutRequest, options?: CallOptions): Promise<Result<SessionCreated>> {
    return this.call((init) => this.sessions.createSessionRaw({ layoutRequest: body }, init), "json", options);
  }

  /** `GET /v1/sessions/{id}` (getSession): the session's sections, content size and info. */
  getSession(id: string, options?: CallOptions): Promise<Result<Session>> {
    return this.call((init) => this.sessions.getSessionRaw({ id }, init), "json", options);
  }

  /** `DELETE /v1/sessions/{id}` (deleteSession). With `ifMatch`, only at that version. */
  deleteSession(id: string, options?: CallOptions): Promise<Result<void>> {
    return this.call((init) => this.sessions.deleteSessionRaw({ id }, init), "none", options);
  }

  // Elements

  /**
   * `GET /v1/sessions/{id}/elements` (listElements): the elements whose frames intersect
   * `rect` (every element when `rect` is null), cells first, with the version and content size.
   */
  elements(id: string, rect: RectObject | null, options?: ElementsOptions): Promise<Result<ElementsPage>> {
    const query = {
      id,
      ...(rect ? { rect: rectQuery(rect) } : {}),
      ...(options?.progress !== undefined ? { progress: options.progress } : {}),
    };
    return this.call((init) => this.elementsApi.listElementsRaw(query, init), "json", options);
  }

  /** `GET /v1/sessions/{id}/items/{section}/{item}` (getItem): one cell's attributes. */
  item(id: string, indexPath: IndexPath, options?: CallOptions): Promise<Result<Element>> {
    const [section = 0, item = 0] = indexPath;
    return this.call((init) => this.elementsApi.getItemRaw({ id, section, item }, init), "json", options);
  }

  /** `GET /v1/sessions/{id}/supplementary/{kind}/{section}/{item}` (getSupplementaryView). */
  supplementaryView(id: string, kind: string, indexPath: IndexPath, options?: CallOptions): Promise<Result<Element>> {
    const [section = 0, item = 0] = indexPath;
    return this.call(
      (init) => this.elementsApi.getSupplementaryViewRaw({ id, kind, section, item }, init), "json", options);
  }

  /** `GET /v1/sessions/{id}/decorations/{kind}/{section}/{item}` (getDecorationView). */
  decorationView(id: string, kind: string, indexPath: IndexPath, options?: CallOptions): Promise<Result<Element>> {
    const [section = 0, item = 0] = indexPath;
    return this.call(
      (init) => this.elementsApi.getDecorationViewRaw({ id, kind, section, item }, init), "json", options);
  }

  /** `GET /v1/sessions/{id}/render.svg` (renderSession): the session drawn as SVG text. */
  renderSession(id: string, options?: RenderSessionOptions): Promise<Result<string>> {
    const query = {
      id,
      ...(options?.rect ? { rect: rectQuery(options.rect) } : {}),
      ...(options?.progress !== undefined ? { progress: options.progress } : {}),
      ...(options?.labels !== undefined ? { labels: options.labels ? ("true" as const) : ("false" as const) } : {}),
      ...(options?.scale !== undefined ? { scale: options.scale } : {}),
      ...(options?.theme !== undefined ? { theme: options.theme } : {}),
    };
    return this.call((init) => this.elementsApi.renderSessionRaw(query, init), "text", options);
  }

  // View

  /**
   * `PATCH /v1/sessions/{id}/view` (updateView): scroll or resize; the members left out
   * keep their values. Answers the new version and what the change invalidated.
   */
  patchView(id: string, body: ViewInput, options?: CallOptions): Promise<Result<ViewUpdate>> {
    return this.call((init) => this.view.updateViewRaw({ id, viewInput: body }, init), "json", options);
  }

  // Updates

  /**
   * `POST /v1/sessions/{id}/updates` (applyUpdates): performBatchUpdates by index path,
   * answering the animation plan (and, with `anchor`, the adjusted content offset).
   */
  performBatchUpdates(id: string, body: UpdatesRequest, options?: CallOptions): Promise<Result<PlanResult>> {
    return this.call((init) => this.updates.applyUpdatesRaw({ id, updatesRequest: body }, init), "json", options);
  }

  /** `POST /v1/sessions/{id}/preferred-sizes` (preferredSizes): self-sizing cells' sizes. */
  preferredSizes(id: string, body: PreferredSizesRequest, options?: CallOptions): Promise<Result<PreferredSizesResult>> {
    return this.call(
      (init) => this.updates.preferredSizesRaw({ id, preferredSizesRequest: body }, init), "json", options);
  }

  // Snapshots (sessions with identifiers; docs/snapshots.md)

  /** `GET /v1/sessions/{id}/snapshot` (getSnapshot): the sections and items by identifier. */
  getSnapshot(id: string, options?: CallOptions): Promise<Result<Snapshot>> {
    return this.call((init) => this.snapshots.getSnapshotRaw({ id }, init), "json", options);
  }

  /** `PUT /v1/sessions/{id}/snapshot` (applySnapshot): apply(_:animatingDifferences:). */
  applySnapshot(id: string, body: SnapshotRequest, options?: CallOptions): Promise<Result<SnapshotResult>> {
    return this.call((init) => this.snapshots.applySnapshotRaw({ id, snapshotRequest: body }, init), "json", options);
  }

  /** `POST /v1/sessions/{id}/snapshot/operations` (applySnapshotOperations). */
  snapshotOperations(id: string, body: SnapshotOperationsRequest, options?: CallOptions): Promise<Result<SnapshotResult>> {
    return this.call(
      (init) => this.snapshots.applySnapshotOperationsRaw({ id, snapshotOperationsRequest: body }, init),
      "json", options);
  }

  // Layouts

  /** `PUT /v1/sessions/{id}/layout` (switchLayout): setCollectionViewLayout, with its plan. */
  setLayout(id: string, body: LayoutSwitchRequest, options?: CallOptions): Promise<Result<PlanResult>> {
    return this.call((init) => this.layouts.switchLayoutRaw({ id, layoutSwitchRequest: body }, init), "json", options);
  }

  /** `POST /v1/sessions/{id}/transition` (beginTransition): starts an interactive transition. */
  beginTransition(id: string, body: TransitionRequest, options?: CallOptions): Promise<Result<TransitionBegun>> {
    return this.call(
      (init) => this.layouts.beginTransitionRaw({ id, transitionRequest: body }, init), "json", options);
  }

  /** `POST /v1/sessions/{id}/transition/finish` (finishTransition): keeps the new layout. */
  finishTransition(id: string, options?: CallOptions): Promise<Result<TransitionEnded>> {
    return this.call((init) => this.layouts.finishTransitionRaw({ id }, init), "json", options);
  }

  /** `POST /v1/sessions/{id}/transition/cancel` (cancelTransition): keeps the old layout. */
  cancelTransition(id: string, options?: CallOptions): Promise<Result<TransitionEnded>> {
    return this.call((init) => this.layouts.cancelTransitionRaw({ id }, init), "json", options);
  }

  // Interaction

  /**
   * `POST /v1/sessions/{id}/scroll-to-item` (scrollToItem): the offset
   * scrollToItem(at:at:animated:) scrolls to; with `apply: true` it becomes the view's
   * contentOffset (a new version).
   */
  scrollToItem(id: string, request: ScrollToItemRequest, options?: CallOptions): Promise<Result<ScrollToItemResult>> {
    return this.call(
      (init) => this.interaction.scrollToItemRaw({ id, scrollToItemRequest: request }, init), "json", options);
  }

  /** `POST /v1/sessions/{id}/target-content-offset` (targetContentOffset): where a scroll rests. */
  targetContentOffset(id: string, body: TargetContentOffsetRequest, options?: CallOptions): Promise<Result<ContentOffsetResult>> {
    return this.call(
      (init) => this.interaction.targetContentOffsetRaw({ id, targetContentOffsetRequest: body }, init),
      "json", options);
  }

  /**
   * `POST /v1/sessions/{id}/interactive-movement` (interactiveMovement): one phase of an
   * interactive reordering; `end` answers a plan, the others the movement's state.
   */
  interactiveMovement(id: string, body: InteractiveMovementRequest, options?: CallOptions): Promise<Result<InteractiveMovement200Response>> {
    return this.call(
      (init) => this.interaction.interactiveMovementRaw({ id, interactiveMovementRequest: body }, init),
      "json", options);
  }

  // One-shot layout (nothing kept)

  /** `POST /v1/layout` (computeLayout): lays out once and answers the elements. */
  computeLayout(body: OneShotLayoutRequest, options?: CallOptions): Promise<Result<LayoutResult>> {
    return this.call((init) => this.oneShot.computeLayoutRaw({ oneShotLayoutRequest: body }, init), "json", options);
  }

  /** `POST /v1/render` (renderLayout): lays out once and answers the SVG text. */
  renderLayout(body: OneShotLayoutRequest, options?: PictureOptions): Promise<Result<string>> {
    const query = {
      oneShotLayoutRequest: body,
      ...(options?.labels !== undefined ? { labels: options.labels ? ("true" as const) : ("false" as const) } : {}),
      ...(options?.scale !== undefined ? { scale: options.scale } : {}),
      ...(options?.theme !== undefined ? { theme: options.theme } : {}),
    };
    return this.call((init) => this.oneShot.renderLayoutRaw(query, init), "text", options);
  }

  // Service

  /** `GET /healthz` (getHealth). */
  health(options?: CallOptions): Promise<Result<Health>> {
    return this.call((init) => this.service.getHealthRaw(init), "json", options);
  }

  /** `GET /readyz` (getReadiness): 200 when ready, a 503 error value when not. */
  readiness(options?: CallOptions): Promise<Result<Readiness>> {
    return this.call((init) => this.service.getReadinessRaw(init), "json", options);
  }

  /** `GET /openapi.yaml` (getOpenAPIDocument): the contract, as YAML text. */
  openAPIDocument(options?: CallOptions): Promise<Result<string>> {
    return this.call((init) => this.service.getOpenAPIDocumentRaw(init), "text", options);
  }

  /** `GET /metrics` (getMetrics): Prometheus text. */
  metrics(options?: CallOptions): Promise<Result<string>> {
    return this.call((init) => this.service.getMetricsRaw(init), "text", options);
  }

  // Transport

  /**
   * Sends one request through a generated API method and turns whatever happens into a
   * Result: `signal` and `If-Match` are added by the init override; the generated code's
   * ResponseError (non-2xx), FetchError (no answer) and RequiredError (a missing
   * parameter) become error values.
   */
  private async call<T>(
    send: (init: InitOverrideFunction) => Promise<ApiResponse<unknown>>,
    reader: Reader,
    options: CallOptions | undefined,
  ): Promise<Result<T>> {
    const signal = options?.signal;
    const ifMatch = options?.ifMatch;
    const override: InitOverrideFunction = async ({ init }) => {
      const headers: HTTPHeaders = { ...(init.headers ?? {}) };
      if (ifMatch !== undefined) headers["If-Match"] = ifMatch;
      return signal ? { headers, signal } : { headers };
    };
    let response: Response;
    try {
      response = (await send(override)).raw;
    } catch (error) {
      if (error instanceof ResponseError) return failure(await errorOf(error.response, signal));
      if (signal?.aborted || isAbort(error) || (error instanceof FetchError && isAbort(error.cause))) {
        return failure({ status: 0, code: "aborted", message: "the request was aborted" });
      }
      if (error instanceof RequiredError) {
        return failure({ status: 0, code: "invalid_argument", message: error.message, field: error.field });
      }
      return failure({ status: 0, code: "network", message: describe(error) });
    }
    const etag = response.headers.get("ETag");
    let value: unknown;
    try {
      value = reader === "json" ? await response.json() : reader === "text" ? await response.text() : undefined;
    } catch (error) {
      if (signal?.aborted || isAbort(error)) {
        return failure({ status: 0, code: "aborted", message: "the request was aborted" });
      }
      return failure({ status: response.status, code: "invalid_response", message: describe(error) });
    }
    return etag === null ? { ok: true, value: value as T } : { ok: true, value: value as T, etag };
  }
}
