import type { FinalResponse, Implementation, JSONRPCResultResponse } from '@mcpkit/protocol';
import { jsonWithout, MetaKey } from '@mcpkit/protocol/internal';

/**
 * The text of a response after its id when serverInfo is its result's whole `_meta` (S-5), up to
 * the result's next key: made once per server, so a response does not serialize serverInfo again.
 */
export function serverInfoPrefix(info: Implementation): string {
  return `,"result":{"_meta":{${JSON.stringify(MetaKey.serverInfo)}:${JSON.stringify(info)}}`;
}

/** The keys of a plain tool result once serverInfo is added, in the order the server's copy has them. */
const CONTENT_RESULT_KEYS = ['_meta', 'resultType', 'content'];

/** Whether `result` is `{ _meta, resultType: 'complete', content: [...] }`, keys in that order, nothing else. */
function isContentResult(result: Record<string, unknown>): boolean {
  let at = 0;
  for (const key in result) {
    if (key !== CONTENT_RESULT_KEYS[at]) return false;
    at++;
  }
  return result.resultType === 'complete' && Array.isArray(result.content);
}

/**
 * The JSON of a content array of text blocks written as `{ type: 'text', text }`, keys in that order
 * and nothing else, plain objects, without its brackets: the same text as `JSON.stringify(content)`
 * has between them, which looks up a `toJSON` on every object it meets. `undefined` for any other content.
 */
function textBlocksJson(content: unknown[]): string | undefined {
  let json = '';
  for (let i = 0; i < content.length; i++) {
    const block = content[i] as Record<string, unknown>;
    if (typeof block !== 'object' || block === null) return undefined;
    let at = 0;
    for (const key in block) {
      if (key !== TEXT_BLOCK_KEYS[at]) return undefined;
      at++;
    }
    if (at !== 2) return undefined;
    const text = block.text;
    // After the loads, which check the block's map: TurboFan then knows its prototype and folds
    // this check, otherwise a runtime call per block.
    if (
      block.type !== 'text' ||
      typeof text !== 'string' ||
      Object.getPrototypeOf(block) !== Object.prototype
    ) {
      return undefined;
    }
    // A short text with nothing to escape is its JSON in quotes, written in the block's template.
    const item =
      text.length > SHORT_TEXT || ESCAPED.test(text)
        ? `{"type":"text","text":${JSON.stringify(text)}}`
        : `{"type":"text","text":"${text}"}`;
    json = i === 0 ? item : `${json},${item}`;
  }
  return json;
}

const TEXT_BLOCK_KEYS = ['type', 'text'];

/** A code unit `JSON.stringify` escapes: a quote, a backslash, a control character, a surrogate (if lone). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
const ESCAPED = /[\u0000-\u001f"\\\ud800-\udfff]/;

/**
 * Up to this length a text is scanned for what to escape first: below it `JSON.stringify`'s setup
 * (several hundred instructions, and code that misses the instruction cache) is most of its cost,
 * above it a scan that meets an escape late would nearly double it.
 */
const SHORT_TEXT = 64;

/**
 * The final response of a result whose `_meta` is serverInfo alone (the result had none of its
 * own): `json` is the response's text, written when a transport first asks for it (a 2025-era
 * request reads `response` only and never pays for it), with serverInfo's text made once.
 */
export class ServerInfoFinal implements FinalResponse {
  readonly failure = undefined;

  /**
   * `response.result` is the server's own copy, whose `_meta` is `{ serverInfo }` alone. The prefix
   * is TypeScript-private, not a `#` field: a class with one runs an initializer of its own at every
   * construction, and every response of a plain tool result builds one.
   */
  constructor(
    readonly response: JSONRPCResultResponse,
    private readonly prefix: string,
  ) {}

  get json(): string {
    // The same text as `JSON.stringify(response)`, with serverInfo's made once.
    const result = this.response.result as Record<string, unknown>;
    // `JSON.stringify` even for a numeric id: `String(id)` or `${id}` go through V8's number-to-string
    // cache, which keeps each id's text alive past a scavenge; with an id per request that grew the
    // young generation and the server's resident memory by 5 to 7 MiB (`docs/design/server-core-cpu.md`).
    const idJson = JSON.stringify(this.response.id);
    const head = `{"jsonrpc":"2.0","id":${idJson}${this.prefix}`;
    // A tool's content alone: on Node 20 stringifying the result object around it costs more than
    // the key check (about 0.2 µs a call).
    if (isContentResult(result)) {
      const content = result.content as unknown[];
      const blocks = textBlocksJson(content);
      if (blocks !== undefined) return `${head},"resultType":"complete","content":[${blocks}]}}`;
      return `${head},"resultType":"complete","content":${JSON.stringify(content)}}}`;
    }
    const rest = jsonWithout(result, result, '_meta');
    // Never `{}`: a checked result has its `resultType`.
    return `${head},${rest.slice(1)}}`;
  }
}
