import type { SubscriptionFilter } from '@mcpkit/protocol';
import type { Next } from './call-chain.js';
import type { ListenCall, ListenSink } from './listen-call.js';
import type { ListenControl, ListenHost, ListenKit, ListenRunner } from './listen-contract.js';
import { acknowledge, deliver } from './listen-delivery.js';
import { listenExchange } from './listen-exchange.js';
import { supportedFilter } from './listen-filters.js';

// The run loop of a `Subscription`: opens its stream, re-opens it when it breaks or the transport
// restarts (C-42, C-43), and ends the subscription when that is over. Loaded with `import()` when the
// first subscription starts (or the cache or input answers need the chunk of `lazy-code.ts`); it
// imports nothing at run time (see `ListenKit`).

type Attempt =
  | { kind: 'server-closed' }
  | { kind: 'closed' }
  | { kind: 'reopen' }
  | { kind: 'lost'; error: Error; acknowledged: boolean }
  | { kind: 'failed'; error: unknown };

/** A `ListenCall` asking for `filter`, whose stream `signal` closes and whose items go to `sink`. */
function listenCall(
  kit: ListenKit,
  filter: SubscriptionFilter,
  meta: Record<string, unknown> | undefined,
  signal: AbortSignal,
  sink: ListenSink,
): ListenCall {
  const call = new kit.CallState(
    'subscriptions/listen',
    { notifications: filter },
    { meta },
    Number.POSITIVE_INFINITY,
  );
  call.signal = signal;
  return Object.assign(call, { sink });
}

/** Starts the run loop of the subscription `control`. */
export function runListen(control: ListenControl, host: ListenHost, kit: ListenKit): ListenRunner {
  const run = new ListenRun(control, host, kit);
  void run.loop();
  return run;
}

class ListenRun implements ListenRunner {
  readonly #control: ListenControl;
  readonly #host: ListenHost;
  readonly #kit: ListenKit;
  /** The last step of each opening in the 2026 era. */
  readonly #exchange: Next;
  // Why a stream's signal aborted, told apart by identity; what a middleware's `next` rejects with then.
  readonly #reopenReason: Error;
  readonly #closeReason: Error;
  #controller: AbortController | undefined;
  #wake: (() => void) | undefined;
  #skipNextRestart = false;

  constructor(control: ListenControl, host: ListenHost, kit: ListenKit) {
    this.#control = control;
    this.#host = host;
    this.#kit = kit;
    this.#exchange = listenExchange(host.requester, kit);
    this.#reopenReason = new kit.TransportError('closed', 'The listen stream was closed to be opened again');
    this.#closeReason = new kit.TransportError('closed', 'The listen was closed');
  }

  transportRestarted(): void {
    if (this.#skipNextRestart) {
      this.#skipNextRestart = false;
      return;
    }
    this.#controller?.abort(this.#reopenReason);
    this.#wake?.();
  }

  close(): void {
    this.#controller?.abort(this.#closeReason);
    this.#wake?.();
  }

  async loop(): Promise<void> {
    const control = this.#control;
    let failures = 0;
    while (!control.ended) {
      let attempt: Attempt;
      try {
        attempt = await this.#open(await this.#filter());
      } catch (error) {
        const lost = error instanceof this.#kit.TransportError && error.retryable;
        attempt = lost ? { kind: 'lost', error, acknowledged: false } : { kind: 'failed', error };
      }
      if (attempt.kind === 'server-closed') return control.finish(undefined, 'server');
      if (attempt.kind === 'closed') return control.finish();
      if (attempt.kind === 'failed') return control.finish(attempt.error);
      if (attempt.kind === 'reopen') continue;
      failures = attempt.acknowledged ? 1 : failures + 1;
      if (failures > this.#host.maxReopenAttempts) return control.finish(attempt.error);
      if (attempt.error instanceof this.#kit.TransportError && attempt.error.reason === 'restarted') {
        // The re-open waits for the re-probe (`ready()`) and is the re-open `onRestart` asks for.
        this.#skipNextRestart = true;
        void this.#host.connection.restarted();
      }
      await this.#sleep(this.#host.reopenDelayMs(failures));
    }
  }

  /** The filter to send: once connected, only what the server advertises (C-12). */
  async #filter(): Promise<SubscriptionFilter> {
    const { requested } = this.#control;
    const server = (await this.#host.connection.connected())?.capabilities;
    if (!server) return requested;
    const filter = supportedFilter(requested, server);
    if (Object.keys(filter).length === 0) {
      throw new this.#kit.UnsupportedByServerError(
        'A subscription to these notifications',
        'listChanged/subscribe',
      );
    }
    return filter;
  }

  /**
   * One opening of the stream, as a call through the client's middleware and the listen's steps
   * (see `ListenCall`): in the 2025 era it is made of what the session offers, whose
   * notifications the client's observers already saw.
   */
  async #open(filter: SubscriptionFilter): Promise<Attempt> {
    const control = this.#control;
    // Ended while waiting for the probe: `close` had no stream to abort, so none must open now.
    if (control.ended) return { kind: 'closed' };
    const controller = new AbortController();
    this.#controller = controller;
    control.opened(undefined);
    let acknowledged = false;
    let sessionEnded = false;
    const call = listenCall(this.#kit, filter, control.meta, controller.signal, {
      opened: (id) => control.opened(id),
      accept: (notification, observe) => deliver(control, this.#host, this.#kit, notification, observe),
      acknowledge: (granted) => {
        acknowledged = true;
        acknowledge(control, this.#host, granted);
      },
      reopen: () => {
        sessionEnded = true;
      },
    });
    try {
      await this.#host.listen(call, this.#exchange);
      if (controller.signal.reason === this.#reopenReason) return { kind: 'reopen' };
      if (controller.signal.aborted || control.ended) return { kind: 'closed' };
      return { kind: 'server-closed' };
    } catch (error) {
      return sessionEnded ? { kind: 'reopen' } : this.#thrown(error, controller, acknowledged);
    } finally {
      this.#controller = undefined;
    }
  }

  /** How an attempt that threw ended: re-opened or closed by us, lost in transit, or failed. */
  #thrown(error: unknown, controller: AbortController, acknowledged: boolean): Attempt {
    if (controller.signal.reason === this.#reopenReason) return { kind: 'reopen' };
    if (controller.signal.reason === this.#closeReason || this.#control.ended) return { kind: 'closed' };
    if (error instanceof this.#kit.TransportError && error.retryable) {
      return { kind: 'lost', error, acknowledged };
    }
    return { kind: 'failed', error };
  }

  #sleep(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.#wake = done;
    }).then(() => {
      this.#wake = undefined;
    });
  }
}
