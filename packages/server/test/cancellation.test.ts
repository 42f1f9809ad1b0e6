import { createInMemoryTransport, McpError } from '@mcpkit/protocol';
import { describe, expect, it } from 'vitest';
import { McpServer } from '../src/index.js';
import { drain, meta, request } from './helpers.js';

/** A latch: `done` settles once `open` is called. */
function latch() {
  let open!: () => void;
  const done = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, done };
}

/** `slow` waits for its cancellation; `started` and `finished` settle as its handler gets there. */
function slowServer() {
  const server = new McpServer({ name: 'c', version: '1' });
  const seen: { aborted?: boolean; reached?: boolean } = {};
  const started = latch();
  const finished = latch();
  server.tool('slow', {}, async (_, ctx) => {
    const cancelled = new Promise((resolve) => ctx.signal.addEventListener('abort', resolve, { once: true }));
    started.open();
    await cancelled;
    seen.aborted = ctx.signal.aborted;
    ctx.progress(1);
    seen.reached = true;
    finished.open();
    return { content: [{ type: 'text', text: 'too late' }] };
  });
  server.tool('stuck', {}, () => new Promise<never>(() => {}));
  return { server, seen, started: started.done, finished: finished.done };
}

describe('cancellation (S-62..S-64)', () => {
  it('S-62, S-63: aborting the signal aborts the handler; the cancelled exchange yields nothing more', async () => {
    const { server, seen, started, finished } = slowServer();
    const controller = new AbortController();
    const items: unknown[] = [];
    const running = (async () => {
      for await (const item of createInMemoryTransport(server).exchange(
        request('tools/call', { name: 'slow', _meta: meta({ progressToken: 'p' }) }),
        { signal: controller.signal },
      )) {
        items.push(item);
      }
    })();
    await started;
    controller.abort(new Error('cancelled'));
    await expect(running).rejects.toThrow('cancelled');
    await finished;
    expect(seen).toEqual({ aborted: true, reached: true });
    expect(items).toEqual([]);
  });

  it('S-63: a handler that ignores cancellation cannot hold a cancelled exchange open', async () => {
    const { server } = slowServer();
    const controller = new AbortController();
    const running = drain(
      createInMemoryTransport(server).exchange(request('tools/call', { name: 'stuck' }), {
        signal: controller.signal,
      }),
    );
    setTimeout(() => controller.abort(new Error('cancelled')), 5);
    await expect(running).rejects.toThrow('cancelled');
  });

  it('a request cancelled before it is read does not run', async () => {
    const { server } = slowServer();
    let ran = false;
    server.tool('flag', {}, () => {
      ran = true;
      return { content: [] };
    });
    const exchange = createInMemoryTransport(server).exchange(request('tools/call', { name: 'flag' }), {
      signal: AbortSignal.abort(new Error('too late')),
    });
    await expect(drain(exchange)).rejects.toThrow('too late');
    expect(ran).toBe(false);
  });

  it('an error after cancellation is not sent as a response', async () => {
    const server = new McpServer({ name: 'c', version: '1' });
    const controller = new AbortController();
    const started = latch();
    server.tool('fails-when-cancelled', {}, async (_, ctx) => {
      const cancelled = new Promise((resolve) =>
        ctx.signal.addEventListener('abort', resolve, { once: true }),
      );
      started.open();
      await cancelled;
      throw new McpError(-32603, 'gave up');
    });
    const items = drain(
      server.handle(request('tools/call', { name: 'fails-when-cancelled' }), {
        transport: 'memory',
        signal: controller.signal,
      }),
    );
    await started.done;
    controller.abort();
    expect(await items).toEqual([]);
  });

  it('the client cancelling through a transport aborts the handler', async () => {
    const { server, seen, started, finished } = slowServer();
    const transport = createInMemoryTransport(server);
    const controller = new AbortController();
    const running = drain(
      transport.exchange(request('tools/call', { name: 'slow' }), { signal: controller.signal }),
    ).catch(() => []);
    await started;
    controller.abort(new Error('user cancelled'));
    expect(await running).toEqual([]);
    await finished;
    expect(seen.aborted).toBe(true);
  });

  it('S-64: a cancel for an unknown or finished request is ignored', async () => {
    const { server } = slowServer();
    const cancel = { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'never-sent' } };
    expect(
      await drain(server.handle(cancel, { transport: 'memory', signal: new AbortController().signal })),
    ).toEqual([]);
  });

  it('a consumer that stops reading closes the stream; later messages are dropped', async () => {
    const server = new McpServer({ name: 'c', version: '1' });
    let push: (() => void) | undefined;
    server.tool('chatty', {}, async (_, ctx) => {
      ctx.progress(1);
      await new Promise<void>((resolve) => {
        push = () => {
          ctx.progress(2);
          resolve();
        };
      });
      return { content: [] };
    });
    const exchange = server.handle(
      request('tools/call', { name: 'chatty', _meta: meta({ progressToken: 1 }) }),
      {
        transport: 'memory',
        signal: new AbortController().signal,
      },
    );
    const iterator = exchange[Symbol.asyncIterator]();
    expect((await iterator.next()).value).toMatchObject({
      method: 'notifications/progress',
      params: { progress: 1 },
    });
    await iterator.return?.();
    push?.();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await iterator.next()).toEqual({ done: true, value: undefined });
  });
});
