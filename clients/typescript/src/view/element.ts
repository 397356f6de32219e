// The server's elements (layout attributes), as <tessera-view> reads them.
import { mirrored } from './direction.js';
import type { Point, Rect, Size } from './geometry.js';

export type Category = 'cell' | 'supplementary' | 'decoration';

/** One element of a layout: a cell, a supplementary view or a decoration view. */
export interface LayoutElement {
  category: Category;
  /** Supplementary and decoration views only (`header`, `footer`, `background`, ...). */
  kind?: string;
  indexPath: number[];
  /** The untransformed frame, in content coordinates (the layout's space). */
  frame: Rect;
  /** Where the frame is drawn when the collection view's axis is flipped (right to left):
   *  present exactly then. */
  visualFrame?: Rect;
  /** Core Animation's m11 … m44, present only when not the identity. */
  transform3D?: number[];
  zIndex: number;
  alpha: number;
  hidden?: boolean;
  extras?: Record<string, unknown>;
}

/** One entry of an animation plan: where an element starts and where it ends. */
export interface PlanEntry {
  category: Category;
  kind?: string;
  change: 'insert' | 'delete' | 'move' | 'reload' | 'none';
  from: { indexPath: number[]; attributes: Partial<LayoutElement> };
  to: { indexPath: number[]; attributes: Partial<LayoutElement> };
}

/** What a change that animates answers (batch updates, snapshots, layout switches). */
export interface PlannedAnswer {
  version: number;
  contentSize: Size;
  contentOffset?: Point;
  contentOffsetAdjustment?: Point;
  anchor?: { category: Category; kind?: string; indexPath: number[] } | null;
  plan?: PlanEntry[];
}

/** A key naming an element: its category, kind and index path. */
export function elementKey(category: string, kind: string | undefined, indexPath: readonly number[]): string {
  return `${category}|${kind ?? ''}|${indexPath[0]},${indexPath[1]}`;
}

export const keyOf = (e: LayoutElement): string => elementKey(e.category, e.kind, e.indexPath);

/** A plan end as a whole element: the entry's category and kind, the end's index path. With
 *  `mirrorWidth` (the end's layout flips the axis) its `visualFrame` is the frame, shifted by
 *  the offset adjustment in the layout's space, then mirrored across that width: the new
 *  content's, as the server draws a plan's ends (docs/layout-direction.md). */
export function planEnd(entry: PlanEntry, end: 'from' | 'to', shift: Point, mirrorWidth: number | null = null): LayoutElement {
  const side = entry[end];
  const a = side.attributes;
  const frame = a.frame ?? { x: 0, y: 0, width: 0, height: 0 };
  const element: LayoutElement = {
    category: entry.category,
    indexPath: side.indexPath,
    frame: { x: frame.x + shift.x, y: frame.y + shift.y, width: frame.width, height: frame.height },
    zIndex: a.zIndex ?? 0,
    alpha: a.alpha ?? 1,
  };
  if (mirrorWidth !== null) element.visualFrame = mirrored(element.frame, mirrorWidth);
  if (entry.kind !== undefined) element.kind = entry.kind;
  if (a.transform3D) element.transform3D = a.transform3D;
  if (a.hidden) element.hidden = true;
  if (a.extras) element.extras = a.extras;
  return element;
}

/** The CSS transform that puts an element's border box (placed at the content's origin,
 *  `transform-origin` at its centre) where its frame and transform3D say. CSS's matrix3d lists
 *  a column-vector matrix column by column, which is Core Animation's row-vector matrix row by
 *  row: m11 … m44 go in as they come, and act about the centre as on iOS. With a flipped axis
 *  the box goes to the visual frame and the matrix acts there unchanged (UIKit adjusts no
 *  transform: L5). */
export function cssTransform(e: LayoutElement): string {
  const f = e.visualFrame ?? e.frame;
  const base = `translate(${f.x}px, ${f.y}px)`;
  return e.transform3D ? `${base} matrix3d(${e.transform3D.join(',')})` : base;
}

/** z-index as CSS takes it (a 32-bit integer). */
export const cssZIndex = (z: number): string => String(Math.max(-2147483647, Math.min(2147483647, Math.round(z))));
