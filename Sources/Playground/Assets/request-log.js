// The list of requests, newest first, each as the curl command that does the same.

import { onRequest } from './api.js';
import { $ } from './session-state.js';

export function showRequests() {
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
}
