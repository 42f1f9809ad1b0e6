import { memoizeLast } from './memo.js';

/** Host names a local server answers to by default (H-2, H-3). */
export const LOCALHOST_NAMES: readonly string[] = ['localhost', '127.0.0.1', '[::1]'];

/** A host name and port, lowercased; `port` is `''` when the value has none. */
export interface Authority {
  hostname: string;
  port: string;
}

/**
 * Splits a `Host` value or URL authority (`example.com:8080`, `[::1]:3000`) into host name and
 * port. `undefined` when it is not one.
 */
export function parseAuthority(value: string): Authority | undefined {
  const text = value.trim().toLowerCase();
  let hostname: string;
  let rest: string;
  if (text.startsWith('[')) {
    const end = text.indexOf(']');
    if (end < 0) return undefined;
    hostname = text.slice(0, end + 1);
    rest = text.slice(end + 1);
    if (rest !== '' && !rest.startsWith(':')) return undefined;
    rest = rest.slice(1);
  } else {
    const colon = text.lastIndexOf(':');
    hostname = colon < 0 ? text : text.slice(0, colon);
    rest = colon < 0 ? '' : text.slice(colon + 1);
  }
  if (hostname === '' || /[\s/?#@\\]/.test(hostname)) return undefined;
  if (rest !== '' && !/^\d{1,5}$/.test(rest)) return undefined;
  return { hostname, port: rest };
}

const HTTP_ORIGIN = /^(https?):\/\/([^/?#]+)$/;

/** Decides, from `Host` and `Origin`, whether a request may be served (DNS-rebinding protection). */
export interface OriginGuard {
  /** Whether a `Host` value is allowed. */
  hostAllowed(host: string): boolean;
  /** Whether hosts are checked at all (`allowedHosts` is not `'*'`): then a request needs one. */
  readonly checksHost: boolean;
  /** Whether an `Origin` value is allowed on a request whose `Host` is `host`. */
  originAllowed(origin: string, host: string | null): boolean;
}

const DEFAULT_PORTS: Record<string, string> = { http: '80', https: '443' };

/**
 * Whether `origin` names the host the request was sent to (`Host`): same host name and port,
 * a missing port meaning the scheme's default.
 */
function isSameOrigin(origin: string, host: string | null): boolean {
  const match = HTTP_ORIGIN.exec(origin.trim().toLowerCase());
  if (match === null || host === null) return false;
  const from = parseAuthority(match[2]!);
  const to = parseAuthority(host);
  if (from === undefined || to === undefined) return false;
  const defaultPort = DEFAULT_PORTS[match[1]!]!;
  return from.hostname === to.hostname && (from.port || defaultPort) === (to.port || defaultPort);
}

/**
 * A list entry is matched literally, so `['*']` or `'*.example.com'` would match nothing and
 * leave the server refusing every request without saying why.
 */
function rejectWildcard(option: 'allowedHosts' | 'allowedOrigins', entry: string): void {
  if (!entry.includes('*')) return;
  const what = option === 'allowedHosts' ? 'host' : 'origin';
  throw new RangeError(
    `${option}: ${JSON.stringify(entry)} is not a ${what}: list entries have no wildcards; ` +
      `to allow every ${what}, pass the string '*' instead of a list (${option}: '*')`,
  );
}

function compileHostMatcher(list: readonly string[] | '*'): (authority: Authority) => boolean {
  if (list === '*') return () => true;
  const anyPort = new Set<string>();
  const exact = new Set<string>();
  for (const entry of list) {
    rejectWildcard('allowedHosts', entry);
    const parsed = parseAuthority(entry);
    if (!parsed) throw new RangeError(`allowedHosts: ${JSON.stringify(entry)} is not a host`);
    if (parsed.port === '') anyPort.add(parsed.hostname);
    else exact.add(`${parsed.hostname}:${parsed.port}`);
  }
  return ({ hostname, port }) => anyPort.has(hostname) || exact.has(`${hostname}:${port}`);
}

/**
 * Compiles the allow-lists once. Hosts: entries without a port match any port; `'*'` allows
 * all. Origins: an explicit list is matched exactly (case-insensitive); the default allows
 * `http`/`https` origins whose host passes the host list, or, when every host is allowed, only
 * the origin of the request's own `Host` (so `'*'` hosts never admit every origin).
 */
export function compileOriginGuard(
  allowedHosts: readonly string[] | '*' = LOCALHOST_NAMES,
  allowedOrigins?: readonly string[] | '*',
): OriginGuard {
  const hostMatches = compileHostMatcher(allowedHosts);
  const hostAllowed = memoizeLast((host: string): boolean => {
    const authority = parseAuthority(host);
    return authority !== undefined && hostMatches(authority);
  });
  if (allowedOrigins === undefined && allowedHosts === '*')
    return { hostAllowed, checksHost: false, originAllowed: isSameOrigin };
  let originAllowed: (origin: string) => boolean;
  if (allowedOrigins === '*') {
    originAllowed = () => true;
  } else if (allowedOrigins !== undefined) {
    for (const origin of allowedOrigins) rejectWildcard('allowedOrigins', origin);
    const origins = new Set(allowedOrigins.map((origin) => origin.toLowerCase().replace(/\/+$/, '')));
    originAllowed = (origin) => origins.has(origin.trim().toLowerCase());
  } else {
    originAllowed = (origin) => {
      const match = HTTP_ORIGIN.exec(origin.trim().toLowerCase());
      return match !== null && hostAllowed(match[2]!);
    };
  }
  return { hostAllowed, checksHost: allowedHosts !== '*', originAllowed: memoizeLast(originAllowed) };
}
