import type { ClientTransport } from '@mcpkit/protocol';
import { chooseSender } from './engine.js';
import { openHttpClientTransport } from './http-client-transport.js';
import { lazyHttpLegacyWire } from './lazy-legacy-wire.js';
import type { HttpClientTransportOptions } from './transport-options.js';

/**
 * A `ClientTransport` over Streamable HTTP: each exchange is one POST whose JSON or SSE
 * response is yielded message by message. Sends `Accept` with both types (H-5) and the mirror
 * headers `MCP-Protocol-Version`, `Mcp-Method`, `Mcp-Name`, `Mcp-Param-*` (H-6, H-27). Aborting
 * an exchange, or leaving it early (`return()`, even while the POST waits for its response
 * headers), closes its stream at once, which cancels the request (C-51). A stream that breaks
 * before the response fails with a retryable `TransportError('connection-lost')` (C-55).
 *
 * It also speaks the 2025-era Streamable HTTP wire for a client that falls back to it (B-11):
 * the session id from the answer to `initialize`, `MCP-Protocol-Version` once the session began,
 * the server's own requests answered with POSTs, early-ended streams resumed with
 * `Last-Event-ID`, the standalone GET stream, and DELETE on `endSession` and `close`. After
 * `legacy.openSse` it speaks the deprecated HTTP+SSE transport of 2024-11-05 instead (B-7). An
 * application that talks only to 2026-07-28 servers ships less code with the same function from
 * `@mcpkit/transport-http/modern`, which leaves all of that out.
 *
 * @example
 * ```ts
 * const transport = createHttpClientTransport('https://mcp.example.com/mcp', {
 *   authProvider: { headers: () => ({ Authorization: `Bearer ${token}` }) },
 * });
 * for await (const message of transport.exchange(request, {})) console.log(message);
 * ```
 */
export function createHttpClientTransport(
  url: string | URL,
  options: HttpClientTransportOptions = {},
): ClientTransport {
  return openHttpClientTransport(
    url,
    options,
    chooseSender(options.engine, options.fetch),
    lazyHttpLegacyWire,
  );
}
