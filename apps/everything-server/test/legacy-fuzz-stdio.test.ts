import { PassThrough } from 'node:stream';
import type { McpServer } from '@mcpkit/server';
import { serveStreams } from '@mcpkit/transport-stdio';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fuzzTarget, isJsonRpcMessage, legacyMessage } from './helpers/legacy-fuzz.js';

type Message = Record<string, unknown>;

/** One stdio connection to `server`, over in-memory pipes, as `serveStdio` would carry it. */
function connect(server: McpServer) {
  const input = new PassThrough();
  const output = new PassThrough();
  const running = serveStreams(server, { input, output }, { shutdownGraceMs: 50 });
  const lines: string[] = [];
  let waiting: (() => void) | undefined;
  let buffered = '';
  output.setEncoding('utf8');
  output.on('data', (chunk: string) => {
    buffered += chunk;
    for (let end = buffered.indexOf('\n'); end >= 0; end = buffered.indexOf('\n')) {
      lines.push(buffered.slice(0, end));
      buffered = buffered.slice(end + 1);
    }
    waiting?.();
  });
  return {
    lines,
    send: (message: unknown) =>
      input.write(`${typeof message === 'string' ? message : JSON.stringify(message)}\n`),
    /** The first message after `from` lines that `match` accepts. */
    async next(match: (message: Message) => boolean, from = 0): Promise<Message> {
      const deadline = Date.now() + 20_000;
      for (;;) {
        if (Date.now() > deadline) throw new Error(`no such message among ${lines.slice(from).join('\n')}`);
        const found = lines
          .slice(from)
          .map((line) => JSON.parse(line) as Message)
          .find(match);
        if (found) return found;
        await new Promise<void>((resolve) => {
          waiting = resolve;
          setTimeout(resolve, 1000);
        });
      }
    },
    async close() {
      input.end();
      await running.closed;
    },
  };
}

const INIT = {
  jsonrpc: '2.0',
  id: 'init',
  method: 'initialize',
  params: {
    protocolVersion: '2025-11-25',
    capabilities: { elicitation: {} },
    clientInfo: { name: 'v', version: '1' },
  },
};

describe('legacy stdio entry under fuzzing', () => {
  it('B-9, B-13: arbitrary lines never crash the connection, are answered with well-formed JSON-RPC, and leave another connection untouched', async () => {
    const { server } = fuzzTarget();
    const victim = connect(server);
    victim.send(INIT);
    await victim.next((m) => m.id === 'init');
    victim.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    victim.send({ jsonrpc: '2.0', id: 'level', method: 'logging/setLevel', params: { level: 'error' } });
    await victim.next((m) => m.id === 'level');
    victim.send({ jsonrpc: '2.0', id: 'ask', method: 'tools/call', params: { name: 'ask', arguments: {} } });
    const question = await victim.next((m) => m.method === 'elicitation/create');
    const known = ['ask', 'init', 'level', question.id as string];

    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(legacyMessage(known), fc.string({ maxLength: 20 })), { maxLength: 10 }),
        async (messages) => {
          const fuzzer = connect(server);
          fuzzer.send(INIT);
          for (const message of messages) fuzzer.send(message);
          await fuzzer.close();
          for (const line of fuzzer.lines) expect(isJsonRpcMessage(JSON.parse(line))).toBe(true);
        },
      ),
      {
        numRuns: 60,
        // A deterministic attack besides the random ones: another connection answers the
        // victim's question and cancels the victim's request.
        examples: [
          [
            [
              { jsonrpc: '2.0', id: question.id, result: { action: 'accept', content: { name: 'mallory' } } },
              { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'ask' } },
            ],
          ],
        ],
      },
    );

    // The victim's question is still open and only its own answer settles it; its level holds.
    const seen = victim.lines.length;
    victim.send({ jsonrpc: '2.0', id: question.id, result: { action: 'accept', content: { name: 'ada' } } });
    const answer = await victim.next((m) => m.id === 'ask', seen);
    expect(answer).toMatchObject({ result: { content: [{ type: 'text', text: 'ada' }] } });
    const mark = victim.lines.length;
    victim.send({
      jsonrpc: '2.0',
      id: 'echo',
      method: 'tools/call',
      params: { name: 'echo', arguments: {} },
    });
    await victim.next((m) => m.id === 'echo', mark);
    expect(victim.lines.slice(mark).filter((line) => line.includes('notifications/message'))).toEqual([]);
    await victim.close();
  }, 120_000);
});
