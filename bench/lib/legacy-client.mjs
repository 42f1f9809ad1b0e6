// A 2025-11-25 Streamable HTTP client by hand, the same code for every subject: `initialize` (the session
// id comes with its answer), `notifications/initialized`, then one fetch POST per `tools/call`.
import { echoTextOf, legacyCallEchoRequest, legacyInitializeRequest } from './mcp-wire.mjs';

export const LEGACY_VERSION = '2025-11-25';
const BASE_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };

/** The result of a JSON or SSE response body (the message carrying a result). */
function resultOf(contentType, body) {
  if (contentType?.startsWith('text/event-stream')) {
    const data = body
      .split('\n')
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).trim())
      .find((line) => line.includes('"result"'));
    return data === undefined ? undefined : JSON.parse(data).result;
  }
  return JSON.parse(body).result;
}

/** POSTs one JSON-RPC request; the response and its result. */
export async function postForResult(url, request, headers) {
  const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify(request) });
  if (!response.ok) throw new Error(`HTTP ${response.status}: ${await response.text()}`);
  return { response, result: resultOf(response.headers.get('content-type'), await response.text()) };
}

/** Opens a 2025-11-25 session on `url`: `callEcho(text)` is one `tools/call`; `close()` DELETEs it. */
export async function openLegacySession(url) {
  let nextId = 0;
  const init = await postForResult(url, legacyInitializeRequest(nextId++), BASE_HEADERS);
  const sessionId = init.response.headers.get('mcp-session-id');
  if (sessionId === null) throw new Error('initialize answered without Mcp-Session-Id');
  const headers = { ...BASE_HEADERS, 'mcp-protocol-version': LEGACY_VERSION, 'mcp-session-id': sessionId };
  const initialized = await fetch(url, {
    method: 'POST',
    headers,
    body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
  });
  await initialized.body?.cancel();
  if (initialized.status !== 202) throw new Error(`notifications/initialized: HTTP ${initialized.status}`);
  return {
    callEcho: async (text) =>
      echoTextOf((await postForResult(url, legacyCallEchoRequest(nextId++, text), headers)).result),
    close: async () => {
      const ended = await fetch(url, { method: 'DELETE', headers });
      await ended.body?.cancel();
    },
  };
}
