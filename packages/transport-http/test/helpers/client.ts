import type { ExchangeMessage, JSONRPCRequest } from '@mcpkit/protocol';
import type { HttpClientTransportOptions } from '../../src/index.js';
import { request } from './endpoints.js';

export type Fetch = NonNullable<HttpClientTransportOptions['fetch']>;

/** A fetch that calls a handler in-process, recording the requests it saw. */
export function inProcess(handler: (request: Request) => Promise<Response>) {
  const requests: Request[] = [];
  const fetch: Fetch = async (input, init) => {
    const req = new Request(input, init);
    requests.push(req.clone());
    return handler(req);
  };
  return { fetch, requests };
}

export function respondWith(response: () => Response): Fetch {
  return async () => response();
}

export async function collect(exchange: AsyncIterable<ExchangeMessage>): Promise<ExchangeMessage[]> {
  const items: ExchangeMessage[] = [];
  for await (const item of exchange) items.push(item);
  return items;
}

export function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error,
  );
}

export const call = request(1, 'tools/call', {
  name: 'get_weather',
  arguments: { region: 'us-west1' },
}) as JSONRPCRequest;
