import { context, propagation, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { afterEach, describe, expect, it } from 'vitest';
import type { MessageLike } from '../src/message.js';
import { otel } from '../src/otel.js';
import { message } from './support/messages.js';
import { Recorder } from './support/sdk.js';

const recorder = new Recorder();
const { tracerProvider, meterProvider } = recorder;
afterEach(() => recorder.reset());

class McpLikeError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

const toolCall = (overrides: Partial<MessageLike> = {}) =>
  message({ method: 'tools/call', params: { name: 'echo', arguments: { text: 'hi' } }, ...overrides });

describe('send: a CLIENT span per message sent, its context in _meta', () => {
  it('names the span, injects unprefixed traceparent and leaves the caller params alone', async () => {
    const hooks = otel({ tracerProvider, meterProvider });
    const sent = toolCall({ network: { transport: 'tcp', address: 'mcp.example.com', port: 8443 } });
    let wire: MessageLike | undefined;
    await hooks.send(sent, async (ctx) => {
      wire = ctx;
      return { content: [] };
    });
    const span = recorder.span('tools/call echo');
    expect(span.kind).toBe(SpanKind.CLIENT);
    expect(span.status.code).toBe(SpanStatusCode.UNSET);
    const { traceId, spanId } = span.spanContext();
    expect(wire?.params._meta).toStrictEqual({ traceparent: `00-${traceId}-${spanId}-01` });
    expect(wire?.params.arguments).toStrictEqual({ text: 'hi' });
    expect(sent.params._meta).toBeUndefined();
    expect(span.attributes).toStrictEqual({
      'mcp.method.name': 'tools/call',
      'gen_ai.tool.name': 'echo',
      'gen_ai.operation.name': 'execute_tool',
      'jsonrpc.request.id': '1',
      'mcp.protocol.version': '2026-07-28',
      'network.transport': 'tcp',
      'network.protocol.name': 'http',
      'server.address': 'mcp.example.com',
      'server.port': 8443,
    });
  });

  it('keeps the _meta keys already there and carries baggage', async () => {
    const hooks = otel({ tracerProvider, meterProvider });
    const baggage = propagation.createBaggage({ tenant: { value: 'acme' } });
    let meta: unknown;
    await context.with(propagation.setBaggage(context.active(), baggage), () =>
      hooks.send(toolCall({ params: { name: 'echo', _meta: { progressToken: 5 } } }), async (ctx) => {
        meta = ctx?.params._meta;
        return {};
      }),
    );
    expect(meta).toMatchObject({ progressToken: 5, baggage: 'tenant=acme' });
    expect(meta).toHaveProperty('traceparent');
  });

  it('runs next synchronously, so notifications keep their order', () => {
    const hooks = otel({ tracerProvider, meterProvider });
    let ran = false;
    void hooks.send(
      message({ method: 'notifications/progress', kind: 'notification', id: undefined }),
      async () => {
        ran = true;
        return undefined;
      },
    );
    expect(ran).toBe(true);
  });

  it('a notification has no request id and names no peer when the server sends it', async () => {
    const hooks = otel({ tracerProvider, meterProvider });
    await hooks.send(
      message({
        side: 'server',
        kind: 'notification',
        method: 'notifications/message',
        id: undefined,
        network: { transport: 'tcp', address: '10.0.0.9', port: 5000 },
      }),
      async () => undefined,
    );
    const span = recorder.span('notifications/message');
    expect(span.kind).toBe(SpanKind.CLIENT);
    expect(span.attributes).not.toHaveProperty('jsonrpc.request.id');
    expect(span.attributes).not.toHaveProperty('server.address');
    expect(span.attributes).not.toHaveProperty('client.address');
  });

  it('a JSON-RPC error sets error.type, rpc.response.status_code and the ERROR status with its message', async () => {
    const hooks = otel({ tracerProvider, meterProvider });
    await expect(
      hooks.send(toolCall(), () => Promise.reject(new McpLikeError(-32602, 'Unknown tool: echo'))),
    ).rejects.toThrow('Unknown tool');
    const span = recorder.span('tools/call echo');
    expect(span.status).toStrictEqual({ code: SpanStatusCode.ERROR, message: 'Unknown tool: echo' });
    expect(span.attributes['error.type']).toBe('-32602');
    expect(span.attributes['rpc.response.status_code']).toBe('-32602');
  });

  it('an isError tool result is tool_error, without rpc.response.status_code', async () => {
    const hooks = otel({ tracerProvider, meterProvider });
    await hooks.send(toolCall(), async () => ({ content: [], isError: true }));
    const span = recorder.span('tools/call echo');
    expect(span.status.code).toBe(SpanStatusCode.ERROR);
    expect(span.attributes['error.type']).toBe('tool_error');
    expect(span.attributes).not.toHaveProperty('rpc.response.status_code');
  });
});

describe('receive: a SERVER span per message received', () => {
  it('takes its parent from _meta and links the ambient span', async () => {
    const hooks = otel({ tracerProvider, meterProvider });
    const remote = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
    const ambient = tracerProvider.getTracer('http').startSpan('POST /mcp', { kind: SpanKind.SERVER });
    let activeInHandler: string | undefined;
    await context.with(trace.setSpan(context.active(), ambient), () =>
      hooks.receive(
        toolCall({ side: 'server', params: { name: 'echo', _meta: { traceparent: remote } } }),
        async () => {
          activeInHandler = trace.getActiveSpan()?.spanContext().spanId;
          return { content: [] };
        },
      ),
    );
    ambient.end();
    const span = recorder.span('tools/call echo');
    expect(span.kind).toBe(SpanKind.SERVER);
    expect(span.spanContext().traceId).toBe('0af7651916cd43dd8448eb211c80319c');
    expect(span.parentSpanContext?.spanId).toBe('b7ad6b7169203331');
    expect(span.parentSpanContext?.isRemote).toBe(true);
    expect(span.links.map((link) => link.context.spanId)).toStrictEqual([ambient.spanContext().spanId]);
    expect(activeInHandler).toBe(span.spanContext().spanId);
  });

  it('without trace context in _meta, the ambient span is the parent and no link is made', async () => {
    const hooks = otel({ tracerProvider, meterProvider });
    const ambient = tracerProvider.getTracer('http').startSpan('POST /mcp');
    await context.with(trace.setSpan(context.active(), ambient), () =>
      hooks.receive(toolCall({ side: 'server' }), async () => ({ content: [] })),
    );
    ambient.end();
    const span = recorder.span('tools/call echo');
    expect(span.parentSpanContext?.spanId).toBe(ambient.spanContext().spanId);
    expect(span.links).toStrictEqual([]);
  });

  it('a malformed traceparent is ignored: a new trace, no failure', async () => {
    const hooks = otel({ tracerProvider, meterProvider });
    await hooks.receive(
      toolCall({ side: 'server', params: { name: 'echo', _meta: { traceparent: 'nonsense' } } }),
      async () => ({ content: [] }),
    );
    expect(recorder.span('tools/call echo').parentSpanContext).toBeUndefined();
  });

  it('names the client on the server, and not the server', async () => {
    const hooks = otel({ tracerProvider, meterProvider });
    await hooks.receive(
      toolCall({
        side: 'server',
        protocolVersion: '2025-11-25',
        sessionId: 'session-1',
        network: { transport: 'tcp', address: '127.0.0.1', port: 50123 },
      }),
      async () => ({ content: [] }),
    );
    const { attributes } = recorder.span('tools/call echo');
    expect(attributes['client.address']).toBe('127.0.0.1');
    expect(attributes['client.port']).toBe(50123);
    expect(attributes['mcp.session.id']).toBe('session-1');
    expect(attributes).not.toHaveProperty('server.address');
  });
});

describe('call: one parent for all the requests of an application call', () => {
  it('each input round is a CLIENT span under the INTERNAL span of the call', async () => {
    const hooks = otel({ tracerProvider, meterProvider });
    const call = { id: 1, method: 'tools/call', params: { name: 'book' } };
    await hooks.call(call, async () => {
      await hooks.send(toolCall({ params: { name: 'book' }, call: { id: 1, round: 0 } }), async () => ({
        resultType: 'input_required',
        inputRequests: {},
      }));
      await hooks.send(
        toolCall({ id: 2, params: { name: 'book' }, call: { id: 1, round: 1 } }),
        async () => ({
          content: [],
        }),
      );
      return { content: [] };
    });
    const spans = recorder.spans().filter((span) => span.name === 'tools/call book');
    const parent = spans.find((span) => span.kind === SpanKind.INTERNAL)!;
    const rounds = spans.filter((span) => span.kind === SpanKind.CLIENT);
    expect(rounds.map((span) => span.attributes['jsonrpc.request.id'])).toStrictEqual(['1', '2']);
    for (const round of rounds) expect(round.parentSpanContext?.spanId).toBe(parent.spanContext().spanId);
    expect(parent.attributes).toStrictEqual({ 'mcp.method.name': 'tools/call', 'gen_ai.tool.name': 'book' });
  });

  it('a list call gets no span of its own', async () => {
    const hooks = otel({ tracerProvider, meterProvider });
    await hooks.call({ id: 2, method: 'tools/list', params: {} }, async () => ({ tools: [] }));
    expect(recorder.spans()).toStrictEqual([]);
  });

  it('a failed call marks the call span', async () => {
    const hooks = otel({ tracerProvider, meterProvider });
    await expect(
      hooks.call({ id: 3, method: 'prompts/get', params: { name: 'p' } }, () =>
        Promise.reject(new McpLikeError(-32602, 'Unknown prompt')),
      ),
    ).rejects.toThrow();
    const span = recorder.span('prompts/get p');
    expect(span.kind).toBe(SpanKind.INTERNAL);
    expect(span.attributes['error.type']).toBe('-32602');
    expect(span.status.code).toBe(SpanStatusCode.ERROR);
  });
});

describe('tasks', () => {
  it("a task's polls link to the span that created the task", async () => {
    const hooks = otel({ tracerProvider, meterProvider });
    await hooks.send(toolCall(), async () => ({ resultType: 'task', taskId: 'task-1', status: 'working' }));
    await hooks.send(
      message({ method: 'tasks/get', id: 2, params: { taskId: 'task-1' }, taskId: 'task-1' }),
      async () => ({ resultType: 'complete', status: 'completed' }),
    );
    const created = recorder.span('tools/call echo');
    const poll = recorder.span('tasks/get');
    expect(poll.links.map((link) => link.context.spanId)).toStrictEqual([created.spanContext().spanId]);
    expect(created.links).toStrictEqual([]);
  });

  it('a 2025-era task result is remembered too', async () => {
    const hooks = otel({ tracerProvider, meterProvider });
    await hooks.receive(toolCall({ side: 'server' }), async () => ({ task: { taskId: 'legacy-1' } }));
    await hooks.receive(
      message({ side: 'server', method: 'tasks/get', params: { taskId: 'legacy-1' }, taskId: 'legacy-1' }),
      async () => ({}),
    );
    expect(recorder.span('tasks/get').links).toHaveLength(1);
  });
});

describe('opt-in attributes', () => {
  it('arguments and results are recorded only when asked, as JSON', async () => {
    const off = otel({ tracerProvider, meterProvider });
    await off.send(toolCall(), async () => ({ content: [{ type: 'text', text: 'hi' }] }));
    expect(recorder.span('tools/call echo').attributes).not.toHaveProperty('gen_ai.tool.call.arguments');
    expect(recorder.span('tools/call echo').attributes).not.toHaveProperty('gen_ai.tool.call.result');
    recorder.reset();

    const on = otel({ tracerProvider, meterProvider, captureArguments: true, captureResults: true });
    await on.receive(toolCall({ side: 'server' }), async () => ({
      content: [{ type: 'text', text: 'hi' }],
      _meta: { 'com.example/x': 1 },
    }));
    const { attributes } = recorder.span('tools/call echo');
    expect(attributes['gen_ai.tool.call.arguments']).toBe('{"text":"hi"}');
    expect(attributes['gen_ai.tool.call.result']).toBe('{"content":[{"type":"text","text":"hi"}]}');
  });

  it('no result is recorded for an input round, a task or a tool error', async () => {
    const hooks = otel({ tracerProvider, meterProvider, captureResults: true });
    await hooks.send(toolCall({ id: 1 }), async () => ({ resultType: 'input_required', inputRequests: {} }));
    await hooks.send(toolCall({ id: 2 }), async () => ({ resultType: 'task', taskId: 't' }));
    await hooks.send(toolCall({ id: 3 }), async () => ({ content: [], isError: true }));
    for (const span of recorder.spans())
      expect(span.attributes).not.toHaveProperty('gen_ai.tool.call.result');
    expect(recorder.spans()).toHaveLength(3);
  });

  it('resource URIs go into span names only when asked', async () => {
    const hooks = otel({ tracerProvider, meterProvider, resourceUriInSpanName: true });
    await hooks.send(
      message({ method: 'resources/read', params: { uri: 'file:///a.txt' } }),
      async () => ({}),
    );
    expect(recorder.span('resources/read file:///a.txt').attributes['mcp.resource.uri']).toBe(
      'file:///a.txt',
    );
  });
});

describe('propagation-only', () => {
  it('records nothing, injects the active context and makes the received one active', async () => {
    const own = new Recorder();
    const hooks = otel({
      tracerProvider: own.tracerProvider,
      meterProvider: own.meterProvider,
      mode: 'propagation-only',
    });
    const app = own.tracerProvider.getTracer('app').startSpan('agent turn');
    let meta: Record<string, unknown> | undefined;
    await context.with(trace.setSpan(context.active(), app), () =>
      hooks.send(toolCall(), async (ctx) => {
        meta = ctx?.params._meta as Record<string, unknown>;
        return {};
      }),
    );
    app.end();
    const { traceId, spanId } = app.spanContext();
    expect(meta).toStrictEqual({ traceparent: `00-${traceId}-${spanId}-01` });

    let active: string | undefined;
    await hooks.receive(toolCall({ side: 'server', params: { name: 'echo', _meta: meta } }), async () => {
      active = trace.getActiveSpan()?.spanContext().spanId;
      return {};
    });
    expect(active).toBe(spanId);
    expect(own.spans().map((span) => span.name)).toStrictEqual(['agent turn']);
    expect(await own.metrics()).toStrictEqual([]);
  });

  it('without an active span, _meta is left as it was', async () => {
    const hooks = otel({ mode: 'propagation-only' });
    const sent = toolCall();
    let wire: MessageLike | undefined;
    await hooks.send(sent, async (ctx) => {
      wire = ctx;
      return {};
    });
    expect(wire).toBe(sent);
  });
});

describe('metrics', () => {
  it('one point per message in seconds, on the histogram of the side that sent or received it', async () => {
    const own = new Recorder();
    const hooks = otel({ tracerProvider: own.tracerProvider, meterProvider: own.meterProvider });
    await hooks.send(toolCall({ network: { transport: 'tcp', address: 'h', port: 1 } }), async () => ({
      content: [],
    }));
    await hooks
      .receive(toolCall({ side: 'server', sessionId: 's' }), () =>
        Promise.reject(new McpLikeError(-32601, 'nope')),
      )
      .catch(() => {});
    const client = await own.histogram('mcp.client.operation.duration');
    expect(client.descriptor.unit).toBe('s');
    expect(client.dataPoints).toHaveLength(1);
    expect(client.dataPoints[0]!.attributes).toStrictEqual({
      'mcp.method.name': 'tools/call',
      'gen_ai.tool.name': 'echo',
      'gen_ai.operation.name': 'execute_tool',
      'mcp.protocol.version': '2026-07-28',
      'network.transport': 'tcp',
      'network.protocol.name': 'http',
      'server.address': 'h',
      'server.port': 1,
    });
    expect(client.dataPoints[0]!.value.count).toBe(1);
    expect(client.dataPoints[0]!.value.buckets.boundaries).toStrictEqual([
      0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 30, 60, 120, 300,
    ]);
    const server = await own.histogram('mcp.server.operation.duration');
    expect(server.descriptor.unit).toBe('s');
    expect(server.dataPoints[0]!.attributes).toStrictEqual({
      'mcp.method.name': 'tools/call',
      'gen_ai.tool.name': 'echo',
      'gen_ai.operation.name': 'execute_tool',
      'mcp.protocol.version': '2026-07-28',
      'network.transport': 'pipe',
      'error.type': '-32601',
      'rpc.response.status_code': '-32601',
    });
  });

  it('a 2025-era session that ended: its duration on the histogram of its side, with its transport', async () => {
    const own = new Recorder();
    const hooks = otel({ tracerProvider: own.tracerProvider, meterProvider: own.meterProvider });
    const network = { transport: 'tcp', address: 'mcp.example.com', port: 443 };
    hooks.sessionEnded({
      side: 'client',
      openedAt: Date.now() - 1500,
      protocolVersion: '2025-11-25',
      network,
    });
    hooks.sessionEnded({
      side: 'server',
      openedAt: Date.now() - 10,
      protocolVersion: '2025-11-25',
      network: { transport: 'tcp', address: '127.0.0.1', port: 5000 },
      error: new McpLikeError(-32000, 'gone'),
    });
    const client = await own.histogram('mcp.client.session.duration');
    expect(client.descriptor.unit).toBe('s');
    expect(client.dataPoints[0]!.value.sum).toBeGreaterThanOrEqual(1.5);
    expect(client.dataPoints[0]!.attributes).toStrictEqual({
      'mcp.protocol.version': '2025-11-25',
      'network.transport': 'tcp',
      'network.protocol.name': 'http',
      'server.address': 'mcp.example.com',
      'server.port': 443,
    });
    const server = await own.histogram('mcp.server.session.duration');
    expect(server.descriptor.unit).toBe('s');
    expect(server.dataPoints[0]!.attributes).toStrictEqual({
      'mcp.protocol.version': '2025-11-25',
      'network.transport': 'tcp',
      'network.protocol.name': 'http',
      'error.type': '-32000',
    });
  });

  it('takes the global meter provider at the first message, not when created', async () => {
    const { metrics } = await import('@opentelemetry/api');
    const own = new Recorder();
    const hooks = otel({ tracerProvider: own.tracerProvider });
    metrics.setGlobalMeterProvider(own.meterProvider);
    try {
      await hooks.send(toolCall(), async () => ({ content: [] }));
      expect((await own.histogram('mcp.client.operation.duration')).dataPoints).toHaveLength(1);
    } finally {
      metrics.disable();
    }
  });
});

describe('with no SDK registered', () => {
  it('records nothing and passes messages on as they are, until a tracer provider registers', async () => {
    const hooks = otel();
    const sent = toolCall();
    let wire: MessageLike | undefined;
    const result = await hooks.call({ method: 'tools/call', params: { name: 'echo' } }, () =>
      hooks.send(sent, async (ctx) => {
        wire = ctx;
        return 'answered';
      }),
    );
    expect(result).toBe('answered');
    expect(wire).toBe(sent);
    expect(recorder.spans()).toStrictEqual([]);

    const late = new Recorder();
    trace.setGlobalTracerProvider(late.tracerProvider);
    try {
      await hooks.send(toolCall(), async () => ({ content: [] }));
      expect(late.span('tools/call echo').kind).toBe(SpanKind.CLIENT);
    } finally {
      trace.disable();
    }
  });
});
