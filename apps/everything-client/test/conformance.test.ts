import { McpServer } from '@mcpkit/server';
import { type McpHttpServer, serveHttp } from '@mcpkit/transport-http/node';
import { afterEach, describe, expect, it } from 'vitest';
import { discoverResult, result, runClient, scriptedServer } from './helpers/run-client.js';

// Each test runs dist/conformance.js as the suite does, against a server in this process.

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

async function serve(server: McpServer): Promise<McpHttpServer> {
  const http = await serveHttp(server, { port: 0 });
  closers.push(() => http.close());
  return http;
}

async function scripted(...args: Parameters<typeof scriptedServer>) {
  const server = await scriptedServer(...args);
  closers.push(server.close);
  return server;
}

describe('dist/conformance.js', { timeout: 60_000 }, () => {
  it('exits 2 at once, sending nothing, for unknown scenarios and for protocol versions it does not speak', async () => {
    const server = await scripted(() => undefined);
    const unknown = await runClient('no-such-scenario', server.url);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/unknown scenario no-such-scenario; known: tools_call/);
    const ancient = await runClient('tools_call', server.url, { protocolVersion: '2024-01-01' });
    expect(ancient.code).toBe(2);
    expect(ancient.stderr).toMatch(/protocol version 2024-01-01/);
    expect((await runClient(undefined, server.url)).code).toBe(2);
    expect((await runClient('tools_call', undefined)).code).toBe(2);
    expect(server.requests).toEqual([]);
  });

  it('tools_call: lists the tools and calls add_numbers with numbers', async () => {
    const calls: unknown[] = [];
    const server = new McpServer({ name: 'adder', version: '1.0.0' });
    server.tool(
      'add_numbers',
      {
        inputSchema: {
          type: 'object',
          properties: { a: { type: 'number' }, b: { type: 'number' } },
          required: ['a', 'b'],
        },
      },
      (args) => {
        calls.push(args);
        return { content: [{ type: 'text', text: `sum ${Number(args.a) + Number(args.b)}` }] };
      },
    );
    const run = await runClient('tools_call', (await serve(server)).url);
    expect(run.code).toBe(0);
    expect(calls).toEqual([{ a: 5, b: 3 }]);
    expect(run.stdout).toBe('tools/call add_numbers -> sum 8\ntools_call: done\n');
  });

  it('exits 1 with the reason when the scenario cannot be played', async () => {
    const server = new McpServer({ name: 'empty', version: '1.0.0' });
    server.tool('something_else', {}, () => ({ content: [] }));
    const run = await runClient('tools_call', (await serve(server)).url);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/tools_call: Error: the server has no add_numbers tool/);
  });

  it('C-1, C-2, C-3, C-10: request-metadata retries a refused version, with full _meta, and asks nothing the server lacks', async () => {
    const server = await scripted(({ body }, index) =>
      index === 0
        ? {
            status: 400,
            body: {
              jsonrpc: '2.0',
              id: body.id,
              error: {
                code: -32022,
                message: 'Unsupported',
                data: { supported: ['2026-07-28'], requested: 'x' },
              },
            },
          }
        : discoverResult(body.id, {}),
    );
    const run = await runClient('request-metadata', server.url);
    expect(run.code).toBe(0);
    expect(server.requests.map((r) => r.body.method)).toEqual(['server/discover', 'server/discover']);
    const [first, retry] = server.requests;
    expect(retry!.body.id).not.toBe(first!.body.id);
    expect(retry!.headers['mcp-protocol-version']).toBe('2026-07-28');
    expect(retry!.body.params?._meta).toMatchObject({
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientInfo': { name: 'mcpkit-everything-client' },
      'io.modelcontextprotocol/clientCapabilities': { elicitation: {}, sampling: {}, roots: {} },
    });
  });

  it('C-25, C-26: sep-2322-client-request-state answers input, echoes the state and keeps an unrelated call apart', async () => {
    const events: string[] = [];
    const server = new McpServer({ name: 'mrtr', version: '1.0.0' });
    server.tool('test_mrtr_echo_state', {}, async (_args, ctx) => {
      events.push('echo_state run');
      const answer = await ctx.elicit('confirm', {
        message: 'Please confirm to continue',
        requestedSchema: { type: 'object', properties: { confirmed: { type: 'boolean' } } },
      });
      events.push(`echo_state answered ${JSON.stringify(answer)}`);
      return { content: [{ type: 'text', text: 'echo-state-ok' }] };
    });
    server.tool('test_mrtr_unrelated', {}, (_args, ctx) => {
      events.push(`unrelated ${JSON.stringify(Object.keys(ctx.meta))}`);
      return { content: [{ type: 'text', text: 'unrelated-ok' }] };
    });
    server.tool('test_mrtr_no_state', {}, () => ({ content: [{ type: 'text', text: 'no-state-ok' }] }));
    server.tool('test_mrtr_no_result_type', {}, () => ({ content: [{ type: 'text', text: 'done' }] }));
    const run = await runClient('sep-2322-client-request-state', (await serve(server)).url);
    expect(run.code).toBe(0);
    expect(events[0]).toBe('echo_state run');
    expect(events[1]).toMatch(/^unrelated /);
    expect(events.slice(2)).toEqual([
      'echo_state run',
      'echo_state answered {"action":"accept","content":{"confirmed":true}}',
    ]);
  });

  it('H-27: http-custom-headers makes the context calls with their parameters mirrored and encoded', async () => {
    const seen: unknown[] = [];
    const server = new McpServer({ name: 'headers', version: '1.0.0' });
    server.tool(
      'test_custom_headers',
      {
        inputSchema: {
          type: 'object',
          properties: {
            region: { type: 'string', 'x-mcp-header': 'Region' },
            priority: { type: 'integer', 'x-mcp-header': 'Priority' },
            verbose: { type: ['boolean', 'null'], 'x-mcp-header': 'Verbose' },
          },
          required: ['region'],
        },
      },
      (args) => {
        seen.push(args);
        return { content: [{ type: 'text', text: 'ok' }] };
      },
    );
    const toolCalls = [
      { name: 'test_custom_headers', arguments: { region: ' Zürich ', priority: 42, verbose: false } },
      { name: 'test_custom_headers', arguments: { region: 'us-east1', verbose: null } },
    ];
    // The server checks every Mcp-Param-* header against the body and refuses a mismatch with -32020.
    const run = await runClient('http-custom-headers', (await serve(server)).url, { context: { toolCalls } });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(seen).toEqual(toolCalls.map((call) => call.arguments));
  });

  it('H-24: http-invalid-tool-headers calls the valid tool and never a tool with a bad x-mcp-header', async () => {
    const tool = (name: string, header: string) => ({
      name,
      inputSchema: {
        type: 'object',
        properties: { region: { type: 'string', 'x-mcp-header': header } },
        required: ['region'],
      },
    });
    const server = await scripted(({ body }) => {
      if (body.method === 'server/discover') return discoverResult(body.id, { tools: {} });
      if (body.method === 'tools/list')
        return result(body.id, { tools: [tool('valid_tool', 'Region'), tool('invalid_space', 'My Region')] });
      return {
        body: { jsonrpc: '2.0', id: body.id, result: { content: [{ type: 'text', text: 'called' }] } },
      };
    });
    const run = await runClient('http-invalid-tool-headers', server.url);
    expect(run.code).toBe(0);
    const calls = server.requests.filter((r) => r.body.method === 'tools/call');
    expect(calls.map((r) => r.body.params?.name)).toEqual(['valid_tool']);
    expect(calls[0]!.body.params?.arguments).toEqual({ region: 'example' });
    expect(calls[0]!.headers['mcp-param-region']).toBe('example');
  });

  it('json-schema-ref-no-deref: lists tools without fetching a network $ref', async () => {
    let canary = '';
    const server = await scripted(({ body }) => {
      if (body.method === 'server/discover') return discoverResult(body.id, { tools: {} });
      return result(body.id, {
        tools: [
          {
            name: 'lookup_user',
            inputSchema: {
              type: 'object',
              properties: { id: { type: 'string' }, profile: { $ref: canary } },
              required: ['id'],
            },
          },
        ],
      });
    });
    canary = `${server.origin}/canary/profile-schema.json`;
    const run = await runClient('json-schema-ref-no-deref', server.url);
    expect(run.code).toBe(0);
    expect(server.requests.map((r) => r.path)).not.toContain('/canary/profile-schema.json');
    expect(server.requests.map((r) => r.body.method)).toEqual(['server/discover', 'tools/list']);
  });

  it('json-schema-2020-12-preservation: echoes the focal inputSchema back unchanged', async () => {
    const focal = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      $defs: { address: { $anchor: 'addressDef', type: 'object', properties: { city: { type: 'string' } } } },
      properties: {
        address: { $ref: '#/$defs/address' },
        phone: { type: 'string' },
        email: { type: 'string' },
      },
      allOf: [{ anyOf: [{ required: ['phone'] }, { required: ['email'] }] }],
      additionalProperties: false,
    };
    let echoed: unknown;
    const server = new McpServer({ name: 'schemas', version: '1.0.0' });
    server.tool('json_schema_2020_12_tool', { inputSchema: focal }, () => ({ content: [] }));
    server.tool(
      'json_schema_echo',
      { inputSchema: { type: 'object', properties: { schema: { type: 'object' } }, required: ['schema'] } },
      (args) => {
        echoed = args.schema;
        return { content: [{ type: 'text', text: 'echoed' }] };
      },
    );
    const run = await runClient('json-schema-2020-12-preservation', (await serve(server)).url);
    expect(run.code).toBe(0);
    expect(echoed).toEqual(focal);
  });

  it('H-6: http-standard-headers visits every tool, resource and prompt the server lists', async () => {
    const server = new McpServer({ name: 'standard', version: '1.0.0' });
    server.tool('my-hyphenated-tool', {}, () => ({ content: [{ type: 'text', text: 'ok' }] }));
    server.resource('file:///path/to/file%20name.txt', { name: 'spaced' }, (uri) => ({
      contents: [{ uri, text: 'hi' }],
    }));
    server.prompt('test_prompt', {}, () => ({ messages: [] }));
    // The server refuses any request whose Mcp-Method or Mcp-Name header does not match its body.
    const run = await runClient('http-standard-headers', (await serve(server)).url);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      [
        'tools/call my-hyphenated-tool -> ok',
        'resources/read file:///path/to/file%20name.txt -> 1 content(s)',
        'prompts/get test_prompt -> 0 message(s)',
        'http-standard-headers: done',
        '',
      ].join('\n'),
    );
  });
});
