// The official SDK v1 (`@modelcontextprotocol/sdk`), the server 2025-era deployments run: a 2025-11-25
// session's `tools/call` over Streamable HTTP, with the same raw client code as mcpkit's legacy row. It has
// no 2026-07-28 path and no in-process row here.
import { openLegacySession } from '../../lib/legacy-client.mjs';

export const serverScript = new URL('./legacy-http-server.mjs', import.meta.url);

/** A 2025-11-25 session on the v1 server: `legacy.callEcho`. */
export async function connect(url) {
  const legacy = await openLegacySession(url);
  return { legacy, close: () => legacy.close() };
}
