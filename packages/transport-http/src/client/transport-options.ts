/**
 * How the HTTP client transport sends its requests: `'node'` through `node:http`/`node:https` with
 * a keep-alive agent (Node only), `'fetch'` through `fetch` (every runtime).
 */
export type HttpEngine = 'fetch' | 'node';

/** The HTTP request an auth provider is asked about: what a DPoP proof (RFC 9449) signs. */
export interface HttpAuthRequest {
  /** The HTTP method, e.g. `'POST'`. */
  method: string;
  /** The URL the request goes to. */
  url: string;
}

/**
 * Supplies credentials for each request, e.g. `@mcpkit/auth`'s OAuth client. The transport never
 * looks inside them.
 */
export interface HttpAuthProvider {
  /**
   * Headers for the next request, e.g. `{ Authorization: 'Bearer …' }`. Called once per request sent,
   * retries included, so a per-request proof such as a `DPoP` header is fresh every time.
   */
  headers(
    request: HttpAuthRequest,
  ): Record<string, string> | undefined | Promise<Record<string, string> | undefined>;
  /**
   * Called with a 401 or 403 response (its `WWW-Authenticate`, `DPoP-Nonce` and other headers);
   * `attempt` counts the retries already made for this request. Resolve `true` once fresh
   * credentials are ready: the request is sent again with new `headers()`, up to
   * `MAX_AUTH_RETRIES` times per request. Resolve `false` to give up: the exchange fails with a
   * `TransportError('bad-response')` carrying the status. A rejection fails it the same way, with
   * the provider's error as `cause`.
   */
  onUnauthorized?(
    response: Response,
    request: HttpAuthRequest & { attempt: number },
  ): boolean | Promise<boolean>;
}

/**
 * Which redirects the HTTP client follows:
 * - `'same-origin'` (default): redirects within the endpoint's origin, with every header;
 * - `'follow'`: to other origins too, which get the body with `Content-Type` and `Accept` only:
 *   never `Authorization`, the `Mcp-*` headers or custom headers;
 * - `'error'`: none.
 * A redirect that is not followed fails the exchange with `TransportError('bad-response')`.
 */
export type RedirectPolicy = 'same-origin' | 'follow' | 'error';

/** The most redirects one request follows. */
export const MAX_REDIRECTS = 5;

/** How many times one request is re-sent after its auth provider says it has fresh credentials. */
export const MAX_AUTH_RETRIES = 3;

/** Options of `createHttpClientTransport`. */
export interface HttpClientTransportOptions {
  /**
   * How requests are sent. By default `'node'` on Node.js (its `node:http`/`node:https` with a
   * keep-alive agent: a call costs about a third of what it does through `fetch` there) unless a
   * `fetch` option is given, and `'fetch'` everywhere else (browsers, Deno, Bun, workers). Both obey
   * every option and rule below. `'node'` anywhere but Node.js is a `TypeError`.
   *
   * @example
   * ```ts
   * // Through fetch on Node too, e.g. to keep a global undici dispatcher (a proxy) in the path:
   * createHttpClientTransport('https://mcp.example.com/mcp', { engine: 'fetch' });
   * ```
   */
  engine?: HttpEngine;
  /**
   * The `fetch` to use (default: the global one); inject one for tests or custom agents. Giving one
   * selects the `'fetch'` engine.
   */
  fetch?: (input: string | URL | Request, init?: RequestInit) => Promise<Response>;
  /** Extra headers on every POST, or a function computing them per request. */
  headers?: HeadersInit | (() => HeadersInit | Promise<HeadersInit>);
  /** Credentials per request, with a bounded retry after a 401/403 when it has fresh ones. */
  authProvider?: HttpAuthProvider;
  /**
   * Largest JSON response body, in bytes (default 64 MiB). A larger one fails the exchange with a
   * `TransportError('too-large')` as soon as it is seen, and the response is cancelled.
   */
  maxResponseBytes?: number;
  /**
   * Largest SSE event, in characters of its decoded text, which is at most its bytes (default
   * 64 MiB). A stream of many events is never limited, only each event.
   */
  maxEventBytes?: number;
  /**
   * Which redirects to follow (default `'same-origin'`). `'follow'` also follows redirects to other
   * origins, sending them the body without `Authorization`, `Mcp-*` or custom headers; `'error'`
   * follows none. A redirect not followed fails the exchange with `TransportError('bad-response')`.
   */
  redirect?: RedirectPolicy;
}
