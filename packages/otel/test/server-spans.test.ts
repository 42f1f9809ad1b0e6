// otel() on a real server, over stdio and HTTP, in both eras, called by a client that puts a
// remote parent in _meta: the server's spans, their parent and links, and its histogram.
import { followTasks, McpClient } from '@mcpkit/client';
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type Era,
  type Recorded,
  type SpanRecord,
  type TransportKind,
  tracedServer,
} from './support/traced-server.js';

const VERSION: Record<Era, string> = { modern: '2026-07-28', legacy: '2025-11-25' };
const TRACE_ID = '0af7651916cd43dd8448eb211c80319c';
const PARENT_ID = 'b7ad6b7169203331';

const named = (spans: SpanRecord[], name: string) =>
  spans.filter((span) => span.name === name && span.kind === SpanKind.SERVER);

function one(spans: SpanRecord[], name: string): SpanRecord {
  const found = named(spans, name);
  if (found.length !== 1) throw new Error(`${found.length} SERVER spans named ${name}`);
  return found[0]!;
}

describe.each([
  ['stdio', 'modern'],
  ['stdio', 'legacy'],
  ['http', 'modern'],
  ['http', 'legacy'],
] as [TransportKind, Era][])('a server over %s, %s era', (transport, era) => {
  let server: Recorded;
  beforeAll(async () => {
    const traced = await tracedServer(transport);
    const client = new McpClient(traced.transport, {
      era,
      tasks: followTasks({ pollIntervalMs: 5 }),
      handlers: { elicitation: { form: async () => ({ action: 'accept', content: { yes: true } }) } },
    });
    // What a traced client sends: its span's context in each request's _meta.
    client.use((call, next) =>
      next({
        ...call,
        options: { ...call.options, meta: { traceparent: `00-${TRACE_ID}-${PARENT_ID}-01` } },
      }),
    );
    await client.callTool('echo', { text: 'hi' });
    await client.getPrompt('review');
    await client.readResource('file:///notes.txt');
    await client.callTool('nope', {}).catch(() => undefined);
    await client.callTool('fail', {});
    await client.callTool('book', {});
    if (era === 'modern') await client.callTool('build', {});
    await client.close();
    server = await traced.finish();
  });

  function transportAttributes(): Record<string, unknown> {
    const attributes: Record<string, unknown> = {
      'mcp.protocol.version': VERSION[era],
      'network.transport': transport === 'stdio' ? 'pipe' : 'tcp',
    };
    if (transport === 'http') attributes['network.protocol.name'] = 'http';
    return attributes;
  }

  it('tools/call: a SERVER span whose parent is the context in _meta, with every attribute of the table', () => {
    const span = one(server.spans, 'tools/call echo');
    expect(span.traceId).toBe(TRACE_ID);
    expect(span.parentSpanId).toBe(PARENT_ID);
    expect(span.status.code).toBe(SpanStatusCode.UNSET);
    expect(span.attributes).toMatchObject({
      'mcp.method.name': 'tools/call',
      'gen_ai.tool.name': 'echo',
      'gen_ai.operation.name': 'execute_tool',
      'jsonrpc.request.id': expect.any(String),
      ...transportAttributes(),
    });
    for (const absent of [
      'error.type',
      'rpc.response.status_code',
      'gen_ai.prompt.name',
      'mcp.resource.uri',
      'server.address',
      'server.port',
      'gen_ai.tool.call.arguments',
      'gen_ai.tool.call.result',
    ])
      expect(span.attributes).not.toHaveProperty(absent);
  });

  it('the session id on 2025-era HTTP only; the client address over HTTP only', () => {
    const { attributes } = one(server.spans, 'tools/call echo');
    if (transport === 'http' && era === 'legacy')
      expect(attributes['mcp.session.id']).toEqual(expect.any(String));
    else expect(attributes).not.toHaveProperty('mcp.session.id');
    if (transport === 'http') {
      expect(attributes['client.address']).toMatch(/127\.0\.0\.1/);
      expect(attributes['client.port']).toEqual(expect.any(Number));
    } else {
      expect(attributes).not.toHaveProperty('client.address');
      expect(attributes).not.toHaveProperty('client.port');
    }
  });

  it('prompts/get names the prompt; resources/read keeps the URI out of the name', () => {
    expect(one(server.spans, 'prompts/get review').attributes).toMatchObject({
      'mcp.method.name': 'prompts/get',
      'gen_ai.prompt.name': 'review',
    });
    const read = one(server.spans, 'resources/read');
    expect(read.attributes['mcp.resource.uri']).toBe('file:///notes.txt');
    expect(read.attributes).not.toHaveProperty('gen_ai.operation.name');
  });

  it('an unknown tool, refused before any handler, still has its SERVER span with the error', () => {
    const span = one(server.spans, 'tools/call nope');
    expect(span.parentSpanId).toBe(PARENT_ID);
    expect(span.status).toStrictEqual({ code: SpanStatusCode.ERROR, message: 'Unknown tool: nope' });
    expect(span.attributes['error.type']).toBe('-32602');
    expect(span.attributes['rpc.response.status_code']).toBe('-32602');
  });

  it('a tool error is tool_error, without a status code', () => {
    const span = one(server.spans, 'tools/call fail');
    expect(span.status.code).toBe(SpanStatusCode.ERROR);
    expect(span.attributes['error.type']).toBe('tool_error');
    expect(span.attributes).not.toHaveProperty('rpc.response.status_code');
  });

  it('a tool that asks for input: each wire request is one SERVER span under the remote parent', () => {
    const spans = named(server.spans, 'tools/call book');
    // 2026: the answer comes back in a second tools/call; 2025: one request, its handler run twice.
    expect(spans.length).toBe(era === 'modern' ? 2 : 1);
    for (const span of spans) expect(span.parentSpanId).toBe(PARENT_ID);
  });

  it.runIf(era === 'legacy')(
    'the elicitation/create the server sends a 2025-era session is a CLIENT span, answered',
    () => {
      const asks = server.spans.filter(
        (span) => span.name === 'elicitation/create' && span.kind === SpanKind.CLIENT,
      );
      expect(asks).toHaveLength(1);
      expect(asks[0]!.traceId).toBe(TRACE_ID);
      expect(asks[0]!.status.code).toBe(SpanStatusCode.UNSET);
      expect(asks[0]!.attributes).toMatchObject({
        'mcp.method.name': 'elicitation/create',
        'jsonrpc.request.id': expect.any(String),
        ...transportAttributes(),
      });
    },
  );

  it.runIf(era === 'modern')('a task: each tasks/get links to the span that created the task', () => {
    const created = one(server.spans, 'tools/call build');
    const polls = named(server.spans, 'tasks/get');
    expect(polls.length).toBeGreaterThan(0);
    for (const poll of polls) {
      expect(poll.links).toContain(created.spanId);
      expect(poll.parentSpanId).toBe(PARENT_ID);
    }
  });

  it('mcp.server.operation.duration: seconds, one point set per operation, no ids', () => {
    const histogram = server.metrics.find((metric) => metric.name === 'mcp.server.operation.duration')!;
    expect(histogram.unit).toBe('s');
    const echo = histogram.points.find((point) => point['gen_ai.tool.name'] === 'echo');
    expect(echo).toStrictEqual({
      'mcp.method.name': 'tools/call',
      'gen_ai.tool.name': 'echo',
      'gen_ai.operation.name': 'execute_tool',
      ...transportAttributes(),
    });
    expect(histogram.points.find((point) => point['gen_ai.tool.name'] === 'nope')).toMatchObject({
      'error.type': '-32602',
      'rpc.response.status_code': '-32602',
    });
    for (const point of histogram.points)
      for (const absent of ['jsonrpc.request.id', 'mcp.session.id', 'client.address', 'mcp.resource.uri'])
        expect(point).not.toHaveProperty(absent);
  });
});
