import { McpClient } from '@mcpkit/client';
import { McpServer } from '@mcpkit/server';
import { createFetchHandler } from '@mcpkit/transport-http';
import * as z from 'zod';
import { createRedisCluster, type RedisCluster, stateKeysFromEnv } from '../src/index.js';
import { freshPrefix, STATE_KEY } from './fixtures.js';

/** One server instance of a test cluster: its Redis share, its server and its HTTP handler. */
export interface Instance {
  readonly name: string;
  readonly cluster: RedisCluster;
  readonly server: McpServer;
  readonly handle: (request: Request) => Promise<Response>;
  /** Task work that saw its signal abort, by label; `hold` too. */
  readonly aborted: Set<string>;
  /** Tools that started running here, by name (`hold` only). */
  readonly started: Set<string>;
}

/**
 * Starts `count` instances sharing one Redis `url` and prefix, each serving `whoami`, `greet`, `hold`,
 * `slow` and `count`; `requestTimeoutMs` bounds their wait for a 2025 client's answers.
 */
export async function startInstances(
  url: string,
  count: number,
  prefix = freshPrefix(),
  http: { resumeWindowMs?: number } = {},
  events: { ttlMs?: number } = {},
  requestTimeoutMs?: number,
): Promise<Instance[]> {
  const instances: Instance[] = [];
  for (let i = 0; i < count; i++) {
    const name = `i${i}`;
    const cluster = await createRedisCluster({
      url,
      prefix,
      instanceId: name,
      tasks: { pollIntervalMs: 5, leaseMs: 600 },
      events,
      stateKeys: stateKeysFromEnv(STATE_KEY),
      commandTimeoutMs: 1000,
      connectTimeoutMs: 2000,
    });
    const aborted = new Set<string>();
    const started = new Set<string>();
    const server = new McpServer(
      { name: 'cluster-test', version: '1.0.0' },
      {
        ...cluster.server,
        legacy: { ...cluster.server.legacy, ...(requestTimeoutMs === undefined ? {} : { requestTimeoutMs }) },
        capabilities: { resources: { subscribe: true, listChanged: true } },
        onError: () => {},
      },
    );
    server.tool('whoami', {}, async () => ({ content: [{ type: 'text', text: `instance=${name}` }] }));
    server.tool('greet', {}, async (_args, ctx) => {
      const answer = await ctx.elicit('name', {
        message: 'Your name?',
        requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
      });
      const text = answer.action === 'accept' ? `hello ${answer.content.name} from ${name}` : 'declined';
      return { content: [{ type: 'text', text }] };
    });
    server.tool('hold', {}, async (_args, ctx) => {
      started.add('hold');
      await new Promise((_, reject) =>
        ctx.signal.addEventListener('abort', () => {
          aborted.add('hold');
          reject(ctx.signal.reason);
        }),
      );
      return { content: [] };
    });
    server.tool(
      'slow',
      { inputSchema: z.object({ label: z.string() }), taskSupport: 'optional' },
      (args, ctx) =>
        ctx.runAsTask(async (task) => {
          const confirmed = args.label.startsWith('ask')
            ? await task.elicit('go', {
                message: 'Go on?',
                requestedSchema: {
                  type: 'object',
                  properties: { go: { type: 'boolean' } },
                  required: ['go'],
                },
              })
            : undefined;
          if (confirmed !== undefined) return { content: [{ type: 'text', text: `answered on ${name}` }] };
          await new Promise((_, reject) =>
            task.signal.addEventListener('abort', () => {
              aborted.add(args.label);
              reject(task.signal.reason);
            }),
          );
          return { content: [] };
        }),
    );
    server.tool(
      'count',
      { inputSchema: z.object({ n: z.number().int(), intervalMs: z.number().int() }) },
      async ({ n, intervalMs }, ctx) => {
        for (let i = 1; i <= n; i++) {
          await ctx.progress(i, n);
          await new Promise((resolve) => setTimeout(resolve, intervalMs));
        }
        return { content: [{ type: 'text', text: `counted=${n}` }] };
      },
    );
    server.resource('demo://counter', { name: 'counter' }, async () => ({
      contents: [{ uri: 'demo://counter', text: '0' }],
    }));
    instances.push({
      name,
      cluster,
      server,
      handle: createFetchHandler(server, { allowedHosts: ['cluster'], ...cluster.http, ...http }),
      aborted,
      started,
    });
  }
  return instances;
}

/** A fetch that hands each request to the next instance in turn (a balancer without affinity), naming it in `turns`. */
export function roundRobin(instances: readonly Instance[], turns: string[] = []): typeof fetch {
  let next = 0;
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    const instance = instances[next++ % instances.length]!;
    turns.push(instance.name);
    return instance.handle(new Request(input, init));
  }) as typeof fetch;
}

/** A 2026 client whose requests go to the instances in turn. */
export function modernClient(
  instances: readonly Instance[],
  transportFactory: (
    url: string,
    fetch: typeof globalThis.fetch,
  ) => ConstructorParameters<typeof McpClient>[0],
  turns?: string[],
): McpClient {
  return new McpClient(transportFactory('http://cluster/mcp', roundRobin(instances, turns)), {
    clientInfo: { name: 'cluster-test', version: '1' },
    handlers: { elicitation: { form: async () => ({ action: 'accept', content: { name: 'Ada' } }) } },
  });
}

/** Posts one 2025-era JSON-RPC message to `instance`; `session` sets `Mcp-Session-Id`. */
export async function post2025(
  instance: Instance,
  message: Record<string, unknown>,
  session?: string,
): Promise<{
  status: number;
  body: Record<string, unknown> | undefined;
  session: string | null;
  text: string;
}> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': '2025-11-25',
  };
  if (session !== undefined) headers['mcp-session-id'] = session;
  const response = await instance.handle(
    new Request('http://cluster/mcp', { method: 'POST', headers, body: JSON.stringify(message) }),
  );
  const text = await response.text();
  const data = text.startsWith('{')
    ? text
    : text
        .split('\n')
        .filter((line) => line.startsWith('data: ') && line.length > 6)
        .map((line) => line.slice(6))
        .at(-1);
  return {
    status: response.status,
    body: data ? (JSON.parse(data) as Record<string, unknown>) : undefined,
    session: response.headers.get('mcp-session-id'),
    text,
  };
}

/** Opens a 2025 session on `instance`: `initialize` then `notifications/initialized`. */
export async function open2025(instance: Instance): Promise<string> {
  const init = await post2025(instance, {
    jsonrpc: '2.0',
    id: 0,
    method: 'initialize',
    params: {
      protocolVersion: '2025-11-25',
      capabilities: { elicitation: {} },
      clientInfo: { name: 'v1', version: '1' },
    },
  });
  if (init.session === null) throw new Error(`initialize failed: ${init.status} ${init.text}`);
  await post2025(instance, { jsonrpc: '2.0', method: 'notifications/initialized' }, init.session);
  return init.session;
}

export async function closeAll(instances: readonly Instance[]): Promise<void> {
  await Promise.all(instances.map((instance) => instance.cluster.close()));
}
