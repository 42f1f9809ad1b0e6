// The "server alone through a fetch handler" layer, the same for every subject: request bytes into a
// `Request` (with the 2026-07-28 headers), the subject's `(Request) => Promise<Response>`, the response's text.
import { httpHeaders } from './mcp-wire.mjs';

/** A URL no socket ever sees; every subject's handler is told to accept its host. */
export const IN_PROCESS_URL = 'http://in-process.invalid/mcp';
export const IN_PROCESS_HOST = 'in-process.invalid';

/** `serve(text, method, name)` through `handler`, as the in-process workload calls it. */
export function fetchServe(handler) {
  const headersByMethod = new Map();
  return async (text, method, name) => {
    const key = `${method} ${name}`;
    let headers = headersByMethod.get(key);
    if (headers === undefined) {
      headers = httpHeaders(method, name);
      headersByMethod.set(key, headers);
    }
    const response = await handler(new Request(IN_PROCESS_URL, { method: 'POST', headers, body: text }));
    return response.text();
  };
}
