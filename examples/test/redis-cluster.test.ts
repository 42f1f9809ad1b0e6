import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { McpClient } from '@mcpkit/client';
import { createHttpClientTransport } from '@mcpkit/transport-http';
import { expect, it } from 'vitest';
import { startInstance } from '../src/redis-cluster.js';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

it('two instances of the Redis example share one Redis and serve the same client', async () => {
  if (!existsSync('/usr/bin/redis-server')) {
    throw new Error('redis-server not found: .ci/run installs it (apt-get install redis-server)');
  }
  const port = await freePort();
  const redis = spawn('/usr/bin/redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  process.env.MCPKIT_STATE_KEY = randomBytes(32).toString('hex');
  try {
    let instances: Awaited<ReturnType<typeof startInstance>>[] = [];
    for (let attempt = 0; instances.length === 0; attempt++) {
      try {
        instances = [
          await startInstance(`redis://127.0.0.1:${port}`),
          await startInstance(`redis://127.0.0.1:${port}`),
        ];
      } catch (error) {
        if (attempt > 40) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    for (const instance of instances) {
      const client = new McpClient(createHttpClientTransport(instance.url));
      const result = await client.callTool('whoami', {});
      expect(result.content[0]).toEqual({ type: 'text', text: `pid ${process.pid}` });
      await client.close();
    }
    await Promise.all(instances.map((instance) => instance.close()));
  } finally {
    delete process.env.MCPKIT_STATE_KEY;
    redis.kill('SIGKILL');
  }
});
