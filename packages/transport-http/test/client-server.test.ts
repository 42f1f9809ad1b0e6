import {
  decodeHeaderValue,
  type JSONRPCRequest,
  McpError,
  TransportError,
  toErrorResponse,
} from '@mcpkit/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { type McpHttpServer, type ServeHttpOptions, serveHttp } from '../src/node/index.js';
import { collect } from './helpers/client.js';
import { aborted, gate, progress, request, result, scripted } from './helpers/endpoints.js';
import { ENGINES, transportFor } from './helpers/engines.js';

const servers: McpHttpServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

/** A small server: `tools/call` answers with progress when asked, errors for unknown versions. */
const endpoint = scripted(async function* (message, context) {
  const params = (message.params ?? {}) as { name?: string; arguments?: Record<string, unknown> };
  const meta = (params as { _meta?: Record<string, unknown> })._meta ?? {};
  if (meta['io.modelcontextprotocol/protocolVersion'] !== '2026-07-28') {
    yield toErrorResponse(
      McpError.unsupportedProtocolVersion(String(meta['io.modelcontextprotocol/protocolVersion']), [
        '2026-07-28',
      ]),
      message.id as number,
    );
    return;
  }
  if (params.name === 'slow') {
    yield progress('p', 1);
    await aborted(context.signal);
    return;
  }
  const steps = Number(params.arguments?.steps ?? 0);
  for (let i = 1; i <= steps; i++) yield progress('p', i);
  const region = context.headers?.get('mcp-param-region');
  yield result(message.id, {
    name: params.name,
    region: region === null ? null : decodeHeaderValue(region!),
  });
});

async function start(options: ServeHttpOptions = {}): Promise<McpHttpServer> {
  const server = await serveHttp(endpoint, options);
  servers.push(server);
  return server;
}

function toolCall(id: number, name: string, args: Record<string, unknown> = {}): JSONRPCRequest {
  return request(id, 'tools/call', { name, arguments: args }) as JSONRPCRequest;
}

describe.each(ENGINES)('through the %s engine', (engine) => {
  const createHttpClientTransport = transportFor(engine);

  describe('client and server over real sockets', () => {
    it('H-11, H-27: a JSON exchange carries the mirror headers end to end', async () => {
      const transport = createHttpClientTransport((await start()).url);
      const items = await collect(
        transport.exchange(toolCall(1, 'weather'), { paramHeaders: { Region: 'Zürich' } }),
      );
      expect(items).toEqual([result(1, { name: 'weather', region: 'Zürich' })]);
    });

    it('H-12: an SSE exchange yields its progress then the result', async () => {
      const transport = createHttpClientTransport((await start()).url);
      const items = await collect(transport.exchange(toolCall(2, 'count', { steps: 3 }), {}));
      expect(items).toEqual([
        progress('p', 1),
        progress('p', 2),
        progress('p', 3),
        result(2, { name: 'count', region: null }),
      ]);
    });

    it('many concurrent exchanges on one transport each get their own answer', async () => {
      const transport = createHttpClientTransport((await start()).url);
      const all = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          collect(transport.exchange(toolCall(i, `t${i}`, { steps: i % 3 }), {})),
        ),
      );
      all.forEach((items, i) => {
        expect(items).toHaveLength((i % 3) + 1);
        expect(items.at(-1)).toEqual(result(i, { name: `t${i}`, region: null }));
      });
    });

    it('H-19: a -32022 answer with HTTP 400 reaches the client as an error response', async () => {
      const transport = createHttpClientTransport((await start()).url);
      const old = toolCall(3, 'x');
      (old.params!._meta as Record<string, unknown>)['io.modelcontextprotocol/protocolVersion'] =
        '2025-01-01';
      const [response] = await collect(transport.exchange(old, {}));
      expect(response).toMatchObject({ id: 3, error: { code: -32022, data: { supported: ['2026-07-28'] } } });
    });

    it('C-51, H-34: aborting mid-stream rejects with the reason and cancels the server exchange', async () => {
      const transport = createHttpClientTransport((await start()).url);
      const controller = new AbortController();
      const before = endpoint.seen.length;
      const reason = new Error('stop');
      const outcome = (async () => {
        for await (const _ of transport.exchange(toolCall(5, 'slow'), { signal: controller.signal }))
          controller.abort(reason);
      })().catch((e: unknown) => e);
      expect(await outcome).toBe(reason);
      await aborted(endpoint.seen[before]!.context.signal);
    });

    it('C-55: a server that goes away mid-stream fails the exchange as connection-lost (retryable)', async () => {
      const server = await start({ closeTimeoutMs: 0 });
      const transport = createHttpClientTransport(server.url);
      const first = gate();
      const outcome = (async () => {
        for await (const _ of transport.exchange(toolCall(6, 'slow'), {})) first.open();
      })().catch((e: unknown) => e);
      await first.promise;
      await server.close();
      servers.splice(servers.indexOf(server), 1);
      const error = (await outcome) as TransportError;
      expect(error).toBeInstanceOf(TransportError);
      expect(error.reason).toBe('connection-lost');
      expect(error.retryable).toBe(true);
    });

    it('C-55: a server that is not there is connection-lost', async () => {
      const server = await start();
      const { url } = server;
      await server.close();
      servers.splice(servers.indexOf(server), 1);
      const error = (await collect(createHttpClientTransport(url).exchange(toolCall(7, 'x'), {})).catch(
        (e: unknown) => e,
      )) as TransportError;
      expect(error.reason).toBe('connection-lost');
    });
  });
});
