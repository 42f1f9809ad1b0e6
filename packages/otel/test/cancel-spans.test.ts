// otel() on both sides of a notifications/cancelled: the client's CLIENT span, and the server's
// SERVER span whose parent it is, for a call aborted by the application and for a call in flight
// when the client closes; over stdio (both eras), a MessagePort, and a 2025 HTTP POST.
import { MessageChannel } from 'node:worker_threads';
import { McpClient } from '@mcpkit/client';
import { serveHttp } from '@mcpkit/transport-http/node';
import { createMessagePortClientTransport, serveMessagePort } from '@mcpkit/transport-message-port';
import { SpanKind } from '@opentelemetry/api';
import { describe, expect, it } from 'vitest';
import { otel } from '../src/otel.js';
// @ts-expect-error: a plain ES module fixture, without types
import { createTestServer } from './fixtures/test-server.mjs';
import { Recorder } from './support/sdk.js';
import { type Era, recorded, type SpanRecord, tracedPair } from './support/traced-server.js';

const CANCELLED = 'notifications/cancelled';

const cancels = (spans: SpanRecord[], kind: SpanKind) =>
  spans.filter((span) => span.name === CANCELLED && span.kind === kind);

/** Waits (2 s at most) until `recorder` finished `count` spans named `name`. */
async function finished(recorder: Recorder, name: string, count: number): Promise<void> {
  for (let waited = 0; waited < 2000; waited += 10) {
    if (recorder.spans().filter((span) => span.name === name).length >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Calls `hang` and aborts it once the server runs it. */
async function abortedHang(client: McpClient): Promise<void> {
  const controller = new AbortController();
  const hung = client.callTool('hang', {}, { signal: controller.signal });
  setTimeout(() => controller.abort(), 200);
  await expect(hung).rejects.toThrow();
}

/** Each CLIENT span of a cancel has one SERVER span of the same name, its child in the same trace. */
function expectJoined(sent: SpanRecord[], served: SpanRecord[]): void {
  expect(served).toHaveLength(sent.length);
  for (const span of sent) {
    const children = served.filter((candidate) => candidate.parentSpanId === span.spanId);
    expect(children).toHaveLength(1);
    expect(children[0]!.traceId).toBe(span.traceId);
    expect(children[0]!.attributes).toMatchObject({ 'mcp.method.name': CANCELLED });
    expect(children[0]!.attributes).not.toHaveProperty('jsonrpc.request.id');
  }
}

describe.each(['modern', 'legacy'] as Era[])('over stdio, %s era', (era) => {
  it('an aborted call and a call in flight at close(): each cancel a CLIENT span with a SERVER child', async () => {
    const pair = await tracedPair('stdio', era);
    await pair.client.callTool('echo', { text: 'the server runs' });
    await abortedHang(pair.client);
    const inFlight = pair.client.callTool('hang', {}).then(
      () => 'answered',
      () => 'failed',
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    const { client, server } = await pair.finish();
    expect(await inFlight).toBe('failed');
    const sent = cancels(client.spans, SpanKind.CLIENT);
    expect(sent).toHaveLength(2);
    expectJoined(sent, cancels(server.spans, SpanKind.SERVER));
    // Both calls were cancelled: their handlers returned.
    expect(server.spans.filter((span) => span.name === 'tools/call hang')).toHaveLength(2);
  });
});

describe('over a MessagePort', () => {
  it('an aborted call and a call in flight at close(): each cancel a CLIENT span with a SERVER child', async () => {
    const serverRecorder = new Recorder();
    const clientRecorder = new Recorder();
    const { port1, port2 } = new MessageChannel();
    const served = serveMessagePort(createTestServer(otel(serverRecorder)), port1);
    const client = new McpClient(createMessagePortClientTransport(port2), {
      clientInfo: { name: 'traced-client', version: '1.0.0' },
    });
    client.use(otel(clientRecorder));
    try {
      await abortedHang(client);
      const inFlight = client.callTool('hang', {}).then(
        () => 'answered',
        () => 'failed',
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
      await client.close();
      expect(await inFlight).toBe('failed');
      const sent = cancels((await recorded(clientRecorder)).spans, SpanKind.CLIENT);
      expect(sent).toHaveLength(2);
      // The server hears the last cancel a moment after close() returned.
      await finished(serverRecorder, 'tools/call hang', 2);
      await finished(serverRecorder, CANCELLED, 2);
      expectJoined(sent, cancels((await recorded(serverRecorder)).spans, SpanKind.SERVER));
    } finally {
      served.close();
      port1.close();
    }
  });
});

describe('over 2025 HTTP', () => {
  const TRACE_ID = '0af7651916cd43dd8448eb211c80319c';
  const PARENT_ID = 'b7ad6b7169203331';

  it('a cancel POSTed for a running call: a SERVER span, its parent the one in _meta, and the call ends', async () => {
    const recorder = new Recorder();
    const server = createTestServer(otel(recorder));
    const http = await serveHttp(server, { port: 0 });
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    };
    const post = (body: unknown, signal?: AbortSignal) =>
      fetch(http.url, { method: 'POST', headers, body: JSON.stringify(body), ...(signal ? { signal } : {}) });
    const hanging = new AbortController();
    try {
      const opened = await post({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-11-25',
          capabilities: {},
          clientInfo: { name: 'raw', version: '1' },
        },
      });
      expect(opened.status).toBe(200);
      await opened.text();
      headers['mcp-session-id'] = opened.headers.get('mcp-session-id')!;
      headers['mcp-protocol-version'] = '2025-11-25';
      await (await post({ jsonrpc: '2.0', method: 'notifications/initialized' })).text();
      const call = { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'hang', arguments: {} } };
      void post(call, hanging.signal).catch(() => undefined);
      // Once the server runs it.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const traceparent = `00-${TRACE_ID}-${PARENT_ID}-01`;
      const cancel = await post({
        jsonrpc: '2.0',
        method: CANCELLED,
        params: { requestId: 7, _meta: { traceparent } },
      });
      expect(cancel.status).toBe(202);
      await finished(recorder, 'tools/call hang', 1);
      const spans = (await recorded(recorder)).spans;
      const [served] = cancels(spans, SpanKind.SERVER);
      expect(served).toMatchObject({ traceId: TRACE_ID, parentSpanId: PARENT_ID });
      expect(served!.attributes).toMatchObject({
        'mcp.method.name': CANCELLED,
        'mcp.session.id': headers['mcp-session-id'],
        'network.transport': 'tcp',
      });
      // The handler saw its signal abort, and returned.
      expect(spans.filter((span) => span.name === 'tools/call hang')).toHaveLength(1);
    } finally {
      hanging.abort();
      await server.close();
      await http.close();
    }
  });
});
