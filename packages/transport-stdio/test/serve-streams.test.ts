import { PassThrough, Readable } from 'node:stream';
import { isRequestId, type McpEndpoint, McpError } from '@mcpkit/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { serveStreams } from '../src/server/serve-streams.js';
import { streamPeer } from './helpers/stream-peer.js';
import { echo, endpoint, final, gate, type Message, result } from './helpers/test-endpoint.js';

function parseOrUndefined(line: string): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(line);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

describe('serveStreams: framing and answers', () => {
  it('T-2: answers with one compact JSON line per message, newlines inside strings escaped', async () => {
    const { endpoint: e } = endpoint({ echo });
    const peer = streamPeer(e);
    peer.send({
      jsonrpc: '2.0',
      id: 1,
      method: 'echo',
      params: { text: 'two\nlines', nested: { a: [1, 2] } },
    });
    await peer.until((m) => m.length === 1);
    expect(peer.lines[0]).toBe(
      JSON.stringify(result(1, { echo: { text: 'two\nlines', nested: { a: [1, 2] } } })),
    );
  });

  it('passes the parsed, unvalidated message and a stdio context to the endpoint', async () => {
    const { endpoint: e, seen } = endpoint({ echo });
    const peer = streamPeer(e, { context: { transport: 'unix-socket', auth: { principal: 'alice' } } });
    peer.send({ jsonrpc: '2.0', id: 'x', method: 'echo', extra: { kept: true } });
    await peer.until((m) => m.length === 1);
    expect(seen[0]?.message).toEqual({ jsonrpc: '2.0', id: 'x', method: 'echo', extra: { kept: true } });
    expect(seen[0]?.context.transport).toBe('unix-socket');
    expect(seen[0]?.context.auth).toEqual({ principal: 'alice' });
    expect(seen[0]?.context.signal).toBeInstanceOf(AbortSignal);
    expect({ ...seen[0]!.context }.signal).toBe(seen[0]?.context.signal);
  });

  it('B-13: a request an endpoint yields (legacy era) is written in order with its notifications and response', async () => {
    const { endpoint: e } = endpoint({
      async *leaky(m) {
        yield { jsonrpc: '2.0', id: 'server-request', method: 'sampling/createMessage', params: {} } as never;
        yield {
          jsonrpc: '2.0',
          method: 'notifications/progress',
          params: { progressToken: 't', progress: 1 },
        };
        yield final(m.id);
      },
    });
    const peer = streamPeer(e);
    peer.send({ jsonrpc: '2.0', id: 1, method: 'leaky' });
    const messages = await peer.until((m) => m.some((x) => x.id === 1));
    expect(messages.map((m) => m.method ?? 'response')).toEqual([
      'sampling/createMessage',
      'notifications/progress',
      'response',
    ]);
  });

  it('runs requests concurrently and answers each as it finishes', async () => {
    const gates = new Map([1, 2, 3].map((id) => [id, gate()]));
    const { endpoint: e } = endpoint({
      async *wait(m) {
        await gates.get(m.id as number)!.opened;
        yield final(m.id);
      },
    });
    const peer = streamPeer(e);
    for (const id of [1, 2, 3]) peer.send({ jsonrpc: '2.0', id, method: 'wait' });
    gates.get(3)!.open();
    await peer.until((m) => m.length === 1);
    gates.get(1)!.open();
    await peer.until((m) => m.length === 2);
    gates.get(2)!.open();
    const messages = await peer.until((m) => m.length === 3);
    expect(messages.map((m) => m.id)).toEqual([3, 1, 2]);
  });

  it('P-7: a line that is not JSON gets -32700 with no id, and the server keeps reading', async () => {
    const { endpoint: e } = endpoint({ echo });
    const peer = streamPeer(e);
    peer.send('{"jsonrpc":"2.0","id":1,"method":');
    peer.send('not json at all');
    peer.send({ jsonrpc: '2.0', id: 2, method: 'echo' });
    const messages = await peer.until((m) => m.length === 3);
    expect(messages[0]).toMatchObject({ jsonrpc: '2.0', error: { code: -32700 } });
    expect(messages[0]).not.toHaveProperty('id');
    expect(messages[1]).toMatchObject({ error: { code: -32700 } });
    expect(messages[2]).toMatchObject({ id: 2, result: { resultType: 'complete' } });
  });

  it('P-2: bytes that are not UTF-8 are -32700', async () => {
    const { endpoint: e } = endpoint({ echo });
    const peer = streamPeer(e);
    peer.input.write(
      Buffer.concat([
        Buffer.from('{"jsonrpc":"2.0","id":1,"method":"echo","x":"'),
        Buffer.from([0xc3, 0x28]),
        Buffer.from('"}\n'),
      ]),
    );
    const messages = await peer.until((m) => m.length === 1);
    expect(messages[0]).toMatchObject({ error: { code: -32700, message: expect.stringContaining('UTF-8') } });
  });

  it('P-2: reads every line of a chunk before its stream may reuse the chunk, the broken ones too', async () => {
    const { endpoint: e } = endpoint({ echo });
    const input = new Readable({ read() {} });
    const output = new PassThrough();
    serveStreams(e, { input, output });
    const answers: string[] = [];
    output.setEncoding('utf8');
    output.on('data', (text: string) => answers.push(...text.split('\n').filter(Boolean)));
    const chunk = Buffer.concat([
      Buffer.from('{"jsonrpc":"2.0","id":1,"method":"echo"}\n{"jsonrpc":"2.0","id":2,"method":"echo","x":"'),
      Buffer.from([0xc3, 0x28]),
      Buffer.from('"}\n{"jsonrpc":"2.0","id":3,"method":"echo"}\n'),
    ]);
    await new Promise((resolve) => setImmediate(resolve)); // the server reads: a push is handed over at once
    input.push(chunk);
    // A stream that reads into one buffer over and over: the lines after the first wait their turn.
    chunk.fill(0x20);
    while (answers.length < 3) await new Promise((resolve) => setImmediate(resolve));
    // Answered as each finishes: the broken line's error first.
    const messages = answers.map((line) => JSON.parse(line));
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: 1, result: expect.objectContaining({ resultType: 'complete' }) }),
        expect.objectContaining({
          error: expect.objectContaining({ code: -32700, message: expect.stringContaining('UTF-8') }),
        }),
        expect.objectContaining({ id: 3, result: expect.objectContaining({ resultType: 'complete' }) }),
      ]),
    );
  });

  it('reads a multi-megabyte message split across many chunks', async () => {
    const { endpoint: e } = endpoint({
      async *size(m) {
        yield final(m.id, { length: String(m.params?.data).length });
      },
    });
    const peer = streamPeer(e);
    const line = Buffer.from(
      `${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'size', params: { data: 'q'.repeat(6_000_000) } })}\n`,
    );
    for (let start = 0; start < line.length; start += 16_384)
      peer.input.write(line.subarray(start, start + 16_384));
    const messages = await peer.until((m) => m.length === 1);
    expect(messages[0]).toMatchObject({ id: 1, result: { length: 6_000_000 } });
  });

  it('answers a line over maxMessageBytes with -32700 and reads the next one', async () => {
    const { endpoint: e, seen } = endpoint({ echo });
    const peer = streamPeer(e, { maxMessageBytes: 100 });
    peer.send({ jsonrpc: '2.0', id: 1, method: 'echo', params: { pad: 'p'.repeat(200) } });
    peer.send({ jsonrpc: '2.0', id: 2, method: 'echo' });
    const messages = await peer.until((m) => m.length === 2);
    expect(messages[0]).toMatchObject({
      error: { code: -32700, message: expect.stringContaining('100 bytes') },
    });
    expect(messages[1]).toMatchObject({ id: 2 });
    expect(seen).toHaveLength(1);
  });

  it('P-9: a notification reaches the endpoint and nothing is written for it', async () => {
    const { endpoint: e, seen } = endpoint({
      async *'notifications/custom'() {
        yield final(0, { mustNotBeWritten: true });
      },
      echo,
    });
    const peer = streamPeer(e);
    peer.send({ jsonrpc: '2.0', method: 'notifications/custom' });
    peer.send({ jsonrpc: '2.0', id: 1, method: 'echo' });
    const messages = await peer.until((m) => m.length === 1);
    expect(messages.map((m) => m.id)).toEqual([1]);
    expect(seen.map((s) => (s.message as Message).method)).toEqual(['notifications/custom', 'echo']);
  });

  it('hands messages it cannot track (bad ids, non-objects) to the endpoint, which answers', async () => {
    const { endpoint: e } = endpoint({});
    const peer = streamPeer(e);
    peer.send('[1,2]');
    peer.send({ jsonrpc: '2.0', id: 1.5, method: 'echo' });
    const messages = await peer.until((m) => m.length === 2);
    expect(messages[0]).toMatchObject({ error: { code: -32600 } });
    expect(messages[1]).toMatchObject({ id: 1.5, error: { code: -32601 } });
  });

  it('turns a throwing endpoint into an error response with the id (-32603, or the McpError code)', async () => {
    const { endpoint: e } = endpoint({
      // biome-ignore lint/correctness/useYield: it fails before yielding, which is the point
      async *boom() {
        throw new Error('secret internals');
      },
      // biome-ignore lint/correctness/useYield: as above
      async *invalid() {
        throw McpError.invalidParams('Unknown tool: nope');
      },
    });
    const throwing: McpEndpoint = {
      handle(message, context) {
        if ((message as Message).method === 'sync') throw new Error('thrown synchronously');
        return e.handle(message, context);
      },
    };
    const peer = streamPeer(throwing);
    peer.send({ jsonrpc: '2.0', id: 1, method: 'boom' });
    peer.send({ jsonrpc: '2.0', id: 2, method: 'invalid' });
    peer.send({ jsonrpc: '2.0', id: 3, method: 'sync' });
    const messages = await peer.until((m) => m.length === 3);
    const byId = new Map(messages.map((m) => [m.id, m]));
    expect(byId.get(1)).toMatchObject({ error: { code: -32603, message: 'Internal error' } });
    expect(byId.get(2)).toMatchObject({ error: { code: -32602, message: 'Unknown tool: nope' } });
    expect(byId.get(3)).toMatchObject({ error: { code: -32603 } });
    expect(JSON.stringify(messages)).not.toContain('secret');
  });

  it('answers -32603 when an exchange ends without a response, and writes nothing after a response', async () => {
    const { endpoint: e } = endpoint({
      async *silent() {},
      async *chatty(m) {
        yield final(m.id);
        yield final(m.id, { second: true });
      },
    });
    const peer = streamPeer(e);
    peer.send({ jsonrpc: '2.0', id: 1, method: 'silent' });
    peer.send({ jsonrpc: '2.0', id: 2, method: 'chatty' });
    peer.send({ jsonrpc: '2.0', id: 3, method: 'silent' });
    const messages = await peer.until((m) => m.length === 3);
    expect(messages.filter((m) => m.id === 2)).toEqual([result(2)]);
    expect(messages.filter((m) => m.id === 1)[0]).toMatchObject({ error: { code: -32603 } });
  });

  it('P-5: a request reusing an id still in flight is refused with -32600', async () => {
    const hold = gate();
    const { endpoint: e, seen } = endpoint({
      async *wait(m) {
        await hold.opened;
        yield final(m.id);
      },
    });
    const peer = streamPeer(e);
    peer.send({ jsonrpc: '2.0', id: 1, method: 'wait' });
    peer.send({ jsonrpc: '2.0', id: 1, method: 'wait' });
    await peer.until((m) => m.length === 1);
    expect(peer.messages()[0]).toMatchObject({ id: 1, error: { code: -32600 } });
    hold.open();
    await peer.until((m) => m.length === 2);
    expect(seen).toHaveLength(1);
  });

  it('never crashes on arbitrary input; every output line is a JSON-RPC response (fuzz)', async () => {
    const jsonish = fc.oneof(
      fc.string(),
      fc.json(),
      fc
        .record({
          jsonrpc: fc.constantFrom('2.0', '1.0'),
          id: fc.oneof(fc.integer(), fc.string(), fc.constant(null), fc.double()),
          method: fc.constantFrom('echo', 'notifications/cancelled', 'x'),
          params: fc.oneof(
            fc.object(),
            fc.constant(undefined),
            fc.record({ requestId: fc.oneof(fc.integer(), fc.string()) }),
          ),
        })
        .map((value) => JSON.stringify(value)),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(jsonish, { maxLength: 15 }), async (lines) => {
        const { endpoint: e } = endpoint({ echo });
        const peer = streamPeer(e);
        for (const line of lines) peer.input.write(`${line.replaceAll('\n', ' ')}\n`);
        peer.input.end();
        await peer.server.closed;
        await new Promise((resolve) => setImmediate(resolve));
        const messages = peer.messages();
        for (const message of messages) {
          expect(message.jsonrpc).toBe('2.0');
          expect('result' in message || 'error' in message).toBe(true);
        }
        // A request whose id is used once is answered exactly once.
        const ids = lines.flatMap((line) => {
          const value = parseOrUndefined(line.replaceAll('\n', ' '));
          return value && typeof value.method === 'string' && isRequestId(value.id) ? [value.id] : [];
        });
        for (const id of ids.filter((id) => ids.indexOf(id) === ids.lastIndexOf(id))) {
          expect(messages.filter((m) => m.id === id)).toHaveLength(1);
        }
      }),
      { numRuns: 150 },
    );
  });
});
