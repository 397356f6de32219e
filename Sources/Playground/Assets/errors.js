// Errors, shown at the field they name: the API's `field` is a JSON path, found in the text
// of the editor the request came from, selected there and marked under its line.

import { locate, position } from './jsonpath.js';
import { $ } from './session-state.js';

/** The JSON in an editor, or null after showing where it is not JSON. */
export function editorJSON(editorId, errorId) {
  const text = $(editorId).value;
  try {
    return JSON.parse(text);
  } catch (error) {
    showError(errorId, editorId, { message: `not JSON: ${error.message}` });
    return null;
  }
}

export function clearErrors() {
  for (const id of ['body-error', 'updates-error', 'snapshot-error', 'layout-error', 'request-error']) {
    $(id).hidden = true;
    $(id).textContent = '';
  }
}

/** Shows an API error; when `editorId` is given and `field` is in its JSON, selects it there
 *  and quotes its line with a marker under the field. */
export function showError(errorId, editorId, error) {
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
  // Bring the field into view, a few lines below the top.
  editor.scrollTop = Math.max(0, (at.line - 3) * parseFloat(getComputedStyle(editor).lineHeight));
}
