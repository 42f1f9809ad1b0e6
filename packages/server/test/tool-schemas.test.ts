import { type } from 'arktype';
import { describe, expect, expectTypeOf, it } from 'vitest';
import * as z from 'zod';
import { McpServer } from '../src/index.js';
import { call } from './helpers.js';

// Tool schemas as users write them: a schema where the config goes (`tool(name, z.object(...),
// handler)`), and the official SDK's raw shape `{ a: z.number() }`, as the 2nd argument or as
// `inputSchema`/`outputSchema`. What is not a tool's arguments is refused, naming the tool and the fix.

function textOf(result: Record<string, unknown> | undefined): string {
  return (result?.content as { text: string }[] | undefined)?.[0]?.text ?? '';
}

async function listed(server: McpServer): Promise<Record<string, Record<string, unknown>>> {
  const { result } = await call(server, 'tools/list');
  const tools = result?.tools as { name: string; inputSchema: Record<string, unknown> }[];
  return Object.fromEntries(tools.map((tool) => [tool.name, tool.inputSchema]));
}

describe('tool schemas as users write them', () => {
  it('a zod schema where the config goes is the input schema', async () => {
    const server = new McpServer({ name: 's', version: '1' });
    server.tool('add', z.object({ a: z.number(), b: z.number() }), ({ a, b }) => {
      expectTypeOf(a).toBeNumber();
      return { content: [{ type: 'text', text: `${a + b}` }] };
    });
    expect((await listed(server)).add).toMatchObject({ type: 'object', required: ['a', 'b'] });
    expect(
      textOf((await call(server, 'tools/call', { name: 'add', arguments: { a: 1, b: 2 } })).result),
    ).toBe('3');
    const wrong = await call(server, 'tools/call', { name: 'add', arguments: { a: 'one', b: 2 } });
    expect(wrong.result?.isError).toBe(true);
  });

  it('a raw shape as the 2nd argument stands for z.object of it: optional and default fields, unknown keys dropped', async () => {
    const server = new McpServer({ name: 's', version: '1' });
    server.tool(
      'greet',
      { name: z.string(), greeting: z.string().default('Hello'), times: z.number().optional() },
      (args) => {
        expectTypeOf(args).toEqualTypeOf<{ name: string; greeting: string; times?: number | undefined }>();
        return { content: [{ type: 'text', text: `${args.greeting} ${args.name} ${JSON.stringify(args)}` }] };
      },
    );
    expect((await listed(server)).greet).toEqual({
      type: 'object',
      properties: {
        name: { type: 'string' },
        greeting: { type: 'string', default: 'Hello' },
        times: { type: 'number' },
      },
      required: ['name'],
    });
    const { result } = await call(server, 'tools/call', {
      name: 'greet',
      arguments: { name: 'Ada', extra: 1 },
    });
    expect(textOf(result)).toBe('Hello Ada {"name":"Ada","greeting":"Hello"}');
    const missing = await call(server, 'tools/call', { name: 'greet', arguments: {} });
    expect(missing.result?.isError).toBe(true);
    expect(textOf(missing.result)).toMatch(/name: /);
  });

  it('a raw shape as inputSchema and outputSchema, with fields of any Standard Schema library', async () => {
    const server = new McpServer({ name: 's', version: '1' });
    server.tool(
      'double',
      { inputSchema: { n: type('number') }, outputSchema: { doubled: z.number() } },
      ({ n }) => {
        expectTypeOf(n).toBeNumber();
        return { structuredContent: { doubled: n * 2 } };
      },
    );
    expect((await listed(server)).double).toEqual({
      type: 'object',
      properties: { n: { type: 'number' } },
      required: ['n'],
    });
    const { result } = await call(server, 'tools/call', { name: 'double', arguments: { n: 4 } });
    expect(result?.structuredContent).toEqual({ doubled: 8 });
    expect(
      (await call(server, 'tools/call', { name: 'double', arguments: { n: 'x' } })).result?.isError,
    ).toBe(true);
  });

  it('a config that holds only schemas is still a config', async () => {
    const server = new McpServer({ name: 's', version: '1' });
    server.tool('t', { inputSchema: z.object({ a: z.number() }) }, ({ a }) => ({
      content: [{ type: 'text', text: `${a}` }],
    }));
    expect((await listed(server)).t).toMatchObject({ properties: { a: { type: 'number' } } });
  });

  it('a schema that is no object of arguments is refused, naming the tool and the forms that work', () => {
    const server = new McpServer({ name: 's', version: '1' });
    // @ts-expect-error inputSchema must describe an object of arguments: write z.object({ ... }) or a shape
    expect(() => server.tool('t', { inputSchema: z.string() }, () => ({ content: [] }))).toThrow(
      /^tool "t": inputSchema must describe an object of arguments, and this one has type "string" at its root\. Write the arguments as z\.object\(\{ a: z\.number\(\) \}\) or as a shape \{ a: z\.number\(\) \}/,
    );
    // @ts-expect-error the same, with the schema where the config goes
    expect(() => server.tool('u', z.array(z.number()), () => ({ content: [] }))).toThrow(
      /tool "u": inputSchema must describe an object/,
    );
  });
});
