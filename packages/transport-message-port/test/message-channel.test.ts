import { MessageChannel } from 'node:worker_threads';
import { McpClient } from '@mcpkit/client';
import type { JSONRPCMessage } from '@mcpkit/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { createMessagePortClientTransport, serveMessagePort } from '../src/index.js';
import { createEchoServer } from './fixtures/echo-server.js';

const clientInfo = { name: 'port-test', version: '1.0.0' };
const cleanup: (() => unknown)[] = [];

afterEach(async () => {
  for (const close of cleanup.splice(0).reverse()) await close();
});

function connected(options: Parameters<typeof createMessagePortClientTransport>[1] = {}) {
  const { port1, port2 } = new MessageChannel();
  const server = serveMessagePort(createEchoServer(), port1);
  const transport = createMessagePortClientTransport(port2, options);
  cleanup.push(
    () => server.close(),
    () => port1.close(),
    () => transport.close(),
  );
  return { port1, server, transport, client: new McpClient(transport, { clientInfo }) };
}

function text(result: { content: unknown[] }): string {
  return (result.content[0] as { text: string }).text;
}

describe('MessagePort transport over a Node MessageChannel', () => {
  it('T-8: many calls in flight on one port each get their own answer, with their progress', async () => {
    const { client } = connected();
    await client.connect();
    const progress: string[] = [];
    const texts = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        client.callTool('echo', { text: `n${i}` }, { onProgress: () => progress.push(`n${i}`) }).then(text),
      ),
    );
    expect(texts).toEqual(Array.from({ length: 50 }, (_, i) => `n${i}`));
    expect(progress.sort()).toEqual(texts.sort());
  });

  it('T-11: aborting a call posts notifications/cancelled, which aborts the handler on the server', async () => {
    const { client } = connected();
    await client.connect();
    const controller = new AbortController();
    // Abort once the handler runs: an exchange aborted before it is written is never sent at all.
    let running!: () => void;
    const started = new Promise<void>((resolve) => {
      running = resolve;
    });
    const waiting = client.callTool('wait', {}, { signal: controller.signal, onProgress: () => running() });
    await started;
    controller.abort();
    await expect(waiting).rejects.toThrow();
    expect(text(await client.callTool('cancels', {}))).toBe('1');
  });

  it('close() fails the calls in flight with a closed TransportError, and later calls too', async () => {
    const { client, transport } = connected();
    await client.connect();
    const waiting = client.callTool('wait', {});
    await new Promise((resolve) => setTimeout(resolve, 20));
    await transport.close();
    await expect(waiting).rejects.toMatchObject({ reason: 'closed' });
    const late = transport.exchange({ jsonrpc: '2.0', id: 99, method: 'ping' }, {});
    await expect(late[Symbol.asyncIterator]().next()).rejects.toMatchObject({ reason: 'closed' });
  });

  it('what is not a JSON-RPC message goes to onInvalid; a late response to onUnrouted', async () => {
    const invalid: unknown[] = [];
    const unrouted: JSONRPCMessage[] = [];
    const { port1, client } = connected({
      onInvalid: (data) => invalid.push(data),
      onUnrouted: (message) => unrouted.push(message),
    });
    port1.postMessage('not json-rpc');
    port1.postMessage({ jsonrpc: '2.0', id: 12345, result: {} });
    await client.connect();
    expect(invalid).toEqual(['not json-rpc']);
    expect(unrouted).toEqual([{ jsonrpc: '2.0', id: 12345, result: {} }]);
  });

  it('the server answers bad input with a JSON-RPC error and keeps serving', async () => {
    const { port1, port2 } = new MessageChannel();
    const server = serveMessagePort(createEchoServer(), port1);
    cleanup.push(
      () => server.close(),
      () => port1.close(),
      () => port2.close(),
    );
    const answers: unknown[] = [];
    port2.on('message', (data) => answers.push(data));
    port2.postMessage({ jsonrpc: '2.0', id: 1 });
    port2.postMessage(42);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answers).toMatchObject([
      { jsonrpc: '2.0', id: 1, error: { code: -32600 } },
      { jsonrpc: '2.0', error: { code: -32600 } },
    ]);
  });

  it('after close() the server posts nothing more for the requests it was running', async () => {
    const { client, server } = connected({ onUnrouted: () => {} });
    await client.connect();
    const waiting = client.callTool('wait', {}, { timeoutMs: 300 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    server.close();
    await expect(waiting).rejects.toThrow(/timed out|300/i);
  });
});
