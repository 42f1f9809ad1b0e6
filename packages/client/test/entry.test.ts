import * as protocol from '@mcpkit/protocol';
import { describe, expect, it } from 'vitest';
import * as entry from '../src/index.js';

describe('the public entry of @mcpkit/client', () => {
  it('re-exports the protocol values a client needs, the very same objects', () => {
    expect(entry.McpError).toBe(protocol.McpError);
    expect(entry.TransportError).toBe(protocol.TransportError);
    expect(entry.ErrorCode).toBe(protocol.ErrorCode);
    expect(entry.createInMemoryTransport).toBe(protocol.createInMemoryTransport);
    expect(entry.LATEST_PROTOCOL_VERSION).toBe(protocol.LATEST_PROTOCOL_VERSION);
    expect(entry.MODERN_PROTOCOL_VERSIONS).toBe(protocol.MODERN_PROTOCOL_VERSIONS);
  });

  it('keeps internal decision helpers off it', () => {
    for (const name of [
      'probeVerdict',
      'versionAfterRefusal',
      'supportedFilter',
      'unacknowledged',
      'declaredCapabilities',
      'CallChain',
      'CallState',
    ]) {
      expect(entry, name).not.toHaveProperty(name);
    }
  });

  it('is enough for a client over the in-memory transport, without @mcpkit/protocol', async () => {
    const endpoint: protocol.McpEndpoint = {
      async *handle(message) {
        const request = message as entry.JSONRPCRequest;
        const error = new entry.McpError(-32601, 'nothing here').toJSON();
        yield { response: { jsonrpc: '2.0', id: request.id, error } };
      },
    };
    const client = new entry.McpClient(entry.createInMemoryTransport(endpoint), {
      protocolVersion: '2026-07-28',
    });
    const failure = await client.listTools().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(entry.McpError);
  });
});
