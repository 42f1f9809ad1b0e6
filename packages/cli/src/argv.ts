/** The command line, split into what the argument parser reads and the stdio server's command. */
export interface SplitArgv {
  /** Everything before the first `--`, with a server URL as the command's first operand made `--url`. */
  args: string[];
  /** Everything after the first `--`: the command that runs a stdio server, if any. */
  serverCommand: string[];
}

/** What the splitter needs to know about a command that talks to a server. */
export interface ServerCommandShape {
  /** Its options that take a value, every spelling (`-H`, `--header`). */
  valueOptions: ReadonlySet<string>;
}

const HTTP_URL = /^https?:\/\//i;

/**
 * Splits `argv` (without node and the script) at the first `--`. A server is named either by an
 * http(s) URL as the command's first operand (`mcpkit tools http://localhost:3000/mcp`, options may
 * come before it) or by a command after `--` (`mcpkit tools -- node server.js`). The URL becomes
 * `--url <url>`, so each command declares only its own arguments; only the commands in
 * `serverCommands` get this treatment.
 */
export function splitArgv(
  argv: readonly string[],
  serverCommands: ReadonlyMap<string, ServerCommandShape>,
): SplitArgv {
  const separator = argv.indexOf('--');
  const args = separator === -1 ? [...argv] : argv.slice(0, separator);
  const serverCommand = separator === -1 ? [] : argv.slice(separator + 1);
  const commandAt = args.findIndex((arg) => !arg.startsWith('-'));
  const shape = commandAt === -1 ? undefined : serverCommands.get(args[commandAt]!);
  if (shape === undefined) return { args, serverCommand };
  for (let at = commandAt + 1; at < args.length; at++) {
    const arg = args[at]!;
    if (arg.startsWith('-')) {
      if (shape.valueOptions.has(arg)) at++; // its value is the next word
      continue;
    }
    if (HTTP_URL.test(arg)) args.splice(at, 1, '--url', arg);
    break;
  }
  return { args, serverCommand };
}
