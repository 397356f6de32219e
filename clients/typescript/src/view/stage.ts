// The nodes <tessera-view> places: one absolutely positioned wrapper per element, keyed by
// category, kind and index path, reused from a pool as elements come and go.
import { cssTransform, cssZIndex, keyOf, type LayoutElement } from './element.js';
import { listClip, listGroups } from './list.js';

/** Draws an element's content; the node goes inside the element's positioned wrapper. */
export type Renderer = (element: LayoutElement) => Node;

/** A placed node and the values last written to its style (to skip writes that change nothing). */
export interface Placed {
  node: HTMLElement;
  key: string;
  element: LayoutElement;
  transform: string;
  width: number;
  height: number;
  zIndex: string;
  opacity: string;
  hidden: boolean;
  /** The CSS clip-path last written ('' none): inset groups clip their rows (list.ts). */
  clip: string;
}

/** At most this many released wrappers wait, out of the document, for reuse. */
const POOL_LIMIT = 256;

export class Stage {
  /** The placed nodes by element key. */
  readonly placed = new Map<string, Placed>();
  private readonly pool: Placed[] = [];

  constructor(private readonly host: HTMLElement, private readonly render: () => Renderer) {}

  /** Shows exactly `elements`: nodes already placed for the same keys are moved, the others
   *  released, and new ones drawn by the renderer. */
  show(elements: readonly LayoutElement[]): void {
    const seen = new Set<string>();
    const fresh: LayoutElement[] = [];
    for (const e of elements) {
      const key = keyOf(e);
      if (seen.has(key)) continue;
      seen.add(key);
      const p = this.placed.get(key);
      if (p) {
        p.element = e;
        write(p, e);
      } else fresh.push(e);
    }
    for (const [key, p] of this.placed) if (!seen.has(key)) this.release(p);
    for (const e of fresh) this.placed.set(keyOf(e), this.acquire(e));
    this.clipGroups();
  }

  /** Clips the rows and separators of every inset group placed to the group's rounded rect
   *  (list.ts), and unclips every other node. */
  clipGroups(): void {
    const groups = listGroups(Array.from(this.placed.values(), (p) => p.element));
    for (const p of this.placed.values()) writeClip(p, listClip(p.element, groups));
  }

  /** A node for `e`, drawn and placed (a reused one when the pool has one). */
  acquire(e: LayoutElement): Placed {
    const p = this.pool.pop() ?? create();
    p.key = keyOf(e);
    p.element = e;
    this.draw(p, e);
    write(p, e);
    if (p.node.parentNode !== this.host) this.host.appendChild(p.node);
    return p;
  }

  /** Draws `e`'s content into `p` again (a reloaded element). */
  draw(p: Placed, e: LayoutElement): void {
    const d = p.node.dataset;
    d.category = e.category;
    if (e.kind !== undefined) d.kind = e.kind;
    else delete d.kind;
    p.node.replaceChildren(this.render()(e));
  }

  /** Takes `p` out of the document and off the map, into the pool. */
  release(p: Placed): void {
    if (this.placed.get(p.key) === p) this.placed.delete(p.key);
    p.node.remove();
    for (const a of p.node.getAnimations()) a.cancel();
    if (this.pool.length < POOL_LIMIT) {
      p.node.replaceChildren();
      this.pool.push(p);
    }
  }

  /** Releases every node. */
  clear(): void {
    for (const p of [...this.placed.values()]) this.release(p);
  }
}

function create(): Placed {
  const node = document.createElement('div');
  const s = node.style;
  s.position = 'absolute';
  s.left = '0';
  s.top = '0';
  s.boxSizing = 'border-box';
  s.transformOrigin = '50% 50%';
  const empty: LayoutElement = { category: 'cell', indexPath: [-1, -1], frame: { x: 0, y: 0, width: 0, height: 0 }, zIndex: 0, alpha: 1 };
  return { node, key: '', element: empty, transform: '', width: -1, height: -1, zIndex: '', opacity: '', hidden: false, clip: '' };
}

/** Writes `clip` as `p`'s CSS clip-path ('' none), when it changed. */
export function writeClip(p: Placed, clip: string): void {
  if (clip !== p.clip) p.node.style.clipPath = p.clip = clip;
}

/** Writes `e`'s geometry to `p`'s style, only what changed. */
export function write(p: Placed, e: LayoutElement): void {
  const s = p.node.style;
  const transform = cssTransform(e);
  if (transform !== p.transform) s.transform = p.transform = transform;
  if (e.frame.width !== p.width) s.width = `${(p.width = e.frame.width)}px`;
  if (e.frame.height !== p.height) s.height = `${(p.height = e.frame.height)}px`;
  const z = cssZIndex(e.zIndex);
  if (z !== p.zIndex) s.zIndex = p.zIndex = z;
  const opacity = String(e.alpha);
  if (opacity !== p.opacity) s.opacity = p.opacity = opacity;
  const hidden = e.hidden === true;
  if (hidden !== p.hidden) s.display = (p.hidden = hidden) ? 'none' : '';
  const path = `${e.indexPath[0]},${e.indexPath[1]}`;
  if (p.node.dataset.indexPath !== path) p.node.dataset.indexPath = path;
}
