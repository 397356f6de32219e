// Reordering by dragging a cell: iOS 9's interactive movement. The drag begins once the
// pointer has moved 4 points, sends the latest position while the previous one is answered,
// and ends with the move's animation plan (or cancels, changing nothing).

import { request } from './api.js';
import { layoutPoint } from './direction.js';
import { showError } from './errors.js';
import { $, coalesced, serially, state } from './session-state.js';

/** `refresh` redraws the visible rect; `animateAnswer` plays an answer's plan; `mirrorWidth`
 *  is the content's width when the axis is flipped (null when not). */
export function installReordering(refresh, animateAnswer, mirrorWidth) {
  let drag = null;

  $('content').addEventListener('pointerdown', (event) => {
    const box = event.target.closest('.element.cell');
    if (!box || !state.id || state.transition || event.button !== 0) return;
    const [section, item] = box.dataset.indexPath.split(',').map(Number);
    drag = { box, indexPath: [section, item], startX: event.clientX, startY: event.clientY, begun: false };
    box.setPointerCapture?.(event.pointerId);
    event.preventDefault();
  });

  /** The pointer on the content, in the layout's space (the API's positions are). */
  function contentPoint(event) {
    const r = $('content').getBoundingClientRect();
    return layoutPoint({ x: event.clientX - r.left, y: event.clientY - r.top }, mirrorWidth());
  }

  const moveTo = coalesced(async (point) => {
    const answer = await request('POST', `/v1/sessions/${state.id}/interactive-movement`, { phase: 'update', position: point });
    if (answer.status !== 200) return showError('request-error', null, answer.json.error);
    state.version = answer.json.version;
    await refresh();
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
      else await refresh();
    });
  }
  document.addEventListener('pointerup', () => endDrag('end'));
  document.addEventListener('pointercancel', () => endDrag('cancel'));
}
