// Draws layout attributes as absolutely positioned boxes: the frame as left/top/width/
// height, zIndex as z-index, alpha as opacity, and transform3D as a CSS matrix3d. CSS's
// matrix3d lists a column-vector matrix column by column, which is Core Animation's
// row-vector matrix row by row, so m11…m44 go in as they come; with transform-origin at the
// centre it acts about the frame's centre, and its m34 gives the perspective, as on iOS.
// Cells are labelled by index path, or by identifier in a session with identifiers. With a
// flipped axis (right to left) a box goes where the screen shows the element, its
// `visualFrame`, and its transform acts there as it is (UIKit adjusts none: L5). List
// sections' separators are hairlines and their inset groups rounded, the group's rows and
// separators clipped to it (list.js).

import { drawnFrame, mirrored } from './direction.js';
import { LIST_CORNER_RADIUS, listClip, listGroups, listShape } from './list.js';

export const elementKey = (a) =>
  `${a.category}|${a.kind ?? ''}|${a.indexPath[0]}|${a.indexPath[1]}`;

/** A cell's name from `names` (section, item) → identifier, when the session has them. */
const cellName = (a, names) => (a.category === 'cell' && names ? names(a.indexPath[0], a.indexPath[1]) : undefined);

export class Canvas {
  constructor(content) {
    this.content = content;
    this.boxes = new Map();
    this.duration = 350;
    /** When set, an animation waits at its start until this resolves (for tests). */
    this.gate = null;
    this.animations = 0;
    /** (section, item) → the cell's identifier, its label; null labels cells by index path. */
    this.names = null;
  }

  setContentSize(size) {
    this.content.style.width = `${size.width}px`;
    this.content.style.height = `${size.height}px`;
  }

  /** Shows exactly `elements`, in their order (ties in z-index keep the layout's order). */
  draw(elements) {
    const keep = new Map();
    const groups = listGroups(elements.map((a) => [a, drawnFrame(a)]));
    for (const a of elements) {
      const key = elementKey(a);
      const box = this.boxes.get(key) ?? this.makeBox(a);
      place(box, a, cellName(a, this.names), drawnFrame(a));
      box.style.clipPath = listClip(a, drawnFrame(a), groups);
      delete box.dataset.planIndex;
      keep.set(key, box);
      this.content.appendChild(box);
    }
    for (const [key, box] of this.boxes) if (!keep.has(key)) box.remove();
    this.boxes = keep;
  }

  /** Animates every plan entry from its `from` attributes to its `to` attributes. `names`,
   *  `{from, to}`, names cells before and after the change (their identifiers). `widths`,
   *  `{from, to}`, are the content widths to mirror each end across when its layout flips the
   *  axis (null: it does not): the new content's width for both, which is how the server
   *  draws a plan's `visualFrame`s (docs/layout-direction.md). */
  async animate(plan, names, widths = { from: null, to: null }) {
    const before = names?.from ?? this.names, after = names?.to ?? this.names;
    this.animations++;
    this.content.classList.remove('animating');
    const next = new Map();
    const moving = [];
    const starts = [], ends = [];
    for (const [index, entry] of plan.entries()) {
      const from = entry.from?.attributes, to = entry.to?.attributes;
      const start = from ?? to, end = to ?? from;
      if (!start) continue;
      const startFrame = mirrored(start.frame, from ? widths.from : widths.to);
      const endFrame = mirrored(end.frame, to ? widths.to : widths.from);
      const key = elementKey(start);
      // An inserted element is new even when an old one had its index path before.
      const box = (entry.change !== 'insert' && this.boxes.get(key)) || this.makeBox(start);
      if (this.boxes.get(key) === box) this.boxes.delete(key);
      // An inserted cell is named only after the change, a deleted one only before it.
      const startName = cellName(start, entry.change === 'insert' ? after : before);
      const endName = cellName(end, entry.change === 'delete' ? before : after);
      place(box, start, startName, startFrame);
      box.dataset.planIndex = String(index);
      this.content.appendChild(box);
      moving.push([box, end, endName, endFrame]);
      starts.push([box, start, startFrame]);
      ends.push([end, endFrame]);
      next.set(elementKey(end) + (to ? '' : '|gone'), box);
    }
    for (const box of this.boxes.values()) box.remove();
    this.boxes = next;
    // Inset groups clip their rows at both ends; the clip moves with the group (list.js).
    const startGroups = listGroups(starts.map(([, a, f]) => [a, f])), endGroups = listGroups(ends);
    for (const [box, a, f] of starts) box.style.clipPath = listClip(a, f, startGroups);
    this.content.getBoundingClientRect();  // the start positions take effect before the transition
    if (this.gate) await this.gate;
    for (const box of this.content.querySelectorAll('.element')) box.style.transitionDuration = `${this.duration}ms`;
    this.content.classList.add('animating');
    for (const [box, end, name, frame] of moving) {
      place(box, end, name, frame);
      box.style.clipPath = listClip(end, frame, endGroups);
      box.dataset.key = elementKey(end);
    }
    await new Promise((resolve) => setTimeout(resolve, this.duration + 30));
    this.content.classList.remove('animating');
    for (const [key, box] of this.boxes) if (key.endsWith('|gone')) { box.remove(); this.boxes.delete(key); }
    this.animations--;
  }

  makeBox(a) {
    const box = document.createElement('div');
    box.className = `element ${a.category}` + (a.kind ? ` kind-${a.kind.replace(/[^A-Za-z0-9_-]/g, '_')}` : '');
    box.dataset.category = a.category;
    if (a.kind) box.dataset.kind = a.kind;
    // List sections' separators and inset groups (list.js): styled by shape, not by kind.
    const shape = listShape(a);
    if (shape) box.classList.add(`list-${shape}`);
    if (shape === 'group') box.style.borderRadius = `${LIST_CORNER_RADIUS}px`;
    return box;
  }

  /** The box drawn for a cell, or undefined. */
  cellBox(section, item) { return this.boxes.get(`cell||${section}|${item}`); }
}

/** Places `a`'s box at `f`, the frame the screen shows (its visual frame when the axis is flipped). */
function place(box, a, name, f) {
  box.style.left = `${f.x}px`;
  box.style.top = `${f.y}px`;
  box.style.width = `${f.width}px`;
  box.style.height = `${f.height}px`;
  box.style.zIndex = String(Math.max(-2147483647, Math.min(2147483647, a.zIndex)));
  box.style.opacity = String(a.alpha);
  box.style.transform = a.transform3D ? `matrix3d(${a.transform3D.join(',')})` : '';
  box.style.display = a.hidden ? 'none' : '';
  box.dataset.key = elementKey(a);
  box.dataset.indexPath = `${a.indexPath[0]},${a.indexPath[1]}`;
  if (name !== undefined) box.dataset.name = name;
  else delete box.dataset.name;
  const label = name ?? (a.kind ? `${a.kind} ${a.indexPath[0]},${a.indexPath[1]}` : `${a.indexPath[0]},${a.indexPath[1]}`);
  const fits = (text) => Math.min(16, f.height * 0.45, (0.9 * f.width) / (0.6 * text.length));
  const text = fits(label) >= 8 || !a.kind ? label : `${a.indexPath[0]},${a.indexPath[1]}`;
  const size = fits(text);
  // A separator is a hairline: no text fits, and none is drawn even when a zoom would let it.
  box.textContent = size >= 5 && listShape(a) !== 'hairline' ? text : '';
  box.style.fontSize = `${size}px`;
}
