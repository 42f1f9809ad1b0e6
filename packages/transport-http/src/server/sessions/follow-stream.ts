import { frame } from '../sse-frames.js';
import type { EventStore, StoredEvent } from './event-store.js';
import { Connection } from './sse-connection.js';

/** Whether a stored event's data is a JSON-RPC response: the last event of a request's stream. */
export function isResponse(data: string): boolean {
  if (data === '') return false;
  try {
    const message = JSON.parse(data) as Record<string, unknown>;
    return !('method' in message) && ('result' in message || 'error' in message);
  } catch {
    return false;
  }
}

/**
 * A reconnect to a stream that runs in another instance: the events it missed, then the ones the
 * store receives after them (`EventStore.follow`), until the response or until the client leaves.
 */
export function followElsewhere(
  store: EventStore,
  keepAliveMs: number,
  streamId: string,
  afterId: string,
  missed: readonly StoredEvent[],
): Connection {
  const stop = new AbortController();
  const connection = new Connection(keepAliveMs, () => stop.abort());
  for (const event of missed) if (event.data !== '') connection.push(frame(event.id, event.data));
  void (async () => {
    try {
      for await (const event of store.follow!(streamId, afterId, stop.signal)) {
        if (event.data !== '') connection.push(frame(event.id, event.data));
        if (isResponse(event.data)) break;
      }
    } catch {
      // The store failed: the client reconnects with the last id it got.
    } finally {
      stop.abort();
      connection.close();
    }
  })();
  return connection;
}
