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

  it('reads the names the server asks for on every request, in any spelling', () => {
    const raw: Record<string, string> = {
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': 'tools/call',
      'mcp-name': 'echo',
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
      origin: 'http://localhost',
      'mcp-session-id': 's-1',
    };
    const headers = new NodeHeaders(raw);
    const none = new NodeHeaders({});
    const asked = [
      'MCP-Protocol-Version',
      'Mcp-Method',
      'Mcp-Name',
      'accept',
      'content-type',
      'origin',
      'mcp-session-id',
    ];
    for (const name of asked) {
      for (const spelling of [name, name.toLowerCase(), name.toUpperCase()]) {
        expect(headers.get(spelling)).toBe(raw[name.toLowerCase()]);
        expect(headers.has(spelling)).toBe(true);
        expect(none.get(spelling)).toBeNull();
        expect(none.has(spelling)).toBe(false);
      }
    }
  });

  it('joins repeated values as Headers.get does', () => {
    const headers = new NodeHeaders({ 'x-list': ['a', 'b'] } as Record<string, string | string[]>);
    expect(headers.get('X-List')).toBe('a, b');
  });
});
