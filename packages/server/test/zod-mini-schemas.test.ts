import { loadedSchemas } from '@mcpkit/protocol/schema-loader';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { McpServer } from '../src/index.js';
import { call } from './helpers.js';

// A zod/mini schema has no JSON Schema or parse of its own: the server lists and checks it with
// the protocol's zod, loaded on first need. Registering such a tool before that load waits for it,
// and requests wait for the registration, so nothing observable changes. This file's process has
// not loaded the protocol's schemas before its first registration (checked below).

describe('tools written with zod/mini', () => {
  it('a tool registered before the schemas load is listed and called once they have', async () => {
    expect(loadedSchemas()).toBeUndefined();
    const server = new McpServer({ name: 'mini', version: '1.0.0' });
    server.tool('shout', { inputSchema: z.object({ word: z.string() }) }, async ({ word }) => ({
      content: [{ type: 'text', text: word.toUpperCase() }],
    }));
    expect(() => server.tool('shout', {}, async () => ({ content: [] }))).toThrow(/already registered/);

    const listed = await call(server, 'tools/list');
    const { $schema, ...inputSchema } = z.toJSONSchema(z.object({ word: z.string() }), { io: 'input' });
    expect($schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(listed.result?.tools).toEqual([{ name: 'shout', inputSchema }]);
    expect(loadedSchemas()).toBeDefined();

    const called = await call(server, 'tools/call', { name: 'shout', arguments: { word: 'hi' } });
    expect(called.result?.content).toEqual([{ type: 'text', text: 'HI' }]);
    const invalid = await call(server, 'tools/call', { name: 'shout', arguments: { word: 1 } });
    expect(invalid.result?.isError).toBe(true);
    expect(JSON.stringify(invalid.result?.content)).toContain('word');
  });

  it('once the schemas are loaded, a zod/mini schema the spec cannot list throws at registration', () => {
    expect(loadedSchemas()).toBeDefined();
    const server = new McpServer({ name: 'mini', version: '1.0.0' });
    expect(() =>
      server.tool('when', { inputSchema: z.object({ at: z.date() }) }, async () => ({ content: [] })),
    ).toThrow(/no JSON Schema form/);
  });
});
