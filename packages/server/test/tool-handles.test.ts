import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { HandleError, InMemoryHandleStore, McpServer, ToolHandles } from '../src/index.js';
import { call } from './helpers.js';

const cursorOf = (result: Record<string, unknown> | undefined) =>
  String((result?.structuredContent as { cursor?: string } | undefined)?.cursor);

const ROWS = Array.from({ length: 25 }, (_, i) => ({ id: i + 1, name: `row ${i + 1}` }));

/** The tested example: a cursor over a dataset, opened in one call and paged through in later ones. */
function datasetServer(now: () => number) {
  const server = new McpServer({ name: 'datasets', version: '1.0.0' });
  const cursors = new ToolHandles<{ offset: number }>({
    kind: 'cursor',
    recovery: 'Call open_dataset again to get a new cursor.',
    ttlMs: 60_000,
    now,
  });
  server.tool(
    'open_dataset',
    {
      description: 'Opens the dataset and returns a cursor',
      outputSchema: z.object({ cursor: z.string(), total: z.number() }),
    },
    async (_, ctx) => ({
      structuredContent: { cursor: await cursors.create({ offset: 0 }, ctx), total: ROWS.length },
    }),
  );
  server.tool(
    'next_rows',
    {
      description: 'Reads the next rows of an open cursor',
      inputSchema: z.object({ cursor: z.string(), count: z.number().int().max(10).default(10) }),
    },
    async ({ cursor, count }, ctx) => {
      const { offset } = await cursors.resolve(cursor, ctx);
      const rows = ROWS.slice(offset, offset + count);
      if (offset + count >= ROWS.length) await cursors.release(cursor, ctx);
      else await cursors.update(cursor, { offset: offset + count }, ctx);
      return { structuredContent: { rows, done: offset + count >= ROWS.length } };
    },
  );
  return server;
}

describe('tool handles (P-46, TOOLS:683-736)', () => {
  it('opens a cursor in one call and pages through it in later ones', async () => {
    const server = datasetServer(Date.now);
    const alice = { auth: { principal: 'alice' } };
    const opened = await call(server, 'tools/call', { name: 'open_dataset' }, alice);
    const cursor = cursorOf(opened.result);
    expect(cursor).toMatch(/^h_[A-Za-z0-9_-]{43}$/);
    const pages: number[][] = [];
    for (;;) {
      const { result } = await call(
        server,
        'tools/call',
        { name: 'next_rows', arguments: { cursor } },
        alice,
      );
      const page = (result?.structuredContent ?? { rows: [], done: true }) as {
        rows: Array<{ id: number }>;
        done: boolean;
      };
      pages.push(page.rows.map((r) => r.id));
      if (page.done) break;
    }
    expect(pages.map((p) => p.length)).toEqual([10, 10, 5]);
    expect(pages.flat()).toEqual(ROWS.map((r) => r.id));
    const after = await call(server, 'tools/call', { name: 'next_rows', arguments: { cursor } }, alice);
    expect(after.result).toMatchObject({ isError: true });
  });

  it('a handle is bound to its principal: for anyone else it is unknown', async () => {
    const server = datasetServer(Date.now);
    const opened = await call(
      server,
      'tools/call',
      { name: 'open_dataset' },
      { auth: { principal: 'alice' } },
    );
    const cursor = cursorOf(opened.result);
    for (const context of [{ auth: { principal: 'mallory' } }, {}]) {
      const { result } = await call(
        server,
        'tools/call',
        { name: 'next_rows', arguments: { cursor } },
        context,
      );
      expect(result).toMatchObject({
        isError: true,
        content: [
          { type: 'text', text: `Unknown cursor "${cursor}". Call open_dataset again to get a new cursor.` },
        ],
      });
    }
  });

  it('an expired or made-up handle is a tool execution error the model can act on', async () => {
    let now = 1_000_000;
    const server = datasetServer(() => now);
    const opened = await call(server, 'tools/call', { name: 'open_dataset' });
    const cursor = cursorOf(opened.result);
    now += 60_000;
    const expired = await call(server, 'tools/call', { name: 'next_rows', arguments: { cursor } });
    expect(expired.result?.content).toEqual([
      {
        type: 'text',
        text: `The cursor "${cursor}" has expired. Call open_dataset again to get a new cursor.`,
      },
    ]);
    const invented = await call(server, 'tools/call', {
      name: 'next_rows',
      arguments: { cursor: 'h_guess' },
    });
    expect(invented.result).toMatchObject({ isError: true });
    const long = await call(server, 'tools/call', {
      name: 'next_rows',
      arguments: { cursor: `h_${'x'.repeat(10_000)}` },
    });
    const text = (long.result?.content as Array<{ text: string }> | undefined)?.[0]?.text;
    expect(text).toMatch(/^Unknown cursor "h_x+…"\. Call open_dataset again to get a new cursor\.$/);
    expect(text?.length).toBeLessThan(200);
  });

  it('every use renews the lifetime', async () => {
    let now = 0;
    const handles = new ToolHandles<number>({ ttlMs: 100, now: () => now });
    const caller = { auth: undefined };
    const id = await handles.create(1, caller);
    now = 90;
    expect(await handles.resolve(id, caller)).toBe(1);
    now = 180;
    expect(await handles.resolve(id, caller)).toBe(1);
    now = 281;
    await expect(handles.resolve(id, caller)).rejects.toMatchObject({ reason: 'expired' });
    await expect(handles.resolve(id, caller)).rejects.toMatchObject({ reason: 'unknown' });
  });

  it('handles are high-entropy and distinct', async () => {
    const handles = new ToolHandles<number>();
    const ids = new Set(
      await Promise.all(Array.from({ length: 200 }, (_, i) => handles.create(i, { auth: undefined }))),
    );
    expect(ids.size).toBe(200);
    for (const id of ids) expect(id).toMatch(/^h_[A-Za-z0-9_-]{43}$/);
  });

  it('the in-memory store sweeps out expired records before it holds twice the live ones', async () => {
    let now = 0;
    const store = new InMemoryHandleStore<number>(() => now);
    const record = (expiresAt: number) => ({ value: 0, principal: null, expiresAt });
    for (let i = 0; i < 3000; i++) await store.set(`old${i}`, record(10));
    now = 50;
    for (let i = 0; i < 3000; i++) await store.set(`new${i}`, record(100));
    expect(store.size).toBeLessThanOrEqual(2 * 3000);
    expect(await store.get('old0')).toBeUndefined();
    expect(await store.get('new0')).toBeDefined();
  });

  it('storing a record costs amortised constant time, not a scan of every record', async () => {
    const store = new InMemoryHandleStore<number>(() => 0);
    let expiryReads = 0;
    const count = 20_000;
    for (let i = 0; i < count; i++) {
      await store.set(`h${i}`, {
        value: i,
        principal: null,
        get expiresAt() {
          expiryReads++;
          return 1;
        },
      });
    }
    expect(store.size).toBe(count);
    // A sweep at every store read each record's expiry count²/2 = 200,000,000 times.
    expect(expiryReads).toBeLessThan(3 * count);
  });

  it('works with any async store', async () => {
    const backing = new Map<string, string>();
    const handles = new ToolHandles<{ n: number }>({
      store: {
        async get(id) {
          const text = backing.get(id);
          return text === undefined ? undefined : JSON.parse(text);
        },
        async set(id, record) {
          backing.set(id, JSON.stringify(record));
        },
        async replace(id, record) {
          if (!backing.has(id)) return false;
          backing.set(id, JSON.stringify(record));
          return true;
        },
        async delete(id) {
          backing.delete(id);
        },
      },
    });
    const caller = { auth: { principal: 'p' } };
    const id = await handles.create({ n: 1 }, caller);
    await handles.update(id, { n: 2 }, caller);
    expect(await handles.resolve(id, caller)).toEqual({ n: 2 });
    await handles.release(id, caller);
    expect(backing.size).toBe(0);
    await expect(handles.resolve(id, caller)).rejects.toBeInstanceOf(HandleError);
  });

  it('P-46: a release that lands while a resolve or update is under way stays released', async () => {
    const caller = { auth: { principal: 'p' } };
    for (const use of ['resolve', 'update'] as const) {
      const handles = new ToolHandles<{ n: number }>();
      const id = await handles.create({ n: 1 }, caller);
      const releasing = handles.release(id, caller);
      const using = use === 'resolve' ? handles.resolve(id, caller) : handles.update(id, { n: 2 }, caller);
      await releasing;
      await expect(using).rejects.toMatchObject({ reason: 'unknown' });
      await expect(handles.resolve(id, caller)).rejects.toMatchObject({ reason: 'unknown' });
    }
  });

  it('refuses a lifetime that is not positive', () => {
    expect(() => new ToolHandles({ ttlMs: 0 })).toThrow(RangeError);
  });
});
