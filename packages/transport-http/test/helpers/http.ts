import type { McpEndpoint } from '@mcpkit/protocol';
import { createFetchHandler } from '../../src/index.js';
import type { HttpServerOptions } from '../../src/server/options.js';

export const URL_BASE = 'http://localhost:3000/mcp';

/** Headers a conforming client sends for `body`. */
export function mcpHeaders(extra: Record<string, string> = {}): Record<string, string> {
  return {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': '2026-07-28',
    ...extra,
  };
}

export function post(body: unknown, headers: Record<string, string> = {}, url = URL_BASE): Request {
  return new Request(url, {
    method: 'POST',
    headers: mcpHeaders(headers),
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

export function handlerFor(endpoint: McpEndpoint, options: HttpServerOptions = {}) {
  return createFetchHandler(endpoint, options);
}

/** Reads an SSE body frame by frame (raw text blocks between blank lines). */
export async function* frames(response: Response): AsyncGenerator<string> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += value;
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        yield buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        end = buffer.indexOf('\n\n');
      }
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
}

/** The JSON messages of an SSE body, read to its end. */
export async function sseMessages(response: Response): Promise<unknown[]> {
  const messages: unknown[] = [];
  for await (const frame of frames(response)) {
    if (frame.startsWith('data: ')) messages.push(JSON.parse(frame.slice(6)));
  }
  return messages;
}
