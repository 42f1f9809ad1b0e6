/** One HTTP request a client sent through the balancer, and which instance served it. */
export interface Hop {
  readonly httpMethod: string;
  /** The JSON-RPC method of the body, `response` for an answer to the server, '' without a body. */
  readonly rpc: string;
  readonly servedBy: string;
  readonly status: number;
  readonly lastEventId: string | null;
}

function rpcOf(body: unknown): string {
  if (typeof body !== 'string') return '';
  try {
    const message = JSON.parse(body) as { method?: unknown };
    return typeof message.method === 'string' ? message.method : 'response';
  } catch {
    return '';
  }
}

/**
 * A `fetch` that notes every request's hop: HAProxy names the instance that served it in the
 * `x-served-by` response header.
 */
export function recordingFetch(hops: Hop[]): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    const headers = new Headers(init?.headers);
    hops.push({
      httpMethod: init?.method ?? 'GET',
      rpc: rpcOf(init?.body),
      servedBy: response.headers.get('x-served-by') ?? '?',
      status: response.status,
      lastEventId: headers.get('last-event-id'),
    });
    return response;
  };
}
