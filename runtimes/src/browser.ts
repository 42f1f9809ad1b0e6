// A page in headless Chromium, served from another origin than the MCP servers. It first posts to a
// server with default options, which must refuse the page's origin, then runs the smoke client against
// one that lists the origin in `allowedOrigins`; the report goes back to the page's own server.
import { runSmoke } from './smoke-client.js';

async function report(body: unknown): Promise<void> {
  await fetch('/report', { method: 'POST', body: JSON.stringify(body) });
}

/** Whether a POST from this page to `url` fails (the server refuses the origin, so CORS hides the rest). */
async function refused(url: string): Promise<boolean> {
  try {
    await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'server/discover', params: {} }),
    });
    return false;
  } catch {
    return true;
  }
}

const query = new URL(location.href).searchParams;
async function main(): Promise<void> {
  const refusedByDefault = await refused(query.get('refusing') ?? '');
  await report({ refusedByDefault, ...(await runSmoke(query.get('server') ?? '')) });
}
main().catch((error: unknown) =>
  report({ error: String(error), stack: error instanceof Error ? error.stack : undefined }),
);
