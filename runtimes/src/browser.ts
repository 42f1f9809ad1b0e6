// A page in headless Chromium: the smoke client against the server named in the page's query string
// (another origin: the server lists this page's origin in `allowedOrigins`), then the report goes back
// to the page's own server.
import { runSmoke } from './smoke-client.js';

async function report(body: unknown): Promise<void> {
  await fetch('/report', { method: 'POST', body: JSON.stringify(body) });
}

const server = new URL(location.href).searchParams.get('server') ?? '';
runSmoke(server).then(
  (smoke) => report(smoke),
  (error: unknown) =>
    report({ error: String(error), stack: error instanceof Error ? error.stack : undefined }),
);
