/** How the demo is started. */
export interface DemoArgs {
  host: string;
  /** The MCP server's port (0: a free one); the authorization server always takes a free port. */
  port: number;
  /** Access token lifetime, in seconds. */
  accessTokenTtlSec: number;
  /** Leeway the MCP server gives token expiry, in seconds. */
  clockToleranceSec: number;
  /** JWT access tokens, or opaque ones the MCP server introspects. */
  tokenFormat: 'jwt' | 'opaque';
}

const USAGE =
  'usage: server.js [--host HOST] [--port PORT] [--access-token-ttl SECONDS] [--clock-tolerance SECONDS] [--token-format jwt|opaque]';
const FLAGS: Record<string, keyof DemoArgs> = {
  '--host': 'host',
  '--port': 'port',
  '--access-token-ttl': 'accessTokenTtlSec',
  '--clock-tolerance': 'clockToleranceSec',
  '--token-format': 'tokenFormat',
};

function integer(flag: string, text: string, min: number, max: number): number {
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || value > max)
    throw new Error(`invalid ${flag} ${JSON.stringify(text)}\n${USAGE}`);
  return value;
}

/**
 * Reads the command line (`--flag value` or `--flag=value`); throws with a usage line on
 * anything else.
 *
 * @example
 * ```ts
 * parseDemoArgs(['--port', '0']); // { host: '127.0.0.1', port: 0, accessTokenTtlSec: 600, clockToleranceSec: 10, tokenFormat: 'jwt' }
 * ```
 */
export function parseDemoArgs(argv: readonly string[]): DemoArgs {
  const args: DemoArgs = {
    host: '127.0.0.1',
    port: 0,
    accessTokenTtlSec: 600,
    clockToleranceSec: 10,
    tokenFormat: 'jwt',
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] = arg.includes('=') ? arg.split(/=(.*)/s, 2) : [arg, undefined];
    const key = FLAGS[flag!];
    if (key === undefined) throw new Error(`unknown argument ${JSON.stringify(arg)}\n${USAGE}`);
    const value = inline ?? argv[++i];
    if (value === undefined || value === '') throw new Error(`${flag} needs a value\n${USAGE}`);
    if (key === 'host') args.host = value;
    else if (key === 'tokenFormat') {
      if (value !== 'jwt' && value !== 'opaque')
        throw new Error(`invalid ${flag} ${JSON.stringify(value)}\n${USAGE}`);
      args.tokenFormat = value;
    } else if (key === 'port') args.port = integer(flag!, value, 0, 65_535);
    else args[key] = integer(flag!, value, key === 'accessTokenTtlSec' ? 1 : 0, 86_400);
  }
  return args;
}
