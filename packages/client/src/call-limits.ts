import type { Method } from '@mcpkit/protocol';
import { CallState, type ClientCallOptions } from './call.js';
import { timerDelay } from './deadlines.js';
import { RequestAbortedError, RequestTimeoutError } from './errors.js';
import type { TimeoutLimits } from './exchange.js';
import type { CallOptions, McpClientOptions } from './options.js';
import { DEFAULT_TOOL_LIMITS, type ToolLimits } from './tools.js';

/**
 * Throws a `RangeError` unless `value`, when set, is a positive number of milliseconds (`Infinity`:
 * no limit). NaN would turn every comparison against it false and so disable the timeout.
 */
export function checkTimeout(name: string, value: number | undefined): void {
  if (value !== undefined && !(typeof value === 'number' && value > 0)) {
    throw new RangeError(
      `${name} must be a positive number of milliseconds or Infinity, not ${String(value)}`,
    );
  }
}

/**
 * Throws a `RangeError` unless `value`, when set, is a whole number of rounds, 0 or more (C-29).
 * NaN would turn `round > maxInputRounds` false for good, so a server that keeps answering
 * `input_required` would be retried forever.
 */
export function checkInputRounds(value: number | undefined): void {
  if (value !== undefined && !(Number.isInteger(value) && value >= 0)) {
    throw new RangeError(`maxInputRounds must be a whole number, 0 or more, not ${String(value)}`);
  }
}

/** The client-wide timeouts from its options, checked (see `checkTimeout`), with their defaults. */
export function clientTimeoutLimits(options: McpClientOptions): TimeoutLimits {
  checkTimeout('timeoutMs', options.timeoutMs);
  checkTimeout('maxTotalTimeoutMs', options.maxTotalTimeoutMs);
  checkTimeout('probeTimeoutMs', options.probeTimeoutMs);
  return {
    timeoutMs: options.timeoutMs ?? 60_000,
    maxTotalTimeoutMs: options.maxTotalTimeoutMs ?? 600_000,
    resetTimeoutOnProgress: options.resetTimeoutOnProgress ?? true,
  };
}

/** The bounds on a server's tool listing from the client's options: positive integers, or the defaults. */
export function clientToolLimits(options: McpClientOptions): ToolLimits {
  return {
    maxToolsPerPage: positiveLimit(
      'maxToolsPerPage',
      options.maxToolsPerPage,
      DEFAULT_TOOL_LIMITS.maxToolsPerPage,
    ),
    maxTools: positiveLimit('maxTools', options.maxTools, DEFAULT_TOOL_LIMITS.maxTools),
  };
}

function positiveLimit(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 1)
    throw new RangeError(`${name} must be a positive integer, got ${value}`);
  return value;
}

/**
 * When a request must have its answer, whatever progress says (C-54, P-81): `maxTotalTimeoutMs`
 * after the call started. It is fixed once, so it also bounds the wait for the `server/discover`
 * probe, the `tools/list` walk before a tool call, re-issues after a lost stream or a restart,
 * the `-32022` version retry, the `-32020` refresh and retry, and the rounds of a multi
 * round-trip call (moved later by the time its input handlers take, see `inputRoundsStep`).
 * Invalid timeouts in `options` throw a `RangeError` (see `checkTimeout`).
 */
function hardDeadline(options: CallOptions, limits: TimeoutLimits): number {
  checkTimeout('timeoutMs', options.timeoutMs);
  checkTimeout('maxTotalTimeoutMs', options.maxTotalTimeoutMs);
  return Date.now() + (options.maxTotalTimeoutMs ?? limits.maxTotalTimeoutMs);
}

/** How long to wait, and what to fail with after that. */
export interface WaitLimit {
  afterMs: number;
  error(): Error;
}

/**
 * How long a call may wait for something other than its response (the probe, the re-probe after
 * a restart): its idle timeout, or what is left before its hard deadline if that comes first.
 */
export function waitLimit(call: CallState, limits: TimeoutLimits): WaitLimit {
  const { method, options } = call;
  const idleMs = options.timeoutMs ?? limits.timeoutMs;
  const leftMs = call.deadline - Date.now();
  if (idleMs <= leftMs)
    return { afterMs: idleMs, error: () => new RequestTimeoutError(method, 'idle', idleMs) };
  const maxMs = options.maxTotalTimeoutMs ?? limits.maxTotalTimeoutMs;
  return { afterMs: leftMs, error: () => new RequestTimeoutError(method, 'maximum', maxMs) };
}

/**
 * Settles as `promise` does, unless `signal` aborts first (`RequestAbortedError`) or `limit`
 * passes. Only the waiter gives up: what it waits for goes on.
 */
export function waitUnless<T>(
  promise: Promise<T>,
  method: string,
  signal: AbortSignal | undefined,
  limit?: WaitLimit,
): Promise<T> {
  if (signal?.aborted) return Promise.reject(new RequestAbortedError(method, signal.reason));
  if (signal === undefined && limit === undefined) return promise;
  return new Promise<T>((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = () => {
      if (timer !== undefined) clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    };
    const onAbort = () => {
      stop();
      reject(new RequestAbortedError(method, signal!.reason));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    if (limit !== undefined && Number.isFinite(limit.afterMs)) {
      timer = setTimeout(() => {
        stop();
        reject(limit.error());
      }, timerDelay(limit.afterMs));
    }
    promise.then(
      (value) => {
        stop();
        resolve(value);
      },
      (error: unknown) => {
        stop();
        reject(error);
      },
    );
  });
}

/**
 * What every call does first: refuses an aborted signal, so nothing is sent and no cached result
 * served (C-52), and invalid timeouts or `maxInputRounds` (`RangeError`); fixes the call's hard
 * deadline. Throws rather than rejecting: the caller decides.
 */
export function startCall(
  method: Method,
  params: Record<string, unknown>,
  options: ClientCallOptions,
  limits: TimeoutLimits,
): CallState {
  const { signal } = options;
  if (signal?.aborted) throw new RequestAbortedError(method, signal.reason);
  checkInputRounds(options.maxInputRounds);
  return new CallState(method, params, options, hardDeadline(options, limits));
}
