import { PassThrough } from 'node:stream';
import type { McpEndpoint } from '@mcpkit/protocol';
import type { StreamServerOptions } from '../../src/index.js';
import { serveStreams } from '../../src/index.js';

/** A server on in-memory streams, and the client's end of them: raw lines in, parsed lines out. */
export function streamPeer(endpoint: McpEndpoint, options: StreamServerOptions = {}) {
  const input = new PassThrough();
  const output = new PassThrough();
  const server = serveStreams(endpoint, { input, output }, options);
  const lines: string[] = [];
  let partial = '';
  let wake: (() => void) | undefined;
  output.setEncoding('utf8');
  output.on('data', (text: string) => {
    partial += text;
    const parts = partial.split('\n');
    partial = parts.pop()!;
    lines.push(...parts);
    wake?.();
  });
  return {
    server,
    input,
    output,
    /** Every line written so far, raw. */
    lines,
    /** Every line written so far, parsed. */
    messages: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
    send(value: unknown) {
      input.write(`${typeof value === 'string' ? value : JSON.stringify(value)}\n`);
    },
    /** Resolves once `predicate` holds for the lines written so far. */
    async until(
      predicate: (messages: Record<string, unknown>[]) => boolean,
    ): Promise<Record<string, unknown>[]> {
      while (!predicate(this.messages())) await new Promise<void>((resolve) => (wake = resolve));
      return this.messages();
    },
  };
}

export type StreamPeer = ReturnType<typeof streamPeer>;
