import type { Chain, Method, Middleware } from '@mcpkit/protocol';
import { compose } from '@mcpkit/protocol/internal';
import type { CallResult, CallState, ClientCallOptions, ClientMiddleware } from './call.js';
import { startCall } from './call-limits.js';
import type { TimeoutLimits } from './exchange.js';

/** The rest of the chain below a step. */
export type Next = (call: CallState) => Promise<CallResult>;

/**
 * One of the client's own steps: does its part of `call` around `next`. A step that has nothing
 * to do for a method returns `next(call)` at once, so a call pays only for the steps that apply.
 */
export type Step = (call: CallState, next: Next) => Promise<CallResult>;

/**
 * The calls of a client as a chain of steps, `(call, next) => result`: the application's
 * middleware first (`use`), in the order it was added, then the client's own steps (`add`), in
 * the order they were added, then the exchange with the server. The chain of the client's steps
 * is composed once, when a step is added, so a call allocates nothing to pass through it.
 * See `docs/design/client-chain.md` for the steps and their order.
 */
export class CallChain {
  readonly #limits: TimeoutLimits;
  readonly #exchange: Next;
  readonly #steps: Step[] = [];
  #middleware: readonly ClientMiddleware[] = [];
  /** The application middleware, composed once per `use` (protocol's `compose`, as the server's). */
  #around: Chain<CallState, CallResult> | undefined;
  /** The client's steps composed around the exchange. */
  #head: Next;

  constructor(limits: TimeoutLimits, exchange: Next) {
    this.#limits = limits;
    this.#exchange = exchange;
    this.#head = exchange;
  }

  /** Adds one of the client's steps inside the ones added before. */
  add(step: Step): void {
    this.#steps.push(step);
    let next = this.#exchange;
    for (let i = this.#steps.length - 1; i >= 0; i--) next = wrap(this.#steps[i]!, next);
    this.#head = next;
  }

  /** Adds application middleware inside the middleware added before, outside every step. */
  use(middleware: ClientMiddleware): void {
    this.#middleware = [...this.#middleware, middleware];
    this.#around = compose(this.#middleware as unknown as Middleware<CallState, CallResult>[], 'client call');
  }

  /**
   * Starts a call (see `startCall`) and runs it through the chain. Never throws: a call that
   * cannot start rejects.
   */
  call(method: Method, params: Record<string, unknown>, options: ClientCallOptions): Promise<CallResult> {
    let call: CallState;
    try {
      call = startCall(method, params, options, this.#limits);
    } catch (error) {
      return Promise.reject(error);
    }
    return this.run(call);
  }

  /** Runs a started call through the middleware and the steps. */
  run(call: CallState): Promise<CallResult> {
    return this.through(call, this.#head);
  }

  /**
   * Runs `call` through the application middleware, then `terminal` in place of the client's
   * steps: how the `server/discover` probe, which the connect step waits for, and each opening of
   * a listen, a stream rather than a call, pass the middleware like every call.
   */
  through(call: CallState, terminal: Next): Promise<CallResult> {
    const around = this.#around;
    return around === undefined ? settle(terminal, call) : around(call, terminal);
  }
}

function wrap(step: Step, next: Next): Next {
  return (call) => step(call, next);
}

/** `next(call)`, with a synchronous throw (a step's early refusal) as a rejection. */
function settle(next: Next, call: CallState): Promise<CallResult> {
  try {
    return next(call);
  } catch (error) {
    return Promise.reject(error);
  }
}
