// otel() on a real client and server, over stdio and HTTP, in both eras: the spans of each side,
// how they join across the wire, and the histograms.
import type { McpClient } from '@mcpkit/client';
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type Era,
  type Recorded,
  type SpanRecord,
  type TransportKind,
  tracedPair,
} from './support/traced-server.js';

const VERSION: Record<Era, string> = { modern: '2026-07-28', legacy: '2025-11-25' };

/** Every call the tests look at, in this order, on one client. */
async function scenario(client: McpClient, era: Era, transport: TransportKind): Promise<void> {
  await client.callTool('echo', { text: 'hi' });
  if (transport === 'stdio') {
    // Aborted once written: stdio then writes notifications/cancelled.
    const controller = new AbortController();
    const hung = client.callTool('hang', {}, { signal: controller.signal });
    setTimeout(() => controller.abort(), 200);
    await hung.catch(() => undefined);
  }
  await client.callTool('count', {}, { onProgress: () => {} });
  await client.getPrompt('review');
  await client.readResource('file:///notes.txt');
  await client.callTool('nope', {}).catch(() => undefined);
  await client.callTool('fail', {});
  await client.callTool('book', {});
  if (era === 'modern') {
    await client.callTool('build', {});
    const subscription = client.listen({ toolsListChanged: true });
    await subscription.acknowledged;
    subscription.close();
  }
}

const named = (spans: SpanRecord[], name: string, kind: SpanKind) =>
  spans.filter((span) => span.name === name && span.kind === kind);

function one(spans: SpanRecord[], name: string, kind: SpanKind): SpanRecord {
  const found = named(spans, name, kind);
  if (found.length !== 1) throw new Error(`${found.length} ${SpanKind[kind]} spans named ${name}`);
  return found[0]!;
}

describe.each([
  ['stdio', 'modern'],
  ['stdio', 'legacy'],
  ['http', 'modern'],
  ['http', 'legacy'],
] as [TransportKind, Era][])('over %s, %s era', (transport, era) => {
  let client: Recorded;
  let server: Recorded;
  beforeAll(async () => {
    const pair = await tracedPair(transport, era);
    await scenario(pair.client, era, transport);
    ({ client, server } = await pair.finish());
  });

  /** The attributes every span and metric point of this pair has. */
  function transportAttributes(): Record<string, unknown> {
    const attributes: Record<string, unknown> = {
      'mcp.protocol.version': VERSION[era],
      'network.transport': transport === 'stdio' ? 'pipe' : 'tcp',
    };
    if (transport === 'http') attributes['network.protocol.name'] = 'http';
    return attributes;
  }

  it('tools/call: a CLIENT span, and a SERVER span of the same name that is its child in the same trace', () => {
    const sent = one(client.spans, 'tools/call echo', SpanKind.CLIENT);
    const served = one(server.spans, 'tools/call echo', SpanKind.SERVER);
    expect(served.traceId).toBe(sent.traceId);
    expect(served.parentSpanId).toBe(sent.spanId);
    expect(sent.status.code).toBe(SpanStatusCode.UNSET);
    expect(served.status.code).toBe(SpanStatusCode.UNSET);
    const id = sent.attributes['jsonrpc.request.id'];
    expect(typeof id).toBe('string');
    expect(served.attributes['jsonrpc.request.id']).toBe(id);
    for (const span of [sent, served]) {
      expect(span.attributes).toMatchObject({
        'mcp.method.name': 'tools/call',
        'gen_ai.tool.name': 'echo',
        'gen_ai.operation.name': 'execute_tool',
        ...transportAttributes(),
      });
      for (const absent of [
        'error.type',
        'rpc.response.status_code',
        'gen_ai.prompt.name',
        'mcp.resource.uri',
      ])
        expect(span.attributes).not.toHaveProperty(absent);
      expect(span.attributes).not.toHaveProperty('gen_ai.tool.call.arguments');
      expect(span.attributes).not.toHaveProperty('gen_ai.tool.call.result');
    }
  });

  it('the session id only on 2025-era HTTP spans; peer addresses only over HTTP, each on its side', () => {
    const sent = one(client.spans, 'tools/call echo', SpanKind.CLIENT);
    const served = one(server.spans, 'tools/call echo', SpanKind.SERVER);
    if (transport === 'http' && era === 'legacy') {
      expect(sent.attributes['mcp.session.id']).toEqual(expect.any(String));
      expect(served.attributes['mcp.session.id']).toBe(sent.attributes['mcp.session.id']);
    } else {
      expect(sent.attributes).not.toHaveProperty('mcp.session.id');
      expect(served.attributes).not.toHaveProperty('mcp.session.id');
    }
    if (transport === 'http') {
      expect(sent.attributes['server.address']).toBe('127.0.0.1');
      expect(sent.attributes['server.port']).toEqual(expect.any(Number));
      expect(served.attributes['client.address']).toMatch(/127\.0\.0\.1/);
      expect(served.attributes['client.port']).toEqual(expect.any(Number));
    } else {
      for (const key of ['server.address', 'server.port', 'client.address', 'client.port']) {
        expect(sent.attributes).not.toHaveProperty(key);
        expect(served.attributes).not.toHaveProperty(key);
      }
    }
    expect(sent.attributes).not.toHaveProperty('client.address');
    expect(served.attributes).not.toHaveProperty('server.address');
  });

  it('prompts/get and resources/read: the prompt name in the name, the URI as an attribute only', () => {
    for (const spans of [client.spans, server.spans]) {
      const kind = spans === client.spans ? SpanKind.CLIENT : SpanKind.SERVER;
      const prompt = one(spans, 'prompts/get review', kind);
      expect(prompt.attributes).toMatchObject({
        'mcp.method.name': 'prompts/get',
        'gen_ai.prompt.name': 'review',
      });
      expect(prompt.attributes).not.toHaveProperty('gen_ai.operation.name');
      expect(prompt.attributes).not.toHaveProperty('gen_ai.tool.name');
      const read = one(spans, 'resources/read', kind);
      expect(read.attributes).toMatchObject({
        'mcp.method.name': 'resources/read',
        'mcp.resource.uri': 'file:///notes.txt',
      });
      expect(read.attributes).not.toHaveProperty('gen_ai.operation.name');
    }
  });

  it('an unknown tool: both spans ERROR with the JSON-RPC code and message, the server refused it before a handler', () => {
    const sent = one(client.spans, 'tools/call nope', SpanKind.CLIENT);
    const served = one(server.spans, 'tools/call nope', SpanKind.SERVER);
    expect(served.parentSpanId).toBe(sent.spanId);
    for (const span of [sent, served]) {
      expect(span.status).toStrictEqual({ code: SpanStatusCode.ERROR, message: 'Unknown tool: nope' });
      expect(span.attributes['error.type']).toBe('-32602');
      expect(span.attributes['rpc.response.status_code']).toBe('-32602');
    }
  });

  it('a tool error: tool_error and the ERROR status on both sides, no status code', () => {
    for (const span of [
      one(client.spans, 'tools/call fail', SpanKind.CLIENT),
      one(server.spans, 'tools/call fail', SpanKind.SERVER),
    ]) {
      expect(span.status.code).toBe(SpanStatusCode.ERROR);
      expect(span.attributes['error.type']).toBe('tool_error');
      expect(span.attributes).not.toHaveProperty('rpc.response.status_code');
    }
  });

  it('a call that asks for input: its requests share the INTERNAL span of the call as parent', () => {
    const call = one(client.spans, 'tools/call book', SpanKind.INTERNAL);
    const requests = named(client.spans, 'tools/call book', SpanKind.CLIENT);
    expect(requests).toHaveLength(era === 'modern' ? 2 : 1);
    for (const request of requests) expect(request.parentSpanId).toBe(call.spanId);
    const served = named(server.spans, 'tools/call book', SpanKind.SERVER);
    expect(served.map((span) => span.parentSpanId).sort()).toStrictEqual(
      requests.map((span) => span.spanId).sort(),
    );
    if (era === 'modern') {
      // The server asks inside its result: the client serves that input request under the call.
      const answered = one(client.spans, 'elicitation/create', SpanKind.SERVER);
      expect(answered.parentSpanId).toBe(call.spanId);
      expect(answered.attributes).toMatchObject({ 'mcp.method.name': 'elicitation/create' });
      expect(answered.attributes).not.toHaveProperty('jsonrpc.request.id');
    }
    if (era === 'legacy') {
      // The server asks with a real elicitation/create: it is the CLIENT of that request.
      const asked = one(server.spans, 'elicitation/create', SpanKind.CLIENT);
      const answered = one(client.spans, 'elicitation/create', SpanKind.SERVER);
      expect(asked.parentSpanId).toBe(served[0]!.spanId);
      expect(answered.parentSpanId).toBe(asked.spanId);
      expect(answered.traceId).toBe(call.traceId);
    }
  });

  it.runIf(era === 'modern')(
    'a task: its polls are children of the call and link to the request that created it',
    () => {
      const call = one(client.spans, 'tools/call build', SpanKind.INTERNAL);
      const created = one(client.spans, 'tools/call build', SpanKind.CLIENT);
      const polls = named(client.spans, 'tasks/get', SpanKind.CLIENT);
      expect(polls.length).toBeGreaterThan(0);
      for (const poll of polls) {
        expect(poll.parentSpanId).toBe(call.spanId);
        expect(poll.links).toStrictEqual([created.spanId]);
      }
      const createdOnServer = one(server.spans, 'tools/call build', SpanKind.SERVER);
      for (const poll of named(server.spans, 'tasks/get', SpanKind.SERVER))
        expect(poll.links).toContain(createdOnServer.spanId);
    },
  );

  it.runIf(era === 'modern')(
    'listens (the application’s, the one that follows tasks): a CLIENT span each, a SERVER span its child',
    () => {
      const opened = named(client.spans, 'subscriptions/listen', SpanKind.CLIENT);
      expect(opened.length).toBeGreaterThanOrEqual(2);
      for (const span of opened) {
        const served = named(server.spans, 'subscriptions/listen', SpanKind.SERVER).filter(
          (child) => child.parentSpanId === span.spanId,
        );
        expect(served).toHaveLength(1);
        expect(served[0]!.traceId).toBe(span.traceId);
        expect(served[0]!.attributes['jsonrpc.request.id']).toBe(span.attributes['jsonrpc.request.id']);
      }
    },
  );

  it('a progress notification: the server’s CLIENT span under its tools/call, the client’s SERVER span its child', () => {
    const sent = one(server.spans, 'notifications/progress', SpanKind.CLIENT);
    const received = one(client.spans, 'notifications/progress', SpanKind.SERVER);
    expect(sent.parentSpanId).toBe(one(server.spans, 'tools/call count', SpanKind.SERVER).spanId);
    expect(received.traceId).toBe(sent.traceId);
    expect(received.parentSpanId).toBe(sent.spanId);
    expect(received.status.code).toBe(SpanStatusCode.UNSET);
    expect(received.attributes).toMatchObject({
      'mcp.method.name': 'notifications/progress',
      ...transportAttributes(),
    });
    expect(received.attributes).not.toHaveProperty('jsonrpc.request.id');
  });

  it.runIf(transport === 'stdio')(
    'aborted exchanges (the call, and in the 2026 era the listens): each notifications/cancelled is a CLIENT span',
    () => {
      const sent = named(client.spans, 'notifications/cancelled', SpanKind.CLIENT);
      expect(sent.length).toBeGreaterThanOrEqual(1);
      if (era === 'legacy') expect(sent).toHaveLength(1);
      for (const span of sent) {
        expect(span.status.code).toBe(SpanStatusCode.UNSET);
        expect(span.attributes).toMatchObject({
          'mcp.method.name': 'notifications/cancelled',
          ...transportAttributes(),
        });
        expect(span.attributes).not.toHaveProperty('jsonrpc.request.id');
      }
    },
  );

  it.runIf(era === 'legacy')(
    'the client’s notifications/initialized: a CLIENT span, the server’s SERVER span its child',
    () => {
      const sent = one(client.spans, 'notifications/initialized', SpanKind.CLIENT);
      const served = one(server.spans, 'notifications/initialized', SpanKind.SERVER);
      expect(served.parentSpanId).toBe(sent.spanId);
      expect(sent.attributes).not.toHaveProperty('jsonrpc.request.id');
    },
  );

  it('the connection itself is traced: discovery or initialize, as CLIENT and SERVER spans', () => {
    const method = era === 'modern' ? 'server/discover' : 'initialize';
    const sent = named(client.spans, method, SpanKind.CLIENT);
    expect(sent.length).toBeGreaterThan(0);
    const served = named(server.spans, method, SpanKind.SERVER);
    expect(served.map((span) => span.parentSpanId)).toContain(sent.at(-1)!.spanId);
  });

  it('session durations: the client its connection, the server a 2025-era session only, in seconds', () => {
    const clientSessions = client.metrics.find((metric) => metric.name === 'mcp.client.session.duration');
    const serverSessions = server.metrics.find((metric) => metric.name === 'mcp.server.session.duration');
    expect(clientSessions?.unit).toBe('s');
    expect(clientSessions?.points).toStrictEqual([
      {
        ...transportAttributes(),
        ...(transport === 'http' ? { 'server.address': '127.0.0.1', 'server.port': expect.any(Number) } : {}),
      },
    ]);
    if (era === 'modern') {
      expect(serverSessions?.points ?? []).toStrictEqual([]);
    } else {
      expect(serverSessions?.unit).toBe('s');
      // Ended by the client's DELETE over HTTP, by the connection closing over stdio.
      expect(serverSessions?.points).toStrictEqual([transportAttributes()]);
    }
  });

  it('histograms: one per side, in seconds, with the conventions attributes only', () => {
    const clientHistogram = client.metrics.find((metric) => metric.name === 'mcp.client.operation.duration')!;
    const serverHistogram = server.metrics.find((metric) => metric.name === 'mcp.server.operation.duration')!;
    expect(clientHistogram.unit).toBe('s');
    expect(serverHistogram.unit).toBe('s');
    const echo = (points: Record<string, unknown>[]) =>
      points.find((point) => point['gen_ai.tool.name'] === 'echo' && point['error.type'] === undefined);
    const expected = (side: 'client' | 'server') => ({
      'mcp.method.name': 'tools/call',
      'gen_ai.tool.name': 'echo',
      'gen_ai.operation.name': 'execute_tool',
      ...transportAttributes(),
      ...(side === 'client' && transport === 'http' ? { 'server.address': '127.0.0.1' } : {}),
    });
    expect(echo(clientHistogram.points)).toMatchObject(expected('client'));
    expect(echo(serverHistogram.points)).toStrictEqual(expect.objectContaining(expected('server')));
    for (const point of [...clientHistogram.points, ...serverHistogram.points]) {
      for (const absent of ['jsonrpc.request.id', 'mcp.session.id', 'client.address', 'mcp.resource.uri'])
        expect(point).not.toHaveProperty(absent);
    }
    const unknown = serverHistogram.points.find((point) => point['gen_ai.tool.name'] === 'nope');
    expect(unknown).toMatchObject({ 'error.type': '-32602', 'rpc.response.status_code': '-32602' });
    const failed = clientHistogram.points.find((point) => point['gen_ai.tool.name'] === 'fail');
    expect(failed).toMatchObject({ 'error.type': 'tool_error' });
  });
});
