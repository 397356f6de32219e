// Every request the page makes goes through here: it is sent, and shown as the curl command
// that does the same thing, with its status.

const log = [];
const listeners = new Set();

/** The curl command equivalent to a request, runnable in a shell (single quotes escaped). */
export function curlCommand(method, path, body) {
  const quote = (s) => `'${s.replaceAll("'", `'\\''`)}'`;
  const parts = ['curl -s'];
  if (method !== 'GET') parts.push(`-X ${method}`);
  parts.push(quote(location.origin + path));
  if (body !== undefined) {
    parts.push(`-H 'Content-Type: application/json'`);
    parts.push(`-d ${quote(JSON.stringify(body))}`);
  }
  return parts.join(' ');
}

/** Sends a request; resolves to {status, json}. Never throws for an HTTP error status. */
export async function request(method, path, body) {
  const entry = { method, path, curl: curlCommand(method, path, body), status: null };
  log.push(entry);
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (error) {
    entry.status = 0;
    notify(entry);
    return { status: 0, json: { error: { code: 'network', message: String(error) } } };
  }
  entry.status = response.status;
  notify(entry);
  const text = await response.text();
  let json = null;
  try { json = text ? JSON.parse(text) : null; } catch { json = { error: { code: 'not_json', message: text } }; }
  return { status: response.status, json };
}

export function onRequest(listener) { listeners.add(listener); }

export function requestLog() { return log.slice(); }

function notify(entry) { for (const listener of listeners) listener(entry); }
