// Drives the built `mcpkit` binary as a user would: a child process, its output and exit code.
import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);

/** The built program. */
export const MCPKIT = fileURLToPath(new URL('../dist/mcpkit.js', import.meta.url));
/** apps/everything-server over stdio, as the words after `--`. */
export const EVERYTHING_STDIO = ['--', process.execPath, require.resolve('@mcpkit/everything-server/stdio')];
const EVERYTHING_HTTP = require.resolve('@mcpkit/everything-server/http');

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `mcpkit args…` to its end, `input` on its stdin (closed after), `env` added to its environment. */
export function mcpkit(args: readonly string[], input = '', env: NodeJS.ProcessEnv = {}): Promise<Run> {
  const child = spawn(process.execPath, [MCPKIT, ...args], {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  child.stdin.end(input);
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The JSON documents a `--json` run printed, one per line. */
export function jsonLines(run: Run): unknown[] {
  return run.stdout
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as unknown);
}

/** A server process started for a test file; `stop()` ends it. */
export interface RunningServer {
  url: string;
  stop(): Promise<void>;
}

/** Starts a program that prints `MCP_SERVER_URL=<url>` when it listens, and waits for that line. */
export function startServer(command: string, args: readonly string[]): Promise<RunningServer> {
  const child: ChildProcess = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code} before listening`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.startsWith('MCP_SERVER_URL=')) resolve({ url: line.slice('MCP_SERVER_URL='.length), stop });
    });
  });
}

/** apps/everything-server over Streamable HTTP on a free loopback port. */
export function startEverythingHttp(): Promise<RunningServer> {
  return startServer(process.execPath, [EVERYTHING_HTTP, '--port', '0']);
}

/** A running `mcpkit`, read line by line while it runs. */
export interface LiveRun {
  /** Resolves with the first stdout line (from now on) that `match` accepts. */
  line(match: (line: string) => boolean): Promise<string>;
  signal(name: NodeJS.Signals): void;
  /** What it has written on stderr so far. */
  stderr(): string;
  /** Resolves when the process has ended. */
  ended: Promise<Run>;
}

/** Starts `mcpkit args…` and hands out its stdout lines as they come. */
export function startMcpkit(args: readonly string[]): LiveRun {
  const child = spawn(process.execPath, [MCPKIT, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  const waiting = new Set<{ match: (line: string) => boolean; resolve: (line: string) => void }>();
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  createInterface({ input: child.stdout }).on('line', (line) => {
    stdout += `${line}\n`;
    for (const waiter of waiting) {
      if (!waiter.match(line)) continue;
      waiting.delete(waiter);
      waiter.resolve(line);
    }
  });
  const ended = new Promise<Run>((resolve) =>
    child.once('close', (code) => resolve({ code, stdout, stderr })),
  );
  return {
    line: (match) =>
      Promise.race([
        new Promise<string>((resolve) => waiting.add({ match, resolve })),
        ended.then((run) => Promise.reject(new Error(`mcpkit ended first:\n${run.stdout}\n${run.stderr}`))),
      ]),
    signal: (name) => child.kill(name),
    stderr: () => stderr,
    ended,
  };
}
