import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { type JSONRPCRequest, McpError, TransportError } from '@mcpkit/protocol';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from './helpers/endpoints.js';
import { ENGINES, transportFor } from './helpers/engines.js';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/** What the hostile server does with the next request. */
type Behaviour =
  | { kind: 'json'; size: number; valid: boolean; delayMs: number }
  | { kind: 'sse'; events: number; eventSize: number; terminated: boolean; delayMs: number }
  | { kind: 'endless'; sse: boolean; chunk: string }
  | { kind: 'status'; status: number; body: string }
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'hang' }
  | { kind: 'garbage'; bytes: number[] };

const behaviour: fc.Arbitrary<Behaviour> = fc.oneof(
  fc.record({
    kind: fc.constant('json' as const),
    size: fc.integer({ min: 0, max: 600_000 }),
    valid: fc.boolean(),
    delayMs: fc.integer({ min: 0, max: 30 }),
  }),
  fc.record({
    kind: fc.constant('sse' as const),
    events: fc.integer({ min: 0, max: 200 }),
    eventSize: fc.integer({ min: 0, max: 150_000 }),
    terminated: fc.boolean(),
    delayMs: fc.integer({ min: 0, max: 30 }),
  }),
  fc.record({
    kind: fc.constant('endless' as const),
    sse: fc.boolean(),
    chunk: fc.constantFrom('a', 'data: x\n', ': comment', '\n', '{"jsonrpc":'),
  }),
  fc.record({
    kind: fc.constant('status' as const),
    status: fc.constantFrom(200, 202, 204, 400, 401, 404, 500, 502),
    body: fc.string({ maxLength: 200 }),
  }),
  fc.record({
    kind: fc.constant('redirect' as const),
    status: fc.constantFrom(301, 302, 303, 307, 308),
    location: fc.constantFrom('/again', 'http://127.0.0.1:1/elsewhere', 'javascript:alert(1)', '::::'),
  }),
  fc.constant({ kind: 'hang' as const }),
  fc.record({
    kind: fc.constant('garbage' as const),
    bytes: fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 300 }),
  }),
);

let next: Behaviour = { kind: 'hang' };
let origin = '';
const open = new Set<ServerResponse>();
const server = createServer((req, res) => {
  open.add(res);
  res.on('close', () => open.delete(res));
  req.resume();
  req.on('end', () => act(next, res));
});

function responseText(size: number): string {
  return JSON.stringify({ jsonrpc: '2.0', id: 1, result: { text: 'x'.repeat(size) } });
}

function act(plan: Behaviour, res: ServerResponse): void {
  switch (plan.kind) {
    case 'json':
      setTimeout(() => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(plan.valid ? responseText(plan.size) : 'x'.repeat(plan.size));
      }, plan.delayMs);
      return;
    case 'sse': {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const note = `data: ${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/progress', params: { progress: 1, note: 'n'.repeat(plan.eventSize) } })}\n\n`;
      let sent = 0;
      const tick = () => {
        if (res.destroyed) return;
        if (sent++ < plan.events) {
          if (res.write(note)) setImmediate(tick);
          else res.once('drain', tick);
          return;
        }
        if (plan.terminated) res.end(`data: ${responseText(10)}\n\n`);
        else res.end();
      };
      setTimeout(tick, plan.delayMs);
      return;
    }
    case 'endless': {
      res.writeHead(200, { 'content-type': plan.sse ? 'text/event-stream' : 'application/json' });
      const piece = plan.chunk.repeat(Math.ceil(16_384 / plan.chunk.length));
      const pump = () => {
        while (!res.destroyed && res.write(piece));
        if (!res.destroyed) res.once('drain', pump);
      };
      pump();
      return;
    }
    case 'status':
      res.writeHead(plan.status).end(plan.body);
      return;
    case 'redirect':
      res.writeHead(plan.status, { location: plan.location }).end();
      return;
    case 'hang':
      return;
    case 'garbage':
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.end(Buffer.from(plan.bytes));
      return;
  }
}

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const res of open) res.destroy();
  await new Promise((resolve) => server.close(resolve));
});

const call = request(1, 'tools/call', { name: 'x', arguments: {} }) as JSONRPCRequest;
describe.each(ENGINES)('through the %s engine', (engine) => {
  const createHttpClientTransport = transportFor(engine);

  const transport = () =>
    createHttpClientTransport(`${origin}/mcp`, { maxResponseBytes: 256 * 1024, maxEventBytes: 64 * 1024 });

  /** Runs one exchange; returns how it ended. Anything but these outcomes fails the property. */
  async function exchangeOnce(): Promise<string> {
    const signal = AbortSignal.timeout(400);
    try {
      for await (const _ of transport().exchange(call, { signal })) {
        // Reading is all the client does with what the server sends.
      }
      return 'answered';
    } catch (error) {
      if (signal.aborted) return 'timed out';
      if (error instanceof TransportError) return error.reason;
      if (error instanceof McpError) return 'error response';
      throw error;
    }
  }

  function heapAfterGc(): number {
    collectGarbage();
    collectGarbage();
    return process.memoryUsage().heapUsed;
  }

  describe('the HTTP client against a hostile loopback server', () => {
    it('random sizes, shapes, delays and redirects: no crash, no hang past the timeout, no memory growth', async () => {
      const started = Date.now();
      await exchangeOnce();
      const before = heapAfterGc();
      const outcomes = new Set<string>();
      await fc.assert(
        fc.asyncProperty(behaviour, async (plan) => {
          next = plan;
          const begun = Date.now();
          outcomes.add(await exchangeOnce());
          // Each exchange is aborted after 400 ms; a hang would never end, so the bound can be roomy.
          expect(Date.now() - begun).toBeLessThan(10_000);
        }),
        { numRuns: 80, seed: 20_261_203 },
      );
      for (const res of open) res.destroy();
      const grown = heapAfterGc() - before;
      expect(grown).toBeLessThan(32 * 1024 * 1024);
      expect(outcomes.has('too-large')).toBe(true);
      expect(Date.now() - started).toBeLessThan(50_000);
    }, 60_000);
  });
});
