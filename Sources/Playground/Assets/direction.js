// Right to left (docs/layout-direction.md). When the collection view flips its horizontal axis
// (the session says `axisFlipped`), the screen shows the layout mirrored across the content's
// width: each element at its `visualFrame`, and the scroll position measured from the content's
// left edge is `contentSize.width − contentOffset.x − bounds.width`. What the page sends
// (rects, offsets, drag positions) stays in the layout's own space, as the API takes it.

/** `frame` as the screen shows it: mirrored across `width` when the axis is flipped (a
 *  width), as it is when not (null). */
export function mirrored(frame, width) {
  return width === null ? frame : { ...frame, x: width - frame.x - frame.width };
}

/** Where an element of an elements answer is drawn: the server gives `visualFrame` exactly
 *  when the axis is flipped. */
export const drawnFrame = (a) => a.visualFrame ?? a.frame;

/** The layout's contentOffset.x for a scroll position, and the scroll position for an offset:
 *  the mirror is its own inverse. `width` is the content's width when the axis is flipped
 *  (null when not). Content narrower than the view does not scroll: 0 then. */
export function flippedOffsetX(x, width, viewWidth) {
  return width === null ? x : Math.max(0, width - x - viewWidth);
}

/** A point on the drawn content, in the layout's space. */
export function layoutPoint(point, width) {
  return width === null ? point : { x: width - point.x, y: point.y };
}
