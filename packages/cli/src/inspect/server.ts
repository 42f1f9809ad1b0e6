import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ConnectionChoice, HttpTransport } from './choice.js';
import { type GuardSettings, refusal } from './guard.js';
import { type InspectorSession, isOperation } from './session.js';

/** The page's files, served as they were built into `dist/inspector/`: no path can leave that folder. */
const ASSET_NAME = /^\/([a-z-]+\.(?:js|css))$/;
const TYPES: Readonly<Record<string, string>> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
};
/** The page loads only its own files, and may be framed by nobody. */
const PAGE_HEADERS = {
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; media-src data:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
};
const MAX_BODY = 4 * 1024 * 1024;
/** Where the authorization server sends the browser back; guarded by the OAuth `state`, not the token. */
const CALLBACK = '/oauth/callback';
/** Both answers name an empty icon, so that the browser asks for no `/favicon.ico`. */
const SIGNED_IN =
  '<!doctype html><title>Signed in</title><link rel="icon" href="data:,"><p>Signed in: the inspector goes on. You can close this window.</p>';

function oauthCallback(url: URL, response: ServerResponse, session: InspectorSession): void {
  const accepted = session.authorization.callback(url) === 'accepted';
  response.writeHead(accepted ? 200 : 400, { ...PAGE_HEADERS, 'content-type': 'text/html; charset=utf-8' });
  response.end(
    accepted
      ? SIGNED_IN
      : '<!doctype html><title>Refused</title><link rel="icon" href="data:,"><p>This sign-in does not belong to an authorization the inspector started: start it again with Authorize.</p>',
  );
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { ...PAGE_HEADERS, 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

function failure(error: unknown): { error: { message: string; code?: unknown } } {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown } | undefined)?.code;
  return { error: { message, ...(code === undefined ? {} : { code }) } };
}

/** The era and transport a reconnect asks for; what it leaves out stays as it was. */
function choiceFrom(body: Record<string, unknown>, session: InspectorSession): ConnectionChoice {
  const { era, transport } = session.describeConnection();
  return {
    era: typeof body.era === 'string' ? body.era : era,
    transport: (typeof body.transport === 'string' ? body.transport : transport) as HttpTransport,
  };
}

async function jsonBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY) throw new Error('the request body is too large');
    chunks.push(chunk);
  }
  const parsed: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new Error('the request body must be a JSON object');
  }
  return parsed as Record<string, unknown>;
}

function openStream(request: IncomingMessage, response: ServerResponse, session: InspectorSession): void {
  response.writeHead(200, {
    ...PAGE_HEADERS,
    'content-type': 'text/event-stream',
    connection: 'keep-alive',
  });
  const hello = { type: 'hello', target: session.describeTarget(), connection: session.describeConnection() };
  response.write(`data: ${JSON.stringify(hello)}\n\n`);
  const stop = session.hub.subscribe((frame) => response.write(frame));
  request.once('close', stop);
}

async function api(
  path: string,
  request: IncomingMessage,
  response: ServerResponse,
  session: InspectorSession,
): Promise<void> {
  if (request.method === 'GET' && path === '/api/events') return openStream(request, response, session);
  if (request.method !== 'POST') return send(response, 405, { error: { message: 'use POST' } });
  const body = await jsonBody(request).catch((error: unknown) => error as Error);
  if (body instanceof Error) return send(response, 400, failure(body));
  if (path === '/api/reconnect') {
    const outcome = await session.reconnect(choiceFrom(body, session)).then(
      ({ server }) => ({ server }),
      (error: unknown) => failure(error),
    );
    // 200 either way: the page hears the failure as a `status` event, as for a reconnect at launch.
    return send(response, 200, outcome);
  }
  if (path === '/api/authorize') {
    const redirectUrl = `http://127.0.0.1:${(request.socket.localPort ?? 0).toString()}${CALLBACK}`;
    // 200 either way, as for operations: a flow that a newer one replaced is no failure of the page's.
    const outcome = await session.authorize(redirectUrl).then(
      ({ server }) => ({ server }),
      (error: unknown) => failure(error),
    );
    return send(response, 200, outcome);
  }
  if (path === '/api/answer') {
    const known = session.questions.answer(String(body.id), body.answer);
    return send(response, known ? 200 : 404, known ? {} : { error: { message: 'no such question waits' } });
  }
  const operation = path.slice('/api/'.length);
  if (!isOperation(operation)) return send(response, 404, { error: { message: `no API ${path}` } });
  const params = (body.params ?? {}) as Record<string, unknown>;
  const outcome = await session.run(operation, params).then(
    (result) => ({ result }),
    (error: unknown) => failure(error),
  );
  send(response, 200, outcome);
}

/** Where the inspector is listening, and how to stop it. */
export interface InspectorServer {
  server: Server;
  port: number;
  close(): Promise<void>;
}

/**
 * Serves the page from `assets` (a folder) and the API of `session` on 127.0.0.1:`port` (0: a free
 * one). Every request passes the guard: the page needs a `Host` of this inspector, the API and the
 * event stream also the launch token. No response carries CORS headers.
 */
export async function startInspectorServer(
  session: InspectorSession,
  settings: { port: number; token: string; assets: string },
): Promise<InspectorServer> {
  const guard: GuardSettings = { port: settings.port, token: settings.token };
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://inspector');
    const { pathname: path } = url;
    const isApi = path.startsWith('/api/');
    const refused = refusal(request, guard, isApi);
    if (refused) return send(response, refused.status, { error: { message: refused.message } });
    if (isApi) {
      api(path, request, response, session).catch((error: unknown) => {
        if (!response.headersSent) send(response, 500, failure(error));
      });
      return;
    }
    if (path === CALLBACK && request.method === 'GET') return oauthCallback(url, response, session);
    const file = path === '/' ? 'index.html' : ASSET_NAME.exec(path)?.[1];
    if (file === undefined || request.method !== 'GET')
      return send(response, 404, { error: { message: 'not found' } });
    readFile(`${settings.assets}/${file}`).then(
      (content) => {
        response.writeHead(200, { ...PAGE_HEADERS, 'content-type': TYPES[file.split('.').pop()!]! });
        response.end(content);
      },
      () => send(response, 404, { error: { message: 'not found' } }),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(settings.port, '127.0.0.1', () => resolve());
  });
  guard.port = (server.address() as AddressInfo).port;
  return {
    server,
    port: guard.port,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
