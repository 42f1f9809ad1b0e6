// mcpkit, one server serving both eras: the same `tools/call` as a 2026-07-28 request and as a request of
// an initialized 2025-11-25 session, in-process (the endpoint alone, with the headers HTTP would give it)
// and over Streamable HTTP (one fetch POST per call, the same client code for both eras).
import { responseText } from '@mcpkit/protocol';
import { requestContextClass } from '@mcpkit/protocol/internal';
import { LEGACY_VERSION, openLegacySession, postForResult } from '../../lib/legacy-client.mjs';
import { callEchoRequest, echoTextOf, httpHeaders, legacyInitializeRequest } from '../../lib/mcp-wire.mjs';
import { createEchoServer } from './server.mjs';

export const serverScript = new URL('./http-server.mjs', import.meta.url);

/**
 * The endpoint alone: request bytes in, response bytes out (and the session `initialize` opened).
 * `Context`: the class of the server's contexts, chosen once as the transports choose it.
 */
async function serveOn(server, Context, text, headers) {
  const context = new Context({ transport: 'http', headers });
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
  const Context = requestContextClass(server);
  const init = await serveOn(
    server,
    Context,
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
    modern: async (text) => (await serveOn(server, Context, text, modernHeaders)).text,
    legacy: async (text) => (await serveOn(server, Context, text, legacyHeaders)).text,
    close: async () => server.close(),
  };
}

/** Two raw HTTP clients of one server: `modern.callEcho` and `legacy.callEcho` (after `initialize`). */
export async function connect(url) {
  const legacy = await openLegacySession(url);
  const modernHeaders = httpHeaders('tools/call', 'echo');
  let nextId = 1;
  return {
    modern: {
      callEcho: async (text) =>
        echoTextOf((await postForResult(url, callEchoRequest(nextId++, text), modernHeaders)).result),
    },
    legacy,
    close: () => legacy.close(),
  };
}
