import type { AuthInfo, PeerChannel, RequestContext } from '@mcpkit/protocol';
import { McpServer, type ServerOptions } from '@mcpkit/server';
import { type ScopeGuardOptions, scopeGuard } from '../../src/server/index.js';

/**
 * What every scoped handler gives away when it runs, followed by the scope it needs
 * (`SECRET:admin`): a request whose token lacks that scope must never see it.
 */
export const SECRET = 'SECRET:';

export type Reply = { result?: Record<string, unknown>; error?: { code: number; message: string } };

/**
 * A server whose every kind of registration is scoped, guarded by `scopeGuard`: a static
 * resource (`admin`), a template (`vault`), a template with a completer (`vault`), a tool and a
 * prompt (`admin`), beside public ones that need nothing. It declares `logging` and
 * `resources.subscribe` so the 2025 era serves `logging/setLevel` and `resources/subscribe`.
 */
export function scopedServer(guard: ScopeGuardOptions = {}, options: ServerOptions = {}) {
  const server = new McpServer(
    { name: 'scoped', version: '1.0.0' },
    {
      capabilities: { logging: {}, resources: { listChanged: true, subscribe: true } },
      onError: () => {},
      ...options,
    },
  );
  const text = (scope: string) => (uri: string) => ({ contents: [{ uri, text: SECRET + scope }] });
  server.resource('secret://admin', { name: 'admin', scopes: ['admin'] }, text('admin'));
  server.resource('public://info', { name: 'info' }, (uri) => ({ contents: [{ uri, text: 'public' }] }));
  server.resourceTemplate(
    'vault://{name}',
    { name: 'vault', scopes: ['vault'], complete: { name: () => [`${SECRET}vault`] } },
    text('vault'),
  );
  server.resourceTemplate('open://{+path}', { name: 'open' }, (uri) => ({
    contents: [{ uri, text: 'open' }],
  }));
  server.tool('admin_tool', { scopes: ['admin'] }, () => ({
    content: [{ type: 'text', text: `${SECRET}admin` }],
  }));
  server.prompt('admin_prompt', { scopes: ['admin'] }, () => ({
    messages: [{ role: 'user', content: { type: 'text', text: `${SECRET}admin` } }],
  }));
  server.use(scopeGuard(server, guard));
  return server;
}

const MODERN_META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};

let nextId = 0;

/** The items of one exchange, unwrapped from the endpoint's final-response envelope. */
async function collect(server: McpServer, message: unknown, context: RequestContext) {
  const exchange = server.handle(message, context);
  const items: Record<string, unknown>[] = [];
  for await (const item of exchange)
    items.push(('response' in item ? item.response : item) as Record<string, unknown>);
  return { exchange, items };
}

/** The response of a 2026-07-28 request, as `auth` (undefined: anonymous); `meta` adds to its `_meta`. */
export async function modernRequest(
  server: McpServer,
  method: string,
  params: Record<string, unknown>,
  auth?: AuthInfo,
  meta: Record<string, unknown> = {},
): Promise<Reply> {
  const message = {
    jsonrpc: '2.0',
    id: ++nextId,
    method,
    params: { ...params, _meta: { ...meta, ...MODERN_META } },
  };
  const { items } = await collect(server, message, {
    signal: new AbortController().signal,
    transport: 'memory',
    auth,
  });
  return items.at(-1) as Reply;
}

/**
 * A 2025-11-25 client on one session: an HTTP one (`Mcp-Session-Id`), or a connection's, as
 * stdio carries it, where what the server sends outside any request lands in `unsolicited`.
 * Every message carries the principal's token as `auth`, as a transport's auth hook sets it.
 */
export class LegacySession {
  readonly unsolicited: unknown[] = [];
  private readonly closing = new AbortController();
  private readonly channel: PeerChannel | undefined;
  private id: string | undefined;

  constructor(
    private readonly server: McpServer,
    carrier: 'http' | 'connection' = 'http',
    /** Whose token every message carries; `null`: none, an anonymous session. */
    readonly principal: string | null = 'user',
  ) {
    if (carrier === 'connection') {
      const unsolicited = this.unsolicited;
      this.channel = {
        send: (message) => unsolicited.push(message) > 0,
        closed: this.closing.signal,
      };
    }
  }

  private context(auth: AuthInfo | undefined): RequestContext {
    const signal = new AbortController().signal;
    if (this.channel !== undefined) return { signal, transport: 'stdio', channel: this.channel, auth };
    const headers = new Headers({ 'content-type': 'application/json', 'mcp-protocol-version': '2025-11-25' });
    if (this.id !== undefined) headers.set('mcp-session-id', this.id);
    return { signal, transport: 'http', headers, auth };
  }

  private auth(scopes: readonly string[] | undefined): AuthInfo | undefined {
    const principal = this.principal;
    return principal === null || scopes === undefined ? undefined : { principal, scopes: [...scopes] };
  }

  /** Sends `initialize` and `notifications/initialized` as the principal holding `scopes`. */
  async open(scopes: readonly string[] = []): Promise<this> {
    const auth = this.auth(scopes);
    const message = {
      jsonrpc: '2.0',
      id: ++nextId,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
    };
    const { exchange, items } = await collect(this.server, message, this.context(auth));
    if (!('result' in (items.at(-1) ?? {}))) throw new Error(`initialize failed: ${JSON.stringify(items)}`);
    this.id = exchange.session?.id;
    await collect(this.server, { jsonrpc: '2.0', method: 'notifications/initialized' }, this.context(auth));
    return this;
  }

  /** The response of one request on the session, as the principal holding `scopes` (undefined: anonymous). */
  async request(method: string, params: Record<string, unknown>, scopes?: readonly string[]): Promise<Reply> {
    const auth = this.auth(scopes);
    const { items } = await collect(
      this.server,
      { jsonrpc: '2.0', id: ++nextId, method, params },
      this.context(auth),
    );
    return items.at(-1) as Reply;
  }

  /** Ends the session: the connection closes, or the HTTP session is deleted. */
  async close(): Promise<void> {
    if (this.channel !== undefined) this.closing.abort();
    else await this.server.sessions!.endSession(this.context(this.auth([])));
  }
}
