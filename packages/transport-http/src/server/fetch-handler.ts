import type { McpEndpoint } from '@mcpkit/protocol';
import { answerHttpRequest } from './answer-http-request.js';
import type { BodyRead, IncomingHttpRequest } from './incoming.js';
import { memoizeLast } from './memo.js';
import { type HttpServerOptions, resolveConfig } from './options.js';
import type { HttpReply, SseStream } from './replies.js';
import { SignalCancellation } from './request-cancellation.js';

const encoder = new TextEncoder();

async function readLimited(body: ReadableStream<Uint8Array>, limit: number): Promise<BodyRead> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        void reader.cancel().catch(() => {});
        return { kind: 'too-large' };
      }
      chunks.push(value);
    }
  } catch {
    return { kind: 'failed' };
  }
  if (chunks.length === 1) return { kind: 'bytes', bytes: chunks[0]! };
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { kind: 'bytes', bytes };
}

// Parsing a URL costs microseconds, and a client sends every request to the same one.
const hostOfUrl = memoizeLast((url: string) => new URL(url).host);
const pathnameOfUrl = memoizeLast((url: string) => new URL(url).pathname);

/** A Web `Request` as the shared HTTP layer sees it. */
class WebRequest implements IncomingHttpRequest {
  readonly cancellation: SignalCancellation;
  readonly #request: Request;

  constructor(request: Request) {
    this.#request = request;
    this.cancellation = new SignalCancellation(request.signal);
  }

  get method(): string {
    return this.#request.method;
  }

  get headers(): Headers {
    return this.#request.headers;
  }

  host(): string | null {
    // Some runtimes keep `Host` out of `Request.headers`; the URL is built from it.
    return this.#request.headers.get('host') ?? hostOfUrl(this.#request.url);
  }

  pathname(): string {
    return pathnameOfUrl(this.#request.url);
  }

  url(): string {
    return this.#request.url;
  }

  readBody(limit: number): Promise<BodyRead> {
    const declared = this.#request.headers.get('content-length');
    if (declared !== null && Number(declared) > limit) return Promise.resolve({ kind: 'too-large' });
    const body = this.#request.body;
    if (body === null) return Promise.resolve({ kind: 'bytes', bytes: '' });
    return readLimited(body, limit);
  }
}

function streamBody(source: SseStream): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const frame = await source.next();
      try {
        if (frame === null) controller.close();
        else controller.enqueue(encoder.encode(frame));
      } catch {
        // The consumer cancelled the stream while the frame was on its way.
      }
    },
    cancel(reason) {
      source.cancel(reason);
    },
  });
}

function toResponse(reply: HttpReply): Response {
  switch (reply.kind) {
    case 'buffered':
      return new Response(reply.body ?? null, { status: reply.status, headers: reply.headers });
    case 'stream':
      return new Response(streamBody(reply.source), { status: 200, headers: reply.headers });
    case 'response': {
      if (reply.headers === undefined) return reply.response;
      const response = new Response(reply.response.body, reply.response);
      for (const [name, value] of Object.entries(reply.headers)) response.headers.set(name, value);
      return response;
    }
    case 'none':
      // The client is gone and will never read this; 499 names that in logs.
      return new Response(null, { status: 499 });
  }
}

/**
 * Serves an MCP endpoint over Streamable HTTP on any runtime with Web `Request`/`Response`
 * (Deno, Bun, Cloudflare Workers, Node frameworks built on fetch). Every POST is one exchange;
 * see `HttpServerOptions` for DNS-rebinding protection, limits and authentication.
 *
 * @example
 * ```ts
 * const handler = createFetchHandler(server, { allowedHosts: ['mcp.example.com'] });
 * Deno.serve((request) => handler(request));
 * // Cloudflare Workers: export default { fetch: handler };
 * ```
 */
export function createFetchHandler(
  endpoint: McpEndpoint,
  options: HttpServerOptions = {},
): (request: Request) => Promise<Response> {
  const config = resolveConfig(options, endpoint);
  return async (request) => {
    const incoming = new WebRequest(request);
    const reply = await answerHttpRequest(endpoint, incoming, config);
    if (reply.kind === 'stream') {
      // Closing the response stream (H-34) and an aborted request both cancel the exchange.
      const stream = reply.source;
      request.signal.addEventListener('abort', () => stream.cancel(request.signal.reason), { once: true });
    } else {
      incoming.cancellation.unfollow();
    }
    return toResponse(reply);
  };
}
