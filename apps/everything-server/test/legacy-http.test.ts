import { InMemorySessionStore, McpServer } from '@mcpkit/server';
import { createFetchHandler } from '@mcpkit/transport-http';
import { describe, expect, it } from 'vitest';
import { createEverythingServer } from '../src/server.js';
import { LegacyHttpClient, messagesOf, readEvents } from './helpers/legacy-http.js';

const handlerFor = (server: McpServer) => createFetchHandler(server, { retryMs: 500 });
const CALL_ELICITATION = {
  jsonrpc: '2.0',
  id: 7,
  method: 'tools/call',
  params: { name: 'test_elicitation', arguments: { message: 'Who are you?' } },
};
const ANSWER = { action: 'accept', content: { username: 'ada', email: 'ada@example.com' } };

describe('2025-era Streamable HTTP sessions', () => {
  it('B-11: initialize issues Mcp-Session-Id; later requests need it (400 without, 404 unknown)', async () => {
    const client = new LegacyHttpClient(handlerFor(createEverythingServer()));
    const response = await client.initialize();
    expect(response.status).toBe(200);
    expect(client.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    const list = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
    expect((await client.post(list)).status).toBe(200);
    const id = client.sessionId;
    client.sessionId = undefined;
    // Without a session id and without _meta the request is read as a modern one (-32602, 400).
    expect((await client.post(list)).status).toBe(400);
    client.sessionId = 'no-such-session';
    const unknown = await client.post(list);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ id: 1, error: { code: -32600 } });
    client.sessionId = id;
  });

  it('B-11: DELETE ends the session; later requests get 404, a second DELETE too', async () => {
    const client = new LegacyHttpClient(handlerFor(createEverythingServer()));
    await client.initialize();
    expect((await client.send('DELETE')).status).toBe(204);
    expect((await client.post({ jsonrpc: '2.0', id: 1, method: 'ping' })).status).toBe(404);
    expect((await client.send('DELETE')).status).toBe(404);
  });

  it('B-12: MCP-Protocol-Version naming a revision not served is 400 with -32022; absent is the session version', async () => {
    const client = new LegacyHttpClient(handlerFor(createEverythingServer()));
    await client.initialize();
    const bad = await client.post(
      { jsonrpc: '2.0', id: 1, method: 'ping' },
      { 'mcp-protocol-version': '2024-01-01' },
    );
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { code: -32022, data: { requested: '2024-01-01' } } });
    client.protocolVersion = undefined;
    expect((await client.post({ jsonrpc: '2.0', id: 2, method: 'ping' })).status).toBe(200);
  });

  it('B-13: an elicitation goes out on the POST stream, its answer is POSTed back (202) and the result follows', async () => {
    const client = new LegacyHttpClient(handlerFor(createEverythingServer()));
    await client.initialize({ elicitation: {} });
    const call = await client.post(CALL_ELICITATION);
    expect(call.headers.get('content-type')).toBe('text/event-stream');
    let answered = false;
    const events = await readEvents(call, (seen) => {
      const last = messagesOf(seen).at(-1);
      if (last?.method === 'elicitation/create' && !answered) {
        answered = true;
        void client
          .post({ jsonrpc: '2.0', id: last.id, result: ANSWER })
          .then((r) => expect(r.status).toBe(202));
      }
      return last?.id === 7;
    });
    expect(events[0]).toMatchObject({ data: '', retry: 500 });
    expect(events.every((event) => event.id !== undefined)).toBe(true);
    const result = messagesOf(events).at(-1)!.result as { content: Array<{ text: string }> };
    expect(result.content[0]!.text).toContain('ada@example.com');
  });

  it('B-11: a POSTed response to an id never sent is 400', async () => {
    const client = new LegacyHttpClient(handlerFor(createEverythingServer()));
    await client.initialize();
    const response = await client.post({ jsonrpc: '2.0', id: 'never-sent', result: {} });
    expect(response.status).toBe(400);
  });

  it('B-11: Last-Event-ID resumes the stream after a dropped connection, and only that stream', async () => {
    const client = new LegacyHttpClient(handlerFor(createEverythingServer()));
    await client.initialize({ elicitation: {} });
    const first = await readEvents(await client.post(CALL_ELICITATION), (seen) =>
      messagesOf(seen).some((m) => m.method === 'elicitation/create'),
    );
    const priming = first[0]!.id!;
    const resumed = await client.send('GET', { accept: 'text/event-stream', 'last-event-id': priming });
    expect(resumed.status).toBe(200);
    const events = await readEvents(resumed, (seen) => {
      const last = messagesOf(seen).at(-1);
      if (last?.method === 'elicitation/create')
        void client.post({ jsonrpc: '2.0', id: last.id, result: ANSWER });
      return last?.id === 7;
    });
    const methods = messagesOf(events).map((m) => m.method ?? 'response');
    expect(methods).toEqual(['elicitation/create', 'response']);
    const other = new LegacyHttpClient(handlerFor(createEverythingServer()));
    await other.initialize();
    const stolen = await other.send('GET', { accept: 'text/event-stream', 'last-event-id': priming });
    expect(stolen.status).toBe(404);
  });

  it('B-11: the GET stream carries list_changed; one per session (409); none without a session (405)', async () => {
    const handler = handlerFor(createEverythingServer());
    const client = new LegacyHttpClient(handler);
    await client.initialize();
    const stream = await client.send('GET', { accept: 'text/event-stream' });
    expect(stream.status).toBe(200);
    expect((await client.send('GET', { accept: 'text/event-stream' })).status).toBe(409);
    const reading = readEvents(stream, (seen) => messagesOf(seen).length > 0);
    await client.post({
      jsonrpc: '2.0',
      id: 3,
      method: 'tools/call',
      params: { name: 'test_trigger_tool_change', arguments: {} },
    });
    const events = await reading;
    expect(messagesOf(events)).toEqual([{ jsonrpc: '2.0', method: 'notifications/tools/list_changed' }]);
    const anonymous = new LegacyHttpClient(handler);
    expect((await anonymous.send('GET', { accept: 'text/event-stream' })).status).toBe(405);
  });

  it('stateless legacy mode: initialize issues no session and later requests stand alone', async () => {
    const server = new McpServer({ name: 's', version: '1' }, { legacy: { stateless: true } });
    server.tool('hello', { description: 'Says hello' }, async () => ({
      content: [{ type: 'text', text: 'hi' }],
    }));
    const client = new LegacyHttpClient(handlerFor(server));
    await client.initialize();
    expect(client.sessionId).toBeUndefined();
    client.protocolVersion = undefined;
    const response = await client.post({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'hello' },
    });
    expect(await response.json()).toMatchObject({ result: { content: [{ text: 'hi' }] } });
    expect((await client.send('GET', { accept: 'text/event-stream', 'mcp-session-id': 'x' })).status).toBe(
      405,
    );
  });

  it("H-39: legacy: 'reject' answers initialize with 400 and -32022 naming the supported versions", async () => {
    const server = new McpServer({ name: 's', version: '1' }, { legacy: 'reject' });
    const client = new LegacyHttpClient(handlerFor(server));
    const response = await client.post({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      id: 1,
      error: { code: -32022, data: { supported: ['2026-07-28'], requested: '2025-11-25' } },
    });
  });

  it.each([
    ['reject', 'reject' as const],
    ['stateless', { stateless: true }],
  ])(
    'H-38: with legacy %s nothing of sessions shows: the preflight allows POST only, GET and DELETE are 405',
    async (_, legacy) => {
      const handler = handlerFor(new McpServer({ name: 's', version: '1' }, { legacy }));
      const origin = 'http://localhost:5173';
      const preflight = await handler(
        new Request('http://localhost/mcp', {
          method: 'OPTIONS',
          headers: { origin, 'access-control-request-method': 'GET' },
        }),
      );
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-methods')).toBe('POST');
      expect(preflight.headers.get('access-control-expose-headers')).toBe('WWW-Authenticate');
      for (const method of ['GET', 'DELETE']) {
        const response = await handler(
          new Request('http://localhost/mcp', {
            method,
            headers: { origin, accept: 'text/event-stream', 'mcp-session-id': 'x' },
          }),
        );
        expect(response.status).toBe(405);
        expect(response.headers.get('allow')).toBe('POST');
      }
    },
  );

  it('B-11: with sessions kept, the preflight allows GET, POST and DELETE and exposes Mcp-Session-Id', async () => {
    const handler = handlerFor(createEverythingServer());
    const preflight = await handler(
      new Request('http://localhost/mcp', {
        method: 'OPTIONS',
        headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'DELETE' },
      }),
    );
    expect(preflight.headers.get('access-control-allow-methods')).toBe('GET, POST, DELETE');
    expect(preflight.headers.get('access-control-expose-headers')).toBe('WWW-Authenticate, Mcp-Session-Id');
  });

  it('a flood of sessions: the cap holds (503), an ended session frees its place', async () => {
    const server = new McpServer(
      { name: 's', version: '1' },
      { legacy: { sessionStore: new InMemorySessionStore({ maxSessions: 3 }) } },
    );
    const handler = handlerFor(server);
    const clients = [0, 1, 2, 3].map(() => new LegacyHttpClient(handler));
    const statuses: number[] = [];
    for (const client of clients.slice(0, 3)) statuses.push((await client.initialize()).status);
    const refused = await clients[3]!.post({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
    });
    expect([...statuses, refused.status]).toEqual([200, 200, 200, 503]);
    expect(refused.headers.get('mcp-session-id')).toBeNull();
    await clients[0]!.send('DELETE');
    expect((await clients[3]!.initialize()).status).toBe(200);
  });
});
