#!/usr/bin/env python3
"""<tessera-view> scrolling in a real browser (headless Chromium via Selenium): a benchmark,
not a test (it prints figures and asserts nothing).

    Benchmarks/browser-scroll.py PATH/TO/tessera [--seconds 5] [--step 50]

Starts `tessera serve` on loopback and, on one page (/playground/view.html) in one run,
scrolls an 800 x 600 view down continuously, STEP px a frame (50: 3,000 px/s at 60 Hz), for
SECONDS in each of these setups:

- tessera: <tessera-view> over a 1,000,000-item flow session on this server (100 x 100
  items, spacing 10), with its default margin (a quarter of the viewport beyond each edge),
  and with no margin (every scroll asks the server);
- local: the same element and page, its client's fetch answered in the page by a flow layout
  computed there (the same frames, JSON and all, but no request): what the round trip costs;
- plain: no virtualiser, 100,000 absolutely placed elements (the same frames and labels) with
  `content-visibility: auto`, in an ordinary scrolling div (opaque, as the element is, so
  that Chrome scrolls it on the compositor);
- empty scroller: the same div with nothing in it but its height, the cost of a frame of
  scrolling itself on this machine.

The scroll is set after each frame is drawn (a task posted from requestAnimationFrame), so the
next frame shows it and fires its scroll event, as a user's scroll does. Figures:

- scroll -> placed: for every scroll, the frames from the one that shows the new offset to the
  one that shows the elements of its visible rect (0: they were placed already), p50 and p95;
  `uncovered` is the share of scrolls that showed part of the rect empty for a frame or more;
- round trip: from the element's request to its elements placed (ms), p50 and p95;
- frame work: each frame's main-thread work (ms), p95, and the share of frames over 16 ms:
  the frame's own rendering (from its requestAnimationFrame callback to the first task after
  it: style, layout, paint) plus the element's handling of the answers that arrived before
  it (reading the JSON, placing nodes);
- main thread per frame: the renderer's main-thread times over the run (Chrome's
  Performance.getMetrics: TaskDuration, ScriptDuration, RecalcStyleDuration + LayoutDuration)
  divided by the frames drawn, means that count everything.
"""
import argparse
import json
import os
import statistics
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "Tests", "Browser"))
from browser_harness import start_chromium, start_server, stop  # noqa: E402


WIDTH, HEIGHT = 800, 600
FLOW = {"type": "flow", "itemSize": [100, 100], "minimumLineSpacing": 10, "minimumInteritemSpacing": 10}
ITEMS = 1_000_000
PLAIN_ITEMS = 100_000

# The page's side of the benchmark: the setups and the measuring scroll driver.
PAGE = r"""
const contains = (o, r) => r.x >= o.x && r.y >= o.y && r.x + r.width <= o.x + o.width && r.y + r.height <= o.y + o.height;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The flow layout of n items of 100 x 100, spacing 10, in a view `width` wide (UIKit's flow:
 *  the spare width shared between the items of a row), as the server answers it. */
function localFlow(count, width) {
  const perRow = Math.max(1, Math.floor((width + 10) / 110));
  const gap = perRow > 1 ? (width - perRow * 100) / (perRow - 1) : 0;
  const rows = Math.ceil(count / perRow);
  const contentSize = { width, height: rows * 110 - 10 };
  const frame = (i) => ({ x: (i % perRow) * (100 + gap), y: Math.floor(i / perRow) * 110, width: 100, height: 100 });
  const elements = (r) => {
    const first = Math.max(0, Math.floor((r.y - 100) / 110) + 0), last = Math.min(rows - 1, Math.floor((r.y + r.height) / 110));
    const out = [];
    for (let row = first; row <= last; row++) {
      for (let c = 0; c < perRow; c++) {
        const i = row * perRow + c;
        if (i >= count) break;
        const f = frame(i);
        if (f.y <= r.y + r.height && f.y + f.height >= r.y && f.x <= r.x + r.width && f.x + f.width >= r.x) {
          out.push({ category: 'cell', indexPath: [0, i], frame: f, zIndex: 0, alpha: 1 });
        }
      }
    }
    return out;
  };
  return { contentSize, elements, frame };
}

/** A fetch that answers the element's requests from `localFlow`, in the page. */
function localFetch(count) {
  let layout = null, version = 1;
  const json = (body) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
  return async (input, init) => {
    const url = new URL(String(input), location.href);
    const method = (init && init.method) || 'GET';
    if (method === 'POST' && url.pathname === '/v1/sessions') {
      const body = JSON.parse(init.body);
      layout = localFlow(count, body.view.bounds.width);
      return json({ id: 'local', version, contentSize: layout.contentSize, info: {} });
    }
    if (method === 'PATCH') {
      const body = JSON.parse(init.body);
      if (body.bounds) layout = localFlow(count, body.bounds.width);
      return json({ version: ++version, invalidated: !!body.bounds,
                    invalidation: { layout: !!body.bounds, allAttributes: false, elements: [] }, contentSize: layout.contentSize });
    }
    if (url.pathname.endsWith('/elements')) {
      const [x, y, width, height] = url.searchParams.get('rect').split(',').map(Number);
      return json({ version, contentSize: layout.contentSize, elements: layout.elements({ x, y, width, height }) });
    }
    return new Response('{"error":{"code":"not_found","message":"not here"}}', { status: 404 });
  };
}

/** Times when answers reach the page (the element's handling starts there). */
function timedFetch(inner) {
  const wrapped = async (input, init) => {
    const response = await inner(input, init);
    wrapped.last = performance.now();
    return response;
  };
  wrapped.last = 0;
  return wrapped;
}

function label(node, i) {
  const s = node.style;
  node.textContent = `0,${i}`;
  s.font = '12px system-ui, sans-serif';
  s.padding = '2px 4px';
  s.border = '1px solid rgba(0, 0, 0, 0.25)';
  s.background = '#dbe7f7';
  s.boxSizing = 'border-box';
}

window.setups = {
  async element(kind, margin) {
    document.body.replaceChildren();
    const view = document.createElement('tessera-view');
    view.style.width = `${WIDTH}px`;
    view.style.height = `${HEIGHT}px`;
    view.margin = margin;
    document.body.append(view);
    await customElements.whenDefined('tessera-view');
    const fetch = timedFetch(kind === 'local' ? localFetch(ITEMS) : window.fetch.bind(window));
    await view.open({ fetch, body: { layout: FLOW, dataSource: { sections: [{ itemCount: ITEMS }] } } });
    return { scroller: view, view, fetch };
  },
  async empty() {
    document.body.replaceChildren();
    const scroller = document.createElement('div');
    scroller.style.cssText = `width: ${WIDTH}px; height: ${HEIGHT}px; overflow: auto; position: relative; scrollbar-gutter: stable; background-color: Canvas;`;
    const content = document.createElement('div');
    content.style.cssText = `height: ${localFlow(ITEMS, WIDTH).contentSize.height}px;`;
    scroller.append(content);
    document.body.append(scroller);
    await sleep(300);
    return { scroller, view: null, fetch: null };
  },
  async plain() {
    document.body.replaceChildren();
    const scroller = document.createElement('div');
    scroller.style.cssText = `width: ${WIDTH}px; height: ${HEIGHT}px; overflow: auto; position: relative; scrollbar-gutter: stable; background-color: Canvas;`;
    document.body.append(scroller);
    const layout = localFlow(PLAIN_ITEMS, scroller.clientWidth);
    const content = document.createElement('div');
    content.style.cssText = `position: relative; width: ${layout.contentSize.width}px; height: ${layout.contentSize.height}px;`;
    const fragment = document.createDocumentFragment();
    for (let i = 0; i < PLAIN_ITEMS; i++) {
      const f = layout.frame(i);
      const node = document.createElement('div');
      node.style.cssText = `position: absolute; left: ${f.x}px; top: ${f.y}px; width: 100px; height: 100px;` +
        ' content-visibility: auto; contain-intrinsic-size: 100px 100px;';
      label(node, i);
      fragment.append(node);
    }
    content.append(fragment);
    scroller.append(content);
    // The first layout of the 100,000 nodes is done before measuring.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    await sleep(500);
    return { scroller, view: null, fetch: null };
  },
};

/** Scrolls `setup`'s scroller down `step` px a frame for `seconds`; answers what it saw. */
window.measure = async function (setup, seconds, step) {
  const { scroller, view, fetch } = setup;
  scroller.scrollTop = 0;
  await sleep(300);
  const frames = [];
  const scrolls = [];
  const placements = [];
  let counter = 0, frameStart = 0, running = true;
  const onPlaced = (event) => {
    const d = event.detail;
    placements.push({ frame: counter, rect: d.rect, time: d.time, requested: d.requested,
                      handling: fetch && fetch.last >= d.requested ? d.time - fetch.last : 0 });
  };
  view?.addEventListener('tessera-placed', onPlaced);
  const channel = new MessageChannel();
  const max = scroller.scrollHeight - scroller.clientHeight;
  channel.port1.onmessage = () => {
    const now = performance.now();
    frames.push({ frame: counter, start: frameStart, render: now - frameStart });
    if (!running) return;
    const top = Math.min(max, Math.round(scroller.scrollTop + step));
    scroller.scrollTop = top;
    if (view) {
      const rect = { x: 0, y: top, width: scroller.clientWidth, height: scroller.clientHeight };
      const placed = view.placedRect;
      scrolls.push({ frame: counter, rect, time: now, covered: !!placed && contains(placed, rect) });
    }
  };
  const tick = () => {
    counter++;
    frameStart = performance.now();
    channel.port2.postMessage(0);
    if (running) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  await sleep(seconds * 1000);
  running = false;
  await sleep(200);
  view?.removeEventListener('tessera-placed', onPlaced);
  // Each scroll: frames until the elements of its rect were placed.
  const latencies = [];
  let next = 0;
  for (const s of scrolls) {
    if (s.covered) { latencies.push(0); continue; }
    while (next < placements.length && placements[next].time < s.time) next++;
    const p = placements.slice(next).find((p) => contains(p.rect, s.rect));
    if (p) latencies.push(p.frame - s.frame);
  }
  // Each frame's work: its rendering, and the handling of the answers placed before it.
  const work = new Map(frames.map((f) => [f.frame, f.render]));
  for (const p of placements) if (work.has(p.frame + 1)) work.set(p.frame + 1, work.get(p.frame + 1) + p.handling);
  const intervals = frames.slice(1).map((f, i) => f.start - frames[i].start);
  return {
    frames: frames.length, scrolls: scrolls.length, placements: placements.length,
    latencies, roundTrips: placements.map((p) => p.time - p.requested), handling: placements.map((p) => p.handling),
    work: [...work.values()], intervals, scrolled: scroller.scrollTop,
  };
};
"""


def percentile(values, p):
    if not values:
        return float("nan")
    ordered = sorted(values)
    k = (len(ordered) - 1) * p / 100
    lo, hi = int(k), min(int(k) + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


METRICS = ["TaskDuration", "ScriptDuration", "RecalcStyleDuration", "LayoutDuration"]


def main_thread_seconds(driver):
    """Chrome's cumulative main-thread times (seconds): all tasks, script, style, layout."""
    metrics = {m["name"]: m["value"] for m in driver.execute_cdp_cmd("Performance.getMetrics", {})["metrics"]}
    return [metrics[name] for name in METRICS]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("binary")
    parser.add_argument("--seconds", type=float, default=5)
    parser.add_argument("--step", type=int, default=50, help="px scrolled a frame")
    args = parser.parse_args()

    server, base = start_server(args.binary)
    driver = start_chromium("1280,900", os.environ.get("BENCH_CHROME_FLAGS", "").split(), console=False)
    driver.set_script_timeout(300)
    rows = []
    try:
        driver.get(base + "/playground/view.html")
        driver.execute_script(PAGE.replace("WIDTH", str(WIDTH)).replace("HEIGHT", str(HEIGHT))
                              .replace("PLAIN_ITEMS", str(PLAIN_ITEMS)).replace("ITEMS", str(ITEMS))
                              .replace("FLOW", json.dumps(FLOW)))
        driver.execute_cdp_cmd("Performance.enable", {})
        setups = [("empty scroller (baseline)", "window.setups.empty()"),
                  ("tessera, margin 0.25", "window.setups.element('tessera', 0.25)"),
                  ("tessera, no margin", "window.setups.element('tessera', 0)"),
                  ("local, margin 0.25", "window.setups.element('local', 0.25)"),
                  ("local, no margin", "window.setups.element('local', 0)"),
                  ("plain, 100,000 nodes", "window.setups.plain()")]
        for name, make in setups:
            driver.execute_async_script(f"const done = arguments[0]; {make}.then((s) => {{ window.setup = s; done(); }})")
            before = main_thread_seconds(driver)
            r = driver.execute_async_script(
                "const done = arguments[2]; window.measure(window.setup, arguments[0], arguments[1]).then(done)",
                args.seconds, args.step)
            tasks = [after - b for after, b in zip(main_thread_seconds(driver), before)]
            rows.append((name, r, tasks))
            print(f"{name}: {r['frames']} frames, {r['scrolls']} scrolls, {r['placements']} placements, "
                  f"scrolled to {r['scrolled']}", file=sys.stderr)
    finally:
        driver.quit()
        stop(server)

    frame = statistics.median(rows[1][1]["intervals"])
    lines = [f"frame interval (median) {frame:.2f} ms; {args.step} px a frame for {args.seconds:g} s per setup", "",
             "| setup | scroll -> placed p50 / p95 (frames) | uncovered | round trip p50 / p95 (ms) "
             "| frame work p95 (ms) | frames over 16 ms | main thread per frame: all / script / style + layout (ms) |",
             "|---|---|---|---|---|---|---|"]
    for name, r, tasks in rows:
        lat = r["latencies"]
        has_view = bool(r["scrolls"])
        latency = f"{percentile(lat, 50):.0f} / {percentile(lat, 95):.0f}" if has_view else "-"
        uncovered = f"{100 * sum(1 for v in lat if v > 0) / max(1, len(lat)):.1f} %" if has_view else "-"
        trip = (f"{percentile(r['roundTrips'], 50):.1f} / {percentile(r['roundTrips'], 95):.1f}"
                if r["roundTrips"] else "-")
        work = r["work"]
        over = f"{100 * sum(1 for w in work if w > 16) / max(1, len(work)):.1f} %"
        per_frame = [1000 * t / max(1, r["frames"]) for t in tasks]
        lines.append(f"| {name} | {latency} | {uncovered} | {trip} | {percentile(work, 95):.1f} | {over} "
                     f"| {per_frame[0]:.1f} / {per_frame[1]:.1f} / {per_frame[2] + per_frame[3]:.1f} |")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
