// List sections' decoration views, as the engine documents their kinds (docs/compositional.md,
// §6, list sections). The SVG renderer (Sources/Rendering/ListDecoration.swift) and the
// playground (Sources/Playground/Assets/list.js) keep the same names and draw them the same
// way: separators as hairlines without a label, an inset-grouped section's background as a
// rectangle with UIKit's 10-point corners, behind the rows, and the group's rows and separators
// clipped to that rounded rect, as UIKit clips an inset group's first and last cells. DOM-free,
// so node tests it.
import type { LayoutElement } from './element.js';
import type { Rect } from './geometry.js';

export const LIST_SEPARATOR_BOTTOM = 'list-separator-bottom';
export const LIST_SEPARATOR_TOP = 'list-separator-top';
export const LIST_BACKGROUND = 'list-background';
/** UIKit's corner radius of an inset-grouped section, in points. */
export const LIST_CORNER_RADIUS = 10;

export type ListShape = 'hairline' | 'group';

/** How a list decoration is drawn, or null for any other element (drawn as a labelled box). */
export function listShape(e: Pick<LayoutElement, 'category' | 'kind'>): ListShape | null {
  if (e.category !== 'decoration') return null;
  if (e.kind === LIST_SEPARATOR_BOTTOM || e.kind === LIST_SEPARATOR_TOP) return 'hairline';
  return e.kind === LIST_BACKGROUND ? 'group' : null;
}

/** What the default renderer changes in a list decoration's label node (which fills the
 *  element's frame): filled, never outlined (a 1/3-point separator with a 1-pixel border would
 *  be drawn 2 pixels thick; a separator also has no text and no padding). Translucent, as
 *  UIKit's separator colour is, so that both read on a light or a dark page. */
export function listStyle(shape: ListShape): Record<string, string> {
  if (shape === 'hairline') return { border: 'none', padding: '0', background: 'rgba(60, 60, 67, 0.29)' };
  return { border: 'none', background: 'rgba(120, 120, 128, 0.12)', borderRadius: `${LIST_CORNER_RADIUS}px` };
}

/** Inset groups' drawn rects by section (the visual frame when the axis is flipped). A
 *  transformed, hidden or transparent background clips nothing, as in the SVG pictures; a
 *  section's first one counts. */
export function listGroups(elements: Iterable<LayoutElement>): Map<number, Rect> {
  const groups = new Map<number, Rect>();
  for (const e of elements) {
    if (listShape(e) !== 'group' || e.transform3D || e.hidden === true || !(e.alpha > 0)) continue;
    const section = e.indexPath[0] ?? 0;
    if (!groups.has(section)) groups.set(section, e.visualFrame ?? e.frame);
  }
  return groups;
}

/** The CSS clip-path of `e`'s node: for a row (cell) or separator of a section with a group,
 *  the group's rect with its 10-point corners as insets from the node's own border box
 *  (negative where the group reaches past it); '' (none) for anything else. Each node clips
 *  itself, so no container changes the order z-index gives. It acts in the node's own
 *  coordinates, before its transform. */
export function listClip(e: LayoutElement, groups: ReadonlyMap<number, Rect>): string {
  if (e.category !== 'cell' && listShape(e) !== 'hairline') return '';
  const g = groups.get(e.indexPath[0] ?? 0);
  if (!g) return '';
  const f = e.visualFrame ?? e.frame;
  const top = g.y - f.y, left = g.x - f.x;
  const bottom = f.y + f.height - (g.y + g.height), right = f.x + f.width - (g.x + g.width);
  return `inset(${top}px ${right}px ${bottom}px ${left}px round ${LIST_CORNER_RADIUS}px)`;
}
