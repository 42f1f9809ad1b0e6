import { setTimeout as delay } from 'node:timers/promises';
import type { McpServer, ToolResult } from '@mcpkit/server';

/** The resource whose updates `increment` announces; its text is the counter's value. */
const COUNTER_URI = 'demo://counter';

/** What the tools need of the shared store. */
interface Counter {
  read(): Promise<number>;
  increment(): Promise<number>;
}

function text(value: string): ToolResult {
  return { content: [{ type: 'text', text: value }] };
}

/** Waits `ms`, or rejects at once with its reason when `signal` aborts (the client cancelled or went away). */
async function pause(ms: number, signal: AbortSignal): Promise<void> {
  await delay(ms, undefined, { signal }).catch(() => signal.throwIfAborted());
}

const integer = (minimum: number, maximum: number) => ({ type: 'integer', minimum, maximum }) as const;

/**
 * The demo's tools and its one resource. Every one behaves the same on whichever instance a
 * request lands: what spans requests lives in Redis (the counter) or in the server's shared
 * stores (sessions, streams, tasks, `requestState` keys).
 */
export function registerDemo(server: McpServer, name: string, counter: Counter): void {
  server.tool('whoami', { description: 'Names the instance that served the call' }, () =>
    text(`instance=${name}`),
  );

  server.tool('greet', { description: 'Asks for your name, then greets you' }, async (_args, ctx) => {
    const answer = await ctx.elicit('name', {
      message: 'What is your name?',
      requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
    });
    return text(answer.action === 'accept' ? `hello ${String(answer.content.name)}` : 'declined');
  });

  server.tool(
    'increment',
    { description: `Adds one to the shared counter and announces ${COUNTER_URI} as updated` },
    async () => {
      const value = await counter.increment();
      await server.notifyResourceUpdated(COUNTER_URI);
      return text(`counter=${value}`);
    },
  );

  server.tool(
    'count',
    {
      description: 'Reports progress 1..n of n, intervalMs apart, then answers',
      inputSchema: {
        type: 'object',
        properties: { n: integer(1, 1000), intervalMs: integer(0, 10_000) },
        required: ['n', 'intervalMs'],
      },
    },
    async (args, ctx) => {
      const { n, intervalMs } = args as { n: number; intervalMs: number };
      for (let i = 1; i <= n; i++) {
        if (i > 1) await pause(intervalMs, ctx.signal);
        ctx.progress(i, n);
      }
      return text(`counted=${n}`);
    },
  );

  server.tool(
    'slow_task',
    {
      description: 'Waits ms milliseconds; a task for clients that declare the tasks extension',
      inputSchema: { type: 'object', properties: { ms: integer(0, 600_000) }, required: ['ms'] },
      taskSupport: 'optional',
    },
    (args, ctx) =>
      ctx.runAsTask(async (task) => {
        const { ms } = args as { ms: number };
        task.setStatusMessage(`waiting ${ms}ms`);
        await pause(ms, task.signal);
        return text(`done after ${ms}ms`);
      }),
  );

  server.resource(
    COUNTER_URI,
    { name: 'counter', description: 'The shared counter', mimeType: 'text/plain', cache: { ttlMs: 0 } },
    async () => ({
      contents: [{ uri: COUNTER_URI, mimeType: 'text/plain', text: String(await counter.read()) }],
    }),
  );
}
