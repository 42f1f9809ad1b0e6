import type { AuthInfo } from '@mcpkit/protocol';
import type { McpServer } from '@mcpkit/server';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AuthErrorCode } from '../src/server/index.js';
import { LegacySession, type Reply, SECRET, scopedServer } from './helpers/scoped-server.js';

/*
 * Properties of the authorization step, driven through the real server on both eras. The oracle
 * never asks the guard: every scoped handler gives away `SECRET:<scope>`, so whatever a request
 * reached, a response naming a scope the token lacks is a bypass. A subscription is checked
 * against a read of the same URI with the same token: what may not be read may not be watched.
 */

const SCOPES = ['admin', 'vault', 'subs', 'logs', 'other'] as const;
const GUARD = { methodScopes: { 'resources/subscribe': ['subs'], 'logging/setLevel': ['logs'] } };
const REFUSED = new Set<number>([AuthErrorCode.Unauthorized, AuthErrorCode.InsufficientScope]);
/** What changes after each request: every scoped resource, and one below each. */
const UPDATED = ['secret://admin', 'vault://keys', 'secret://admin/log', 'vault://keys/old', 'public://info'];

/** URIs a read or subscription names: registered ones, templates themselves, and near misses. */
const BASE_URIS = [
  'secret://admin',
  'vault://keys',
  'vault://{name}',
  'public://info',
  'open://a/b',
  'open://{+path}',
  'open://secret://admin',
  'secret://',
  'vault://',
] as const;

/** Ways to dress a URI up: case, trailing slashes, queries, fragments, encodings, dot segments. */
const MUTATIONS: ReadonlyArray<(uri: string, at: number) => string> = [
  (uri) => uri.toUpperCase(),
  (uri) => uri.replace(/^[a-z]+/, (scheme) => scheme.toUpperCase()),
  (uri) => `${uri}/`,
  (uri) => `${uri}//`,
  (uri) => `${uri}?admin=1`,
  (uri) => `${uri}#frag`,
  (uri) => `${uri}/..`,
  (uri) => `${uri}/../admin`,
  (uri) => encodeURIComponent(uri),
  (uri) => ` ${uri}`,
  (uri) => `${uri}\u0000`,
  (uri, at) => {
    const i = at % (uri.length || 1);
    return `${uri.slice(0, i)}%${(uri.charCodeAt(i) || 0).toString(16).padStart(2, '0')}${uri.slice(i + 1)}`;
  },
  (uri) => uri.replace('://', ':/'),
  (uri) => uri.replace('://', ':///'),
  (uri) => uri.replace('admin', 'ADMIN'),
  (uri) => uri.replace('keys', '%6Beys'),
];

const uri = fc.oneof(
  { arbitrary: fc.constantFrom(...BASE_URIS), weight: 4 },
  {
    arbitrary: fc
      .tuple(
        fc.constantFrom(...BASE_URIS),
        fc.array(fc.tuple(fc.nat({ max: MUTATIONS.length - 1 }), fc.nat()), { minLength: 1, maxLength: 3 }),
      )
      .map(([base, steps]) => steps.reduce<string>((u, [which, at]) => MUTATIONS[which]!(u, at), base)),
    weight: 4,
  },
  fc.string({ maxLength: 12 }).map((tail) => `vault://${tail}`),
  fc.string({ maxLength: 12 }).map((tail) => `open://${tail}`),
  fc.string({ maxLength: 12 }).map((tail) => `secret://${tail}`),
  fc.string({ maxLength: 16 }),
);

/** Fields a client may add beside the real ones, hoping one is read as a hint. */
const hints = fc.dictionary(
  fc.constantFrom('uriTemplate', 'name', 'uri', 'resource', 'template', 'ref', 'scopes', '__proto__'),
  fc.oneof(uri, fc.constantFrom('admin_tool', 'admin_prompt', 'public', ''), fc.array(fc.string())),
  { maxKeys: 3 },
);

/** `_meta` keys a client may add; the modern ones the request needs are set after them. */
const meta = fc.dictionary(
  fc.oneof(
    fc.constantFrom('uriTemplate', 'scopes', 'io.modelcontextprotocol/related-task', 'progressToken'),
    fc.string({ maxLength: 8 }),
  ),
  fc.oneof(uri, fc.array(fc.constantFrom(...SCOPES)), fc.integer()),
  { maxKeys: 3 },
);

const name = fc.oneof(
  { arbitrary: fc.constantFrom('admin_tool', 'admin_prompt'), weight: 4 },
  fc.constantFrom('ADMIN_TOOL', 'admin_tool ', 'admin_prompt\u0000', 'admin_tool/', 'admin%5Ftool'),
  fc.string({ maxLength: 10 }),
);

/** One request: its method and its params, hints included (the real fields win where they clash). */
const request: fc.Arbitrary<{ method: string; params: Record<string, unknown> }> = fc.oneof(
  fc.record({
    method: fc.constant('resources/read'),
    params: fc.tuple(hints, uri).map(([h, u]) => ({ ...h, uri: u })),
  }),
  fc.record({
    method: fc.constantFrom('resources/subscribe', 'resources/unsubscribe'),
    params: fc.tuple(hints, uri).map(([h, u]) => ({ ...h, uri: u })),
  }),
  fc.record({
    method: fc.constant('subscriptions/listen'),
    params: fc
      .tuple(hints, fc.array(uri, { minLength: 1, maxLength: 3 }))
      .map(([h, uris]) => ({ ...h, notifications: { resourceSubscriptions: uris } })),
  }),
  fc.record({
    method: fc.constant('completion/complete'),
    params: fc
      .tuple(
        hints,
        fc.oneof(fc.constantFrom('vault://{name}', 'open://{+path}'), uri),
        fc.constantFrom('name', 'path', 'x'),
      )
      .map(([h, u, argument]) => ({
        ...h,
        ref: { type: 'ref/resource', uri: u },
        argument: { name: argument, value: '' },
      })),
  }),
  fc.record({
    method: fc.constant('completion/complete'),
    params: fc.tuple(hints, name).map(([h, n]) => ({
      ...h,
      ref: { type: 'ref/prompt', name: n },
      argument: { name: 'x', value: '' },
    })),
  }),
  fc.record({
    method: fc.constantFrom('tools/call', 'prompts/get'),
    params: fc.tuple(hints, name).map(([h, n]) => ({ ...h, name: n })),
  }),
  fc.record({
    method: fc.constant('logging/setLevel'),
    params: fc.tuple(hints, fc.constantFrom('debug', 'error', 'nope')).map(([h, level]) => ({ ...h, level })),
  }),
);

/** Who asks: anonymous (`undefined`), or a principal holding some of the scopes. */
const granted = fc.option(fc.subarray([...SCOPES]), { nil: undefined });

type Era = 'modern' | 'legacy-http' | 'legacy-connection';
const era = fc.constantFrom<Era>('modern', 'legacy-http', 'legacy-connection');

/** Sends requests in one era as one principal: a modern request each time, or a 2025 session. */
interface Caller {
  send(method: string, params: Record<string, unknown>): Promise<Reply>;
  /** The URIs of the `notifications/resources/updated` that reached it since the last call. */
  updates(): Promise<string[]>;
  close(): Promise<void>;
}

const MODERN_META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};

type Item = Record<string, unknown>;
const unwrap = (item: object): Item => ('response' in item ? item.response : item) as Item;

/** What an open stream holds now: every item it has already buffered, waiting for none. */
async function buffered(stream: AsyncIterator<object>): Promise<Item[]> {
  const items: Item[] = [];
  for (;;) {
    const idle = new Promise<undefined>((resolve) => setTimeout(resolve, 0));
    const next = await Promise.race([stream.next(), idle]);
    if (next === undefined || next.done) return items;
    items.push(unwrap(next.value));
  }
}

/** 2026-07-28 requests as `auth`; a listen's stream stays open, its first message is the reply. */
class ModernCaller implements Caller {
  private readonly listens: AsyncIterator<object>[] = [];

  constructor(
    private readonly server: McpServer,
    private readonly auth: AuthInfo | undefined,
    private readonly extra: Record<string, unknown>,
  ) {}

  async send(method: string, params: Record<string, unknown>): Promise<Reply> {
    const _meta = { ...this.extra, ...MODERN_META };
    const exchange = this.server.handle(
      { jsonrpc: '2.0', id: 1, method, params: { ...params, _meta } },
      { signal: new AbortController().signal, transport: 'memory', auth: this.auth },
    );
    const items = exchange[Symbol.asyncIterator]();
    if (method === 'subscriptions/listen') {
      const first = await items.next();
      this.listens.push(items);
      return unwrap(first.value) as Reply;
    }
    let last: Item = {};
    for (let next = await items.next(); !next.done; next = await items.next()) last = unwrap(next.value);
    return last as Reply;
  }

  async updates(): Promise<string[]> {
    const items = (await Promise.all(this.listens.map(buffered))).flat();
    return items
      .filter((item) => item.method === 'notifications/resources/updated')
      .map((item) => (item.params as { uri: string }).uri);
  }

  async close(): Promise<void> {
    await Promise.all(this.listens.map((stream) => stream.return?.()));
  }
}

let principals = 0;

async function caller(
  server: McpServer,
  where: Era,
  scopes: string[] | undefined,
  extra: Record<string, unknown>,
): Promise<Caller> {
  // A principal of its own each run, so no per-principal quota of one run weighs on the next.
  const principal = scopes === undefined ? undefined : `user-${++principals}`;
  if (where === 'modern') {
    const auth = principal === undefined ? undefined : { principal, scopes: scopes ?? [] };
    return new ModernCaller(server, auth, extra);
  }
  const carrier = where === 'legacy-http' ? 'http' : 'connection';
  const session = await new LegacySession(server, carrier, principal ?? null).open(scopes ?? []);
  return {
    send: (method, params) => session.request(method, { ...params, _meta: extra }, scopes),
    updates: async () =>
      session.unsolicited
        .splice(0)
        .filter((item) => (item as Item).method === 'notifications/resources/updated')
        .map((item) => ((item as Item).params as { uri: string }).uri),
    close: () => session.close(),
  };
}

/** The scopes whose secrets `reply` gives away. */
function secretsIn(reply: unknown): string[] {
  const text = JSON.stringify(reply) ?? '';
  return [...text.matchAll(new RegExp(`${SECRET}(\\w+)`, 'g'))].map((match) => match[1]!);
}

/** The URIs a successful subscription or listen now watches. */
function watched(
  method: string,
  params: Record<string, unknown>,
  reply: Reply | Record<string, unknown>,
): string[] {
  if (method === 'resources/subscribe' && 'result' in reply && reply.result !== undefined)
    return [params.uri as string];
  const ack = reply as { method?: string; params?: { notifications?: { resourceSubscriptions?: string[] } } };
  if (ack.method === 'notifications/subscriptions/acknowledged') {
    return ack.params?.notifications?.resourceSubscriptions ?? [];
  }
  return [];
}

describe('no combination of params, _meta and era reaches a scoped handler without its scopes', () => {
  it('A-9, A-10: every secret in a response belongs to a scope the token holds; nothing unreadable is watched', async () => {
    const server = scopedServer(GUARD);
    await fc.assert(
      fc.asyncProperty(era, granted, request, meta, async (where, scopes, { method, params }, extra) => {
        const held = new Set<string>(scopes ?? []);
        const client = await caller(server, where, scopes, extra);
        const reply = await client.send(method, params);
        for (const scope of secretsIn(reply)) expect(held, `${method} gave away ${scope}`).toContain(scope);
        if (method === 'resources/subscribe' && 'result' in reply) expect(held).toContain('subs');
        if (method === 'logging/setLevel' && 'result' in reply) expect(held).toContain('logs');
        const readable = async (uri: string, why: string) => {
          const read = await client.send('resources/read', { uri });
          expect(REFUSED.has(read.error?.code ?? 0), `${why} ${uri}, which it may not read`).toBe(false);
          for (const scope of secretsIn(read)) expect(held).toContain(scope);
        };
        for (const each of watched(method, params, reply)) await readable(each, `${method} watches`);
        for (const updated of UPDATED) await server.notifyResourceUpdated(updated);
        for (const each of await client.updates()) await readable(each, `${method} heard of an update of`);
        await client.close();
      }),
      { numRuns: 1000 },
    );
  });

  it('the generator reaches the shapes that once got through: a hint beside a scoped URI, a subscription to one', () => {
    const sample = fc.sample(request, { numRuns: 3000, seed: 31 });
    const scoped = (value: unknown) => value === 'secret://admin' || value === 'vault://keys';
    const shapes = {
      hintedRead: sample.some(
        ({ method, params }) =>
          method === 'resources/read' && scoped(params.uri) && typeof params.uriTemplate === 'string',
      ),
      subscription: sample.some(
        ({ method, params }) => method === 'resources/subscribe' && scoped(params.uri),
      ),
      listen: sample.some(
        ({ method, params }) =>
          method === 'subscriptions/listen' &&
          (params.notifications as { resourceSubscriptions: string[] }).resourceSubscriptions.some(scoped),
      ),
      mutatedRead: sample.some(
        ({ method, params }) =>
          method === 'resources/read' &&
          String(params.uri).startsWith('secret://admin') &&
          !scoped(params.uri),
      ),
    };
    expect(shapes).toEqual({ hintedRead: true, subscription: true, listen: true, mutatedRead: true });
  });
});
