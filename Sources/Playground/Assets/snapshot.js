// Diffable snapshots (docs/snapshots.md): a session whose sections and items have identifiers
// is changed by sending a whole new snapshot (PUT …/snapshot); the server derives UIKit's
// batch and answers its animation plan. Shuffle, insert and delete make a new snapshot from
// the session's own, show it in the editor and send it; Apply sends the editor's.

import { request } from './api.js';
import { clearErrors, editorJSON, showError } from './errors.js';
import { $, serially, state } from './session-state.js';

/** Whether a session body gives identifiers: `dataSource.identifiers`, or a section's `id`. */
export function hasIdentifiers(body) {
  const dataSource = body?.dataSource;
  if (dataSource?.identifiers !== undefined && dataSource?.identifiers !== null) return dataSource.identifiers === true;
  return (dataSource?.sections ?? []).some((section) => section?.id !== undefined);
}

/** GET …/snapshot into state.snapshot: `[{id, items: [ids]}]`. */
export async function loadSnapshot() {
  const answer = await request('GET', `/v1/sessions/${state.id}/snapshot`);
  if (answer.status !== 200) return showError('snapshot-error', null, answer.json.error);
  state.snapshot = answer.json.sections;
}

/** The identifier of the cell at an index path in a snapshot, as its label. */
export function namesIn(snapshot) {
  if (!snapshot) return null;
  return (section, item) => {
    const id = snapshot[section]?.items[item];
    return id === undefined ? undefined : String(id);
  };
}

const randomIndex = (n) => Math.floor(Math.random() * n);
const copy = (snapshot) => snapshot.map((section) => ({ id: section.id, items: section.items.slice() }));

/** Every section's items in a random order (Fisher–Yates). */
function shuffled(snapshot) {
  const next = copy(snapshot);
  for (const section of next) {
    const items = section.items;
    for (let i = items.length - 1; i > 0; i--) {
      const j = randomIndex(i + 1);
      [items[i], items[j]] = [items[j], items[i]];
    }
  }
  return next;
}

/** A new item (`n1`, `n2`, … the first free name) at a random place of a random section. */
function inserted(snapshot) {
  const next = copy(snapshot);
  if (next.length === 0) return next;
  const taken = new Set(next.flatMap((section) => section.items.map(String)));
  let k = 1;
  while (taken.has(`n${k}`)) k++;
  const section = next[randomIndex(next.length)];
  section.items.splice(randomIndex(section.items.length + 1), 0, `n${k}`);
  return next;
}

/** One random item gone. */
function deleted(snapshot) {
  const next = copy(snapshot);
  const all = next.flatMap((section) => section.items.map((_, item) => [section, item]));
  if (all.length === 0) return next;
  const [section, item] = all[randomIndex(all.length)];
  section.items.splice(item, 1);
  return next;
}

/** `animateAnswer(answer, errorId, editorId)` plays an answer's plan (app.js). */
export function installSnapshots(formatJSON, visibleRect, animateAnswer) {
  async function apply(body) {
    const answer = await request('PUT', `/v1/sessions/${state.id}/snapshot`, { ...body, rect: visibleRect() });
    await animateAnswer(answer, 'snapshot-error', 'snapshot-editor');
  }

  $('apply-snapshot').addEventListener('click', () => serially(async () => {
    clearErrors();
    const body = editorJSON('snapshot-editor', 'snapshot-error');
    if (!body || !state.id) return;
    await apply(body);
  }));

  for (const [button, edit] of [['shuffle-snapshot', shuffled], ['insert-item', inserted], ['delete-item', deleted]]) {
    $(button).addEventListener('click', () => serially(async () => {
      clearErrors();
      if (!state.id || !state.snapshot) return;
      const body = { sections: edit(state.snapshot) };
      $('snapshot-editor').value = formatJSON(body);
      await apply(body);
    }));
  }
}
