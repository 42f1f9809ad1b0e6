import { bearerAuth } from '@mcpkit/transport-http';
import { serveHttp } from '@mcpkit/transport-http/node';
import { afterEach, describe, expect, it } from 'vitest';
import { createEverythingServer } from '../src/server.js';
import { LegacyHttpClient, messagesOf, readEvents } from './helpers/legacy-http.js';

const PRINCIPALS: Record<string, string> = { 'alice-token': 'alice', 'bob-token': 'bob' };
/** Two users with their own valid tokens; a request without a token is let through anonymously. */
const authenticate = bearerAuth({
  verifyToken: (token) => (PRINCIPALS[token] === undefined ? undefined : { principal: PRINCIPALS[token] }),
  optional: true,
});

const CALL_ELICITATION = {
  jsonrpc: '2.0',
  id: 7,
  method: 'tools/call',
  params: { name: 'test_elicitation', arguments: { message: 'Who are you?' } },
};
const ALICE_ANSWER = { action: 'accept', content: { username: 'alice', email: 'alice@example.com' } };
const BOB_ANSWER = { action: 'accept', content: { username: 'bob', email: 'bob@evil.example' } };

const stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
});

/** A server behind `authenticate` on a real socket, and a client for it carrying `token` (none: anonymous). */
async function serve() {
  const http = await serveHttp(createEverythingServer(), { port: 0, authenticate, retryMs: 500 });
  stops.push(() => http.close());
  return (token?: string) =>
    new LegacyHttpClient(async (request) => {
      const headers = new Headers(request.headers);
      if (token !== undefined) headers.set('authorization', `Bearer ${token}`);
      return fetch(http.url, {
        method: request.method,
        headers,
        body: request.method === 'POST' ? await request.text() : undefined,
      });
    });
}

/** The status of a response, its body dropped (an unread body would hold its connection). */
async function statusOf(pending: Promise<Response>): Promise<number> {
  const response = await pending;
  await response.body?.cancel();
  return response.status;
}

/** `thief` speaking in `victim`'s session: the same session id and version, its own credentials. */
function inSessionOf(thief: LegacyHttpClient, victim: LegacyHttpClient): LegacyHttpClient {
  thief.sessionId = victim.sessionId;
  thief.protocolVersion = victim.protocolVersion;
  return thief;
}

describe('a 2025 session belongs to the principal that opened it (issue 31, finding 3)', () => {
  it("Bob with Alice's session id is answered 404 for a request, a notification, the GET stream and DELETE; her session carries on", async () => {
    const client = await serve();
    const alice = client('alice-token');
    await alice.initialize();
    const bob = inSessionOf(client('bob-token'), alice);

    // Soft: on a server that does not bind sessions, each way in shows up as its own failure.
    const call = await bob.post({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    expect.soft(call.status).toBe(404);
    expect.soft(await call.json()).toMatchObject({
      id: 1,
      error: { code: -32600, message: expect.stringContaining('Session not found') },
    });
    expect.soft(await statusOf(bob.post({ jsonrpc: '2.0', method: 'notifications/initialized' }))).toBe(404);
    const bobStream = await bob.send('GET', { accept: 'text/event-stream' });
    expect.soft(bobStream.status).toBe(404);
    await bobStream.body?.cancel();
    expect.soft(await statusOf(bob.send('DELETE'))).toBe(404);

    expect(await statusOf(alice.post({ jsonrpc: '2.0', id: 2, method: 'tools/list' }))).toBe(200);
    const stream = await alice.send('GET', { accept: 'text/event-stream' });
    expect(stream.status).toBe(200);
    // Her own DELETE ends the session, and with it her GET stream.
    expect(await statusOf(alice.send('DELETE'))).toBe(204);
    await stream.text();
  });

  it("Bob can neither answer Alice's pending elicitation nor resume her stream with Last-Event-ID; her tool acts on her answer", async () => {
    const client = await serve();
    const alice = client('alice-token');
    await alice.initialize({ elicitation: {} });
    const bob = inSessionOf(client('bob-token'), alice);

    const first = await readEvents(await alice.post(CALL_ELICITATION), (seen) =>
      messagesOf(seen).some((m) => m.method === 'elicitation/create'),
    );
    const elicitation = messagesOf(first).find((m) => m.method === 'elicitation/create')!;
    const forged = await bob.post({ jsonrpc: '2.0', id: elicitation.id, result: BOB_ANSWER });
    expect.soft(forged.status).toBe(404);
    const priming = first[0]!.id!;
    const stolen = await bob.send('GET', { accept: 'text/event-stream', 'last-event-id': priming });
    expect.soft(stolen.status).toBe(404);
    await stolen.body?.cancel();

    // Alice resumes her own stream and answers; the result is built on her answer alone.
    const resumed = await alice.send('GET', { accept: 'text/event-stream', 'last-event-id': priming });
    expect(resumed.status).toBe(200);
    const events = await readEvents(resumed, (seen) => {
      const last = messagesOf(seen).at(-1);
      if (last?.method === 'elicitation/create') {
        void alice
          .post({ jsonrpc: '2.0', id: last.id, result: ALICE_ANSWER })
          .then((r) => expect(r.status).toBe(202));
      }
      return last?.id === 7;
    });
    const text = (messagesOf(events).at(-1)!.result as { content: Array<{ text: string }> }).content[0]!.text;
    expect(text).toContain('alice@example.com');
    expect(text).not.toContain('bob');
  });

  it('a session opened without a token refuses a caller with one, and a session opened with one refuses a caller without', async () => {
    const client = await serve();
    const anonymous = client();
    await anonymous.initialize();
    const bob = inSessionOf(client('bob-token'), anonymous);
    expect.soft(await statusOf(bob.post({ jsonrpc: '2.0', id: 1, method: 'ping' }))).toBe(404);
    expect(await statusOf(anonymous.post({ jsonrpc: '2.0', id: 1, method: 'ping' }))).toBe(200);

    const alice = client('alice-token');
    await alice.initialize();
    const stranger = inSessionOf(client(), alice);
    expect.soft(await statusOf(stranger.post({ jsonrpc: '2.0', id: 1, method: 'ping' }))).toBe(404);
    expect.soft(await statusOf(stranger.send('DELETE'))).toBe(404);
    expect(await statusOf(alice.post({ jsonrpc: '2.0', id: 1, method: 'ping' }))).toBe(200);
  });
});
