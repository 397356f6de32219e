// The playground: pick or edit a collection view, see it laid out live from a session, and
// drive the session's dynamics. Every request is listed as curl (see api.js).

import { request, requestLog } from './api.js';
import { Canvas } from './canvas.js';
import { flippedOffsetX } from './direction.js';
import { clearErrors, editorJSON, showError } from './errors.js';
import { installReordering } from './reorder.js';
import { showRequests } from './request-log.js';
import { $, coalesced, onFailure, serially, state } from './session-state.js';
import { hasIdentifiers, installSnapshots, loadSnapshot, namesIn } from './snapshot.js';

const viewport = $('viewport');
const canvas = new Canvas($('content'));

// MARK: Examples and the session

async function loadExamples() {
  const response = await fetch('/playground/examples.json');
  state.examples = await response.json();
  const select = $('example');
  for (const example of state.examples) select.add(new Option(example.title, example.id));
  const wanted = new URLSearchParams(location.search).get('example');
  if (wanted && state.examples.some((e) => e.id === wanted)) select.value = wanted;
  select.addEventListener('change', () => { showExample(); createSession(); });
  showExample();
}

function showExample() {
  const example = state.examples.find((e) => e.id === $('example').value);
  $('body-editor').value = formatJSON(example.body);
  // An example with identifiers changes by snapshot (its sessions refuse batch updates).
  $('updates-editor').value = formatJSON(example.updates ?? { updates: [] });
  $('snapshot-editor').value = example.snapshot ? formatJSON(example.snapshot) : '';
  $('layout-editor').value = formatJSON(example.layout);
}

/** Indented JSON with arrays of numbers or strings kept on one line (`[80, 80]`, `[[0, 1]]`,
 *  `["m1", "m2"]`). */
function formatJSON(value) {
  return JSON.stringify(value, null, 2)
    .replace(/\[[\s\d.,\-e]*\]/g, (array) => array.replace(/\s+/g, ' ').replace(/\[ /g, '[').replace(/ \]/g, ']'))
    .replace(/\[(?:\s*(?:"(?:[^"\\]|\\.)*"|-?\d[\d.eE+-]*)\s*,?)+\s*\]/g, (array) => {
      try { return `[${JSON.parse(array).map((v) => JSON.stringify(v)).join(', ')}]`; } catch { return array; }
    })
    .replace(/\[\s+((?:\[[^\[\]]*\],?\s*)+)\]/g, (all, inner) => `[${inner.trim().split(/\s*\n\s*/).join(' ')}]`);
}

function createSession() {
  return serially(async () => {
    clearErrors();
    const body = editorJSON('body-editor', 'body-error');
    if (!body) return;
    // The session on show stays until its replacement exists: a refused body changes nothing.
    const created = await request('POST', '/v1/sessions', body);
    if (created.status !== 201) return showError('body-error', 'body-editor', created.json.error);
    if (state.id) await request('DELETE', `/v1/sessions/${state.id}`);
    state.id = created.json.id;
    const session = (await request('GET', `/v1/sessions/${state.id}`)).json;
    state.version = session.version;
    noteDirection(session);
    state.bounds = session.view.bounds;
    state.transition = false;
    $('transition-controls').hidden = true;
    // Sections and items with identifiers: the session changes by snapshot, not by index path.
    const identified = hasIdentifiers(body);
    $('updates-panel').hidden = identified;
    $('snapshot-panel').hidden = !identified;
    state.snapshot = null;
    if (identified) await loadSnapshot();
    canvas.names = namesIn(state.snapshot);
    viewport.style.width = `${state.bounds.width}px`;
    viewport.style.height = `${state.bounds.height}px`;
    setContentSize(session.contentSize);
    canvas.draw([]);
    state.offset = { x: session.view.contentOffset.x, y: session.view.contentOffset.y };
    scrollToOffset();
    await fetchVisible();
  });
}

function setContentSize(size) {
  state.contentSize = size;
  canvas.setContentSize(size);
}

/** The content's width when the axis is flipped (what the screen mirrors across), else null. */
const mirrorWidth = () => (state.axisFlipped ? state.contentSize.width : null);

/** The session's direction and whether its axis is flipped, from GET /v1/sessions/{id}. */
function noteDirection(session) {
  state.direction = session.view.layoutDirection ?? 'leftToRight';
  state.axisFlipped = session.axisFlipped === true;
  $('right-to-left').checked = state.direction === 'rightToLeft';
}

/** Scrolls the viewport to the session's offset, as the screen shows it. */
function scrollToOffset() {
  viewport.scrollTo(flippedOffsetX(state.offset.x, mirrorWidth(), state.bounds.width), state.offset.y);
}

/** The visible rect: the view's bounds at the scroll position (the session's contentOffset),
 *  in the layout's space: with a flipped axis the scroll position is mirrored. */
function visibleRect() {
  const x = flippedOffsetX(viewport.scrollLeft, mirrorWidth(), state.bounds.width);
  return { x: Math.round(x), y: Math.round(viewport.scrollTop),
           width: state.bounds.width, height: state.bounds.height };
}

const rectQuery = (r) => `${r.x},${r.y},${r.width},${r.height}`;

/** GET elements for exactly the visible rect, and draw them. */
async function fetchVisible(progress) {
  if (!state.id) return;
  const rect = visibleRect();
  const query = `rect=${rectQuery(rect)}` + (progress === undefined ? '' : `&progress=${progress}`);
  const answer = await request('GET', `/v1/sessions/${state.id}/elements?${query}`);
  if (answer.status !== 200) return showError('request-error', null, answer.json.error);
  state.lastRect = rect;
  // The same rect (and progress) drawn by the server, for saving or comparing.
  $('svg-link').href = `/v1/sessions/${state.id}/render.svg?${query}`;
  $('svg-link').hidden = false;
  state.version = answer.json.version;
  setContentSize(answer.json.contentSize);
  canvas.draw(answer.json.elements);
  updateStatus();
}

function updateStatus() {
  $('session-status').textContent = state.id ? `session ${state.id.slice(0, 8)}… version ${state.version}` : 'no session';
  const r = state.lastRect;
  $('view-status').textContent = r
    ? `content ${state.contentSize.width}×${state.contentSize.height}, drawn rect ${rectQuery(r)}, ${canvas.boxes.size} elements`
      + (state.axisFlipped ? ', axis flipped (drawn at visualFrame)' : '')
    : '';
}

// MARK: Scrolling

const syncScroll = coalesced(async () => {
  if (!state.id) return;
  const rect = visibleRect();
  const patched = await request('PATCH', `/v1/sessions/${state.id}/view`, { contentOffset: { x: rect.x, y: rect.y } });
  if (patched.status !== 200) return showError('request-error', null, patched.json.error);
  state.version = patched.json.version;
  state.offset = { x: rect.x, y: rect.y };
  await fetchVisible(state.transition ? Number($('progress').value) : undefined);
});

viewport.addEventListener('scroll', () => {
  const rect = visibleRect();
  // Scrolling to the session's own offset (after creating it) is not a change.
  if (state.offset && rect.x === state.offset.x && rect.y === state.offset.y) return;
  syncScroll();
});

// MARK: Batch updates, layout switches, transitions

/** Plays a change's plan. `changesLayout`: the change may flip the axis or unflip it (a
 *  layout switch), so the session is asked again first. */
async function animateAnswer(answer, errorId, editorId, changesLayout = false) {
  if (answer.status !== 200) return showError(errorId, editorId, answer.json.error);
  state.lastPlan = answer.json.plan ?? [];
  state.version = answer.json.version;
  const flippedBefore = state.axisFlipped;
  setContentSize(answer.json.contentSize);
  if (changesLayout) await readDirection();
  // With identifiers, cells are named by the snapshot before the change and the one after it.
  const before = state.snapshot;
  if (before) await loadSnapshot();
  const names = before && { from: namesIn(before), to: namesIn(state.snapshot) };
  canvas.names = namesIn(state.snapshot);
  // A snapshot applied without animatingDifferences has no plan: the new layout is drawn.
  // Both ends are mirrored across the content's new width, the one the viewport now scrolls.
  const widths = { from: flippedBefore ? state.contentSize.width : null, to: mirrorWidth() };
  if (answer.json.plan) await canvas.animate(answer.json.plan, names, widths);
  await fetchVisible();
}

/** GET the session for its direction and axis; the screen's scroll position follows. */
async function readDirection() {
  const answer = await request('GET', `/v1/sessions/${state.id}`);
  if (answer.status !== 200) return showError('request-error', null, answer.json.error);
  noteDirection(answer.json);
  setContentSize(answer.json.contentSize);
  state.offset = { x: answer.json.view.contentOffset.x, y: answer.json.view.contentOffset.y };
  scrollToOffset();
}

/** A request whose answer is an animation plan, sent with the editor's JSON and the visible rect. */
function planButton(buttonId, method, resource, editorId, errorId) {
  $(buttonId).addEventListener('click', () => serially(async () => {
    clearErrors();
    const body = editorJSON(editorId, errorId);
    if (!body || !state.id) return;
    const answer = await request(method, `/v1/sessions/${state.id}/${resource}`, { ...body, rect: visibleRect() });
    await animateAnswer(answer, errorId, editorId, resource === 'layout');
  }));
}
planButton('run-updates', 'POST', 'updates', 'updates-editor', 'updates-error');
planButton('switch-layout', 'PUT', 'layout', 'layout-editor', 'layout-error');

$('begin-transition').addEventListener('click', () => serially(async () => {
  clearErrors();
  const body = editorJSON('layout-editor', 'layout-error');
  if (!body || !state.id) return;
  const answer = await request('POST', `/v1/sessions/${state.id}/transition`, body);
  if (answer.status !== 201 && answer.status !== 200) return showError('layout-error', 'layout-editor', answer.json.error);
  state.transition = true;
  $('transition-controls').hidden = false;
  $('progress').value = '0';
  $('progress-value').textContent = '0';
  await fetchVisible(0);
}));

const scrub = coalesced(async (progress) => {
  $('progress-value').textContent = String(progress);
  await fetchVisible(progress);
});
$('progress').addEventListener('input', () => scrub(Number($('progress').value)));

for (const [button, action] of [['finish-transition', 'finish'], ['cancel-transition', 'cancel']]) {
  $(button).addEventListener('click', () => serially(async () => {
    const answer = await request('POST', `/v1/sessions/${state.id}/transition/${action}`);
    if (answer.status !== 200) return showError('layout-error', null, answer.json.error);
    state.transition = false;
    $('transition-controls').hidden = true;
    // Finished, the session has the other layout, whose axis may flip where this one did not.
    await readDirection();
    await fetchVisible();
  }));
}

// MARK: Layout direction

// The toggle sets the view's effective direction (PATCH …/view); whether the axis then flips
// is the server's to say (docs/layout-direction.md, L1–L5), so the session is asked again.
$('right-to-left').addEventListener('change', () => serially(async () => {
  if (!state.id) return;
  clearErrors();
  const layoutDirection = $('right-to-left').checked ? 'rightToLeft' : 'leftToRight';
  const patched = await request('PATCH', `/v1/sessions/${state.id}/view`, { layoutDirection });
  if (patched.status !== 200) {
    $('right-to-left').checked = state.direction === 'rightToLeft';
    return showError('request-error', null, patched.json.error);
  }
  state.version = patched.json.version;
  await readDirection();
  await fetchVisible(state.transition ? Number($('progress').value) : undefined);
}));

$('create').addEventListener('click', () => createSession());
onFailure((error) => showError('request-error', null, { message: String(error) }));
installReordering(() => fetchVisible(), animateAnswer, mirrorWidth);
installSnapshots(formatJSON, visibleRect, animateAnswer);
showRequests();

window.playground = {
  state, canvas, requestLog, visibleRect,
  /** Resolves when no request or animation is under way. */
  idle: () => state.busy === 0 && canvas.animations === 0,
  holdAnimations() { let release; canvas.gate = new Promise((r) => { release = r; }); this.release = () => { canvas.gate = null; release(); }; },
};

await loadExamples();
await createSession();
