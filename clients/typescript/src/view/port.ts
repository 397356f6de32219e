// The calls <tessera-view> makes, through the TypeScript client (../client.ts). The element
// builds its request bodies from what the page gives it (plain objects), so bodies go in as the
// client's request types; answers are read as the shapes below, which the contract's answers
// (the client's models) carry.
import { TesseraClient } from '../client.js';
import type { FetchFunction, Result, TesseraError } from '../result.js';
import type { LayoutElement, PlannedAnswer } from './element.js';
import type { Point, Rect, Size } from './geometry.js';

export type CallFailure = TesseraError;
export type CallResult<T> = Result<T>;
export type FetchLike = FetchFunction;

type Body = Record<string, unknown>;
/** The request type a client method takes after the session id. */
type Request<M extends keyof TesseraClient> = TesseraClient[M] extends (id: string, body: infer B, ...rest: never[]) => unknown ? B : never;

export interface ElementsAnswer {
  version: number;
  contentSize: Size;
  elements: LayoutElement[];
}

export interface ViewAnswer {
  version: number;
  invalidated: boolean;
  contentSize: Size;
}

export interface SessionAnswer {
  version: number;
  contentSize: Size;
  view: { bounds: Size; contentOffset: Point; layoutDirection?: 'leftToRight' | 'rightToLeft' };
  /** Present (true) when the collection view flips its horizontal axis (right to left). */
  axisFlipped?: boolean;
}

export interface ScrollAnswer {
  version: number;
  contentOffset: Point;
  frame: Rect;
}

const as = <T>(call: Promise<Result<unknown>>): Promise<Result<T>> => call as Promise<Result<T>>;

export class Port {
  private readonly client: TesseraClient;

  constructor(server: string, fetch?: FetchLike) {
    this.client = new TesseraClient(server, fetch ? { fetch } : {});
  }

  createSession(body: Body): Promise<Result<{ id: string; version: number; contentSize: Size }>> {
    return as(this.client.createSession(body as unknown as Parameters<TesseraClient['createSession']>[0]));
  }

  getSession(id: string): Promise<Result<SessionAnswer>> {
    return as(this.client.getSession(id));
  }

  elements(id: string, rect: Rect, signal: AbortSignal): Promise<Result<ElementsAnswer>> {
    return as(this.client.elements(id, rect, { signal }));
  }

  patchView(id: string, body: Body): Promise<Result<ViewAnswer>> {
    return as(this.client.patchView(id, body as unknown as Request<'patchView'>));
  }

  scrollToItem(id: string, body: Body): Promise<Result<ScrollAnswer>> {
    return as(this.client.scrollToItem(id, body as unknown as Request<'scrollToItem'>));
  }

  performBatchUpdates(id: string, body: Body): Promise<Result<PlannedAnswer>> {
    return as(this.client.performBatchUpdates(id, body as unknown as Request<'performBatchUpdates'>));
  }

  applySnapshot(id: string, body: Body): Promise<Result<PlannedAnswer>> {
    return as(this.client.applySnapshot(id, body as unknown as Request<'applySnapshot'>));
  }

  setLayout(id: string, body: Body): Promise<Result<PlannedAnswer>> {
    return as(this.client.setLayout(id, body as unknown as Request<'setLayout'>));
  }
}
