import { McpClient } from '@mcpkit/client';
import { createInMemoryTransport } from '@mcpkit/protocol';
import { McpServer } from '@mcpkit/server';
import { describe, expect, it } from 'vitest';
import { callTool, DemoError, listTools, progress } from '../src/tour.js';
import { someOf, Transcript } from '../src/transcript.js';

const ADD_INPUT = {
  type: 'object',
  properties: { a: { type: 'number' }, b: { type: 'number' } },
};
const SUM_OUTPUT = { type: 'object', properties: { sum: { type: 'number' } } };

function setup(register: (server: McpServer) => void) {
  const server = new McpServer({ name: 'broken', version: '1.0.0' });
  register(server);
  const lines: string[] = [];
  const transcript = new Transcript((text) => lines.push(text));
  return { client: new McpClient(createInMemoryTransport(server)), transcript, lines };
}

describe('tour steps', () => {
  it('fail with a DemoError that says what the server did wrong', async () => {
    const wrongSum = setup((server) =>
      server.tool('add_numbers', { inputSchema: ADD_INPUT, outputSchema: SUM_OUTPUT }, () => ({
        content: [],
        structuredContent: { sum: 6 },
      })),
    );
    const failure = await callTool(wrongSum.client, wrongSum.transcript).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DemoError);
    expect((failure as DemoError).message).toMatch(
      /^add_numbers\(2, 3\) returned \{.*"structuredContent":\{"sum":6\}/,
    );
    const noAdder = setup((server) => server.tool('other', {}, () => ({ content: [] })));
    await expect(listTools(noAdder.client, noAdder.transcript)).rejects.toThrow(
      'tools/list has no add_numbers tool',
    );
    const silent = setup((server) =>
      server.tool('test_tool_with_progress', {}, () => ({
        content: [{ type: 'text', text: 'no progress' }],
      })),
    );
    await expect(progress(silent.client, silent.transcript)).rejects.toThrow(
      'expected 3 progress notifications, got 0',
    );
    expect([...wrongSum.lines, ...noAdder.lines, ...silent.lines]).toEqual([]);
  });

  it('report what happened, one aligned line per step', async () => {
    const { client, transcript, lines } = setup((server) =>
      server.tool('add_numbers', { inputSchema: ADD_INPUT, outputSchema: SUM_OUTPUT }, () => ({
        content: [{ type: 'text', text: 'five' }],
        structuredContent: { sum: 5 },
      })),
    );
    await callTool(client, transcript);
    expect(lines).toEqual(['  tools/call   add_numbers {"a":2,"b":3} -> "five", structured {"sum":5}\n']);
    expect(transcript.count).toBe(1);
  });

  it('someOf names a few and counts the rest', () => {
    expect(someOf(['a', 'b'])).toBe('a, b');
    expect(someOf(['a', 'b', 'c', 'd', 'e', 'f'])).toBe('a, b, c, d and 2 more');
  });
});
