import type { EndpointExchange, EndpointItem, McpEndpoint } from './contracts.js';
import { ErrorCode } from './errors.js';
import type { JSONRPCNotification, JSONRPCResponse } from './schemas/jsonrpc.js';

/** One JSON-RPC message of a recorded session: `out` from the client, `in` from the server. */
export interface RecordedMessage {
  direction: 'in' | 'out';
  message: unknown;
  /** For a server's notification sent while answering a request, that request's id. */
  request?: string | number;
}

/** A recorded session, such as the JSON file `mcpkit inspect` exports: its messages in order. */
export interface RecordedSession {
  messages: readonly RecordedMessage[];
}

type Wire = { id?: string | number; method?: string; params?: Record<string, unknown> };

/** What identifies a request across recordings: its method and its params without `_meta`. */
function requestKey(message: Wire): string {
  const { _meta, ...params } = message.params ?? {};
  return `${message.method} ${JSON.stringify(params)}`;
}

/** The notifications and response the server sent for each recorded request, by `requestKey`. */
function recordedAnswers(session: RecordedSession): Map<string, EndpointItem[][]> {
  const answers = new Map<string, EndpointItem[][]>();
  const byId = new Map<string | number, EndpointItem[]>();
  for (const { direction, message, request } of session.messages) {
    const wire = message as Wire;
    if (direction === 'out' && wire.method !== undefined && wire.id !== undefined) {
      const items: EndpointItem[] = [];
      byId.set(wire.id, items);
      const key = requestKey(wire);
      answers.set(key, [...(answers.get(key) ?? []), items]);
    } else if (direction === 'in' && wire.method === undefined && wire.id !== undefined) {
      byId.get(wire.id)?.push({ response: message as JSONRPCResponse });
      byId.delete(wire.id);
    } else if (direction === 'in' && wire.method !== undefined && request !== undefined) {
      byId.get(request)?.push(message as JSONRPCNotification);
    }
  }
  return answers;
}

async function* exchange(items: readonly EndpointItem[]): AsyncGenerator<EndpointItem> {
  yield* items;
}

/**
 * An endpoint that answers as a recorded session did: each request gets the notifications and the
 * response recorded for the same method and params (`_meta` aside), in the order they were recorded,
 * the last one again once they run out; the response carries the new request's id. A request the
 * session never made is answered with a JSON-RPC error naming it. Use it with
 * `createInMemoryTransport` to test a client against a session exported by `mcpkit inspect`.
 *
 * @example
 * ```ts
 * const session = JSON.parse(await readFile('mcpkit-session.json', 'utf8'));
 * const client = new McpClient(createInMemoryTransport(replaySession(session)));
 * await client.callTool('greet', { name: 'Ada' });
 * ```
 */
export function replaySession(session: RecordedSession): McpEndpoint {
  const answers = recordedAnswers(session);
  return {
    handle(message): EndpointExchange {
      const wire = message as Wire;
      if (wire.id === undefined) return exchange([]);
      const recorded = answers.get(requestKey(wire));
      const items = (recorded?.length ?? 0) > 1 ? recorded!.shift()! : recorded?.[0];
      const last = items?.at(-1);
      if (items === undefined || last === undefined || !('response' in last)) {
        return exchange([
          {
            response: {
              jsonrpc: '2.0',
              id: wire.id,
              error: {
                code: ErrorCode.MethodNotFound,
                message: `The recorded session has no answer to ${wire.method} with these params`,
              },
            },
            failure: 'unknown-method',
          },
        ]);
      }
      return exchange([...items.slice(0, -1), { response: { ...last.response, id: wire.id } }]);
    },
  };
}
