// TesseraClient against a live `tessera serve` on loopback. Every expected number is worked
// out below from the layout rules (docs/flow.md, docs/layouts.md, docs/api.md); the last test
// checks that the suite called every operation of openapi.yaml.

import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { TesseraClient } from "../src/client.js";
import type { CellPlanEntry, Element, LayoutRequest, MovementState, PlanEntry, PlanResult } from "../src/client.js";
import { failed, ok, operations, recordingFetch, startServer } from "./support.js";
import type { Call, Server } from "./support.js";

let server: Server;
let tessera: TesseraClient;
const calls: Call[] = [];

before(async () => {
  server = await startServer();
  tessera = new TesseraClient(`${server.url}/`, { fetch: recordingFetch(calls) });
});

after(() => server.stop());

// The grid most tests use: a vertical flow of 100 × 100 items, 10 apart, in a 320 × 500
// view. 3 items fit on a line (docs/flow.md R5.1: floor((10 + 320) / (10 + 100))) and the
// 20 points left over go to the 2 gaps, so item i is at x = 110·(i mod 3), y = 110·(i div 3).
// 30 items make 10 lines: the content is 10·100 + 9·10 = 1090 high, and a 500-high view
// scrolls from 0 to 590.
function grid(itemCount = 30, contentOffsetY = 0): LayoutRequest {
  return {
    layout: { type: "flow", itemSize: [100, 100], minimumLineSpacing: 10, minimumInteritemSpacing: 10 },
    dataSource: { sections: [{ itemCount }] },
    view: { bounds: [320, 500], contentOffset: { x: 0, y: contentOffsetY } },
  };
}

function gridFrame(i: number) {
  return { x: 110 * (i % 3), y: 110 * Math.floor(i / 3), width: 100, height: 100 };
}

async function newGrid(itemCount = 30, contentOffsetY = 0): Promise<string> {
  return ok(await tessera.createSession(grid(itemCount, contentOffsetY)), "createSession").id;
}

function cellEntries(plan: PlanEntry[]): CellPlanEntry[] {
  return plan.filter((entry): entry is PlanEntry & CellPlanEntry => entry.category === "cell");
}

test("service: health, readiness, the contract and metrics", async () => {
  const health = ok(await tessera.health());
  assert.equal(health.status, "ok");
  assert.equal(typeof health.sessions, "number");
  assert.equal(ok(await tessera.readiness()).status, "ready");
  assert.match(ok(await tessera.openAPIDocument()), /^openapi: 3\.0\.3\n/);
  assert.match(ok(await tessera.metrics()), /^# (HELP|TYPE) /m);
});

test("a session: create, read, query a rect, one item", async () => {
  const created = await tessera.createSession(grid());
  assert.ok(created.ok);
  assert.equal(created.etag, '"1"');
  assert.equal(created.value.version, 1);
  assert.match(created.value.id, /^[0-9a-f]{32}$/);
  assert.deepEqual(created.value.contentSize, { width: 320, height: 1090 });
  const id = created.value.id;

  const session = ok(await tessera.getSession(id));
  assert.equal(session.version, 1);
  assert.equal(session.itemCount, 30);
  assert.deepEqual(session.sections, [{ itemCount: 30 }]);
  assert.deepEqual(session.view.bounds, { width: 320, height: 500 });

  // Lines 0 (y 0...100) and 1 (y 110...210) meet the rect; line 2 starts at 220.
  const page = await tessera.elements(id, { x: 0, y: 0, width: 320, height: 210 });
  assert.ok(page.ok);
  assert.equal(page.etag, '"1"');
  assert.equal(page.value.version, 1);
  assert.deepEqual(page.value.contentSize, { width: 320, height: 1090 });
  assert.deepEqual(page.value.elements.map((e) => e.indexPath), [0, 1, 2, 3, 4, 5].map((i) => [0, i]));
  assert.deepEqual(page.value.elements.map((e) => e.frame), [0, 1, 2, 3, 4, 5].map(gridFrame));

  const all = ok(await tessera.elements(id, null));
  assert.equal(all.elements.length, 30);
  assert.deepEqual(all.elements[29]?.frame, gridFrame(29));

  const item: Element = ok(await tessera.item(id, [0, 7]));
  assert.equal(item.category, "cell");
  assert.deepEqual(item.frame, { x: 110, y: 220, width: 100, height: 100 });
  failed(await tessera.item(id, [0, 30]), 404, "not_found");
});

test("errors are values: 400 names its field, 404, 422, network, aborted", async () => {
  const negative = failed(await tessera.createSession({
    layout: { type: "flow", itemSize: [-1, 100] },
    dataSource: { sections: [{ itemCount: 3 }] },
    view: { bounds: [320, 500] },
  }), 400, "invalid_request");
  assert.equal(negative.field, "layout.itemSize");
  assert.equal(typeof negative.message, "string");

  const id = await newGrid();
  const rect = failed(await tessera.elements(id, { x: 0, y: 0, width: -5, height: 10 }), 400, "invalid_request");
  assert.equal(rect.field, "rect");

  failed(await tessera.getSession("0123456789abcdef0123456789abcdef"), 404, "not_found");
  // Item 30 does not exist in a section of 30.
  failed(await tessera.performBatchUpdates(id, { updates: [{ op: "deleteItems", indexPaths: [[0, 30]] }] }),
    422, "invalid_update");

  const unreachable = new TesseraClient("http://127.0.0.1:1");
  const network = failed(await unreachable.health(), 0, "network");
  assert.ok(network.message.length > 0);

  const controller = new AbortController();
  controller.abort();
  failed(await tessera.getSession(id, { signal: controller.signal }), 0, "aborted");
});

test("the view: patch with If-Match, 412 on a stale version", async () => {
  const id = await newGrid();
  const moved = await tessera.patchView(id, { contentOffset: { x: 0, y: 300 } }, { ifMatch: '"1"' });
  assert.ok(moved.ok);
  assert.equal(moved.value.version, 2);
  assert.equal(moved.etag, '"2"');
  assert.deepEqual(moved.value.contentSize, { width: 320, height: 1090 });
  failed(await tessera.patchView(id, { contentOffset: { x: 0, y: 0 } }, { ifMatch: '"1"' }), 412, "precondition_failed");
  assert.deepEqual(ok(await tessera.getSession(id)).view.contentOffset, { x: 0, y: 300 });
});

test("scrollToItem: positions, clamping, apply", async () => {
  const id = await newGrid();
  // Item 20 is on line 6 (y 660); at the top that is past the end, so it clamps to 590.
  const top = ok(await tessera.scrollToItem(id, { indexPath: [0, 20], position: "top" }));
  assert.deepEqual(top, {
    version: 1, contentOffset: { x: 0, y: 590 }, frame: gridFrame(20), animated: true, applied: false,
  });
  // Item 10 (line 3, y 330) centred: 330 + 50 − 500 / 2 = 130.
  const centred = ok(await tessera.scrollToItem(id, { indexPath: [0, 10], position: "centeredVertically" }));
  assert.deepEqual(centred.contentOffset, { x: 0, y: 130 });
  // Item 25 (line 8, y 880) at the bottom: 880 + 100 − 500 = 480; on the left x 110
  // clamps to 0 (the content is as wide as the view). Applied: a new version.
  const applied = await tessera.scrollToItem(id,
    { indexPath: [0, 25], position: ["bottom", "left"], animated: false, apply: true });
  assert.ok(applied.ok);
  assert.deepEqual(applied.value, {
    version: 2, contentOffset: { x: 0, y: 480 }, frame: gridFrame(25), animated: false, applied: true,
  });
  assert.equal(applied.etag, '"2"');
  assert.deepEqual(ok(await tessera.getSession(id)).view.contentOffset, { x: 0, y: 480 });
  failed(await tessera.scrollToItem(id, { indexPath: [0, 30] }), 404, "not_found");
});

test("performBatchUpdates keeps the first visible item in place (anchor)", async () => {
  // Scrolled to y 300, the first visible line is line 2 (y 220...320), item 6. Three items
  // inserted in front push it to [0, 9], one line (110) down: the offset follows, to 410.
  const id = await newGrid(30, 300);
  const result: PlanResult = ok(await tessera.performBatchUpdates(id, {
    updates: [{ op: "insertItems", indexPaths: [[0, 0], [0, 1], [0, 2]] }],
    rect: [0, 0, 320, 100],
    anchor: "firstVisible",
  }));
  assert.equal(result.version, 2);
  // 33 items: 11 lines, 11·100 + 10·10 = 1200.
  assert.deepEqual(result.contentSize, { width: 320, height: 1200 });
  assert.deepEqual(result.contentOffset, { x: 0, y: 410 });
  assert.deepEqual(result.contentOffsetAdjustment, { x: 0, y: 110 });
  assert.deepEqual(result.anchor, { category: "cell", indexPath: [0, 9] });
  // The plan's rect is where the view shows it: before, y 0...100 (the first line); after
  // the anchored change the view is 110 further, so y 110...210, where the old first line
  // now is. The three new items land above it, off screen: not in the plan.
  const cells = cellEntries(result.plan);
  assert.deepEqual(cells.filter((entry) => entry.change === "insert"), []);
  assert.deepEqual(cells.map((entry) => entry.to.indexPath), [[0, 3], [0, 4], [0, 5]]);
  const moved = cells.find((entry) => entry.change === "move" && entry.from.indexPath[1] === 0);
  assert.deepEqual(moved?.to.indexPath, [0, 3]);
  assert.deepEqual(moved?.to.attributes.frame, gridFrame(3));
});

test("setLayout switches the layout and answers its plan", async () => {
  const id = await newGrid();
  // 150 × 150 items: 2 a line (floor((10 + 320) / 160)), the second flush right at
  // 320 − 150 = 170; 15 lines, 15·150 + 14·10 = 2390 high.
  const result = ok(await tessera.setLayout(id,
    { layout: { type: "flow", itemSize: [150, 150] }, rect: [0, 0, 320, 150] }));
  assert.equal(result.version, 2);
  assert.deepEqual(result.contentSize, { width: 320, height: 2390 });
  const second = cellEntries(result.plan).find((entry) => entry.to.indexPath[1] === 1);
  assert.deepEqual(second?.from.attributes.frame, gridFrame(1));
  assert.deepEqual(second?.to.attributes.frame, { x: 170, y: 0, width: 150, height: 150 });
  assert.deepEqual(ok(await tessera.getSession(id)).layout, { type: "flow", itemSize: [150, 150] });

  // Anchored on item 9: at offset 300 it sits on line 3 (y 330), 30 below the top of the
  // view. In the new layout it is on line 4 (9 div 2), y 4·160 = 640: the offset becomes
  // 640 − 30 = 610, 310 further.
  const anchored = ok(await tessera.setLayout(await newGrid(30, 300),
    { layout: { type: "flow", itemSize: [150, 150] }, anchor: { indexPath: [0, 9] }, rect: [0, 0, 1, 1] }));
  assert.deepEqual(anchored.contentOffset, { x: 0, y: 610 });
  assert.deepEqual(anchored.contentOffsetAdjustment, { x: 0, y: 310 });
  assert.deepEqual(anchored.anchor, { category: "cell", indexPath: [0, 9] });
});

test("interactive transitions: begin, query at a progress, finish, cancel", async () => {
  const id = await newGrid();
  const begun = ok(await tessera.beginTransition(id, { layout: { type: "flow", itemSize: [150, 150] } }));
  assert.equal(begun.version, 2);
  assert.deepEqual(begun.contentSize, { width: 320, height: 1090 });
  assert.deepEqual(begun.transition.toContentSize, { width: 320, height: 2390 });
  // Halfway, item 0 is halfway between (0, 0, 100, 100) and (0, 0, 150, 150).
  const halfway = ok(await tessera.elements(id, { x: 0, y: 0, width: 1, height: 1 }, { progress: 0.5 }));
  assert.equal(halfway.version, 2);
  assert.deepEqual(halfway.elements.map((e) => e.frame), [{ x: 0, y: 0, width: 125, height: 125 }]);
  failed(await tessera.performBatchUpdates(id, { updates: [{ op: "insertItems", indexPaths: [[0, 0]] }] }),
    409, "conflict");
  const finished = ok(await tessera.finishTransition(id));
  assert.equal(finished.version, 3);
  assert.deepEqual(finished.contentSize, { width: 320, height: 2390 });
  failed(await tessera.cancelTransition(id), 409, "conflict");

  ok(await tessera.beginTransition(id, { layout: { type: "flow", itemSize: [100, 100] } }));
  const cancelled = ok(await tessera.cancelTransition(id));
  assert.equal(cancelled.version, 5);
  assert.deepEqual(cancelled.layout, { type: "flow", itemSize: [150, 150] });
  assert.deepEqual(cancelled.contentSize, { width: 320, height: 2390 });
});

test("interactive movement: begin, update, end", async () => {
  const id = await newGrid();
  const begun = ok(await tessera.interactiveMovement(id, { phase: "begin", indexPath: [0, 0] })) as MovementState;
  assert.equal(begun.moving, true);
  assert.deepEqual(begun.targetIndexPath, [0, 0]);
  // The centre of item 4's place (110 + 50, 110 + 50): the target becomes [0, 4].
  const update = ok(await tessera.interactiveMovement(id, { phase: "update", position: { x: 160, y: 160 } })) as MovementState;
  assert.deepEqual(update.targetIndexPath, [0, 4]);
  assert.equal(update.movingItem?.frame.x, 110);
  const ended = ok(await tessera.interactiveMovement(id, { phase: "end", rect: { x: 0, y: 0, width: 320, height: 210 } })) as PlanResult;
  assert.ok(Array.isArray(ended.plan));
  const movedItem = cellEntries(ended.plan).find((entry) => entry.from.indexPath[1] === 0);
  assert.deepEqual(movedItem?.to.indexPath, [0, 4]);
  assert.deepEqual(movedItem?.to.attributes.frame, gridFrame(4));
});

test("targetContentOffset clamps to the scrollable range", async () => {
  const id = await newGrid();
  assert.deepEqual(ok(await tessera.targetContentOffset(id, { proposedContentOffset: { x: 0, y: 5000 } })),
    { version: 1, contentOffset: { x: 0, y: 590 } });
  assert.deepEqual(ok(await tessera.targetContentOffset(id, { proposedContentOffset: [0, -40] })).contentOffset,
    { x: 0, y: 0 });
});

test("preferredSizes: a self-sizing cell grows its line", async () => {
  // A 44-high header, then items estimated at 100 × 100; item 0 reports 100 × 150, so
  // line 0 is 150 high: 44 + 150 + 10 + 100 = 304 for 6 items (two lines).
  const id = ok(await tessera.createSession({
    layout: { type: "flow", itemSize: [100, 100], minimumLineSpacing: 10, minimumInteritemSpacing: 10,
      headerReferenceSize: [0, 44], estimatedItemSize: [100, 100] },
    dataSource: { sections: [{ itemCount: 6 }] },
    view: { bounds: [320, 500] },
  })).id;
  const header = ok(await tessera.supplementaryView(id, "header", [0, 0]));
  assert.equal(header.category, "supplementary");
  assert.deepEqual(header.frame, { x: 0, y: 0, width: 320, height: 44 });
  const result = ok(await tessera.preferredSizes(id, { items: [{ indexPath: [0, 0], size: [100, 150] }] }));
  assert.equal(result.version, 2);
  assert.deepEqual(result.contentSize, { width: 320, height: 304 });
  assert.deepEqual(result.contentOffset, { x: 0, y: 0 });
  assert.ok(result.invalidatedElements.some((key) => key.category === "cell" && key.indexPath[1] === 0));
  assert.deepEqual(ok(await tessera.item(id, [0, 0])).frame, { x: 0, y: 44, width: 100, height: 150 });
});

test("a decoration view: the circle layout's background", async () => {
  const id = ok(await tessera.createSession({
    layout: { type: "circle", background: true },
    dataSource: { sections: [{ itemCount: 4 }] },
    view: { bounds: [400, 400] },
  })).id;
  // The content is the bounds; the background covers it, behind everything.
  const background = ok(await tessera.decorationView(id, "background", [0, 0]));
  assert.equal(background.category, "decoration");
  assert.deepEqual(background.frame, { x: 0, y: 0, width: 400, height: 400 });
  assert.equal(background.zIndex, -1);
  failed(await tessera.decorationView(await newGrid(), "background", [0, 0]), 404, "not_found");
});

test("snapshots: read, apply, operations by identifier", async () => {
  const id = ok(await tessera.createSession({
    layout: { type: "flow", itemSize: [100, 100] },
    dataSource: { sections: [{ id: 1, itemIds: ["a", "b", "c", "d", "e"] }] },
    view: { bounds: [320, 500] },
  })).id;
  assert.deepEqual(ok(await tessera.getSnapshot(id)), { version: 1, sections: [{ id: 1, items: ["a", "b", "c", "d", "e"] }] });
  failed(await tessera.performBatchUpdates(id, { updates: [{ op: "deleteItems", indexPaths: [[0, 0]] }] }),
    422, "has_identifiers");

  // "c" goes, "f" comes at the end; the others keep their order, so nothing moves.
  const applied = ok(await tessera.applySnapshot(id, { sections: [{ id: 1, items: ["a", "b", "d", "e", "f"] }] }));
  assert.equal(applied.version, 2);
  assert.deepEqual(applied.updates, [
    { op: "deleteItems", indexPaths: [[0, 2]] },
    { op: "insertItems", indexPaths: [[0, 4]] },
  ]);
  const operated = ok(await tessera.snapshotOperations(id, { operations: [{ op: "deleteItems", items: ["a"] }] }));
  assert.equal(operated.version, 3);
  assert.deepEqual(operated.updates, [{ op: "deleteItems", indexPaths: [[0, 0]] }]);
  assert.deepEqual(ok(await tessera.getSnapshot(id)).sections, [{ id: 1, items: ["b", "d", "e", "f"] }]);
  failed(await tessera.getSnapshot(await newGrid()), 422, "no_identifiers");
});

test("one-shot layout and pictures", async () => {
  // 5 items in a 390-wide view: 3 a line, the 90 left over split over 2 gaps (pitch 145).
  const request = {
    layout: { type: "flow" as const, itemSize: [100, 100] },
    dataSource: { sections: [{ itemCount: 5 }] },
    view: { bounds: [390, 844] },
    rect: [0, 0, 390, 100],
  };
  const result = ok(await tessera.computeLayout(request));
  assert.deepEqual(result.contentSize, { width: 390, height: 210 });
  assert.deepEqual(result.elements.map((e) => [e.frame.x, e.frame.y]), [[0, 0], [145, 0], [290, 0]]);
  assert.match(ok(await tessera.renderLayout(request, { theme: "dark", labels: false })), /<svg[\s>]/);
  const id = await newGrid();
  assert.match(ok(await tessera.renderSession(id, { rect: { x: 0, y: 0, width: 320, height: 210 }, scale: 2 })),
    /<svg[\s>]/);
});

test("deleteSession honours If-Match", async () => {
  const id = await newGrid();
  failed(await tessera.deleteSession(id, { ifMatch: '"7"' }), 412, "precondition_failed");
  const deleted = ok(await tessera.deleteSession(id, { ifMatch: '"1"' }));
  assert.equal(deleted, undefined);
  failed(await tessera.getSession(id), 404, "not_found");
});

test("the suite called every operation of openapi.yaml", () => {
  const declared = operations();
  assert.ok(declared.length >= 27, `only ${declared.length} operations read from openapi.yaml`);
  const missing = declared
    .filter((op) => !calls.some((call) => call.method === op.method && op.path.test(call.path)))
    .map((op) => op.id);
  assert.deepEqual(missing, [], `operations no test called: ${missing.join(", ")}`);
});
