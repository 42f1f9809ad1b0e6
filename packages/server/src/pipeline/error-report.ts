import type { RequestId } from '@mcpkit/protocol';

/** Where a problem reported to `ServerOptions.onError` happened, and how bad it is. */
export interface ServerErrorInfo {
  /**
   * `'error'`: a failure (a handler threw, a result broke its schema, a `-32603`);
   * `'warning'`: a mistake in development that fails nothing yet (reported once per server).
   */
  readonly level: 'error' | 'warning';
  /** The method of the request concerned; absent for background work (a publish, a task's store). */
  readonly method?: string;
  /** The id of that request. */
  readonly requestId?: RequestId;
  /** The tool concerned, for `tools/call`. */
  readonly tool?: string;
}

/** Receives the server's own failures and warnings; see `ServerOptions.onError`. */
export type ServerErrorHandler = (error: unknown, info: ServerErrorInfo) => void;

/** A failure of background work, which serves no request. */
export const BACKGROUND: ServerErrorInfo = Object.freeze({ level: 'error' });

/**
 * The default `onError`: a line on stderr (never stdout, which stdio uses for messages) naming
 * the request, then the error with its stack.
 */
export function logToStderr(error: unknown, info: ServerErrorInfo): void {
  const request = info.requestId === undefined ? '' : ` (request ${String(info.requestId)})`;
  const where =
    info.tool !== undefined
      ? `tool ${JSON.stringify(info.tool)}${request}`
      : info.method !== undefined
        ? `${info.method}${request}`
        : undefined;
  if (info.level === 'warning') {
    const text = error instanceof Error ? error.message : String(error);
    console.warn(`[@mcpkit/server] warning${where === undefined ? '' : `, ${where}`}: ${text}`);
  } else {
    console.error(`[@mcpkit/server] ${where ?? 'background work'} failed:`, error);
  }
}
