import type {
  Chain,
  EndpointExchange,
  ExchangeMessage,
  FinalResponse,
  InputRequest,
  JSONRPCRequest,
  MessageContext,
  RequestContext,
} from '@mcpkit/protocol';
import { isRecord, type LazyAbort, LeanRequestContext, McpError, MetaKey } from '@mcpkit/protocol/internal';
import type { ExchangeStream } from '../pipeline/exchange.js';
import { sentRequest } from '../pipeline/hook-contexts.js';
import type { OutboundRequests } from './outbound.js';
import type { SessionRecord } from './session-store.js';
import { legacyError, legacyResult, resultResponse } from './translate.js';

/** More rounds than any honest handler needs: a handler that never stops asking is ended. */
const MAX_INPUT_ROUNDS = 64;

/** What running one legacy request on the modern engine needs. */
export interface ForwardTarget {
  /** The modern engine. */
  handle(message: unknown, context: RequestContext): EndpointExchange;
  /** The protocol version the engine is spoken to in. */
  readonly modernVersion: string;
  readonly outbound: OutboundRequests;
  /** The server's send hooks, around each request sent to the client; `undefined` while there are none. */
  sendChain(): Chain<MessageContext, unknown> | undefined;
  /** How long a server-to-client request may wait for its answer. */
  readonly requestTimeoutMs: number;
}

/** Where one legacy request runs: its stream, its peer, its cancellation. */
export interface ForwardScope {
  readonly stream: ExchangeStream;
  /** Owns the server-to-client requests (a live peer, or the stateless owner). */
  readonly owner: object;
  readonly session: SessionRecord;
  /** Set for an HTTP session, whose answers may reach another instance of the server. */
  readonly sharedSession?: string;
  readonly context: RequestContext;
  /** Aborts when the request is cancelled; its signal is created only if someone reads it. */
  readonly cancellation: LazyAbort;
  /** Tells the peer one of the server's requests was withdrawn, when the request's stream is gone. */
  notifyPeer(message: { jsonrpc: '2.0'; method: string; params: Record<string, unknown> }): void;
}

/**
 * The modern `_meta` a legacy request lacks, supplied by its session: the protocol version the
 * engine speaks, and what `initialize` and `logging/setLevel` set (B-10). Keys the client sent
 * (`progressToken`, trace context) stay.
 */
function modernMeta(target: ForwardTarget, session: SessionRecord, sent: unknown): Record<string, unknown> {
  const meta: Record<string, unknown> = isRecord(sent) ? { ...sent } : {};
  meta[MetaKey.protocolVersion] = target.modernVersion;
  meta[MetaKey.clientCapabilities] = session.clientCapabilities;
  if (session.clientInfo !== undefined) meta[MetaKey.clientInfo] = session.clientInfo;
  if (session.logLevel !== undefined) meta[MetaKey.logLevel] = session.logLevel;
  else if (MetaKey.logLevel in meta) delete meta[MetaKey.logLevel];
  return meta;
}

/**
 * The params the engine gets: the client's, with the modern `_meta`. `_meta` comes first, as a
 * modern client sends it: on Node 20 the engine's params check measured about twice as slow on
 * objects built as `{ ...sent, _meta }`.
 */
function withMeta(sent: Record<string, unknown>, meta: Record<string, unknown>): Record<string, unknown> {
  const params: Record<string, unknown> = { _meta: meta, ...sent };
  params._meta = meta;
  return params;
}

/** The highest `progress` one legacy request has sent so far, over all its input rounds. */
interface ProgressSent {
  highest: number;
}

/**
 * Whether `item` repeats progress an earlier input round already sent. Each round runs the
 * handler again from the start, so it reports its progress again; the client sees one request,
 * whose progress must increase with each notification (P-80), so those are not sent twice.
 */
function isRepeatedProgress(item: ExchangeMessage, sent: ProgressSent): boolean {
  if (!('method' in item) || item.method !== 'notifications/progress') return false;
  const progress = (item.params as { progress?: unknown } | undefined)?.progress;
  if (typeof progress !== 'number') return false;
  if (progress <= sent.highest) return true;
  sent.highest = progress;
  return false;
}

/** Runs one modern request to its response, pushing its notifications onto the legacy stream. */
async function runModern(
  target: ForwardTarget,
  request: JSONRPCRequest,
  scope: ForwardScope,
  progress: ProgressSent,
): Promise<FinalResponse | undefined> {
  const { transport, auth, network } = scope.context;
  const { session } = scope;
  const legacySession = { id: scope.sharedSession, protocolVersion: session.protocolVersion };
  // The server's own context for itself: nothing else sees it (see `keepsRequestContext`).
  const context = new LeanRequestContext({ transport, auth, network, legacySession }, scope.cancellation);
  // Read to the response, which ends the exchange: no `return()` on the iterator is needed.
  const items = target.handle(request, context)[Symbol.asyncIterator]();
  for (;;) {
    const next = await items.next();
    if (next.done) return undefined;
    if ('response' in next.value) return next.value;
    if (!isRepeatedProgress(next.value, progress)) scope.stream.push(next.value);
  }
}

/**
 * Asks the client every question of an `input_required` round as a real request on the
 * request's stream (B-13) and collects the answers by key.
 */
async function askClient(
  target: ForwardTarget,
  inputRequests: Record<string, InputRequest>,
  scope: ForwardScope,
): Promise<Record<string, unknown>> {
  const entries = Object.entries(inputRequests);
  const answers = await Promise.all(
    entries.map(([, question]) =>
      sendToClient(target, scope, question.method, (question.params ?? {}) as Record<string, unknown>),
    ),
  );
  return Object.fromEntries(entries.map(([key], index) => [key, answers[index]]));
}

/**
 * Sends one request to the client through the server's send hooks, whose `next()` resolves with
 * the client's answer: a hook sees the request from when it goes out to when it is answered.
 */
function sendToClient(
  target: ForwardTarget,
  scope: ForwardScope,
  method: string,
  params: Record<string, unknown>,
): Promise<unknown> {
  const id = target.outbound.nextId();
  const send = (sentMethod: string, sentParams: Record<string, unknown>) =>
    target.outbound.send(scope.owner, id, sentMethod, sentParams, {
      emit: (request) => scope.stream.push(request),
      signal: scope.cancellation.signal,
      timeoutMs: target.requestTimeoutMs,
      sessionId: scope.sharedSession,
      withdraw: (requestId, reason) => {
        const cancel = {
          jsonrpc: '2.0' as const,
          method: 'notifications/cancelled',
          params: { requestId, reason },
        };
        // Once the request is cancelled its stream is read no more: the connection carries it.
        if (scope.cancellation.aborted || !scope.stream.push(cancel)) scope.notifyPeer(cancel);
      },
    });
  const chain = target.sendChain();
  if (chain === undefined) return send(method, params);
  const session = { id: scope.sharedSession, protocolVersion: scope.session.protocolVersion };
  const ctx = sentRequest(id, method, params, scope.context, session);
  return chain(ctx, (sent) => send(sent.method, sent.params));
}

/**
 * Serves a legacy request on the modern engine: the session supplies the `_meta` it lacks, and
 * every `input_required` round becomes real `elicitation/create`, `sampling/createMessage` and
 * `roots/list` requests whose answers are fed back in as `inputResponses` with the round's
 * `requestState`, so a handler written for 2026 runs straight through (and `ctx.once` once).
 * Resolves to the 2025-shaped response, or `undefined` when the request was cancelled.
 */
export async function forwardRequest(
  target: ForwardTarget,
  request: JSONRPCRequest,
  scope: ForwardScope,
): Promise<FinalResponse | undefined> {
  const sent = (isRecord(request.params) ? request.params : {}) as Record<string, unknown>;
  const meta = modernMeta(target, scope.session, sent._meta);
  let params = withMeta(sent, meta);
  const progress: ProgressSent = { highest: Number.NEGATIVE_INFINITY };
  for (let round = 0; ; round++) {
    const final = await runModern(
      target,
      { jsonrpc: request.jsonrpc, id: request.id, method: request.method, params },
      scope,
      progress,
    );
    if (final === undefined) return undefined;
    if ('error' in final.response) return legacyError(final, request.method);
    const result = (final.response as { result: Record<string, unknown> }).result;
    if (result.resultType !== 'input_required') return resultResponse(request.id, legacyResult(result));
    if (round + 1 >= MAX_INPUT_ROUNDS) {
      throw McpError.internalError(`The handler asked for input more than ${MAX_INPUT_ROUNDS} times`);
    }
    const inputRequests = (result.inputRequests ?? {}) as Record<string, InputRequest>;
    const inputResponses = await askClient(target, inputRequests, scope);
    params = withMeta(sent, meta);
    params.inputResponses = inputResponses;
    if (typeof result.requestState === 'string') params.requestState = result.requestState;
  }
}
