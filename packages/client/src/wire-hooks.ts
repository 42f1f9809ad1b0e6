import type {
  Chain,
  JSONRPCErrorResponse,
  JSONRPCRequest,
  JSONRPCResultResponse,
  MessageContext,
  NetworkPeer,
} from '@mcpkit/protocol';
import type { CallResult, CallState } from './call.js';
import { peerError } from './errors.js';

type Response = JSONRPCResultResponse | JSONRPCErrorResponse;

/** A transport that says nothing of where its server is: a custom one. */
const UNSPECIFIED: NetworkPeer = Object.freeze({ transport: 'unknown' });

/** What the client's send hooks need besides the request: the composed chain and the connection. */
export interface SendHooks {
  readonly chain: Chain<MessageContext, unknown>;
  readonly network: NetworkPeer;
}

/** The send hooks of a client over `network` (the transport's, when it says where the server is). */
export function sendHooks(
  chain: Chain<MessageContext, unknown>,
  network: NetworkPeer | undefined,
): SendHooks {
  return { chain, network: network ?? UNSPECIFIED };
}

/** `request` of `call` as the send hooks see it: one request on the wire, one round of the call. */
function sendContext(
  hooks: SendHooks,
  request: JSONRPCRequest,
  call: CallState,
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
    sessionId: undefined,
    network: hooks.network,
    call: { id: call.id, round: call.round },
    taskId: typeof taskId === 'string' ? taskId : undefined,
  };
}

/** `request` with the params a hook handed on (a new `_meta`, say). */
function withParams(request: JSONRPCRequest, ctx: MessageContext): JSONRPCRequest {
  return ctx.params === request.params ? request : { ...request, params: ctx.params };
}

/** Sends `request` through the hooks, then `send`; resolves with the decoded result. */
export function hookedResult(
  hooks: SendHooks,
  request: JSONRPCRequest,
  call: CallState,
  era: 'modern' | 'legacy',
  version: string,
  send: (request: JSONRPCRequest) => Promise<CallResult>,
): Promise<CallResult> {
  const ctx = sendContext(hooks, request, call, era, version);
  return hooks.chain(ctx, (handed) => send(withParams(request, handed))) as Promise<CallResult>;
}

/**
 * Sends `request` through the hooks, then `send`; resolves with the raw response. The hooks see
 * the result, or an error response as the `McpError` it is; what they return instead is not used.
 */
export function hookedResponse(
  hooks: SendHooks,
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
