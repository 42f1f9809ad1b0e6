import type {
  CancelSender,
  Chain,
  ClientTransport,
  ExchangeOptions,
  InputRequest,
  InputResponse,
  JSONRPCErrorResponse,
  JSONRPCNotification,
  JSONRPCRequest,
  JSONRPCResultResponse,
  LegacyClientWire,
  MessageContext,
  NetworkPeer,
  ServerRequestResponse,
} from '@mcpkit/protocol';
import { ErrorCode, McpError } from '@mcpkit/protocol/internal';
import type { CallResult, CallState } from './call.js';
import { peerError } from './errors.js';

type Response = JSONRPCResultResponse | JSONRPCErrorResponse;

/** A transport that says nothing of where its server is: a custom one. */
const UNSPECIFIED: NetworkPeer = Object.freeze({ transport: 'unknown' });

/** What the client's send or receive hooks need besides the message: the composed chain and the connection. */
export interface WireHooks {
  readonly chain: Chain<MessageContext, unknown>;
  readonly network: NetworkPeer;
  /** The 2025-era wire, which knows the session id (HTTP). */
  readonly legacy: LegacyClientWire | undefined;
}

/** The hooks `chain` of a client over `transport` (its network, when it says where the server is). */
export function wireHooks(chain: Chain<MessageContext, unknown>, transport: ClientTransport): WireHooks {
  return { chain, network: transport.network ?? UNSPECIFIED, legacy: transport.legacy };
}

/** `request` of `call` as the send hooks see it: one request on the wire, one round of the call. */
function sendContext(
  hooks: WireHooks,
  request: JSONRPCRequest,
  call: CallState | undefined,
  era: 'modern' | 'legacy',
  version: string,
): MessageContext {
  const params = request.params ?? {};
  const taskId = request.method.startsWith('tasks/') ? params.taskId : undefined;
  return {
    side: 'client',
    direction: 'send',
    kind: 'request',
    method: request.method,
    params,
    id: request.id,
    era,
    protocolVersion: version,
    sessionId: era === 'legacy' ? hooks.legacy?.sessionId?.() : undefined,
    network: hooks.network,
    call: call === undefined ? undefined : { id: call.id, round: call.round },
    taskId: typeof taskId === 'string' ? taskId : undefined,
  };
}

/** `request` with the params a hook handed on (a new `_meta`, say). */
export function withParams(request: JSONRPCRequest, ctx: MessageContext): JSONRPCRequest {
  return ctx.params === request.params ? request : { ...request, params: ctx.params };
}

/**
 * Sends `request` (of `call`, or of none: a task's listen) through the hooks, then `send`, which
 * gets the context the last hook handed on (`withParams(request, handed)` is the request to send:
 * one closure per request, the caller's); resolves with the decoded result.
 */
export function hookedResult(
  hooks: WireHooks,
  request: JSONRPCRequest,
  call: CallState | undefined,
  era: 'modern' | 'legacy',
  version: string,
  send: (handed: MessageContext) => Promise<CallResult>,
): Promise<CallResult> {
  return hooks.chain(sendContext(hooks, request, call, era, version), send) as Promise<CallResult>;
}

/**
 * Sends `request` through the hooks, then `send`; resolves with the raw response. The hooks see
 * the result, or an error response as the `McpError` it is; what they return instead is not used.
 */
export function hookedResponse(
  hooks: WireHooks,
  request: JSONRPCRequest,
  call: CallState,
  era: 'modern' | 'legacy',
  version: string,
  send: (request: JSONRPCRequest) => Promise<Response>,
): Promise<Response> {
  let response: Response | undefined;
  let refusal: unknown;
  const end = async (handed: MessageContext): Promise<unknown> => {
    response = await send(withParams(request, handed));
    if ('error' in response) {
      refusal = peerError(response, request.method, handed.params);
      throw refusal;
    }
    return response.result;
  };
  return hooks.chain(sendContext(hooks, request, call, era, version), end).then(
    () => response as Response,
    (error: unknown) => {
      if (response !== undefined && error === refusal) return response;
      throw error;
    },
  );
}

/**
 * The client's answer to `request`, a 2025-era server's, through the receive hooks, then `answer`:
 * they see the request and, from `next()`, the answer's result, or its error as an `McpError`.
 * A hook that answers without `next()` answers with what it returns; one that throws, with its error.
 */
export function hookedServerRequest(
  hooks: WireHooks,
  request: JSONRPCRequest,
  version: string,
  answer: (request: JSONRPCRequest) => Promise<ServerRequestResponse>,
): Promise<ServerRequestResponse> {
  const ctx: MessageContext = {
    side: 'client',
    direction: 'receive',
    kind: 'request',
    method: request.method,
    params: request.params ?? {},
    id: request.id,
    era: 'legacy',
    protocolVersion: version,
    sessionId: hooks.legacy?.sessionId?.(),
    network: hooks.network,
  };
  let response: ServerRequestResponse | undefined;
  let refusal: McpError | undefined;
  const end = async (handed: MessageContext): Promise<unknown> => {
    response = await answer(withParams(request, handed));
    if ('error' in response) {
      const { code, message, data } = response.error;
      refusal = new McpError(code, message, data);
      throw refusal;
    }
    return response.result;
  };
  return hooks.chain(ctx, end).then(
    (result): ServerRequestResponse =>
      response !== undefined && 'result' in response && response.result === result
        ? response
        : { jsonrpc: '2.0', id: request.id, result: result as Record<string, unknown> },
    (error: unknown): ServerRequestResponse => {
      if (error === refusal && response !== undefined) return response;
      if (error instanceof McpError) return { jsonrpc: '2.0', id: request.id, error: error.toJSON() };
      const message = error instanceof Error ? error.message : String(error);
      return { jsonrpc: '2.0', id: request.id, error: { code: ErrorCode.InternalError, message } };
    },
  );
}

/**
 * An input request of an `input_required` result (the 2026 era: elicitation, sampling, roots) as
 * the receive hooks see it: a request the server makes inside a result, with no JSON-RPC id of its
 * own; `next()` resolves with the client's answer (what `answer` gives for the params handed on).
 */
export function hookedInputRequest(
  hooks: WireHooks,
  request: InputRequest,
  version: string | undefined,
  answer: (params: Record<string, unknown>) => Promise<InputResponse>,
): Promise<InputResponse> {
  const ctx: MessageContext = {
    side: 'client',
    direction: 'receive',
    kind: 'request',
    method: request.method,
    params: (request.params ?? {}) as Record<string, unknown>,
    id: undefined,
    era: 'modern',
    protocolVersion: version,
    sessionId: undefined,
    network: hooks.network,
  };
  return hooks.chain(ctx, (handed) => answer(handed.params)) as Promise<InputResponse>;
}

/**
 * A notification the client sends (`notifications/initialized`) through the send hooks, then
 * `send`; `next()` resolves once it is handed to the transport.
 */
export function hookedNotification(
  hooks: WireHooks,
  notification: JSONRPCNotification,
  era: 'modern' | 'legacy',
  version: string,
  send: (notification: JSONRPCNotification) => Promise<void>,
): Promise<void> {
  const params = notification.params ?? {};
  const ctx = notificationContext(hooks, 'send', notification.method, params, era, version);
  return hooks
    .chain(ctx, (handed) =>
      send(handed.params === params ? notification : { ...notification, params: handed.params }),
    )
    .then(() => undefined);
}

/** What the hooks see of a notification the client sends or receives; `call` is the call it belongs to, if any. */
function notificationContext(
  hooks: WireHooks,
  direction: 'send' | 'receive',
  method: string,
  params: Record<string, unknown>,
  era: 'modern' | 'legacy',
  version: string | undefined,
  call?: CallState,
): MessageContext {
  return {
    side: 'client',
    direction,
    kind: 'notification',
    method,
    params,
    id: undefined,
    era,
    protocolVersion: version,
    sessionId: era === 'legacy' ? hooks.legacy?.sessionId?.() : undefined,
    network: hooks.network,
    call: call === undefined ? undefined : { id: call.id, round: call.round },
  };
}

/** The receive hooks of one era: composed once, so a notification allocates no route of its own. */
export interface ReceiveRoute {
  readonly hooks: WireHooks;
  readonly era: 'modern' | 'legacy';
  /** Hears of a hook that failed on a notification (an `onWarning`), which no caller waits for. */
  readonly failed: (error: unknown, notification: string) => void;
}

/**
 * A server's notification through the receive hooks, then `deliver` (the chain's end): `call` is the
 * call it belongs to (progress and logs on a request's stream, a listen's notifications), undefined for
 * none. A hook that calls `next()` before it awaits keeps the notifications in order; one that never
 * calls it drops the notification; one that fails leaves it undelivered and is an `onWarning`.
 */
export function hookedServerNotification(
  route: ReceiveRoute,
  notification: JSONRPCNotification,
  call: CallState | undefined,
  version: string | undefined,
  deliver: (notification: JSONRPCNotification) => void,
): void {
  const { hooks, era, failed } = route;
  const params = notification.params ?? {};
  const ctx = notificationContext(hooks, 'receive', notification.method, params, era, version, call);
  hooks
    .chain(ctx, (handed) => {
      deliver(handed.params === params ? notification : { ...notification, params: handed.params });
      return Promise.resolve(undefined);
    })
    .catch((error: unknown) => failed(error, notification.method));
}

/** What an exchange of one era needs of the hooks: `receive` for the server's notifications, `sendCancel` for its cancel. */
export interface ExchangeRoute {
  readonly receive: ReceiveRoute | undefined;
  readonly sendCancel: CancelSender | undefined;
  /** The options of an exchange with no signal or headers, `{ sendCancel }`: one object for all; undefined without `sendCancel`. */
  readonly cancelOnly: ExchangeOptions | undefined;
}

/** The route of one era's exchanges; transports only read the options it shares. */
export function exchangeRoute(
  receive: ReceiveRoute | undefined,
  sendCancel: CancelSender | undefined,
): ExchangeRoute {
  return {
    receive,
    sendCancel,
    cancelOnly: sendCancel === undefined ? undefined : Object.freeze({ sendCancel }),
  };
}

/**
 * The `sendCancel` of the exchanges in `era`: the `notifications/cancelled` a transport writes when
 * a call is aborted passes the send hooks, then the transport's `write` (synchronously when each hook
 * calls `next()` before it awaits). A hook that fails drops it and is an `onWarning`.
 */
export function cancelThroughHooks(
  hooks: WireHooks,
  era: 'modern' | 'legacy',
  version: () => string,
  failed: (error: unknown, notification: string) => void,
): CancelSender {
  return (notification, write) => {
    hookedNotification(hooks, notification, era, version(), (handed) => {
      write(handed);
      return Promise.resolve();
    }).catch((error: unknown) => failed(error, notification.method));
  };
}
