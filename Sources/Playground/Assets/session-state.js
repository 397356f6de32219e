// What the page knows about its session, and the order its requests run in.

export const $ = (id) => document.getElementById(id);

/** Everything the page knows about its session; tests read it through window.playground. */
export const state = {
  id: null, version: 0, bounds: { width: 0, height: 0 }, contentSize: { width: 0, height: 0 },
  offset: null, lastRect: null, lastPlan: null, transition: false, busy: 0, examples: [],
  /** With identifiers, the session's snapshot: `[{id, items: [ids]}]` (GET …/snapshot). */
  snapshot: null,
  /** The view's layoutDirection, and whether the session says its axis is flipped. */
  direction: 'leftToRight', axisFlipped: false,
};

// Requests that change or read the session run one after another, in order.
let queue = Promise.resolve();
export function serially(task) {
  state.busy++;
  const run = queue.then(task).catch((error) => reportFailure(error))
    .finally(() => { state.busy--; });
  queue = run;
  return run;
}

// A burst of scroll or drag events sends only its latest position.
export function coalesced(task) {
  let pending = null, scheduled = false;
  return (arg) => {
    pending = arg;
    if (scheduled) return;
    scheduled = true;
    state.busy++;
    serially(async () => { scheduled = false; await task(pending); }).finally(() => { state.busy--; });
  };
}

let reportFailure = (error) => console.warn(error);

/** Where a request that threw (not one the server refused) is reported. */
export function onFailure(report) { reportFailure = report; }
