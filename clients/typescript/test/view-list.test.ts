// <tessera-view>'s drawing of list sections' decoration views (src/view/list.ts), without a
// browser: which elements are hairlines and inset groups, and the style the default renderer
// gives them. The kinds are the engine's (docs/compositional.md, §6); Tests/Browser checks the
// nodes and pixels a browser then draws.

import assert from "node:assert/strict";
import { test } from "node:test";
import { LIST_BACKGROUND, LIST_CORNER_RADIUS, LIST_SEPARATOR_BOTTOM, LIST_SEPARATOR_TOP, listShape, listStyle } from "../src/view/list.js";

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
