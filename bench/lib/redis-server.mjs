// A throwaway redis-server for the cluster workload: a free loopback port, no persistence, killed with
// the bench (spawnTracked).
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { spawnTracked, stopChild } from './children.mjs';

const BINARY = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((path) => existsSync(path));

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Starts redis-server; resolves once it answers on its port. */
export async function startRedis() {
  if (BINARY === undefined) throw new Error('redis-server not found: apt-get install redis-server');
  const port = await freePort();
  const child = spawnTracked(BINARY, [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
  ]);
  child.stdout.resume();
  const { connect } = await import('node:net');
  const deadline = Date.now() + 10_000;
  for (;;) {
    const up = await new Promise((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (up) break;
    if (Date.now() > deadline) throw new Error(`redis-server did not listen on ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { url: `redis://127.0.0.1:${port}`, stop: () => stopChild(child, 500) };
}
