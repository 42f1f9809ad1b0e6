import type {
  ClientTransport,
  JSONRPCNotification,
  LoggingMessageNotificationParams,
  SubscriptionFilter,
} from '@mcpkit/protocol';
import type { Step } from '../call-chain.js';
import type { Connection } from '../connection.js';
import type { InputHandlers } from '../handlers.js';
import { deliverLog, type LogRoute } from '../logs.js';
import type { ServerDescription } from '../probe.js';
import type { Requester } from '../requester.js';
import { type LegacyListenContext, listenLegacy } from './listen.js';
import { SessionLogLevel } from './log-level.js';
import { type ServerRequestRegistration, serverRequestsByEra } from './server-requests.js';
import { LegacyServerStream } from './server-stream.js';
import { legacyWireStep } from './wire-step.js';

/** What the client's 2025-era parts need from it. */
export interface LegacyEraConfig {
  transport: ClientTransport;
  requester: Requester;
  handlers: InputHandlers;
  /** Aborts when the client closes. */
  lifetime: AbortSignal;
  /** How long `initialize` may take; `logging/setLevel` gets as long. */
  probeTimeoutMs: number;
  /** The client's `logLevel` and `onLog`: log messages of no request go there. */
  logs: LogRoute;
  /** Sees each other notification the session sends outside any request. */
  observe(notification: JSONRPCNotification): void;
}

const NO_CALL: LogRoute = {};

/**
 * What the client does only while it speaks the 2025 era: answering the server's requests (B-13),
 * reading the session's own stream (its log messages go to the client's `onLog`), the session's
 * log level, and the wire step that frames calls for that era. `follow` tells it the outcome of
 * each connect.
 */
export class LegacyEra {
  readonly #serverRequests: ServerRequestRegistration;
  readonly #stream: LegacyServerStream;
  readonly #requester: Requester;
  readonly #logLevel: SessionLogLevel;

  constructor(config: LegacyEraConfig) {
    this.#requester = config.requester;
    this.#serverRequests = serverRequestsByEra(config.transport, config.handlers, config.lifetime);
    this.#logLevel = new SessionLogLevel(config.requester, config.probeTimeoutMs);
    const { logs, observe } = config;
    this.#stream = new LegacyServerStream(config.transport, config.lifetime, (notification) => {
      if (notification.method !== 'notifications/message') observe(notification);
      else if (notification.params !== undefined) {
        deliverLog(notification.params as unknown as LoggingMessageNotificationParams, NO_CALL, logs);
      }
    });
  }

  /** A listen on the 2025-era session (see `listenLegacy`), fed by what it sends outside any request. */
  listen(
    context: Omit<LegacyListenContext, 'hub'>,
    filter: SubscriptionFilter,
    signal: AbortSignal,
  ): Promise<'closed' | 'reopen'> {
    return listenLegacy({ ...context, hub: this.#stream.listens }, filter, signal);
  }

  /**
   * Adopts the era of a new connection: a 2025-era session gets its server requests answered, its
   * stream read, and the client's `logLevel` asked for.
   */
  async follow(description: ServerDescription): Promise<void> {
    this.#serverRequests.follow(description.era);
    if (description.era === 'modern') return;
    this.#stream.follow(description.era);
    await this.#logLevel.started(description);
  }

  /** The chain step that speaks the 2025 era (see `legacyWireStep`). */
  wireStep(connection: Connection): Step {
    return legacyWireStep(connection, this.#requester, this.#logLevel);
  }

  /** Stops answering the server's requests (the client closed). */
  stop(): void {
    this.#serverRequests.stop();
  }
}
