import { type AddressInfo, connect, createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { type StreamServer, serveStreams } from '../src/index.js';
import { streamPeer } from './helpers/stream-peer.js';
import { echo, endpoint, final, gate, result, sleep } from './helpers/test-endpoint.js';

describe('serveStreams: cancellation, shutdown, backpressure', () => {
  it('T-11 / T-12 / S-63: notifications/cancelled aborts the signal and nothing more is written for it', async () => {
    const started = gate();
    let reason: unknown;
    const { endpoint: e } = endpoint({
      async *stubborn(m, context) {
        context.signal.addEventListener('abort', () => (reason = context.signal.reason));
        yield {
          jsonrpc: '2.0',
          method: 'notifications/progress',
          params: { progressToken: 't', progress: 1 },
        };
        started.open();
        await sleep(10_000, context.signal);
        // Ignores the abort on purpose: the transport must still write nothing more.
        yield {
          jsonrpc: '2.0',
          method: 'notifications/progress',
          params: { progressToken: 't', progress: 2 },
        };
        yield final(m.id, { tooLate: true });
      },
      echo,
    });
    const peer = streamPeer(e);
    peer.send({ jsonrpc: '2.0', id: 7, method: 'stubborn', params: { _meta: { progressToken: 't' } } });
    await started.opened;
    peer.send({
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId: 7, reason: 'user said stop' },
    });
    peer.send({ jsonrpc: '2.0', id: 8, method: 'echo' });
    await peer.until((m) => m.some((x) => x.id === 8));
    await sleep(20);
    expect(reason).toBeInstanceOf(DOMException);
    expect((reason as DOMException).name).toBe('AbortError');
    expect((reason as DOMException).message).toContain('user said stop');
    const forSeven = peer
      .messages()
      .filter((m) => m.id === 7 || (m.params as { progress?: number })?.progress === 2);
    expect(forSeven).toEqual([]);
  });

  it('a listen exchange ends on cancel: its generator is finished and no more notifications come', async () => {
    let finished = false;
    const { endpoint: e } = endpoint({
      async *'subscriptions/listen'(m, context) {
        try {
          const tag = { 'io.modelcontextprotocol/subscriptionId': m.id };
          yield {
            jsonrpc: '2.0',
            method: 'notifications/subscriptions/acknowledged',
            params: { _meta: tag },
          };
          while (!context.signal.aborted) {
            await sleep(5, context.signal);
            if (!context.signal.aborted)
              yield { jsonrpc: '2.0', method: 'notifications/tools/list_changed', params: { _meta: tag } };
          }
        } finally {
          finished = true;
        }
      },
      echo,
    });
    const peer = streamPeer(e);
    peer.send({ jsonrpc: '2.0', id: 'L', method: 'subscriptions/listen' });
    await peer.until((m) => m.length >= 3);
    peer.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'L' } });
    peer.send({ jsonrpc: '2.0', id: 'after', method: 'echo' });
    const messages = await peer.until((m) => m.some((x) => x.id === 'after'));
    const countAtEcho = messages.length;
    await sleep(50);
    expect(finished).toBe(true);
    expect(peer.messages()).toHaveLength(countAtEcho);
    expect(peer.messages().filter((m) => m.id === 'L')).toEqual([]);
  });

  it('S-64: ignores malformed cancels and cancels of unknown or finished requests', async () => {
    const { endpoint: e } = endpoint({ echo });
    const peer = streamPeer(e);
    peer.send({ jsonrpc: '2.0', id: 1, method: 'echo' });
    await peer.until((m) => m.length === 1);
    for (const params of [{ requestId: 1 }, { requestId: 99 }, { requestId: null }, 'x', undefined]) {
      peer.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params });
    }
    peer.send({ jsonrpc: '2.0', id: 2, method: 'echo' });
    const messages = await peer.until((m) => m.length === 2);
    expect(messages.map((m) => m.id)).toEqual([1, 2]);
  });

  it('T-15: at end of input, running requests finish, then the server stops and ends its output', async () => {
    const hold = gate();
    const { endpoint: e } = endpoint({
      async *wait(m) {
        await hold.opened;
        yield final(m.id);
      },
      echo,
    });
    const peer = streamPeer(e, { shutdownGraceMs: 60_000 });
    peer.send({ jsonrpc: '2.0', id: 1, method: 'wait' });
    peer.input.end();
    let closed = false;
    void peer.server.closed.then(() => (closed = true));
    await sleep(20);
    expect(closed).toBe(false);
    hold.open();
    await peer.server.closed;
    expect(peer.output.writableEnded).toBe(true);
    expect(peer.messages().map((m) => m.id)).toEqual([1]);
  });

  it('T-15: answers still waiting for a slow reader when the input ends are all written before closed', async () => {
    const count = 40;
    let answered = 0;
    const { endpoint: e } = endpoint({
      async *big(m) {
        answered++;
        yield final(m.id, { text: 'x'.repeat(100_000) });
      },
    });
    const peer = streamPeer(e);
    // The client sends everything and ends, and reads only once the server has answered all.
    peer.output.pause();
    peer.output.removeAllListeners('data');
    for (let id = 1; id <= count; id++) peer.send({ jsonrpc: '2.0', id, method: 'big' });
    peer.input.end();
    while (answered < count) await sleep(5);
    await sleep(20);
    let text = '';
    peer.output.on('data', (chunk: string) => (text += chunk));
    const ended = new Promise((resolve) => peer.output.on('end', resolve));
    peer.output.resume();
    await peer.server.closed;
    await ended;
    const ids = text
      .split('\n')
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { id: number }).id);
    expect(ids.sort((a, b) => a - b)).toEqual(Array.from({ length: count }, (_, i) => i + 1));
  });

  it('T-15: after the grace period, exchanges still running are aborted and the server stops', async () => {
    let aborted = false;
    const { endpoint: e } = endpoint({
      async *forever(_m, context) {
        context.signal.addEventListener('abort', () => (aborted = true));
        await new Promise(() => {});
      },
    });
    const peer = streamPeer(e, { shutdownGraceMs: 50 });
    peer.send({ jsonrpc: '2.0', id: 1, method: 'forever' });
    await sleep(10);
    peer.input.end();
    await peer.server.closed;
    expect(aborted).toBe(true);
    expect(peer.messages()).toEqual([]);
  });

  it('T-15: the grace period ends every kind of running exchange: integer and string ids, a cancelled one, a notification', async () => {
    const aborted: string[] = [];
    const { endpoint: e } = endpoint({
      async *forever(m, context) {
        context.signal.addEventListener('abort', () => aborted.push(String(m.id ?? 'notification')));
        await new Promise(() => {});
      },
    });
    const peer = streamPeer(e, { shutdownGraceMs: 50 });
    peer.send({ jsonrpc: '2.0', id: 1, method: 'forever' });
    peer.send({ jsonrpc: '2.0', id: 'one', method: 'forever' });
    peer.send({ jsonrpc: '2.0', id: 2, method: 'forever' });
    peer.send({ jsonrpc: '2.0', method: 'forever' });
    peer.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 2 } });
    await sleep(10);
    expect(aborted).toEqual(['2']);
    peer.input.end();
    await peer.server.closed;
    expect(aborted.sort()).toEqual(['1', '2', 'notification', 'one']);
    expect(peer.messages()).toEqual([]);
  });

  it('aborts open listens at end of input without waiting for the grace period', async () => {
    let listenAborted = false;
    const { endpoint: e } = endpoint({
      async *'subscriptions/listen'(m, context) {
        yield {
          jsonrpc: '2.0',
          method: 'notifications/subscriptions/acknowledged',
          params: { _meta: { 'io.modelcontextprotocol/subscriptionId': m.id } },
        };
        await sleep(60_000, context.signal);
        listenAborted = context.signal.aborted;
      },
    });
    const peer = streamPeer(e, { shutdownGraceMs: 60_000 });
    peer.send({ jsonrpc: '2.0', id: 1, method: 'subscriptions/listen' });
    await peer.until((m) => m.length === 1);
    peer.input.end();
    await peer.server.closed;
    expect(listenAborted).toBe(true);
  });

  it('close() stops reading like end of input', async () => {
    const { endpoint: e, seen } = endpoint({ echo });
    const peer = streamPeer(e);
    await peer.server.close();
    peer.send({ jsonrpc: '2.0', id: 1, method: 'echo' });
    await sleep(10);
    expect(seen).toEqual([]);
  });

  it('close() from a running handler still starts every request read in the same chunk', async () => {
    let server: StreamServer | undefined;
    const { endpoint: e, seen } = endpoint({
      async *stop(m) {
        await Promise.resolve();
        void server!.close();
        yield final(m.id);
      },
      echo,
    });
    const peer = streamPeer(e);
    server = peer.server;
    let chunk = `${JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'stop' })}\n`;
    for (let id = 1; id <= 20; id++) chunk += `${JSON.stringify({ jsonrpc: '2.0', id, method: 'echo' })}\n`;
    peer.input.write(chunk);
    await peer.server.closed;
    expect(seen).toHaveLength(21);
    expect(new Set(peer.messages().map((m) => m.id)).size).toBe(21);
  });

  it('pulls a chatty exchange only as fast as the output drains (no unbounded buffering)', async () => {
    let produced = 0;
    const { endpoint: e } = endpoint({
      async *chatty(m) {
        for (let i = 0; i < 200; i++) {
          produced++;
          yield {
            jsonrpc: '2.0',
            method: 'notifications/progress',
            params: { progressToken: 'p', progress: i, pad: 'x'.repeat(1000) },
          };
        }
        yield final(m.id);
      },
    });
    const peer = streamPeer(e);
    peer.output.pause();
    peer.output.removeAllListeners('data');
    peer.send({ jsonrpc: '2.0', id: 1, method: 'chatty' });
    await sleep(50);
    // The PassThrough buffers ~16 KiB on each side; far fewer than 200 kB worth of items may be made.
    expect(produced).toBeLessThan(100);
    let text = '';
    peer.output.setEncoding('utf8');
    peer.output.on('data', (chunk: string) => (text += chunk));
    peer.output.resume();
    while (!text.includes('"id":1')) await sleep(5);
    expect(produced).toBe(200);
    expect(text.split('\n').filter(Boolean)).toHaveLength(201);
  });

  it('T-7: serves a socket with the same framing; answers still go out after the peer half-closes', async () => {
    const { endpoint: e } = endpoint({
      async *slow(m) {
        await sleep(30);
        yield final(m.id, { over: 'socket' });
      },
    });
    const servers: StreamServer[] = [];
    const listener = createServer({ allowHalfOpen: true }, (socket) => {
      servers.push(serveStreams(e, { input: socket, output: socket }));
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const { port } = listener.address() as AddressInfo;
    const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true });
    let text = '';
    socket.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
    const ended = new Promise((resolve) => socket.on('end', resolve));
    socket.end(`${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'slow' })}\n`);
    await ended;
    await servers[0]!.closed;
    await new Promise((resolve) => listener.close(resolve));
    expect(text).toBe(`${JSON.stringify(result(1, { over: 'socket' }))}\n`);
  });
});
