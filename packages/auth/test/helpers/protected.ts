import { McpServer, type ServerOptions } from '@mcpkit/server';
import { createFetchHandler } from '@mcpkit/transport-http';
import { jwtVerifier, type ProtectServerOptions, protectServer } from '../../src/server/index.js';
import { type FakeIssuer, RESOURCE } from './issuer.js';

/** How often each guarded handler ran, to show refusals come before it. */
export const handlerRuns = { write_file: 0 };

const text = (value: string) => ({ content: [{ type: 'text' as const, text: value }] });

/** A server with tools, a prompt and a resource that declare scopes, protected by `protectServer`. */
export function protectedHandler(
  issuer: FakeIssuer,
  options: Partial<ProtectServerOptions> = {},
  serverOptions: ServerOptions = {},
) {
  const server = new McpServer(
    { name: 'protected', version: '1.0.0' },
    { onError: () => {}, ...serverOptions },
  );
  server.tool('whoami', {}, (_args, ctx) =>
    text(
      JSON.stringify({
        principal: ctx.auth?.principal,
        scopes: ctx.auth?.scopes,
        sub: (ctx.auth?.extra?.claims as Record<string, unknown>)?.sub,
      }),
    ),
  );
  server.tool('read_file', { scopes: ['files:read'] }, () => text('contents'));
  server.tool('write_file', { scopes: ['files:read', 'files:write'] }, () => {
    handlerRuns.write_file++;
    return text('written');
  });
  server.tool('confirm', {}, async (_args, ctx) => {
    const answer = await ctx.elicit('ok', {
      message: 'Sure?',
      requestedSchema: { type: 'object', properties: {} },
    });
    return text(answer.action);
  });
  server.prompt('review', { scopes: ['prompts:read'] }, () => ({ messages: [] }));
  server.resource('file:///secret', { name: 'secret', scopes: ['files:read'] }, (uri) => ({
    contents: [{ uri, text: 'secret' }],
  }));
  const auth = protectServer(server, {
    resource: RESOURCE,
    authorizationServers: [issuer.issuer],
    scopesSupported: ['mcp:tools', 'files:read', 'files:write', 'offline_access'],
    verifier: jwtVerifier({
      issuer: issuer.issuer,
      jwksUri: issuer.jwksUri,
      audience: RESOURCE,
      jwksTimeoutMs: 5000,
    }),
    requiredScopes: ['mcp:tools'],
    ...options,
  });
  return createFetchHandler(server, auth);
}

let nextId = 1;

/** A 2026-07-28 request over HTTP, with its mirror headers, and optionally a token. */
export function mcpRequest(
  method: string,
  params: Record<string, unknown> = {},
  token?: string,
  extraHeaders: Record<string, string> = {},
): Request {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': '2026-07-28',
    'mcp-method': method,
    ...extraHeaders,
  };
  const name = params.name ?? params.uri;
  if (typeof name === 'string') headers['mcp-name'] = name;
  if (token !== undefined) headers.authorization = `Bearer ${token}`;
  const _meta = {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientCapabilities': { elicitation: {} },
  };
  return new Request(RESOURCE, {
    method: 'POST',
    headers,
    body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params: { _meta, ...params } }),
  });
}

/** The quoted parameters of a `WWW-Authenticate` value, by name (the last one wins). */
export function challengeParams(header: string | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const match of (header ?? '').matchAll(/([a-z_]+)="((?:[^"\\]|\\.)*)"/g)) out[match[1]!] = match[2]!;
  return out;
}
