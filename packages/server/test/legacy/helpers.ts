import { readFileSync } from 'node:fs';
import {
  compileJsonSchema,
  type ExchangeMessage,
  type JSONRPCNotification,
  type JSONRPCRequest,
  type McpEndpoint,
  type PeerChannel,
} from '@mcpkit/protocol';

/** The 2025-11-25 schema (see test/fixtures/README.md). */
const schema2025 = JSON.parse(
  readFileSync(new URL('../fixtures/schema-2025-11-25.json', import.meta.url), 'utf8'),
) as { $defs: Record<string, unknown> };
const validators = new Map<string, (value: unknown) => string[]>();

/** The problems of `value` against definition `name` of the 2025-11-25 schema; empty when valid. */
export function problems2025(name: string, value: unknown): string[] {
  let validate = validators.get(name);
  if (validate === undefined) {
    const compiled = compileJsonSchema(
      { ...schema2025, $ref: `#/$defs/${name}` },
      { maxSubschemas: 100_000, maxExpandedSubschemas: 1_000_000, maxDepth: 64 },
    );
    if (!compiled.ok) throw new Error(`cannot compile ${name}: ${JSON.stringify(compiled)}`);
    validate = (v) => {
      const verdict = compiled.schema.validate(v);
      return verdict.valid ? [] : verdict.errors;
    };
    validators.set(name, validate);
  }
  return validate(value);
}

/** Answers a server-to-client request; `undefined` leaves it unanswered. */
export type Answer = (request: JSONRPCRequest) => Record<string, unknown> | undefined;

/**
 * A 2025-era client on one connection, as stdio would carry it: every message shares the
 * connection's channel, and server-to-client requests are answered through `handle` as
 * responses.
 */
export class LegacyConnection {
  /** What the server sent outside any exchange. */
  readonly unsolicited: Array<JSONRPCNotification | JSONRPCRequest> = [];
  readonly closing = new AbortController();
  readonly channel: PeerChannel = {
    send: (message) => {
      this.unsolicited.push(message);
      return true;
    },
    closed: this.closing.signal,
  };
  private nextId = 1;

  constructor(
    readonly server: McpEndpoint,
    public answer: Answer = () => undefined,
  ) {}

  context(signal = new AbortController().signal) {
    return { signal, transport: 'stdio', channel: this.channel };
  }

  /** Sends a request and reads its exchange to the end, answering the server's requests. */
  async request(
    method: string,
    params?: Record<string, unknown>,
    options: { signal?: AbortSignal; onItem?: (item: ExchangeMessage) => void } = {},
  ): Promise<{ items: ExchangeMessage[]; response: Record<string, unknown> | undefined }> {
    const message: Record<string, unknown> = { jsonrpc: '2.0', id: this.nextId++, method };
    if (params !== undefined) message.params = params;
    const items: ExchangeMessage[] = [];
    let response: Record<string, unknown> | undefined;
    for await (const endpointItem of this.server.handle(message, this.context(options.signal))) {
      const item = ('response' in endpointItem ? endpointItem.response : endpointItem) as ExchangeMessage;
      items.push(item);
      options.onItem?.(item);
      if ('method' in item && 'id' in item) {
        const result = this.answer(item as JSONRPCRequest);
        if (result !== undefined) await this.respond({ jsonrpc: '2.0', id: item.id, result });
      } else if (!('method' in item)) {
        response = item as Record<string, unknown>;
      }
    }
    return { items, response };
  }

  /** Sends a response or notification; returns what its exchange yields (nothing, normally). */
  async respond(message: Record<string, unknown>): Promise<ExchangeMessage[]> {
    const items: ExchangeMessage[] = [];
    for await (const item of this.server.handle(message, this.context())) {
      items.push(('response' in item ? item.response : item) as ExchangeMessage);
    }
    return items;
  }

  async initialize(protocolVersion = '2025-11-25', capabilities: Record<string, unknown> = {}) {
    const outcome = await this.request('initialize', {
      protocolVersion,
      capabilities,
      clientInfo: { name: 'legacy-test', version: '1.0.0' },
    });
    await this.respond({ jsonrpc: '2.0', method: 'notifications/initialized' });
    return outcome;
  }
}
