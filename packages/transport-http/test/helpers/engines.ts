import * as http from 'node:http';
import { Agent, createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import * as https from 'node:https';
import { type AddressInfo, connect, type Socket } from 'node:net';
import type { ClientTransport } from '@mcpkit/protocol';
import { afterEach } from 'vitest';
import { createHttpClientTransport as create } from '../../src/client/create-transport.js';
import { openHttpClientTransport } from '../../src/client/http-client-transport.js';
import { keepAliveAgentOptions, nodeSender } from '../../src/client/node-sender.js';
import type { Fetch } from '../../src/client/sender.js';
import type { HttpClientTransportOptions } from '../../src/client/transport-options.js';
import { httpLegacyWire } from './legacy-wire.js';

/** Both ways the client transport sends: every client test runs against each. */
export const ENGINES = ['fetch', 'node'] as const;
export type Engine = (typeof ENGINES)[number];

const bridges = new Set<Server>();

afterEach(async () => {
  const open = [...bridges];
  bridges.clear();
  await Promise.all(
    open.map((server) => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    }),
  );
});

function requestHeaders(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (let index = 0; index + 1 < req.rawHeaders.length; index += 2) {
    headers.append(req.rawHeaders[index]!, req.rawHeaders[index + 1]!);
  }
  return headers;
}

/** Writes a Web `Response` to `res`, body streamed with backpressure; a client that leaves cancels it. */
async function writeResponse(response: Response, res: ServerResponse): Promise<void> {
  const headers: [string, string][] = [];
  response.headers.forEach((value, name) => {
    headers.push([name, value]);
  });
  res.writeHead(response.status, response.statusText, headers.flat());
  if (response.body === null) {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  res.once('close', () => void reader.cancel().catch(() => {}));
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (res.destroyed) return;
    if (!res.write(value)) {
      // Both listeners go once either fires: a `close` left per wait piles up on a long body.
      await new Promise<void>((resolve) => {
        const done = () => {
          res.off('drain', done);
          res.off('close', done);
          resolve();
        };
        res.on('drain', done);
        res.on('close', done);
      });
    }
  }
  res.end();
}

/** A loopback server answering every request with the scripted `fetch` of a test. */
function bridgeTo(fetch: Fetch): Server {
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const controller = new AbortController();
    res.once('close', () => {
      if (!res.writableFinished) controller.abort();
    });
    try {
      const response = await fetch(`http://${req.headers.host}${req.url}`, {
        method: req.method,
        headers: requestHeaders(req),
        body: chunks.length > 0 ? Buffer.concat(chunks).toString('utf8') : undefined,
        signal: controller.signal,
      });
      await writeResponse(response, res);
    } catch {
      res.destroy();
    }
  });
  bridges.add(server);
  return server;
}

/** A keep-alive agent (the transport's own settings) whose every connection goes to `server`. */
class BridgeAgent extends Agent {
  readonly #server: Server;
  #listening: Promise<number> | undefined;

  constructor(server: Server) {
    super(keepAliveAgentOptions());
    this.#server = server;
  }

  override createConnection(_options: unknown, done?: (error: Error | null, socket: Socket) => void) {
    this.#listening ??= new Promise((resolve) =>
      this.#server.listen(0, '127.0.0.1', () => resolve((this.#server.address() as AddressInfo).port)),
    );
    this.#listening.then(
      (port) => done?.(null, connect(port, '127.0.0.1')),
      (error: Error) => done?.(error, undefined as never),
    );
    return undefined;
  }
}

/**
 * `createHttpClientTransport` sending through `engine`. A test's scripted `fetch` stands for the
 * server: the fetch engine calls it, the node engine reaches it over a real loopback connection,
 * with the request's URL and headers as sent.
 */
export function transportFor(engine: Engine) {
  return (url: string | URL, options: HttpClientTransportOptions = {}): ClientTransport => {
    if (engine === 'fetch') return create(url, options.fetch ? options : { ...options, engine });
    if (options.fetch === undefined) return create(url, { ...options, engine });
    const { fetch, ...rest } = options;
    const agent = new BridgeAgent(bridgeTo(fetch));
    return openHttpClientTransport(
      url,
      rest,
      nodeSender({ http, https: () => https, Buffer }, agent),
      httpLegacyWire,
    );
  };
}
