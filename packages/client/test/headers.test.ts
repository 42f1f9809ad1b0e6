import { McpError } from '@mcpkit/protocol';
import { describe, expect, it } from 'vitest';
import { type ClientWarning, InvalidToolError, McpClient } from '../src/index.js';
import { mockServer, recordingTransport, tagged } from './helpers/mock-server.js';

const region = {
  name: 'deploy',
  inputSchema: {
    type: 'object',
    properties: {
      region: { type: 'string', 'x-mcp-header': 'Region' },
      options: { type: 'object', properties: { dryRun: { type: 'boolean', 'x-mcp-header': 'Dry-Run' } } },
      count: { type: 'integer', 'x-mcp-header': 'Count' },
      note: { type: 'string' },
    },
  },
};
const numberHeader = {
  name: 'bad-number',
  inputSchema: { type: 'object', properties: { n: { type: 'number', 'x-mcp-header': 'N' } } },
};
const duplicate = {
  name: 'bad-duplicate',
  inputSchema: {
    type: 'object',
    properties: {
      a: { type: 'string', 'x-mcp-header': 'Same' },
      b: { type: 'string', 'x-mcp-header': 'same' },
    },
  },
};
const inArray = {
  name: 'bad-array',
  inputSchema: {
    type: 'object',
    properties: { list: { type: 'array', items: { type: 'string', 'x-mcp-header': 'Item' } } },
  },
};
const badToken = {
  name: 'bad-token',
  inputSchema: { type: 'object', properties: { a: { type: 'string', 'x-mcp-header': 'has space' } } },
};
const plain = { name: 'plain', inputSchema: { type: 'object' } };

const listOf = (tools: unknown[]) => () => ({
  resultType: 'complete',
  ttlMs: 0,
  cacheScope: 'private',
  tools,
});
const callOk = () => ({ resultType: 'complete', content: [] });

function setup(handlers: Parameters<typeof mockServer>[0]) {
  const warnings: ClientWarning[] = [];
  const server = mockServer(handlers);
  const transport = recordingTransport(server);
  const client = new McpClient(transport, { onWarning: (w) => warnings.push(w) });
  const optionsOf = (method: string) =>
    server.requests.flatMap((request, i) => (request.method === method ? [transport.options[i]!] : []));
  return { server, client, transport, warnings, optionsOf };
}

describe('x-mcp-header on the client', () => {
  it('H-23, H-24: tools with invalid annotations are dropped with a warning naming tool and reason; the rest stay', async () => {
    const { client, warnings } = setup({
      'tools/list': listOf([region, numberHeader, duplicate, inArray, badToken, plain]),
    });
    const page = await client.listTools();
    expect(page.tools.map((t) => t.name)).toEqual(['deploy', 'plain']);
    expect(warnings.map((w) => (w as { tool: string }).tool)).toEqual([
      'bad-number',
      'bad-duplicate',
      'bad-array',
      'bad-token',
    ]);
    for (const warning of warnings) {
      expect(warning.kind).toBe('tool-rejected');
      expect((warning as { reason: string }).reason).toMatch(/x-mcp-header/);
    }
    const names: string[] = [];
    for await (const tool of client.iterateTools({ cache: 'bypass' })) names.push(tool.name);
    expect(names).toEqual(['deploy', 'plain']);
    expect(warnings).toHaveLength(4);
  });

  it('a rejected tool cannot be called', async () => {
    const { client, server } = setup({ 'tools/list': listOf([numberHeader]), 'tools/call': callOk });
    await client.listTools();
    const failure = await client.callTool('bad-number', { n: 1 }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(InvalidToolError);
    expect((failure as InvalidToolError).reason).toMatch(/number|integer/);
    expect(server.calls('tools/call')).toHaveLength(0);
  });

  it('H-25, H-27: the annotated argument values go to the transport as paramHeaders; absent and null are left out', async () => {
    const { client, optionsOf } = setup({ 'tools/list': listOf([region]), 'tools/call': callOk });
    await client.listTools();
    await client.callTool('deploy', { region: 'eu-west-1', options: { dryRun: false }, count: 3, note: 'x' });
    await client.callTool('deploy', { region: null, count: 7 });
    const [first, second] = optionsOf('tools/call');
    expect(first!.paramHeaders).toEqual({ Region: 'eu-west-1', 'Dry-Run': false, Count: 3 });
    expect(second!.paramHeaders).toEqual({ Count: 7 });
  });

  it('no paramHeaders for a tool without annotations or for other methods', async () => {
    const { client, optionsOf } = setup({ 'tools/list': listOf([plain]), 'tools/call': callOk });
    await client.callTool('plain', { a: 1 });
    expect(optionsOf('tools/call')[0]!.paramHeaders).toBeUndefined();
    expect(optionsOf('tools/list')[0]!.paramHeaders).toBeUndefined();
  });

  it('calling a tool the client has not seen lists the tools first, once', async () => {
    const { client, server, optionsOf } = setup({ 'tools/list': listOf([region]), 'tools/call': callOk });
    await client.callTool('deploy', { region: 'us' });
    await client.callTool('deploy', { region: 'eu' });
    await client.callTool('hidden');
    expect(server.requests.map((r) => r.method)).toEqual([
      'server/discover',
      'tools/list',
      'tools/call',
      'tools/call',
      'tools/call',
    ]);
    expect(optionsOf('tools/call').map((o) => o.paramHeaders)).toEqual([
      { Region: 'us' },
      { Region: 'eu' },
      undefined,
    ]);
  });

  it('autoListTools: false calls at once, without headers', async () => {
    const server = mockServer({ 'tools/list': listOf([region]), 'tools/call': callOk });
    const transport = recordingTransport(server);
    const client = new McpClient(transport, { autoListTools: false });
    await client.callTool('deploy', { region: 'us' });
    expect(server.requests.map((r) => r.method)).toEqual(['server/discover', 'tools/call']);
    expect(transport.options[1]!.paramHeaders).toBeUndefined();
  });

  it('H-28: on -32020 the client refreshes tools/list once and retries as a new request with the new headers', async () => {
    let schemaVersion = 1;
    const v2 = {
      ...region,
      inputSchema: { type: 'object', properties: { zone: { type: 'string', 'x-mcp-header': 'Zone' } } },
    };
    const { client, server, optionsOf } = setup({
      'tools/list': () => listOf([schemaVersion === 1 ? region : v2])(),
      'tools/call': () => {
        schemaVersion = 2;
        return server.calls('tools/call').length === 1
          ? McpError.headerMismatch('Missing Mcp-Param-Zone')
          : callOk();
      },
    });
    await client.listTools();
    await client.callTool('deploy', { region: 'eu', zone: 'b' });
    const calls = server.calls('tools/call');
    expect(calls).toHaveLength(2);
    expect(calls[0]!.id).not.toBe(calls[1]!.id);
    expect(optionsOf('tools/call').map((o) => o.paramHeaders)).toEqual([{ Region: 'eu' }, { Zone: 'b' }]);
    expect(server.calls('tools/list')).toHaveLength(2);
  });

  it('H-28: a second -32020 is surfaced, not retried again', async () => {
    const { client, server } = setup({
      'tools/list': listOf([region]),
      'tools/call': () => McpError.headerMismatch('nope'),
    });
    await expect(client.callTool('deploy', { region: 'eu' })).rejects.toMatchObject({ code: -32020 });
    expect(server.calls('tools/call')).toHaveLength(2);
  });

  it('a tools/list_changed notification makes the client list the tools again before the next call', async () => {
    let tools: unknown[] = [plain];
    let notify!: () => void;
    const server = mockServer(
      {
        'tools/list': () => listOf(tools)(),
        'tools/call': callOk,
        'subscriptions/listen': (request) =>
          (async function* () {
            yield tagged('notifications/subscriptions/acknowledged', request.id, {
              notifications: { toolsListChanged: true },
            });
            await new Promise<void>((resolve) => {
              notify = resolve;
            });
            yield tagged('notifications/tools/list_changed', request.id);
            await new Promise(() => {});
          })(),
      },
      { tools: { listChanged: true } },
    );
    const transport = recordingTransport(server);
    const client = new McpClient(transport);
    const subscription = client.listen({ toolsListChanged: true });
    await subscription.acknowledged;
    await client.callTool('plain');
    await client.callTool('plain');
    expect(server.calls('tools/list')).toHaveLength(1);
    tools = [region];
    notify();
    await subscription.next();
    await client.callTool('deploy', { region: 'ap' });
    expect(server.calls('tools/list')).toHaveLength(2);
    expect(transport.options.at(-1)!.paramHeaders).toEqual({ Region: 'ap' });
    subscription.close();
  });

  it('a server whose tools/list fails can still be called', async () => {
    const { client, server } = setup({
      'tools/list': () => McpError.internalError('list broke'),
      'tools/call': callOk,
    });
    expect(await client.callTool('anything')).toEqual(callOk());
    expect(server.requests.map((r) => r.method)).toEqual(['server/discover', 'tools/list', 'tools/call']);
  });
});
