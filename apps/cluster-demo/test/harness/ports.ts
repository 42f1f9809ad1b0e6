import { createServer } from 'node:net';

/** A TCP port free on the loopback interface right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Resolves once something accepts connections on `port`, or rejects after `timeoutMs`. */
export async function waitForPort(port: number, timeoutMs: number, what: string): Promise<void> {
  const { connect } = await import('node:net');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline)
      throw new Error(`${what} did not listen on port ${port} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The first of `candidates` that exists, or an error saying how to install it. */
export async function findProgram(candidates: readonly string[], install: string): Promise<string> {
  const { existsSync } = await import('node:fs');
  const { delimiter, join } = await import('node:path');
  const dirs = (process.env.PATH ?? '').split(delimiter);
  for (const candidate of candidates) {
    if (
      candidate.includes('/') ? existsSync(candidate) : dirs.some((dir) => existsSync(join(dir, candidate)))
    ) {
      return candidate;
    }
  }
  throw new Error(`${candidates.at(-1)} not found: .ci/run installs it (${install})`);
}
