import type {
  ClientTransport,
  Decoded,
  ExchangeMessage,
  ExchangeOptions,
  JSONRPCErrorResponse,
  JSONRPCNotification,
  JSONRPCRequest,
  JSONRPCResultResponse,
  LoggingMessageNotificationParams,
  Method,
} from '@mcpkit/protocol';
import type { ExchangeReader, ReadableExchange } from '@mcpkit/protocol/internal';
import {
  closeQuietly,
  decodeMessage,
  decodeResultWithoutSchemas,
  loadClientSchemas,
  TransportError,
} from '@mcpkit/protocol/internal';
import type { CallResult, CallState } from './call.js';
import type { Deadlines, Expiring } from './deadlines.js';
import { InvalidResponseError, peerError, RequestAbortedError, RequestTimeoutError } from './errors.js';
import { deliverLog, type LogRoute } from './logs.js';
import type { Progress } from './options.js';
import { type ExchangeRoute, hookedServerNotification } from './wire-hooks.js';

/** How long a request may run (C-54, P-81). */
export interface TimeoutLimits {
  /** Give up when nothing (no response, no progress if `resetTimeoutOnProgress`) came for this long. */
  timeoutMs: number;
  /** Give up after this long whatever progress says. */
  maxTotalTimeoutMs: number;
  /** Whether a progress notification restarts the `timeoutMs` clock. */
  resetTimeoutOnProgress: boolean;
}

/**
 * The client-wide defaults a call falls back on: its timeouts, where its log messages go, and
 * whether a `tools/call` may be answered with a task (the tasks extension is on, X-9).
 */
export interface CallDefaults extends TimeoutLimits, LogRoute {
  taskResults?: boolean;
}

const TASK_RESULTS = { extensionResultTypes: ['task'] };
const CORE_RESULTS = {};

type Response = JSONRPCResultResponse | JSONRPCErrorResponse;

/** The options of an exchange with no signal, headers or cancel hook: one object for all (transports only read it). */
const NO_EXCHANGE_OPTIONS: ExchangeOptions = Object.freeze({});

/**
 * The result of `call` decoded by the receiver's rules; a peer error is thrown as an `McpError`.
 * `resultType: "task"` is a result only of a `tools/call`, and only with `taskResults`.
 * The results every connection meets are checked without the schemas; anything else (a rarer
 * method, an `input_required` round, a result the hand-written checks refuse, whose error names
 * the schema's first failing path) waits for the schemas to load, so the returned value is a
 * promise then.
 */
function decodeResponse(
  call: CallState,
  response: Response,
  taskResults = false,
): CallResult | Promise<CallResult> {
  if ('error' in response) throw peerError(response, call.method, call.params);
  const options = taskResults && call.method === 'tools/call' ? TASK_RESULTS : CORE_RESULTS;
  const quick = decodeResultWithoutSchemas(call.method, response.result, options);
  if (quick !== undefined) return decodedResult(call.method, quick);
  return loadClientSchemas().then((schemas) =>
    decodedResult(call.method, schemas.decodeResult(call.method as Method, response.result, options)),
  );
}

function decodedResult(method: string, decoded: Decoded<unknown>): CallResult {
  if (!decoded.ok) throw new InvalidResponseError(method, decoded.error.message, decoded.rule);
  return decoded.value as CallResult;
}

/**
 * Sends one request of `call` through the transport and resolves with its response (result or
 * error), giving up when nothing arrives for the call's `timeoutMs` or at its hard `deadline`, at
 * once if that has passed. Progress for the request's token (its id, when `options.onProgress` is
 * set) goes to the call's `onProgress` when above what the call delivered already, log
 * notifications to its `onLog` or the client's (see `deliverLog`); anything else on the request's
 * stream is ignored. Aborting the call's `signal` or running out of time cancels the exchange
 * through the transport (C-51) and stops reading it, so a late response is dropped (C-53). A
 * stream that ends without a response is a retryable `TransportError` (C-55). With `decode`, it
 * resolves with the result decoded by the receiver's rules (`decodeResponse`) instead: the exchange
 * of a call, in one promise.
 */
export function awaitExchange(
  transport: ClientTransport,
  request: JSONRPCRequest,
  call: CallState,
  defaults: CallDefaults,
  deadlines: Deadlines,
  route: ExchangeRoute | undefined,
  decode: boolean,
): Promise<unknown> {
  const signal = call.signal;
  if (signal?.aborted) return Promise.reject(new RequestAbortedError(request.method, signal.reason));
  const now = Date.now();
  if (call.deadline <= now) {
    const maxMs = call.options.maxTotalTimeoutMs ?? defaults.maxTotalTimeoutMs;
    return Promise.reject(new RequestTimeoutError(request.method, 'maximum', maxMs));
  }
  return new PendingResponse(transport, request, call, defaults, deadlines, now, decode, route).response;
}

/**
 * One request in flight. It needs no `AbortController`: the call's signal (if any) goes to the
 * transport as is, and a timeout or an abort ends the exchange the way leaving a `for await`
 * would, with `return()` on its iterator, which the built-in transports treat as a cancel (see
 * the README for what a custom transport must do).
 */
class PendingResponse implements Expiring, ExchangeReader {
  /** The response, or with `decode` its decoded result. */
  readonly response: Promise<unknown>;
  deadline: number;
  deadlinePrevious: Expiring | undefined = undefined;
  deadlineNext: Expiring | undefined = undefined;
  readonly #request: JSONRPCRequest;
  readonly #call: CallState;
  readonly #signal: AbortSignal | undefined;
  readonly #deadlines: Deadlines;
  readonly #defaults: CallDefaults;
  readonly #timeoutMs: number;
  readonly #maxDeadline: number;
  /** Whether to resolve with the call's decoded result rather than the raw response. */
  readonly #decode: boolean;
  /**
   * The hooks of this exchange, if any: receive hooks see the server's notifications on it, send
   * hooks the `notifications/cancelled` the transport writes when the call is aborted.
   */
  readonly #route: ExchangeRoute | undefined;
  #resolve!: (response: unknown) => void;
  #reject!: (error: unknown) => void;
  #iterator: ReadableExchange | undefined;
  #settled = false;

  constructor(
    transport: ClientTransport,
    request: JSONRPCRequest,
    call: CallState,
    defaults: CallDefaults,
    deadlines: Deadlines,
    now: number,
    decode: boolean,
    route: ExchangeRoute | undefined,
  ) {
    this.#decode = decode;
    this.#route = route;
    this.#call = call;
    this.#request = request;
    this.#signal = call.signal;
    this.#deadlines = deadlines;
    this.#defaults = defaults;
    this.#timeoutMs = call.options.timeoutMs ?? defaults.timeoutMs;
    this.#maxDeadline = call.deadline;
    this.deadline = Math.min(now + this.#timeoutMs, this.#maxDeadline);
    this.response = new Promise<unknown>((resolve, reject) => {
      this.#resolve = resolve;
      this.#reject = reject;
    });
    deadlines.add(this);
    this.#read(transport, call.paramHeaders);
    // Listening after the transport (which starts listening on its first read) lets it cancel
    // with the caller's reason before this call gives up on the exchange.
    if (!this.#settled) this.#signal?.addEventListener('abort', this, { once: true });
  }

  /** The caller's `abort` listener (the call itself, so no closure per request). */
  handleEvent(): void {
    this.fail(new RequestAbortedError(this.#request.method, this.#signal!.reason));
  }

  expire(now: number): void {
    const method = this.#request.method;
    this.fail(
      now >= this.#maxDeadline
        ? new RequestTimeoutError(
            method,
            'maximum',
            this.#call.options.maxTotalTimeoutMs ?? this.#defaults.maxTotalTimeoutMs,
          )
        : new RequestTimeoutError(method, 'idle', this.#timeoutMs),
    );
  }

  /** Opens the exchange and asks for its first message; `step` asks for each next one. */
  #read(
    transport: ClientTransport,
    paramHeaders: Record<string, string | number | boolean> | undefined,
  ): void {
    try {
      const signal = this.#signal;
      const route = this.#route;
      const options =
        signal === undefined && paramHeaders === undefined
          ? (route?.cancelOnly ?? NO_EXCHANGE_OPTIONS)
          : { signal, paramHeaders, sendCancel: route?.sendCancel };
      const exchange = transport.exchange(this.#request, options);
      this.#iterator = exchange[Symbol.asyncIterator]();
      this.#next(this.#iterator);
    } catch (error) {
      this.fail(error);
    }
  }

  /** Asks for the exchange's next message: handed over by a call when the transport can (`readNext`). */
  #next(iterator: ReadableExchange): void {
    if (iterator.readNext) iterator.readNext(this);
    else
      iterator.next().then(
        (step) => this.step(step),
        (error: unknown) => this.fail(error),
      );
  }

  /** One message of the exchange, or its end. */
  step(step: IteratorResult<ExchangeMessage>): void {
    if (this.#settled) return;
    try {
      if (step.done) {
        const { method } = this.#request;
        this.fail(new TransportError('connection-lost', `the stream of ${method} ended without a response`));
        return;
      }
      const response = this.#take(step.value);
      if (response === undefined) {
        this.#next(this.#iterator!);
        return;
      }
      const value = this.#decode
        ? decodeResponse(this.#call, response, this.#defaults.taskResults)
        : response;
      this.#settle();
      // Only a result that needs the schemas is a promise; the common one resolves at once.
      if (value instanceof Promise) value.then(this.#resolve, this.#reject);
      else this.#resolve(value);
    } catch (error) {
      this.fail(error);
    }
  }

  /** Handles one message of the exchange; returns it when it is the response. */
  #take(message: ExchangeMessage): Response | undefined {
    const { method, id } = this.#request;
    const decoded = decodeMessage(message);
    if (!decoded.ok) throw new InvalidResponseError(method, decoded.error.message);
    if (decoded.kind === 'notification') {
      const receive = this.#route?.receive;
      if (receive === undefined) this.#notification(decoded.message);
      else
        hookedServerNotification(receive, decoded.message, this.#call, this.#call.version, (notification) =>
          this.#notification(notification),
        );
      return undefined;
    }
    if (decoded.kind === 'request') return undefined;
    const responseId = decoded.message.id;
    if (responseId !== id && !(decoded.kind === 'error' && responseId === undefined)) {
      throw new InvalidResponseError(
        method,
        `response id ${JSON.stringify(responseId)} is not ${JSON.stringify(id)}`,
      );
    }
    return decoded.message;
  }

  /** Hands a notification of the exchange to the call: its progress and its logs. */
  #notification(notification: JSONRPCNotification): void {
    const params = notification.params as Record<string, unknown> | undefined;
    if (notification.method === 'notifications/progress') {
      const { options } = this.#call;
      const { onProgress } = options;
      if (onProgress === undefined || params?.progressToken !== this.#request.id) return;
      if (typeof params.progress !== 'number') return;
      if (options.resetTimeoutOnProgress ?? this.#defaults.resetTimeoutOnProgress)
        this.deadline = Math.min(Date.now() + this.#timeoutMs, this.#maxDeadline);
      if (params.progress <= this.#call.progressDelivered) return;
      this.#call.progressDelivered = params.progress;
      onProgress(params as unknown as Progress);
    } else if (notification.method === 'notifications/message' && params) {
      deliverLog(params as unknown as LoggingMessageNotificationParams, this.#call.options, this.#defaults);
    }
  }

  fail(error: unknown): void {
    if (this.#settled) return;
    this.#settle();
    this.#reject(error);
  }

  /** Stops the clock and the abort listener, and ends the exchange (a cancel unless it is over). */
  #settle(): void {
    this.#settled = true;
    this.#deadlines.delete(this);
    this.#signal?.removeEventListener('abort', this);
    // A transport whose return() throws or rejects has ended the exchange all the same.
    if (this.#iterator) closeQuietly(this.#iterator);
  }
}
