import type * as Http from 'node:http';
import { type BodyChunks, readWithin } from '@mcpkit/protocol/internal';
import type { ByteSource } from './bounded-body.js';
import {
  type HttpReply,
  type HttpRequestSpec,
  type HttpSender,
  isLazyAbort,
  type RequestCancel,
} from './sender.js';

/** What the sender uses of `node:http` or `node:https`. */
export interface HttpModule {
  request(options: Http.RequestOptions): Http.ClientRequest;
  Agent: new (options: Http.AgentOptions) => Http.Agent;
}

/** What the sender uses of `node:buffer`'s `Buffer`: the UTF-8 length and bytes of a string. */
export interface BufferModule {
  byteLength(text: string): number;
  from(text: string): { toString(encoding: 'base64'): string };
}

/**
 * `node:http`, `node:buffer`, and `node:https` loaded on the first `https:` request only: it
 * brings TLS with it.
 */
export interface NodeHttpModules {
  http: HttpModule;
  https: () => HttpModule;
  Buffer: BufferModule;
}

/**
 * Connection settings, chosen by measurement (docs/design/http-client-engines.md): kept-alive
 * sockets, at most `MAX_SOCKETS_PER_ORIGIN` per origin (requests past it wait for a free one, as
 * with `fetch`), and an idle socket closed after `IDLE_SOCKET_MS`, before the 5 s after which a
 * Node server drops it (a shorter `Keep-Alive: timeout` hint from the server wins).
 */
const MAX_SOCKETS_PER_ORIGIN = 64;
const IDLE_SOCKET_MS = 4000;

export function keepAliveAgentOptions(): Http.AgentOptions {
  return { keepAlive: true, maxSockets: MAX_SOCKETS_PER_ORIGIN, timeout: IDLE_SOCKET_MS, scheduling: 'lifo' };
}

const CLOSED_EARLY = 'The connection closed before the end of the response';

const EMPTY = Promise.resolve({ done: true, value: undefined } as ReadableStreamReadResult<Uint8Array>);

/**
 * A response body as a `ByteSource`: chunks are pulled one read at a time (the stream pauses while
 * nobody reads, so a slow reader holds one chunk). A body whose connection closes before its end
 * fails the read, as `fetch`'s does.
 */
class IncomingBody implements ByteSource {
  readonly #response: Http.IncomingMessage;
  /** Chunks that arrived before a read asked for them; made only when one does (`readAll` needs none). */
  #queued: Uint8Array[] | undefined;
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
    const queued = this.#queued?.shift();
    if (queued !== undefined) return Promise.resolve({ done: false, value: queued });
    if (this.#failure !== undefined) return Promise.reject(this.#failure);
    if (this.#ended) return EMPTY;
    if (!this.#listening) this.#listen();
    else this.#response.resume();
    return new Promise((resolve, reject) => {
      this.#waiter = { resolve, reject };
    });
  }

  /** Gathers the whole body with one listener per event and one promise (see `ByteSource.readAll`). */
  readAll(limit: number): Promise<BodyChunks | undefined> {
    if (this.#listening || this.#ended || this.#failure !== undefined) return readWithin(this, limit);
    this.#listening = true;
    const response = this.#response;
    return new Promise((resolve, reject) => {
      const chunks: Uint8Array[] = [];
      let size = 0;
      response.on('data', (chunk: Uint8Array) => {
        if (this.#failure !== undefined) return;
        size += chunk.byteLength;
        if (size <= limit) {
          chunks.push(chunk);
          return;
        }
        this.#failure = new Error('The response body is too large');
        response.destroy();
        resolve(undefined);
      });
      response.on('end', () => {
        this.#ended = true;
        resolve({ chunks, size });
      });
      response.on('error', (error) => {
        this.#failure ??= error;
        reject(error);
      });
      response.on('close', () => {
        if (!this.#ended) reject(this.#failure ?? new Error(CLOSED_EARLY));
      });
    });
  }

  /** Stops reading: a body that has fully arrived is drained, so its socket is reused; else it is closed. */
  cancel(): Promise<void> {
    this.#queued = undefined;
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
        this.#queued ??= [];
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
      if (!this.#ended) this.#fail(new Error(CLOSED_EARLY));
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

/** The first value of header `name` (lower case) in `response`'s raw list, or `null`. */
function firstRawHeader(response: Http.IncomingMessage, name: string): string | null {
  const raw = response.rawHeaders;
  for (let index = 0; index + 1 < raw.length; index += 2) {
    const field = raw[index]!;
    if (field === name || (field.length === name.length && field.toLowerCase() === name))
      return raw[index + 1]!;
  }
  return null;
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
    // The two read on every response, from the raw list: `headers` builds an object of every header
    // the first time it is read. Node keeps the first of repeated ones of these two, and so does this.
    if (name === 'content-type' || name === 'content-length') return firstRawHeader(this.#response, name);
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

/**
 * What a request to `url` needs, worked out once per distinct URL (a transport sends to one or
 * two): the `node:http` options, and the `Host` and `Authorization` headers Node would add itself
 * (it adds none to a request whose headers come as a list, see `headerList`).
 */
interface Target {
  secure: boolean;
  options: Http.RequestOptions;
  host: string;
  /** `Basic` credentials from the URL's user and password, as Node sends them. */
  authorization: string | undefined;
}

function targetOf(url: string, buffer: BufferModule): Target {
  const parsed = new URL(url);
  const user = decodeURIComponent(parsed.username);
  const password = decodeURIComponent(parsed.password);
  return {
    secure: parsed.protocol === 'https:',
    options: {
      protocol: parsed.protocol,
      hostname: parsed.hostname.startsWith('[') ? parsed.hostname.slice(1, -1) : parsed.hostname,
      port: parsed.port,
      path: parsed.pathname + parsed.search,
    },
    host: parsed.host,
    authorization:
      user || password ? `Basic ${buffer.from(`${user}:${password}`).toString('base64')}` : undefined,
  };
}

/**
 * The request's headers as the flat name/value list `node:http` writes as it is: given an object,
 * it copies each header into a map of its own through `setHeader` first. A list gets no `Host`,
 * no `Authorization` from the URL and, written before the body is known, no `Content-Length`
 * (the body would go chunked), so they are added here as Node would add them.
 */
function headerList(target: Target, spec: HttpRequestSpec, buffer: BufferModule): string[] {
  const headers = spec.headers;
  const list: string[] = [];
  for (const name in headers) list.push(name, headers[name]!);
  if (headers.host === undefined) list.push('host', target.host);
  if (target.authorization !== undefined && headers.authorization === undefined)
    list.push('authorization', target.authorization);
  if (spec.body !== undefined || spec.method === 'POST')
    list.push('content-length', String(spec.body === undefined ? 0 : buffer.byteLength(spec.body)));
  return list;
}

/** One URL's request options, with the module and keep-alive agent that send to it. */
interface Route {
  target: Target;
  module: HttpModule;
  agent: Http.Agent;
}

function reasonOf(cancel: RequestCancel): unknown {
  return isLazyAbort(cancel) ? cancel.signal.reason : cancel.reason;
}

/**
 * Destroys `request` when `cancel` aborts. A `LazyAbort` is listened to without a signal and
 * drops its listener with itself (it lives as long as one exchange); a signal's listener is
 * removed once the request is closed.
 */
function listenForCancel(cancel: RequestCancel, request: Http.ClientRequest): void {
  const abort = () => request.destroy(reasonOf(cancel) as Error);
  if (isLazyAbort(cancel)) {
    cancel.onAbort(abort);
    return;
  }
  cancel.addEventListener('abort', abort, { once: true });
  request.once('close', () => cancel.removeEventListener('abort', abort));
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
  const targets = new Map<string, Route>();

  /** The target of `url` with the module and agent that reach it, kept per distinct URL. */
  function route(url: string): Route {
    let found = targets.get(url);
    if (found !== undefined) return found;
    const target = targetOf(url, modules.Buffer);
    if (!target.secure) {
      plainAgent ??= new modules.http.Agent(keepAliveAgentOptions());
      found = { target, module: modules.http, agent: plainAgent };
    } else {
      if (secure === undefined) {
        const https = modules.https();
        secure = { module: https, agent: agent ?? new https.Agent(keepAliveAgentOptions()) };
      }
      found = { target, module: secure.module, agent: secure.agent };
    }
    if (targets.size > 16) targets.clear();
    targets.set(url, found);
    return found;
  }

  function attempt(url: string, spec: HttpRequestSpec, retried: boolean): Promise<HttpReply> {
    const { target, module, agent: chosen } = route(url);
    const { protocol, hostname, port, path } = target.options;
    const cancel = spec.signal;
    return new Promise((resolve, reject) => {
      const request = module.request({
        protocol,
        hostname,
        port,
        path,
        method: spec.method,
        headers: headerList(target, spec, modules.Buffer),
        agent: chosen,
      });
      listenForCancel(cancel, request);
      request.on('response', (response) => resolve(new NodeReply(response, url)));
      request.on('error', (error) => {
        if (cancel.aborted) reject(reasonOf(cancel));
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
      if (spec.signal.aborted) return Promise.reject(reasonOf(spec.signal));
      return attempt(url, spec, false);
    },
    close() {
      if (agent === undefined) plainAgent?.destroy();
      if (agent === undefined) secure?.agent.destroy();
    },
  };
}
