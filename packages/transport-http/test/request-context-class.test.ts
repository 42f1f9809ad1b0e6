import type { McpEndpoint } from '@mcpkit/protocol';
import { keepsRequestContext } from '@mcpkit/protocol/internal';
import { afterEach, describe, expect, it } from 'vitest';
import { createNodeHandler } from '../src/node/index.js';
import { request, result, scripted } from './helpers/endpoints.js';
import { handlerFor, post } from './helpers/http.js';
import { closeStarted, postTo, serve } from './helpers/node.js';

afterEach(closeStarted);

/** An endpoint that records its contexts and says it keeps them to itself, as `McpServer` does. */
function keeping() {
  const endpoint = scripted(async function* (message) {
    yield result(message.id);
  });
  keepsRequestContext(endpoint, endpoint.handle);
  return endpoint;
}

const plain = () =>
  scripted(async function* (message) {
    yield result(message.id);
  });

async function throughFetch(endpoint: McpEndpoint) {
  await handlerFor(endpoint)(post(request(1, 'tools/list'), { 'mcp-method': 'tools/list' }));
}

async function throughNode(endpoint: McpEndpoint) {
  const url = await serve(createNodeHandler(endpoint));
  await (await postTo(url, request(1, 'tools/list'), { 'mcp-method': 'tools/list' })).text();
}

describe('the HTTP handlers choose the context by the endpoint', () => {
  it.each([
    ['the fetch handler', throughFetch],
    ['the node:http handler', throughNode],
  ])(
    '%s gives a keeping endpoint a context without an own signal, any other a spread-safe one',
    async (_, through) => {
      const lean = keeping();
      await through(lean);
      const leanContext = lean.seen[0]!.context;
      expect(Object.hasOwn(leanContext, 'signal')).toBe(false);
      expect(leanContext.signal).toBeInstanceOf(AbortSignal);
      const safe = plain();
      await through(safe);
      const safeContext = safe.seen[0]!.context;
      expect(Object.hasOwn(safeContext, 'signal')).toBe(true);
      expect({ ...safeContext }.signal).toBe(safeContext.signal);
    },
  );
});
