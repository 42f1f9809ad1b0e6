import type { Server } from 'node:http';

/** 5 s: how long `close()` waits by default for responses in flight. */
export const DEFAULT_CLOSE_TIMEOUT_MS = 5_000;

/**
 * Makes the `close()` of a `node:http` server: stop accepting connections, close the idle ones
 * at once and each busy one as soon as its response ends, and after `timeoutMs` drop whatever
 * is still open. A stream the endpoint is ending (a listen's final result, S-50) is written
 * whole instead of being cut. Calling it again returns the same promise.
 */
export function gracefulClose(server: Server, timeoutMs: number): () => Promise<void> {
  let closing: Promise<void> | undefined;
  // A keep-alive connection stays open after its response until the client's next request.
  server.on('request', (_req, res) => {
    res.once('close', () => {
      if (closing !== undefined) server.closeIdleConnections();
    });
  });
  return () => {
    closing ??= new Promise<void>((resolve, reject) => {
      const deadline = setTimeout(() => server.closeAllConnections(), timeoutMs);
      server.close((error) => {
        clearTimeout(deadline);
        if (error) reject(error);
        else resolve();
      });
      server.closeIdleConnections();
    });
    return closing;
  };
}
