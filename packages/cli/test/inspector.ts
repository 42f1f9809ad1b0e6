// Starts `mcpkit inspect --no-open` for a test and reads the INSPECTOR_URL line it prints.
import { type LiveRun, startMcpkit } from './run.js';

/** The form of the line `mcpkit inspect` prints; tests outside the repo read it too. */
export const INSPECTOR_LINE = /^INSPECTOR_URL=(http:\/\/127\.0\.0\.1:(\d+)\/#token=([\w-]{43}))$/;

export interface Inspector {
  /** The whole URL, token included. */
  url: string;
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  port: number;
  token: string;
  process: LiveRun;
  stop(): Promise<void>;
}

/** Runs `mcpkit inspect --no-open` with `args` (the server, options) until `stop()`. */
export async function startInspector(args: readonly string[]): Promise<Inspector> {
  const process = startMcpkit(['inspect', '--no-open', ...args]);
  const line = await process.line((text) => text.startsWith('INSPECTOR_URL='));
  const match = INSPECTOR_LINE.exec(line);
  if (match === null) throw new Error(`unexpected line: ${line}`);
  const port = Number(match[2]);
  return {
    url: match[1]!,
    origin: `http://127.0.0.1:${port}`,
    port,
    token: match[3]!,
    process,
    stop: async () => {
      process.signal('SIGTERM');
      await process.ended;
    },
  };
}
