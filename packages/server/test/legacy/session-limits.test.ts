import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { AuthInfo } from '@mcpkit/protocol';
import { LazyRequestContext } from '@mcpkit/protocol/internal';
import { describe, expect, it } from 'vitest';
import { InMemorySessionStore, type SessionRecord } from '../../src/index.js';
import { legacyTestServer } from './server.js';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

type Server = ReturnType<typeof legacyTestServer>['server'];

/** One message as a 2025-era HTTP client sends it: what came back, and the session the exchange opened. */
async function post(server: Server, message: Record<string, unknown>, sessionId?: string, auth?: AuthInfo) {
  const headers = new Headers({ 'content-type': 'application/json' });
  if (sessionId !== undefined) headers.set('mcp-session-id', sessionId);
  const exchange = server.handle(message, new LazyRequestContext({ transport: 'http', headers, auth }));
  const items: Array<Record<string, unknown>> = [];
  for await (const item of exchange)
    items.push(('response' in item ? item.response : item) as Record<string, unknown>);
  return { items, sessionId: (exchange as { session?: { id?: string } }).session?.id };
}

const initialize = (params: Record<string, unknown>) => ({
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params,
});

const BIG = 'x'.repeat(200_000);
/** The initialize of the finding: huge clientInfo, huge capabilities of every kind. */
const HOSTILE = {
  protocolVersion: '2025-11-25',
  clientInfo: {
    name: BIG,
    version: BIG,
    title: BIG,
    description: BIG,
    websiteUrl: BIG,
    icons: [{ src: BIG }],
  },
  capabilities: {
    experimental: { junk: BIG },
    roots: { listChanged: true, junk: BIG },
    sampling: { tools: { junk: BIG }, context: {}, junk: BIG },
    elicitation: { form: { junk: BIG }, url: {}, junk: BIG },
    extensions: { 'io.example/big': { junk: BIG }, 'io.example/small': { mimeTypes: ['text/html'] } },
    unknownKey: { junk: BIG },
  },
};

const jsonBytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).byteLength;

describe('what a 2025 session keeps (issue 31, finding 2)', () => {
  it('a flood of 150 huge initialize requests stores a few KiB per session', async () => {
    const store = new InMemorySessionStore();
    const { server } = legacyTestServer({ legacy: { sessionStore: store } });
    const ids: string[] = [];
    for (let i = 0; i < 150; i++) {
      const { items, sessionId } = await post(server, initialize(HOSTILE));
      expect(items[0]).toMatchObject({ result: { protocolVersion: '2025-11-25' } });
      ids.push(sessionId!);
    }
    let total = 0;
    for (const id of ids) {
      const bytes = jsonBytes(await store.get(id));
      expect(bytes).toBeLessThan(2048);
      total += bytes;
    }
    expect(total).toBeLessThan(150 * 2048);
    expect(store.bytes).toBe(total);
  });

  it('what a session keeps holds nothing of the request alive: 30 initialize with 1 MB strings grow the heap by less than 4 MB', async () => {
    const { server } = legacyTestServer();
    const heapAfterGc = async () => {
      await new Promise((resolve) => setImmediate(resolve));
      collectGarbage();
      return process.memoryUsage().heapUsed;
    };
    const flood = async (count: number) => {
      for (let i = 0; i < count; i++) {
        const big = `${i}`.padEnd(1_000_000, 'x');
        // Parsed from text as a transport does, so every request has strings of its own.
        const text = JSON.stringify(
          initialize({ ...HOSTILE, clientInfo: { name: big, version: big, title: big } }),
        );
        expect((await post(server, JSON.parse(text))).sessionId).toBeDefined();
      }
    };
    await flood(2); // the first requests compile what every later one uses
    const before = await heapAfterGc();
    await flood(30);
    // Before the fix the sessions kept 90 MB alive; now about 1 KiB each.
    expect((await heapAfterGc()) - before).toBeLessThan(4_000_000);
  });

  it('keeps clientInfo name, version and title cut to 128 code units, and only the capability flags the server reads', async () => {
    const store = new InMemorySessionStore();
    const { server } = legacyTestServer({ legacy: { sessionStore: store } });
    // 127 letters then an emoji: the cut falls inside the surrogate pair and keeps neither half.
    const name = `${'n'.repeat(127)}😀tail`;
    const { sessionId } = await post(
      server,
      initialize({ ...HOSTILE, clientInfo: { ...HOSTILE.clientInfo, name } }),
    );
    const session = (await store.get(sessionId!)) as SessionRecord;
    expect(session.clientInfo).toEqual({
      name: 'n'.repeat(127),
      version: 'x'.repeat(128),
      title: 'x'.repeat(128),
    });
    expect(session.clientCapabilities).toEqual({
      roots: {},
      sampling: { tools: {}, context: {} },
      elicitation: { form: {}, url: {} },
      extensions: { 'io.example/small': { mimeTypes: ['text/html'] } },
    });
    expect(session.principal).toBeUndefined();
  });

  it('keeps extensions in order while they fit in 1 KiB, and none with a long id', async () => {
    const store = new InMemorySessionStore();
    const { server } = legacyTestServer({ legacy: { sessionStore: store } });
    const extensions: Record<string, unknown> = { [`io.example/${'l'.repeat(130)}`]: {} };
    for (let i = 0; i < 20; i++) extensions[`io.example/e${i}`] = { setting: 's'.repeat(80) };
    const { sessionId } = await post(server, initialize({ ...HOSTILE, capabilities: { extensions } }));
    const kept = (await store.get(sessionId!))!.clientCapabilities.extensions!;
    // Each takes 111 bytes of the 1 KiB: nine fit, the tenth would not.
    expect(Object.keys(kept)).toEqual(Array.from({ length: 9 }, (_, i) => `io.example/e${i}`));
    expect(jsonBytes(kept)).toBeLessThanOrEqual(1024);
  });

  it('resources/subscribe holds at most 64 URIs and 4 KiB of them per session', async () => {
    const store = new InMemorySessionStore();
    const { server } = legacyTestServer({ legacy: { sessionStore: store } });
    const { sessionId } = await post(server, initialize({ ...HOSTILE, capabilities: {} }));
    const subscribe = (id: number, uri: string) =>
      post(server, { jsonrpc: '2.0', id, method: 'resources/subscribe', params: { uri } }, sessionId);
    for (let i = 0; i < 64; i++)
      expect((await subscribe(i + 1, `test://r/${i}`)).items[0]).toHaveProperty('result');
    const refused = (await subscribe(100, 'test://r/65')).items[0];
    expect(refused).toMatchObject({
      error: { code: -32602, message: expect.stringContaining('at most 64 subscriptions') },
    });
    // Subscribing again to a URI already held is no new subscription.
    expect((await subscribe(101, 'test://r/3')).items[0]).toHaveProperty('result');
    const { sessionId: other } = await post(server, initialize({ ...HOSTILE, capabilities: {} }));
    const long = await post(
      server,
      { jsonrpc: '2.0', id: 1, method: 'resources/subscribe', params: { uri: `test://${'u'.repeat(5000)}` } },
      other,
    );
    expect(long.items[0]).toMatchObject({ error: { code: -32602 } });
    expect((await store.get(other!))!.subscriptions).toEqual([]);
    expect(jsonBytes(await store.get(sessionId!))).toBeLessThan(4096 + 2048);
  });
});

describe('InMemorySessionStore budgets (issue 31, findings 2 and 7)', () => {
  const record = (id: string, principal?: string, pad = 0): SessionRecord => ({
    id,
    protocolVersion: '2025-11-25',
    clientCapabilities: {},
    clientInfo: { name: 'p'.repeat(pad), version: '1' },
    subscriptions: [],
    ...(principal === undefined ? {} : { principal }),
  });

  it('maxSessionBytes refuses a session past the byte budget; an ended one frees its bytes', async () => {
    const one = jsonBytes(record('a', undefined, 900));
    const store = new InMemorySessionStore({ maxSessionBytes: one * 2 + 10 });
    expect(await store.create(record('a', undefined, 900))).toBe(true);
    expect(await store.create(record('b', undefined, 900))).toBe(true);
    expect(await store.create(record('c', undefined, 900))).toBe(false);
    expect(store.bytes).toBe(one * 2);
    await store.delete('a');
    expect(await store.create(record('c', undefined, 900))).toBe(true);
  });

  it('maxSessionsPerPrincipal: one principal filling its quota does not lock out another', async () => {
    const store = new InMemorySessionStore({ maxSessions: 10, maxSessionsPerPrincipal: 3 });
    for (const id of ['a1', 'a2', 'a3']) expect(await store.create(record(id, 'alice'))).toBe(true);
    expect(await store.create(record('a4', 'alice'))).toBe(false);
    expect(await store.create(record('b1', 'bob'))).toBe(true);
    // Sessions without a principal count only towards maxSessions.
    for (const id of ['n1', 'n2', 'n3', 'n4']) expect(await store.create(record(id))).toBe(true);
    await store.delete('a1');
    expect(await store.create(record('a4', 'alice'))).toBe(true);
  });

  it('the per-principal count follows expiry', async () => {
    let now = 0;
    const store = new InMemorySessionStore({ ttlMs: 1000, maxSessionsPerPrincipal: 1, now: () => now });
    expect(await store.create(record('a1', 'alice'))).toBe(true);
    expect(await store.create(record('a2', 'alice'))).toBe(false);
    now = 1001;
    expect(await store.create(record('a2', 'alice'))).toBe(true);
    expect(store.size).toBe(1);
  });

  it('a flood of one principal over HTTP is refused at its quota (503) while another still gets a session', async () => {
    const store = new InMemorySessionStore({ maxSessionsPerPrincipal: 5 });
    const { server } = legacyTestServer({ legacy: { sessionStore: store } });
    const mallory = { principal: 'mallory' };
    const params = { ...HOSTILE, capabilities: {} };
    for (let i = 0; i < 5; i++)
      expect((await post(server, initialize(params), undefined, mallory)).sessionId).toBeDefined();
    const refused = await post(server, initialize(params), undefined, mallory);
    expect(refused.sessionId).toBeUndefined();
    expect(refused.items[0]).toMatchObject({
      error: { code: -32603, message: expect.stringContaining('Too many open sessions') },
    });
    expect(
      (await post(server, initialize(params), undefined, { principal: 'alice' })).sessionId,
    ).toBeDefined();
  });

  it('rejects budgets that are not positive integers', () => {
    expect(() => new InMemorySessionStore({ maxSessionsPerPrincipal: 0 })).toThrow(RangeError);
    expect(() => new InMemorySessionStore({ maxSessionBytes: 1.5 })).toThrow(RangeError);
  });
});
