import type { InputRequiredResult } from '@mcpkit/protocol';
import type { CallResult, CallState } from './call.js';
import type { Next, Step } from './call-chain.js';
import { InputRequiredError } from './errors.js';
import type { InputHandlers, InputRequiredMethod } from './handlers.js';
import type { Fulfil } from './input-contract.js';
import { type AfterResult, type ResendContext, resend } from './resend.js';
import type { WireHooks } from './wire-hooks.js';

type Params = Record<string, unknown>;

/** What the input rounds of every call share with the client. */
export interface InputRoundsConfig {
  handlers: InputHandlers;
  /** The client's default for `maxInputRounds`. */
  maxRounds: number;
  /** Aborts when the client closes. */
  lifetime: AbortSignal;
  /** The client's receive hooks, if any: they see each input request answered. */
  receiveHooks: () => WireHooks | undefined;
  /** Answers the input requests of a round (`inputFulfilment`). */
  fulfil: Fulfil;
}

/** Whether `method`'s result may be `input_required` (S-53). */
function mayAskForInput(method: string): method is InputRequiredMethod {
  return method === 'tools/call' || method === 'prompts/get' || method === 'resources/read';
}

/**
 * The step that answers `input_required` (C-24..C-29), unless the call chose manual mode: it
 * fulfils the input requests with the handlers and sends the call again as a new request with the
 * original params plus this round's answers and the `requestState` exactly as received, never
 * anything from another request (C-27). `call.round` counts the answered rounds, so a step above
 * knows a result came from a retry (which must not be cached, C-31). A manual continuation
 * (`inputResponses` or `requestState` in the options) is sent with them.
 *
 * Every round is sent before the call's hard deadline (C-54, P-81), which moves later by the time
 * the handlers took: the application's own wait, for a person maybe, is not the server's.
 *
 * Each round is one request of the resend step (`resend`, with its retries), which this step runs
 * itself: a result that asks for nothing is looked at in the resend step's own continuation, so a
 * call pays one promise for both steps rather than one each.
 */
export function inputRoundsStep(config: InputRoundsConfig, context: ResendContext): Step {
  const answer: AfterResult = (call, result, next) =>
    result.resultType === 'input_required' ? answerRounds(call, next, config, context, result) : result;
  return (call, next) => {
    if (!mayAskForInput(call.method)) return resend(call, next, context, undefined);
    const { options } = call;
    const params = call.params;
    call.roundParams = params;
    if (options.inputResponses !== undefined || options.requestState !== undefined) {
      const continued: Params = { ...params };
      if (options.inputResponses !== undefined) continued.inputResponses = options.inputResponses;
      if (options.requestState !== undefined) continued.requestState = options.requestState;
      call.params = continued;
    }
    return resend(call, next, context, options.inputRequired === 'manual' ? undefined : answer);
  };
}

/** The rounds after a first `input_required` result, each sent with the call's `roundParams` and its answers. */
async function answerRounds(
  call: CallState,
  below: Next,
  config: InputRoundsConfig,
  context: ResendContext,
  first: CallResult,
): Promise<CallResult> {
  // Each round is a request of its own through the resend step, with its retries.
  const next: Next = (round) => resend(round, below, context, undefined);
  const { options } = call;
  const params = call.roundParams!;
  const method = call.method as InputRequiredMethod;
  const maxRounds = options.maxInputRounds ?? config.maxRounds;
  let result = first;
  for (let round = 1; result.resultType === 'input_required'; round++) {
    if (round > maxRounds) {
      throw new InputRequiredError(
        method,
        'rounds-exceeded',
        `the server still asks after ${maxRounds} rounds`,
      );
    }
    const { inputRequests, requestState } = result as InputRequiredResult;
    const retry: Params = { ...params };
    if (inputRequests !== undefined) {
      const signal = call.signal ? AbortSignal.any([call.signal, config.lifetime]) : config.lifetime;
      const asked = Date.now();
      const hooks = config.receiveHooks();
      retry.inputResponses = await config.fulfil(
        inputRequests,
        config.handlers,
        { signal, method, params, round },
        hooks === undefined ? undefined : { hooks, version: call.version },
      );
      call.deadline += Date.now() - asked;
    }
    if (requestState !== undefined) retry.requestState = requestState;
    call.params = retry;
    call.round = round;
    result = await next(call);
  }
  return result;
}
