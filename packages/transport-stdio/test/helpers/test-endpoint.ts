import type {
  EndpointItem,
  ExchangeMessage,
  FinalResponse,
  McpEndpoint,
  RequestContext,
} from '@mcpkit/protocol';

export type Message = { id?: string | number; method?: string; params?: Record<string, unknown> };

export const result = (id: unknown, fields: Record<string, unknown> = {}): ExchangeMessage =>
  ({ jsonrpc: '2.0', id, result: { resultType: 'complete', ...fields } }) as ExchangeMessage;

/** The same result as an endpoint's final item. */
export const final = (id: unknown, fields: Record<string, unknown> = {}): FinalResponse =>
  ({ response: result(id, fields) }) as FinalResponse;

/** Resolves after `ms`, or at once when `signal` aborts. */
export { sleep } from '@mcpkit/protocol/internal';

/** A controllable gate: exchanges wait on it until the test opens it. */
export function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

export function endpoint(
  handlers: Record<string, (message: Message, context: RequestContext) => AsyncIterable<EndpointItem>>,
) {
  const seen: { message: unknown; context: RequestContext }[] = [];
  const value: McpEndpoint = {
    handle(message, context) {
      seen.push({ message, context });
      const m = message as Message;
      const handler =
        m && typeof m === 'object' && typeof m.method === 'string' ? handlers[m.method] : undefined;
      if (handler) return handler(m, context);
      return (async function* () {
        if (m && typeof m === 'object' && 'id' in m) {
          yield {
            response: { jsonrpc: '2.0', id: m.id, error: { code: -32601, message: 'Method not found' } },
          } as FinalResponse;
        } else if (!m || typeof m !== 'object' || !('method' in m)) {
          const response = { jsonrpc: '2.0', error: { code: -32600, message: 'Invalid request' } };
          yield { response } as FinalResponse;
        }
      })();
    },
  };
  return { endpoint: value, seen };
}

export const echo = async function* (m: Message) {
  yield final(m.id, { echo: m.params ?? null });
};
