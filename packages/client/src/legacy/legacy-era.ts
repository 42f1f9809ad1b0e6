import type {
  InitializeResult,
  JSONRPCNotification,
  LoggingMessageNotificationParams,
} from '@mcpkit/protocol';
import type { CallResult } from '../call.js';
import type { Step } from '../call-chain.js';
import type {
  InitializeAnswer,
  InitializeOptions,
  LegacyEraConfig,
  LegacyEraSeam,
  SseOpening,
} from '../era-seam.js';
import type { TimeoutLimits } from '../exchange.js';
import type { ListenCall } from '../listen-call.js';
import type { LogRoute } from '../logs.js';
import type { ServerDescription } from '../probe.js';
import type { Requester } from '../requester.js';
import { enter, openSse, sendInitialize } from './handshake.js';
import { kit } from './kit.js';
import { listenLegacy } from './listen.js';
import { SessionLogLevel } from './log-level.js';
import { type ServerRequestRegistration, serverRequestsByEra } from './server-requests.js';
import { LegacyServerStream } from './server-stream.js';
import { legacyWireStep } from './wire-step.js';

const NO_CALL: LogRoute = {};

/**
 * The client's 2025 era (see `LegacyEraSeam`): the handshake, and what the client does only while
 * it speaks that era: answering the server's requests (B-13), reading the session's own stream
 * (its log messages go to the client's `onLog`), the session's log level, the wire step that frames
 * calls for that era, and listens made of what the session offers.
 */
export class LegacyEra implements LegacyEraSeam {
  readonly sse: boolean;
  readonly callStep: Step;
  readonly listenStep: Step;
  readonly #config: LegacyEraConfig;
  readonly #serverRequests: ServerRequestRegistration;
  readonly #stream: LegacyServerStream;
  readonly #logLevel: SessionLogLevel;

  constructor(config: LegacyEraConfig) {
    const { wire, requester, logs, observe, limits } = config;
    this.#config = config;
    this.sse = wire.openSse !== undefined;
    this.#serverRequests = serverRequestsByEra(wire, config, requester);
    this.#logLevel = new SessionLogLevel(requester, config.probeTimeoutMs);
    const take = (notification: JSONRPCNotification): void => {
      if (notification.method !== 'notifications/message') observe(notification);
      else if (notification.params !== undefined) {
        kit.deliverLog(notification.params as unknown as LoggingMessageNotificationParams, NO_CALL, logs);
      }
    };
    this.#stream = new LegacyServerStream(wire, config.lifetime, (notification) => {
      const receive = requester.receiveLegacy;
      if (receive === undefined) take(notification);
      else kit.hookedServerNotification(receive, notification, undefined, requester.version, take);
    });
    this.callStep = legacyWireStep(config.server, requester, this.#logLevel);
    this.listenStep = (call, next) =>
      config.server()?.era === 'legacy' ? this.#listen(call as ListenCall, requester, limits) : next(call);
  }

  initialize(version: string, options: InitializeOptions): Promise<InitializeAnswer> {
    return sendInitialize(this.#config.requester, version, options);
  }

  openSse(timeoutMs: number): Promise<SseOpening> {
    return openSse(this.#config.wire, timeoutMs);
  }

  enter(version: string, result: InitializeResult): Promise<ServerDescription> {
    return enter(this.#config.wire, this.#config.requester, version, result);
  }

  /**
   * Adopts the era of a new connection: a 2025-era session gets its server requests answered, its
   * stream read, and the client's `logLevel` asked for.
   */
  async follow(description: ServerDescription): Promise<void> {
    this.#serverRequests.follow(description.era);
    if (description.era === 'modern') return;
    this.#stream.follow();
    await this.#logLevel.started(description);
  }

  /** Stops answering the server's requests (the client closed). */
  stop(): void {
    this.#serverRequests.stop();
  }

  /**
   * A listen on the session (see `listenLegacy`), fed by what it sends outside any request. It
   * never resolves: it fails with the signal's reason once closed, or when a new session starts.
   */
  async #listen(call: ListenCall, requester: Requester, limits: TimeoutLimits): Promise<CallResult> {
    const { sink } = call;
    const context = {
      hub: this.#stream.listens,
      requester,
      limits,
      accept: (notification: Parameters<typeof sink.accept>[0]) => sink.accept(notification, false),
      acknowledge: sink.acknowledge,
    };
    const outcome = await listenLegacy(context, kit.listenFilter(call), call.signal!);
    // Such a listen has no final response: it ends when closed, or with its session.
    if (outcome === 'closed') throw call.signal!.reason;
    sink.reopen();
    throw new kit.TransportError('session-expired', 'The session the listen was made in ended');
  }
}
