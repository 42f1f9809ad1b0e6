import { toStandardJsonSchema } from '@valibot/to-json-schema';
import { type } from 'arktype';
import * as v from 'valibot';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z as z3 } from 'zod/v3';
import { McpServer, type StandardSchema, withJsonSchema } from '../src/index.js';
import { fromZod3 } from '../src/zod3.js';
import { call } from './helpers.js';

function newServer() {
  return new McpServer({ name: 'standard-schema-test', version: '1.0.0' }, { onError: () => {} });
}

async function listedTool(server: McpServer): Promise<Record<string, unknown>> {
  const tools = (await call(server, 'tools/list')).result?.tools as Array<Record<string, unknown>>;
  return tools[0]!;
}

function callTool(server: McpServer, args: unknown) {
  return call(server, 'tools/call', { name: 'add', arguments: args });
}

const addInputJson = {
  type: 'object',
  properties: { a: { type: 'number' }, b: { type: 'number' } },
  required: ['a', 'b'],
};

describe('Standard Schema tool schemas', () => {
  it('valibot with Standard JSON Schema: listed, parsed and typed', async () => {
    const server = newServer();
    server.tool(
      'add',
      {
        inputSchema: toStandardJsonSchema(v.object({ a: v.number(), b: v.number() })),
        outputSchema: toStandardJsonSchema(v.object({ sum: v.number() })),
      },
      ({ a, b }) => {
        expectTypeOf(a).toEqualTypeOf<number>();
        return { structuredContent: { sum: a + b } };
      },
    );
    expect((await listedTool(server)).inputSchema).toEqual(addInputJson);
    const ok = await callTool(server, { a: 1, b: 2 });
    expect(ok.result).toMatchObject({ structuredContent: { sum: 3 } });
    const bad = await callTool(server, { a: 'one', b: 2 });
    expect(bad.result).toMatchObject({ isError: true });
    expect(JSON.stringify(bad.result?.content)).toContain('a: Invalid type');
  });

  it('ArkType describes itself: listed, parsed and typed', async () => {
    const server = newServer();
    server.tool(
      'add',
      { inputSchema: type({ a: 'number', b: 'number', 'label?': 'string' }) },
      ({ a, b, label }) => {
        expectTypeOf(label).toEqualTypeOf<string | undefined>();
        return { content: [{ type: 'text', text: `${label ?? 'sum'}=${a + b}` }] };
      },
    );
    expect((await listedTool(server)).inputSchema).toMatchObject({ type: 'object', required: ['a', 'b'] });
    const ok = await callTool(server, { a: 1, b: 2, label: 'total' });
    expect(ok.result?.content).toEqual([{ type: 'text', text: 'total=3' }]);
    expect((await callTool(server, { a: 1 })).result).toMatchObject({ isError: true });
  });

  it('zod 3 schemas through fromZod3: draft-07 JSON Schema, zod parses (defaults applied)', async () => {
    const server = newServer();
    server.tool(
      'add',
      { inputSchema: fromZod3(z3.object({ a: z3.number(), b: z3.number().default(10) })) },
      ({ a, b }) => {
        expectTypeOf(b).toEqualTypeOf<number>();
        return { content: [{ type: 'text', text: String(a + b) }] };
      },
    );
    const listed = (await listedTool(server)).inputSchema as Record<string, unknown>;
    expect(listed).toMatchObject({ $schema: 'http://json-schema.org/draft-07/schema#', required: ['a'] });
    expect((await callTool(server, { a: 1 })).result?.content).toEqual([{ type: 'text', text: '11' }]);
    expect((await callTool(server, { a: 'x' })).result).toMatchObject({ isError: true });
  });

  it('a zod 3 schema given as it is is refused at registration, naming the way out', () => {
    const server = newServer();
    expect(() => server.tool('add', { inputSchema: z3.object({ a: z3.number() }) }, () => ({}))).toThrow(
      /fromZod3/,
    );
  });

  it('a validator with no JSON Schema is refused; withJsonSchema supplies one', async () => {
    const server = newServer();
    const schema = v.object({ a: v.number(), b: v.number() });
    expect(() => server.tool('add', { inputSchema: schema }, () => ({}))).toThrow(/withJsonSchema/);
    server.tool('add', { inputSchema: withJsonSchema(schema, addInputJson) }, ({ a, b }) => ({
      structuredContent: { sum: a + b },
    }));
    expect((await listedTool(server)).inputSchema).toEqual(addInputJson);
    expect((await callTool(server, { a: 2, b: 2 })).result).toMatchObject({ structuredContent: { sum: 4 } });
  });

  it('a JSON Schema a library gives is held to the same rules as raw JSON Schema (P-83)', () => {
    const server = newServer();
    const schema = withJsonSchema(v.object({}), { $schema: 'https://example.com/dialect', type: 'object' });
    expect(() => server.tool('add', { inputSchema: schema }, () => ({}))).toThrow(/dialect not supported/);
  });

  it('an asynchronous validator checks arguments and structured content', async () => {
    const evenOnly: StandardSchema<{ n: number }> = {
      '~standard': {
        version: 1,
        vendor: 'test',
        validate: async (value) => {
          const n = (value as { n?: unknown }).n;
          return typeof n === 'number' && n % 2 === 0
            ? { value: { n } }
            : { issues: [{ message: 'must be even', path: [{ key: 'n' }] }] };
        },
        jsonSchema: {
          input: () => ({ type: 'object', properties: { n: { type: 'number' } } }),
          output: () => ({ type: 'object', properties: { n: { type: 'number' } } }),
        },
      },
    };
    const server = newServer();
    server.tool('add', { inputSchema: evenOnly, outputSchema: evenOnly }, ({ n }) => ({
      structuredContent: { n: n + 1 },
    }));
    const refused = await callTool(server, { n: 3 });
    expect(JSON.stringify(refused.result?.content)).toContain('n: must be even');
    const broken = await callTool(server, { n: 2 });
    expect(broken.error?.code).toBe(-32603);
    expect(broken.error?.message).toContain('breaks its outputSchema: n: must be even');
  });
});
