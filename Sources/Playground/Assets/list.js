// List sections' decoration views, as the engine documents their kinds (docs/compositional.md,
// §6, list sections). The SVG renderer (Sources/Rendering/ListDecoration.swift) and
// <tessera-view> (clients/typescript/src/view/list.ts) keep the same names and draw them the
// same way: separators as hairlines without a label, an inset-grouped section's background as
// a rectangle with UIKit's 10-point corners, behind the rows, and the group's rows and
// separators clipped to that rounded rect, as UIKit clips an inset group's first and last cells.

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

/** Inset groups' drawn rects by section, from `[a, frame]` pairs (`frame` where the box is
 *  drawn: the visual frame when the axis is flipped). A transformed, hidden or transparent
 *  background clips nothing, as in the SVG pictures; a section's first one counts. */
export function listGroups(pairs) {
  const groups = new Map();
  for (const [a, f] of pairs) {
    if (listShape(a) !== 'group' || a.transform3D || a.hidden || !(a.alpha > 0)) continue;
    if (!groups.has(a.indexPath[0])) groups.set(a.indexPath[0], f);
  }
  return groups;
}

/** The CSS clip-path of `a`'s box drawn at `f`: for a row (cell) or separator of a section with
 *  a group, the group's rect with its 10-point corners, as insets from the box's own border box
 *  (negative where the group reaches past the box); '' (none) for anything else. Each box
 *  clips itself, so no container changes the order z-index gives. It acts in the box's own
 *  coordinates, before a transform. */
export function listClip(a, f, groups) {
  if (a.category !== 'cell' && listShape(a) !== 'hairline') return '';
  const g = groups.get(a.indexPath[0]);
  if (!g) return '';
  const top = g.y - f.y, left = g.x - f.x;
  const bottom = f.y + f.height - (g.y + g.height), right = f.x + f.width - (g.x + g.width);
  return `inset(${top}px ${right}px ${bottom}px ${left}px round ${LIST_CORNER_RADIUS}px)`;
}
