// List sections' decoration views, as the engine documents their kinds (docs/compositional.md,
// §6, list sections). The SVG renderer (Sources/Rendering/ListDecoration.swift) and
// <tessera-view> (clients/typescript/src/view/list.ts) keep the same names and draw them the
// same way: separators as hairlines without a label, an inset-grouped section's background as
// a rectangle with UIKit's 10-point corners, behind the rows.

export const LIST_SEPARATOR_BOTTOM = 'list-separator-bottom';
export const LIST_SEPARATOR_TOP = 'list-separator-top';
export const LIST_BACKGROUND = 'list-background';
/** UIKit's corner radius of an inset-grouped section, in points. */
export const LIST_CORNER_RADIUS = 10;

/** 'hairline', 'group', or null for any other element (drawn as a box). */
export function listShape(a) {
  if (a.category !== 'decoration') return null;
  if (a.kind === LIST_SEPARATOR_BOTTOM || a.kind === LIST_SEPARATOR_TOP) return 'hairline';
  return a.kind === LIST_BACKGROUND ? 'group' : null;
}
