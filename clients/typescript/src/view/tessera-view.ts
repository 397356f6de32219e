// <tessera-view>: a collection view in the browser whose layout is a Tessera session. It asks
// the server only for the elements near the visible rect as the user scrolls, places a pool of
// nodes with CSS transforms, and plays the server's animation plans. Platform APIs only:
// custom elements, shadow DOM, ResizeObserver, fetch and the Web Animations API.
import { playPlan } from './animation.js';
import { flippedOffsetX, layoutRect } from './direction.js';
import type { LayoutElement, PlannedAnswer } from './element.js';
import { clipped, contains, integral, intersects, outset, samePoint, type Point, type Rect, type Size } from './geometry.js';
import { listShape, listStyle } from './list.js';
import { Port, type CallFailure, type FetchLike } from './port.js';
import { Stage, type Renderer } from './stage.js';

export type { LayoutElement, PlanEntry, PlannedAnswer } from './element.js';
export type { Point, Rect, Size } from './geometry.js';
export type { Renderer } from './stage.js';

/** A refused or failed request: the server's `{status, code, message, field?}`. */
export class TesseraViewError extends Error {
  readonly status: number;
  readonly code: string;
  readonly field?: string;

  constructor(error: CallFailure) {
    super(error.field ? `${error.field}: ${error.message}` : error.message);
    this.name = 'TesseraViewError';
    this.status = error.status;
    this.code = error.code;
    if (error.field !== undefined) this.field = error.field;
  }
}

/** How `open` finds its session: a body to create one from, or the id of one that exists. */
export interface OpenOptions {
  /** The server's base URL; the `server` attribute, or this page's origin, by default. */
  server?: string;
  /** `POST /v1/sessions`'s body. Its `view.bounds` is replaced by the element's size. */
  body?: Record<string, unknown>;
  sessionId?: string;
  /** The fetch the client calls (the global one by default). */
  fetch?: FetchLike;
}

/** scrollToItem's positions (UICollectionView.ScrollPosition). */
export type ScrollPosition =
  | 'top' | 'centeredVertically' | 'bottom' | 'left' | 'centeredHorizontally' | 'right' | 'none';

/** Options of the changes: `anchor` is `"firstVisible"` unless given (null: none). */
export interface ChangeOptions {
  anchor?: 'firstVisible' | { indexPath: number[]; kind?: string } | null;
}

const STYLE = `
:host { display: block; position: relative; overflow: auto; contain: strict; height: 300px;
        scrollbar-gutter: stable; overscroll-behavior: contain; will-change: scroll-position;
        background-color: Canvas; }
:host([hidden]) { display: none; }
.content { position: relative; overflow: clip; isolation: isolate; }
`;

/** Share of the viewport's width and height fetched beyond each edge (half ahead, half behind
 *  at rest; while scrolling, most of it ahead). */
const DEFAULT_MARGIN = 0.25;
/** A new rect is asked for when less than this share of the viewport is left ahead (at most
 *  0.4 of the margin). */
const SLACK = 0.1;
/** How long the view's offset may go unsynced while scrolling (when the layout does not depend on it). */
const OFFSET_SYNC_DELAY = 100;

function defaultRenderer(e: LayoutElement): Node {
  const label = document.createElement('div');
  const path = `${e.indexPath[0]},${e.indexPath[1]}`;
  label.textContent = e.kind ? `${e.kind} ${path}` : path;
  const s = label.style;
  s.width = s.height = '100%';
  s.boxSizing = 'border-box';
  s.overflow = 'hidden';
  s.font = '12px system-ui, sans-serif';
  s.padding = '2px 4px';
  s.border = '1px solid rgba(0, 0, 0, 0.25)';
  s.background = e.category === 'cell' ? '#dbe7f7' : e.category === 'supplementary' ? '#f4e3c1' : 'rgba(0, 0, 0, 0.06)';
  // List sections' separators (no label) and inset groups (list.ts).
  const shape = listShape(e);
  if (shape) {
    Object.assign(s, listStyle(shape));
    if (shape === 'hairline') label.textContent = '';
  }
  return label;
}

function sizeOf(value: unknown): Size | null {
  if (Array.isArray(value) && value.length === 2) return { width: Number(value[0]), height: Number(value[1]) };
  if (value && typeof value === 'object') {
    const s = value as { width?: unknown; height?: unknown };
    if (typeof s.width === 'number' && typeof s.height === 'number') return { width: s.width, height: s.height };
  }
  return null;
}

function pointOf(value: unknown): Point | null {
  if (Array.isArray(value) && value.length === 2) return { x: Number(value[0]), y: Number(value[1]) };
  if (value && typeof value === 'object') {
    const p = value as { x?: unknown; y?: unknown };
    if (typeof p.x === 'number' && typeof p.y === 'number') return { x: p.x, y: p.y };
  }
  return null;
}

export class TesseraView extends HTMLElement {
  static get observedAttributes(): string[] {
    return ['server', 'session-id'];
  }

  /** Draws an element's content (the node goes inside the element's positioned wrapper). */
  renderElement: Renderer = defaultRenderer;
  /** Animation of plans, in milliseconds (0: none) and a CSS easing. */
  animationDuration = 300;
  animationEasing = 'ease-in-out';
  /** Share of the viewport fetched beyond each edge. */
  margin = DEFAULT_MARGIN;

  private readonly content: HTMLDivElement;
  private readonly stage: Stage;
  private port: Port | null = null;
  private sid: string | null = null;
  private size: Size = { width: 0, height: 0 };
  /** The bounds the server has. */
  private bounds: Size | null = null;
  /** The contentOffset the server has. */
  private syncedOffset: Point | null = null;
  /** Whether the session's collection view flips its horizontal axis (right to left): then
   *  nodes go to their visual frames and the scroll position is mirrored. */
  private flipped = false;
  /** Whether the layout's answers depend on the offset (pinned headers, cover flow): then
   *  every fetch first tells the server the offset. Learnt from PATCH …/view answers. */
  private offsetSensitive = false;
  /** Whether a PATCH of the offset alone has been answered since the layout was set. */
  private offsetProbed = false;
  /** Bumped by every change: answers asked for before it are dropped. */
  private generation = 0;
  /** The version of the last change; older element answers are stale. */
  private changeVersion = 0;
  private versionSeen = 0;
  /** The rect whose elements are placed. */
  private fetched: Rect | null = null;
  private cycleRunning = false;
  private dirty = false;
  private controller: AbortController | null = null;
  private busy = 0;
  private pendingChanges = 0;
  private changes: Promise<unknown> = Promise.resolve();
  private offsetTimer = 0;
  private smoothTimer = 0;
  private offsetSyncing: Promise<void> | null = null;
  private lastOffset: Point = { x: 0, y: 0 };
  private direction: Point = { x: 0, y: 0 };
  private idleWaiters: (() => void)[] = [];
  private readonly resizeObserver: ResizeObserver;
  private opened: Promise<void> | null = null;
  /** The last failure reported while opening (whenIdle also wakes on one). */
  private failure: unknown = null;

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    const style = document.createElement('style');
    style.textContent = STYLE;
    this.content = document.createElement('div');
    this.content.className = 'content';
    this.content.setAttribute('part', 'content');
    this.content.appendChild(document.createElement('slot'));
    root.append(style, this.content);
    this.stage = new Stage(this, () => this.renderElement);
    this.resizeObserver = new ResizeObserver(() => this.onResize());
    this.addEventListener('scroll', () => this.onScroll(), { passive: true });
  }

  connectedCallback(): void {
    this.resizeObserver.observe(this);
    const id = this.getAttribute('session-id');
    if (id && !this.opened) this.opened = this.open({ sessionId: id }).catch((e) => this.report(e));
  }

  disconnectedCallback(): void {
    this.resizeObserver.disconnect();
    this.controller?.abort();
  }

  attributeChangedCallback(name: string, old: string | null, value: string | null): void {
    if (name === 'session-id' && value && value !== old && value !== this.sid && this.isConnected) {
      this.opened = this.open({ sessionId: value }).catch((e) => this.report(e));
    }
  }

  // MARK: Public state

  /** The session's id (null before `open`). */
  get sessionId(): string | null {
    return this.sid;
  }

  /** The session's latest version this element knows. */
  get version(): number {
    return this.versionSeen;
  }

  get contentSize(): Size {
    return { ...this.size };
  }

  /** The element that holds the placed nodes: its top-left corner is the content's origin. */
  get contentElement(): HTMLElement {
    return this.content;
  }

  /** The rect whose elements are placed (the visible rect and its margin). */
  get placedRect(): Rect | null {
    return this.fetched && { ...this.fetched };
  }

  /** Whether the session says its axis is flipped (docs/layout-direction.md): read when the
   *  session is opened and after `setLayout`. */
  get axisFlipped(): boolean {
    return this.flipped;
  }

  /** The visible rect, in content coordinates (the layout's space, as the API takes rects):
   *  the bounds at the scroll position, mirrored when the axis is flipped. */
  visibleRect(): Rect {
    const view = { width: this.clientWidth, height: this.clientHeight };
    return layoutRect({ left: this.scrollLeft, top: this.scrollTop }, view, this.mirrorWidth());
  }

  /** Nothing in flight, nothing waiting, the server's view at the element's scroll position,
   *  and the visible rect's elements placed. */
  get idle(): boolean {
    return this.quiet() && this.offsetHeld();
  }

  /** Nothing in flight or waiting, and the visible rect's elements placed. */
  private quiet(): boolean {
    return (
      this.sid !== null && !this.cycleRunning && !this.dirty && this.busy === 0 && this.pendingChanges === 0 &&
      this.offsetSyncing === null && this.offsetTimer === 0 && this.smoothTimer === 0 && this.fetched !== null &&
      !this.needsFetch()
    );
  }

  /** Whether the server has the scroll position. A position set from script moves at once but
   *  its scroll event comes with the next frame: until then the placed rect may still hold the
   *  view while the server (and, with pinned headers, the placed elements) has the old offset. */
  private offsetHeld(): boolean {
    return samePoint(this.currentOffset(), this.syncedOffset);
  }

  /** Resolves once the element is idle (or a failure was reported: `tessera-error`). */
  whenIdle(): Promise<void> {
    if (this.idle) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  // MARK: Opening a session

  /** Creates the session from `body`, or takes `sessionId`, and shows it. Resolves when the
   *  visible elements are placed. */
  async open(options: OpenOptions): Promise<void> {
    const server = options.server ?? this.getAttribute('server') ?? location.origin;
    const port = new Port(server, options.fetch);
    this.reset();
    this.port = port;
    const size = { width: this.clientWidth, height: this.clientHeight };
    const measured = size.width > 0 && size.height > 0;
    let offset: Point = { x: 0, y: 0 };
    let contentSize: Size;
    let id: string;
    let flipped = false;
    if (options.body) {
      const view = { ...((options.body.view as Record<string, unknown> | undefined) ?? {}) };
      if (measured) view.bounds = size;
      const answer = await port.createSession({ ...options.body, view });
      if (!answer.ok) throw new TesseraViewError(answer.error);
      id = answer.value.id;
      contentSize = answer.value.contentSize;
      this.noteVersion(answer.value.version);
      offset = pointOf(view.contentOffset) ?? offset;
      this.bounds = sizeOf(view.bounds);
      // Only the session says whether the axis flips (the rules depend on the layout).
      flipped = await this.readAxis(port, id);
    } else if (options.sessionId) {
      id = options.sessionId;
      const session = await port.getSession(id);
      if (!session.ok) throw new TesseraViewError(session.error);
      contentSize = session.value.contentSize;
      offset = session.value.view.contentOffset;
      this.bounds = session.value.view.bounds;
      flipped = session.value.axisFlipped === true;
      this.noteVersion(session.value.version);
    } else {
      throw new TypeError('open needs a body or a sessionId');
    }
    if (this.port !== port) return; // opened again meanwhile
    this.sid = id;
    this.flipped = flipped;
    this.changeVersion = this.versionSeen;
    this.setContentSize(contentSize);
    this.scrollToOffset(offset);
    this.syncedOffset = offset;
    this.lastOffset = this.currentOffset();
    if (measured && !(this.bounds && this.bounds.width === size.width && this.bounds.height === size.height)) {
      await this.resize(size);
    }
    this.failure = null;
    this.requestCycle();
    await this.whenIdle();
    if (this.failure) throw this.failure;
    this.dispatchEvent(new CustomEvent('tessera-ready', { detail: { sessionId: id } }));
  }

  private reset(): void {
    this.generation++;
    this.controller?.abort();
    this.stage.clear();
    this.sid = null;
    this.port = null;
    this.fetched = null;
    this.bounds = null;
    this.syncedOffset = null;
    this.flipped = false;
    this.offsetSensitive = this.offsetProbed = false;
    this.changeVersion = this.versionSeen = 0;
    if (this.offsetTimer) clearTimeout(this.offsetTimer);
    this.offsetTimer = 0;
  }

  // MARK: Changes

  /** Scrolls so that the item (or, with `kind`, its supplementary view) is at `position`, as
   *  `scrollToItem(at:at:animated:)` does: the server computes the offset and stores it. */
  scrollToItem(
    indexPath: number[], position?: ScrollPosition | ScrollPosition[], options: { animated?: boolean; kind?: string } = {},
  ): Promise<{ contentOffset: Point; frame: Rect; version: number }> {
    return this.change(async (port, id) => {
      const body: Record<string, unknown> = { indexPath, apply: true, animated: options.animated === true };
      if (position !== undefined) body.position = position;
      if (options.kind !== undefined) body.kind = options.kind;
      await this.syncOffsetNow();
      const answer = await port.scrollToItem(id, body);
      if (!answer.ok) throw new TesseraViewError(answer.error);
      const v = answer.value;
      this.noteVersion(v.version);
      this.syncedOffset = v.contentOffset;
      if (options.animated === true) this.beginSmoothScroll();
      this.scrollToOffset(v.contentOffset, options.animated === true);
      this.requestCycle();
      return v;
    });
  }

  /** performBatchUpdates: `updates` is the operations (or the whole body of POST …/updates). */
  performBatchUpdates(updates: unknown[] | Record<string, unknown>, options: ChangeOptions = {}): Promise<PlannedAnswer> {
    const body = Array.isArray(updates) ? { updates } : { ...updates };
    return this.planned(body, options, (port, id, b) => port.performBatchUpdates(id, b));
  }

  /** Applies a diffable snapshot (the body of PUT …/snapshot). */
  applySnapshot(snapshot: Record<string, unknown>, options: ChangeOptions = {}): Promise<PlannedAnswer> {
    return this.planned({ ...snapshot }, options, (port, id, b) => port.applySnapshot(id, b));
  }

  /** Switches to another layout, animated (a layout object, or the body of PUT …/layout). */
  setLayout(layout: Record<string, unknown>, options: ChangeOptions = {}): Promise<PlannedAnswer> {
    const body = typeof layout.type === 'string' ? { layout } : { ...layout };
    return this.planned(body, options, (port, id, b) => port.setLayout(id, b), true).then((answer) => {
      // Another layout may depend on the offset where this one did not (or the other way).
      this.offsetSensitive = this.offsetProbed = false;
      return answer;
    });
  }

  /** Asks the server for the placed elements again. */
  refresh(): void {
    this.fetched = null;
    this.requestCycle();
  }

  /** Runs changes one at a time, in order. */
  private change<T>(work: (port: Port, id: string) => Promise<T>): Promise<T> {
    const port = this.port, id = this.sid;
    if (!port || !id) return Promise.reject(new Error('<tessera-view> has no session: call open first'));
    this.pendingChanges++;
    const run = this.changes.then(async () => {
      this.busy++;
      this.generation++;
      this.controller?.abort();
      try {
        return await work(port, id);
      } finally {
        this.busy--;
        this.pendingChanges--;
        this.requestCycle();
        this.settle();
      }
    });
    this.changes = run.catch(() => undefined);
    return run;
  }

  /** A change that answers a plan: sent with the placed rect and the anchor, then played.
   *  `changesLayout`: the other layout may flip the axis where this one did not (or the other
   *  way), so the session is asked again before the plan is played. */
  private planned(
    body: Record<string, unknown>, options: ChangeOptions,
    send: (port: Port, id: string, body: Record<string, unknown>) => Promise<import('./port.js').CallResult<PlannedAnswer>>,
    changesLayout = false,
  ): Promise<PlannedAnswer> {
    return this.change(async (port, id) => {
      // The server must know what is visible for `firstVisible`.
      await this.syncOffsetNow();
      if (!('anchor' in body)) body.anchor = options.anchor === undefined ? 'firstVisible' : options.anchor;
      if (!('rect' in body)) body.rect = this.fetched ?? this.requestRect();
      const answer = await send(port, id, body);
      if (!answer.ok) throw new TesseraViewError(answer.error);
      const v = answer.value;
      this.noteVersion(v.version);
      this.changeVersion = Math.max(this.changeVersion, v.version);
      this.generation++;
      this.setContentSize(v.contentSize);
      const flippedBefore = this.flipped;
      if (changesLayout) this.flipped = await this.readAxis(port, id);
      if (v.contentOffset) {
        this.scrollToOffset(v.contentOffset);
        this.syncedOffset = v.contentOffset;
        this.lastOffset = this.currentOffset();
      }
      this.fetched = null;
      if (v.plan) {
        const mirror = { from: flippedBefore ? this.size.width : null, to: this.mirrorWidth() };
        await playPlan(this.stage, v.plan, v.contentOffsetAdjustment ?? { x: 0, y: 0 }, {
          duration: this.animationDuration, easing: this.animationEasing,
        }, mirror);
      }
      return v;
    });
  }

  // MARK: Scrolling and fetching

  /** The content's width when the axis is flipped (what the screen mirrors across), else null. */
  private mirrorWidth(): number | null {
    return this.flipped ? this.size.width : null;
  }

  /** GET the session: whether its axis is flipped. */
  private async readAxis(port: Port, id: string): Promise<boolean> {
    const session = await port.getSession(id);
    if (!session.ok) throw new TesseraViewError(session.error);
    this.noteVersion(session.value.version);
    return session.value.axisFlipped === true;
  }

  /** The view's contentOffset (the layout's space) at the scroll position. */
  private currentOffset(): Point {
    return { x: flippedOffsetX(this.scrollLeft, this.mirrorWidth(), this.clientWidth), y: this.scrollTop };
  }

  private scrollToOffset(o: Point, smooth = false): void {
    const left = flippedOffsetX(o.x, this.mirrorWidth(), this.clientWidth);
    this.scrollTo({ left, top: o.y, behavior: (smooth ? 'smooth' : 'instant') as ScrollBehavior });
  }

  /** An animated scroll is under way until `scrollend` (or, where there is none, 2 s). */
  private beginSmoothScroll(): void {
    if (this.smoothTimer) clearTimeout(this.smoothTimer);
    const end = () => {
      if (!this.smoothTimer) return;
      clearTimeout(this.smoothTimer);
      this.smoothTimer = 0;
      this.removeEventListener('scrollend', end);
      this.onScroll();
      this.settle();
    };
    this.smoothTimer = window.setTimeout(end, 2000);
    this.addEventListener('scrollend', end);
  }

  private setContentSize(size: Size): void {
    if (size.width === this.size.width && size.height === this.size.height) return;
    this.size = { width: size.width, height: size.height };
    this.content.style.width = `${size.width}px`;
    this.content.style.height = `${size.height}px`;
  }

  private onScroll(): void {
    const o = this.currentOffset();
    this.direction = { x: Math.sign(o.x - this.lastOffset.x), y: Math.sign(o.y - this.lastOffset.y) };
    this.lastOffset = o;
    if (!this.sid) return;
    if (this.offsetSensitive) return this.requestCycle();
    if (this.needsFetch()) this.requestCycle();
    this.scheduleOffsetSync();
  }

  /** Whether the placed rect no longer holds the visible rect with some slack ahead. */
  private needsFetch(): boolean {
    if (!this.fetched) return true;
    const v = this.visibleRect();
    // Never more than the margin left behind the view while scrolling (0.4 of it).
    const slack = Math.min(SLACK, 0.4 * Math.max(0, this.margin));
    const sx = slack * v.width, sy = slack * v.height;
    return !contains(this.fetched, integral(clipped(outset(v, sx, sy, sx, sy), this.size)));
  }

  /** The visible rect and its margin (most of it ahead while scrolling), cut to the content. */
  private requestRect(): Rect {
    const v = this.visibleRect();
    const mx = this.margin * v.width, my = this.margin * v.height;
    const split = (m: number, d: number): [number, number] => (d > 0 ? [0.4 * m, 1.6 * m] : d < 0 ? [1.6 * m, 0.4 * m] : [m, m]);
    const [left, right] = split(mx, this.direction.x);
    const [top, bottom] = split(my, this.direction.y);
    return integral(clipped(outset(v, left, top, right, bottom), this.size));
  }

  private requestCycle(): void {
    this.dirty = true;
    if (!this.cycleRunning) void this.cycle();
  }

  /** Fetches and places the elements near the visible rect, one request at a time, until
   *  they hold it. */
  private async cycle(): Promise<void> {
    this.cycleRunning = true;
    try {
      while (this.dirty && this.port && this.sid && this.busy === 0) {
        this.dirty = false;
        const port = this.port, id = this.sid, generation = this.generation;
        if (this.offsetSensitive) {
          await this.syncOffsetNow();
          if (generation !== this.generation) continue;
        }
        const asked = this.visibleRect();
        const rect = this.requestRect();
        const controller = new AbortController();
        this.controller = controller;
        const requested = performance.now();
        const answer = await port.elements(id, rect, controller.signal);
        if (this.controller === controller) this.controller = null;
        // A change began meanwhile, or the session was replaced: ask again after it.
        if (generation !== this.generation || this.port !== port) {
          this.dirty = true;
          continue;
        }
        if (!answer.ok) {
          if (answer.error.code !== 'aborted') this.report(new TesseraViewError(answer.error));
          break;
        }
        const v = answer.value;
        this.noteVersion(v.version);
        // Stale: older than the last change, or for a rect the view has left.
        if (v.version < this.changeVersion || !intersects(rect, this.visibleRect())) {
          this.dirty = true;
          continue;
        }
        this.setContentSize(v.contentSize);
        this.stage.show(v.elements);
        this.fetched = rect;
        this.dispatchEvent(new CustomEvent('tessera-placed', {
          detail: { rect, version: v.version, count: v.elements.length, requested, time: performance.now() },
        }));
        // The view moved on while the answer came: ask for where it is now.
        const now = this.visibleRect();
        if (this.needsFetch() && (now.x !== asked.x || now.y !== asked.y)) this.dirty = true;
      }
    } finally {
      this.cycleRunning = false;
      this.settle();
    }
  }

  // MARK: The server's view

  /** Until the server has said whether the layout depends on the offset, the offset is sent
   *  at most every OFFSET_SYNC_DELAY ms while scrolling; once it has said no, only when the
   *  scrolling pauses that long (and before every change). */
  private scheduleOffsetSync(): void {
    if (this.offsetProbed && this.offsetTimer) {
      clearTimeout(this.offsetTimer);
      this.offsetTimer = 0;
    }
    if (this.offsetTimer || this.offsetSyncing) return;
    this.offsetTimer = window.setTimeout(() => {
      this.offsetTimer = 0;
      // The timer may be the last thing `idle` waited for (a scroll that left the offset the
      // server has, as opening right to left at the far right does): settle either way.
      void this.syncOffsetNow().catch((e) => this.report(e)).finally(() => this.settle());
    }, OFFSET_SYNC_DELAY);
  }

  /** Tells the server the view's offset (PATCH …/view), one request at a time. */
  private async syncOffsetNow(): Promise<void> {
    while (this.offsetSyncing) await this.offsetSyncing;
    const port = this.port, id = this.sid;
    const o = this.currentOffset();
    if (!port || !id || samePoint(o, this.syncedOffset)) return;
    const run = (async () => {
      try {
        const answer = await port.patchView(id, { contentOffset: o });
        if (!answer.ok) return this.report(new TesseraViewError(answer.error));
        this.noteVersion(answer.value.version);
        if (this.port !== port) return;
        this.syncedOffset = o;
        this.offsetProbed = true;
        if (answer.value.invalidated && !this.offsetSensitive) {
          // Pinned headers or offset-dependent transforms: fetch with the offset from now on.
          this.offsetSensitive = true;
          this.fetched = null;
          this.requestCycle();
        }
      } finally {
        this.offsetSyncing = null;
      }
    })();
    this.offsetSyncing = run;
    await run;
    if (!this.offsetSensitive && !samePoint(this.currentOffset(), this.syncedOffset)) this.scheduleOffsetSync();
    this.settle();
  }

  private onResize(): void {
    const size = { width: this.clientWidth, height: this.clientHeight };
    if (!this.sid || size.width === 0 || size.height === 0) return;
    if (this.bounds && this.bounds.width === size.width && this.bounds.height === size.height) return;
    this.resize(size).catch((e) => this.report(e));
  }

  /** PATCH …/view with the element's size as bounds. */
  private resize(size: Size): Promise<void> {
    return this.change(async (port, id) => {
      const answer = await port.patchView(id, { bounds: size });
      if (!answer.ok) throw new TesseraViewError(answer.error);
      this.bounds = size;
      this.noteVersion(answer.value.version);
      this.changeVersion = Math.max(this.changeVersion, answer.value.version);
      this.setContentSize(answer.value.contentSize);
      this.fetched = null;
    });
  }

  // MARK: Bookkeeping

  private noteVersion(version: number): void {
    if (version > this.versionSeen) this.versionSeen = version;
  }

  private settle(): void {
    if (this.idle) return this.wake();
    // The position moved with no scroll event to say so (the browser clamped a position set
    // while opening, or a flipped content's width changed): catch the server up. Not after a
    // failure, which would repeat.
    if (this.quiet() && this.failure === null) {
      if (this.offsetSensitive) this.requestCycle();
      else this.scheduleOffsetSync();
    }
  }

  private wake(): void {
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  /** A failure outside a call the page made: a `tessera-error` event (detail: the error). */
  private report(error: unknown): void {
    this.failure = error;
    this.dispatchEvent(new CustomEvent('tessera-error', { detail: error }));
    this.wake();
  }
}

if (!customElements.get('tessera-view')) customElements.define('tessera-view', TesseraView);

declare global {
  interface HTMLElementTagNameMap {
    'tessera-view': TesseraView;
  }
}
