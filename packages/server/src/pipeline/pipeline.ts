import type {
  EndpointExchange,
  FinalResponse,
  JSONRPCRequest,
  JSONRPCResultResponse,
  MessageDecodeResult,
  Method,
  RequestContext,
  RequestId,
  RequestMetaFields,
  ServerCapabilities,
} from '@mcpkit/protocol';
import {
  decodeMessage,
  describeFailure,
  disallowedErrorReason,
  ErrorCode,
  errorFinal,
  isRecord,
  knownMethod,
  McpError,
  MetaKey,
  type MethodInfo,
  methodInfo,
  methodInfos,
  readRequestMeta,
  surelyValidParams,
} from '@mcpkit/protocol/internal';
import { loadedSchemas, loadSchemas } from '@mcpkit/protocol/schema-loader';
import { receiveChainFor } from './chains.js';
import { RequestScope, SILENT_LOGGER } from './context.js';
import { EMPTY_EXCHANGE, ExchangeStream } from './exchange.js';
import { startExtensionRequest } from './extension-request.js';
import { checkHeaders } from './header-check.js';
import { acceptedRequest, notified, refuse } from './hook-contexts.js';
import { outcome } from './input-round.js';
import { checkMethodResult, hasMeta } from './result-check.js';
import { ServerInfoFinal } from './result-final.js';
import { ownResult, reusableResponseText } from './reusable-results.js';
import type { AnswerSink, Route, RouteParams } from './route.js';
import { routes } from './routes.js';
import type { ServerRuntime } from './runtime.js';
import { HookedExchangeStream } from './sent-hooks.js';

/*
 * The request pipeline, in the order docs/architecture.md pins (the conformance suite checks it), each
 * step with the `FailureReason` of its errors (HTTP statuses follow from it, `httpStatusFor`):
 *   1. envelope: not a single JSON-RPC request or notification → -32600 (`envelope`);
 *   2. per-request _meta: missing protocolVersion / clientCapabilities → -32602 (`request-meta`) (S-1);
 *   3. HTTP only: headers against the body → -32020 (`header-mismatch`) (H-17..H-33);
 *   4. protocol version not served → -32022 with supported/requested (`unsupported-version`) (S-2);
 *   5. unknown method, or its capability not advertised → -32601 (`unknown-method`) (S-4);
 *   6. params invalid → -32602; the named tool/prompt unknown → -32602 (`invalid-params`); a client
 *      capability the request needs but did not declare → -32021 (`missing-capability`) (S-3); a
 *      requestState that does not verify → -32602 (S-57);
 *   7. middleware, then the handler (`handler`); the result gets serverInfo in _meta (S-5).
 * Every error response states its reason; nothing is remembered between requests (S-6).
 */

/**
 * A request's exchange, as the pipeline starts it: the stream its scope pushes to (holding the
 * request's context), and its sink. Step 5 keeps the method's spec on it, so that the answer does
 * not look the method up again.
 */
type Exchange = ExchangeStream &
  AnswerSink & { readonly context: RequestContext; spec: MethodInfo | undefined };

/** What step 7 gives when the route answered the exchange itself. */
const ANSWERED: unique symbol = Symbol('answered');

function offers(capabilities: ServerCapabilities, spec: MethodInfo): boolean {
  return spec.capability === undefined || capabilities[spec.capability] !== undefined;
}

/**
 * Whether the server made `error` itself, rather than refusing a client's mistake: a thrown
 * non-`McpError`, an error this side may not send as it is (both reach the client as `-32603`
 * only), or a `-32603` (a result that breaks its schema, a handler's own internal error) other
 * than a refusal for capacity (a quota the caller reached).
 */
export function isServerFault(error: unknown): boolean {
  return (
    !(error instanceof McpError) ||
    (error.code === ErrorCode.InternalError && error.reason !== 'overloaded') ||
    disallowedErrorReason(error) !== undefined
  );
}

/** The final error response for `error`, with its reason stated (docs/architecture.md, "Errors and status codes"). */
function errorResponse(
  runtime: ServerRuntime,
  error: unknown,
  id: RequestId | undefined,
  method?: string,
): FinalResponse {
  if (isServerFault(error)) runtime.onError(error, { level: 'error', method, requestId: id });
  return errorFinal(error, id);
}

/**
 * Steps 2 to 6 for one request, then step 7 started: throws the error to send, or returns what the
 * handler (through middleware) produced, or its promise (a rejected one for an error past step 6).
 * Synchronous up to the handler, so a request costs no promise and no suspended frame before its
 * handler runs, and none after it when the handler returned at once and no middleware runs.
 */
function startRequest(
  runtime: ServerRuntime,
  request: JSONRPCRequest,
  context: RequestContext,
  exchange: Exchange,
): unknown {
  const waiting = runtime.registrations.ready;
  if (waiting !== undefined) return waiting.then(() => startOrRefuse(runtime, request, context, exchange));
  const method = request.method;
  const params = request.params ?? {};

  // 2. Per-request _meta. A malformed optional field (logLevel, clientInfo, progressToken) is a
  //    params error, reported at step 6 after the checks that come first.
  const read = readRequestMeta(params);
  let deferred: McpError | undefined;
  let fields: RequestMetaFields;
  if (read instanceof McpError) {
    if (read.reason === 'request-meta') throw read;
    deferred = read;
    const meta = params._meta as Record<string, unknown>;
    fields = {
      protocolVersion: meta[MetaKey.protocolVersion] as string,
      clientCapabilities: meta[MetaKey.clientCapabilities] as RequestMetaFields['clientCapabilities'],
    };
  } else {
    fields = read;
  }

  // 3. HTTP mirror headers against the body.
  if (context.headers) {
    const mismatch = checkHeaders(
      context.headers,
      method,
      params,
      fields.protocolVersion,
      (name) => runtime.tools.get(name)?.headerAnnotations,
    );
    if (mismatch) throw mismatch;
  }

  // 4. Protocol version.
  if (!runtime.supportedVersions.includes(fields.protocolVersion)) {
    throw McpError.unsupportedProtocolVersion(fields.protocolVersion, runtime.supportedVersions);
  }

  // 5. Method, and the capability it belongs to. Past here the method is its literal, which
  //    property loads find without the string table (see `knownMethod`).
  const known = knownMethod(method);
  const spec = known === undefined ? undefined : methodInfos[known];
  exchange.spec = spec;
  if (known === undefined || spec === undefined) {
    // An extension's method exists only when the server turned the extension on.
    const served = runtime.extensions.method(method);
    if (served === undefined) throw McpError.methodNotFound(method);
    if (deferred) throw deferred;
    return startExtensionRequest(runtime, served, request, fields, context);
  }
  const capabilities = runtime.capabilities();
  if (!offers(capabilities, spec)) throw McpError.methodNotFound(method);

  // 6. Params, then what the method needs of them.
  if (deferred) throw deferred;
  if (!surelyValidParams(known, params)) {
    // A rarer shape: checked against the method's schema, loaded the first time one arrives.
    const schemas = loadedSchemas();
    if (schemas === undefined)
      return loadSchemas().then(() => startOrRefuse(runtime, request, context, exchange));
    if (!schemas.paramsCheck(known)(params)) {
      throw McpError.invalidParams(describeFailure(schemas.methods[known].params, params, 'params'));
    }
  }
  const Scope = spec.inputRequired ? runtime.extensions.InputScope : RequestScope;
  const scope = new Scope(
    exchange,
    request.id,
    known,
    fields,
    params._meta as Record<string, unknown>,
    context,
    capabilities.logging !== undefined ? SILENT_LOGGER : runtime.undeclaredLogger,
  );
  // Step 6 has checked the params against the method's shape (surely, or by its schema).
  return startRoute(runtime, known, request, context, params as RouteParams<Method>, scope, exchange);
}

/** The end of step 6 (the route's own checks), then step 7. */
function startRoute<M extends Method>(
  runtime: ServerRuntime,
  method: M,
  request: JSONRPCRequest,
  context: RequestContext,
  params: RouteParams<M>,
  scope: RequestScope,
  sink: AnswerSink,
): unknown {
  const route: Route<M> = routes[method];
  const prepared = route.prepare(runtime, scope, params);
  if (prepared instanceof Promise) {
    return prepared.then(
      (ready) => runRoute(runtime, route, context, params, scope, ready, sink),
      (error: unknown) => refuse(runtime.middleware, request, context, error),
    );
  }
  return runRoute(runtime, route, context, params, scope, prepared, sink);
}

/**
 * Step 7: middleware, then the handler, which gets the params the chain handed on. What the
 * handler throws is a rejection, never a refusal (`startOrRefuse`). Without middleware, a route
 * that can answers `sink` itself, and this gives `ANSWERED`.
 */
function runRoute<M extends Method>(
  runtime: ServerRuntime,
  route: Route<M>,
  context: RequestContext,
  params: RouteParams<M>,
  scope: RequestScope,
  prepared: unknown,
  sink: AnswerSink,
): unknown {
  const chain = receiveChainFor(runtime.middleware, context);
  if (chain === undefined) {
    if (route.answer !== undefined) {
      route.answer(runtime, scope, params, prepared, sink);
      return ANSWERED;
    }
    try {
      return route.run(runtime, scope, params, prepared);
    } catch (error) {
      return Promise.reject(error);
    }
  }
  return chain(acceptedRequest(scope.method, params, scope, context), (ctx) =>
    outcome(() => route.run(runtime, scope, ctx.params as RouteParams<M>, prepared)),
  );
}

/** `startRequest`, with what it refuses passed through the receive hooks first (see `refuse`). */
function startOrRefuse(
  runtime: ServerRuntime,
  request: JSONRPCRequest,
  context: RequestContext,
  exchange: Exchange,
): unknown {
  try {
    return startRequest(runtime, request, context, exchange);
  } catch (error) {
    return refuse(runtime.middleware, request, context, error);
  }
}

/**
 * The exchange of one request: runs the pipeline when first read. Cancellation reaches the
 * handler through `context.signal`, which this never reads itself: transports create that signal
 * lazily, and a transport that cancels an exchange also stops reading it (see `McpEndpoint`).
 */
class RequestExchange extends HookedExchangeStream implements AnswerSink {
  /** The method's spec, once step 5 has looked it up. */
  spec: MethodInfo | undefined = undefined;

  constructor(
    private readonly runtime: ServerRuntime,
    request: JSONRPCRequest,
    context: RequestContext,
  ) {
    super(runtime.middleware, request, context, runtime.onError);
  }

  protected override begin(): void {
    let started: unknown;
    try {
      started = startOrRefuse(this.runtime, this.request, this.context, this);
    } catch (error) {
      this.fail(error);
      return;
    }
    // A result at once (a synchronous handler, no middleware) is answered at once.
    if (started instanceof Promise) {
      started.then(
        (result) => this.answer(result, false),
        (error) => this.fail(error),
      );
    } else {
      this.answer(started, false);
    }
  }

  answer(result: unknown, owned: boolean): void {
    // The route answered this exchange itself (see `runRoute`).
    if (result === ANSWERED) return;
    // An input_required result is checked against the input request schemas: load them first.
    if (isRecord(result) && result.resultType === 'input_required' && loadedSchemas() === undefined) {
      loadSchemas().then(
        () => this.succeed(result, owned),
        (error) => this.fail(error),
      );
    } else {
      this.succeed(result, owned);
    }
  }

  private succeed(result: unknown, owned: boolean): void {
    const { method, id } = this.request;
    // A result a receive hook gave for a request refused before step 5 has no spec kept.
    const spec = this.spec ?? methodInfo(method);
    // Only a copy whose first key is `_meta` takes serverInfo in place: other results the server made
    // (an `isError` one, `input_required`) are copied as any other, so that `_meta` comes first.
    const inPlace = owned && '_meta' in (result as object);
    const bare = inPlace && (result as Record<string, unknown>)._meta === undefined;
    let out: Record<string, unknown>;
    try {
      out = checkMethodResult(this.runtime, spec, this.request, result, inPlace);
    } catch (error) {
      this.fail(error);
      return;
    }
    let json: string | undefined;
    if (spec?.paginated) {
      out = ownResult(result, out);
      json = reusableResponseText(id, result, out);
    }
    const response: JSONRPCResultResponse = {
      jsonrpc: '2.0',
      id,
      result: out as JSONRPCResultResponse['result'],
    };
    const prefix = this.runtime.serverInfoPrefix;
    // `out` has serverInfo as its whole `_meta` when the server added it to a result that had none.
    const serverInfoOnly = inPlace ? bare : out !== result && !hasMeta(result);
    if (json === undefined && prefix !== undefined && serverInfoOnly) {
      this.finish(new ServerInfoFinal(response, prefix));
    } else {
      this.finish({ response, failure: undefined, json });
    }
  }

  fail(error: unknown): void {
    this.finish(
      this.context.signal.aborted
        ? undefined
        : errorResponse(this.runtime, error, this.request.id, this.request.method),
    );
  }
}

/** An exchange that is just one error response (an envelope problem, step 1). */
class ErrorExchange extends ExchangeStream {
  constructor(private readonly final: FinalResponse) {
    super();
  }

  protected override begin(): void {
    this.finish(this.final);
  }
}

/**
 * The endpoint: step 1 (the envelope), then the request's exchange. A notification gets an empty
 * exchange (cancellation reaches a request through its context's signal); anything that is not a
 * request or notification is `-32600` (a client never sends responses, P-11).
 */
export function handleMessage(
  runtime: ServerRuntime,
  message: unknown,
  context: RequestContext,
): EndpointExchange {
  const decoded: MessageDecodeResult = decodeMessage(message);
  if (!decoded.ok) return new ErrorExchange(errorResponse(runtime, decoded.error, decoded.id));
  if (decoded.kind === 'notification') {
    notified(runtime.middleware, decoded.message, context, runtime.onError);
    return EMPTY_EXCHANGE;
  }
  if (decoded.kind !== 'request') {
    const id = decoded.message.id;
    const error = McpError.invalidRequest(
      'a client sends requests and notifications, never responses', // P-11
    );
    return new ErrorExchange(errorResponse(runtime, error, id));
  }
  return new RequestExchange(runtime, decoded.message, context);
}
