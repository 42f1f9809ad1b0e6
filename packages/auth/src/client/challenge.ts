/** One challenge of a `WWW-Authenticate` header (RFC 9110 §11.6.1). */
export interface AuthChallenge {
  /** The scheme, lowercased: `bearer`, `dpop`, … */
  scheme: string;
  /** The auth-params, names lowercased, values unquoted. */
  params: Record<string, string>;
}

/** What a 401 or 403 from an MCP server says about the credentials it wants. */
export interface ResourceChallenge {
  status: number;
  /** `bearer` or `dpop` (lowercased), when the response named one of them. */
  scheme: string | undefined;
  /** `resource_metadata`: where the Protected Resource Metadata is. */
  resourceMetadata: string | undefined;
  /** `scope`, split on spaces: the scopes this operation needs. */
  scopes: string[] | undefined;
  /** `error`, e.g. `invalid_token`, `insufficient_scope`, `use_dpop_nonce`. */
  error: string | undefined;
  /** The `DPoP-Nonce` response header (RFC 9449 §9). */
  dpopNonce: string | undefined;
}

const TOKEN = /[!#$%&'*+\-.^_`|~0-9A-Za-z]+/y;
const TOKEN68 = /[A-Za-z0-9\-._~+/]+=*/y;

/** The match of a sticky pattern at `index`, or undefined. */
function matchAt(pattern: RegExp, text: string, index: number): string | undefined {
  pattern.lastIndex = index;
  return pattern.exec(text)?.[0];
}
const MAX_HEADER_LENGTH = 16_384;

/** Reads a quoted-string starting at `text[start] === '"'`; returns its value and the index after it. */
function quoted(text: string, start: number): [string, number] {
  let value = '';
  let index = start + 1;
  while (index < text.length) {
    const char = text[index]!;
    if (char === '"') return [value, index + 1];
    if (char === '\\' && index + 1 < text.length) index++;
    value += text[index];
    index++;
  }
  return [value, index];
}

function skipSpace(text: string, index: number): number {
  while (index < text.length && (text[index] === ' ' || text[index] === '\t')) index++;
  return index;
}

/**
 * Parses a `WWW-Authenticate` value into its challenges: `Bearer realm="x", scope="a b", DPoP
 * algs="ES256"` gives two. Lenient and total: malformed parts are skipped, never thrown, and an
 * oversized header yields nothing.
 */
export function parseWwwAuthenticate(header: string | null | undefined): AuthChallenge[] {
  if (!header || header.length > MAX_HEADER_LENGTH) return [];
  const challenges: AuthChallenge[] = [];
  let current: AuthChallenge | undefined;
  let index = 0;
  while (index < header.length) {
    index = skipSpace(header, index);
    if (header[index] === ',') {
      index++;
      continue;
    }
    const name = matchAt(TOKEN, header, index);
    if (!name) {
      index++;
      continue;
    }
    const afterName = skipSpace(header, index + name.length);
    if (header[afterName] === '=') {
      // An auth-param (name = token / quoted-string), kept when it belongs to a challenge.
      let valueStart = skipSpace(header, afterName + 1);
      let value: string;
      if (header[valueStart] === '"') [value, valueStart] = quoted(header, valueStart);
      else {
        value = matchAt(TOKEN, header, valueStart) ?? '';
        valueStart += value.length;
      }
      const key = name.toLowerCase();
      if (current && !Object.hasOwn(current.params, key)) current.params[key] = value;
      index = valueStart;
      continue;
    }
    // A new challenge: its scheme, then perhaps a token68 (ended by a comma or the end).
    current = { scheme: name.toLowerCase(), params: Object.create(null) as Record<string, string> };
    challenges.push(current);
    index = afterName;
    const token68 = matchAt(TOKEN68, header, index);
    if (token68) {
      const after = skipSpace(header, index + token68.length);
      if (after >= header.length || header[after] === ',') index = after;
    }
  }
  return challenges;
}

/** The parts of a 401/403 response the OAuth client acts on; prefers a DPoP challenge, then Bearer. */
export function readResourceChallenge(response: Response): ResourceChallenge {
  const challenges = parseWwwAuthenticate(response.headers.get('www-authenticate'));
  const chosen =
    challenges.find((challenge) => challenge.scheme === 'dpop') ??
    challenges.find((challenge) => challenge.scheme === 'bearer') ??
    challenges[0];
  const params = chosen?.params ?? {};
  const scope = params.scope?.trim();
  return {
    status: response.status,
    scheme: chosen?.scheme,
    resourceMetadata: params.resource_metadata || undefined,
    scopes: scope ? scope.split(/\s+/) : undefined,
    error: params.error || undefined,
    dpopNonce: response.headers.get('dpop-nonce') ?? undefined,
  };
}
