import type { Server } from 'node:http';

/** 5 s: how long `close()` waits by default for responses in flight. */
export const DEFAULT_CLOSE_TIMEOUT_MS = 5_000;

/** How often a closing server looks for connections whose response has ended. */
const IDLE_SWEEP_MS = 20;

/**
 * Makes the `close()` of a `node:http` server: stop accepting connections, close the idle ones
 * at once and each busy one soon after its response ends, and after `timeoutMs` drop whatever
 * is still open. A stream the endpoint is ending (a listen's final result, S-50) is written
 * whole instead of being cut. Calling it again returns the same promise.
 */
export function gracefulClose(server: Server, timeoutMs: number): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => {
    closing ??= new Promise<void>((resolve, reject) => {
      const deadline = setTimeout(() => server.closeAllConnections(), timeoutMs);
      // A keep-alive connection stays open after its response until the client's next request, and
      // node:http tells nothing when a response ends; sweeping while closing keeps requests free of it.
      const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
      server.close((error) => {
        clearTimeout(deadline);
        clearInterval(sweep);
        if (error) reject(error);
        else resolve();
      });
      server.closeIdleConnections();
    });
    return closing;
  };
}
