import type {
  EndpointExchange,
  FinalResponse,
  JSONRPCNotification,
  JSONRPCRequest,
  JSONRPCResponse,
  PeerChannel,
  RequestContext,
  RequestId,
  SessionEndpoint,
} from '@mcpkit/protocol';
import {
  errorFinal,
  isAppliedCancel,
  isLegacyMethod,
  isRecord,
  isRequestId,
  LEGACY_PROTOCOL_VERSIONS,
  McpError,
  networkOf,
} from '@mcpkit/protocol/internal';
import { loadedSchemas, loadSchemas } from '@mcpkit/protocol/schema-loader';
import type { LegacyEraSeam, LegacyHost } from '../era-seam.js';
import { AnswerDelivery } from './answer-delivery.js';
import { type Era, eraOf, hasModernMeta } from './era.js';
import { type ForwardTarget, forwardRequest } from './forward.js';
import { HttpSessions } from './http-sessions.js';
import { initializeResult, negotiateVersion, newSession, readInitialize } from './initialize.js';
import { LegacyExchange } from './legacy-exchange.js';
import type { LegacyOptions } from './legacy-options.js';

export type { LegacyOptions } from './legacy-options.js';

import { LivePeer } from './live-peer.js';
import { PeerDirectory } from './peers.js';
import { receivedOnce } from './received-once.js';
import { applySessionCall, readSessionCall, sessionCallInfo } from './session-methods.js';
import { InMemorySessionStore, type SessionRecord, type SessionStore } from './session-store.js';
import {
  errorResponse,
  explainStatelessRefusal,
  legacyCapabilityRefusal,
  legacyServerCapabilities,
  resultResponse,
} from './translate.js';

type Kind = 'request' | 'notification' | 'response' | 'invalid';

function kindOf(message: unknown): Kind {
  if (!isRecord(message)) return 'invalid';
  if (typeof message.method === 'string') return 'id' in message ? 'request' : 'notification';
  return 'id' in message && ('result' in message || 'error' in message) ? 'response' : 'invalid';
}

/**
 * The 2025 era as a layer onto the modern engine: `initialize`, sessions (the connection on stdio,
 * `Mcp-Session-Id` over HTTP), `ping`, `logging/setLevel`, `resources/subscribe`, the `GET`
 * stream, and server-to-client requests. A legacy request becomes a modern one with the session
 * supplying the `_meta` it lacks (`forwardRequest`); the engine never knows.
 */
export class LegacyLayer implements LegacyEraSeam {
  /** The HTTP sessions' `GET` stream and `DELETE`; none without sessions (`reject`, `stateless`). */
  readonly sessions: SessionEndpoint | undefined;
  private readonly answers: AnswerDelivery;
  private readonly versions: readonly string[];
  private readonly stateless: boolean;
  private readonly store: SessionStore;
  private readonly target: ForwardTarget;
  private readonly peers: PeerDirectory;

  constructor(
    private readonly host: LegacyHost,
    private readonly reject: boolean,
    options: LegacyOptions = {},
  ) {
    this.versions = options.versions ?? LEGACY_PROTOCOL_VERSIONS;
    if (this.versions.length === 0 || this.versions.some((v) => !LEGACY_PROTOCOL_VERSIONS.includes(v)))
      throw new TypeError(
        `legacy.versions must be a non-empty subset of ${LEGACY_PROTOCOL_VERSIONS.join(', ')}`,
      );
    this.stateless = options.stateless ?? false;
    this.store = options.sessionStore ?? new InMemorySessionStore();
    this.peers = new PeerDirectory({
      store: this.store,
      versions: this.versions,
      stateless: this.stateless,
      capabilities: () => host.capabilities(),
      subscribe: (listener) => host.subscribe(listener),
      ends: host,
    });
    this.answers = new AnswerDelivery(this.peers, options.answerRouter);
    this.target = {
      handle: (message, context) => host.handleModern(message, context),
      modernVersion: host.modernVersions[0]!,
      outbound: this.answers.outbound,
      sendChain: () => host.sendChain(),
      requestTimeoutMs: options.requestTimeoutMs ?? 60_000,
    };
    this.sessions = reject || this.stateless ? undefined : new HttpSessions(this.peers, this.store);
  }

  close(): void {
    this.peers.close();
  }

  /** The era of `message` (see `eraOf`); a connection's first readable message fixes its era. */
  eraOf(message: unknown, context: RequestContext): Era {
    const channel = context.channel;
    if (channel !== undefined) {
      const known = this.peers.eraOf(channel);
      if (known !== undefined) return known;
    } else if (isRecord(message) && hasModernMeta(message)) {
      return 'modern';
    }
    const kind = kindOf(message);
    const record = message as Record<string, unknown>;
    const headers = context.headers;
    const era = eraOf({
      carrier: channel === undefined ? 'http' : 'connection',
      kind,
      method: kind === 'request' || kind === 'notification' ? (record.method as string) : undefined,
      modernMeta: kind !== 'invalid' && hasModernMeta(record),
      versionHeader: headers?.get('mcp-protocol-version') ?? null,
      sessionHeader: headers?.get('mcp-session-id') ?? null,
      connectionEra: undefined,
      statelessLegacy: this.stateless,
    });
    if (channel !== undefined && kind !== 'invalid') this.peers.fixEra(channel, era);
    return era;
  }

  /** Serves a message `eraOf` found legacy. */
  handle(message: unknown, context: RequestContext): EndpointExchange {
    const kind = kindOf(message);
    const record = message as Record<string, unknown>;
    const id = kind === 'request' && isRequestId(record.id) ? record.id : undefined;
    const exchange = new LegacyExchange(
      (ex) => this.serve(ex, kind, record, context),
      (error) => (kind === 'request' ? errorFinal(error, id) : undefined),
    );
    // Over HTTP with sessions a dropped connection is not a cancellation (2025-11-25): the client
    // may reconnect with Last-Event-ID; the transport ends the exchange when it gives up on it.
    if (kind === 'request' && (context.channel !== undefined || this.stateless || this.reject)) {
      // Read only here: transports create the signal lazily.
      const signal = context.signal;
      if (signal.aborted) exchange.cancel(signal.reason);
      else signal.addEventListener('abort', () => exchange.cancel(signal.reason), { once: true });
    }
    return exchange;
  }

  private async serve(
    ex: LegacyExchange,
    kind: Kind,
    message: Record<string, unknown>,
    context: RequestContext,
  ): Promise<FinalResponse | undefined> {
    if (this.reject) return this.refuse(kind, message, context);
    if (kind === 'response') return this.settle(message as unknown as JSONRPCResponse, context);
    if (kind === 'notification') return this.notified(message as unknown as JSONRPCNotification, context);
    const request = message as unknown as JSONRPCRequest;
    if (!isRequestId(request.id)) throw McpError.invalidRequest('the id must be a string or an integer');
    if (request.method === 'initialize') return this.initialize(ex, request, context);
    const found = await this.peers.find(context, request.id);
    if (!('peer' in found)) return found;
    if (context.channel === undefined) {
      ex.session = { id: this.stateless ? undefined : found.session.id, resumable: !this.stateless };
    }
    return this.serveRequest(ex, request, found, context);
  }

  private async serveRequest(
    ex: LegacyExchange,
    request: JSONRPCRequest,
    { peer, session, owner }: { peer: LivePeer; session: SessionRecord; owner: object },
    context: RequestContext,
  ): Promise<FinalResponse | undefined> {
    const { id, method } = request;
    if (method === 'ping') return resultResponse(id, {});
    // 2026-07-28 methods: a 2025 session has neither.
    if (method === 'server/discover' || method === 'subscriptions/listen')
      throw McpError.methodNotFound(method);
    if (isLegacyMethod(method) && method !== 'initialize') {
      const schemas = loadedSchemas() ?? (await loadSchemas());
      const call = readSessionCall(
        method,
        request.params,
        this.host.capabilities(),
        !this.stateless,
        schemas,
      );
      const info = sessionCallInfo(call.method, request, session, context, ex.cancellation);
      const result = await this.host.withMiddleware(call.method, call.params, info, context, async () => {
        await this.peers.change(peer, applySessionCall(peer.session ?? session, call));
        return {};
      });
      return resultResponse(id, result);
    }
    peer.running.set(id, ex);
    const sharedSession = context.channel === undefined && !this.stateless ? session.id : undefined;
    const scope = {
      stream: ex,
      owner,
      session,
      sharedSession,
      context,
      cancellation: ex.cancellation,
      notifyPeer: (message: JSONRPCNotification) => peer.notify(message),
    };
    const legacySession = { id: sharedSession, protocolVersion: session.protocolVersion };
    try {
      return await receivedOnce(this.host.receiveHooks(), request, context, legacySession, async (sent) => {
        const final = await forwardRequest(this.target, sent, scope);
        if (final === undefined) return undefined;
        return legacyCapabilityRefusal(
          this.stateless ? explainStatelessRefusal(final, method) : final,
          method,
        );
      });
    } finally {
      if (peer.running.get(id) === ex) peer.running.delete(id);
      this.peers.release(peer);
    }
  }

  /**
   * `initialize` (B-9): negotiates the version, then, once middleware lets it through, opens the
   * session (a connection's, or a new HTTP one): a refused `initialize` opens none.
   */
  private async initialize(
    ex: LegacyExchange,
    request: JSONRPCRequest,
    context: RequestContext,
  ): Promise<FinalResponse> {
    const schemas = loadedSchemas() ?? (await loadSchemas());
    const read = readInitialize(request.params, this.versions, schemas);
    if (read instanceof McpError) throw read;
    const version = negotiateVersion(read.requested, this.versions);
    const channel = context.channel;
    if (channel !== undefined) this.unopened(channel);
    const principal = channel === undefined ? context.auth?.principal : undefined;
    const session = newSession(crypto.randomUUID(), read, version, principal);
    // `_meta` as sent, so that receive hooks see it (trace context) as on every other request.
    const { _meta } = (request.params ?? {}) as { _meta?: Record<string, unknown> };
    const params = {
      protocolVersion: read.requested,
      capabilities: read.capabilities,
      clientInfo: read.clientInfo,
      ...(_meta !== undefined && { _meta }),
    };
    const info = sessionCallInfo('initialize', request, session, context, ex.cancellation);
    const result = await this.host.withMiddleware('initialize', params, info, context, async () => {
      if (channel !== undefined)
        this.peers.openConnection(
          this.unopened(channel),
          session,
          networkOf(context.transport, context.network),
        );
      else if (this.stateless) ex.session = { id: undefined, resumable: false };
      else {
        if (!(await this.store.create(session))) {
          const message =
            'Too many open sessions, on this server or for this caller; end unused ones (DELETE) or try again later';
          throw new McpError(-32603, message, undefined, { reason: 'overloaded' });
        }
        ex.session = { id: session.id, resumable: true };
      }
      const capabilities = legacyServerCapabilities(this.host.capabilities(), !this.stateless);
      return initializeResult(version, capabilities, this.host.info, this.host.instructions);
    });
    return resultResponse(request.id, result);
  }

  /** `channel`, when no `initialize` opened it yet; another one is `-32600`. */
  private unopened(channel: PeerChannel): PeerChannel {
    if (this.peers.connectionPeer(channel) !== undefined) {
      throw McpError.invalidRequest('the connection is already initialized');
    }
    return channel;
  }

  /** A peer's response: the answer to one of the server's requests (B-13), here or on another instance. */
  private async settle(
    response: JSONRPCResponse,
    context: RequestContext,
  ): Promise<FinalResponse | undefined> {
    const id = isRequestId(response.id) ? response.id : undefined;
    const found = await this.caller(context, id);
    if ('response' in found) return found;
    if (await this.answers.deliver(found, { kind: 'response', response })) return undefined;
    // Over a connection an answer to nothing is dropped; over HTTP the POST is refused (400).
    if (context.channel !== undefined) return undefined;
    return errorResponse(
      id,
      -32600,
      'Invalid request: no request of this session awaits that response',
      'envelope',
    );
  }

  /** `notifications/initialized`, `notifications/cancelled` and the rest: accepted (HTTP 202). */
  private async notified(
    notification: JSONRPCNotification,
    context: RequestContext,
  ): Promise<FinalResponse | undefined> {
    const found = await this.caller(context, undefined);
    if ('response' in found) return found;
    const session = found.peer?.session;
    if (session !== undefined) {
      const id = context.channel === undefined && !this.stateless ? session.id : undefined;
      this.host.notified(notification, context, { id, protocolVersion: session.protocolVersion });
    }
    const { method, params } = notification;
    // A cancel the connection applied already (it named a running request) was here for the hooks.
    const cancel = method === 'notifications/cancelled' && !isAppliedCancel(context);
    if (cancel && isRecord(params) && isRequestId(params.requestId)) {
      const reason = typeof params.reason === 'string' ? params.reason : undefined;
      await this.answers.deliver(found, { kind: 'cancelled', requestId: params.requestId, reason });
    } else if (found.peer !== undefined) {
      this.peers.release(found.peer);
    }
    return undefined;
  }

  /**
   * The peer a response or notification comes from, and who owns the server's requests it may
   * answer or cancel. Over HTTP with sessions that is the caller's own session: another
   * principal's is refused as unknown (404), so nobody answers a request sent to someone else.
   */
  private async caller(
    context: RequestContext,
    id: RequestId | undefined,
  ): Promise<{ owner: object | undefined; peer: LivePeer | undefined } | FinalResponse> {
    if (context.channel === undefined && !this.stateless) {
      const found = await this.peers.find(context, id);
      return 'peer' in found ? { owner: found.peer, peer: found.peer } : found;
    }
    const owner = this.peers.ownerOf(context);
    return { owner, peer: owner instanceof LivePeer ? owner : undefined };
  }

  /** `legacy: 'reject'`: every legacy message is `-32022` naming the modern versions (H-39), HTTP 400. */
  private refuse(kind: Kind, message: Record<string, unknown>, context: RequestContext): FinalResponse {
    const params = message.params;
    const asked =
      isRecord(params) && typeof params.protocolVersion === 'string' ? params.protocolVersion : undefined;
    const requested = asked ?? context.headers?.get('mcp-protocol-version') ?? '2025-03-26';
    const id = kind === 'request' && isRequestId(message.id) ? message.id : undefined;
    return errorFinal(McpError.unsupportedProtocolVersion(requested, this.host.modernVersions), id);
  }
}
