import type { Readable, Writable } from 'node:stream';
import type {
  EndpointItem,
  ExchangeMessage,
  JSONRPCNotification,
  JSONRPCRequest,
  McpEndpoint,
  PeerChannel,
  RequestContext,
} from '@mcpkit/protocol';
import { McpError, parseJson, responseText, ServerMux } from '@mcpkit/protocol/internal';
import { DEFAULT_MAX_MESSAGE_BYTES, LineSplitter } from '../line-splitter.js';
import { LineWriter } from '../line-writer.js';

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

/**
 * What `#startLater` chains the next line on: a `then` on a settled promise is the same microtask
 * as `queueMicrotask`, without the async resource and bound function Node builds for each of those.
 */
const settled = Promise.resolve();

/** One line of output: the endpoint's own text for a final response, else the message's JSON. */
function line(item: EndpointItem | ExchangeMessage): string {
  return `${'response' in item ? responseText(item) : JSON.stringify(item)}\n`;
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
  readonly #input: Readable;
  readonly #output: Writable;
  readonly #writer: LineWriter;
  readonly #splitter: LineSplitter;
  readonly #graceMs: number;
  readonly #endOutput: boolean;
  /** The exchanges: what each message starts, cancels, and writes back. */
  readonly #mux: ServerMux;
  /**
   * Lines read but not started yet (see `#startLater`): text, or the bytes of a line that is not
   * UTF-8; and the index of the next one to start.
   */
  #unstarted: Array<string | Buffer | undefined> | undefined;
  #nextUnstarted = 0;
  /** Whether a line of the chunk being split has started: later ones wait (see `#startLater`). */
  #chunkStarted = false;
  /** Whether a chunk is being split: its later lines are not started yet (see `#onQuiet`). */
  #splitting = false;
  #accepting = true;
  #finished = false;
  #graceTimer: ReturnType<typeof setTimeout> | undefined;
  #resolveClosed!: () => void;
  /** The connection as the endpoint sees it: the legacy era keeps its session on it. */
  readonly #channel: PeerChannel & { end(): void };

  constructor(
    endpoint: McpEndpoint,
    streams: ServerStreams,
    options: StreamServerOptions,
    write?: (text: string) => boolean,
  ) {
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
    this.#mux = new ServerMux(
      endpoint,
      { ...(options.context ?? { transport: 'stdio' }), channel: this.#channel },
      {
        write: (item, quietNext) =>
          quietNext && this.#flushesWhenQuiet()
            ? this.#writer.writeNow(line(item))
            : this.#writer.write(line(item)),
        idle: () => this.#finish(),
        quiet: () => this.#onQuiet(),
      },
    );
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
      // A chunk is checked and decoded once; its lines are slices of that text.
      text: (text) => this.#startLater(text),
      // Only lines that are not UTF-8 come as bytes; parsing them reports that (P-2).
      line: (bytes) => this.#startLater(bytes),
      oversized: (limit) => this.#mux.reject(McpError.parseError(`the message exceeds ${limit} bytes`)),
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
    this.#chunkStarted = false;
    this.#splitting = true;
    try {
      this.#splitter.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
    } finally {
      this.#splitting = false;
    }
  };

  readonly #onEnd = (): void => {
    this.#chunkStarted = false;
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
   * server's memory with it. A chunk of one line (one call at a time) queues nothing.
   */
  #startLater(line: string | Buffer): void {
    if (!this.#chunkStarted && this.#unstarted === undefined) {
      this.#chunkStarted = true;
      this.#onLine(line);
      return;
    }
    // Bytes are a view into the chunk, which the stream's writer may reuse once it is read.
    const kept = typeof line === 'string' ? line : Buffer.from(line);
    if (this.#unstarted !== undefined) {
      this.#unstarted.push(kept);
      return;
    }
    this.#unstarted = [kept];
    this.#nextUnstarted = 0;
    settled.then(this.#startNext);
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
    settled.then(this.#startNext);
    this.#onLine(line);
  };

  /**
   * No exchange is running. Unless lines read are still to start, nothing joins what the writer
   * holds before the next chunk, so it is written now rather than after the rest of this turn's
   * promise jobs: one call at a time, the client waits for exactly this write.
   */
  #onQuiet(): void {
    if (this.#flushesWhenQuiet()) this.#writer.flush();
  }

  /** Whether `#onQuiet` writes what the writer holds: an answer before it is written at once. */
  #flushesWhenQuiet(): boolean {
    return !this.#splitting && this.#unstarted === undefined;
  }

  #onLine(line: string | Buffer): void {
    if (!this.#accepting) return;
    const parsed = parseJson(line);
    if (parsed.ok) this.#mux.receive(parsed.value);
    else this.#mux.reject(parsed.error);
  }

  #stopAccepting(): void {
    if (!this.#accepting) return;
    // Lines already read are started, as they would have been had they come in a chunk of their own.
    while (this.#unstarted !== undefined) this.#startNext();
    this.#accepting = false;
    this.#input.off('data', this.#onData);
    this.#input.pause();
    if (this.#mux.drain()) {
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
    this.#mux.stop();
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
