import { type ClientTransport, type ExchangeMessage, McpError, TransportError } from '@mcpkit/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { McpClient, McpClientError } from '../src/index.js';
import { tick } from './helpers/mock-server.js';

const json = fc.jsonValue({ maxDepth: 4 });

/** Things a broken or hostile server might put on a request's stream. */
const message = fc.oneof(
  json,
  fc.record({ jsonrpc: fc.constant('2.0'), id: fc.constantFrom(1, 2, 'x', null), result: json }),
  fc.record({
    jsonrpc: fc.constant('2.0'),
    id: fc.constantFrom(1, 2, 'x'),
    error: fc.record(
      { code: fc.oneof(fc.integer(), fc.double()), message: fc.oneof(fc.string(), json), data: json },
      { requiredKeys: [] },
    ),
  }),
  fc.record({
    jsonrpc: fc.constant('2.0'),
    method: fc.constantFrom('notifications/progress', 'notifications/message', 'x'),
    params: json,
  }),
);

const resultFor = fc.record(
  {
    resultType: fc.oneof(fc.constantFrom('complete', 'input_required', 'task'), json),
    content: json,
    tools: json,
    contents: json,
    messages: json,
    nextCursor: fc.oneof(fc.string(), json),
    ttlMs: json,
    cacheScope: json,
    structuredContent: json,
    inputRequests: json,
    requestState: json,
    supportedVersions: fc.oneof(fc.constant(['2026-07-28']), json),
    capabilities: fc.oneof(fc.constant({ tools: {}, prompts: {}, resources: {}, completions: {} }), json),
  },
  { requiredKeys: [] },
);

/** A transport that answers every request with whatever `script` produces, using the request id when asked. */
function scripted(script: (request: { id: unknown; method: string }) => unknown[]): ClientTransport {
  return {
    async *exchange(request) {
      for (const item of script(request)) {
        yield (
          item === 'RESPONSE-ID' ? { jsonrpc: '2.0', id: request.id, result: {} } : item
        ) as ExchangeMessage;
      }
    },
    close: async () => {},
  };
}

function expectLocalOrPeerError(error: unknown) {
  const known =
    error instanceof McpError || error instanceof McpClientError || error instanceof TransportError;
  if (!known) throw error;
}

describe('fuzz: a hostile server never crashes the client', () => {
  it('any result for any method resolves or rejects with a documented error', async () => {
    await fc.assert(
      fc.asyncProperty(
        resultFor,
        fc.constantFrom('discover', 'tool', 'list', 'read', 'prompt', 'complete'),
        async (result, what) => {
          const transport = scripted((request) => [{ jsonrpc: '2.0', id: request.id, result }]);
          const client = new McpClient(transport, {
            autoListTools: false,
            maxInputRounds: 1,
            probeTimeoutMs: 1000,
            onWarning: () => {},
            handlers: { elicitation: { form: () => ({ action: 'decline' }) }, roots: () => [] },
          });
          const call = {
            discover: () => client.connect(),
            tool: () => client.callTool('t'),
            list: () => client.listTools(),
            read: () => client.readResource('file:///x'),
            prompt: () => client.getPrompt('p'),
            complete: () =>
              client.complete({ ref: { type: 'ref/prompt', name: 'p' }, argument: { name: 'a', value: '' } }),
          }[what];
          await call().catch(expectLocalOrPeerError);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('any stream of messages ends the call with a result or a documented error', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(message, { maxLength: 6 }), fc.boolean(), async (messages, withResponse) => {
        const transport = scripted(() => (withResponse ? [...messages, 'RESPONSE-ID'] : messages));
        const client = new McpClient(transport, { protocolVersion: '2026-07-28', autoListTools: false });
        await client
          .callTool('t', {}, { onProgress: () => {}, onLog: () => {}, timeoutMs: 1000 })
          .catch(expectLocalOrPeerError);
      }),
      { numRuns: 300 },
    );
  });

  it('garbage on a listen stream is ignored; the subscription keeps working', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(message, { maxLength: 8 }), async (garbage) => {
        let id: unknown;
        const transport: ClientTransport = {
          async *exchange(request): AsyncGenerator<ExchangeMessage> {
            id = request.id;
            const tag = { 'io.modelcontextprotocol/subscriptionId': request.id };
            yield {
              jsonrpc: '2.0',
              method: 'notifications/subscriptions/acknowledged',
              params: { _meta: tag, notifications: { toolsListChanged: true } },
            };
            for (const item of garbage) {
              if (typeof item === 'object' && item !== null && 'id' in item) continue;
              yield item as ExchangeMessage;
            }
            yield { jsonrpc: '2.0', method: 'notifications/tools/list_changed', params: { _meta: tag } };
            yield { jsonrpc: '2.0', id: request.id, result: { resultType: 'complete', _meta: tag } as never };
          },
          close: async () => {},
        };
        const client = new McpClient(transport, { protocolVersion: '2026-07-28', onWarning: () => {} });
        const seen: string[] = [];
        for await (const n of client.listen({ toolsListChanged: true })) seen.push(n.method);
        expect(id).toBeDefined();
        expect(seen.at(-1)).toBe('notifications/tools/list_changed');
        for (const method of seen) expect(method.startsWith('notifications/')).toBe(true);
        await tick();
      }),
      { numRuns: 200 },
    );
  });
});
