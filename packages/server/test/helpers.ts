import {
  type ClientCapabilities,
  createInMemoryTransport,
  type EndpointExchange,
  type EndpointItem,
  type ExchangeMessage,
  httpStatusFor,
  type JSONRPCErrorResponse,
  type JSONRPCNotification,
  type JSONRPCRequest,
  type McpEndpoint,
  type RequestContext,
} from '@mcpkit/protocol';

export const PROTOCOL_VERSION = '2026-07-28';

/** A valid per-request `_meta`, with optional changes. */
export function meta(
  extra: Record<string, unknown> = {},
  capabilities: ClientCapabilities = {},
): Record<string, unknown> {
  return {
    'io.modelcontextprotocol/protocolVersion': PROTOCOL_VERSION,
    'io.modelcontextprotocol/clientCapabilities': capabilities,
    'io.modelcontextprotocol/clientInfo': { name: 'test-client', version: '1.0.0' },
    ...extra,
  };
}

let nextId = 1;

/** A request with valid `_meta` (unless `params._meta` is given). */
export function request(
  method: string,
  params: Record<string, unknown> = {},
  id: string | number = nextId++,
) {
  return { jsonrpc: '2.0' as const, id, method, params: { _meta: meta(), ...params } };
}

export interface Outcome {
  /** Every item, as the wire would carry it. */
  messages: ExchangeMessage[];
  notifications: JSONRPCNotification[];
  response: Record<string, unknown> | undefined;
  result: Record<string, unknown> | undefined;
  error: JSONRPCErrorResponse['error'] | undefined;
  /** The HTTP status the endpoint stated for an error response. */
  status: number | undefined;
}

/** Every message of an exchange, as the wire carries it (an endpoint's final response unwrapped). */
export async function drain(
  exchange: AsyncIterable<EndpointItem | ExchangeMessage>,
): Promise<ExchangeMessage[]> {
  const items: ExchangeMessage[] = [];
  for await (const item of exchange) items.push('response' in item ? item.response : item);
  return items;
}

/** Passes an exchange through, reporting the HTTP status its final response's failure maps to. */
async function* observeStatus(
  exchange: EndpointExchange,
  report: (status: number | undefined) => void,
): AsyncGenerator<EndpointItem> {
  for await (const item of exchange) {
    if ('response' in item && item.failure !== undefined) report(httpStatusFor(item.failure));
    yield item;
  }
}

/**
 * Sends one raw message to the endpoint through `createInMemoryTransport` (so through a JSON round
 * trip, as a wire would carry it) and collects what comes back.
 */
export async function send(
  endpoint: McpEndpoint,
  message: unknown,
  context: Partial<RequestContext> = {},
): Promise<Outcome> {
  // The status travels off the wire, on the final item: read before the transport's copy.
  let status: number | undefined;
  const observed: McpEndpoint = {
    handle: (received, ctx) => observeStatus(endpoint.handle(received, ctx), (s) => (status = s)),
  };
  const { signal, ...base } = context;
  const transport = createInMemoryTransport(observed, { context: { transport: 'memory', ...base } });
  const messages = await drain(transport.exchange(message as JSONRPCRequest, { signal }));
  const last = messages.at(-1);
  const response = last !== undefined && !('method' in last) ? (last as Record<string, unknown>) : undefined;
  return {
    messages,
    notifications: messages.filter((m) => 'method' in m) as JSONRPCNotification[],
    response,
    result: response?.result as Record<string, unknown> | undefined,
    error: response?.error as JSONRPCErrorResponse['error'] | undefined,
    status,
  };
}

/** Sends a request for `method` with valid `_meta` merged into `params`. */
export function call(
  endpoint: McpEndpoint,
  method: string,
  params: Record<string, unknown> = {},
  context: Partial<RequestContext> = {},
): Promise<Outcome> {
  return send(endpoint, request(method, params), context);
}

/** Test HTTP headers for a request, as a conforming client would send them. */
export function headersFor(method: string, extra: Record<string, string> = {}): Headers {
  return new Headers({ 'MCP-Protocol-Version': PROTOCOL_VERSION, 'Mcp-Method': method, ...extra });
}
