// Right to left (docs/layout-direction.md). When the collection view flips its horizontal axis
// (the session says `axisFlipped`), the screen shows the layout mirrored across the content's
// width: each element at its `visualFrame`, and the scroll position measured from the content's
// left edge is `contentSize.width − contentOffset.x − bounds.width`. Everything the element
// sends (rects, offsets) and keeps stays in the layout's own space, as the API takes it; only
// drawing and the browser's scroll position are mirrored. Pure functions, tested with node.
import type { Rect } from './geometry.js';

/** `r` as the screen shows it: mirrored across `width` when the axis is flipped (a width), as
 *  it is when not (null). */
export function mirrored(r: Rect, width: number | null): Rect {
  return width === null ? r : { x: width - r.x - r.width, y: r.y, width: r.width, height: r.height };
}

/** The layout's contentOffset.x for a scroll position (`scrollLeft`), and the scroll position
 *  for an offset: the mirror is its own inverse. `width` is the content's width when the axis is
 *  flipped (null when not). Content narrower than the view does not scroll: 0 then. */
export function flippedOffsetX(x: number, width: number | null, viewWidth: number): number {
  return width === null ? x : Math.max(0, width - x - viewWidth);
}

/** The rect the viewport shows, in the layout's space: `scroll` is the browser's scroll
 *  position, `view` the viewport's size. */
export function layoutRect(scroll: { left: number; top: number }, view: { width: number; height: number }, width: number | null): Rect {
  return { x: flippedOffsetX(scroll.left, width, view.width), y: scroll.top, width: view.width, height: view.height };
}
