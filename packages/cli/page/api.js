// Talks to the inspector's own server: every call carries the launch token from the URL fragment.

const token = new URLSearchParams(location.hash.slice(1)).get('token') ?? '';

/** Whether the page was opened with a token at all. */
export const hasToken = token !== '';

function headers(extra = {}) {
  return { authorization: `Bearer ${token}`, ...extra };
}

/** POSTs `body` to `/api/<path>`; resolves with the JSON answer (`{ result }` or `{ error }`). */
export async function post(path, body = {}) {
  const response = await fetch(`/api/${path}`, {
    method: 'POST',
    headers: headers({ 'content-type': 'application/json' }),
    body: JSON.stringify(body),
  });
  const answer = await response.json();
  if (!response.ok && answer.error === undefined) answer.error = { message: `HTTP ${response.status}` };
  return answer;
}

/** Runs a server operation such as `tools/call`; resolves with its result, rejects with its error. */
export async function run(operation, params = {}) {
  const answer = await post(operation, { params });
  if (answer.error) throw Object.assign(new Error(answer.error.message), answer.error);
  return answer.result;
}

/** Reads the event stream, calling `onEvent` with each event; resolves with the HTTP status when it ends. */
export async function stream(onEvent) {
  const response = await fetch('/api/events', { headers: headers() });
  if (!response.ok || response.body === null) return response.status;
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return response.status;
    buffer += value;
    let end = buffer.indexOf('\n\n');
    while (end !== -1) {
      const frame = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (frame.startsWith('data: ')) onEvent(JSON.parse(frame.slice(6)));
      end = buffer.indexOf('\n\n');
    }
  }
}
