/** The `message` event of a port: the message is its `data`. */
export interface PortMessageEvent {
  readonly data: unknown;
}

/**
 * What the transport uses of a port: a `MessagePort` (of a `MessageChannel`, in browsers, Node,
 * Deno, Bun), a `Worker`, a worker's own global scope (`self`), a `BroadcastChannel` between two
 * parties. Messages are JSON-RPC objects, copied by structured clone; each side owns its port.
 * The listeners are typed with `Event`, as every runtime's declarations of these types accept;
 * the transport reads the event as a `PortMessageEvent`.
 */
export interface MessagePortLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: Event) => void): void;
  removeEventListener(type: 'message', listener: (event: Event) => void): void;
  /** Called when present: a `MessagePort` delivers nothing to `addEventListener` before it. */
  start?(): void;
}
