import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The path of an entry point of the everything server, which must have been built. */
export function serverEntry(name: 'stdio' | 'http'): string {
  const path = fileURLToPath(import.meta.resolve(`@mcpkit/everything-server/${name}`));
  if (!existsSync(path)) {
    throw new Error(`${path} is missing: build the workspace first (pnpm exec turbo run build)`);
  }
  return path;
}

/** An HTTP server process, started and ready. */
export interface HttpServerProcess {
  readonly url: string;
  readonly child: ChildProcess;
  /** Stops the process (SIGTERM) and waits for it to exit. */
  stop(): Promise<void>;
}

/** Starts `dist/http.js` on a free port and resolves with its URL once it printed `MCP_SERVER_URL=`. */
export function startHttpServer(timeoutMs = 15_000): Promise<HttpServerProcess> {
  const child = spawn(process.execPath, [serverEntry('http'), '--port', '0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  return new Promise((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`the HTTP server printed no MCP_SERVER_URL line within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      const match = /^MCP_SERVER_URL=(\S+)$/m.exec(stdout);
      if (match) {
        clearTimeout(timer);
        resolve({ url: match[1]!, child, stop });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the HTTP server exited with code ${code} before it was ready: ${stderr.trim()}`));
    });
  });
}
