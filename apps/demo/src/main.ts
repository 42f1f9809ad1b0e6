// `node apps/demo/dist/main.js`: a client tours the everything server over stdio, then over HTTP.
import { relative } from 'node:path';
import { McpClient, type McpClientOptions } from '@mcpkit/client';
import { createHttpClientTransport } from '@mcpkit/transport-http';
import { createStdioClientTransport } from '@mcpkit/transport-stdio';
import { type HttpServerProcess, serverEntry, startHttpServer } from './servers.js';
import { callTool, discover, elicitation, listen, listTools, progress, readResource } from './tour.js';
import { Transcript } from './transcript.js';

const WATCHDOG_MS = 30_000;
const t = new Transcript((text) => process.stdout.write(text));
/** What the stdio server wrote to stderr: shown only when the demo fails. */
let stdioServerLog = '';

/** The demo's client: it answers the server's questions itself, and says what it answered. */
function demoClientOptions(): McpClientOptions {
  return {
    clientInfo: { name: 'mcpkit-demo', version: '0.0.0' },
    handlers: {
      elicitation: {
        form: (request) => {
          const content = { name: 'Ada' };
          t.step('elicitation', `the server asked "${request.message}"; answered ${JSON.stringify(content)}`);
          return { action: 'accept', content };
        },
      },
    },
  };
}

async function overStdio(): Promise<void> {
  const entry = serverEntry('stdio');
  t.heading(`1. stdio: the client spawns node ${relative(process.cwd(), entry)}`);
  const client = new McpClient(
    createStdioClientTransport({
      command: process.execPath,
      args: [entry],
      stderr: (text) => (stdioServerLog += text),
    }),
    demoClientOptions(),
  );
  try {
    await discover(client, t);
    await listTools(client, t);
    await callTool(client, t);
    await progress(client, t);
    await elicitation(client, t);
    await readResource(client, t);
    await listen(client, t);
  } finally {
    await client.close();
  }
}

/** The HTTP server process while it runs, so a failing demo can stop it before exiting. */
let httpServer: HttpServerProcess | undefined;

async function overHttp(): Promise<void> {
  let client: McpClient | undefined;
  try {
    const server = await startHttpServer();
    httpServer = server;
    t.heading(`2. Streamable HTTP: the same server definition, started as dist/http.js at ${server.url}`);
    client = new McpClient(createHttpClientTransport(server.url), demoClientOptions());
    await discover(client, t);
    await callTool(client, t);
    await progress(client, t);
    await listen(client, t);
  } finally {
    await client?.close();
    await httpServer?.stop();
    httpServer = undefined;
  }
}

async function main(): Promise<void> {
  const started = performance.now();
  t.line('mcpkit demo: an MCP 2026-07-28 client and server, over stdio and Streamable HTTP');
  await overStdio();
  await overHttp();
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  t.line(`\nAll ${t.count} steps worked (${seconds} s). Next: apps/everything-server/src/server.ts`);
}

function fail(message: string): never {
  // The stdio child exits by itself when this process's pipes close; the HTTP one would not.
  httpServer?.child.kill('SIGTERM');
  process.stderr.write(`\ndemo failed: ${message}\n`);
  if (stdioServerLog) process.stderr.write(`the stdio server wrote:\n${stdioServerLog}`);
  process.exit(1);
}

setTimeout(() => fail(`no end after ${WATCHDOG_MS / 1000} s`), WATCHDOG_MS).unref();

main().then(
  () => process.exit(0),
  (error: unknown) => fail(error instanceof Error ? `${error.name}: ${error.message}` : String(error)),
);
