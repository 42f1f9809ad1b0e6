import type { Step } from '../call-chain.js';
import type { Connection } from '../connection.js';
import type { Requester } from '../requester.js';
import type { SessionLogLevel } from './log-level.js';

/**
 * The step that speaks the 2025 era (C-58): when the connection chose that era for the server,
 * the call's request is framed for it and sent in place of the modern exchange, which is never
 * called; otherwise the step passes the call on. The era was decided at connect time, so the
 * steps above never look at it. A call's `logLevel`, which that era cannot carry per request,
 * first becomes the session's (see `SessionLogLevel`).
 */
export function legacyWireStep(
  connection: Connection,
  requester: Requester,
  logLevel: SessionLogLevel,
): Step {
  return (call, next) => {
    const server = connection.server;
    if (server?.era !== 'legacy' && server?.era !== 'legacy-sse') return next(call);
    const ready = logLevel.before(call, server);
    return ready === undefined ? requester.sendLegacy(call) : ready.then(() => requester.sendLegacy(call));
  };
}
