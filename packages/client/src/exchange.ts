import {
  abortable,
  type ClientTransport,
  decodeMessage,
  type JSONRPCErrorResponse,
  type JSONRPCRequest,
  type JSONRPCResultResponse,
  type LoggingMessageNotificationParams,
  type ProgressToken,
  TransportError,
} from '@mcpkit/protocol';
import { InvalidResponseError, RequestAbortedError, RequestTimeoutError } from './errors.js';

/** A progress update for a call (PRG). */
export interface Progress {
  progress: number;
  total?: number;
  message?: string;
}

/** How long a request may run (C-54, P-81). */
export interface TimeoutLimits {
  /** Give up when nothing (no response, no progress if `resetTimeoutOnProgress`) came for this long. */
  timeoutMs: number;
  /** Give up after this long whatever progress says. */
  maxTotalTimeoutMs: number;
  /** Whether a progress notification restarts the `timeoutMs` clock. */
  resetTimeoutOnProgress: boolean;
}

/** What one exchange needs besides the request. */
export interface ExchangeRun {
  signal: AbortSignal | undefined;
  limits: TimeoutLimits;
  paramHeaders?: Record<string, string | number | boolean>;
  /** The token put in `_meta.progressToken`, when the caller wants progress. */
  progressToken?: ProgressToken;
  onProgress?: (progress: Progress) => void;
  onLog?: (message: LoggingMessageNotificationParams) => void;
}

/** The longest delay `setTimeout` honours; anything above fires at once. */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * Sends one request through the transport and returns its response (result or error). Progress
 * and log notifications go to the callbacks; anything else on the request's stream is ignored.
 * Aborting `signal` or running out of time cancels the exchange through the transport (C-51)
 * and stops reading it, so a late response is dropped (C-53). A stream that ends without a
 * response is a retryable `TransportError` (C-55).
 */
export async function runExchange(
  transport: ClientTransport,
  request: JSONRPCRequest,
  run: ExchangeRun,
): Promise<JSONRPCResultResponse | JSONRPCErrorResponse> {
  const { method, id } = request;
  if (run.signal?.aborted) throw new RequestAbortedError(method, run.signal.reason);
  const { limits } = run;
  const controller = new AbortController();
  const started = Date.now();
  let idleDeadline = started + limits.timeoutMs;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const onTimer = () => {
    const now = Date.now();
    if (now - started >= limits.maxTotalTimeoutMs) {
      controller.abort(new RequestTimeoutError(method, 'maximum', limits.maxTotalTimeoutMs));
    } else if (now >= idleDeadline) {
      controller.abort(new RequestTimeoutError(method, 'idle', limits.timeoutMs));
    } else {
      arm(now);
    }
  };
  const arm = (now: number) => {
    const next = Math.min(idleDeadline, started + limits.maxTotalTimeoutMs) - now;
    if (Number.isFinite(next)) timer = setTimeout(onTimer, Math.min(Math.max(next, 0), MAX_TIMER_MS));
  };
  const onAbort = () => controller.abort(new RequestAbortedError(method, run.signal!.reason));

  run.signal?.addEventListener('abort', onAbort, { once: true });
  arm(started);
  try {
    const exchange = transport.exchange(request, {
      signal: controller.signal,
      paramHeaders: run.paramHeaders,
    });
    for await (const message of abortable(exchange, controller.signal)) {
      const decoded = decodeMessage(message);
      if (!decoded.ok) throw new InvalidResponseError(method, decoded.error.message);
      if (decoded.kind === 'notification') {
        const params = decoded.message.params as Record<string, unknown> | undefined;
        if (decoded.message.method === 'notifications/progress') {
          if (run.progressToken === undefined || params?.progressToken !== run.progressToken) continue;
          if (typeof params.progress !== 'number') continue;
          if (limits.resetTimeoutOnProgress) idleDeadline = Date.now() + limits.timeoutMs;
          run.onProgress?.(params as unknown as Progress);
        } else if (decoded.message.method === 'notifications/message' && params) {
          run.onLog?.(params as unknown as LoggingMessageNotificationParams);
        }
        continue;
      }
      if (decoded.kind === 'request') continue;
      const responseId = decoded.message.id;
      if (responseId !== id && !(decoded.kind === 'error' && responseId === undefined)) {
        throw new InvalidResponseError(
          method,
          `response id ${JSON.stringify(responseId)} is not ${JSON.stringify(id)}`,
        );
      }
      return decoded.message;
    }
  } catch (error) {
    if (controller.signal.aborted) throw controller.signal.reason;
    throw error;
  } finally {
    clearTimeout(timer);
    run.signal?.removeEventListener('abort', onAbort);
  }
  if (controller.signal.aborted) throw controller.signal.reason;
  throw new TransportError('connection-lost', `the stream of ${method} ended without a response`);
}
