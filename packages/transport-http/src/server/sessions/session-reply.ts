import type { EndpointExchange, EndpointItem, RequestId } from '@mcpkit/protocol';
import type { IncomingHttpRequest } from '../incoming.js';
import type { HandlerConfig } from '../options.js';
import type { HttpReply } from '../replies.js';
import { ResumableStream } from './resumable-stream.js';

/*
 * What a POST of a 2025-era session gets that a modern one never does: a resumable SSE stream
 * (event ids, a priming event, the request kept running when the client drops), SSE polling, and
 * the hand-off of a request whose client left before anything was sent.
 */

/** Whether a 2025-era session's request was handed off on a drop, or a reply to it has begun. */
export interface DropHandOff {
  handedOff: boolean;
  replying: boolean;
}

/**
 * A 2025-era session's client that leaves before anything was sent: its request runs on for the
 * resume window, as after any other drop, instead of until it ends on its own. Kept apart from
 * the exchange's reply, so a request without a session allocates none of this.
 */
export function handOffOnDrop(
  exchange: EndpointExchange,
  iterator: AsyncIterator<EndpointItem>,
  reading: Promise<IteratorResult<EndpointItem>>,
  id: RequestId | undefined,
  request: IncomingHttpRequest,
  config: HandlerConfig,
): DropHandOff {
  const state: DropHandOff = { handedOff: false, replying: false };
  request.cancellation.onAbort(() => {
    const session = exchange.session;
    if (state.replying || !session?.resumable || session.id === undefined) return;
    state.handedOff = true;
    const stream = new ResumableStream(iterator, id, crypto.randomUUID(), session.id, config.resumable, true);
    stream.start(reading, undefined).cancel();
  });
  return state;
}

/**
 * `'due'` when the exchange's first item has not come within `pollAfterMs` (then SSE polling may
 * answer for it), `undefined` when it came in time.
 */
export async function pollDue(reading: Promise<unknown>, pollAfterMs: number): Promise<'due' | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const due = new Promise<'due'>((resolve) => {
    timer = setTimeout(resolve, pollAfterMs, 'due');
  });
  const outcome = await Promise.race([
    reading.then(
      () => undefined,
      () => undefined,
    ),
    due,
  ]);
  clearTimeout(timer);
  return outcome;
}

/**
 * The resumable SSE reply of a session's request, from `first` on (the item read, or the read
 * still pending when polling is due). `pollIn`: end the response after that many ms so the
 * client polls for the rest.
 */
export function resumableReply(
  iterator: AsyncIterator<EndpointItem>,
  first: EndpointItem | Promise<IteratorResult<EndpointItem>>,
  id: RequestId | undefined,
  sessionId: string,
  config: HandlerConfig,
  headers: Record<string, string>,
  pollIn: number | undefined,
): HttpReply {
  const stream = new ResumableStream(iterator, id, crypto.randomUUID(), sessionId, config.resumable, true);
  return { kind: 'stream', headers, source: stream.start(first, pollIn) };
}
