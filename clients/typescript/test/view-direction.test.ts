// <tessera-view>'s right-to-left arithmetic (src/view/direction.ts, element.ts), without a
// browser: what the element draws and asks for when the session's axis is flipped. Every
// expected number is worked by hand from docs/layout-direction.md: the screen mirrors the
// layout across the content's width W, `x' = W − x − w`, and the scroll position from the
// content's left edge is `W − contentOffset.x − bounds.width`.

import assert from "node:assert/strict";
import { test } from "node:test";
import { flippedOffsetX, layoutRect, mirrored } from "../src/view/direction.js";
import { cssTransform, planEnd } from "../src/view/element.js";
import type { LayoutElement, PlanEntry } from "../src/view/element.js";

test("a frame is mirrored across the content's width, and kept without a flip", () => {
  // docs/layout-direction.md's compositional example: four quarter-width items in 400 points.
  const xs = [0, 100, 200, 300].map((x) => mirrored({ x, y: 0, width: 100, height: 50 }, 400).x);
  assert.deepEqual(xs, [300, 200, 100, 0]);
  assert.deepEqual(mirrored({ x: 10, y: 20, width: 30, height: 40 }, null), { x: 10, y: 20, width: 30, height: 40 });
});

test("the scroll position and the layout's offset mirror into each other", () => {
  // Content 1000 wide in a 400-wide view: offset 0 (the leading edge) is scrolled to the far
  // right, 1000 − 0 − 400 = 600, and scrollLeft 600 is offset 0 again.
  assert.equal(flippedOffsetX(0, 1000, 400), 600);
  assert.equal(flippedOffsetX(600, 1000, 400), 0);
  assert.equal(flippedOffsetX(250, 1000, 400), 350);
  assert.equal(flippedOffsetX(250, null, 400), 250);
  // Content narrower than the view does not scroll.
  assert.equal(flippedOffsetX(0, 300, 400), 0);
});

test("the rect asked for is the visible area in the layout's space", () => {
  // Scrolled 100 from the left, 30 down, in a 400 × 300 view over 1000-wide content: the
  // screen's 100…500 is the layout's 1000 − 500 = 500…900.
  assert.deepEqual(layoutRect({ left: 100, top: 30 }, { width: 400, height: 300 }, 1000), { x: 500, y: 30, width: 400, height: 300 });
  assert.deepEqual(layoutRect({ left: 100, top: 30 }, { width: 400, height: 300 }, null), { x: 100, y: 30, width: 400, height: 300 });
});

test("an element is placed at its visualFrame, its transform unchanged", () => {
  const e: LayoutElement = {
    category: "cell", indexPath: [0, 0], frame: { x: 0, y: 0, width: 100, height: 50 },
    visualFrame: { x: 300, y: 0, width: 100, height: 50 }, zIndex: 0, alpha: 1,
  };
  assert.equal(cssTransform(e), "translate(300px, 0px)");
  const turned = { ...e, transform3D: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 10, 0, 0, 1] };
  assert.equal(cssTransform(turned), "translate(300px, 0px) matrix3d(1,0,0,0,0,1,0,0,0,0,1,0,10,0,0,1)");
  const { visualFrame: _, ...plain } = e;
  assert.equal(cssTransform(plain), "translate(0px, 0px)");
});

test("a plan's ends are shifted in the layout's space, then mirrored", () => {
  const entry: PlanEntry = {
    category: "cell", change: "move",
    from: { indexPath: [0, 0], attributes: { frame: { x: 0, y: 0, width: 100, height: 50 } } },
    to: { indexPath: [0, 1], attributes: { frame: { x: 100, y: 0, width: 100, height: 50 } } },
  };
  // From: shifted by 10 to x = 10, drawn at 400 − 10 − 100 = 290; to: 400 − 100 − 100 = 200.
  const from = planEnd(entry, "from", { x: 10, y: 0 }, 400);
  assert.deepEqual(from.frame, { x: 10, y: 0, width: 100, height: 50 });
  assert.deepEqual(from.visualFrame, { x: 290, y: 0, width: 100, height: 50 });
  assert.equal(cssTransform(planEnd(entry, "to", { x: 0, y: 0 }, 400)), "translate(200px, 0px)");
  assert.equal(planEnd(entry, "to", { x: 0, y: 0 }).visualFrame, undefined);
});
