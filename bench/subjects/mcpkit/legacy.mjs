// mcpkit, one server serving both eras: the same `tools/call` as a 2026-07-28 request and as a request of
// an initialized 2025-11-25 session, in-process (the endpoint alone, with the headers HTTP would give it)
// and over Streamable HTTP (one fetch POST per call, the same client code for both eras).
import { LazyRequestContext, responseText } from '@mcpkit/protocol';
import {
  callEchoRequest,
  echoTextOf,
  httpHeaders,
  legacyCallEchoRequest,
  legacyInitializeRequest,
} from '../../lib/mcp-wire.mjs';
import { createEchoServer } from './server.mjs';

export const serverScript = new URL('./http-server.mjs', import.meta.url);

const LEGACY_VERSION = '2025-11-25';

/** The endpoint alone: request bytes in, response bytes out (and the session `initialize` opened). */
async function serveOn(server, text, headers) {
  const context = new LazyRequestContext({ transport: 'http', headers });
  let final;
  const exchange = server.handle(JSON.parse(text), context);
  for await (const item of exchange) if ('response' in item) final = item;
  return { text: responseText(final), session: exchange.session };
}

/**
 * The server alone, both eras: `modern(text)` and `legacy(text)` each serve one request's bytes; the
 * legacy session is opened with `initialize` first.
 */
export async function openServer() {
  const server = createEchoServer(1);
  const init = await serveOn(
    server,
    JSON.stringify(legacyInitializeRequest(0)),
    new Headers({ 'content-type': 'application/json' }),
  );
  const sessionId = init.session?.id;
  if (typeof sessionId !== 'string') throw new Error(`initialize opened no session: ${init.text}`);
  const modernHeaders = new Headers(httpHeaders('tools/call', 'echo'));
  const legacyHeaders = new Headers({
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': LEGACY_VERSION,
    'mcp-session-id': sessionId,
  });
  return {
    modern: async (text) => (await serveOn(server, text, modernHeaders)).text,
    legacy: async (text) => (await serveOn(server, text, legacyHeaders)).text,
    close: async () => server.close(),
  };
}

/** The result of a JSON or single-message SSE response body. */
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

/** Two raw HTTP clients of one server: `modern.callEcho` and `legacy.callEcho` (after `initialize`). */
export async function connect(url) {
  let nextId = 1;
  const post = async (request, headers) => {
    const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify(request) });
    if (!response.ok) throw new Error(`HTTP ${response.status}: ${await response.text()}`);
    return { response, result: resultOf(response.headers.get('content-type'), await response.text()) };
  };
  const base = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
  const init = await post(legacyInitializeRequest(nextId++), base);
  const sessionId = init.response.headers.get('mcp-session-id');
  if (sessionId === null) throw new Error('initialize answered without Mcp-Session-Id');
  const legacyHeaders = { ...base, 'mcp-protocol-version': LEGACY_VERSION, 'mcp-session-id': sessionId };
  const initialized = await fetch(url, {
    method: 'POST',
    headers: legacyHeaders,
    body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
  });
  if (initialized.status !== 202) throw new Error(`notifications/initialized: HTTP ${initialized.status}`);
  const modernHeaders = httpHeaders('tools/call', 'echo');
  return {
    modern: {
      callEcho: async (text) =>
        echoTextOf((await post(callEchoRequest(nextId++, text), modernHeaders)).result),
    },
    legacy: {
      callEcho: async (text) =>
        echoTextOf((await post(legacyCallEchoRequest(nextId++, text), legacyHeaders)).result),
    },
    close: async () => {
      await fetch(url, { method: 'DELETE', headers: legacyHeaders });
    },
  };
}
