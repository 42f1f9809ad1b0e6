import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

const CONFORMANCE_JS = fileURLToPath(new URL('../../dist/conformance.js', import.meta.url));

export interface ClientRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `dist/conformance.js <url>` as the suite does: the scenario and context in the environment. */
export async function runClient(
  scenario: string | undefined,
  url: string | undefined,
  options: { context?: unknown; protocolVersion?: string } = {},
): Promise<ClientRun> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    MCP_CONFORMANCE_PROTOCOL_VERSION: options.protocolVersion ?? '2026-07-28',
  };
  delete env.MCP_CONFORMANCE_SCENARIO;
  delete env.MCP_CONFORMANCE_CONTEXT;
  if (scenario !== undefined) env.MCP_CONFORMANCE_SCENARIO = scenario;
  if (options.context !== undefined) env.MCP_CONFORMANCE_CONTEXT = JSON.stringify(options.context);
  const child = spawn(process.execPath, url === undefined ? [CONFORMANCE_JS] : [CONFORMANCE_JS, url], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  const [code] = await once(child, 'exit');
  clearTimeout(timer);
  return { code: code as number | null, stdout, stderr };
}

export interface RecordedRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown> & { id?: number | string; method?: string; params?: Record<string, unknown> };
}

/**
 * A scripted HTTP server in this process: `answer` maps each POSTed JSON-RPC message to a status
 * and body (`undefined`: 202, no body). Records every request, on any path.
 */
export async function scriptedServer(
  answer: (request: RecordedRequest, index: number) => { status?: number; body?: unknown } | undefined,
) {
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8').on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => {
      let body: RecordedRequest['body'] = {};
      try {
        body = raw ? JSON.parse(raw) : {};
      } catch {
        // recorded as an empty body
      }
      const request = { path: req.url ?? '', headers: req.headers, body };
      requests.push(request);
      const reply = req.method === 'POST' ? answer(request, requests.length - 1) : { status: 405 };
      if (reply?.body === undefined) {
        res.writeHead(reply?.status ?? 202).end();
        return;
      }
      res
        .writeHead(reply.status ?? 200, { 'content-type': 'application/json' })
        .end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A complete result of `method`, with the caching hints 2026-07-28 requires on cacheable results. */
export function result(id: unknown, value: Record<string, unknown>) {
  return {
    body: {
      jsonrpc: '2.0',
      id,
      result: { resultType: 'complete', ttlMs: 0, cacheScope: 'private', ...value },
    },
  };
}

export function discoverResult(id: unknown, capabilities: Record<string, unknown>) {
  return result(id, {
    supportedVersions: ['2026-07-28'],
    capabilities,
    _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'scripted', version: '1.0.0' } },
  });
}
