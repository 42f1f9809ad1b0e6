import type { JSONRPCNotification, PeerChannel, RequestId } from '@mcpkit/protocol';
import { ExchangeStream } from '../pipeline/exchange.js';
import type { ServerEvent } from '../subscriptions/event-bus.js';
import { coversUri } from '../subscriptions/listen-filter.js';
import type { SessionRecord } from './session-store.js';

/** The standalone `GET` stream of an HTTP session: open until the client leaves or the session ends. */
export class SessionStream extends ExchangeStream {
  constructor(readonly session: { readonly id: string; readonly resumable: true }) {
    super();
  }

  end(): void {
    this.finish();
  }
}

/**
 * What this process holds for one legacy peer (a stdio connection, or an HTTP session while it
 * has requests running or a `GET` stream open) beyond the session record: the requests it may
 * cancel and where to send what belongs to no request.
 */
export class LivePeer {
  /** Requests of the peer still running, by id: `notifications/cancelled` over HTTP cancels them. */
  readonly running = new Map<RequestId, { cancel(reason: unknown): void }>();
  stream: SessionStream | undefined;

  constructor(
    public session: SessionRecord | undefined,
    readonly channel: PeerChannel | undefined,
  ) {}

  /** Whether anything keeps this peer in memory. */
  get idle(): boolean {
    return this.running.size === 0 && this.stream === undefined && this.channel === undefined;
  }

  /** Sends a message outside any request: on the connection, or on the session's `GET` stream. */
  notify(message: JSONRPCNotification): boolean {
    if (this.channel !== undefined) return this.channel.send(message);
    return this.stream?.push(message) ?? false;
  }

  /** Tells the peer about a change, when its session wants to hear of it. */
  deliver(event: ServerEvent, listChanged: (kind: string) => boolean): void {
    const session = this.session;
    // Tasks are not defined for the 2025 era (SEP-2663): its sessions never hear of them.
    if (session === undefined || event.type === 'tasks/status') return;
    if (event.type === 'resources/updated') {
      // The updated URI "might be a sub-resource of the one that the client actually subscribed
      // to" (2025-11-25 schema): the same rule as the modern listen filter.
      if (session.subscriptions.some((subscribed) => coversUri(subscribed, event.uri))) {
        this.notify({
          jsonrpc: '2.0',
          method: 'notifications/resources/updated',
          params: { uri: event.uri },
        });
      }
      return;
    }
    const kind = event.type.slice(0, event.type.indexOf('/'));
    if (listChanged(kind)) this.notify({ jsonrpc: '2.0', method: `notifications/${event.type}` });
  }
}
