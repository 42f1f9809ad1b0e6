import { type ChildProcess, spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { fixture, processExists, trackPid } from './helpers/processes.js';

interface RawServer {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  send(value: unknown): void;
  /** Resolves once stdout holds a line for which `predicate` holds. */
  until(predicate: (message: Record<string, unknown>) => boolean): Promise<void>;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const running: ChildProcess[] = [];

/** The fixture server as a bare child process, so the test sees its raw stdout and stderr. */
function rawServer(env: Record<string, string> = {}): RawServer {
  const child = spawn(process.execPath, [fixture('server.mjs')], {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  running.push(child);
  trackPid(child.pid);
  let out = '';
  let err = '';
  let wake: (() => void) | undefined;
  child.stdout!.setEncoding('utf8').on('data', (text: string) => {
    out += text;
    wake?.();
  });
  child.stderr!.setEncoding('utf8').on('data', (text: string) => (err += text));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal })),
  );
  const messages = () =>
    out
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  return {
    child,
    stdout: () => out,
    stderr: () => err,
    send: (value) => child.stdin!.write(`${JSON.stringify(value)}\n`),
    async until(predicate) {
      while (!messages().some(predicate)) await new Promise<void>((resolve) => (wake = resolve));
    },
    exit,
  };
}

afterEach(async () => {
  for (const child of running.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await new Promise((resolve) => child.on('close', resolve));
    }
  }
});

describe('serveStdio (real process)', () => {
  it('T-3: console.log and process.stdout.write in a handler go to stderr; stdout carries only MCP messages', async () => {
    const server = rawServer();
    server.send({ jsonrpc: '2.0', id: 1, method: 'console' });
    await server.until((m) => m.id === 1);
    server.child.stdin!.end();
    await server.exit;
    const lines = server.stdout().split('\n').filter(Boolean);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ jsonrpc: '2.0', id: 1, result: { logged: true } });
    expect(server.stderr()).toContain('a stray console.log from a handler');
    expect(server.stderr()).toContain('a stray process.stdout.write');
  });

  it('T-15: exits with code 0 when stdin ends', async () => {
    const server = rawServer();
    server.send({ jsonrpc: '2.0', id: 1, method: 'pid' });
    await server.until((m) => m.id === 1);
    server.child.stdin!.end();
    expect(await server.exit).toEqual({ code: 0, signal: null });
    expect(processExists(server.child.pid!)).toBe(false);
  });

  it('T-15: a request running at EOF still gets its answer before the exit', async () => {
    const server = rawServer({ GRACE_MS: '60000' });
    server.send({ jsonrpc: '2.0', id: 'slow', method: 'sleep', params: { ms: 200 } });
    server.child.stdin!.end();
    expect(await server.exit).toEqual({ code: 0, signal: null });
    expect(JSON.parse(server.stdout().trim())).toMatchObject({ id: 'slow', result: { slept: 200 } });
  });

  it('T-15: a request still running after the grace period is abandoned and the process exits anyway', async () => {
    const server = rawServer({ GRACE_MS: '100' });
    server.send({ jsonrpc: '2.0', id: 'stuck', method: 'sleep', params: { ms: 600_000 } });
    server.send({
      jsonrpc: '2.0',
      id: 'listen',
      method: 'subscriptions/listen',
      params: { everyMs: 60_000 },
    });
    await server.until((m) => m.method === 'notifications/subscriptions/acknowledged');
    server.child.stdin!.end();
    expect(await server.exit).toEqual({ code: 0, signal: null });
    expect(server.stdout()).not.toContain('"id":"stuck"');
  });

  it('T-15: exits after stdin EOF though the client stopped reading stdout: the last flush has a deadline', async () => {
    const server = rawServer({ EXIT_FLUSH_MS: '200' });
    // 'close' waits for stdout to be read to its end: the exit is what this test is about.
    const exited = new Promise<number | null>((resolve) => server.child.on('exit', (code) => resolve(code)));
    server.child.stdout!.pause();
    // Answered after the server has read the EOF (a full output pauses reading), with several
    // megabytes: far more than the pipe and both sides' buffers hold.
    const params = { bytes: 8 * 1024 * 1024, delayMs: 300 };
    server.send({ jsonrpc: '2.0', id: 'big', method: 'big', params });
    server.child.stdin!.end();
    // A bound only so that a hang fails here rather than at the test timeout.
    const hung = new Promise((resolve) =>
      setTimeout(() => resolve('still running after 20 s'), 20_000).unref(),
    );
    expect(await Promise.race([exited, hung])).toBe(0);
    server.child.stdout!.resume();
  });

  it('keeps serving after garbage on stdin: -32700 without id, then normal answers', async () => {
    const server = rawServer();
    server.child.stdin!.write('garbage\n');
    server.send({ jsonrpc: '2.0', id: 2, method: 'pid' });
    await server.until((m) => m.id === 2);
    const [first] = server.stdout().split('\n');
    expect(JSON.parse(first!)).toEqual({
      jsonrpc: '2.0',
      error: { code: -32700, message: expect.any(String) },
    });
    server.child.stdin!.end();
    await server.exit;
  });
});
