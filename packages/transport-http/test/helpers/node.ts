import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import type { McpHttpServer } from '../../src/node/index.js';
import { mcpHeaders } from './http.js';

/** An IPv4 address of this machine other than loopback, when it has one. */
export const externalAddress = Object.values(networkInterfaces())
  .flat()
  .find((address) => address !== undefined && !address.internal && address.family === 'IPv4')?.address;

const cleanups: Array<() => Promise<void>> = [];
/** Closes the servers the test started; a test file using these helpers runs it after each test. */
export async function closeStarted(): Promise<void> {
  for (const cleanup of cleanups.splice(0)) await cleanup();
}

export async function started(server: McpHttpServer | Promise<McpHttpServer>): Promise<McpHttpServer> {
  const running = await server;
  cleanups.push(() => running.close());
  return running;
}

export async function serve(
  handler: (req: IncomingMessage, res: import('node:http').ServerResponse) => void,
) {
  const server: Server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(
    () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
}

export function postTo(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
  signal?: AbortSignal,
) {
  return fetch(url, {
    method: 'POST',
    headers: mcpHeaders(headers),
    body: typeof body === 'string' ? body : JSON.stringify(body),
    signal,
  });
}

/** A raw request, for what fetch will not send (a forged Host, a chunked body of our making). */
export function raw(
  url: string,
  options: { method?: string; headers?: Record<string, string>; chunks?: string[] },
): Promise<{ status: number; headers: IncomingMessage['headers']; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: options.method ?? 'POST', headers: options.headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.on('error', reject);
    for (const chunk of options.chunks ?? []) req.write(chunk);
    req.end();
  });
}

/** Sends `head` and `body` on a fresh socket exactly as written; resolves with the status line. */
export function rawSocket(url: string, head: string[], body: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      const length = Buffer.byteLength(body);
      socket.end(
        `${[...head, `content-length: ${length}`, 'connection: close'].join('\r\n')}\r\n\r\n${body}`,
      );
    });
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      received += chunk;
    });
    socket.on('end', () => resolve(received.slice(0, received.indexOf('\r\n'))));
    socket.on('error', reject);
  });
}
