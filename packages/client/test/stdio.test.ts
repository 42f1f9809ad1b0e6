import { fileURLToPath } from 'node:url';
import type { ClientTransport } from '@mcpkit/protocol';
import { createStdioClientTransport } from '@mcpkit/transport-stdio';
import { describe, expect, it } from 'vitest';
import { LegacyServerError, McpClient } from '../src/index.js';

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url));

function spawn(script: string, ...args: string[]) {
  return createStdioClientTransport({
    command: process.execPath,
    args: [fixture(script), ...args],
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    stderr: 'ignore',
    restart: { initialDelayMs: 10 },
  });
}

function textOf(result: { content: Array<{ type: string; text?: string }> }): string {
  return result.content[0]?.text ?? '';
}

describe('over a real stdio child process', { timeout: 30_000 }, () => {
  it('a server that cannot start (node missing.js) is started once and reported with its command, exit code and stderr', async () => {
    const missing = fixture('missing.js');
    const exits: (number | null)[] = [];
    let stderr = '';
    const transport = createStdioClientTransport({
      command: process.execPath,
      args: [missing],
      stderr: (text) => (stderr += text),
      restart: { initialDelayMs: 1 },
      onExit: (exit) => exits.push(exit.code),
    });
    const client = new McpClient(transport);
    try {
      const failure = (await client.connect().catch((e: unknown) => e)) as Error;
      expect(failure.message).toMatch(
        /^The server did not start: `.+ .+missing\.js` ended \(exit code 1\) before its first answer/,
      );
      expect(failure.message).toContain(`Cannot find module '${missing}'`);
      expect(exits).toEqual([1]);
      expect(stderr.match(/MODULE_NOT_FOUND/g)).toHaveLength(1);
    } finally {
      await client.close();
    }
  });

  it('T-20..T-23: with era "modern", a pre-2026 server answering server/discover with -32601 is reported as an older revision', async () => {
    const client = new McpClient(spawn('legacy-server.mjs'), { era: 'modern' });
    try {
      const failure = await client.connect().catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(LegacyServerError);
      expect((failure as LegacyServerError).evidence).toContain('-32601');
    } finally {
      await client.close();
    }
  });

  it('T-21, T-23: with era "modern", a server that stays silent is reported as an older revision after the probe timeout', async () => {
    const client = new McpClient(spawn('legacy-server.mjs', 'silent'), {
      probeTimeoutMs: 300,
      era: 'modern',
    });
    try {
      await expect(client.connect()).rejects.toBeInstanceOf(LegacyServerError);
    } finally {
      await client.close();
    }
  });

  it('T-21, B-9: a server that stays silent to the probe and to initialize fails, saying so', async () => {
    const client = new McpClient(spawn('legacy-server.mjs', 'silent'), { probeTimeoutMs: 200 });
    try {
      await expect(client.connect()).rejects.toThrow('no answer to initialize within 200 ms');
    } finally {
      await client.close();
    }
  });

  it('T-17, C-43, C-55: after the child dies, the client re-probes before re-issuing, re-opens its listen and keeps working', async () => {
    const stdio = spawn('modern-server.mjs');
    const sent: string[] = [];
    const transport: ClientTransport = {
      exchange(request, options) {
        sent.push(request.method);
        return stdio.exchange(request, options);
      },
      close: () => stdio.close(),
      onRestart: (listener) => stdio.onRestart(listener),
    };
    const client = new McpClient(transport, { reopenDelayMs: () => 10 });
    try {
      await client.connect();
      const firstPid = textOf(await client.callTool('pid'));
      const subscription = client.listen({ toolsListChanged: true });
      await subscription.acknowledged;
      const firstSubscription = subscription.id;
      const read = client.readResource('file:///slow');
      for (let i = 0; i < 500 && !sent.includes('resources/read'); i++)
        await new Promise((r) => setTimeout(r, 10));
      await expect(client.callTool('crash')).rejects.toMatchObject({ name: 'TransportError' });
      const reread = (await read).contents[0] as { text: string };
      expect(reread.text).not.toBe(firstPid);
      const afterCrash = sent.slice(sent.lastIndexOf('tools/call') + 1);
      expect(afterCrash.indexOf('server/discover')).toBeGreaterThanOrEqual(0);
      expect(afterCrash.indexOf('server/discover')).toBeLessThan(afterCrash.indexOf('resources/read'));
      const secondPid = textOf(await client.callTool('pid'));
      expect(secondPid).not.toBe(firstPid);
      for (let i = 0; i < 500 && subscription.id === firstSubscription; i++)
        await new Promise((r) => setTimeout(r, 10));
      expect(subscription.id).not.toBe(firstSubscription);
      expect(subscription.ended).toBe(false);
      subscription.close();
    } finally {
      await client.close();
    }
  });
});
