// The playground: pick or edit a collection view, see it laid out live from a session, and
// drive the session's dynamics. Every request is listed as curl (see api.js).

import { request, onRequest, requestLog } from './api.js';
import { Canvas } from './canvas.js';
import { locate, position } from './jsonpath.js';

const $ = (id) => document.getElementById(id);
const viewport = $('viewport');
const canvas = new Canvas($('content'));

/** Everything the page knows about its session; tests read it through window.playground. */
const state = {
  id: null, version: 0, bounds: { width: 0, height: 0 }, contentSize: { width: 0, height: 0 },
  offset: null, lastRect: null, lastPlan: null, transition: false, busy: 0, examples: [],
};

// Requests that change or read the session run one after another, in order.
let queue = Promise.resolve();
function serially(task) {
  state.busy++;
  const run = queue.then(task).catch((error) => showError('request-error', null, { message: String(error) }))
    .finally(() => { state.busy--; });
  queue = run;
  return run;
}

// A burst of scroll or drag events sends only its latest position.
function coalesced(task) {
  let pending = null, scheduled = false;
  return (arg) => {
    pending = arg;
    if (scheduled) return;
    scheduled = true;
    state.busy++;
    serially(async () => { scheduled = false; await task(pending); }).finally(() => { state.busy--; });
  };
}

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
  $('updates-editor').value = formatJSON(example.updates);
  $('layout-editor').value = formatJSON(example.layout);
}

/** Indented JSON with arrays of numbers kept on one line (`[80, 80]`, `[[0, 1]]`). */
function formatJSON(value) {
  return JSON.stringify(value, null, 2)
    .replace(/\[[\s\d.,\-e]*\]/g, (array) => array.replace(/\s+/g, ' ').replace(/\[ /g, '[').replace(/ \]/g, ']'))
    .replace(/\[\s+((?:\[[^\[\]]*\],?\s*)+)\]/g, (all, inner) => `[${inner.trim().split(/\s*\n\s*/).join(' ')}]`);
}

/** The JSON in an editor, or null after showing where it is not JSON. */
function editorJSON(editorId, errorId) {
  const text = $(editorId).value;
  try {
    return JSON.parse(text);
  } catch (error) {
    showError(errorId, editorId, { message: `not JSON: ${error.message}` });
    return null;
  }
}

function createSession() {
  return serially(async () => {
    clearErrors();
    const body = editorJSON('body-editor', 'body-error');
    if (!body) return;
    if (state.id) await request('DELETE', `/v1/sessions/${state.id}`);
    state.id = null;
    const created = await request('POST', '/v1/sessions', body);
    if (created.status !== 201) return showError('body-error', 'body-editor', created.json.error);
    state.id = created.json.id;
    const session = (await request('GET', `/v1/sessions/${state.id}`)).json;
    state.version = session.version;
    state.bounds = session.view.bounds;
    state.transition = false;
    $('transition-controls').hidden = true;
    viewport.style.width = `${state.bounds.width}px`;
    viewport.style.height = `${state.bounds.height}px`;
    setContentSize(session.contentSize);
    canvas.draw([]);
    state.offset = { x: session.view.contentOffset.x, y: session.view.contentOffset.y };
    viewport.scrollTo(state.offset.x, state.offset.y);
    await fetchVisible();
  });
}

function setContentSize(size) {
  state.contentSize = size;
  canvas.setContentSize(size);
}

/** The visible rect: the view's bounds at the scroll position (the session's contentOffset). */
function visibleRect() {
  return { x: Math.round(viewport.scrollLeft), y: Math.round(viewport.scrollTop),
           width: state.bounds.width, height: state.bounds.height };
}

const rectQuery = (r) => `${r.x},${r.y},${r.width},${r.height}`;

/** GET elements for exactly the visible rect, and draw them. */
async function fetchVisible(progress) {
  if (!state.id) return;
  const rect = visibleRect();
  let path = `/v1/sessions/${state.id}/elements?rect=${rectQuery(rect)}`;
  if (progress !== undefined) path += `&progress=${progress}`;
  const answer = await request('GET', path);
  if (answer.status !== 200) return showError('request-error', null, answer.json.error);
  state.lastRect = rect;
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

async function animateAnswer(answer, errorId, editorId) {
  if (answer.status !== 200) return showError(errorId, editorId, answer.json.error);
  state.lastPlan = answer.json.plan;
  state.version = answer.json.version;
  setContentSize(answer.json.contentSize);
  await canvas.animate(answer.json.plan);
  await fetchVisible();
}

/** A request whose answer is an animation plan, sent with the editor's JSON and the visible rect. */
function planButton(buttonId, method, resource, editorId, errorId) {
  $(buttonId).addEventListener('click', () => serially(async () => {
    clearErrors();
    const body = editorJSON(editorId, errorId);
    if (!body || !state.id) return;
    const answer = await request(method, `/v1/sessions/${state.id}/${resource}`, { ...body, rect: visibleRect() });
    await animateAnswer(answer, errorId, editorId);
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
    await fetchVisible();
  }));
}

// MARK: Reordering by dragging a cell

let drag = null;

$('content').addEventListener('pointerdown', (event) => {
  const box = event.target.closest('.element.cell');
  if (!box || !state.id || state.transition || event.button !== 0) return;
  const [section, item] = box.dataset.indexPath.split(',').map(Number);
  drag = { box, indexPath: [section, item], startX: event.clientX, startY: event.clientY, begun: false };
  box.setPointerCapture?.(event.pointerId);
  event.preventDefault();
});

function contentPoint(event) {
  const r = $('content').getBoundingClientRect();
  return { x: event.clientX - r.left, y: event.clientY - r.top };
}

const moveTo = coalesced(async (point) => {
  const answer = await request('POST', `/v1/sessions/${state.id}/interactive-movement`, { phase: 'update', position: point });
  if (answer.status !== 200) return showError('request-error', null, answer.json.error);
  state.version = answer.json.version;
  await fetchVisible();
});

document.addEventListener('pointermove', (event) => {
  if (!drag) return;
  if (!drag.begun) {
    if (Math.hypot(event.clientX - drag.startX, event.clientY - drag.startY) < 4) return;
    drag.begun = true;
    drag.box.classList.add('moving');
    const indexPath = drag.indexPath;
    serially(async () => {
      const answer = await request('POST', `/v1/sessions/${state.id}/interactive-movement`, { phase: 'begin', indexPath });
      if (answer.status !== 200) { drag = null; return showError('request-error', null, answer.json.error); }
      state.version = answer.json.version;
    });
  }
  moveTo(contentPoint(event));
});

function endDrag(phase) {
  if (!drag) return;
  const begun = drag.begun;
  drag.box.classList.remove('moving');
  drag = null;
  if (!begun) return;
  serially(async () => {
    const answer = await request('POST', `/v1/sessions/${state.id}/interactive-movement`, { phase });
    if (phase === 'end') await animateAnswer(answer, 'request-error', null);
    else await fetchVisible();
  });
}
document.addEventListener('pointerup', () => endDrag('end'));
document.addEventListener('pointercancel', () => endDrag('cancel'));

// MARK: Errors, shown at the field they name

function clearErrors() {
  for (const id of ['body-error', 'updates-error', 'layout-error', 'request-error']) {
    $(id).hidden = true;
    $(id).textContent = '';
  }
}

/** Shows an API error; when `editorId` is given and `field` is in its JSON, selects it there
 *  and quotes its line with a marker under the field. */
function showError(errorId, editorId, error) {
  const box = $(errorId);
  box.hidden = false;
  box.textContent = `${error?.field ? `${error.field}: ` : ''}${error?.message ?? 'failed'}`;
  box.dataset.field = error?.field ?? '';
  if (!editorId) return;
  const editor = $(editorId);
  const text = editor.value;
  const range = error?.field !== undefined ? locate(text, error.field) : null;
  if (!range) return;
  const at = position(text, range.start);
  const width = Math.max(1, Math.min(range.end, range.start + at.lineText.length - at.column + 1) - range.start);
  const excerpt = document.createElement('pre');
  excerpt.textContent = `${at.label}\n${at.lineText}\n${' '.repeat(at.column - 1)}${'^'.repeat(width)}`;
  box.appendChild(excerpt);
  box.dataset.start = String(range.start);
  box.dataset.end = String(range.end);
  editor.focus();
  editor.setSelectionRange(range.start, range.end);
}

// MARK: The request log

onRequest((entry) => {
  const li = document.createElement('li');
  const code = document.createElement('code');
  code.textContent = entry.curl;
  const status = document.createElement('span');
  status.className = entry.status >= 400 || entry.status === 0 ? 'failed' : 'code';
  status.textContent = ` → ${entry.status}`;
  li.append(code, status);
  $('log').prepend(li);
  while ($('log').children.length > 200) $('log').lastChild.remove();
});

$('create').addEventListener('click', () => createSession());

window.playground = {
  state, canvas, requestLog, visibleRect,
  /** Resolves when no request or animation is under way. */
  idle: () => state.busy === 0 && canvas.animations === 0,
  holdAnimations() { let release; canvas.gate = new Promise((r) => { release = r; }); this.release = () => { canvas.gate = null; release(); }; },
};

await loadExamples();
await createSession();
