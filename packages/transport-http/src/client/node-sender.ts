import type * as Http from 'node:http';
import type { ByteSource } from './bounded-body.js';
import type { HttpReply, HttpRequestSpec, HttpSender } from './sender.js';

/** What the sender uses of `node:http` or `node:https`. */
export interface HttpModule {
  request(options: Http.RequestOptions): Http.ClientRequest;
  Agent: new (options: Http.AgentOptions) => Http.Agent;
}

/** `node:http`, and `node:https` loaded on the first `https:` request only: it brings TLS with it. */
export interface NodeHttpModules {
  http: HttpModule;
  https: () => HttpModule;
}

/**
 * Connection settings, chosen by measurement (docs/design/http-client-engines.md): kept-alive
 * sockets, at most `MAX_SOCKETS_PER_ORIGIN` per origin (requests past it wait for a free one, as
 * with `fetch`), and an idle socket closed after `IDLE_SOCKET_MS`, before the 5 s after which a
 * Node server drops it (a shorter `Keep-Alive: timeout` hint from the server wins).
 */
export const MAX_SOCKETS_PER_ORIGIN = 64;
export const IDLE_SOCKET_MS = 4000;

export function keepAliveAgentOptions(): Http.AgentOptions {
  return { keepAlive: true, maxSockets: MAX_SOCKETS_PER_ORIGIN, timeout: IDLE_SOCKET_MS, scheduling: 'lifo' };
}

const EMPTY = Promise.resolve({ done: true, value: undefined } as ReadableStreamReadResult<Uint8Array>);

/**
 * A response body as a `ByteSource`: chunks are pulled one read at a time (the stream pauses while
 * nobody reads, so a slow reader holds one chunk). A body whose connection closes before its end
 * fails the read, as `fetch`'s does.
 */
class IncomingBody implements ByteSource {
  readonly #response: Http.IncomingMessage;
  #queued: Uint8Array[] = [];
  #ended = false;
  #failure: unknown;
  #listening = false;
  #waiter:
    | { resolve(result: ReadableStreamReadResult<Uint8Array>): void; reject(error: unknown): void }
    | undefined;

  constructor(response: Http.IncomingMessage) {
    this.#response = response;
  }

  read(): Promise<ReadableStreamReadResult<Uint8Array>> {
    const queued = this.#queued.shift();
    if (queued !== undefined) return Promise.resolve({ done: false, value: queued });
    if (this.#failure !== undefined) return Promise.reject(this.#failure);
    if (this.#ended) return EMPTY;
    if (!this.#listening) this.#listen();
    else this.#response.resume();
    return new Promise((resolve, reject) => {
      this.#waiter = { resolve, reject };
    });
  }

  /** Stops reading: a body that has fully arrived is drained, so its socket is reused; else it is closed. */
  cancel(): Promise<void> {
    this.#queued = [];
    if (!this.#ended && this.#failure === undefined) {
      this.#failure = new Error('The response body was cancelled');
      if (this.#response.complete) this.#response.resume();
      else this.#response.destroy();
    }
    return Promise.resolve();
  }

  #listen(): void {
    this.#listening = true;
    const response = this.#response;
    response.on('data', (chunk: Uint8Array) => {
      const waiter = this.#waiter;
      if (waiter === undefined) {
        this.#queued.push(chunk);
        response.pause();
        return;
      }
      this.#waiter = undefined;
      waiter.resolve({ done: false, value: chunk });
    });
    response.on('end', () => {
      this.#ended = true;
      this.#settle();
    });
    response.on('error', (error) => this.#fail(error));
    response.on('close', () => {
      if (!this.#ended) this.#fail(new Error('The connection closed before the end of the response'));
    });
  }

  #fail(error: unknown): void {
    if (this.#ended || this.#failure !== undefined) return;
    this.#failure = error;
    this.#settle();
  }

  #settle(): void {
    const waiter = this.#waiter;
    if (waiter === undefined) return;
    this.#waiter = undefined;
    if (this.#failure !== undefined) waiter.reject(this.#failure);
    else waiter.resolve({ done: true, value: undefined });
  }
}

class NodeReply implements HttpReply {
  readonly #response: Http.IncomingMessage;
  readonly url: string;
  readonly body: IncomingBody;
  #asResponse: Response | undefined;

  constructor(response: Http.IncomingMessage, url: string) {
    this.#response = response;
    this.url = url;
    this.body = new IncomingBody(response);
  }

  get status(): number {
    return this.#response.statusCode ?? 0;
  }

  get statusText(): string {
    return this.#response.statusMessage ?? '';
  }

  get ok(): boolean {
    const status = this.status;
    return status >= 200 && status < 300;
  }

  get opaqueRedirect(): boolean {
    return false;
  }

  header(name: string): string | null {
    const value = this.#response.headers[name];
    if (value === undefined) return null;
    return typeof value === 'string' ? value : value.join(', ');
  }

  toResponse(): Response {
    if (this.#asResponse !== undefined) return this.#asResponse;
    const headers = new Headers();
    const raw = this.#response.rawHeaders;
    for (let index = 0; index + 1 < raw.length; index += 2) headers.append(raw[index]!, raw[index + 1]!);
    const body = this.body;
    const status = this.status;
    const stream =
      status === 204 || status === 205 || status === 304
        ? null
        : new ReadableStream<Uint8Array>({
            async pull(controller) {
              const { done, value } = await body.read();
              if (done) controller.close();
              else controller.enqueue(value);
            },
            cancel: () => body.cancel(),
          });
    this.#asResponse = new Response(stream, { status, statusText: this.statusText, headers });
    return this.#asResponse;
  }
}

/** The request options for `url`, parsed once per distinct URL (a transport sends to one or two). */
function targetOf(url: string): Http.RequestOptions & { secure: boolean } {
  const parsed = new URL(url);
  return {
    secure: parsed.protocol === 'https:',
    protocol: parsed.protocol,
    hostname: parsed.hostname.startsWith('[') ? parsed.hostname.slice(1, -1) : parsed.hostname,
    port: parsed.port,
    path: parsed.pathname + parsed.search,
    auth:
      parsed.username || parsed.password
        ? `${decodeURIComponent(parsed.username)}:${decodeURIComponent(parsed.password)}`
        : undefined,
  };
}

/** Node's code for a kept-alive socket the server closed just as the request went out. */
function isStaleSocket(request: Http.ClientRequest, error: unknown): boolean {
  return request.reusedSocket && (error as { code?: unknown } | null)?.code === 'ECONNRESET';
}

/**
 * A sender on `node:http`/`node:https` with a keep-alive agent per transport (closed with it), or
 * with `agent` when given (tests route requests through their own connections this way).
 */
export function nodeSender(modules: NodeHttpModules, agent?: Http.Agent): HttpSender {
  let plainAgent = agent;
  let secure: { module: HttpModule; agent: Http.Agent } | undefined;
  const targets = new Map<string, ReturnType<typeof targetOf>>();

  function route(url: string) {
    let target = targets.get(url);
    if (target === undefined) {
      target = targetOf(url);
      if (targets.size > 16) targets.clear();
      targets.set(url, target);
    }
    if (!target.secure) {
      plainAgent ??= new modules.http.Agent(keepAliveAgentOptions());
      return { target, module: modules.http, agent: plainAgent };
    }
    if (secure === undefined) {
      const https = modules.https();
      secure = { module: https, agent: agent ?? new https.Agent(keepAliveAgentOptions()) };
    }
    return { target, ...secure };
  }

  function attempt(url: string, spec: HttpRequestSpec, retried: boolean): Promise<HttpReply> {
    const { target, module, agent: chosen } = route(url);
    const { signal } = spec;
    return new Promise((resolve, reject) => {
      const request = module.request({
        protocol: target.protocol,
        hostname: target.hostname,
        port: target.port,
        path: target.path,
        auth: target.auth,
        method: spec.method,
        headers: spec.headers,
        agent: chosen,
      });
      const abort = () => request.destroy(signal.reason);
      signal.addEventListener('abort', abort, { once: true });
      request.once('close', () => signal.removeEventListener('abort', abort));
      request.once('response', (response) => resolve(new NodeReply(response, url)));
      request.once('error', (error) => {
        if (signal.aborted) reject(signal.reason);
        // Node's advice for keep-alive: a reused socket the server had just closed never carried
        // the request, so it goes once more on a fresh one.
        else if (!retried && isStaleSocket(request, error)) resolve(attempt(url, spec, true));
        else reject(error);
      });
      request.end(spec.body);
    });
  }

  return {
    send(url, spec) {
      spec.signal.throwIfAborted();
      return attempt(url, spec, false);
    },
    close() {
      if (agent === undefined) plainAgent?.destroy();
      if (agent === undefined) secure?.agent.destroy();
    },
  };
}
