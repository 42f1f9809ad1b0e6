import type { FinalResponse, Implementation, JSONRPCResultResponse } from '@mcpkit/protocol';
import { jsonWithout, MetaKey } from '@mcpkit/protocol/internal';

/**
 * The text a result's JSON starts with when serverInfo is its whole `_meta` (S-5): made once per
 * server, so a response does not serialize serverInfo again.
 */
export function serverInfoPrefix(info: Implementation): string {
  return `{"_meta":{${JSON.stringify(MetaKey.serverInfo)}:${JSON.stringify(info)}}`;
}

/**
 * The final response of a result whose `_meta` is serverInfo alone (the result had none of its
 * own): `json` is the response's text, written when a transport first asks for it (a 2025-era
 * request reads `response` only and never pays for it), with serverInfo's text made once.
 */
export class ServerInfoFinal implements FinalResponse {
  readonly failure = undefined;
  readonly #prefix: string;

  /** `response.result` is the server's own copy, whose `_meta` is `{ serverInfo }` alone. */
  constructor(
    readonly response: JSONRPCResultResponse,
    prefix: string,
  ) {
    this.#prefix = prefix;
  }

  get json(): string {
    // The same text as `JSON.stringify(response)`, with serverInfo's made once.
    const result = this.response.result as Record<string, unknown>;
    const rest = jsonWithout(result, result, '_meta');
    // Never `{}`: a checked result has its `resultType`.
    return `{"jsonrpc":"2.0","id":${JSON.stringify(this.response.id)},"result":${this.#prefix},${rest.slice(1)}}`;
  }
}
