import type { LoggingLevel, LoggingMessageNotificationParams } from '@mcpkit/protocol';
import { LOGGING_LEVELS } from '@mcpkit/protocol/internal';

/** Receives log messages from the server (deprecated Logging). */
export type LogListener = (message: LoggingMessageNotificationParams) => void;

/** Where log messages go, and the level they were asked for. */
export interface LogRoute {
  logLevel?: LoggingLevel;
  onLog?: LogListener;
}

const SEVERITY = new Map<unknown, number>(LOGGING_LEVELS.map((level, index) => [level, index]));

/** Whether `level` is `threshold` or more severe (P-64); an unknown level is neither. */
export function isAtLeast(level: unknown, threshold: LoggingLevel): boolean {
  const severity = SEVERITY.get(level);
  return severity !== undefined && severity >= SEVERITY.get(threshold)!;
}

/**
 * Hands a `notifications/message` to the call's `onLog`, else the client's, when it is at or
 * above the level asked for: the call's, else the client's. The 2026 server already filters
 * (S-70); a 2025-era session has one level for every request, which may be finer than this
 * call asked for. With no level asked for, everything passes: a 2025-era server logs at its own
 * default.
 */
export function deliverLog(
  message: LoggingMessageNotificationParams,
  call: LogRoute,
  client: LogRoute,
): void {
  const onLog = call.onLog ?? client.onLog;
  if (onLog === undefined) return;
  const threshold = call.logLevel ?? client.logLevel;
  if (threshold === undefined || isAtLeast(message.level, threshold)) onLog(message);
}
