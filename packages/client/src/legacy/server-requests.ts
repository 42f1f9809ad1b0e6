import type {
  InputRequest,
  JSONRPCRequest,
  LegacyClientWire,
  ServerRequestHandler,
  ServerRequestResponse,
} from '@mcpkit/protocol';
import type { Check } from '@mcpkit/protocol/internal';
import type { Era } from '../era.js';
import type { LegacyEraConfig } from '../era-seam.js';
import type { InputRequiredMethod } from '../handlers.js';
import type { Requester } from '../requester.js';
import { kit } from './kit.js';

let inputRequestCheck: Promise<Check> | undefined;

/** The check of an input request's shape; the schemas load with the first server request. */
function isInputRequest(): Promise<Check> {
  inputRequestCheck ??= kit.loadClientSchemas().then((schemas) => schemas.isInputRequest);
  return inputRequestCheck;
}
const INPUT_METHODS = new Set(['tools/call', 'prompts/get', 'resources/read']);

function failure(request: JSONRPCRequest, code: number, message: string): ServerRequestResponse {
  return { jsonrpc: '2.0', id: request.id, error: { code, message } };
}

/**
 * Answers the requests a 2025-era server sends (B-13) with the handlers the application
 * registered for input requests, through the same checks as a 2026 `input_required` round:
 * `elicitation/create`, `sampling/createMessage` and `roots/list` go to their handlers (accepted
 * form content must fit the requested schema, roots must be `file://`), `ping` is answered at
 * once. A request with invalid params is `-32602`; one the application has no handler for, or
 * an unknown method, `-32601`; a handler that fails or answers something invalid, `-32603`.
 * The client's `fulfil` answers them, as it answers its calls' input rounds.
 */
function legacyServerRequestHandler(client: ClientAnswering): ServerRequestHandler {
  const { handlers, fulfil, lifetime } = client;
  return async (request, context) => {
    if (request.method === 'ping') return { jsonrpc: '2.0', id: request.id, result: {} };
    const asked = { method: request.method, params: request.params ?? {} };
    if (!['elicitation/create', 'sampling/createMessage', 'roots/list'].includes(request.method)) {
      return failure(request, kit.ErrorCode.MethodNotFound, `Method not found: ${request.method}`);
    }
    if (!(await isInputRequest())(asked)) {
      return failure(request, kit.ErrorCode.InvalidParams, `Invalid params for ${request.method}`);
    }
    const related = context.related;
    const relatedMethod =
      related !== undefined && INPUT_METHODS.has(related.method)
        ? (related.method as InputRequiredMethod)
        : undefined;
    const { _meta: _, ...relatedParams } = (related?.params ?? {}) as Record<string, unknown>;
    try {
      const answers = await fulfil({ request: asked as InputRequest }, handlers, {
        signal: AbortSignal.any([context.signal, lifetime]),
        method: relatedMethod,
        params: relatedParams,
        round: 1,
      });
      return { jsonrpc: '2.0', id: request.id, result: answers.request as Record<string, unknown> };
    } catch (error) {
      if (error instanceof kit.InputRequiredError && error.reason === 'unsupported-input') {
        return failure(request, kit.ErrorCode.MethodNotFound, error.message);
      }
      const message = error instanceof Error ? error.message : String(error);
      return failure(request, kit.ErrorCode.InternalError, message);
    }
  };
}

/** Where the client stands on the server's requests: `follow` the era of each connection, `stop` on close. */
export interface ServerRequestRegistration {
  follow(era: Era): void;
  stop(): void;
}

/** What answering a server's requests takes of the client. */
type ClientAnswering = Pick<LegacyEraConfig, 'handlers' | 'fulfil' | 'lifetime'>;

/**
 * Answers the server's requests with the client's handlers (see `legacyServerRequestHandler`),
 * through the client's receive hooks when it has some, while the client speaks the 2025 era
 * (B-13), and not in the 2026 era, whose client writes no responses (T-4): without a handler, a
 * transport that carries both eras (stdio) answers nothing.
 */
export function serverRequestsByEra(
  wire: LegacyClientWire,
  client: ClientAnswering,
  requester: Requester,
): ServerRequestRegistration {
  const answer = legacyServerRequestHandler(client);
  const handler: ServerRequestHandler = (request, context) => {
    const hooks = requester.receiveHooks;
    if (hooks === undefined) return answer(request, context);
    return kit.hookedServerRequest(hooks, request, requester.version, (handed) => answer(handed, context));
  };
  let unregister: (() => void) | undefined;
  const stop = () => {
    unregister?.();
    unregister = undefined;
  };
  return {
    follow(era) {
      if (era === 'modern') stop();
      else unregister ??= wire.onServerRequest(handler);
    },
    stop,
  };
}
