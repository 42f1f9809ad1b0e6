import { type ClientTransport, createInMemoryTransport, type SessionEnd } from '@mcpkit/protocol';
import { describe, expect, it } from 'vitest';
import { type ClientWarning, McpClient } from '../src/index.js';
import { mockServer } from './helpers/mock-server.js';

const tools = { 'tools/list': () => ({ resultType: 'complete', tools: [] }) };

/** An in-memory transport whose server restarts when the test says so. */
function restartable(): ClientTransport & { restart(): void } {
  const inner = createInMemoryTransport(mockServer(tools));
  const listeners = new Set<() => void>();
  return {
    exchange: (request, options) => inner.exchange(request, options),
    close: () => inner.close(),
    network: { transport: 'inproc' },
    onRestart(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    restart: () => {
      for (const listener of listeners) listener();
    },
  };
}

describe('client.use({ sessionEnded })', () => {
  it('reports the connected time once, when the client closes', async () => {
    const client = new McpClient(createInMemoryTransport(mockServer(tools)));
    const ended: SessionEnd[] = [];
    client.use({ sessionEnded: (session) => ended.push(session) });
    const before = Date.now();
    await client.listTools();
    await client.close();
    await client.close();
    expect(ended).toEqual([
      expect.objectContaining({
        side: 'client',
        sessionId: undefined,
        protocolVersion: '2026-07-28',
        network: { transport: 'inproc' },
        reason: 'closed',
      }),
    ]);
    expect(ended[0]!.openedAt).toBeGreaterThanOrEqual(before);
    expect(ended[0]!.endedAt).toBeGreaterThanOrEqual(ended[0]!.openedAt);
    expect(ended[0]).not.toHaveProperty('error');
  });

  it('reports nothing for a client that never connected', async () => {
    const client = new McpClient(createInMemoryTransport(mockServer(tools)));
    const ended: SessionEnd[] = [];
    client.use({ sessionEnded: (session) => ended.push(session) });
    await client.close();
    expect(ended).toEqual([]);
  });

  it('a restart of the server ends the session as lost; the next connection is a new one', async () => {
    const transport = restartable();
    const client = new McpClient(transport);
    const ended: SessionEnd[] = [];
    client.use({ sessionEnded: (session) => ended.push(session) });
    await client.listTools();
    transport.restart();
    await client.listTools();
    await client.close();
    expect(ended.map((session) => session.reason)).toEqual(['lost', 'closed']);
    expect(ended[0]!.error).toMatchObject({ name: 'TransportError', reason: 'restarted' });
  });

  it('a hook that throws is a warning; the other hooks still hear', async () => {
    const warnings: ClientWarning[] = [];
    const client = new McpClient(createInMemoryTransport(mockServer(tools)), {
      onWarning: (warning) => warnings.push(warning),
    });
    const ended: SessionEnd[] = [];
    client.use({
      sessionEnded: () => {
        throw new Error('hook broke');
      },
    });
    client.use({ sessionEnded: (session) => ended.push(session) });
    await client.listTools();
    await client.close();
    expect(ended).toHaveLength(1);
    expect(warnings).toEqual([
      { kind: 'hook-failed', error: expect.objectContaining({ message: 'hook broke' }) },
    ]);
  });
});
