// Rectangles in content coordinates (the collection view's, as the server answers them).

export interface Point {
  x: number;
  y: number;
}

export interface Size {
  width: number;
  height: number;
}

export interface Rect extends Point, Size {}

export const maxX = (r: Rect): number => r.x + r.width;
export const maxY = (r: Rect): number => r.y + r.height;

/** Whether `inner` lies within `outer` (shared edges count). */
export function contains(outer: Rect, inner: Rect): boolean {
  return inner.x >= outer.x && inner.y >= outer.y && maxX(inner) <= maxX(outer) && maxY(inner) <= maxY(outer);
}

/** Whether the two closed rectangles meet. */
export function intersects(a: Rect, b: Rect): boolean {
  return a.x <= maxX(b) && b.x <= maxX(a) && a.y <= maxY(b) && b.y <= maxY(a);
}

/** `r` grown by the given amounts on each side (negative amounts shrink it). */
export function outset(r: Rect, left: number, top: number, right: number, bottom: number): Rect {
  return { x: r.x - left, y: r.y - top, width: Math.max(0, r.width + left + right), height: Math.max(0, r.height + top + bottom) };
}

/** `r` cut to the content's own rectangle, (0, 0) to `size`. */
export function clipped(r: Rect, size: Size): Rect {
  const x = Math.max(0, r.x), y = Math.max(0, r.y);
  const right = Math.min(Math.max(size.width, 0), maxX(r)), bottom = Math.min(Math.max(size.height, 0), maxY(r));
  return { x, y, width: Math.max(0, right - x), height: Math.max(0, bottom - y) };
}

/** The smallest rectangle of whole pixels that holds `r` (short query strings, same answers). */
export function integral(r: Rect): Rect {
  const x = Math.floor(r.x), y = Math.floor(r.y);
  return { x, y, width: Math.ceil(maxX(r)) - x, height: Math.ceil(maxY(r)) - y };
}

export const samePoint = (a: Point | null, b: Point | null): boolean =>
  a !== null && b !== null && a.x === b.x && a.y === b.y;
