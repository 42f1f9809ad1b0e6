import { clipForMessage, McpError } from '@mcpkit/protocol/internal';
import { fromBase64url, toBase64url } from '../encoding/base64url.js';
import type { Registry } from './registry.js';

/** The default number of items per page of a list result. */
export const DEFAULT_PAGE_SIZE = 1000;

const CURSOR = /^([a-z]+):([1-9][0-9]{0,15})$/;
const decoder = new TextDecoder('utf-8', { fatal: true });

/** An opaque cursor for "the page after sequence `after` of list `kind`". */
function encodeCursor(kind: string, after: number): string {
  return toBase64url(`${kind}:${after}`);
}

/**
 * The sequence a cursor continues after; `0` without a cursor; `-32602` for a cursor this server
 * did not issue for this list (P-69).
 */
function decodeCursor(kind: string, cursor: string | undefined): number {
  if (cursor === undefined) return 0;
  const bytes = fromBase64url(cursor);
  let text: string | undefined;
  try {
    text = bytes && decoder.decode(bytes);
  } catch {
    text = undefined;
  }
  const match = text === undefined ? null : CURSOR.exec(text);
  if (!match || match[1] !== kind)
    throw McpError.invalidParams(`Invalid cursor: ${JSON.stringify(clipForMessage(cursor))}`);
  return Number(match[2]);
}

/** One page of `registry` for the request's `cursor`, with `nextCursor` when more remain. */
export function paginate<E>(
  registry: Registry<E>,
  kind: string,
  cursor: string | undefined,
  pageSize: number,
): { items: E[]; nextCursor?: string } {
  const { items, next } = registry.page(decodeCursor(kind, cursor), pageSize);
  return next === undefined ? { items } : { items, nextCursor: encodeCursor(kind, next) };
}
