import { createInMemoryTransport, McpError } from '@mcpkit/protocol';
import { describe, expect, it } from 'vitest';
import {
  InvalidResponseError,
  McpClient,
  McpClientError,
  MissingClientCapabilityError,
  ResourceNotFoundError,
} from '../src/index.js';
import { mockServer } from './helpers/mock-server.js';

const caps = { tools: {}, prompts: {}, resources: {} };
const connect = (handlers: Parameters<typeof mockServer>[0]) =>
  new McpClient(createInMemoryTransport(mockServer(handlers, caps)), { autoListTools: false });

describe('results', () => {
  it('C-14: a pre-2026 server answering without resultType is read as complete', async () => {
    const client = connect({
      'tools/call': () => ({ content: [{ type: 'text', text: 'old' }] }),
      'tools/list': () => ({ tools: [{ name: 'a', inputSchema: { type: 'object' } }] }),
      'resources/read': () => ({ contents: [{ uri: 'file:///a', text: 'x' }] }),
      'prompts/get': () => ({ messages: [] }),
    });
    expect(await client.callTool('a')).toEqual({
      resultType: 'complete',
      content: [{ type: 'text', text: 'old' }],
    });
    // C-32, B-16: legacy list results have no caching hints: ttlMs 0, private.
    expect(await client.listTools()).toMatchObject({
      resultType: 'complete',
      ttlMs: 0,
      cacheScope: 'private',
    });
    expect(await client.readResource('file:///a')).toMatchObject({
      resultType: 'complete',
      contents: [{ text: 'x' }],
    });
    expect(await client.getPrompt('p')).toMatchObject({ resultType: 'complete', messages: [] });
  });

  it('C-15: an unknown resultType is an invalid response', async () => {
    const client = connect({ 'tools/call': () => ({ resultType: 'task', content: [] }) });
    const failure = await client.callTool('a').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(InvalidResponseError);
    expect((failure as InvalidResponseError).rule).toBe('P-16');
    expect(failure).not.toBeInstanceOf(McpError);
  });

  it('C-16: input_required on a method that cannot ask for input is an invalid response', async () => {
    const client = connect({
      'tools/list': () => ({ resultType: 'input_required', requestState: 'x' }),
    });
    const failure = await client.listTools().catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(InvalidResponseError);
    expect((failure as InvalidResponseError).rule).toBe('C-16');
  });

  it('P-73: input_required with neither inputRequests nor requestState is invalid', async () => {
    const client = connect({ 'tools/call': () => ({ resultType: 'input_required' }) });
    await expect(client.callTool('a')).rejects.toMatchObject({ name: 'InvalidResponseError', rule: 'P-73' });
  });

  it('a complete result that does not fit the method is an invalid response', async () => {
    const client = connect({ 'tools/call': () => ({ resultType: 'complete', content: 'not an array' }) });
    await expect(client.callTool('a')).rejects.toBeInstanceOf(InvalidResponseError);
  });

  it('C-17: -32602 and the pre-2026 -32002 both mean resource not found', async () => {
    const client = connect({
      'resources/read': (request) => {
        const uri = (request.params as { uri: string }).uri;
        return uri.endsWith('old')
          ? new McpError(-32002, 'Resource not found')
          : McpError.resourceNotFound(uri);
      },
    });
    const modern = await client.readResource('file:///new').catch((e: unknown) => e);
    expect(modern).toBeInstanceOf(ResourceNotFoundError);
    expect(modern).toBeInstanceOf(McpError);
    expect(modern).toMatchObject({ code: -32602, uri: 'file:///new' });
    const legacy = await client.readResource('file:///old').catch((e: unknown) => e);
    expect(legacy).toBeInstanceOf(ResourceNotFoundError);
    expect(legacy).toMatchObject({ code: -32002, uri: 'file:///old' });
  });

  it('C-17: a -32602 about the answers of an input-round retry is not a missing resource', async () => {
    const client = new McpClient(
      createInMemoryTransport(
        mockServer(
          {
            'resources/read': (request) =>
              (request.params as { inputResponses?: unknown }).inputResponses
                ? McpError.invalidParams('Invalid inputResponses.r')
                : { resultType: 'input_required', inputRequests: { r: { method: 'roots/list' } } },
          },
          caps,
        ),
      ),
      { handlers: { roots: () => [] } },
    );
    const failure = await client.readResource('file:///a').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(McpError);
    expect(failure).not.toBeInstanceOf(ResourceNotFoundError);
  });

  it('C-18: -32021 surfaces the missing capabilities', async () => {
    const client = connect({
      'tools/call': () => McpError.missingRequiredClientCapability({ elicitation: { url: {} } }),
    });
    const failure = await client.callTool('a').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(MissingClientCapabilityError);
    expect(failure).toBeInstanceOf(McpError);
    expect((failure as MissingClientCapabilityError).requiredCapabilities).toEqual({
      elicitation: { url: {} },
    });
  });

  it('P-25: peer errors are McpError with code, message and data; local errors never are', async () => {
    const client = connect({ 'tools/call': () => new McpError(-32603, 'boom', { detail: 1 }) });
    const failure = await client.callTool('a').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(McpError);
    expect(failure).not.toBeInstanceOf(McpClientError);
    expect(failure).toMatchObject({ code: -32603, message: 'boom', data: { detail: 1 } });
  });

  it('C-19: a tool execution error is a result with isError, not an exception', async () => {
    const client = connect({ 'tools/call': () => ({ resultType: 'complete', content: [], isError: true }) });
    expect(await client.callTool('a')).toMatchObject({ isError: true });
  });

  it('keeps unknown fields of results (extensibility)', async () => {
    const client = connect({
      'tools/call': () => ({ resultType: 'complete', content: [], 'x-extra': { keep: true } }),
    });
    expect(await client.callTool('a')).toMatchObject({ 'x-extra': { keep: true } });
  });
});

describe('structuredContent against outputSchema (C-20)', () => {
  const outputSchema = {
    type: 'object',
    properties: { total: { $ref: '#/$defs/count' } },
    required: ['total'],
    $defs: { count: { type: 'integer', minimum: 0 } },
  };
  function withTool(tool: Record<string, unknown>, structured: unknown, extra: Record<string, unknown> = {}) {
    const server = mockServer(
      {
        'tools/list': () => ({ resultType: 'complete', ttlMs: 0, cacheScope: 'private', tools: [tool] }),
        'tools/call': () => ({
          resultType: 'complete',
          content: [],
          structuredContent: structured,
          ...extra,
        }),
      },
      caps,
    );
    return { server, client: new McpClient(createInMemoryTransport(server)) };
  }
  const sum = { name: 'sum', inputSchema: { type: 'object' }, outputSchema };

  it('accepts structuredContent that fits, following same-document $refs', async () => {
    const { client } = withTool(sum, { total: 3 });
    expect(await client.callTool('sum')).toMatchObject({ structuredContent: { total: 3 } });
  });

  it('rejects structuredContent that does not fit', async () => {
    const { client } = withTool(sum, { total: -1 });
    const failure = await client.callTool('sum').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(InvalidResponseError);
    expect((failure as InvalidResponseError).rule).toBe('C-20');
  });

  it('rejects a missing structuredContent when the tool declares an outputSchema, unless isError', async () => {
    const server = mockServer(
      {
        'tools/list': () => ({ resultType: 'complete', ttlMs: 0, cacheScope: 'private', tools: [sum] }),
        'tools/call': (request) =>
          (request.params as { arguments?: { fail?: boolean } }).arguments?.fail
            ? { resultType: 'complete', content: [], isError: true }
            : { resultType: 'complete', content: [] },
      },
      caps,
    );
    const client = new McpClient(createInMemoryTransport(server));
    await expect(client.callTool('sum')).rejects.toMatchObject({ rule: 'C-20' });
    expect(await client.callTool('sum', { fail: true })).toMatchObject({ isError: true });
  });

  it("P-90: a hostile server's outputSchema with a catastrophic pattern (^(a+)+$) checks a long near-match in linear time", async () => {
    const hostile = {
      name: 'hostile',
      inputSchema: { type: 'object' },
      outputSchema: { type: 'object', properties: { id: { type: 'string', pattern: '^(a+)+$' } } },
    };
    // With a backtracking engine this near-match would never finish: the check would block the client.
    const { client } = withTool(hostile, { id: `${'a'.repeat(20_000)}b` });
    await expect(client.callTool('hostile')).rejects.toMatchObject({ rule: 'C-20' });
    const fitting = withTool(hostile, { id: 'a'.repeat(20_000) });
    expect(await fitting.client.callTool('hostile')).toMatchObject({
      structuredContent: { id: 'aaa'.padEnd(20_000, 'a') },
    });
  });

  it('P-62: structuredContent may be any JSON value, arrays and null included', async () => {
    const { client } = withTool(
      { name: 'list', inputSchema: { type: 'object' }, outputSchema: { type: 'array' } },
      [1, 2],
    );
    expect(await client.callTool('list')).toMatchObject({ structuredContent: [1, 2] });
    const nullable = withTool(
      { name: 'n', inputSchema: { type: 'object' }, outputSchema: { type: 'null' } },
      null,
    );
    expect(await nullable.client.callTool('n')).toMatchObject({ structuredContent: null });
  });

  it('P-87, P-89: an outputSchema with a network $ref is never fetched; results cannot be validated and are rejected', async () => {
    const fetched: string[] = [];
    const originalFetch = globalThis.fetch;
    globalThis.fetch = (async (input: unknown) => {
      fetched.push(String(input));
      throw new Error('no network in tests');
    }) as typeof fetch;
    try {
      const { client } = withTool(
        {
          name: 'r',
          inputSchema: { type: 'object' },
          outputSchema: { $ref: 'https://example.com/schema.json' },
        },
        { a: 1 },
      );
      await expect(client.callTool('r')).rejects.toThrow(/outputSchema cannot be used/);
      expect(fetched).toEqual([]);
    } finally {
      globalThis.fetch = originalFetch;
    }
  });

  it('validation can be turned off', async () => {
    const server = mockServer(
      {
        'tools/list': () => ({ resultType: 'complete', ttlMs: 0, cacheScope: 'private', tools: [sum] }),
        'tools/call': () => ({ resultType: 'complete', content: [], structuredContent: { total: 'many' } }),
      },
      caps,
    );
    const client = new McpClient(createInMemoryTransport(server), { validateStructuredContent: false });
    expect(await client.callTool('sum')).toMatchObject({ structuredContent: { total: 'many' } });
  });
});
