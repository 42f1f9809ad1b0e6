import type { JSONRPCRequest } from '@mcpkit/protocol';
import { describe, expect, it } from 'vitest';
import { LegacyConnection, problems2025 } from './helpers.js';
import { legacyTestServer } from './server.js';

const ELICIT = { elicitation: {} };
const ALL = { elicitation: {}, sampling: {}, roots: { listChanged: true } };

function text(response: Record<string, unknown> | undefined): string {
  return ((response!.result as { content: Array<{ text: string }> }).content[0] ?? { text: '' }).text;
}

describe('server-to-client requests (B-13)', () => {
  it('an elicitation is a real elicitation/create on the request stream; its answer is fed back in, ctx.once runs once', async () => {
    const { server, counters } = legacyTestServer();
    const asked: JSONRPCRequest[] = [];
    const connection = new LegacyConnection(server, (request) => {
      asked.push(request);
      return { action: 'accept', content: { name: 'Ada' } };
    });
    await connection.initialize('2025-11-25', ELICIT);
    const { items, response } = await connection.request('tools/call', { name: 'ask_name', arguments: {} });
    expect(asked).toHaveLength(1);
    expect(asked[0]!.method).toBe('elicitation/create');
    expect(problems2025('JSONRPCRequest', asked[0])).toEqual([]);
    expect(problems2025('ElicitRequestFormParams', asked[0]!.params)).toEqual([]);
    expect(items[0]).toBe(asked[0]);
    expect(text(response)).toBe('Ada #1');
    expect(counters.once).toBe(1);
  });

  it('P-80: a handler run again after each answer reports its progress again, and each value goes out once: it increases with each notification', async () => {
    const connection = new LegacyConnection(legacyTestServer().server, () => ({
      action: 'accept',
      content: { go: true },
    }));
    await connection.initialize('2025-11-25', ELICIT);
    const { items, response } = await connection.request('tools/call', {
      name: 'progress_then_ask',
      arguments: {},
      _meta: { progressToken: 'tok' },
    });
    const progress = items.filter((item) => 'method' in item && item.method === 'notifications/progress');
    expect(progress.map((item) => (item as { params: unknown }).params)).toEqual([
      { progressToken: 'tok', progress: 1, total: 2, message: 'asking' },
      { progressToken: 'tok', progress: 2, total: 2, message: 'done' },
    ]);
    expect(text(response)).toBe('accept');
  });

  it('questions asked together go out together and each gets its answer', async () => {
    const { server } = legacyTestServer();
    const methods: string[] = [];
    const connection = new LegacyConnection(server, (request) => {
      methods.push(request.method);
      if (request.method === 'roots/list') return { roots: [{ uri: 'file:///a' }, { uri: 'file:///b' }] };
      return { role: 'assistant', model: 'm', content: { type: 'text', text: 'Hello' } };
    });
    await connection.initialize('2025-06-18', ALL);
    const { response } = await connection.request('tools/call', { name: 'ask_all', arguments: {} });
    expect(methods.sort()).toEqual(['roots/list', 'sampling/createMessage']);
    expect(text(response)).toBe('Hello / 2');
  });

  it('B-10: a capability the session did not declare on initialize refuses the call as 2025 servers do: an isError result', async () => {
    const connection = new LegacyConnection(legacyTestServer().server, () => ({ action: 'decline' }));
    await connection.initialize('2025-11-25', {});
    const { items, response } = await connection.request('tools/call', { name: 'ask_name', arguments: {} });
    // -32021 does not exist before 2026-07-28: the refusal is the tool's result, and nothing is asked.
    expect(response!.error).toBeUndefined();
    expect(response!.result).toMatchObject({ isError: true });
    expect(text(response)).toMatch(/elicitation/);
    expect(items.filter((item) => 'method' in item && item.method === 'elicitation/create')).toEqual([]);
  });

  it('B-10: a prompt that asks what the session did not declare is -32603 with the reason, never -32021', async () => {
    const { server } = legacyTestServer();
    server.prompt('ask_prompt', {}, async (_args, ctx) => {
      await ctx.listRoots('dirs');
      return { messages: [] };
    });
    const connection = new LegacyConnection(server);
    await connection.initialize('2025-11-25', {});
    const { response } = await connection.request('prompts/get', { name: 'ask_prompt' });
    expect(response!.error).toMatchObject({ code: -32603, message: expect.stringMatching(/roots/) });
  });

  it('a client that never answers: the request times out, the question is withdrawn', async () => {
    const { server } = legacyTestServer({ legacy: { requestTimeoutMs: 50 } });
    const connection = new LegacyConnection(server);
    await connection.initialize('2025-11-25', ELICIT);
    const { items, response } = await connection.request('tools/call', { name: 'ask_name', arguments: {} });
    expect(response!.error).toMatchObject({ code: -32603 });
    const asked = items[0] as JSONRPCRequest;
    expect(items[1]).toMatchObject({ method: 'notifications/cancelled', params: { requestId: asked.id } });
  });

  it('the client cancelling its request withdraws the question on the connection', async () => {
    const { server } = legacyTestServer();
    const connection = new LegacyConnection(server);
    await connection.initialize('2025-11-25', ELICIT);
    const cancel = new AbortController();
    const outcome = await connection.request(
      'tools/call',
      { name: 'ask_name', arguments: {} },
      { signal: cancel.signal, onItem: () => cancel.abort() },
    );
    expect(outcome.response).toBeUndefined();
    const asked = outcome.items[0] as JSONRPCRequest;
    expect(connection.unsolicited).toContainEqual({
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId: asked.id, reason: 'The request it served ended' },
    });
  });

  it('the client cancelling the server request ends the tool call with an error', async () => {
    const { server } = legacyTestServer();
    const connection = new LegacyConnection(server);
    await connection.initialize('2025-11-25', ELICIT);
    const { response } = await connection.request(
      'tools/call',
      { name: 'ask_name', arguments: {} },
      {
        onItem: (item) => {
          if ('id' in item && 'method' in item) {
            void connection.respond({
              jsonrpc: '2.0',
              method: 'notifications/cancelled',
              params: { requestId: item.id, reason: 'user closed the dialog' },
            });
          }
        },
      },
    );
    expect(response!.error).toMatchObject({ code: -32603 });
    expect((response!.error as { message: string }).message).toContain('user closed the dialog');
  });

  it('an error answer fails the request; responses to ids never sent are ignored', async () => {
    const { server } = legacyTestServer();
    const connection = new LegacyConnection(server);
    await connection.initialize('2025-11-25', ELICIT);
    expect(await connection.respond({ jsonrpc: '2.0', id: 'never-sent', result: {} })).toEqual([]);
    const { response } = await connection.request(
      'tools/call',
      { name: 'ask_name', arguments: {} },
      {
        onItem: (item) => {
          if ('id' in item && 'method' in item) {
            void connection.respond({ jsonrpc: '2.0', id: item.id, error: { code: -1, message: 'no UI' } });
          }
        },
      },
    );
    expect((response!.error as { message: string }).message).toContain('no UI');
  });

  it('an answer from another connection settles nothing', async () => {
    const { server } = legacyTestServer({ legacy: { requestTimeoutMs: 100 } });
    const first = new LegacyConnection(server);
    const second = new LegacyConnection(server);
    await first.initialize('2025-11-25', ELICIT);
    await second.initialize('2025-11-25', ELICIT);
    const { response } = await first.request(
      'tools/call',
      { name: 'ask_name', arguments: {} },
      {
        onItem: (item) => {
          if ('id' in item && 'method' in item) {
            void second.respond({
              jsonrpc: '2.0',
              id: item.id,
              result: { action: 'accept', content: { name: 'Eve' } },
            });
          }
        },
      },
    );
    expect(response!.error).toMatchObject({ code: -32603 });
  });
});
