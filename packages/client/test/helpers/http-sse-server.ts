import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { PassThrough, Writable } from 'node:stream';
import type { McpEndpoint } from '@mcpkit/protocol';
import { serveStreams } from '@mcpkit/transport-stdio';

/** One HTTP request the server received. */
export interface SeenRequest {
  method: string;
  path: string;
  /** The JSON-RPC method of a POSTed message, or `response` for an answer to the server. */
  rpc?: string;
}

interface SseSession {
  input: PassThrough;
  response: ServerResponse;
}

/**
 * A real server of the deprecated HTTP+SSE transport (2024-11-05) on 127.0.0.1 in front of any
 * endpoint, such as `@mcpkit/server` in its 2025 era: `GET /sse` opens a session whose first
 * event is `endpoint` (`/message?sessionId=…`, or what `endpointFor` says), POSTs there are read
 * as the session's input, and everything the endpoint writes goes out as SSE `message` events.
 * Any other request, a POST to `/sse` included, is a 404, as Express answers.
 */
export async function serveHttpSse(
  endpoint: McpEndpoint,
  options: { endpointFor?: (id: string) => string } = {},
) {
  const sessions = new Map<string, SseSession>();
  const seen: SeenRequest[] = [];
  let next = 0;

  function openSession(response: ServerResponse): void {
    const id = String(++next);
    const input = new PassThrough();
    let pendingLine = '';
    const output = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        const lines = (pendingLine + chunk.toString('utf8')).split('\n');
        pendingLine = lines.pop()!;
        for (const line of lines) if (line !== '') response.write(`event: message\ndata: ${line}\n\n`);
        callback();
      },
    });
    serveStreams(endpoint, { input, output }, { shutdownGraceMs: 0 });
    sessions.set(id, { input, response });
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    response.write(`event: endpoint\ndata: ${options.endpointFor?.(id) ?? `/message?sessionId=${id}`}\n\n`);
    response.on('close', () => {
      input.end();
      sessions.delete(id);
    });
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    let rpc: string | undefined;
    if (body !== '') {
      const message = JSON.parse(body) as { method?: string };
      rpc = message.method ?? 'response';
    }
    seen.push({ method: request.method ?? '', path: url.pathname, rpc });
    if (request.method === 'GET' && url.pathname === '/sse') return openSession(response);
    const session = sessions.get(url.searchParams.get('sessionId') ?? '');
    if (request.method === 'POST' && url.pathname === '/message' && session) {
      session.input.write(`${body}\n`);
      response.writeHead(202).end('Accepted');
      return;
    }
    response.writeHead(404, { 'content-type': 'text/html' }).end(`Cannot ${request.method} ${url.pathname}`);
  }

  const server = createServer((request, response) => void handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/sse`,
    seen,
    /** Ends every open SSE stream, as a server restart would: their sessions are gone. */
    dropStreams(): void {
      for (const session of sessions.values()) session.response.end();
    },
    async close(): Promise<void> {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
