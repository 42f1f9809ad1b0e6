/** A 2025-era Streamable HTTP client, by hand: enough to drive the legacy layer message by message. */
export interface SseEvent {
  id?: string;
  retry?: number;
  data: string;
}

/** Reads SSE events from a response body until `until` says stop or the body ends. */
export async function readEvents(
  response: Response,
  until: (events: SseEvent[]) => boolean = () => false,
): Promise<SseEvent[]> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const events: SseEvent[] = [];
  let buffered = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffered += value;
      let end = buffered.indexOf('\n\n');
      while (end >= 0) {
        const block = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        end = buffered.indexOf('\n\n');
        if (block.startsWith(':')) continue;
        const event: SseEvent = { data: '' };
        for (const line of block.split('\n')) {
          const colon = line.indexOf(':');
          const field = line.slice(0, colon);
          const text = line.slice(colon + 1).replace(/^ /, '');
          if (field === 'id') event.id = text;
          else if (field === 'retry') event.retry = Number(text);
          else if (field === 'data') event.data += text;
        }
        events.push(event);
        if (until(events)) return events;
      }
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
  return events;
}

/** The JSON-RPC messages among SSE events (the priming event has none). */
export function messagesOf(events: SseEvent[]): Array<Record<string, unknown>> {
  return events.filter((event) => event.data !== '').map((event) => JSON.parse(event.data));
}

export class LegacyHttpClient {
  sessionId: string | undefined;
  protocolVersion: string | undefined;

  constructor(private readonly handler: (request: Request) => Promise<Response>) {}

  headers(extra: Record<string, string> = {}): Record<string, string> {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    };
    if (this.sessionId !== undefined) headers['mcp-session-id'] = this.sessionId;
    if (this.protocolVersion !== undefined) headers['mcp-protocol-version'] = this.protocolVersion;
    return { ...headers, ...extra };
  }

  post(body: unknown, extra: Record<string, string> = {}): Promise<Response> {
    return this.handler(
      new Request('http://127.0.0.1/mcp', {
        method: 'POST',
        headers: this.headers(extra),
        body: JSON.stringify(body),
      }),
    );
  }

  send(method: string, extra: Record<string, string> = {}): Promise<Response> {
    const headers = this.headers(extra);
    delete headers['content-type'];
    return this.handler(new Request('http://127.0.0.1/mcp', { method, headers }));
  }

  async initialize(
    capabilities: Record<string, unknown> = {},
    protocolVersion = '2025-11-25',
  ): Promise<Response> {
    const response = await this.post({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion, capabilities, clientInfo: { name: 'legacy-http-test', version: '1.0.0' } },
    });
    this.sessionId = response.headers.get('mcp-session-id') ?? undefined;
    const body = (await response.clone().json()) as { result?: { protocolVersion: string } };
    this.protocolVersion = body.result?.protocolVersion;
    const initialized = await this.post({ jsonrpc: '2.0', method: 'notifications/initialized' });
    if (initialized.status !== 202) throw new Error(`initialized: ${initialized.status}`);
    return response;
  }
}
