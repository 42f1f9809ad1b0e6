import type {
  Exchange,
  ExchangeOptions,
  JSONRPCNotification,
  JSONRPCRequest,
  LegacyClientWire,
  NetworkPeer,
  ServerRequestHandler,
} from '@mcpkit/protocol';
import type { ChildProcessTransport } from './child-process-transport.js';
import { DeferredExchange } from './deferred-exchange.js';
import type { StdioClientTransport, StdioClientTransportOptions } from './stdio-client-contract.js';

/**
 * A `ClientTransport` that runs an MCP server as a child process and talks to it over
 * stdin/stdout, many exchanges at once on the one pipe, told apart by JSON-RPC id (T-8, T-9).
 * Aborting an exchange's signal, or leaving its `for await` early, sends `notifications/cancelled`
 * (T-11). If the process dies, exchanges in flight fail with `TransportError('restarted')`, a new
 * process is started (on demand by default, with backoff) and `onRestart` listeners are called so
 * the client can re-open its listens (T-17, C-43). The transport sends only what it is given, plus
 * cancels for requests it was given; it never makes up ids.
 *
 * @example
 * ```ts
 * const transport = createStdioClientTransport({ command: 'node', args: ['server.js'] });
 * for await (const message of transport.exchange(request, { signal: AbortSignal.timeout(10_000) })) {
 *   console.log(message);
 * }
 * await transport.close();
 * ```
 */
export function createStdioClientTransport(options: StdioClientTransportOptions): StdioClientTransport {
  return new DeferredStdioClientTransport(options);
}

const PIPE: NetworkPeer = Object.freeze({ transport: 'pipe' });

let implementation: Promise<typeof import('./child-process-transport.js')> | undefined;

/** The module of `ChildProcessTransport`, loaded once, by the first transport created. */
function loadImplementation(): Promise<typeof import('./child-process-transport.js')> {
  implementation ??= import('./child-process-transport.js');
  return implementation;
}

/**
 * The transport `createStdioClientTransport` returns. A server imports this package too, for
 * `serveStdio`, so the client's implementation (`ChildProcessTransport`) is not imported with it: it
 * loads when the first transport is created, and this object hands every call to it, waiting for it
 * when it is not in yet. What needs no process (`peer`, `network`) is answered here.
 */
class DeferredStdioClientTransport implements StdioClientTransport {
  readonly #spec: StdioClientTransportOptions;
  readonly #ready: Promise<ChildProcessTransport>;
  #loaded: ChildProcessTransport | undefined;

  constructor(options: StdioClientTransportOptions) {
    this.#spec = options;
    this.#ready = loadImplementation().then((module) => {
      this.#loaded = new module.ChildProcessTransport(options);
      return this.#loaded;
    });
    // A failed load surfaces on the calls that need it, not as an unhandled rejection.
    this.#ready.catch(() => undefined);
  }

  get pid(): number | undefined {
    return this.#loaded?.pid;
  }

  async start(): Promise<void> {
    return (await this.#ready).start();
  }

  exchange(request: JSONRPCRequest, options: ExchangeOptions = {}): Exchange {
    return this.#loaded?.exchange(request, options) ?? new DeferredExchange(this.#ready, request, options);
  }

  async notify(notification: JSONRPCNotification): Promise<void> {
    return (await this.#ready).notify(notification);
  }

  onRestart(listener: () => void): () => void {
    return this.#register((transport) => transport.onRestart(listener));
  }

  /** A pipe to a child process, as client middleware sees it. */
  readonly network: NetworkPeer = PIPE;

  /** The command line: a client's era cache is per server configuration (B-6). */
  get peer(): string {
    return ['stdio:', this.#spec.command, ...(this.#spec.args ?? [])].join(' ');
  }

  readonly legacy: LegacyClientWire = {
    onServerRequest: (handler: ServerRequestHandler) =>
      this.#register((transport) => transport.legacy.onServerRequest(handler)),
    serverMessages: (signal: AbortSignal) =>
      this.#loaded?.legacy.serverMessages(signal) ?? this.#serverMessagesOnceLoaded(signal),
    // Before the implementation is in, no process ran, so there is no session to begin (B-11).
    beginSession: (session) => this.#loaded?.legacy.beginSession(session),
    endSession: async () => (await this.#ready).legacy.endSession(),
  };

  async close(): Promise<void> {
    return (await this.#ready).close();
  }

  async *#serverMessagesOnceLoaded(signal: AbortSignal): AsyncGenerator<JSONRPCNotification> {
    yield* (await this.#ready).legacy.serverMessages(signal);
  }

  /** Registers a listener on the implementation, now or once it is in; returns its removal. */
  #register(add: (transport: ChildProcessTransport) => () => void): () => void {
    if (this.#loaded) return add(this.#loaded);
    let remove: (() => void) | undefined;
    let removed = false;
    this.#ready.then(
      (transport) => {
        if (!removed) remove = add(transport);
      },
      () => undefined,
    );
    return () => {
      removed = true;
      remove?.();
    };
  }
}
