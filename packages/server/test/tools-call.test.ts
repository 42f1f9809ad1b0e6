import { McpError } from '@mcpkit/protocol';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { call, drain, request } from './helpers.js';
import { json2020, newServer } from './tool-fixtures.js';

describe('tools/call (S-18..S-20)', () => {
  it('passes parsed, typed arguments to the handler (zod defaults applied)', async () => {
    const server = newServer();
    server.tool(
      'add',
      { inputSchema: z.object({ a: z.number(), b: z.number().default(10) }) },
      ({ a, b }) => ({
        content: [{ type: 'text', text: String(a + b) }],
      }),
    );
    const { result } = await call(server, 'tools/call', { name: 'add', arguments: { a: 1 } });
    expect(result).toMatchObject({ resultType: 'complete', content: [{ type: 'text', text: '11' }] });
  });

  it('P-90: a catastrophic pattern in an inputSchema (^(a+)+$, from a schema that came from elsewhere) checks a long near-match in linear time', async () => {
    const server = newServer();
    const inputSchema = {
      type: 'object',
      properties: { id: { type: 'string', pattern: '^(a+)+$' } },
      patternProperties: { '^(x+x+)+y$': { type: 'string' } },
    };
    server.tool('lookup', { inputSchema }, (args) => ({
      content: [{ type: 'text', text: String(args.id) }],
    }));
    // With a backtracking engine the near-match below would take longer than the universe has left.
    const nearMatch = `${'a'.repeat(20_000)}b`;
    const refused = await call(server, 'tools/call', { name: 'lookup', arguments: { id: nearMatch } });
    expect(refused.result).toMatchObject({ isError: true });
    expect((refused.result!.content as Array<{ text: string }>)[0]!.text).toMatch(/does not match pattern/);
    const nearKey = { ['x'.repeat(20_000)]: 1 };
    const unmatched = await call(server, 'tools/call', { name: 'lookup', arguments: nearKey });
    expect(unmatched.result?.isError).toBeUndefined();
    const matchedKey = { [`${'x'.repeat(20_000)}y`]: 1 };
    const matched = await call(server, 'tools/call', { name: 'lookup', arguments: matchedKey });
    expect(matched.result).toMatchObject({ isError: true });
    const fits = await call(server, 'tools/call', { name: 'lookup', arguments: { id: 'a'.repeat(20_000) } });
    expect(fits.result?.isError).toBeUndefined();
  });

  it('validates raw JSON Schema arguments, including composition and conditionals', async () => {
    const server = newServer();
    server.tool('contact', { inputSchema: json2020 }, (args) => ({
      content: [{ type: 'text', text: JSON.stringify(args) }],
    }));
    const ok = await call(server, 'tools/call', {
      name: 'contact',
      arguments: { contactMethod: 'phone', phone: '1' },
    });
    expect(ok.result?.isError).toBeUndefined();
    const bad = await call(server, 'tools/call', {
      name: 'contact',
      arguments: { contactMethod: 'phone', email: 'e' },
    });
    expect(bad.result).toMatchObject({ isError: true, resultType: 'complete' });
  });

  it('S-20: fills resultType, content and serverInfo around the fields a handler returned, without changing its object', async () => {
    const server = newServer();
    const returned = {
      resultType: undefined,
      content: undefined,
      structuredContent: { temperature: 21 },
      _meta: { 'com.example/trace': 'abc' },
      'com.example/extra': true,
    };
    const snapshot = structuredClone(returned);
    server.tool('weather', {}, () => returned);
    const { result } = await call(server, 'tools/call', { name: 'weather' });
    expect(result).toEqual({
      resultType: 'complete',
      content: [{ type: 'text', text: '{"temperature":21}' }],
      structuredContent: { temperature: 21 },
      _meta: {
        'com.example/trace': 'abc',
        'io.modelcontextprotocol/serverInfo': { name: 'tools-test', version: '1.0.0' },
      },
      'com.example/extra': true,
    });
    expect(returned).toEqual(snapshot);
  });

  it('S-18: an unknown tool and malformed params are JSON-RPC errors (-32602)', async () => {
    const server = newServer();
    server.tool('t', {}, () => ({ content: [] }));
    expect((await call(server, 'tools/call', { name: 'nope' })).error).toEqual({
      code: -32602,
      message: 'Unknown tool: nope',
    });
    expect((await call(server, 'tools/call', { name: 't', arguments: [1] })).error?.code).toBe(-32602);
  });

  it('P-8: an error repeats at most 100 characters of what the client sent', async () => {
    const server = newServer();
    server.tool('t', {}, () => ({ content: [] }));
    server.prompt('p', {}, () => ({ messages: [] }));
    server.resource('file:///r', { name: 'r' }, (uri) => ({ contents: [{ uri, text: '' }] }));
    const long = 'x'.repeat(100_000);
    const messages = [
      (await call(server, 'tools/call', { name: long })).error?.message,
      (await call(server, 'tools/list', { cursor: long })).error?.message,
      (await call(server, 'resources/read', { uri: `file:///${long}` })).error?.message,
      (await call(server, 'prompts/get', { name: long })).error?.message,
    ];
    expect(messages.map((message) => message?.slice(0, 20))).toEqual([
      'Unknown tool: xxxxxx',
      'Invalid cursor: "xxx',
      'Resource not found: ',
      'Unknown prompt: xxxx',
    ]);
    for (const message of messages) expect(message?.length).toBeLessThan(150);
  });

  it('S-18, S-25: every input is validated; failures are tool execution errors the model can act on', async () => {
    const server = newServer();
    server.tool('add', { inputSchema: z.object({ a: z.number() }) }, () => ({ content: [] }));
    const { result } = await call(server, 'tools/call', { name: 'add', arguments: { a: 'one' } });
    expect(result).toEqual(
      expect.objectContaining({
        resultType: 'complete',
        isError: true,
        content: [
          { type: 'text', text: expect.stringMatching(/^Invalid arguments for tool add: a: .*number/) },
        ],
      }),
    );
  });

  it('S-18: an argument error names what is wrong, not the object around it, for raw JSON Schema and zod', async () => {
    const server = newServer();
    const raw = {
      type: 'object',
      properties: {
        n: { type: 'integer', minimum: 0 },
        deep: { type: 'object', properties: { when: { type: 'string', format: 'date' } } },
      },
      additionalProperties: false,
    };
    server.tool('raw', { inputSchema: raw }, () => ({ content: [] }));
    server.tool('typed', { inputSchema: z.object({ a: z.number(), b: z.string() }) }, () => ({
      content: [],
    }));
    const text = async (name: string, args: Record<string, unknown>) => {
      const { result } = await call(server, 'tools/call', { name, arguments: args });
      return (result!.content as Array<{ text: string }>)[0]!.text;
    };
    expect(await text('raw', { n: -1 })).toBe('Invalid arguments for tool raw: #/n: -1 is less than 0.');
    expect(await text('raw', { deep: { when: 'soon' } })).toBe(
      'Invalid arguments for tool raw: #/deep/when: String does not match format "date".',
    );
    const both = await text('typed', { a: 'x', b: 1 });
    expect(both).toMatch(/^Invalid arguments for tool typed: a: .*number.*; b: .*string/);
    const long = await text('raw', { ['x'.repeat(5000)]: 1 });
    expect(long).toMatch(/^Invalid arguments for tool raw: .*…$/);
    expect(long.length).toBeLessThan(400);
  });

  it('S-18: arguments nested deeper than the stack allows are an isError result, with zod as with JSON Schema', async () => {
    const errors: unknown[] = [];
    const server = newServer({ onError: (error) => errors.push(error) });
    const Node: z.ZodType<{ a?: unknown }> = z.object({
      get a() {
        return Node.optional();
      },
    });
    server.tool('zod', { inputSchema: Node }, () => ({ content: [] }));
    server.tool('raw', { inputSchema: { type: 'object', properties: { a: { $ref: '#' } } } }, () => ({
      content: [],
    }));
    const depth = 100_000;
    for (const name of ['zod', 'raw']) {
      // Built as text: JSON.stringify itself cannot go this deep, JSON.parse can.
      const head = JSON.stringify(request('tools/call', { name, arguments: 'DEEP' }));
      const message = JSON.parse(head.replace('"DEEP"', `${'{"a":'.repeat(depth)}{}${'}'.repeat(depth)}`));
      const [response] = (await drain(
        server.handle(message, { transport: 'memory', signal: new AbortController().signal }),
      )) as Array<{ result?: { isError?: boolean; content: Array<{ text: string }> } }>;
      expect(response?.result?.isError, name).toBe(true);
      expect(response?.result?.content[0]?.text, name).toMatch(
        new RegExp(`^Invalid arguments for tool ${name}: `),
      );
    }
    expect(errors).toEqual([]);
  });

  it('S-18: a thrown error is an isError result with its message and no stack trace', async () => {
    const server = newServer();
    server.tool('fail', {}, () => {
      throw new Error('Upstream weather API is down');
    });
    server.tool('fail_oddly', {}, () => {
      throw { weird: true };
    });
    const { result } = await call(server, 'tools/call', { name: 'fail' });
    expect(result).toMatchObject({
      isError: true,
      content: [{ type: 'text', text: 'Upstream weather API is down' }],
    });
    expect(JSON.stringify(result)).not.toMatch(/at .*\.ts/);
    expect((await call(server, 'tools/call', { name: 'fail_oddly' })).result?.content).toEqual([
      { type: 'text', text: 'The tool failed' },
    ]);
  });

  it('S-18: an McpError thrown by a handler stays a protocol error', async () => {
    const server = newServer();
    server.tool('strict', {}, () => {
      throw McpError.invalidParams('Unknown dataset');
    });
    expect((await call(server, 'tools/call', { name: 'strict' })).error).toEqual({
      code: -32602,
      message: 'Unknown dataset',
    });
  });

  it('S-19, S-20: structured content is checked against outputSchema and mirrored as text', async () => {
    const server = newServer();
    server.tool('weather', { outputSchema: z.object({ temperature: z.number() }) }, () => ({
      structuredContent: { temperature: 22.5 },
    }));
    const { result } = await call(server, 'tools/call', { name: 'weather' });
    expect(result).toMatchObject({
      structuredContent: { temperature: 22.5 },
      content: [{ type: 'text', text: '{"temperature":22.5}' }],
    });
  });

  it('P-62: structured content may be an array (raw JSON Schema output)', async () => {
    const server = newServer();
    server.tool('list', { outputSchema: { type: 'array', items: { type: 'integer' } } }, () => ({
      structuredContent: [1, 2],
      content: [{ type: 'text', text: 'two numbers' }],
    }));
    expect((await call(server, 'tools/call', { name: 'list' })).result).toMatchObject({
      structuredContent: [1, 2],
      content: [{ type: 'text', text: 'two numbers' }],
    });
  });

  it('S-19: a result that breaks the outputSchema, or lacks structured content, is -32603', async () => {
    const server = newServer();
    server.tool('bad', { outputSchema: z.object({ n: z.number() }) }, () => ({
      structuredContent: { n: 'x' } as never,
    }));
    server.tool('missing', { outputSchema: z.object({ n: z.number() }) }, () => ({ content: [] }));
    server.tool('failed', { outputSchema: z.object({ n: z.number() }) }, () => ({
      isError: true,
      content: [{ type: 'text', text: 'no data' }],
    }));
    expect((await call(server, 'tools/call', { name: 'bad' })).error?.code).toBe(-32603);
    expect((await call(server, 'tools/call', { name: 'missing' })).error?.code).toBe(-32603);
    expect((await call(server, 'tools/call', { name: 'failed' })).result?.isError).toBe(true);
  });

  it('a result that breaks CallToolResult (bad content block) is -32603', async () => {
    const server = newServer();
    server.tool('bad', {}, () => ({ content: [{ type: 'image', data: 'AA==' }] as never }));
    server.tool('nothing', {}, () => undefined as never);
    expect((await call(server, 'tools/call', { name: 'bad' })).error?.code).toBe(-32603);
    expect((await call(server, 'tools/call', { name: 'nothing' })).error?.code).toBe(-32603);
  });

  it('S-38: image or audio data that is not Base64, a bad MIME type, a bad embedded blob are -32603', async () => {
    const server = newServer();
    const cases: Record<string, object> = {
      image: { type: 'image', data: '%%%', mimeType: 'not a mime' },
      imageMime: { type: 'image', data: 'AA==', mimeType: 'not a mime' },
      audio: { type: 'audio', data: 'UklGRg=', mimeType: 'audio/wav' },
      emptyMime: { type: 'audio', data: 'UklGRg==', mimeType: '' },
      embedded: { type: 'resource', resource: { uri: 'x://e', blob: 'AAAA', text: 'x' } },
      embeddedBlob: { type: 'resource', resource: { uri: 'x://e', blob: '@@@@' } },
      link: { type: 'resource_link', uri: 'x://l', name: 'l', mimeType: 'png' },
    };
    for (const [name, block] of Object.entries(cases)) {
      server.tool(name, {}, () => ({ content: [{ type: 'text', text: 'first' }, block as never] }));
      const { error } = await call(server, 'tools/call', { name });
      expect(error?.code, name).toBe(-32603);
      expect(error?.message, name).toMatch(/^Tool \w+ returned content\[1\] /);
    }
  });

  it('S-21: tools may return resource links and embedded resources, audio and images', async () => {
    const server = newServer();
    const content = [
      { type: 'text', text: 'mixed' },
      { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
      { type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav' },
      { type: 'resource_link', uri: 'file:///a.txt', name: 'a.txt' },
      { type: 'resource', resource: { uri: 'test://embedded', mimeType: 'text/plain', text: 'hi' } },
    ] as const;
    server.tool('mixed', {}, () => ({ content: [...content] }));
    expect((await call(server, 'tools/call', { name: 'mixed' })).result?.content).toEqual(content);
  });

  it('update() swaps the handler and schema at run time; remove() makes the tool unknown', async () => {
    const server = newServer();
    const handle = server.tool('v', {}, () => ({ content: [{ type: 'text', text: 'one' }] }));
    handle.update({ handler: () => ({ content: [{ type: 'text', text: 'two' }] }) });
    expect((await call(server, 'tools/call', { name: 'v' })).result?.content).toEqual([
      { type: 'text', text: 'two' },
    ]);
    expect(handle.remove()).toBe(true);
    expect(handle.remove()).toBe(false);
    expect((await call(server, 'tools/call', { name: 'v' })).error?.code).toBe(-32602);
  });
});
