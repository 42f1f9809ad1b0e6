import type { InputRequiredResult, ResultOf } from '@mcpkit/protocol';
import { InputRequiredError } from './errors.js';
import type { InputHandlers, InputRequiredMethod } from './handlers.js';
import { fulfilInputRequests } from './mrtr.js';
import type { InputCallOptions } from './options.js';

type Params = Record<string, unknown>;
type Sent<M extends InputRequiredMethod> = ResultOf<M> | InputRequiredResult;

/** What the rounds of one call share with the client. */
export interface InputRoundsConfig {
  handlers: InputHandlers;
  /** The client's default for `maxInputRounds`. */
  maxRounds: number;
  /** Aborts when the client closes. */
  lifetime: AbortSignal;
}

/**
 * Sends a request that may answer `input_required` and, unless the caller chose manual mode,
 * fulfils it and retries as a new request (C-24..C-29): the original params plus this round's
 * answers and the `requestState` exactly as received, never anything from another request
 * (C-27). `retried` tells whether the final result came from a retry, which must not be cached
 * (C-31). `first`, when given, is the answer the caller already got to `params` as they are
 * (no continuation in `options`): the rounds go on from it.
 *
 * Every round is sent before the call's hard `deadline` (C-54, P-81), which moves later by the
 * time the handlers took: the application's own wait, for a person maybe, is not the server's.
 */
export async function withInputRounds<M extends InputRequiredMethod>(
  method: M,
  params: Params,
  options: InputCallOptions,
  deadline: number,
  send: (params: Params, deadline: number) => Promise<Sent<M>>,
  config: InputRoundsConfig,
  first?: Sent<M>,
): Promise<{ result: Sent<M>; retried: boolean }> {
  const maxRounds = options.maxInputRounds ?? config.maxRounds;
  let retry: Params | undefined;
  if (options.inputResponses !== undefined || options.requestState !== undefined) {
    retry = {};
    if (options.inputResponses !== undefined) retry.inputResponses = options.inputResponses;
    if (options.requestState !== undefined) retry.requestState = options.requestState;
  }
  let retried = retry !== undefined;
  let roundsDeadline = deadline;
  for (let round = 1; ; round++) {
    const result =
      round === 1 && first !== undefined
        ? first
        : await send(retry === undefined ? params : { ...params, ...retry }, roundsDeadline);
    if (result.resultType !== 'input_required' || options.inputRequired === 'manual')
      return { result, retried };
    if (round > maxRounds) {
      throw new InputRequiredError(
        method,
        'rounds-exceeded',
        `the server still asks after ${maxRounds} rounds`,
      );
    }
    const { inputRequests, requestState } = result as InputRequiredResult;
    const signal = options.signal ? AbortSignal.any([options.signal, config.lifetime]) : config.lifetime;
    retry = {};
    if (inputRequests !== undefined) {
      const asked = Date.now();
      retry.inputResponses = await fulfilInputRequests(inputRequests, config.handlers, {
        signal,
        method,
        params,
        round,
      });
      roundsDeadline += Date.now() - asked;
    }
    if (requestState !== undefined) retry.requestState = requestState;
    retried = true;
  }
}
