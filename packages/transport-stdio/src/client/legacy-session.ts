import type { JSONRPCRequest } from '@mcpkit/protocol';
import { TransportError } from '@mcpkit/protocol/internal';

/**
 * A 2025-era session over stdio: the server process it was begun on is the session, so it ends
 * when that process does. Until `initialize` runs again, no other request may reach the process
 * that replaced it: that server would get a request before `initialize` (T-18).
 */
export class StdioLegacySession {
  /** The process the session was begun on, while the session stands. */
  #process: object | undefined;

  begin(process: object | undefined): void {
    this.#process = process;
  }

  end(): void {
    this.#process = undefined;
  }

  /**
   * Why `request` may not be written to `current`, the running process (if any): the session's
   * process is gone. The request is never written and fails with `session-expired`, so the client
   * runs `initialize` on a new process and re-sends it; `initialize` itself ends the old session.
   */
  refusal(request: JSONRPCRequest, current: object | undefined): TransportError | undefined {
    if (this.#process === undefined || this.#process === current) return undefined;
    if (request.method === 'initialize') {
      this.#process = undefined;
      return undefined;
    }
    return new TransportError(
      'session-expired',
      'The server process of the 2025-era session ended; the request was not sent (run initialize first)',
    );
  }
}
