import { InMemorySessionStore, McpServer } from '@mcpkit/server';
import fc from 'fast-check';

/** A server for the legacy fuzz tests: `echo` logs at info, `ask` elicits a name. */
export function fuzzTarget() {
  const store = new InMemorySessionStore({ maxSessions: 64 });
  const server = new McpServer(
    { name: 'legacy-fuzz', version: '1.0.0' },
    {
      capabilities: { logging: {} },
      legacy: { sessionStore: store },
      onError: () => {},
    },
  );
  server.tool('echo', { inputSchema: { type: 'object' } }, async (args, ctx) => {
    ctx.log.info('echoing');
    return { content: [{ type: 'text', text: JSON.stringify(args) }] };
  });
  server.tool('ask', {}, async (_args, ctx) => {
    const answer = await ctx.elicit('name', {
      message: 'Name?',
      requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
    });
    return {
      content: [{ type: 'text', text: answer.action === 'accept' ? String(answer.content.name) : '-' }],
    };
  });
  server.resource('test://doc', { name: 'doc' }, async () => ({
    contents: [{ uri: 'test://doc', text: 'hi' }],
  }));
  return { server, store };
}

const json = fc.jsonValue({ maxDepth: 3 });
/** Header-safe text: visible ASCII. */
export const headerText = fc.stringMatching(/^[\x21-\x7e]{0,40}$/);
const anyId = (known: readonly (string | number)[]) =>
  fc.oneof(fc.constantFrom(...known), fc.integer(), fc.string({ maxLength: 8 }), fc.constant(null), json);

/**
 * JSON-RPC-shaped messages a 2025-era client could send, or get wrong: `initialize` with arbitrary
 * params, calls, level and subscription changes, cancellations and responses naming `knownIds`
 * (another peer's requests and the server's questions to it), and arbitrary JSON.
 */
export function legacyMessage(knownIds: readonly (string | number)[]): fc.Arbitrary<unknown> {
  const params = fc.oneof(json, fc.dictionary(fc.string({ maxLength: 6 }), json, { maxKeys: 4 }));
  return fc.oneof(
    fc.record({
      jsonrpc: fc.constant('2.0'),
      id: anyId(knownIds),
      method: fc.constant('initialize'),
      params: fc.oneof(
        params,
        fc.record({
          protocolVersion: fc.oneof(
            fc.constantFrom('2025-11-25', '2025-06-18', '2024-11-05', '2026-07-28'),
            json,
          ),
          capabilities: fc.oneof(fc.constant({ elicitation: {} }), json),
          clientInfo: fc.oneof(fc.constant({ name: 'f', version: '1' }), json),
        }),
      ),
    }),
    fc.record(
      {
        jsonrpc: fc.oneof(fc.constant('2.0'), json),
        id: anyId(knownIds),
        method: fc.constantFrom(
          'ping',
          'tools/list',
          'tools/call',
          'resources/read',
          'resources/subscribe',
          'resources/unsubscribe',
          'logging/setLevel',
          'prompts/get',
          'server/discover',
          'subscriptions/listen',
          'nope',
        ),
        params: fc.oneof(
          params,
          fc.record({ name: fc.constantFrom('echo', 'ask', 'none'), arguments: json }),
          fc.record({
            level: fc.oneof(fc.constantFrom('debug', 'error'), json),
            uri: fc.oneof(fc.constant('test://doc'), json),
          }),
        ),
      },
      { requiredKeys: ['jsonrpc', 'id', 'method'] },
    ),
    fc.record({
      jsonrpc: fc.constant('2.0'),
      method: fc.constantFrom('notifications/initialized', 'notifications/cancelled', 'notifications/x'),
      params: fc.oneof(params, fc.record({ requestId: anyId(knownIds), reason: json })),
    }),
    fc.record(
      {
        jsonrpc: fc.constant('2.0'),
        id: anyId(knownIds),
        result: fc.oneof(fc.constant({ action: 'accept', content: { name: 'mallory' } }), json),
        error: fc.record({ code: fc.integer(), message: fc.string() }),
      },
      { requiredKeys: ['jsonrpc', 'id'] },
    ),
    json,
  );
}

/** Whether `value` is a well-formed JSON-RPC message a server may send. */
export function isJsonRpcMessage(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const message = value as Record<string, unknown>;
  if (message.jsonrpc !== '2.0') return false;
  if (typeof message.method === 'string') return true;
  if ('result' in message) return typeof message.result === 'object' && message.result !== null;
  const error = message.error as { code?: unknown; message?: unknown } | undefined;
  return Number.isInteger(error?.code) && typeof error?.message === 'string';
}
