// <tessera-view>'s drawing of list sections' decoration views (src/view/list.ts), without a
// browser: which elements are hairlines and inset groups, the style the default renderer
// gives them, and the clip-path of an inset group's rows and separators. The kinds are the engine's (docs/compositional.md, §6); Tests/Browser checks the
// nodes and pixels a browser then draws.

import assert from "node:assert/strict";
import { test } from "node:test";
import type { LayoutElement } from "../src/view/element.js";
import {
  LIST_BACKGROUND, LIST_CORNER_RADIUS, LIST_SEPARATOR_BOTTOM, LIST_SEPARATOR_TOP, listClip, listGroups, listShape, listStyle,
} from "../src/view/list.js";

test("the list kinds are the engine's documented names", () => {
  assert.equal(LIST_SEPARATOR_BOTTOM, "list-separator-bottom");
  assert.equal(LIST_SEPARATOR_TOP, "list-separator-top");
  assert.equal(LIST_BACKGROUND, "list-background");
  assert.equal(LIST_CORNER_RADIUS, 10);
});

test("separators are hairlines and the list background a group, as decorations only", () => {
  assert.equal(listShape({ category: "decoration", kind: "list-separator-bottom" }), "hairline");
  assert.equal(listShape({ category: "decoration", kind: "list-separator-top" }), "hairline");
  assert.equal(listShape({ category: "decoration", kind: "list-background" }), "group");
  // Any other decoration, and a supplementary view that happens to use a list kind's name.
  assert.equal(listShape({ category: "decoration", kind: "background" }), null);
  assert.equal(listShape({ category: "supplementary", kind: "list-separator-bottom" }), null);
  assert.equal(listShape({ category: "cell" }), null);
});

test("a hairline is filled without outline or padding, a group rounded by 10 points", () => {
  const hairline = listStyle("hairline");
  assert.equal(hairline.border, "none");
  assert.equal(hairline.padding, "0");
  assert.equal(hairline.borderRadius, undefined);
  const group = listStyle("group");
  assert.equal(group.border, "none");
  assert.equal(group.borderRadius, "10px");
  assert.ok(group.background !== hairline.background);
});

// As the engine answers an inset-grouped section at @3x: rows of 44 at x = 16, 361 wide, from
// y = 35; the group (zIndex 0) over all of them; bottom separators inset 16, 1/3 point tall.
const row = (section: number, item: number, y: number): LayoutElement =>
  ({ category: "cell", indexPath: [section, item], frame: { x: 16, y, width: 361, height: 44 }, zIndex: 10, alpha: 1 });
const group = (section: number, y: number, rows: number): LayoutElement => ({
  category: "decoration", kind: "list-background", indexPath: [section, 0],
  frame: { x: 16, y, width: 361, height: 44 * rows }, zIndex: 0, alpha: 1,
});
const separator = (section: number, item: number, y: number): LayoutElement => ({
  category: "decoration", kind: "list-separator-bottom", indexPath: [section, item],
  frame: { x: 32, y: y + 44 - 1 / 3, width: 345, height: 1 / 3 }, zIndex: 100, alpha: 1,
});

test("an inset group clips its rows to its rounded rect, as insets from each row", () => {
  const groups = listGroups([row(0, 0, 35), row(0, 1, 79), row(0, 2, 123), group(0, 35, 3)]);
  assert.deepEqual([...groups], [[0, { x: 16, y: 35, width: 361, height: 132 }]]);
  // The first row: the group starts at its top and reaches 88 below its bottom.
  assert.equal(listClip(row(0, 0, 35), groups), "inset(0px 0px -88px 0px round 10px)");
  assert.equal(listClip(row(0, 1, 79), groups), "inset(-44px 0px -44px 0px round 10px)");
  assert.equal(listClip(row(0, 2, 123), groups), "inset(-88px 0px 0px 0px round 10px)");
  // A separator is clipped too, from its own frame.
  assert.equal(listClip(separator(0, 0, 35), groups), `inset(${35 - (35 + 44 - 1 / 3)}px 0px -88px -16px round 10px)`);
});

test("nothing else is clipped: the group, headers, other sections", () => {
  const groups = listGroups([group(0, 35, 1)]);
  assert.equal(listClip(group(0, 35, 1), groups), "");
  const header: LayoutElement = { category: "supplementary", kind: "header", indexPath: [0, 0],
    frame: { x: 16, y: 0, width: 361, height: 35 }, zIndex: 10, alpha: 1 };
  assert.equal(listClip(header, groups), "");
  assert.equal(listClip(row(1, 0, 100), groups), "");
  assert.equal(listClip(separator(1, 0, 100), groups), "");
  assert.equal(listGroups([row(0, 0, 35), separator(0, 0, 35)]).size, 0);
});

test("a flipped axis clips to the group's visual frame", () => {
  const flip = (e: LayoutElement): LayoutElement => ({ ...e, visualFrame: { ...e.frame, x: 500 - e.frame.x - e.frame.width } });
  const groups = listGroups([flip(group(0, 35, 2))]);
  assert.deepEqual(groups.get(0), { x: 123, y: 35, width: 361, height: 88 });
  // A separator inset from the row's leading (right) edge: x = 500 − 32 − 345 = 123.
  assert.equal(listClip(flip(separator(0, 0, 35)), groups), `inset(${35 - (35 + 44 - 1 / 3)}px -16px -44px 0px round 10px)`);
});

test("a transformed, hidden or transparent group clips nothing", () => {
  const turned = { ...group(0, 35, 1), transform3D: [0.5, 0, 0, 0, 0, 0.5, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1] };
  assert.equal(listGroups([turned]).size, 0);
  assert.equal(listGroups([{ ...group(0, 35, 1), hidden: true }]).size, 0);
  assert.equal(listGroups([{ ...group(0, 35, 1), alpha: 0 }]).size, 0);
});
