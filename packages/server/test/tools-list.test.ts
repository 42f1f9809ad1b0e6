import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { call } from './helpers.js';
import { json2020, newServer } from './tool-fixtures.js';

describe('tools/list (S-13..S-17)', () => {
  it('lists tools with every field as registered, raw JSON Schema preserved (P-86)', async () => {
    const server = newServer();
    server.tool(
      'json_schema_2020_12_tool',
      {
        title: 'Contact',
        description: 'Tool with JSON Schema 2020-12 features',
        inputSchema: json2020,
        annotations: { readOnlyHint: true },
        icons: [{ src: 'https://example.com/i.png', mimeType: 'image/png', sizes: ['48x48'] }],
        _meta: { 'com.example/x': 1 },
      },
      () => ({ content: [] }),
    );
    const { result } = await call(server, 'tools/list');
    expect(result?.tools).toEqual([
      {
        name: 'json_schema_2020_12_tool',
        title: 'Contact',
        description: 'Tool with JSON Schema 2020-12 features',
        inputSchema: json2020,
        annotations: { readOnlyHint: true },
        icons: [{ src: 'https://example.com/i.png', mimeType: 'image/png', sizes: ['48x48'] }],
        _meta: { 'com.example/x': 1 },
      },
    ]);
  });

  it('P-85: a tool without arguments gets { type: "object", additionalProperties: false }', async () => {
    const server = newServer();
    server.tool('noop', {}, () => ({ content: [] }));
    const { result } = await call(server, 'tools/list');
    expect(result?.tools).toEqual([
      { name: 'noop', inputSchema: { type: 'object', additionalProperties: false } },
    ]);
  });

  it('zod schemas are listed as JSON Schema 2020-12, output schemas too', async () => {
    const server = newServer();
    server.tool(
      'add',
      {
        inputSchema: z.object({ a: z.number().describe('first'), b: z.number().default(1) }),
        outputSchema: z.object({ sum: z.number() }),
      },
      ({ a, b }) => ({ structuredContent: { sum: a + b } }),
    );
    const [tool] = ((await call(server, 'tools/list')).result?.tools ?? []) as Array<Record<string, unknown>>;
    expect(tool?.inputSchema).toMatchObject({
      type: 'object',
      properties: { a: { type: 'number', description: 'first' }, b: { type: 'number', default: 1 } },
      required: ['a'],
    });
    expect(tool?.outputSchema).toMatchObject({ type: 'object', required: ['sum'] });
  });

  it('P-82: a zod schema is listed without $schema, as 2020-12 is the default dialect; a raw one keeps its own', async () => {
    const server = newServer();
    server.tool(
      'zod',
      { inputSchema: z.object({ a: z.string() }), outputSchema: z.object({ b: z.string() }) },
      () => ({
        structuredContent: { b: '' },
      }),
    );
    server.tool('raw', { inputSchema: json2020 }, () => ({ content: [] }));
    const tools = ((await call(server, 'tools/list')).result?.tools ?? []) as Array<Record<string, unknown>>;
    expect(tools[0]?.inputSchema).not.toHaveProperty('$schema');
    expect(tools[0]?.outputSchema).not.toHaveProperty('$schema');
    expect(tools[1]?.inputSchema).toHaveProperty('$schema', 'https://json-schema.org/draft/2020-12/schema');
  });

  it('S-15: the order is registration order and stays stable; an update keeps the place', async () => {
    const server = newServer();
    const handles = ['c', 'a', 'b'].map((name) => server.tool(name, {}, () => ({ content: [] })));
    const names = async () =>
      (((await call(server, 'tools/list')).result?.tools ?? []) as Array<{ name: string }>).map(
        (t) => t.name,
      );
    expect(await names()).toEqual(['c', 'a', 'b']);
    expect(await names()).toEqual(['c', 'a', 'b']);
    handles[0]?.update({ description: 'changed' });
    expect(await names()).toEqual(['c', 'a', 'b']);
    handles[1]?.remove();
    server.tool('a', {}, () => ({ content: [] }));
    expect(await names()).toEqual(['c', 'b', 'a']);
  });

  it('S-16, P-69: pages with opaque cursors; every page complete and stable; a bad cursor is -32602', async () => {
    const server = newServer({ pageSize: 2 });
    for (const name of ['t1', 't2', 't3', 't4', 't5']) server.tool(name, {}, () => ({ content: [] }));
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const { result } = await call(server, 'tools/list', cursor === undefined ? {} : { cursor });
      expect(result).toMatchObject({ ttlMs: 0, cacheScope: 'private' });
      seen.push(...((result?.tools ?? []) as Array<{ name: string }>).map((t) => t.name));
      cursor = result?.nextCursor as string | undefined;
      pages++;
    } while (cursor !== undefined);
    expect(seen).toEqual(['t1', 't2', 't3', 't4', 't5']);
    expect(pages).toBe(3);

    const first = await call(server, 'tools/list');
    const second = await call(server, 'tools/list', { cursor: first.result?.nextCursor });
    const again = await call(server, 'tools/list', { cursor: first.result?.nextCursor });
    expect(again.result?.tools).toEqual(second.result?.tools);

    for (const bad of ['', 'nope', 'dG9vbHM6MA', first.result?.nextCursor + 'x']) {
      const outcome = await call(server, 'tools/list', { cursor: bad });
      expect(outcome.error?.code, bad).toBe(-32602);
    }
    const promptsCursor = Buffer.from('prompts:2').toString('base64url');
    expect((await call(server, 'tools/list', { cursor: promptsCursor })).error?.code).toBe(-32602);
  });

  it('P-69: a cursor survives removals before it', async () => {
    const server = newServer({ pageSize: 2 });
    const handles = ['t1', 't2', 't3', 't4'].map((name) => server.tool(name, {}, () => ({ content: [] })));
    const first = await call(server, 'tools/list');
    handles[0]?.remove();
    const next = await call(server, 'tools/list', { cursor: first.result?.nextCursor });
    expect(((next.result?.tools ?? []) as Array<{ name: string }>).map((t) => t.name)).toEqual(['t3', 't4']);
  });

  it('S-17: names must be 1-128 characters of [A-Za-z0-9_.-] and unique', () => {
    const server = newServer();
    for (const bad of ['', 'has space', 'comma,name', 'slash/name', 'x'.repeat(129)]) {
      expect(() => server.tool(bad, {}, () => ({ content: [] })), bad).toThrow(TypeError);
    }
    server.tool('DATA_EXPORT_v2', {}, () => ({ content: [] }));
    server.tool('admin.tools.list', {}, () => ({ content: [] }));
    expect(() => server.tool('admin.tools.list', {}, () => ({ content: [] }))).toThrow(/already registered/);
  });

  it('P-83, P-84, P-87, H-23: a schema the spec does not allow is refused at registration', () => {
    const server = newServer();
    const handler = () => ({ content: [] });
    expect(() => server.tool('a', { inputSchema: { type: 'string' } }, handler)).toThrow(/type "object"/);
    expect(() =>
      server.tool('b', { inputSchema: { $schema: 'https://example.com/dialect', type: 'object' } }, handler),
    ).toThrow(/dialect not supported/);
    expect(() =>
      server.tool(
        'c',
        { inputSchema: { type: 'object', properties: { x: { $ref: 'https://example.com/s.json' } } } },
        handler,
      ),
    ).toThrow(/never fetched/);
    expect(() =>
      server.tool(
        'd',
        { inputSchema: { type: 'object', properties: { n: { type: 'number', 'x-mcp-header': 'N' } } } },
        handler,
      ),
    ).toThrow(
      /x-mcp-header at "\/properties\/n" is on a property whose type is not integer, string or boolean$/,
    );
    expect(() => server.tool('e', { inputSchema: z.object({ when: z.date() }) }, handler)).toThrow(
      /JSON Schema/,
    );
    // @ts-expect-error a zod string describes no object of arguments: a compile error too
    expect(() => server.tool('f', { inputSchema: z.string() }, handler)).toThrow(/type "object"/);
  });
});
