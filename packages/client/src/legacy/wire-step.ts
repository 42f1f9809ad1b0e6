import type { Step } from '../call-chain.js';
import type { Connection } from '../connection.js';
import type { Requester } from '../requester.js';

/**
 * The step that speaks the 2025 era (C-58): when the connection chose that era for the server,
 * the call's request is framed for it and sent in place of the modern exchange, which is never
 * called; otherwise the step passes the call on. The era was decided at connect time, so the
 * steps above never look at it.
 */
export function legacyWireStep(connection: Connection, requester: Requester): Step {
  return (call, next) => {
    const era = connection.server?.era;
    return era === 'legacy' || era === 'legacy-sse' ? requester.sendLegacy(call) : next(call);
  };
}
