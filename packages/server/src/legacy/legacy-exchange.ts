import type { FinalResponse, SessionInfo } from '@mcpkit/protocol';
import { LazyAbort } from '@mcpkit/protocol/internal';
import { ExchangeStream } from '../pipeline/exchange.js';

/**
 * The exchange of one legacy message: `run` produces the response (or nothing, for a
 * notification, a peer's response, or a cancelled request) and may push notifications and
 * server-to-client requests on the way. `session` is set before the first item is delivered.
 */
export class LegacyExchange extends ExchangeStream {
  session: SessionInfo | undefined;
  /**
   * Aborts when the request is cancelled: by its transport, by the peer, or by closing the
   * exchange. Its signal is created on first read: most requests end without anyone reading it.
   */
  readonly cancellation = new LazyAbort();

  constructor(
    private readonly run: (exchange: LegacyExchange) => Promise<FinalResponse | undefined>,
    private readonly onError: (error: unknown) => FinalResponse | undefined,
  ) {
    super();
    // A consumer that stops reading cancels the request, as an aborted signal does.
    this.onReturn(() => this.cancel(new DOMException('The exchange was closed', 'AbortError')));
  }

  cancel(reason: unknown): void {
    this.cancellation.abort(reason);
  }

  protected override begin(): void {
    this.run(this).then(
      (response) => this.finish(this.cancellation.aborted ? undefined : response),
      (error: unknown) => this.finish(this.cancellation.aborted ? undefined : this.onError(error)),
    );
  }
}
