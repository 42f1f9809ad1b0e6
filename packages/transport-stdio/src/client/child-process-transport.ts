import type {
  DecodedMessage,
  ExchangeOptions,
  JSONRPCNotification,
  JSONRPCRequest,
  LegacyClientWire,
  McpError,
  ServerRequestHandler,
} from '@mcpkit/protocol';
import {
  type ClientMessage,
  ClientMux,
  type ExchangeOwner,
  isRequestId,
  PendingExchange,
  requestText,
  TransportError,
  writeCancel,
} from '@mcpkit/protocol/internal';
import { DEFAULT_MAX_MESSAGE_BYTES } from '../line-splitter.js';
import { notifyApp } from './app-callback.js';
import {
  ChildConnection,
  type ChildEvents,
  type ChildExit,
  type ShutdownTimeouts,
  type SpawnSpec,
} from './child-connection.js';
import { StdioLegacySession } from './legacy-session.js';
import { type RestartPolicy, restartDecision, restartPolicy } from './restart-policy.js';
import { exitedBeforeAnswering, restartErrors, startFailure } from './start-failure.js';
import type { StdioClientTransport, StdioClientTransportOptions } from './stdio-client-contract.js';

/** One message as a line of the stdio framing (T-2). */
function line(message: ClientMessage): string {
  return `${requestText(message)}\n`;
}

interface ChildWaiter {
  resolve(child: ChildConnection): void;
  reject(error: unknown): void;
}

/**
 * What `createStdioClientTransport`'s transport does once loaded: the child process, its pipe, the
 * exchanges on it and its restarts. It loads by `import()` when the first transport is created, so that a
 * server, which imports this package for `serveStdio`, does not load it (docs/design/cold-start.md).
 * The transport itself answers `peer` and `network`, which need no process.
 */
export class ChildProcessTransport implements Omit<StdioClientTransport, 'peer' | 'network'> {
  readonly #spec: SpawnSpec;
  readonly #policy: RestartPolicy;
  readonly #timeouts: Required<ShutdownTimeouts>;
  readonly #maxMessageBytes: number;
  readonly #onInvalidLine: ((error: McpError) => void) | undefined;
  readonly #onExit: ((exit: ChildExit) => void) | undefined;
  readonly #mux: ClientMux<ChildConnection>;
  readonly #router: ClientMux<ChildConnection>['router'];
  readonly #restartListeners = new Set<() => void>();
  readonly #session = new StdioLegacySession();
  #child: ChildConnection | undefined;
  #waiters: ChildWaiter[] = [];
  #everRan = false;
  /** Whether a process of this server ever answered: only then do restarts apply. */
  #everAnswered = false;
  #failures = 0;
  #notBefore = 0;
  #restartTimer: ReturnType<typeof setTimeout> | undefined;
  #gaveUp: TransportError | undefined;
  #closed = false;
  #closing: Promise<void> | undefined;

  constructor(options: StdioClientTransportOptions) {
    this.#spec = options;
    this.#policy = restartPolicy(options.restart);
    this.#timeouts = {
      exitTimeoutMs: options.shutdown?.exitTimeoutMs ?? 3000,
      terminateTimeoutMs: options.shutdown?.terminateTimeoutMs ?? 2000,
    };
    this.#maxMessageBytes = options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
    this.#mux = new ClientMux({
      reply: (response, child) => child.writer.write(line(response)),
      onUnrouted: options.onUnrouted,
    });
    this.#router = this.#mux.router;
    this.#onInvalidLine = options.onInvalidLine;
    this.#onExit = options.onExit;
  }

  /** The id of the current server process, if one is running. */
  get pid(): number | undefined {
    return this.#child?.pid;
  }

  /**
   * Starts the server process now rather than at the first exchange. Rejects with a
   * `TransportError` when it cannot be started.
   */
  async start(): Promise<void> {
    const child = await this.#acquire();
    if (!(await child.started)) throw startFailure(this.#spec, child.startError);
  }

  exchange(request: JSONRPCRequest, options: ExchangeOptions = {}): PendingExchange {
    return new PendingExchange(request, options.signal, this.#owner, options.sendCancel);
  }

  /**
   * Writes a notification; resolves once it has been handed to the pipe (or dropped because the
   * process ended). A `notifications/cancelled` is written only for a request in flight (C-52),
   * and ends that exchange; otherwise it is dropped.
   */
  async notify(notification: JSONRPCNotification): Promise<void> {
    if (this.#closed) throw new TransportError('closed', 'The transport is closed');
    if (notification.method === 'notifications/cancelled') {
      const id = notification.params?.requestId;
      const exchange = isRequestId(id) ? this.#router.get(id) : undefined;
      if (!exchange) return;
      const child = exchange.connection;
      const sent = child !== undefined && child === this.#child;
      if (!sent) this.#child?.outbox.withdraw(exchange);
      this.#router.remove(exchange, sent);
      exchange.finish();
      if (sent) await this.#child!.writer.write(line(notification));
      return;
    }
    const child = await this.#acquire();
    await child.outbox.sendNotification(line(notification));
  }

  onRestart(listener: () => void): () => void {
    this.#restartListeners.add(listener);
    return () => this.#restartListeners.delete(listener);
  }

  readonly legacy: LegacyClientWire = {
    onServerRequest: (handler: ServerRequestHandler) => this.#mux.serverRequests.set(handler),
    serverMessages: (signal: AbortSignal) => this.#mux.notifications.messages(signal),
    // The session began on the running process and ends with it (B-11, T-18).
    beginSession: () => this.#session.begin(this.#child),
    endSession: async () => this.#session.end(),
  };

  /**
   * Stops the server (T-14): cancels the requests in flight (C-51), which fail with
   * `TransportError('closed')`, closes the child's stdin, waits, then SIGTERM, then SIGKILL.
   * Resolves once the process is gone.
   */
  close(): Promise<void> {
    if (this.#closing) return this.#closing;
    this.#closed = true;
    clearTimeout(this.#restartTimer);
    const error = new TransportError('closed', 'The transport was closed');
    const child = this.#child;
    if (child?.alive) {
      const write = (cancel: JSONRPCNotification) => child.writer.write(line(cancel));
      for (const exchange of this.#router.all()) {
        if (exchange.connection === child)
          writeCancel(exchange.sendCancel, exchange.id, 'The client is closing', write);
      }
    }
    this.#mux.close(error);
    for (const waiter of this.#waiters.splice(0)) waiter.reject(error);
    this.#closing = child ? child.shutdown() : Promise.resolve();
    return this.#closing;
  }

  readonly #owner: ExchangeOwner = {
    open: (exchange) => {
      if (this.#closed) return exchange.fail(new TransportError('closed', 'The transport is closed'));
      if (this.#gaveUp) return exchange.fail(this.#gaveUp);
      const expired = this.#session.refusal(exchange.request, this.#child);
      if (expired) return exchange.fail(expired);
      const problem = this.#router.add(exchange);
      if (problem !== undefined) return exchange.fail(new Error(problem));
      let child: ChildConnection | Promise<ChildConnection>;
      try {
        child = this.#acquire();
      } catch (error) {
        this.#router.remove(exchange);
        return exchange.fail(error);
      }
      if (child instanceof ChildConnection) this.#send(exchange, child);
      else
        child.then(
          (ready) => this.#send(exchange, ready),
          (error) => {
            this.#router.remove(exchange);
            exchange.fail(error);
          },
        );
    },
    abandon: (exchange, reason) => {
      const child = this.#child;
      const sent = child !== undefined && exchange.connection === child && child.alive;
      // Not written yet: it leaves the outbox, and the server never hears of it.
      if (!sent) child?.outbox.withdraw(exchange);
      this.#router.remove(exchange, sent);
      if (sent)
        writeCancel(exchange.sendCancel, exchange.id, reason, (cancel) => child.writer.write(line(cancel)));
    },
  };

  /** Hands the request to the child's outbox: written at once, or when the pipe has room (backpressure). */
  #send(exchange: PendingExchange, child: ChildConnection): void {
    if (!exchange.ended) child.outbox.sendRequest(exchange);
  }

  /** Serializes and writes the exchange's request; called by the outbox once the pipe has room. */
  readonly #writeRequest = (exchange: PendingExchange, child: ChildConnection): void => {
    let text: string;
    try {
      text = line(exchange.request);
    } catch (error) {
      this.#router.remove(exchange);
      exchange.fail(error);
      return;
    }
    exchange.connection = child;
    this.#router.sent(exchange);
    child.writer.write(text);
  };

  /** The running child, a new one, or (during backoff) a promise of one. */
  #acquire(): ChildConnection | Promise<ChildConnection> {
    if (this.#closed) throw new TransportError('closed', 'The transport is closed');
    if (this.#gaveUp) throw this.#gaveUp;
    if (this.#child) return this.#child;
    const delay = this.#notBefore - Date.now();
    if (delay <= 0 && this.#restartTimer === undefined) return this.#spawn();
    return new Promise((resolve, reject) => {
      this.#waiters.push({ resolve, reject });
      this.#scheduleSpawn(Math.max(0, delay));
    });
  }

  #scheduleSpawn(delayMs: number): void {
    if (this.#restartTimer !== undefined) return;
    this.#restartTimer = setTimeout(() => {
      this.#restartTimer = undefined;
      if (this.#closed || this.#child) return;
      const waiters = this.#waiters.splice(0);
      let child: ChildConnection;
      try {
        child = this.#spawn();
      } catch (error) {
        for (const waiter of waiters) waiter.reject(error);
        return;
      }
      for (const waiter of waiters) waiter.resolve(child);
    }, delayMs);
  }

  /** Starts a process; throws a `TransportError` when Node refuses the spawn options at once. */
  #spawn(): ChildConnection {
    let child: ChildConnection;
    try {
      child = new ChildConnection(this.#spec, {
        maxMessageBytes: this.#maxMessageBytes,
        timeouts: this.#timeouts,
        events: this.#events,
        writeRequest: this.#writeRequest,
      });
    } catch (error) {
      throw startFailure(this.#spec, error);
    }
    this.#child = child;
    return child;
  }

  /** Fails the exchanges in flight with `error`, and every later one and waiter with `gaveUp`. */
  #giveUp(error: TransportError, gaveUp: TransportError): void {
    this.#router.failAll(error);
    this.#gaveUp = gaveUp;
    for (const waiter of this.#waiters.splice(0)) waiter.reject(gaveUp);
  }

  readonly #events: ChildEvents = {
    spawned: (child) => {
      if (child !== this.#child || this.#closed) return;
      const restarted = this.#everRan;
      this.#everRan = true;
      if (!restarted) return;
      for (const listener of this.#restartListeners) notifyApp(listener, undefined);
    },
    message: (decoded: DecodedMessage, child) => {
      if (child !== this.#child || this.#closed) return;
      this.#mux.receive(decoded, child);
    },
    invalid: (error) => notifyApp(this.#onInvalidLine, error),
    closed: (exit, child) => {
      notifyApp(this.#onExit, exit);
      if (child !== this.#child) return;
      this.#child = undefined;
      if (this.#closed) return;
      this.#everAnswered ||= child.answered;
      if (!this.#everAnswered) {
        // A server that never answered did not start: starting it again would fail the same way.
        const error = exit.spawned
          ? exitedBeforeAnswering(this.#spec, exit, child.stderrTail)
          : startFailure(this.#spec, exit.error);
        this.#giveUp(error, error);
        return;
      }
      this.#failures = child.uptimeMs >= this.#policy.stableAfterMs ? 1 : this.#failures + 1;
      const decision = restartDecision(this.#failures, this.#policy);
      const { error, gaveUp } = restartErrors(this.#spec, exit, decision, this.#policy, this.#failures);
      if (!decision.restart) {
        this.#giveUp(error, gaveUp ?? error);
        return;
      }
      this.#router.failAll(error);
      this.#notBefore = Date.now() + decision.delayMs;
      if (this.#policy.mode === 'immediately') this.#scheduleSpawn(decision.delayMs);
    },
  };
}
