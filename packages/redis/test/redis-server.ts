import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { createClient } from 'redis';

const BINARY = process.env.REDIS_SERVER ?? '/usr/bin/redis-server';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** A throwaway `redis-server` of a test file: no persistence, its own port. */
export interface TestRedis {
  readonly url: string;
  readonly port: number;
  /** Kills it (SIGKILL): what a crashed Redis looks like. */
  stop(): Promise<void>;
  /** Starts it again on the same port, empty. */
  restart(): Promise<void>;
  /** Freezes it (SIGSTOP): connections stay open, nothing is answered. */
  pause(): void;
  /** Lets a paused Redis run again (SIGCONT). */
  resume(): void;
}

async function waitReady(url: string, process: ChildProcess): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (process.exitCode !== null) throw new Error(`redis-server exited with ${process.exitCode}`);
    const client = createClient({ url, socket: { reconnectStrategy: false, connectTimeout: 500 } });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.sendCommand(['PING']);
      await client.quit();
      return;
    } catch (error) {
      client.destroy();
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/** Spawns `redis-server` on a free port; fails with what to install when it is missing. */
export async function startRedis(): Promise<TestRedis> {
  if (!existsSync(BINARY)) {
    throw new Error(
      `redis-server not found at ${BINARY}: .ci/run installs it (apt-get install redis-server), or set REDIS_SERVER`,
    );
  }
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  const launch = async () => {
    child = spawn(
      BINARY,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    );
    await waitReady(url, child);
  };
  const stop = async () => {
    const running = child;
    child = undefined;
    if (running === undefined || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  };
  await launch();
  return {
    url,
    port,
    stop,
    restart: launch,
    pause: () => child?.kill('SIGSTOP'),
    resume: () => child?.kill('SIGCONT'),
  };
}
