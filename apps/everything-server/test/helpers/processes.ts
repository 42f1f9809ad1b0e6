import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

/** A built entry point of this app. */
export const entry = (name: 'http.js' | 'stdio.js') =>
  fileURLToPath(new URL(`../../dist/${name}`, import.meta.url));

/** The `MCP_SERVER_URL=` line, exactly: the URL, its host and its port. */
export const URL_LINE = /^MCP_SERVER_URL=(http:\/\/([^/\s]+):(\d+)\/mcp)$/m;

export interface RunningHttpServer {
  readonly child: ChildProcess;
  url: string;
  port: number;
  /** Everything the process wrote to stdout so far. */
  stdout(): string;
  /** Sends `signal` and resolves with the exit code (`null` when killed by a signal). */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

const running = new Set<RunningHttpServer>();

/** Stops every server `startHttpServer` started that is still running: call it in `afterAll`. */
export async function stopAllHttpServers(): Promise<void> {
  await Promise.all([...running].map((server) => server.stop('SIGKILL')));
}

/** Starts `dist/http.js` and resolves once it printed its URL line. */
export async function startHttpServer(
  args: readonly string[] = ['--port', '0'],
  env: NodeJS.ProcessEnv = {},
): Promise<RunningHttpServer> {
  const child = spawn(process.execPath, [entry('http.js'), ...args], {
    env: { ...process.env, HOST: '', PORT: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = once(child, 'exit');
  const server: RunningHttpServer = {
    child,
    url: '',
    port: 0,
    stdout: () => stdout,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      const [code] = await exited;
      running.delete(server);
      return code as number | null;
    },
  };
  running.add(server);
  const match = await new Promise<RegExpExecArray>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no URL line within 20 s; stderr: ${stderr}`)), 20_000);
    const onData = () => {
      const found = URL_LINE.exec(stdout);
      if (found) {
        clearTimeout(timer);
        child.stdout!.off('data', onData);
        resolve(found);
      }
    };
    child.stdout!.on('data', onData);
    void exited.then(([code]) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code} before printing its URL; stderr: ${stderr}`));
    });
  });
  return Object.assign(server, { url: match[1]!, port: Number(match[3]) });
}

/** Runs `dist/<name>` to completion with `args`; for entry points that are expected to exit. */
export async function runToExit(
  name: 'http.js' | 'stdio.js',
  args: readonly string[],
  env: NodeJS.ProcessEnv = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [entry(name), ...args], {
    env: { ...process.env, HOST: '', PORT: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  const [code] = await once(child, 'exit');
  clearTimeout(timer);
  return { code: code as number | null, stdout, stderr };
}
