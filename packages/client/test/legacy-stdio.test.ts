import { fileURLToPath } from 'node:url';
import type { ClientTransport, JSONRPCNotification, JSONRPCRequest } from '@mcpkit/protocol';
import { createStdioClientTransport } from '@mcpkit/transport-stdio';
import { afterEach, describe, expect, it } from 'vitest';
import { McpClient, type McpClientOptions, ResourceNotFoundError } from '../src/index.js';

const fixture = fileURLToPath(new URL('./fixtures/legacy-server.mjs', import.meta.url));

/**
 * The stdio transport to the hand-written 2025-11-25 server, recording what the client sends;
 * `onExit` hears of each server process the transport saw end.
 */
function legacyServer(sent: string[] = [], onExit?: () => void): ClientTransport {
  const stdio = createStdioClientTransport({
    command: process.execPath,
    args: [fixture],
    stderr: 'ignore',
    restart: { initialDelayMs: 10 },
    onExit,
  });
  return {
    peer: stdio.peer,
    exchange(request: JSONRPCRequest, options) {
      sent.push(request.method);
      return stdio.exchange(request, options);
    },
    notify(notification: JSONRPCNotification) {
      sent.push(notification.method);
      return stdio.notify(notification);
    },
    close: () => stdio.close(),
    onRestart: (listener) => stdio.onRestart(listener),
    legacy: stdio.legacy,
  };
}

const clients: McpClient[] = [];
function connect(transport: ClientTransport, options: McpClientOptions = {}): McpClient {
  const client = new McpClient(transport, options);
  clients.push(client);
  return client;
}

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});

function textOf(result: { content: Array<{ type: string; text?: string }> }): string {
  return result.content[0]?.text ?? '';
}

describe('against a 2025-era stdio server', { timeout: 30_000 }, () => {
  it('B-3, B-9, C-58: the probe falls back to initialize with the newest version, then notifications/initialized', async () => {
    const sent: string[] = [];
    const client = connect(legacyServer(sent));
    const server = await client.connect();
    expect(server).toMatchObject({
      era: 'legacy',
      protocolVersion: '2025-11-25',
      capabilities: { tools: {}, resources: {} },
      serverInfo: { name: 'old', version: '1' },
      instructions: 'be kind',
      discoverResult: undefined,
    });
    expect(client.protocolVersion).toBe('2025-11-25');
    expect(sent).toEqual(['server/discover', 'initialize', 'notifications/initialized']);
    const log = JSON.parse(textOf(await client.callTool('log', {}, { cache: 'bypass' } as never)));
    expect(log).toContainEqual({ notification: 'notifications/initialized' });
  });

  it('B-9: initialize offers the newest version of legacyProtocolVersions and the session keeps the answered one', async () => {
    const client = connect(legacyServer(), { legacyProtocolVersions: ['2025-06-18', '2025-03-26'] });
    expect((await client.connect())?.protocolVersion).toBe('2025-06-18');
  });

  it("B-10: requests carry no 2026 per-request _meta, only the progress token and the caller's keys", async () => {
    const client = connect(legacyServer());
    const plain = JSON.parse(textOf(await client.callTool('echo', { a: 1 })));
    expect(plain).toEqual({ arguments: { a: 1 }, meta: null });
    const progress = JSON.parse(
      textOf(await client.callTool('echo', {}, { onProgress: () => {}, meta: { trace: 'x' } })),
    );
    expect(Object.keys(progress.meta).sort()).toEqual(['progressToken', 'trace']);
  });

  it('B-14, B-16: results without resultType are complete, list results without ttlMs are not cached', async () => {
    const sent: string[] = [];
    const client = connect(legacyServer(sent));
    const tools = await client.listTools();
    expect(tools.tools.map((tool) => tool.name)).toEqual(['echo', 'ask']);
    expect(tools).toMatchObject({ resultType: 'complete', ttlMs: 0 });
    await client.listTools();
    expect(sent.filter((method) => method === 'tools/list')).toHaveLength(2);
  });

  it('B-15: -32002 from a 2025-era server is a ResourceNotFoundError', async () => {
    const client = connect(legacyServer());
    const failure = await client.readResource('file:///nope').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ResourceNotFoundError);
    expect(failure).toMatchObject({ code: -32002, uri: 'file:///nope' });
  });

  it("B-13: the server's elicitation/create reaches the form handler and its answer reaches the tool result", async () => {
    const asked: unknown[] = [];
    const client = connect(legacyServer(), {
      handlers: {
        elicitation: {
          form: async (request, context) => {
            asked.push({ message: request.message, mode: request.mode, method: context.method });
            return { action: 'accept', content: { name: 'Ada' } };
          },
        },
      },
    });
    const answer = JSON.parse(textOf(await client.callTool('ask')));
    expect(answer).toEqual({ action: 'accept', content: { name: 'Ada' } });
    expect(asked).toEqual([{ message: 'Your name?', mode: 'form', method: undefined }]);
  });

  it('B-13, C-47: an answer that does not fit the requested schema goes back as a JSON-RPC error, not as content', async () => {
    const client = connect(legacyServer(), {
      handlers: { elicitation: { form: async () => ({ action: 'accept', content: { name: 42 } }) } },
    });
    const answer = JSON.parse(textOf(await client.callTool('ask')));
    expect(answer.error).toMatchObject({ code: -32603 });
    expect(answer.error.message).toMatch(/does not fit the requested schema/);
  });

  it('B-13: a request without a handler, or of an unknown method, is answered -32601', async () => {
    const client = connect(legacyServer());
    expect(JSON.parse(textOf(await client.callTool('ask'))).error).toMatchObject({ code: -32601 });
    expect(JSON.parse(textOf(await client.callTool('unknown-request'))).error).toMatchObject({
      code: -32601,
    });
  });

  it('B-13, C-49: roots/list goes to the roots handler', async () => {
    const client = connect(legacyServer(), {
      handlers: { roots: () => [{ uri: 'file:///work', name: 'work' }] },
    });
    expect(JSON.parse(textOf(await client.callTool('roots')))).toEqual({
      roots: [{ uri: 'file:///work', name: 'work' }],
    });
  });

  it('B-6, T-18: after the process dies the client runs initialize on the new one, without probing again', async () => {
    const sent: string[] = [];
    const client = connect(legacyServer(sent));
    const firstPid = textOf(await client.callTool('pid'));
    await client.callTool('exit').catch(() => {});
    const secondPid = textOf(await client.callTool('pid'));
    expect(secondPid).not.toBe(firstPid);
    expect(sent.filter((method) => method === 'server/discover')).toHaveLength(1);
    expect(sent.filter((method) => method === 'initialize')).toHaveLength(2);
  });

  it('T-18, B-11: after the process died while idle, the first call runs initialize on the new process before its request', async () => {
    const sent: string[] = [];
    let exited!: () => void;
    const exit = new Promise<void>((resolve) => {
      exited = resolve;
    });
    const client = connect(legacyServer(sent, () => exited()));
    const pid = Number(textOf(await client.callTool('pid')));
    process.kill(pid, 'SIGKILL');
    await exit;
    expect(textOf(await client.callTool('first'))).toBe('initialize');
    expect(sent.filter((method) => method === 'initialize')).toHaveLength(2);
    expect(sent.filter((method) => method === 'server/discover')).toHaveLength(1);
  });

  it('T-18: a tool call lost with the process is not sent again, and the next call reaches an initialized process', async () => {
    const client = connect(legacyServer());
    await client.connect();
    await expect(client.callTool('exit')).rejects.toMatchObject({ reason: 'restarted' });
    expect(textOf(await client.callTool('first'))).toBe('initialize');
  });

  it('B-6: clients sharing eraVerdicts skip the probe for a server known to be older', async () => {
    const eraVerdicts = new Map();
    await connect(legacyServer(), { eraVerdicts }).connect();
    const sent: string[] = [];
    await connect(legacyServer(sent), { eraVerdicts }).connect();
    expect(sent).toEqual(['initialize', 'notifications/initialized']);
  });

  it('B-2: era "legacy" runs initialize at once', async () => {
    const sent: string[] = [];
    await connect(legacyServer(sent), { era: 'legacy' }).connect();
    expect(sent).toEqual(['initialize', 'notifications/initialized']);
  });

  it("C-7: a 2025-era server's log messages over stdio, which name no request, reach the client's onLog at its level", async () => {
    const logs: string[] = [];
    const client = connect(legacyServer(), {
      logLevel: 'warning',
      onLog: (message) => logs.push(String(message.data)),
    });
    expect(await client.callTool('logs')).toMatchObject({ content: [{ type: 'text', text: 'logged' }] });
    await expect.poll(() => logs).toEqual(['while calling']);
  });
});
