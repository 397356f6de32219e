#!/usr/bin/env python3
"""The playground in a real browser: headless Chromium driven by Selenium, against a live
`tessera serve`.

    Tests/Browser/playground_test.py PATH/TO/tessera

Checks that the page loads without console errors, that the drawn elements sit exactly
where the API's frames (and projected 3D transforms) say and are painted, that scrolling
patches the view and fetches the new rect, that batch updates and layout switches start at
each plan entry's `from` and end at the new layout, that an interactive transition can be
scrubbed, that dragging a cell reorders it, that an error is shown at the field it names,
and that a session with identifiers is changed by snapshot (apply, shuffle, insert, delete:
each plan animated, each cell named by its identifier). Right to left: the direction toggle
patches the view, a flipped axis is drawn at visual frames (plans mirrored too), and a
flipped horizontal scroll asks for the layout-space rect and drags in layout space. List
sections' separators are drawn as painted hairlines and inset groups with rounded corners.
Screenshots of each step
go to PLAYGROUND_SCREENSHOTS (default Tests/Browser/screenshots, git-ignored).
"""
import json
import os
import pathlib
import sys
import unittest
import urllib.request

from browser_harness import BrowserTestCase, pixel, png_pixels

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

HERE = pathlib.Path(__file__).resolve().parent
SCREENSHOTS = pathlib.Path(os.environ.get("PLAYGROUND_SCREENSHOTS", HERE / "screenshots"))
# Upper bound on waiting for the page (not a timing assertion: a slow machine only waits longer).
PATIENCE = 60

# Chrome positions boxes in LayoutUnits of 1/64 px.
LAYOUT_UNIT = 1 / 64


def element_key(a):
    return f"{a['category']}|{a.get('kind', '')}|{a['indexPath'][0]}|{a['indexPath'][1]}"


def drawn_frame(a):
    """Where the screen shows an element: its visual frame when the axis is flipped."""
    return a.get("visualFrame", a["frame"])


def projected_bounds(a):
    """Core Animation's projection of the drawn frame through transform3D (about its centre,
    unchanged under a flipped axis: L5)."""
    f = drawn_frame(a)
    m = a.get("transform3D") or [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]
    cx, cy = f["x"] + f["width"] / 2, f["y"] + f["height"] / 2
    xs, ys = [], []
    for x, y in [(-1, -1), (1, -1), (1, 1), (-1, 1)]:
        x, y = x * f["width"] / 2, y * f["height"] / 2
        X = x * m[0] + y * m[4] + m[12]
        Y = x * m[1] + y * m[5] + m[13]
        W = x * m[3] + y * m[7] + m[15]
        xs.append(cx + X / W)
        ys.append(cy + Y / W)
    return [min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)]


DRAWN = """
const content = document.getElementById('content').getBoundingClientRect();
return [...document.querySelectorAll('#content .element')].map((b) => {
  const r = b.getBoundingClientRect();
  return {key: b.dataset.key, left: parseFloat(b.style.left), top: parseFloat(b.style.top),
          width: parseFloat(b.style.width), height: parseFloat(b.style.height), z: Number(b.style.zIndex),
          opacity: Number(b.style.opacity), transform: b.style.transform, display: b.style.display,
          planIndex: b.dataset.planIndex === undefined ? null : Number(b.dataset.planIndex),
          rect: [r.left - content.left, r.top - content.top, r.width, r.height]};
});
"""


UNCOVERED = """
const view = document.getElementById('viewport').getBoundingClientRect();
const missing = [];
for (const b of document.querySelectorAll('#content .element')) {
  if (b.style.display === 'none' || Number(b.style.opacity) === 0) continue;
  const r = b.getBoundingClientRect();
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  if (x <= view.left || x >= view.right || y <= view.top || y >= view.bottom) continue;
  const hit = document.elementFromPoint(x, y);
  if (!hit || !hit.closest('#content .element')) missing.push(b.dataset.key);
}
return missing;
"""


class PlaygroundTest(BrowserTestCase):
    window = "1600,1000"

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        print(f"screenshots in {SCREENSHOTS}", file=sys.stderr)

    # MARK: Helpers

    def wait_idle(self):
        WebDriverWait(self.driver, PATIENCE).until(
            lambda d: d.execute_script("return !!window.playground && window.playground.idle()"
                                       " && window.playground.state.lastRect !== null"))

    def open_page(self, example=None):
        self.driver.get(self.base + "/" + (f"?example={example}" if example else ""))
        self.wait_idle()

    def choose(self, example):
        Select(self.driver.find_element(By.ID, "example")).select_by_value(example)
        WebDriverWait(self.driver, PATIENCE).until(
            lambda d: d.execute_script("return window.playground.state.id !== null && window.playground.idle()"))
        self.wait_idle()

    def state(self):
        return self.js("return window.playground.state")

    def shot(self, name):
        self.driver.save_screenshot(str(SCREENSHOTS / f"{name}.png"))

    def console_errors(self):
        return [entry for entry in self.driver.get_log("browser") if entry["level"] == "SEVERE"]

    def assert_drawn_as_api_says(self, progress=None):
        """Every element the API answers for the drawn rect is drawn at its frame, with its
        zIndex, alpha and transform, and the browser shows it where Core Animation would."""
        state = self.state()
        r = state["lastRect"]
        path = f"/v1/sessions/{state['id']}/elements?rect={r['x']},{r['y']},{r['width']},{r['height']}"
        if progress is not None:
            path += f"&progress={progress}"
        elements = self.api("GET", path)["elements"]
        drawn = {d["key"]: d for d in self.js(DRAWN)}
        self.assertEqual(sorted(element_key(a) for a in elements), sorted(drawn))
        for a in elements:
            d = drawn[element_key(a)]
            f = drawn_frame(a)
            for name, value in [("left", f["x"]), ("top", f["y"]), ("width", f["width"]), ("height", f["height"])]:
                self.assertAlmostEqual(d[name], value, delta=1e-3, msg=f"{element_key(a)} {name}")
            self.assertEqual(d["opacity"], a["alpha"])
            self.assertEqual(d["display"], "none" if a.get("hidden") else "")
            self.assertEqual(d["z"], a["zIndex"])
            if a.get("hidden"):
                continue
            if "transform3D" in a:
                entries = [float(v) for v in d["transform"][len("matrix3d("):-1].split(",")]
                for got, want in zip(entries, a["transform3D"]):
                    self.assertAlmostEqual(got, want, delta=1e-4 * max(1, abs(want)))
                # Where the browser shows it: the projected quadrilateral's bounds.
                for got, want in zip(d["rect"], projected_bounds(a)):
                    self.assertAlmostEqual(got, want, delta=0.5, msg=f"{element_key(a)} projected")
            else:
                self.assertEqual(d["transform"], "")
                for got, want in zip(d["rect"], [f["x"], f["y"], f["width"], f["height"]]):
                    self.assertAlmostEqual(got, want, delta=LAYOUT_UNIT, msg=f"{element_key(a)} drawn")
        # And the browser paints them: the centre of every visible element inside the view
        # hits an element box (a box hidden behind the view's background would hit the view).
        uncovered = self.js(UNCOVERED)
        self.assertEqual([], uncovered)
        return elements

    # MARK: Tests, in order (one browser and one page)

    def test_1_page_loads_without_console_errors(self):
        self.open_page()
        self.shot("1-loaded")
        self.assertEqual([], self.console_errors())
        self.assertTrue(self.state()["id"])
        self.assertGreater(len(self.js(DRAWN)), 0)

    def test_2_drawn_cells_equal_the_api_frames(self):
        self.open_page("flow")
        elements = self.assert_drawn_as_api_says()
        self.assertTrue(any(a["category"] == "supplementary" for a in elements))

    def test_3_scrolling_patches_the_view_and_fetches_the_new_rect(self):
        self.open_page("flow")
        self.js("document.getElementById('viewport').scrollTo(0, 700)")
        WebDriverWait(self.driver, PATIENCE).until(
            lambda d: d.execute_script("const r = window.playground.state.lastRect; return r && r.y === 700"
                                       " && window.playground.idle()"))
        state = self.state()
        self.assertEqual(self.api("GET", f"/v1/sessions/{state['id']}")["view"]["contentOffset"], {"x": 0, "y": 700})
        log = [entry["curl"] for entry in self.js("return window.playground.requestLog()")]
        self.assertTrue(any("-X PATCH" in c and '"contentOffset":{"x":0,"y":700}' in c for c in log))
        self.assertTrue(any(c.endswith(f"/elements?rect=0,700,390,600'") for c in log), log[-3:])
        # The link to the server's picture of the same rect.
        link = self.driver.find_element(By.ID, "svg-link").get_attribute("href")
        self.assertEqual(link, f"{self.base}/v1/sessions/{state['id']}/render.svg?rect=0,700,390,600")
        with urllib.request.urlopen(link) as response:
            self.assertEqual(response.headers["Content-Type"], "image/svg+xml")
            self.assertTrue(response.read().startswith(b"<svg "))
        elements = self.assert_drawn_as_api_says()
        # The pinned header of the section under the top edge sits at the top of the view.
        headers = [a for a in elements if a.get("kind") == "header" and a["frame"]["y"] == 700]
        self.assertEqual(len(headers), 1)
        self.shot("3-scrolled-pinned-header")

    def play_held_plan(self, button_id, shot, expect_moves=True):
        """Presses a button whose answer is an animation plan, with the animation held at its
        start: every entry's box must sit at its `from` attributes; then lets it run and checks
        the page ends at the new layout. Returns the plan."""
        self.js("window.playground.holdAnimations()")
        self.driver.find_element(By.ID, button_id).click()
        WebDriverWait(self.driver, PATIENCE).until(
            lambda d: d.execute_script("return window.playground.state.lastPlan !== null"
                                       " && window.playground.canvas.animations === 1"))
        state = self.state()
        plan = state["lastPlan"]
        drawn = {d["planIndex"]: d for d in self.js(DRAWN)}
        for index, entry in enumerate(plan):
            start = (entry.get("from") or entry["to"])["attributes"]
            d = drawn[index]
            # A plan carries no visualFrame: with a flipped axis the page mirrors its frames
            # across the content's width (here the same before and after).
            x = start["frame"]["x"]
            if state["axisFlipped"]:
                x = state["contentSize"]["width"] - x - start["frame"]["width"]
            self.assertAlmostEqual(d["left"], x, delta=1e-3)
            self.assertAlmostEqual(d["top"], start["frame"]["y"], delta=1e-3)
            self.assertAlmostEqual(d["width"], start["frame"]["width"], delta=1e-3)
            self.assertEqual(d["opacity"], start["alpha"])
        moved = [e for e in plan if e["from"]["attributes"]["frame"] != e["to"]["attributes"]["frame"]]
        if expect_moves:
            self.assertGreater(len(moved), 0)
        self.shot(f"{shot}a-start")
        self.js("window.playground.release()")
        self.wait_idle()
        self.assert_drawn_as_api_says()
        self.shot(f"{shot}b-end")
        return plan

    def test_4_batch_update_animates_from_each_plan_entry_to_the_new_layout(self):
        self.open_page("flow")
        plan = self.play_held_plan("run-updates", "4-update-")
        self.assertTrue({"insert", "delete", "move"} <= {e["change"] for e in plan})

    def test_4b_layout_switch_animates_from_each_plan_entry_to_the_new_layout(self):
        self.open_page("circle")
        self.play_held_plan("switch-layout", "4-switch-")
        self.assertEqual(self.api("GET", f"/v1/sessions/{self.state()['id']}")["layout"]["type"], "flow")

    def test_5_transition_progress_can_be_scrubbed(self):
        self.open_page("flow")
        self.driver.find_element(By.ID, "begin-transition").click()
        WebDriverWait(self.driver, PATIENCE).until(lambda d: d.execute_script(
            "return window.playground.state.transition && window.playground.idle()"))
        self.js("const p = document.getElementById('progress'); p.value = '0.5';"
                "p.dispatchEvent(new Event('input'))")
        WebDriverWait(self.driver, PATIENCE).until(lambda d: d.execute_script(
            "return window.playground.idle() && window.playground.requestLog().some((e) => e.path.endsWith('progress=0.5'))"))
        self.assert_drawn_as_api_says(progress=0.5)
        self.shot("5-transition-halfway")
        self.driver.find_element(By.ID, "finish-transition").click()
        WebDriverWait(self.driver, PATIENCE).until(lambda d: d.execute_script(
            "return !window.playground.state.transition && window.playground.idle()"))
        self.assert_drawn_as_api_says()

    def test_6_dragging_a_cell_reorders_it(self):
        self.open_page("flow")
        source = self.driver.find_element(By.CSS_SELECTOR, '#content .element.cell[data-index-path="0,0"]')
        target = self.driver.find_element(By.CSS_SELECTOR, '#content .element.cell[data-index-path="0,5"]')
        ActionChains(self.driver).click_and_hold(source).move_by_offset(10, 10).move_to_element(target) \
            .move_by_offset(2, 2).release().perform()
        WebDriverWait(self.driver, PATIENCE).until(lambda d: d.execute_script(
            "return window.playground.idle() && window.playground.requestLog()"
            ".some((e) => e.curl.includes('\"phase\":\"end\"'))"))
        self.wait_idle()
        log = [entry["curl"] for entry in self.js("return window.playground.requestLog()")]
        self.assertTrue(any('"phase":"begin","indexPath":[0,0]' in c for c in log))
        self.assertTrue(any('"phase":"update"' in c for c in log))
        plan = self.state()["lastPlan"]
        moves = [(e["from"]["indexPath"], e["to"]["indexPath"]) for e in plan if e["change"] == "move"]
        self.assertIn(([0, 0], [0, 5]), moves)
        self.assert_drawn_as_api_says()
        self.shot("6-after-drag")

    def test_7_an_error_is_shown_at_the_field_it_names(self):
        self.open_page("flow")
        shown = self.state()["id"]
        editor = self.driver.find_element(By.ID, "body-editor")
        text = json.dumps({"layout": {"type": "flow", "itemSize": [-1, 5]},
                           "dataSource": {"sections": [{"itemCount": 3}]}, "view": {"bounds": [390, 600]}}, indent=2)
        self.js("arguments[0].value = arguments[1]", editor, text)
        self.driver.find_element(By.ID, "create").click()
        WebDriverWait(self.driver, PATIENCE).until(lambda d: d.execute_script(
            "return !document.getElementById('body-error').hidden && window.playground.idle()"))
        error = self.driver.find_element(By.ID, "body-error")
        self.assertEqual(error.get_attribute("data-field"), "layout.itemSize")
        self.assertIn("layout.itemSize: width must not be negative", error.text)
        start, end = self.js("return [arguments[0].selectionStart, arguments[0].selectionEnd]", editor)
        self.assertEqual(text[start:end].replace(" ", "").replace("\n", ""), "[-1,5]")
        self.assertIn("^", error.text)
        # A refused body changes nothing: the session on show stays, drawn as before.
        self.assertEqual(self.state()["id"], shown)
        self.assertEqual(self.api("GET", f"/v1/sessions/{shown}")["id"], shown)
        self.assert_drawn_as_api_says()
        self.shot("7-error-at-field")

    def test_8_every_example_draws_as_the_api_says(self):
        self.console_errors()  # drains the log: test 7's refused request is an expected 400
        self.open_page()
        examples = [o.get_attribute("value") for o in
                    Select(self.driver.find_element(By.ID, "example")).options]
        self.assertGreaterEqual(len(examples), 9)
        for example in examples:
            with self.subTest(example=example):
                self.choose(example)
                self.assert_drawn_as_api_says()
                self.shot(f"8-example-{example}")
        self.assertEqual([], self.console_errors())

    # MARK: Diffable snapshots

    def snapshot_items(self):
        """The session's snapshot (GET …/snapshot), which the page must know as it is."""
        sections = self.api("GET", f"/v1/sessions/{self.state()['id']}/snapshot")["sections"]
        self.assertEqual(self.state()["snapshot"], sections)
        return sections

    def assert_cells_named_by_snapshot(self):
        sections = self.snapshot_items()
        names = self.js("return [...document.querySelectorAll('#content .element.cell')]"
                        ".map((b) => [b.dataset.indexPath, b.dataset.name ?? null, b.textContent])")
        self.assertGreater(len(names), 0)
        for path, name, text in names:
            section, item = map(int, path.split(","))
            self.assertEqual(name, str(sections[section]["items"][item]), path)
            self.assertEqual(text, name)
        return sections

    def test_9_snapshot_edits_animate_their_plan(self):
        self.console_errors()  # drains the log
        self.open_page("snapshot")
        self.assertTrue(self.driver.find_element(By.ID, "snapshot-panel").is_displayed())
        self.assertFalse(self.driver.find_element(By.ID, "updates-panel").is_displayed())
        before = self.assert_cells_named_by_snapshot()
        # Random choices from a fixed seed (the page shuffles, inserts and deletes at random).
        self.js("let seed = 7; Math.random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;")

        def puts():
            return [e for e in self.js("return window.playground.requestLog()")
                    if e["method"] == "PUT" and e["path"].endswith("/snapshot")]

        # The example's snapshot, from the editor: m12 to the front, m3 to the archive, n1 new,
        # m1 reloaded.
        plan = self.play_held_plan("apply-snapshot", "9-apply-")
        self.assertTrue({"move", "insert", "reload"} <= {e["change"] for e in plan if e["category"] == "cell"})
        after = self.assert_cells_named_by_snapshot()
        self.assertEqual(after[0]["items"][:2], ["m12", "m1"])
        self.assertIn("m3", after[1]["items"])
        self.assertEqual(len(puts()), 1)

        # Shuffle: the same items in each section, in another order; only moves.
        before = after
        plan = self.play_held_plan("shuffle-snapshot", "9-shuffle-")
        after = self.assert_cells_named_by_snapshot()
        for old, new in zip(before, after):
            self.assertEqual(sorted(old["items"]), sorted(new["items"]))
        self.assertNotEqual(before, after)
        self.assertTrue({e["change"] for e in plan if e["category"] == "cell"} <= {"move", "none"})
        self.assertEqual(json.loads(self.driver.find_element(By.ID, "snapshot-editor").get_attribute("value")),
                         {"sections": after})

        # Insert: one new item (n2, n1 being taken), faded in where it lands.
        before = after
        plan = self.play_held_plan("insert-item", "9-insert-", expect_moves=False)
        after = self.assert_cells_named_by_snapshot()
        added = {i for s in after for i in s["items"]} - {i for s in before for i in s["items"]}
        self.assertEqual(added, {"n2"})
        path = next([s, section["items"].index("n2")] for s, section in enumerate(after) if "n2" in section["items"])
        inserts = [e for e in plan if e["category"] == "cell" and e["change"] == "insert"]
        self.assertEqual([e["to"]["indexPath"] for e in inserts], [path])
        self.assertEqual(inserts[0]["from"]["attributes"]["alpha"], 0)

        # Delete: one item gone, faded out where it was.
        before = after
        plan = self.play_held_plan("delete-item", "9-delete-", expect_moves=False)
        after = self.assert_cells_named_by_snapshot()
        self.assertEqual(sum(len(s["items"]) for s in after), sum(len(s["items"]) for s in before) - 1)
        deletes = [e for e in plan if e["category"] == "cell" and e["change"] == "delete"]
        self.assertEqual(len(deletes), 1)
        self.assertEqual(deletes[0]["to"]["attributes"]["alpha"], 0)
        self.assertEqual(len(puts()), 4)
        self.assertEqual([], self.console_errors())

        # A refused snapshot is shown at the field it names; nothing changes.
        editor = self.driver.find_element(By.ID, "snapshot-editor")
        text = json.dumps({"sections": [{"id": "inbox", "items": ["m1", "m1"]}]}, indent=2)
        self.js("arguments[0].value = arguments[1]", editor, text)
        version = self.state()["version"]
        self.driver.find_element(By.ID, "apply-snapshot").click()
        WebDriverWait(self.driver, PATIENCE).until(lambda d: d.execute_script(
            "return !document.getElementById('snapshot-error').hidden && window.playground.idle()"))
        error = self.driver.find_element(By.ID, "snapshot-error")
        self.assertEqual(error.get_attribute("data-field"), "sections[0].items[1]")
        self.assertIn("supplied item identifiers are not unique", error.text)
        start, end = self.js("return [arguments[0].selectionStart, arguments[0].selectionEnd]", editor)
        self.assertEqual(text[start:end], '"m1"')
        self.assertEqual(self.api("GET", f"/v1/sessions/{self.state()['id']}/snapshot")["version"], version)
        self.assert_drawn_as_api_says()
        self.shot("9-refused-snapshot")

        # A session without identifiers shows batch updates instead.
        self.choose("flow")
        self.assertFalse(self.driver.find_element(By.ID, "snapshot-panel").is_displayed())
        self.assertTrue(self.driver.find_element(By.ID, "updates-panel").is_displayed())
        self.assertIsNone(self.state()["snapshot"])

    # MARK: Right to left (docs/layout-direction.md)

    def toggle_direction(self, right_to_left):
        self.driver.find_element(By.ID, "right-to-left").click()
        WebDriverWait(self.driver, PATIENCE).until(lambda d: d.execute_script(
            "return window.playground.idle() && window.playground.state.direction === arguments[0]",
            "rightToLeft" if right_to_left else "leftToRight"))
        self.wait_idle()

    def test_10_the_direction_toggle_draws_a_flipped_axis_mirrored(self):
        self.console_errors()  # drains the log
        self.open_page("compositional")
        self.assertFalse(self.driver.find_element(By.ID, "right-to-left").is_selected())
        ltr = {element_key(a): a for a in self.assert_drawn_as_api_says()}
        self.toggle_direction(True)
        state = self.state()
        log = [entry["curl"] for entry in self.js("return window.playground.requestLog()")]
        self.assertTrue(any("-X PATCH" in c and '{"layoutDirection":"rightToLeft"}' in c for c in log))
        # The compositional layout developed left to right flips the axis in right to left
        # (L4): its frames are the left-to-right ones, drawn mirrored across the content.
        self.assertTrue(state["axisFlipped"])
        self.assertTrue(self.api("GET", f"/v1/sessions/{state['id']}")["axisFlipped"])
        width = state["contentSize"]["width"]
        elements = self.assert_drawn_as_api_says()
        drawn = {d["key"]: d for d in self.js(DRAWN)}
        for a in elements:
            if a["category"] != "cell":
                continue
            self.assertEqual(a["frame"], ltr[element_key(a)]["frame"])
            f = a["frame"]
            self.assertAlmostEqual(drawn[element_key(a)]["left"], width - f["x"] - f["width"], delta=1e-3)
        self.assertIn("axis flipped", self.driver.find_element(By.ID, "view-status").text)
        self.shot("10-compositional-rtl")
        # A batch update's plan starts mirrored too.
        self.play_held_plan("run-updates", "10-rtl-update-")
        # Back to left to right: nothing mirrored.
        self.toggle_direction(False)
        self.assertFalse(self.state()["axisFlipped"])
        for a in self.assert_drawn_as_api_says():
            self.assertNotIn("visualFrame", a)
        self.assertEqual([], self.console_errors())

    def test_11_a_flipped_horizontal_scroll_asks_in_layout_space(self):
        """A horizontal flow with the flag, right to left (L1): offset 0 is the content's right
        end; a scroll position s is the layout's contentSize.width − s − 390."""
        body = {"layout": {"type": "flow", "scrollDirection": "horizontal", "itemSize": [100, 100],
                           "minimumLineSpacing": 10, "minimumInteritemSpacing": 10,
                           "flipsHorizontallyInOppositeLayoutDirection": True},
                "dataSource": {"sections": [{"itemCount": 200}]},
                "view": {"bounds": [390, 600], "layoutDirection": "rightToLeft"}}
        self.open_page("flow")
        self.js("document.getElementById('body-editor').value = arguments[0]", json.dumps(body, indent=2))
        old = self.state()["id"]
        self.driver.find_element(By.ID, "create").click()
        WebDriverWait(self.driver, PATIENCE).until(lambda d: d.execute_script(
            "return window.playground.state.id !== arguments[0] && window.playground.idle()", old))
        self.wait_idle()
        state = self.state()
        self.assertTrue(state["axisFlipped"])
        self.assertTrue(self.driver.find_element(By.ID, "right-to-left").is_selected())
        width = state["contentSize"]["width"]
        self.assertEqual(self.js("return document.getElementById('viewport').scrollLeft"), width - 390)
        self.assertEqual(state["lastRect"]["x"], 0)
        self.assert_drawn_as_api_says()
        self.js("document.getElementById('viewport').scrollTo(arguments[0], 0)", width - 700 - 390)
        WebDriverWait(self.driver, PATIENCE).until(lambda d: d.execute_script(
            "const r = window.playground.state.lastRect; return r && r.x === 700 && window.playground.idle()"))
        self.assertEqual(self.api("GET", f"/v1/sessions/{self.state()['id']}")["view"]["contentOffset"], {"x": 700, "y": 0})
        log = [entry["curl"] for entry in self.js("return window.playground.requestLog()")]
        self.assertTrue(any(c.endswith("/elements?rect=700,0,390,600'") for c in log), log[-3:])
        self.assert_drawn_as_api_says()
        self.shot("11-horizontal-rtl")
        # A drag is sent in the layout's space: item 0,40 dropped on 0,45 moves there.
        source = self.driver.find_element(By.CSS_SELECTOR, '#content .element.cell[data-index-path="0,40"]')
        target = self.driver.find_element(By.CSS_SELECTOR, '#content .element.cell[data-index-path="0,45"]')
        ActionChains(self.driver).click_and_hold(source).move_by_offset(-10, 10).move_to_element(target) \
            .move_by_offset(2, 2).release().perform()
        WebDriverWait(self.driver, PATIENCE).until(lambda d: d.execute_script(
            "return window.playground.idle() && window.playground.requestLog()"
            ".some((e) => e.curl.includes('\"phase\":\"end\"'))"))
        self.wait_idle()
        moves = [(e["from"]["indexPath"], e["to"]["indexPath"]) for e in self.state()["lastPlan"] if e["change"] == "move"]
        self.assertIn(([0, 40], [0, 45]), moves)
        self.assert_drawn_as_api_says()

    # MARK: List sections

    def test_12_list_decorations_are_hairlines_and_rounded_groups(self):
        """List sections' decorations (docs/compositional.md, §6), fed to the page's canvas as
        the engine answers them: a separator is its frame filled, without outline or label,
        and painted (at least one device pixel of a 1/3-point strip); an inset group is
        filled with 10-point rounded corners under the rows. Other decorations are unchanged."""
        self.open_page()
        self.js("document.getElementById('viewport').scrollTo(0, 0)")
        self.wait_idle()
        third = 1 / 3
        elements = [
            # A lone group (no rows over it), so that its corners can be seen.
            {"category": "decoration", "kind": "list-background", "indexPath": [0, 0],
             "frame": {"x": 16, "y": 35, "width": 361, "height": 88}, "zIndex": 0, "alpha": 1},
            {"category": "cell", "indexPath": [1, 0], "frame": {"x": 16, "y": 200, "width": 361, "height": 44},
             "zIndex": 10, "alpha": 1},
            {"category": "decoration", "kind": "list-separator-bottom", "indexPath": [1, 0],
             "frame": {"x": 32, "y": 244 - third, "width": 345, "height": third}, "zIndex": 100, "alpha": 1},
            {"category": "decoration", "kind": "list-separator-top", "indexPath": [1, 1],
             "frame": {"x": 32, "y": 300, "width": 345, "height": third}, "zIndex": 100, "alpha": 1},
            {"category": "decoration", "kind": "background", "indexPath": [2, 0],
             "frame": {"x": 16, "y": 400, "width": 361, "height": 100}, "zIndex": -1, "alpha": 1},
        ]
        self.js("const c = window.playground.canvas; c.setContentSize({width: 390, height: 600});"
                " c.draw(arguments[0])", elements)
        boxes = {b["key"]: b for b in self.js("""
            return [...document.querySelectorAll('#content .element')].map((b) => {
              const s = getComputedStyle(b);
              return {key: b.dataset.key, classes: b.className, text: b.textContent, top: parseFloat(b.style.top),
                      height: parseFloat(b.style.height), z: Number(b.style.zIndex), border: s.borderTopStyle,
                      radius: s.borderTopLeftRadius, background: s.backgroundColor};
            });""")}
        self.assertEqual(len(boxes), 5)
        group = boxes["decoration|list-background|0|0"]
        self.assertIn("list-group", group["classes"])
        self.assertEqual((group["border"], group["radius"], group["z"]), ("none", "10px", 0))
        self.assertEqual(group["background"], "rgb(255, 255, 255)")
        for key in ["decoration|list-separator-bottom|1|0", "decoration|list-separator-top|1|1"]:
            line = boxes[key]
            self.assertIn("list-hairline", line["classes"])
            self.assertEqual((line["border"], line["text"], line["z"]), ("none", "", 100), key)
            self.assertEqual(line["background"], "rgb(198, 198, 200)", key)
            self.assertAlmostEqual(line["height"], third, delta=1e-3)
        self.assertAlmostEqual(boxes["decoration|list-separator-bottom|1|0"]["top"], 244 - third, delta=1e-3)
        # Unchanged: the other decoration keeps its dashed outline and label, the cell its outline.
        other = boxes["decoration|background|2|0"]
        self.assertEqual((other["border"], other["radius"], other["text"]), ("dashed", "0px", "background 2,0"))
        self.assertEqual(boxes["cell||1|0"]["border"], "solid")

        # What is painted, read back from a screenshot of the view (content origin at 1, 1:
        # the view's 1-pixel border; device scale 1).
        self.shot("12-list")
        image = png_pixels(self.driver.find_element(By.ID, "viewport").screenshot_as_png)
        at = lambda x, y: pixel(image, 1 + x, 1 + y)
        page = at(5, 5)  # the view's background
        self.assertEqual(at(100, 40), "#ffffff")  # inside the group
        self.assertEqual(at(16, 35), page)  # its corner, rounded off
        self.assertEqual(at(20, 80), "#ffffff")  # its leading edge, below the corner
        # The bottom separator: a 1/3-point strip, painted one device pixel tall on the
        # cell's bottom edge (where Chrome snaps it), from x = 32 on only.
        column = [at(200, y) for y in range(240, 248)]
        self.assertIn("#c6c6c8", column)
        self.assertNotIn("#c6c6c8", [at(24, y) for y in range(240, 248)])
        self.assertIn("#c6c6c8", [at(200, y) for y in range(298, 303)])


    def test_13_an_inset_group_clips_its_rows_to_its_rounded_corners(self):
        """An inset group's rows and separators are clipped to the group's rounded rect, as
        UIKit clips the group's first and last cells: at the group's corners the page shows,
        not the rows' colour. A section without a group (section 1) is drawn as before."""
        self.open_page()
        self.js("document.getElementById('viewport').scrollTo(0, 0)")
        self.wait_idle()
        third = 1 / 3
        row = lambda section, item, y: {"category": "cell", "indexPath": [section, item],
                                        "frame": {"x": 16, "y": y, "width": 361, "height": 44}, "zIndex": 10, "alpha": 1}
        elements = [
            row(0, 0, 35), row(0, 1, 79),
            {"category": "decoration", "kind": "list-separator-bottom", "indexPath": [0, 0],
             "frame": {"x": 32, "y": 79 - third, "width": 345, "height": third}, "zIndex": 100, "alpha": 1},
            {"category": "decoration", "kind": "list-background", "indexPath": [0, 0],
             "frame": {"x": 16, "y": 35, "width": 361, "height": 88}, "zIndex": 0, "alpha": 1},
            row(1, 0, 200),
        ]
        self.js("const c = window.playground.canvas; c.setContentSize({width: 390, height: 600});"
                " c.draw(arguments[0])", elements)
        clips = {b["key"]: b["clip"] for b in self.js("""
            return [...document.querySelectorAll('#content .element')].map((b) =>
              ({key: b.dataset.key, clip: getComputedStyle(b).clipPath}));""")}
        self.assertEqual(clips["cell||0|0"], "inset(0px 0px -44px round 10px)")
        self.assertEqual(clips["cell||0|1"], "inset(-44px 0px 0px round 10px)")
        self.assertTrue(clips["decoration|list-separator-bottom|0|0"].startswith("inset("))
        for key in ["decoration|list-background|0|0", "cell||1|0"]:
            self.assertEqual(clips[key], "none", key)

        self.shot("13-list-clip")
        image = png_pixels(self.driver.find_element(By.ID, "viewport").screenshot_as_png)
        at = lambda x, y: pixel(image, 1 + x, 1 + y)
        page = at(5, 5)
        cell, edge = "#cfe2ff", "#2f6fd6"
        self.assertEqual(at(100, 57), cell)  # a row's middle is the row's
        # The group's four corners (each a point 12 from its corner's centre, outside the
        # 10-point radius) show the page, not the rows' fill or outline.
        for x, y in [(17, 36), (375, 36), (17, 121), (375, 121)]:
            self.assertEqual(at(x, y), page, (x, y))
            self.assertNotIn(at(x, y), [cell, edge])
        # Inside the rounding, the rows draw as before: their outline on the leading edge.
        self.assertEqual(at(16, 57), edge)
        # Section 1 has no group: its row's corner is its outline, square.
        self.assertEqual(at(16, 200), edge)
        self.assertEqual(at(17, 201), cell)


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(f"usage: {sys.argv[0]} PATH/TO/tessera")
    BrowserTestCase.binary = sys.argv.pop(1)
    unittest.main(verbosity=2)
