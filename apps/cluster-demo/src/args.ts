/** What `server.js` is started with. */
interface DemoArgs {
  port: number;
  /** The Redis URL every instance shares. */
  redis: string;
  /** This instance's name, answered by `whoami`. */
  name: string;
  /** Starts every Redis key and channel: instances of one server share it. */
  prefix: string;
}

const USAGE =
  'usage: server.js --port PORT --redis redis://HOST:PORT --name NAME [--prefix PREFIX]   (--port 0 picks a free port; env MCPKIT_STATE_KEY: 64 hex characters, the same on every instance)';

const FLAGS = new Set(['--port', '--redis', '--name', '--prefix']);

/**
 * Reads the command line (also `--flag=value`); throws with a usage line on anything else.
 *
 * @example
 * ```ts
 * parseDemoArgs(['--port', '0', '--redis', 'redis://127.0.0.1:6379', '--name', 'a']);
 * // { port: 0, redis: 'redis://127.0.0.1:6379', name: 'a', prefix: 'cluster-demo' }
 * ```
 */
export function parseDemoArgs(argv: readonly string[]): DemoArgs {
  const values = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] =
      arg.startsWith('--') && arg.includes('=') ? arg.split(/=(.*)/s, 2) : [arg, undefined];
    if (flag === undefined || !FLAGS.has(flag))
      throw new Error(`unknown argument ${JSON.stringify(arg)}\n${USAGE}`);
    const value = inline ?? argv[++i];
    if (value === undefined || value === '') throw new Error(`${flag} needs a value\n${USAGE}`);
    values.set(flag, value);
  }
  const port = values.get('--port') ?? '0';
  if (!/^\d+$/.test(port) || Number(port) > 65_535)
    throw new Error(`invalid port ${JSON.stringify(port)}\n${USAGE}`);
  const redis = values.get('--redis');
  if (redis === undefined || !/^rediss?:\/\//.test(redis))
    throw new Error(`--redis needs a redis:// URL\n${USAGE}`);
  const name = values.get('--name');
  if (name === undefined) throw new Error(`--name is required\n${USAGE}`);
  return { port: Number(port), redis, name, prefix: values.get('--prefix') ?? 'cluster-demo' };
}
