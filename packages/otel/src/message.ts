import type { OperationFacts, Role } from './semconv.js';

/**
 * What the hooks read of a message, the fields of `@mcpkit/protocol`'s `MessageContext` they use:
 * one JSON-RPC request or notification as a side sends or receives it.
 */
export interface MessageLike {
  readonly side: 'client' | 'server';
  readonly kind: 'request' | 'notification';
  readonly method: string;
  /** As on the wire, `_meta` included. */
  readonly params: Record<string, unknown>;
  readonly id: string | number | undefined;
  readonly protocolVersion: string | undefined;
  /** The 2025-era session, when there is one. */
  readonly sessionId: string | undefined;
  readonly network: {
    /** `pipe` (stdio), `tcp` (HTTP), `inproc` (in memory) or what a custom transport says. */
    readonly transport: string;
    readonly address?: string | undefined;
    readonly port?: number | undefined;
  };
  /** Client send: the application call the request belongs to, the same for all its rounds and polls. */
  readonly call?: { readonly id: number; readonly round: number } | undefined;
  /** A task's polls (`tasks/get`, `tasks/update`, `tasks/cancel`): the task they are about. */
  readonly taskId?: string | undefined;
}

/** What the call hook reads of a client's application call (`@mcpkit/client`'s `ClientCall`). */
export interface CallLike {
  readonly method: string;
  readonly params: Record<string, unknown>;
}

/**
 * The facts of a message for a span of `role`. The peer's address is the server's on a client
 * span the MCP client makes, and the client's on a server span the MCP server makes; a span of
 * the other direction (the server sending, the client serving) names no peer.
 */
export function factsOf(message: MessageLike, role: Role): OperationFacts {
  const { network } = message;
  const peer = role === message.side;
  return {
    method: message.method,
    params: message.params,
    requestId: message.id,
    protocolVersion: message.protocolVersion,
    sessionId: message.sessionId,
    networkTransport: network.transport,
    // mcpkit's TCP transport is Streamable HTTP (and the 2025 era's HTTP+SSE).
    networkProtocol: network.transport === 'tcp' ? 'http' : undefined,
    peerAddress: peer ? network.address : undefined,
    peerPort: peer ? network.port : undefined,
  };
}

/**
 * A session that ended, as the side that held it reports it (`@mcpkit/protocol`'s `SessionEnd`):
 * a server's 2025-era session, or a client's connection.
 */
export interface SessionEndLike {
  readonly side: 'client' | 'server';
  /** When the session opened (`initialize` answered), in ms since the epoch (`Date.now()`). */
  readonly openedAt: number;
  /** When it ended, in ms since the epoch; now when absent. */
  readonly endedAt?: number;
  readonly protocolVersion: string | undefined;
  readonly network: MessageLike['network'];
  /** What ended it, when it ended in error (the server gone, a transport failure). */
  readonly error?: unknown;
}

/** The facts of an ended session, for its duration histogram. */
export function sessionFactsOf(session: SessionEndLike): Omit<OperationFacts, 'method' | 'params'> {
  const { network } = session;
  return {
    protocolVersion: session.protocolVersion,
    networkTransport: network.transport,
    networkProtocol: network.transport === 'tcp' ? 'http' : undefined,
    peerAddress: network.address,
    peerPort: network.port,
  };
}
