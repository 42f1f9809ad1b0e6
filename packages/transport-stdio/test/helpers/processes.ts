import { fileURLToPath } from 'node:url';
import { type ExchangeMessage, type JSONRPCRequest, TransportError } from '@mcpkit/protocol';
import { afterEach, expect } from 'vitest';
import {
  createStdioClientTransport,
  type StdioClientTransport,
  type StdioClientTransportOptions,
} from '../../src/index.js';

/** The absolute path of a fixture script. */
export function fixture(name: string): string {
  return fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));
}

/** A request as the client package would build it. */
export function request(
  id: string | number,
  method: string,
  params: Record<string, unknown> = {},
): JSONRPCRequest {
  return { jsonrpc: '2.0', id, method, params };
}

/** Reads an exchange to its end. */
export async function collect(exchange: AsyncIterable<ExchangeMessage>): Promise<ExchangeMessage[]> {
  const items: ExchangeMessage[] = [];
  for await (const item of exchange) items.push(item);
  return items;
}

/** The final message of an exchange, which must be a response. */
export async function response(exchange: AsyncIterable<ExchangeMessage>): Promise<Record<string, unknown>> {
  const items = await collect(exchange);
  const last = items.at(-1) as Record<string, unknown> | undefined;
  expect(last && 'id' in last).toBe(true);
  return last!;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The error `promise` rejects with, which must be a `TransportError`. */
export async function failure(promise: Promise<unknown>): Promise<TransportError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TransportError);
  return error as TransportError;
}

/** Whether a process with this id still exists (a zombie counts as existing). */
export function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
    throw error;
  }
}

/**
 * Waits until the process is gone (reaped: an ended orphan waits for init). Fails after
 * `timeoutMs`, well before the test's timeout, so that the test's own cleanup still runs.
 */
export async function waitUntilGone(pid: number, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (processExists(pid)) {
    if (Date.now() > deadline) throw new Error(`process ${pid} still exists after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const transports: StdioClientTransport[] = [];
const pids = new Set<number>();

/** Remembers a process id; after the test it must be gone (no zombie, no orphan). */
export function trackPid(pid: number | undefined): number {
  expect(pid).toBeTypeOf('number');
  pids.add(pid!);
  return pid!;
}

/** A transport running a fixture with node; closed after the test, and its processes checked. */
export function spawnFixture(
  name: string,
  options: Partial<StdioClientTransportOptions> & { fixtureArgs?: string[] } = {},
): StdioClientTransport {
  const { fixtureArgs = [], ...rest } = options;
  const transport = createStdioClientTransport({
    command: process.execPath,
    args: [fixture(name), ...fixtureArgs],
    stderr: 'ignore',
    ...rest,
  });
  transports.push(transport);
  return transport;
}

afterEach(async () => {
  for (const transport of transports) if (transport.pid !== undefined) pids.add(transport.pid);
  await Promise.all(transports.splice(0).map((transport) => transport.close()));
  const leftovers = [...pids].filter(processExists);
  pids.clear();
  // After close() resolved every child has been reaped: not running and not a zombie.
  expect(leftovers).toEqual([]);
});
