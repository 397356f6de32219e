#!/usr/bin/env python3
"""<tessera-view> in a real browser: headless Chromium driven by Selenium, against a live
`tessera serve`.

    Tests/Browser/tessera_view_test.py PATH/TO/tessera

Over a 1,000,000-item flow session (four sections, pinned headers) in an 800 x 600 element:
scrolls from top to bottom in steps and, at each step, asks the server for the elements of
the visible rect and checks that each one is on screen at its frame (within 0.5 px of the
content's origin), that the DOM holds at most twice as many elements, and that the server's
view has the element's offset; checks that scrollToItem lands where the API said, and that a
prepend anchored at the first visible item leaves that item where it was on screen, during
the animation and after it. Then opens /demo and checks that both feeds render as the server
answers. Right to left: a session whose axis is flipped is placed at its visual frames, starts
at its leading (right) edge and asks for the layout-space rect of what it shows. List sections'
separators and inset groups, answered by a stand-in fetch, are drawn as painted hairlines and
rounded groups. Screenshots go to TESSERA_VIEW_SCREENSHOTS (default Tests/Browser/screenshots,
git-ignored).
"""
import os
import pathlib
import sys
import unittest
import urllib.request

from browser_harness import BrowserTestCase, pixel, png_pixels

from selenium.webdriver.support.ui import WebDriverWait

HERE = pathlib.Path(__file__).resolve().parent
SCREENSHOTS = pathlib.Path(os.environ.get("TESSERA_VIEW_SCREENSHOTS", HERE / "screenshots"))
# Upper bound on waiting for the page (not a timing assertion: a slow machine only waits longer).
PATIENCE = 60
# How far a placed element may sit from its frame.
TOLERANCE = 0.5

SECTIONS = 4
ITEMS = 1_000_000
FLOW = {
    "layout": {"type": "flow", "itemSize": [100, 100], "minimumLineSpacing": 10, "minimumInteritemSpacing": 10,
               "headerReferenceSize": [0, 40], "sectionHeadersPinToVisibleBounds": True},
    "dataSource": {"sections": [{"itemCount": ITEMS // SECTIONS} for _ in range(SECTIONS)]},
}

# Opens an element of the given size over a session body (arguments: body, width, height, id).
OPEN = """
const [body, width, height, id, done] = arguments;
customElements.whenDefined('tessera-view').then(async () => {
  document.getElementById(id)?.remove();
  const view = document.createElement('tessera-view');
  view.id = id;
  view.style.width = `${width}px`;
  view.style.height = `${height}px`;
  view.addEventListener('tessera-error', (e) => (window.viewErrors ??= []).push(String(e.detail)));
  document.body.append(view);
  try {
    await view.open({ body });
    done({ ok: true, id: view.sessionId });
  } catch (error) {
    done({ ok: false, error: String(error) });
  }
});
"""

# The placed elements of a view: key, and the box relative to the content's origin.
PLACED = """
const view = document.getElementById(arguments[0]);
const origin = view.contentElement.getBoundingClientRect();
return [...view.children].filter((n) => n.dataset.category).map((n) => {
  const r = n.getBoundingClientRect();
  return { key: `${n.dataset.category}|${n.dataset.kind ?? ''}|${n.dataset.indexPath}`,
           display: getComputedStyle(n).display, opacity: Number(getComputedStyle(n).opacity),
           rect: [r.left - origin.left, r.top - origin.top, r.width, r.height],
           screen: [r.left, r.top] };
});
"""

STATE = """
const view = document.getElementById(arguments[0]);
return { id: view.sessionId, idle: view.idle, rect: view.visibleRect(), placed: view.placedRect,
         content: view.contentSize, errors: window.viewErrors ?? [] };
"""


def key_of(a):
    return f"{a['category']}|{a.get('kind', '')}|{a['indexPath'][0]},{a['indexPath'][1]}"


class TesseraViewTest(BrowserTestCase):
    window = "1280,900"

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.driver.set_script_timeout(PATIENCE)
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)

    # MARK: Helpers

    def call(self, expression, *args):
        """Awaits a promise the expression makes (`view` is the element #view); its value, or
        the error's text as {"error": ...}."""
        return self.driver.execute_async_script(
            "const done = arguments[arguments.length - 1]; const view = document.getElementById('view');"
            f"Promise.resolve().then(() => {expression}).then(done, (e) => done({{error: String(e)}}))", *args)

    def shot(self, name):
        self.driver.save_screenshot(str(SCREENSHOTS / f"tessera-view-{name}.png"))

    def console_errors(self):
        return [entry for entry in self.driver.get_log("browser") if entry["level"] == "SEVERE"]

    def open_view(self, body, width=800, height=600, page_css=None):
        self.driver.get(self.base + "/playground/view.html")
        if page_css:
            self.js("const s = document.createElement('style'); s.textContent = arguments[0]; document.head.append(s)", page_css)
        opened = self.driver.execute_async_script(OPEN, body, width, height, "view")
        self.assertTrue(opened["ok"], opened)
        return opened["id"]

    def wait_idle(self, view="view"):
        WebDriverWait(self.driver, PATIENCE).until(lambda d: d.execute_script(
            "const v = document.getElementById(arguments[0]); return v.idle", view))
        state = self.js(STATE, view)
        self.assertEqual([], state["errors"])
        return state

    def assert_placed_as_server_says(self, view="view"):
        """Every element the server answers for the visible rect is placed at its frame; the
        DOM holds at most twice as many. Returns the server's elements and the placed boxes."""
        state = self.wait_idle(view)
        r = state["rect"]
        # The server's view is the element's: pinned headers are answered for this offset.
        session = self.api("GET", f"/v1/sessions/{state['id']}")
        self.assertEqual(session["view"]["contentOffset"], {"x": r["x"], "y": r["y"]})
        self.assertEqual(session["view"]["bounds"], {"width": r["width"], "height": r["height"]})
        elements = self.api(
            "GET", f"/v1/sessions/{state['id']}/elements?rect={r['x']},{r['y']},{r['width']},{r['height']}")["elements"]
        placed = {p["key"]: p for p in self.js(PLACED, view)}
        self.assertGreater(len(elements), 0)
        for a in elements:
            key = key_of(a)
            self.assertIn(key, placed, f"{key} is not placed (visible rect {r})")
            p = placed[key]
            if a.get("hidden"):
                self.assertEqual(p["display"], "none", key)
                continue
            self.assertEqual(p["opacity"], a["alpha"], key)
            if "transform3D" not in a:
                # Where the screen shows it: its visual frame when the axis is flipped.
                f = a.get("visualFrame", a["frame"])
                for got, want, name in zip(p["rect"], [f["x"], f["y"], f["width"], f["height"]],
                                           ["x", "y", "width", "height"]):
                    self.assertAlmostEqual(got, want, delta=TOLERANCE, msg=f"{key} {name} (visible rect {r})")
        self.assertLessEqual(len(placed), 2 * len(elements), f"{len(placed)} placed for {len(elements)} visible")
        return elements, placed

    # MARK: Tests, in order (one browser)

    def test_1_the_element_and_its_pages_are_served(self):
        with urllib.request.urlopen(self.base + "/tessera-view.js") as response:
            self.assertEqual(response.headers["Content-Type"], "text/javascript; charset=utf-8")
            served = response.read()
        bundle = HERE.parent.parent / "clients/typescript/bundle/tessera-view.js"
        self.assertEqual(served, bundle.read_bytes(), "the binary serves another bundle: make tessera-view")
        with urllib.request.urlopen(self.base + "/demo") as response:
            self.assertEqual(response.headers["Content-Type"], "text/html; charset=utf-8")
            self.assertTrue(response.headers["Content-Security-Policy"].startswith("default-src 'self'"))
            self.assertIn(b"<tessera-view", response.read())

    def test_2_scrolling_top_to_bottom_places_what_the_server_answers(self):
        self.open_view(FLOW)
        state = self.wait_idle()
        self.assertEqual(state["placed"]["y"], 0)
        height = state["content"]["height"]
        self.assertGreater(height, 10_000_000)
        # A position set from script moves at once; its scroll event comes with the next frame.
        # Until the element has told the server, it is not idle, though its placed rect holds
        # the view (a 40 px step is inside its slack): pinned headers depend on the offset.
        moved = self.js("const v = document.getElementById('view'); v.scrollTop = 40; return v.idle")
        self.assertFalse(moved, "idle before the server has the new offset")
        self.assert_placed_as_server_says()
        bottom = height - state["rect"]["height"]
        # Small steps (a reader scrolling), then long jumps to the end (a scrollbar drag).
        stops = [0, 120, 260, 700, 1350, 2100]
        stops += [round(bottom * k / 24) for k in range(1, 24)] + [bottom - 500, bottom - 45, bottom]
        headers = 0
        for stop in stops:
            self.js("document.getElementById('view').scrollTop = arguments[0]", stop)
            elements, _ = self.assert_placed_as_server_says()
            # (Chrome keeps scroll offsets as floats: past 2^23 px one may land a pixel off.)
            top = self.js("return document.getElementById('view').scrollTop")
            self.assertAlmostEqual(top, stop, delta=1)
            pinned = [a for a in elements if a.get("kind") == "header" and a["frame"]["y"] == top]
            headers += len(pinned)
        # Past the first header, the header of the section under the top edge is pinned there.
        self.assertGreaterEqual(headers, len(stops) - 1)
        self.shot("2-bottom")
        self.assertEqual([], self.console_errors())

    def test_3_scroll_to_item_lands_where_the_api_said(self):
        sid = self.open_view(FLOW)
        for index_path, position in [([2, 123_457], "centeredVertically"), ([0, 70], "top"),
                                     ([3, 249_999], "bottom"), ([1, 5], "top"), ([3, 249_999], "top")]:
            answer = self.call("view.scrollToItem(arguments[0], arguments[1])", index_path, position)
            self.assertNotIn("error", answer)
            self.assertTrue(answer["applied"])
            offset = answer["contentOffset"]
            self.assertAlmostEqual(self.js("return document.getElementById('view').scrollTop"), offset["y"],
                                   delta=TOLERANCE)
            self.assertEqual(self.api("GET", f"/v1/sessions/{sid}")["view"]["contentOffset"], offset)
            _, placed = self.assert_placed_as_server_says()
            cell = placed[f"cell||{index_path[0]},{index_path[1]}"]
            f = answer["frame"]
            for got, want in zip(cell["rect"], [f["x"], f["y"], f["width"], f["height"]]):
                self.assertAlmostEqual(got, want, delta=TOLERANCE)
        # The last one was clamped: the end of the content is at the bottom of the view.
        state = self.wait_idle()
        self.assertEqual(state["rect"]["y"] + state["rect"]["height"], state["content"]["height"])
        # An animated scroll ends at the same place.
        answer = self.call("view.scrollToItem([1, 1000], 'centeredVertically', {animated: true})")
        self.assertTrue(answer["animated"])
        WebDriverWait(self.driver, PATIENCE).until(lambda d: abs(
            d.execute_script("return document.getElementById('view').scrollTop") - answer["contentOffset"]["y"]) < 1)
        self.assert_placed_as_server_says()
        self.shot("3-scrolled-to-item")

    def first_visible_cell(self):
        """The first cell (in index-path order) whose frame meets the visible rect, as the
        server lays it out, and where its node is on screen."""
        state = self.wait_idle()
        r = state["rect"]
        elements = self.api(
            "GET", f"/v1/sessions/{state['id']}/elements?rect={r['x']},{r['y']},{r['width']},{r['height']}")["elements"]
        cells = sorted((a for a in elements if a["category"] == "cell"), key=lambda a: a["indexPath"])
        first = cells[0]
        per_row = sum(1 for a in cells if a["frame"]["y"] == cells[-1]["frame"]["y"] and a["indexPath"][0] == cells[-1]["indexPath"][0])
        placed = {p["key"]: p for p in self.js(PLACED, "view")}
        return first, placed[key_of(first)]["screen"], per_row

    def test_4_a_prepend_keeps_the_first_visible_item_where_it_was(self):
        self.open_view(FLOW)
        self.js("document.getElementById('view').scrollTop = 5035")
        first, screen, per_row = self.first_visible_cell()
        self.assertEqual(first["indexPath"][0], 0)
        # Whole rows inserted at the top of the first section: the item moves down 10 rows in
        # the content, and the offset with it.
        count = 10 * per_row
        self.js("""
            const view = document.getElementById('view');
            view.animationDuration = 600;
            window.samples = [];
            window.update = view.performBatchUpdates(
                [{op: 'insertItems', indexPaths: Array.from({length: arguments[0]}, (_, i) => [0, i])}]);
            // Where the anchor's node is during the animation, frame by frame.
            const key = arguments[1];
            const sample = () => {
                const node = [...view.children].find((n) => n.dataset.indexPath === key && n.dataset.category === 'cell');
                if (node && view.getAnimations({subtree: true}).length) {
                    const r = node.getBoundingClientRect(); window.samples.push([r.left, r.top]);
                }
                if (window.samples.length < 1000 && !window.updated) requestAnimationFrame(sample);
            };
            window.update.then(() => { window.updated = true; });
            requestAnimationFrame(sample);
        """, count, f"{first['indexPath'][0]},{first['indexPath'][1] + count}")
        answer = self.call("window.update")
        self.assertNotIn("error", answer)
        self.assertEqual(answer["anchor"], {"category": "cell", "indexPath": [0, first["indexPath"][1] + count]})
        self.assertEqual(answer["contentOffsetAdjustment"], {"x": 0, "y": 10 * 110})
        moved, after, _ = self.first_visible_cell()
        self.assertEqual(moved["indexPath"], [0, first["indexPath"][1] + count])
        for got, want in zip(after, screen):
            self.assertAlmostEqual(got, want, delta=TOLERANCE)
        samples = self.js("return window.samples")
        self.assertGreater(len(samples), 2, "the animation was not sampled")
        for sample in samples:
            for got, want in zip(sample, screen):
                self.assertAlmostEqual(got, want, delta=TOLERANCE, msg="the anchor moved during the animation")
        self.assert_placed_as_server_says()
        self.shot("4-after-prepend")

    def test_5_the_demo_renders_both_feeds(self):
        self.console_errors()  # drains the log
        self.driver.get(self.base + "/demo")
        WebDriverWait(self.driver, PATIENCE).until(lambda d: d.execute_script(
            "return !!window.demo && !!window.demo.photos.sessionId && !!window.demo.feed.sessionId"
            " && window.demo.photos.idle && window.demo.feed.idle"))
        photos, _ = self.assert_placed_as_server_says("photos")
        self.assertGreater(len(photos), 5)
        session = self.api("GET", f"/v1/sessions/{self.js('return window.demo.photos.sessionId')}")
        self.assertEqual(session["itemCount"], 100_000)
        self.assertEqual(session["layout"]["type"], "justified")
        feed, _ = self.assert_placed_as_server_says("feed")
        self.assertTrue(any(a.get("kind") == "header" for a in feed))
        self.assertTrue(any(a.get("kind") == "badge" for a in feed))
        # Photos draw their number, stories their title: the page's renderers ran.
        self.assertTrue(self.js("return [...document.getElementById('photos').children].every((n) => /^#\\d+$/.test(n.textContent))"))
        self.assertTrue(self.js("return [...document.getElementById('feed').children].some((n) => n.textContent.startsWith('Story '))"))
        self.shot("5-demo")
        # Scrolled, the feed pins the header of the section under its top edge.
        self.js("document.getElementById('feed').scrollTop = 3000; document.getElementById('photos').scrollTop = 250000")
        photos, _ = self.assert_placed_as_server_says("photos")
        feed, _ = self.assert_placed_as_server_says("feed")
        self.assertTrue(any(a.get("kind") == "header" and a["frame"]["y"] == 3000 for a in feed))
        self.shot("5-demo-scrolled")
        # The demo's buttons: an anchored prepend, a scroll to an item, a layout switch.
        for button in ["photos-prepend", "photos-rows", "feed-insert", "photos-jump"]:
            self.js("document.getElementById(arguments[0]).click()", button)
            self.assert_placed_as_server_says("photos")
            self.assert_placed_as_server_says("feed")
        self.assertEqual([], self.console_errors())

    def test_6_the_documented_page_works_as_written(self):
        """docs/clients.md, "In a web page": its element and module script, run as written on a
        page the server serves (the script's statements inside an async function: selenium runs
        no modules)."""
        page = (HERE.parent.parent / "docs" / "clients.md").read_text(encoding="utf-8")
        section = page[page.index("## In a web page"):]
        html = section[section.index("```html") + len("```html"):section.index("```", section.index("```html") + 7)]
        scripts = html.split('<script type="module">')
        self.assertEqual(2, len(scripts), "the documented page has one inline module script")
        element = html[html.index("<tessera-view"):html.index("</tessera-view>") + len("</tessera-view>")]
        module = scripts[1][:scripts[1].index("</script>")]
        self.driver.get(self.base + "/playground/view.html")
        self.js("document.body.insertAdjacentHTML('beforeend', arguments[0])", element)
        result = self.driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            f"(async () => {{ {module} }})().then(() => done({{ok: true}}), (e) => done({{error: String(e)}}))")
        self.assertEqual({"ok": True}, result)
        state = self.wait_idle("photos")
        self.assertEqual(2, self.api("GET", f"/v1/sessions/{state['id']}")["version"])
        placed = self.js("return [...document.querySelectorAll('#photos [data-index-path]')]"
                         ".map((n) => [n.dataset.indexPath, n.textContent])")
        # Seven photos after the insert. As a collection view's cells, the six drawn first move
        # with their items and keep what renderElement drew for them (#0 to #5, now at items 1
        # to 6); the inserted item is drawn at its index path, item 0.
        self.assertEqual(sorted(f"0,{i}" for i in range(7)), sorted(p for p, _ in placed))
        self.assertEqual(sorted(["#0"] + [f"#{i}" for i in range(6)]), sorted(label for _, label in placed))
        self.assertEqual([], self.console_errors())

    # MARK: Right to left (docs/layout-direction.md)

    # Headless Chromium with hidden scrollbars leaves the element's stable scrollbar gutter out
    # of clientWidth (785) but not out of the horizontal scroll extent (scrollWidth − 800), so
    # the leading 15 points of right-to-left content could not be scrolled to; with visible
    # scrollbars the two agree. The page gives these views no gutter, so that they agree here.
    NO_GUTTER = "tessera-view { scrollbar-gutter: auto; }"

    def test_7_a_flipped_axis_is_placed_at_visual_frames(self):
        """A compositional layout in a right-to-left view flips the axis (L4): four quarter-width
        items in the 800-point view are at x = 0, 200, 400, 600 in the layout's space and
        drawn at 800 − x − 200 = 600, 400, 200, 0."""
        quarters = {"type": "compositional", "section": {"group": {
            "axis": "horizontal", "size": {"width": {"fractionalWidth": 1}, "height": {"absolute": 50}},
            "subitems": [{"size": {"width": {"fractionalWidth": 0.25}, "height": {"fractionalHeight": 1}}}]}}}
        self.open_view({"layout": quarters, "dataSource": {"sections": [{"itemCount": 400}]},
                        "view": {"layoutDirection": "rightToLeft"}}, page_css=self.NO_GUTTER)
        self.assertTrue(self.js("return document.getElementById('view').axisFlipped"))
        _, placed = self.assert_placed_as_server_says()
        self.assertEqual([placed[f"cell||0,{i}"]["rect"][0] for i in range(4)], [600, 400, 200, 0])
        self.js("document.getElementById('view').scrollTop = 2000")
        self.assert_placed_as_server_says()
        self.shot("7-compositional-rtl")

    def test_8_a_flipped_horizontal_scroll_starts_at_the_right_and_asks_in_layout_space(self):
        """A horizontal flow with flipsHorizontallyInOppositeLayoutDirection in a right-to-left
        view (L1): the content offset 0 is the right end of the content, scrolled to
        contentSize.width − 800; a scroll position s shows the layout's W − s − 800."""
        flow = {"layout": {"type": "flow", "scrollDirection": "horizontal", "itemSize": [100, 100],
                           "minimumLineSpacing": 10, "minimumInteritemSpacing": 10,
                           "flipsHorizontallyInOppositeLayoutDirection": True},
                "dataSource": {"sections": [{"itemCount": 20_000}]}, "view": {"layoutDirection": "rightToLeft"}}
        sid = self.open_view(flow, page_css=self.NO_GUTTER)
        self.assertTrue(self.api("GET", f"/v1/sessions/{sid}").get("axisFlipped"))
        state = self.wait_idle()
        width = state["content"]["width"]
        self.assertGreater(width, 100_000)
        self.assertAlmostEqual(self.js("return document.getElementById('view').scrollLeft"), width - 800, delta=1)
        self.assertEqual(state["rect"]["x"], 0)
        _, placed = self.assert_placed_as_server_says()
        # Item 0 is at the layout's x = 0: on screen at the content's right end.
        self.assertAlmostEqual(placed["cell||0,0"]["rect"][0], width - 100, delta=TOLERANCE)
        for layout_x in [330, 5000, 64_000, width - 800]:
            self.js("document.getElementById('view').scrollLeft = arguments[0]", width - layout_x - 800)
            WebDriverWait(self.driver, PATIENCE).until(lambda d: d.execute_script(
                "const v = document.getElementById('view'); return v.idle && v.visibleRect().x === arguments[0]",
                layout_x))
            # The server's offset is the visible rect's origin, in the layout's space.
            self.assert_placed_as_server_says()
        self.shot("8-horizontal-rtl-leftmost")
        self.assertEqual([], self.console_errors())

    def test_9_a_layout_switch_learns_whether_the_axis_flips(self):
        """A vertical flow mirrors its own frames in right to left (L2): no flip. Switched to
        the compositional layout, the axis flips (L4), and the element places what follows at
        visual frames."""
        self.open_view({"layout": {"type": "flow", "itemSize": [100, 100]},
                        "dataSource": {"sections": [{"itemCount": 200}]}, "view": {"layoutDirection": "rightToLeft"}},
                       page_css=self.NO_GUTTER)
        self.assertFalse(self.js("return document.getElementById('view').axisFlipped"))
        self.assert_placed_as_server_says()
        halves = {"type": "compositional", "section": {"group": {
            "axis": "horizontal", "size": {"width": {"fractionalWidth": 1}, "height": {"absolute": 80}},
            "subitems": [{"size": {"width": {"fractionalWidth": 0.5}, "height": {"fractionalHeight": 1}}}]}}}
        answer = self.call("view.setLayout(arguments[0])", halves)
        self.assertNotIn("error", answer)
        self.assertTrue(self.js("return document.getElementById('view').axisFlipped"))
        _, placed = self.assert_placed_as_server_says()
        # Half-width items of the 800-point view: item 0 at 800 − 0 − 400 = 400, item 1 at 0.
        self.assertEqual([placed[f"cell||0,{i}"]["rect"][0] for i in range(2)], [400, 0])


    def test_10_list_decorations_are_hairlines_and_rounded_groups(self):
        """List sections' decorations (docs/compositional.md, §6) as the engine answers them,
        through a fetch that answers like the server: the default renderer fills a separator's
        frame without outline or label, and it is painted; an inset group is filled with
        10-point rounded corners under the rows. Other decorations are drawn as before."""
        third = 1 / 3
        elements = [
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
        self.driver.get(self.base + "/playground/view.html")
        opened = self.driver.execute_async_script("""
            const [elements, done] = arguments;
            customElements.whenDefined('tessera-view').then(async () => {
              const view = document.createElement('tessera-view');
              view.id = 'list';
              view.style.cssText = 'width: 400px; height: 600px; scrollbar-gutter: auto; background: #ffffff';
              document.body.append(view);
              const size = { width: 400, height: 600 };
              const json = (body) => new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
              const fetch = async (url, init) => {
                if (String(url).includes('/elements')) return json({ version: 1, contentSize: size, elements });
                if (init?.method === 'PATCH') return json({ version: 1, invalidated: false, contentSize: size });
                return json({ id: 'list', version: 1, contentSize: size,
                              view: { bounds: size, contentOffset: { x: 0, y: 0 } } });
              };
              try {
                await view.open({ sessionId: 'list', fetch });
                done({ ok: true });
              } catch (error) {
                done({ ok: false, error: String(error) });
              }
            });""", elements)
        self.assertTrue(opened["ok"], opened)
        nodes = {n["key"]: n for n in self.js("""
            return [...document.getElementById('list').children].map((n) => {
              const inner = n.firstChild, s = getComputedStyle(inner);
              return { key: `${n.dataset.category}|${n.dataset.kind ?? ''}|${n.dataset.indexPath}`,
                       text: inner.textContent, border: s.borderTopStyle, radius: s.borderTopLeftRadius,
                       height: n.getBoundingClientRect().height, z: n.style.zIndex };
            });""")}
        self.assertEqual(len(nodes), 5)
        group = nodes["decoration|list-background|0,0"]
        self.assertEqual((group["border"], group["radius"], group["z"]), ("none", "10px", "0"))
        for key in ["decoration|list-separator-bottom|1,0", "decoration|list-separator-top|1,1"]:
            line = nodes[key]
            self.assertEqual((line["border"], line["radius"], line["text"], line["z"]), ("none", "0px", "", "100"), key)
            self.assertAlmostEqual(line["height"], third, delta=0.02, msg=key)
        other = nodes["decoration|background|2,0"]
        self.assertEqual((other["border"], other["text"]), ("solid", "background 2,0"))
        self.assertEqual(nodes["cell||1,0"]["text"], "1,0")

        # What is painted, read back from a screenshot of the element (device scale 1).
        self.shot("10-list")
        image = png_pixels(self.driver.find_element("id", "list").screenshot_as_png)
        self.assertEqual(pixel(image, 5, 5), "#ffffff")  # the page under the element
        inside, corner = pixel(image, 100, 40), pixel(image, 16, 35)
        self.assertNotEqual(inside, "#ffffff")  # the group's translucent grey
        self.assertEqual(corner, "#ffffff")  # its corner, rounded off
        self.assertEqual(pixel(image, 20, 80), inside)  # its leading edge below the corner
        # A separator paints a colour the cell's own bottom edge does not have, from x = 32
        # on only (at x = 24 the column is the cell's, its outline and the page).
        edge = {pixel(image, 24, y) for y in range(240, 248)}
        lines = {pixel(image, 200, y) for y in range(240, 248)}
        self.assertTrue(lines - edge, (lines, edge))
        self.assertTrue({pixel(image, 200, y) for y in range(298, 303)} - {pixel(image, 24, y) for y in range(298, 303)})
        self.assertEqual([], self.console_errors())


    def test_11_an_inset_group_clips_its_rows_to_its_rounded_corners(self):
        """An inset group's rows and separators are clipped to the group's rounded rect, as
        UIKit clips the group's first and last cells: at the group's corners the page shows,
        not the rows' colour. A section without a group (section 1) is drawn as before."""
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
        self.driver.get(self.base + "/playground/view.html")
        opened = self.driver.execute_async_script("""
            const [elements, done] = arguments;
            customElements.whenDefined('tessera-view').then(async () => {
              const view = document.createElement('tessera-view');
              view.id = 'clip';
              view.style.cssText = 'width: 400px; height: 600px; scrollbar-gutter: auto; background: #ffffff';
              document.body.append(view);
              const size = { width: 400, height: 600 };
              const json = (body) => new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
              const fetch = async (url, init) => {
                if (String(url).includes('/elements')) return json({ version: 1, contentSize: size, elements });
                if (init?.method === 'PATCH') return json({ version: 1, invalidated: false, contentSize: size });
                return json({ id: 'clip', version: 1, contentSize: size,
                              view: { bounds: size, contentOffset: { x: 0, y: 0 } } });
              };
              try {
                await view.open({ sessionId: 'clip', fetch });
                done({ ok: true });
              } catch (error) {
                done({ ok: false, error: String(error) });
              }
            });""", elements)
        self.assertTrue(opened["ok"], opened)
        clips = {n["key"]: n["clip"] for n in self.js("""
            return [...document.getElementById('clip').children].map((n) =>
              ({ key: `${n.dataset.category}|${n.dataset.kind ?? ''}|${n.dataset.indexPath}`,
                 clip: getComputedStyle(n).clipPath }));""")}
        self.assertEqual(len(clips), 5)
        self.assertEqual(clips["cell||0,0"], "inset(0px 0px -44px round 10px)")
        self.assertEqual(clips["cell||0,1"], "inset(-44px 0px 0px round 10px)")
        self.assertTrue(clips["decoration|list-separator-bottom|0,0"].startswith("inset("))
        for key in ["decoration|list-background|0,0", "cell||1,0"]:
            self.assertEqual(clips[key], "none", key)

        self.shot("11-list-clip")
        image = png_pixels(self.driver.find_element("id", "clip").screenshot_as_png)
        page, cell = pixel(image, 5, 5), pixel(image, 100, 57)
        self.assertEqual(page, "#ffffff")
        self.assertNotEqual(cell, page)
        # The group's four corners (each a point 12 from its corner's centre, outside the
        # 10-point radius) show the page, not the rows' fill or outline.
        for x, y in [(17, 36), (375, 36), (17, 121), (375, 121)]:
            self.assertEqual(pixel(image, x, y), page, (x, y))
        # Section 1 has no group: its row's square corner is drawn (fill just inside its outline).
        self.assertEqual(pixel(image, 18, 202), cell)
        self.assertNotEqual(pixel(image, 16, 200), page)
        self.assertEqual([], self.console_errors())


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(f"usage: {sys.argv[0]} PATH/TO/tessera")
    BrowserTestCase.binary = sys.argv.pop(1)
    unittest.main(verbosity=2)
