// List sections' decoration views, as the engine documents their kinds (docs/compositional.md,
// §6, list sections). The SVG renderer (Sources/Rendering/ListDecoration.swift) and the
// playground (Sources/Playground/Assets/list.js) keep the same names and draw them the same
// way: separators as hairlines without a label, an inset-grouped section's background as a
// rectangle with UIKit's 10-point corners, behind the rows. DOM-free, so node tests it.
import type { LayoutElement } from './element.js';

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
