/** Where the HTTP entry point listens. */
export interface ListenArgs {
  host: string;
  port: number;
}

const USAGE = 'usage: http.js [--host HOST] [--port PORT]   (env HOST, PORT; --port 0 picks a free port)';

function parsePort(text: string): number {
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65_535) throw new Error(`invalid port ${JSON.stringify(text)}\n${USAGE}`);
  return port;
}

/**
 * Reads `--host`/`--port` (also `--host=…`), falling back to the `HOST` and `PORT` environment
 * variables, then to `127.0.0.1` and a free port. Throws with a usage line on anything else.
 *
 * @example
 * ```ts
 * parseListenArgs(['--port', '3000'], {}); // { host: '127.0.0.1', port: 3000 }
 * ```
 */
export function parseListenArgs(
  argv: readonly string[],
  env: Record<string, string | undefined>,
): ListenArgs {
  const result: ListenArgs = {
    host: env.HOST || '127.0.0.1',
    port: env.PORT ? parsePort(env.PORT) : 0,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] =
      arg.startsWith('--') && arg.includes('=') ? arg.split(/=(.*)/s, 2) : [arg, undefined];
    if (flag !== '--host' && flag !== '--port')
      throw new Error(`unknown argument ${JSON.stringify(arg)}\n${USAGE}`);
    const value = inline ?? argv[++i];
    if (value === undefined || value === '') throw new Error(`${flag} needs a value\n${USAGE}`);
    if (flag === '--host') result.host = value;
    else result.port = parsePort(value);
  }
  return result;
}
