import { isUtf8 } from 'node:buffer';
import type { Readable, Writable } from 'node:stream';
import type {
  EndpointItem,
  ExchangeMessage,
  JSONRPCNotification,
  JSONRPCRequest,
  McpEndpoint,
  PeerChannel,
  RequestContext,
  RequestId,
} from '@mcpkit/protocol';
import { isRequestId, McpError, parseJson, responseText, toErrorResponse } from '@mcpkit/protocol/internal';
import { RequestIdMap } from '../client/request-id-map.js';
import { DEFAULT_MAX_MESSAGE_BYTES, LineSplitter } from '../line-splitter.js';
import { LineWriter } from '../line-writer.js';
import { ExchangeContext } from './exchange-context.js';
import { type ExchangeHost, ExchangeRun } from './exchange-run.js';

/** Options of `serveStreams` (and `serveStdio`). */
export interface StreamServerOptions {
  /**
   * How long exchanges still running when the input ends (or `close()` is called) may take to
   * finish before their signals are aborted (T-15). Default 1,500 ms.
   */
  shutdownGraceMs?: number;
  /** Longest accepted line, in bytes; a longer one is answered with `-32700`. Default 64 MiB. */
  maxMessageBytes?: number;
  /** Fields of the request context every exchange gets, e.g. `auth` for a socket authenticated out of band. */
  context?: Omit<RequestContext, 'signal'>;
  /** End the output stream once the server has stopped. Default `true` (`serveStdio`: never). */
  endOutput?: boolean;
}

/** A running stream server. */
export interface StreamServer {
  /** Settles once the server has stopped and written its last message. */
  readonly closed: Promise<void>;
  /** Stops reading; running exchanges get the grace period, then are aborted. Resolves like `closed`. */
  close(): Promise<void>;
}

/** The byte streams a server talks over. */
export interface ServerStreams {
  input: Readable;
  output: Writable;
}

const DEFAULT_SHUTDOWN_GRACE_MS = 1500;
const LISTEN = 'subscriptions/listen';

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** One line of output: the endpoint's own text for a final response, else the message's JSON. */
function line(item: EndpointItem | ExchangeMessage): string {
  return `${'response' in item ? responseText(item) : JSON.stringify(item)}\n`;
}

function cancelledBy(reason: unknown): DOMException {
  const detail = typeof reason === 'string' && reason !== '' ? `: ${reason}` : '';
  return new DOMException(`Cancelled by the client${detail}`, 'AbortError');
}

/**
 * Serves `endpoint` over a pair of byte streams with the stdio framing (T-2, T-7): one compact
 * JSON-RPC message per line in each direction. Requests run concurrently and are answered as they
 * finish; `notifications/cancelled` aborts the matching exchange's `context.signal` and nothing
 * more is written for it (T-12, S-63); a line that is not JSON is answered with `-32700` and no id.
 * When the input ends, no new message is read and running exchanges get `shutdownGraceMs` to
 * finish (open `subscriptions/listen` exchanges are aborted at once: nobody will read them).
 *
 * @example
 * ```ts
 * import { createServer } from 'node:net';
 * // allowHalfOpen: the answers to requests still running can be sent after the peer's EOF.
 * createServer({ allowHalfOpen: true }, (socket) => serveStreams(endpoint, { input: socket, output: socket }))
 *   .listen('/tmp/mcp.sock');
 * ```
 */
export function serveStreams(
  endpoint: McpEndpoint,
  streams: ServerStreams,
  options: StreamServerOptions = {},
): StreamServer {
  return new StreamConnection(endpoint, streams, options);
}

/** `serveStreams` with a custom writer for the output (used by `serveStdio`). */
export function serveStreamsWith(
  endpoint: McpEndpoint,
  streams: ServerStreams,
  options: StreamServerOptions,
  write: (text: string) => boolean,
): StreamServer {
  return new StreamConnection(endpoint, streams, options, write);
}

class StreamConnection implements StreamServer {
  readonly closed: Promise<void>;
  readonly #endpoint: McpEndpoint;
  readonly #input: Readable;
  readonly #output: Writable;
  readonly #writer: LineWriter;
  readonly #splitter: LineSplitter;
  readonly #context: Omit<RequestContext, 'signal'>;
  readonly #graceMs: number;
  readonly #endOutput: boolean;
  /**
   * Requests that can still be cancelled, by id. Not a `Map` or `Set`: with thousands of
   * exchanges a second going through one, V8 keeps re-allocating its table in the old
   * generation, and each discarded table keeps the exchanges it held alive until a full GC.
   */
  readonly #cancellable = new RequestIdMap<ExchangeContext>();
  /** Exchanges without an id (notifications, unreadable messages) still running: few. */
  readonly #anonymous = new Set<ExchangeContext>();
  /** How many exchanges are running: every request, cancelled or not, and the anonymous ones. */
  #running = 0;
  /** Lines read but not started yet (see `#startLater`), and the index of the next one to start. */
  #unstarted: Array<Buffer | undefined> | undefined;
  #nextUnstarted = 0;
  #accepting = true;
  #finished = false;
  #graceTimer: ReturnType<typeof setTimeout> | undefined;
  #resolveClosed!: () => void;
  /** The connection as the endpoint sees it: the legacy era keeps its session on it. */
  readonly #channel: PeerChannel & { end(): void };
  /** The connection as its running exchanges see it. */
  readonly #host: ExchangeHost;

  constructor(
    endpoint: McpEndpoint,
    streams: ServerStreams,
    options: StreamServerOptions,
    write?: (text: string) => boolean,
  ) {
    this.#endpoint = endpoint;
    this.#input = streams.input;
    this.#output = streams.output;
    const ended = new AbortController();
    this.#channel = {
      send: (message: JSONRPCNotification | JSONRPCRequest) => {
        if (this.#finished) return false;
        this.#writer.write(line(message));
        return true;
      },
      closed: ended.signal,
      end: () => ended.abort(),
    };
    this.#context = { ...(options.context ?? { transport: 'stdio' }), channel: this.#channel };
    this.#host = {
      stopped: () => this.#finished,
      write: (item) => this.#writer.write(line(item)),
      fail: (error, id) => this.#send(toErrorResponse(error, id)),
      ended: (id, context) => this.#ended(id, context),
    };
    this.#graceMs = options.shutdownGraceMs ?? DEFAULT_SHUTDOWN_GRACE_MS;
    this.#endOutput = options.endOutput ?? true;
    this.closed = new Promise((resolve) => {
      this.#resolveClosed = resolve;
    });
    this.#writer = new LineWriter(this.#output, {
      ...(write ? { write } : {}),
      onBlockedChange: (blocked) => {
        if (blocked) this.#input.pause();
        else if (this.#accepting) this.#input.resume();
      },
    });
    this.#splitter = new LineSplitter(options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES, {
      // Lines come as bytes and are decoded when started: a line waiting its turn keeps its own
      // bytes, outside V8's heap, rather than a slice of the whole chunk's decoded text.
      line: (bytes) => this.#startLater(bytes),
      oversized: (limit) =>
        this.#send(toErrorResponse(McpError.parseError(`the message exceeds ${limit} bytes`), undefined)),
    });
    this.#input.on('data', this.#onData);
    this.#input.on('end', this.#onEnd);
    this.#input.on('error', this.#onEnd);
    this.#output.on('error', this.#onOutputGone);
    this.#output.on('close', this.#onOutputGone);
  }

  close(): Promise<void> {
    this.#stopAccepting();
    return this.closed;
  }

  readonly #onData = (chunk: Buffer | string): void => {
    this.#splitter.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  };

  readonly #onEnd = (): void => {
    if (this.#accepting) this.#splitter.end();
    this.#stopAccepting();
  };

  readonly #onOutputGone = (): void => {
    if (this.#finished) return;
    this.#writer.abandon();
    this.#stopAccepting();
    this.#finish();
  };

  /**
   * Starts a line that was read: the first of a chunk at once, each later one a microtask after
   * the one before. A request that needs no I/O is then answered before the chunk's last lines
   * are parsed, so a garbage collection meanwhile finds a few requests alive rather than the
   * whole chunk's: what survives collections is what makes V8 grow its young generation, and a
   * server's memory with it.
   */
  #startLater(line: Buffer): void {
    if (this.#unstarted !== undefined) {
      // A view into the chunk, which the stream's writer may reuse once the chunk is read.
      this.#unstarted.push(Buffer.from(line));
      return;
    }
    this.#unstarted = [];
    this.#nextUnstarted = 0;
    queueMicrotask(this.#startNext);
    this.#onLine(line);
  }

  readonly #startNext = (): void => {
    const unstarted = this.#unstarted;
    if (unstarted === undefined) return;
    if (this.#nextUnstarted === unstarted.length) {
      this.#unstarted = undefined;
      return;
    }
    const line = unstarted[this.#nextUnstarted]!;
    unstarted[this.#nextUnstarted++] = undefined;
    queueMicrotask(this.#startNext);
    this.#onLine(line);
  };

  #onLine(line: Buffer): void {
    if (!this.#accepting) return;
    // Bytes that are not UTF-8 go to `parseJson` as they are, which reports it (P-2).
    const parsed = parseJson(isUtf8(line) ? line.toString() : line);
    if (!parsed.ok) {
      this.#send(toErrorResponse(parsed.error, undefined));
      return;
    }
    const message = parsed.value;
    if (isObject(message) && typeof message.method === 'string') {
      if (!('id' in message)) {
        // A cancel of a request of the server's own (legacy era) is the endpoint's to handle.
        if (message.method === 'notifications/cancelled' && this.#cancel(message.params)) return;
        this.#run(message, undefined, false, new ExchangeContext(this.#context, false));
        return;
      }
      if (isRequestId(message.id)) {
        this.#startRequest(message, message.id, message.method === LISTEN);
        return;
      }
    }
    // Not a request we can track (bad id, a response, not an object): the endpoint says why.
    this.#run(message, undefined, true, new ExchangeContext(this.#context, false));
  }

  #startRequest(message: JsonObject, id: RequestId, listen: boolean): void {
    if (this.#cancellable.has(id)) {
      this.#send(
        toErrorResponse(McpError.invalidRequest(`id ${JSON.stringify(id)} is still in use`), id), // P-5
      );
      return;
    }
    const context = new ExchangeContext(this.#context, listen);
    this.#cancellable.set(id, context);
    this.#run(message, id, true, context);
  }

  /**
   * Cancels the running request a cancel names; false for malformed cancels and cancels of
   * unknown or finished requests, which the endpoint ignores (S-64).
   */
  #cancel(params: unknown): boolean {
    if (!isObject(params) || !isRequestId(params.requestId)) return false;
    const context = this.#cancellable.get(params.requestId);
    if (!context) return false;
    this.#cancellable.delete(params.requestId);
    context.abort(cancelledBy(params.reason));
    return true;
  }

  /** Runs one exchange: see `ExchangeRun`. */
  #run(message: unknown, id: RequestId | undefined, answer: boolean, context: ExchangeContext): void {
    this.#running++;
    if (id === undefined) this.#anonymous.add(context);
    new ExchangeRun(this.#host, id, answer, context).start(this.#endpoint, message);
  }

  /** An exchange has ended: it no longer counts as running, nor can it be cancelled. */
  #ended(id: RequestId | undefined, context: ExchangeContext): void {
    if (id !== undefined && this.#cancellable.get(id) === context) this.#cancellable.delete(id);
    if (id === undefined) this.#anonymous.delete(context);
    this.#running--;
    if (!this.#accepting && this.#running === 0) this.#finish();
  }

  #send(message: ExchangeMessage): void {
    if (!this.#finished) this.#writer.write(line(message));
  }

  #stopAccepting(): void {
    if (!this.#accepting) return;
    // Lines already read are started, as they would have been had they come in a chunk of their own.
    while (this.#unstarted !== undefined) this.#startNext();
    this.#accepting = false;
    this.#input.off('data', this.#onData);
    this.#input.pause();
    for (const context of this.#cancellable.values()) {
      if (context.listen) context.abort(new DOMException('The server is shutting down', 'AbortError'));
    }
    if (this.#running === 0) {
      this.#finish();
      return;
    }
    this.#graceTimer = setTimeout(() => this.#finish(), this.#graceMs);
  }

  #finish(): void {
    if (this.#finished) return;
    this.#finished = true;
    clearTimeout(this.#graceTimer);
    this.#channel.end();
    const reason = new DOMException('The server stopped', 'AbortError');
    // A cancelled request is out of `#cancellable`, and already aborted.
    for (const context of this.#cancellable.values()) context.abort(reason);
    for (const context of this.#anonymous) context.abort(reason);
    // Answers of finished exchanges may still wait for a slow reader; ending the output must not drop them.
    this.#writer.flushAll();
    this.#input.off('end', this.#onEnd);
    this.#output.off('close', this.#onOutputGone);
    if (this.#endOutput && !this.#output.destroyed) {
      this.#output.end(() => this.#resolveClosed());
    } else {
      this.#resolveClosed();
    }
  }
}
