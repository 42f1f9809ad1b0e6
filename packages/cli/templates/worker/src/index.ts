// The Worker: every request goes to the MCP server's fetch handler (the endpoint is /mcp).
import { createFetchHandler } from '@mcpkit/transport-http';
import { createServer } from './server.js';

/** The Worker's bindings, as set in wrangler.jsonc. */
export interface Env {
  /** Host names the Worker answers to, comma-separated; other Host headers get 403. */
  ALLOWED_HOSTS: string;
}

let handler: ((request: Request) => Promise<Response>) | undefined;

export default {
  fetch(request: Request, env: Env): Promise<Response> {
    handler ??= createFetchHandler(createServer(), {
      allowedHosts: env.ALLOWED_HOSTS.split(',').map((host) => host.trim()),
    });
    return handler(request);
  },
};
