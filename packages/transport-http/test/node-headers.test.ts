import { describe, expect, it } from 'vitest';
import { NodeHeaders } from '../src/node/node-headers.js';

describe('NodeHeaders: a Headers view of Node parsed headers', () => {
  it('finds a header by any spelling of its name, and keeps doing so past the memo of lowercased names', () => {
    const raw: Record<string, string> = { 'mcp-method': 'tools/call' };
    for (let i = 0; i < 100; i++) raw[`x-name-${i}`] = String(i);
    const headers = new NodeHeaders(raw);
    for (let round = 0; round < 2; round++) {
      expect(headers.get('Mcp-Method')).toBe('tools/call');
      expect(headers.get('MCP-METHOD')).toBe('tools/call');
      expect(headers.get('mcp-method')).toBe('tools/call');
      for (let i = 0; i < 100; i++) {
        expect(headers.get(`X-Name-${i}`)).toBe(String(i));
        expect(headers.has(`X-NAME-${i}`)).toBe(true);
      }
      expect(headers.get('Mcp-Name')).toBeNull();
      expect(headers.has('MCP-Name')).toBe(false);
    }
  });

  it('joins repeated values as Headers.get does', () => {
    const headers = new NodeHeaders({ 'x-list': ['a', 'b'] } as Record<string, string | string[]>);
    expect(headers.get('X-List')).toBe('a, b');
  });
});
