import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { Child } from './child.js';

/** The built entry point, as users run it. */
export const SERVER_JS = fileURLToPath(new URL('../../dist/server.js', import.meta.url));

/** The shared `requestState` secret of one test's instances. */
export const STATE_KEY = randomBytes(32).toString('hex');

/** One `cluster-demo` process. */
export interface Instance {
  readonly name: string;
  readonly port: number;
  readonly child: Child;
}

/** Starts `node dist/server.js --port 0 --redis URL --name NAME [--prefix P]` and waits for its URL line. */
export async function startInstance(
  name: string,
  redisUrl: string,
  extra: readonly string[] = [],
  env: NodeJS.ProcessEnv = { ...process.env, MCPKIT_STATE_KEY: STATE_KEY },
): Promise<Instance> {
  const child = new Child(
    process.execPath,
    [SERVER_JS, '--port', '0', '--redis', redisUrl, '--name', name, ...extra],
    env,
  );
  const match = await child.waitFor(
    /MCP_SERVER_URL=http:\/\/127\.0\.0\.1:(\d+)\/mcp\n/,
    15_000,
    `cluster-demo ${name}`,
  );
  return { name, port: Number(match[1]), child };
}
