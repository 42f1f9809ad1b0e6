/** The original `process.stdout.write` while `serveStdio` owns stdout. */
export interface StdoutRedirect {
  /** Writes to the real stdout. */
  write(text: string): boolean;
  /** Puts `process.stdout.write` back as it was. */
  restore(): void;
}

let active = false;

/**
 * Sends everything written through `process.stdout.write` (and so `console.log`, `console.info`,
 * `console.table`, …) to stderr, so that a stray log line in a handler cannot corrupt the MCP
 * stream (T-3). Returns the original writer for the transport's own messages.
 */
export function redirectStdout(): StdoutRedirect {
  if (active) throw new Error('stdout is already serving MCP messages in this process');
  active = true;
  const stdout = process.stdout;
  const ownDescriptor = Object.getOwnPropertyDescriptor(stdout, 'write');
  const original = stdout.write;
  const toStderr: typeof stdout.write = (...args: unknown[]) =>
    (process.stderr.write as (...a: unknown[]) => boolean)(...args);
  stdout.write = toStderr;
  return {
    write: (text) => original.call(stdout, text),
    restore() {
      if (!active) return;
      active = false;
      if (ownDescriptor) Object.defineProperty(stdout, 'write', ownDescriptor);
      else delete (stdout as { write?: unknown }).write;
    },
  };
}
