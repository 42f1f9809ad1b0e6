import { createInMemoryTransport, type JSONRPCRequest, McpError } from '@mcpkit/protocol';
import { loadClientSchemas } from '@mcpkit/protocol/internal';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type CallOptions, McpClient } from '../src/index.js';
import { loadJsonSchemaCompiler } from '../src/json-schema-loader.js';
import { loadLazyCode } from '../src/lazy-code-loader.js';
import { discoverResult, mockServer } from './helpers/mock-server.js';

/**
 * `maxTotalTimeoutMs` is one deadline per call, fixed when it starts: the probe wait, re-issues,
 * retries and every multi round-trip round share it (see `hardDeadline`). Fake timers throughout.
 */

const done = { resultType: 'complete', content: [] };
const after = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('one hard deadline per request (C-54, P-81)', () => {
  // An input_required round is answered by code that loads on first need (`lazy-code.ts`),
  // checked with the schemas and a form answer with the JSON Schema validator, which load on first
  // need too: loading takes real time that fake timers cannot advance, so they are loaded before
  // the clock stops.
  beforeAll(async () => {
    await Promise.all([loadClientSchemas(), loadJsonSchemaCompiler(), loadLazyCode()]);
  });

  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const listed = { resultType: 'complete', ttlMs: 0, cacheScope: 'private', tools: [] };

  /** What `promise` settled with so far: fails at once, instead of hanging, if it has not. */
  function outcome(promise: Promise<unknown>) {
    const seen: { value?: unknown } = {};
    promise.then(
      (value) => {
        seen.value = value;
      },
      (error: unknown) => {
        seen.value = error;
      },
    );
    return seen;
  }

  /** A mock server whose handlers answer after a delay, counting the requests of each method. */
  function slowServer(handlers: Record<string, (request: JSONRPCRequest, n: number) => unknown>) {
    const counts = new Map<string, number>();
    const server = mockServer(
      Object.fromEntries(
        Object.entries(handlers).map(([method, handler]) => [
          method,
          (request: JSONRPCRequest) => {
            const n = (counts.get(method) ?? 0) + 1;
            counts.set(method, n);
            return handler(request, n) as never;
          },
        ]),
      ),
    );
    return { server, count: (method: string) => counts.get(method) ?? 0 };
  }

  it('C-54, C-55: re-issues after lost streams share the deadline the call started with', async () => {
    const { server } = slowServer({
      // biome-ignore lint/correctness/useYield: every stream ends without a response
      'tools/list': async function* () {
        await after(250);
      },
    });
    const client = new McpClient(createInMemoryTransport(server), { protocolVersion: '2026-07-28' });
    const call = outcome(client.listTools({}, { timeoutMs: 300, maxTotalTimeoutMs: 300 }));
    await vi.advanceTimersByTimeAsync(300);
    expect(call.value).toMatchObject({ name: 'RequestTimeoutError', limit: 'maximum', timeoutMs: 300 });
    expect(server.calls('tools/list')).toHaveLength(2);
  });

  it('C-10, C-54: the -32022 retry shares the deadline', async () => {
    const { server } = slowServer({
      'tools/list': async (_request, n) => {
        await after(250);
        return n === 1 ? new McpError(-32022, 'unsupported', { supported: ['2026-07-28'] }) : listed;
      },
    });
    const client = new McpClient(createInMemoryTransport(server), { protocolVersion: '2026-07-28' });
    const call = outcome(client.listTools({}, { maxTotalTimeoutMs: 300 }));
    await vi.advanceTimersByTimeAsync(300);
    expect(call.value).toMatchObject({ name: 'RequestTimeoutError', limit: 'maximum' });
    expect(server.calls('tools/list')).toHaveLength(2);
  });

  it('H-28, C-54: the tools/list refresh and the retry after -32020 share the deadline', async () => {
    const { server } = slowServer({
      'tools/list': async () => {
        await after(200);
        return listed;
      },
      'tools/call': async (_request, n) => {
        await after(n === 1 ? 200 : 0);
        return n === 1 ? new McpError(-32020, 'header mismatch') : done;
      },
    });
    const client = new McpClient(createInMemoryTransport(server), {
      protocolVersion: '2026-07-28',
      autoListTools: false,
    });
    const call = outcome(client.callTool('x', {}, { maxTotalTimeoutMs: 300 }));
    await vi.advanceTimersByTimeAsync(300);
    expect(call.value).toMatchObject({ name: 'RequestTimeoutError', limit: 'maximum', timeoutMs: 300 });
    expect(server.calls('tools/call')).toHaveLength(1);
  });

  it('C-54: the wait for the server/discover probe counts against the deadline', async () => {
    const { server } = slowServer({
      'server/discover': async () => {
        await after(200);
        return discoverResult({ tools: {} });
      },
      'tools/call': async () => {
        await after(200);
        return done;
      },
    });
    const client = new McpClient(createInMemoryTransport(server), { autoListTools: false });
    const call = outcome(client.callTool('x', {}, { maxTotalTimeoutMs: 300 }));
    await vi.advanceTimersByTimeAsync(300);
    expect(call.value).toMatchObject({ name: 'RequestTimeoutError', limit: 'maximum', timeoutMs: 300 });
  });

  /** Each request takes `roundMs`; the first of a call asks for a confirmation, a retry gets the answer. */
  function askingServer(roundMs: number) {
    const answer = async (request: JSONRPCRequest) => {
      await after(roundMs);
      if ((request.params as { inputResponses?: unknown }).inputResponses !== undefined)
        return { resultType: 'complete', content: [], messages: [], contents: [] };
      return {
        resultType: 'input_required',
        inputRequests: {
          ok: {
            method: 'elicitation/create',
            params: { message: 'ok?', requestedSchema: { type: 'object', properties: {} } },
          },
        },
      };
    };
    return slowServer({ 'tools/call': answer, 'prompts/get': answer, 'resources/read': answer });
  }
  const inputCalls = {
    'tools/call': (client: McpClient, options: CallOptions) => client.callTool('x', {}, options),
    'prompts/get': (client: McpClient, options: CallOptions) => client.getPrompt('p', {}, options),
    'resources/read': (client: McpClient, options: CallOptions) => client.readResource('file:///a', options),
  };
  type InputMethod = keyof typeof inputCalls;
  const inputMethods = Object.keys(inputCalls) as InputMethod[];

  it.each(inputMethods)(
    "C-24, C-54, P-81: every input round of %s shares the call's maximum",
    async (method) => {
      const { server } = askingServer(200);
      const client = new McpClient(createInMemoryTransport(server), {
        protocolVersion: '2026-07-28',
        autoListTools: false,
        handlers: { elicitation: { form: () => ({ action: 'accept', content: {} }) } },
      });
      const call = outcome(inputCalls[method](client, { maxTotalTimeoutMs: 300 }));
      await vi.advanceTimersByTimeAsync(300);
      expect(call.value).toMatchObject({ name: 'RequestTimeoutError', limit: 'maximum', timeoutMs: 300 });
      expect(server.calls(method)).toHaveLength(2);
    },
  );

  it.each(inputMethods)(
    "C-54: the time %s's input handlers take (a person answering) is not counted against the maximum",
    async (method) => {
      const { server } = askingServer(100);
      const form = () => after(1000).then(() => ({ action: 'accept' as const, content: {} }));
      const client = new McpClient(createInMemoryTransport(server), {
        protocolVersion: '2026-07-28',
        autoListTools: false,
        handlers: { elicitation: { form } },
      });
      const call = outcome(inputCalls[method](client, { maxTotalTimeoutMs: 300 }));
      await vi.advanceTimersByTimeAsync(1200);
      expect(call.value).toMatchObject({ resultType: 'complete' });
      expect(server.calls(method)).toHaveLength(2);
    },
  );
});
