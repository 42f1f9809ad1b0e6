import type { ClientTransport, JSONRPCNotification } from '@mcpkit/protocol';
import type { Step } from '../call-chain.js';
import type { Connection } from '../connection.js';
import type { InputHandlers } from '../handlers.js';
import type { ServerDescription } from '../probe.js';
import type { Requester } from '../requester.js';
import type { LegacyListenHub } from './listen.js';
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
  /** Sees each notification the session sends outside any request. */
  observe(notification: JSONRPCNotification): void;
}

/**
 * What the client does only while it speaks the 2025 era: answering the server's requests (B-13),
 * reading the session's own stream, and the wire step that frames calls for that era. `follow`
 * tells it the outcome of each connect.
 */
export class LegacyEra {
  readonly #serverRequests: ServerRequestRegistration;
  readonly #stream: LegacyServerStream;
  readonly #requester: Requester;

  constructor(config: LegacyEraConfig) {
    this.#requester = config.requester;
    this.#serverRequests = serverRequestsByEra(config.transport, config.handlers, config.lifetime);
    this.#stream = new LegacyServerStream(config.transport, config.lifetime, config.observe);
  }

  /** What a 2025-era session sends outside any request, for listens in that era. */
  get listens(): LegacyListenHub {
    return this.#stream.listens;
  }

  /** Adopts the era of a new connection: a 2025-era session gets its server requests answered and its stream read. */
  follow(description: ServerDescription): void {
    this.#serverRequests.follow(description.era);
    if (description.era !== 'modern') this.#stream.follow();
  }

  /** The chain step that speaks the 2025 era (see `legacyWireStep`). */
  wireStep(connection: Connection): Step {
    return legacyWireStep(connection, this.#requester);
  }

  /** Stops answering the server's requests (the client closed). */
  stop(): void {
    this.#serverRequests.stop();
  }
}
