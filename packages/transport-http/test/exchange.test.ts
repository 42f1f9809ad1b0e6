import {
  type ExchangeMessage,
  errorFinal,
  type FailureReason,
  McpError,
  toErrorResponse,
} from '@mcpkit/protocol';
import { describe, expect, it } from 'vitest';
import { aborted, echo, gate, progress, request, result, scripted, silent } from './helpers/endpoints.js';
import { frames, handlerFor, post, sseMessages } from './helpers/http.js';

function errorOnly(error: McpError, failure?: FailureReason) {
  return scripted(async function* (message) {
    const final = errorFinal(error, message.id as number);
    yield failure === undefined ? final : { response: final.response, failure };
  });
}

describe('request context', () => {
  it('H-17: hands the endpoint the parsed body, case-insensitive Headers, an abort signal and transport "http"', async () => {
    const endpoint = scripted(async function* (message) {
      yield result(message.id);
    });
    await handlerFor(endpoint)(post(request(3, 'tools/list'), { 'mcp-method': 'tools/list' }));
    const [{ message, context }] = endpoint.seen as [(typeof endpoint.seen)[number]];
    expect(message).toEqual(request(3, 'tools/list'));
    expect(context.transport).toBe('http');
    expect(context.headers?.get('Mcp-Method')).toBe('tools/list');
    expect(context.headers?.get('mcp-protocol-version')).toBe('2026-07-28');
    expect(context.signal).toBeInstanceOf(AbortSignal);
    expect(context.signal.aborted).toBe(false);
    expect(context.auth).toBeUndefined();
  });

  it('the signal is an own enumerable property: a spread copy of the context keeps the same signal', async () => {
    const endpoint = scripted(async function* (message) {
      yield result(message.id);
    });
    await handlerFor(endpoint)(post(request(4, 'tools/list'), { 'mcp-method': 'tools/list' }));
    const { context } = endpoint.seen[0]!;
    const copy = { ...context };
    expect(Object.keys(copy)).toEqual(expect.arrayContaining(['transport', 'headers', 'signal']));
    expect(copy.signal).toBe(context.signal);
    expect(copy.transport).toBe('http');
  });
});

describe('statuses', () => {
  it('H-11: a result is 200 application/json with the body as the endpoint made it', async () => {
    const response = await handlerFor(echo)(post(request('a', 'tools/call', { name: 'x' })));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.json()).toEqual({
      jsonrpc: '2.0',
      id: 'a',
      result: { resultType: 'complete', echoed: request('a', 'tools/call', { name: 'x' }).params },
    });
  });

  it('H-8: an accepted notification is 202 with an empty body', async () => {
    const response = await handlerFor(echo)(
      post({ jsonrpc: '2.0', method: 'notifications/cancelled', params: {} }),
    );
    expect(response.status).toBe(202);
    expect(await response.text()).toBe('');
  });

  it('H-8: a rejected notification gets an error status and an id-less JSON-RPC error', async () => {
    const endpoint = scripted(async function* () {
      yield toErrorResponse(McpError.invalidParams('bad notification'), undefined);
    });
    const response = await handlerFor(endpoint)(post({ jsonrpc: '2.0', method: 'notifications/x' }));
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body).not.toHaveProperty('id');
    expect(body.error.code).toBe(-32602);
  });

  it.each([
    ['H-20: -32601', McpError.methodNotFound('nope'), 404],
    ['H-19: -32022', McpError.unsupportedProtocolVersion('1999-01-01', ['2026-07-28']), 400],
    ['H-18: -32020', McpError.headerMismatch('Mcp-Method does not match'), 400],
    ['S-3: -32021', McpError.missingRequiredClientCapability({ sampling: {} }), 400],
    ['P-35: -32602 for a missing _meta field', McpError.invalidRequestMeta('missing protocolVersion'), 400],
    ['H-37: -32602 for an unknown tool', McpError.invalidParams('Unknown tool: x'), 200],
    ['S-28: -32602 for a missing resource', McpError.resourceNotFound('file:///x'), 200],
    ['H-37: -32603', McpError.internalError(), 200],
    ['-32600', McpError.invalidRequest('not a request'), 400],
  ])('%s is HTTP %i with the error body and the request id', async (_name, error, status) => {
    const response = await handlerFor(errorOnly(error))(post(request(41)));
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.json()).toMatchObject({ id: 41, error: { code: error.code } });
  });

  it("the endpoint's failure reason decides the status, not the error code", async () => {
    const endpoint = errorOnly(McpError.invalidParams('bad _meta'), 'request-meta');
    const response = await handlerFor(endpoint)(post(request(1)));
    expect(response.status).toBe(400);
  });

  it('P-7: an endpoint that throws gives -32603 with the request id, not its message', async () => {
    const endpoint = scripted(() => {
      throw new Error('secret internals');
    });
    const response = await handlerFor(endpoint)(post(request(9)));
    const body = await response.json();
    expect(body).toMatchObject({ id: 9, error: { code: -32603 } });
    expect(JSON.stringify(body)).not.toContain('secret');
  });

  it('P-7: an exchange that fails before its first message gives -32603 with the id', async () => {
    const endpoint = silent(async () => {
      throw new Error('boom');
    });
    expect(await (await handlerFor(endpoint)(post(request('q')))).json()).toMatchObject({
      id: 'q',
      error: { code: -32603 },
    });
  });

  it('a request whose exchange ends without a response gets -32603 rather than silence', async () => {
    const endpoint = scripted(async function* () {});
    const response = await handlerFor(endpoint)(post(request(5)));
    expect(await response.json()).toMatchObject({ id: 5, error: { code: -32603 } });
  });
});

describe('response mode', () => {
  const streaming = scripted(async function* (message) {
    yield progress('t', 1);
    yield progress('t', 2);
    yield result(message.id, { done: true });
    yield progress('t', 3); // after the response: must never be sent
  });

  it('H-11, H-15: notifications first means text/event-stream with X-Accel-Buffering: no', async () => {
    const response = await handlerFor(streaming)(post(request(1)));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    expect(response.headers.get('x-accel-buffering')).toBe('no');
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it('H-12, H-14, H-16: events carry the messages in order, no event ids, and the response ends the stream', async () => {
    const response = await handlerFor(streaming)(post(request(1)));
    const raw: string[] = [];
    for await (const frame of frames(response)) raw.push(frame);
    expect(raw.every((frame) => frame.startsWith('data: ') && !frame.includes('\nid:'))).toBe(true);
    expect(raw.map((frame) => JSON.parse(frame.slice(6)))).toEqual([
      progress('t', 1),
      progress('t', 2),
      result(1, { done: true }),
    ]);
  });

  it('H-14: the final response ends the stream even while the endpoint would go on', async () => {
    const finished = gate<string>();
    const endpoint = scripted(async function* (message) {
      try {
        yield progress('t', 1);
        yield result(message.id);
        await new Promise(() => {}); // a listen that would never end by itself
      } finally {
        finished.open('closed');
      }
    });
    const messages = await sseMessages(await handlerFor(endpoint)(post(request(2))));
    expect(messages).toHaveLength(2);
    expect(await finished.promise).toBe('closed');
  });

  it('H-11: a client that accepts only JSON gets the response without the notifications', async () => {
    const response = await handlerFor(streaming)(post(request(1), { accept: 'application/json' }));
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.json()).toEqual(result(1, { done: true }));
  });

  it('H-11: a client that accepts only SSE gets even a lone response as a stream', async () => {
    const response = await handlerFor(echo)(post(request(1), { accept: 'text/event-stream' }));
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    expect(await sseMessages(response)).toMatchObject([{ id: 1, result: {} }]);
  });

  it.each([
    ['H-20: -32601', 404, McpError.methodNotFound('nope')],
    ['H-18: -32020', 400, McpError.headerMismatch('Mcp-Method does not match')],
    ['H-19: -32022', 400, McpError.unsupportedProtocolVersion('1999-01-01', ['2026-07-28'])],
  ])('%s reaches an SSE-only client as HTTP %i with a JSON error body', async (_name, status, error) => {
    const response = await handlerFor(errorOnly(error))(post(request(5), { accept: 'text/event-stream' }));
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.json()).toMatchObject({ id: 5, error: { code: error.code } });
  });

  it("an SSE-only client gets the status of the endpoint's failure reason", async () => {
    const endpoint = errorOnly(McpError.invalidParams('bad _meta'), 'request-meta');
    const response = await handlerFor(endpoint)(post(request(5), { accept: 'text/event-stream' }));
    expect(response.status).toBe(400);
  });

  it('H-8: a rejected notification is 400 for an SSE-only client too', async () => {
    const endpoint = scripted(async function* () {
      yield toErrorResponse(McpError.invalidParams('bad notification'), undefined);
    });
    const response = await handlerFor(endpoint)(
      post({ jsonrpc: '2.0', method: 'notifications/x' }, { accept: 'text/event-stream' }),
    );
    expect(response.status).toBe(400);
    expect((await response.json()).error.code).toBe(-32602);
  });

  it('H-37: an error whose status is 200 still reaches an SSE-only client as a stream', async () => {
    const endpoint = errorOnly(McpError.invalidParams('Unknown tool: x'));
    const response = await handlerFor(endpoint)(post(request(5), { accept: 'text/event-stream' }));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    expect(await sseMessages(response)).toMatchObject([{ id: 5, error: { code: -32602 } }]);
  });

  it('an exchange that fails mid-stream sends a -32603 response with the id and ends', async () => {
    const endpoint = scripted(async function* () {
      yield progress('t', 1);
      throw new Error('broken');
    });
    const messages = await sseMessages(await handlerFor(endpoint)(post(request(8))));
    expect(messages).toEqual([
      progress('t', 1),
      expect.objectContaining({ id: 8, error: expect.objectContaining({ code: -32603 }) }),
    ]);
  });

  it('H-15: a quiet stream gets keep-alive comments until the next message', async () => {
    const release = gate();
    const endpoint = scripted(async function* (message) {
      yield {
        jsonrpc: '2.0',
        method: 'notifications/subscriptions/acknowledged',
        params: {},
      } as ExchangeMessage;
      await release.promise;
      yield result(message.id);
    });
    const response = await handlerFor(endpoint, { keepAliveMs: 5 })(post(request(1, 'subscriptions/listen')));
    const seen: string[] = [];
    for await (const frame of frames(response)) {
      seen.push(frame);
      if (frame.startsWith(':')) release.open();
    }
    expect(seen[0]).toContain('notifications/subscriptions/acknowledged');
    expect(seen.some((frame) => frame === ': keep-alive')).toBe(true);
    expect(seen.at(-1)).toContain('"result"');
  });

  it('H-34, S-62: closing the response stream aborts the context signal and ends the exchange', async () => {
    const finished = gate<string>();
    const endpoint = scripted(async function* (_message, context) {
      try {
        yield progress('t', 1);
        await aborted(context.signal);
      } finally {
        finished.open('finally ran');
      }
    });
    const response = await handlerFor(endpoint)(post(request(1, 'subscriptions/listen')));
    const reader = response.body!.getReader();
    await reader.read();
    await reader.cancel();
    const [{ context }] = endpoint.seen as [(typeof endpoint.seen)[number]];
    await aborted(context.signal);
    expect(context.signal.aborted).toBe(true);
    expect(await finished.promise).toBe('finally ran');
  });

  it('H-34: an aborted Request aborts the exchange of a JSON response too', async () => {
    const controller = new AbortController();
    const endpoint = silent((_message, context) => aborted(context.signal));
    const pending = handlerFor(endpoint)(new Request(post(request(1)), { signal: controller.signal }));
    await Promise.resolve();
    controller.abort();
    const response = await pending;
    expect(response.status).toBe(499);
    expect(endpoint.seen[0]!.context.signal.aborted).toBe(true);
  });
});
