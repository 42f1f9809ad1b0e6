import type { ExchangeMessage, JSONRPCRequest } from '@mcpkit/protocol';
import { TransportError } from '@mcpkit/protocol';
import { describe, expect, it, vi } from 'vitest';
import { createHttpClientTransport } from '../src/client/create-transport.js';
import type { LegacyWireContext } from '../src/client/legacy-wire-contract.js';

/** Whether loading the 2025-era wire fails, as a chunk a browser could not fetch would. */
const loading = vi.hoisted(() => ({ fails: false, loads: 0 }));

vi.mock('../src/client/legacy-wire.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../src/client/legacy-wire.js')>();
  return {
    adoptKit: actual.adoptKit,
    httpLegacyWire: (context: LegacyWireContext) => {
      loading.loads++;
      if (loading.fails) throw new TypeError('Failed to fetch dynamically imported module');
      return actual.httpLegacyWire(context);
    },
  };
});

const URL = 'http://127.0.0.1:1/mcp';
const rpc = (method: string, id: number): JSONRPCRequest => ({ jsonrpc: '2.0', id, method, params: {} });
const initializeResult = {
  protocolVersion: '2025-11-25',
  capabilities: {},
  serverInfo: { name: 's', version: '1' },
};

async function collect(exchange: AsyncIterable<ExchangeMessage>): Promise<ExchangeMessage[]> {
  const items: ExchangeMessage[] = [];
  for await (const item of exchange) items.push(item);
  return items;
}

/** A 2025-era server that answers everything with a session id; `sent` has each request's method and session. */
function sessionServer() {
  const sent: { method: string; session: string | null }[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const body = request.method === 'POST' ? JSON.parse(await request.text()) : undefined;
    sent.push({ method: body?.method ?? request.method, session: request.headers.get('mcp-session-id') });
    if (request.method !== 'POST') return new Response(null, { status: 200 });
    return new Response(JSON.stringify({ jsonrpc: '2.0', id: body.id, result: initializeResult }), {
      headers: { 'content-type': 'application/json', 'mcp-session-id': 'abc' },
    });
  };
  return { fetch, sent };
}

describe('the 2025-era wire of the "." entry, loaded when first needed', () => {
  it('is not loaded by 2026-07-28 exchanges, nor by ending a session that never began', async () => {
    const { fetch, sent } = sessionServer();
    loading.loads = 0;
    const transport = createHttpClientTransport(URL, { fetch });
    await collect(transport.exchange(rpc('tools/list', 1), {}));
    expect(transport.legacy!.sessionId!()).toBeUndefined();
    await transport.legacy!.endSession();
    await transport.close();
    expect(loading.loads).toBe(0);
    expect(sent.map(({ method }) => method)).toEqual(['tools/list']);
  });

  it('B-11: a load that failed fails the initialize that waited for it, and the next initialize loads it again', async () => {
    const { fetch, sent } = sessionServer();
    const transport = createHttpClientTransport(URL, { fetch });
    loading.fails = true;
    const failure = await collect(transport.exchange(rpc('initialize', 1), {})).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(TransportError);
    expect((failure as Error).message).toContain('Failed to fetch dynamically imported module');
    expect(sent).toEqual([]);
    loading.fails = false;
    await collect(transport.exchange(rpc('initialize', 2), {}));
    transport.legacy!.beginSession({ protocolVersion: '2025-11-25' });
    await collect(transport.exchange(rpc('tools/list', 3), {}));
    expect(sent).toEqual([
      { method: 'initialize', session: null },
      { method: 'tools/list', session: 'abc' },
    ]);
    expect(transport.legacy!.sessionId!()).toBe('abc');
    await transport.close();
    expect(sent.at(-1)).toEqual({ method: 'DELETE', session: 'abc' });
  });
});
