import type { Step } from '../call-chain.js';
import type { ServerDescription } from '../probe.js';
import type { Requester } from '../requester.js';
import { sendLegacy } from './framing.js';
import type { SessionLogLevel } from './log-level.js';

/**
 * The step that speaks the 2025 era (C-58): when the client is connected to `server()` in that
 * era, the call's request is framed for it and sent in place of the modern exchange, which is never
 * called; otherwise the step passes the call on. The era was decided at connect time, so the steps
 * above never look at it. A call's `logLevel`, which that era cannot carry per request, first
 * becomes the session's (see `SessionLogLevel`).
 */
export function legacyWireStep(
  server: () => ServerDescription | undefined,
  requester: Requester,
  logLevel: SessionLogLevel,
): Step {
  return (call, next) => {
    const connected = server();
    if (connected?.era !== 'legacy') return next(call);
    const ready = logLevel.before(call, connected);
    return ready === undefined ? sendLegacy(requester, call) : ready.then(() => sendLegacy(requester, call));
  };
}
