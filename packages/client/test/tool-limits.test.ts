import { createInMemoryTransport } from '@mcpkit/protocol';
import { describe, expect, it } from 'vitest';
import { InvalidResponseError, McpClient } from '../src/index.js';
import { mockServer } from './helpers/mock-server.js';

function tools(count: number, prefix = 't') {
  return Array.from({ length: count }, (_, i) => ({
    name: `${prefix}${i}`,
    inputSchema: { type: 'object' },
  }));
}

describe('client caps on tools', () => {
  it('client caps on tools per list page: a page past maxToolsPerPage is an InvalidResponseError', async () => {
    const server = mockServer({ 'tools/list': () => ({ tools: tools(20_000) }) });
    const client = new McpClient(createInMemoryTransport(server));
    await expect(client.listTools()).rejects.toThrow(InvalidResponseError);
    await expect(client.listTools()).rejects.toThrow(/20000 tools, more than 10000/);
    const roomy = new McpClient(createInMemoryTransport(server), { maxToolsPerPage: 20_000 });
    expect((await roomy.listTools()).tools).toHaveLength(20_000);
  });

  it('client caps on tools in total: pages that add up past maxTools are an InvalidResponseError', async () => {
    const server = mockServer({
      'tools/list': (request) => {
        const page = Number((request.params as { cursor?: string }).cursor ?? 0);
        return { tools: tools(100, `p${page}-`), nextCursor: String(page + 1) };
      },
    });
    const client = new McpClient(createInMemoryTransport(server), { maxTools: 1_000 });
    let seen = 0;
    const walk = async () => {
      for await (const _ of client.iterateTools()) seen++;
    };
    await expect(walk()).rejects.toThrow(/more than 1000 tools/);
    expect(seen).toBe(1_000);
  });

  it('tool limits that are not positive integers are a RangeError', () => {
    const transport = createInMemoryTransport(mockServer({}));
    expect(() => new McpClient(transport, { maxTools: 0 })).toThrow(RangeError);
    expect(() => new McpClient(transport, { maxToolsPerPage: 1.5 })).toThrow(RangeError);
  });
});
