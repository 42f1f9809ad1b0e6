import {
  type ClientTransport,
  createInMemoryTransport,
  type JSONRPCRequest,
  McpError,
} from '@mcpkit/protocol';
import { SETTLED_DONE } from '@mcpkit/protocol/internal';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_CLIENT_INFO, McpClient } from '../src/index.js';
import { meta, mockServer, VERSION } from './helpers/mock-server.js';

const page = (items: unknown[], nextCursor?: string) => ({
  resultType: 'complete',
  ttlMs: 0,
  cacheScope: 'private',
  tools: items,
  ...(nextCursor === undefined ? {} : { nextCursor }),
});
const tool = (name: string) => ({ name, inputSchema: { type: 'object' } });

function everything() {
  return mockServer(
    {
      'tools/list': () => page([tool('a')]),
      'tools/call': () => ({ resultType: 'complete', content: [{ type: 'text', text: 'ok' }] }),
      'prompts/list': () => ({ resultType: 'complete', ttlMs: 0, cacheScope: 'private', prompts: [] }),
      'prompts/get': () => ({ resultType: 'complete', messages: [] }),
      'resources/list': () => ({ resultType: 'complete', ttlMs: 0, cacheScope: 'private', resources: [] }),
      'resources/templates/list': () => ({
        resultType: 'complete',
        ttlMs: 0,
        cacheScope: 'private',
        resourceTemplates: [],
      }),
      'resources/read': () => ({ resultType: 'complete', ttlMs: 0, cacheScope: 'private', contents: [] }),
      'completion/complete': () => ({ resultType: 'complete', completion: { values: ['x'] } }),
    },
    { tools: {}, prompts: {}, resources: {}, completions: {} },
  );
}

async function callEverything(client: McpClient) {
  await client.connect();
  await client.listTools();
  await client.callTool('a', { x: 1 });
  await client.listPrompts();
  await client.getPrompt('p', { a: 'b' });
  await client.listResources();
  await client.listResourceTemplates();
  await client.readResource('file:///x');
  await client.complete({ ref: { type: 'ref/prompt', name: 'p' }, argument: { name: 'a', value: 'b' } });
}

describe('requests', () => {
  it('C-1, C-2: every request carries protocolVersion, clientCapabilities and clientInfo in _meta', async () => {
    const server = everything();
    const client = new McpClient(createInMemoryTransport(server), {
      clientInfo: { name: 'test', version: '9' },
    });
    await callEverything(client);
    expect(server.requests.map((r) => r.method)).toEqual([
      'server/discover',
      'tools/list',
      'tools/call',
      'prompts/list',
      'prompts/get',
      'resources/list',
      'resources/templates/list',
      'resources/read',
      'completion/complete',
    ]);
    for (const request of server.requests) {
      expect(meta(request)).toEqual({
        'io.modelcontextprotocol/protocolVersion': VERSION,
        'io.modelcontextprotocol/clientCapabilities': {},
        'io.modelcontextprotocol/clientInfo': { name: 'test', version: '9' },
      });
    }
  });

  it('C-2: clientInfo defaults to the SDK name and can be turned off', async () => {
    const server = everything();
    await new McpClient(createInMemoryTransport(server)).connect();
    expect(meta(server.requests[0]!)['io.modelcontextprotocol/clientInfo']).toEqual(DEFAULT_CLIENT_INFO);
    const quiet = everything();
    await callEverything(new McpClient(createInMemoryTransport(quiet), { clientInfo: false }));
    for (const request of quiet.requests)
      expect(meta(request)).not.toHaveProperty('io.modelcontextprotocol/clientInfo');
  });

  it('C-3: the declared capabilities follow the handlers, on every request', async () => {
    const server = everything();
    const client = new McpClient(createInMemoryTransport(server), {
      handlers: {
        elicitation: { form: () => ({ action: 'decline' }), url: () => ({ action: 'decline' }) },
        roots: () => [],
      },
    });
    await callEverything(client);
    for (const request of server.requests) {
      expect(meta(request)['io.modelcontextprotocol/clientCapabilities']).toEqual({
        elicitation: { form: {}, url: {} },
        roots: {},
      });
    }
  });

  it('C-5: every request has a fresh id; ids are never null or reused', async () => {
    const server = everything();
    await callEverything(new McpClient(createInMemoryTransport(server)));
    const ids = server.requests.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(Number.isSafeInteger(id)).toBe(true);
  });

  it('C-7, C-8: logLevel and extra _meta (trace context) are sent; the per-request fields always win', async () => {
    const server = everything();
    const client = new McpClient(createInMemoryTransport(server));
    const traceparent = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
    await client.callTool(
      'a',
      {},
      {
        logLevel: 'warning',
        meta: { traceparent, 'io.modelcontextprotocol/protocolVersion': 'forged' },
      },
    );
    const sent = meta(server.calls('tools/call')[0]!);
    expect(sent.traceparent).toBe(traceparent);
    expect(sent['io.modelcontextprotocol/logLevel']).toBe('warning');
    expect(sent['io.modelcontextprotocol/protocolVersion']).toBe(VERSION);
  });

  it('sends the typed params of each method', async () => {
    const server = everything();
    await callEverything(new McpClient(createInMemoryTransport(server)));
    const params = (method: string) => {
      const { _meta, ...rest } = server.calls(method)[0]!.params as Record<string, unknown>;
      return rest;
    };
    expect(params('tools/call')).toEqual({ name: 'a', arguments: { x: 1 } });
    expect(params('prompts/get')).toEqual({ name: 'p', arguments: { a: 'b' } });
    expect(params('resources/read')).toEqual({ uri: 'file:///x' });
    expect(params('tools/list')).toEqual({});
    expect(params('completion/complete')).toEqual({
      ref: { type: 'ref/prompt', name: 'p' },
      argument: { name: 'a', value: 'b' },
    });
  });
});

describe('pagination', () => {
  function paged(pages: Record<string, ReturnType<typeof page>>) {
    return mockServer({
      'tools/list': (request: JSONRPCRequest) => {
        const cursor = (request.params as { cursor?: string }).cursor;
        return pages[cursor === undefined ? 'START' : `"${cursor}"`] ?? McpError.invalidParams('bad cursor');
      },
    });
  }

  it('P-67: an empty-string nextCursor is a cursor, not the end of the list', async () => {
    const server = paged({
      START: page([tool('a')], ''),
      '""': page([tool('b')], 'c2'),
      '"c2"': page([tool('c')]),
    });
    const client = new McpClient(createInMemoryTransport(server));
    const names: string[] = [];
    for await (const t of client.iterateTools()) names.push(t.name);
    expect(names).toEqual(['a', 'b', 'c']);
    expect(server.calls('tools/list').map((r) => (r.params as { cursor?: string }).cursor)).toEqual([
      undefined,
      '',
      'c2',
    ]);
  });

  it('P-66, P-68: pages of any size; a missing nextCursor ends the walk', async () => {
    const server = paged({ START: page([]) });
    const client = new McpClient(createInMemoryTransport(server));
    const names: string[] = [];
    for await (const t of client.iterateTools()) names.push(t.name);
    expect(names).toEqual([]);
  });

  it('the cursor is opaque: passed back exactly as received', async () => {
    const cursor = ' =?base64?x?= \u00e9\ud83d\ude00 "quoted" ';
    const server = paged({ START: page([tool('a')], cursor), [`"${cursor}"`]: page([tool('b')]) });
    const client = new McpClient(createInMemoryTransport(server));
    const names: string[] = [];
    for await (const t of client.iterateTools()) names.push(t.name);
    expect(names).toEqual(['a', 'b']);
  });

  it('a server that repeats a cursor cannot make the walk loop forever', async () => {
    const server = paged({ START: page([tool('a')], 'x'), '"x"': page([tool('b')], 'x') });
    const client = new McpClient(createInMemoryTransport(server));
    const walk = async () => {
      for await (const _ of client.iterateTools());
    };
    await expect(walk()).rejects.toThrow(/repeated the cursor/);
  });

  it('listX walks one page at a time with an explicit cursor', async () => {
    const server = paged({ START: page([tool('a')], 'n'), '"n"': page([tool('b')]) });
    const client = new McpClient(createInMemoryTransport(server));
    const first = await client.listTools();
    expect(first.nextCursor).toBe('n');
    const second = await client.listTools({ cursor: first.nextCursor });
    expect(second.tools.map((t) => t.name)).toEqual(['b']);
  });

  it('a call that got its response closes the exchange without a reaction on a settled SETTLED_DONE', async () => {
    const inner = createInMemoryTransport(everything());
    const transport: ClientTransport = {
      network: inner.network,
      exchange(request, options) {
        const iterator = inner.exchange(request, options)[Symbol.asyncIterator]();
        return {
          [Symbol.asyncIterator]: () => ({ next: () => iterator.next(), return: () => SETTLED_DONE }),
        };
      },
      close: () => inner.close(),
    };
    const client = new McpClient(transport);
    await client.connect();
    await client.listTools();
    const then = vi.spyOn(SETTLED_DONE, 'then');
    try {
      expect(await client.callTool('a', { x: 1 })).toMatchObject({ content: [{ text: 'ok' }] });
      expect(then).not.toHaveBeenCalled();
    } finally {
      then.mockRestore();
    }
  });
});
