import { connect, listToolNames } from './connect.js';

/** What the command line asks for. */
export interface CommandLine {
  /** The server: `[url]`, or the command that starts it and its arguments. */
  target: string[];
  /** The tool to call (`--call <tool> [json]`), with its arguments. */
  call?: { tool: string; arguments: Record<string, unknown> };
}

/** A mistake on the command line: exit code 2, with what to type instead. */
export class UsageError extends Error {}

const USAGE =
  'usage: node dist/index.js [--call <tool> [json]] (<url> | -- <command that starts the server>)';

/**
 * Reads the command line as the mcpkit CLI does: a server's URL, or the command that starts a stdio
 * server after `--` (everything after it is that command); `--call` anywhere before `--`.
 */
export function parseCommandLine(argv: readonly string[]): CommandLine {
  const separator = argv.indexOf('--');
  const words = separator === -1 ? [...argv] : argv.slice(0, separator);
  const command = separator === -1 ? [] : argv.slice(separator + 1);
  let url: string | undefined;
  let call: CommandLine['call'];
  const kept: string[] = [];
  const stray: string[] = [];
  for (let at = 0; at < words.length; at++) {
    const word = words[at]!;
    if (word === '--call') {
      const tool = words[++at];
      if (tool === undefined) throw new UsageError(`--call needs a tool name\n${USAGE}`);
      const json = words[at + 1]?.startsWith('{') ? words[++at]! : undefined;
      call = { tool, arguments: json === undefined ? {} : parseArguments(json) };
      kept.push(word, tool, ...(json === undefined ? [] : [`'${json}'`]));
    } else if (/^https?:\/\//.test(word) && url === undefined) {
      url = word;
      kept.push(word);
    } else stray.push(word);
  }
  if (stray.length > 0 && url !== undefined) throw new UsageError(`unexpected ${stray.join(' ')}\n${USAGE}`);
  if (stray.length > 0) {
    throw new UsageError(
      `unexpected ${stray.join(' ')}: the command that starts a stdio server goes after --, as in:\n` +
        `  node dist/index.js ${[...kept, '--', ...stray, ...command].join(' ')}`,
    );
  }
  if (url !== undefined && command.length > 0)
    throw new UsageError(`name one server: a URL or a command\n${USAGE}`);
  const target = url !== undefined ? [url] : command;
  if (target.length === 0) throw new UsageError(`name a server\n${USAGE}`);
  return { target, ...(call ? { call } : {}) };
}

function parseArguments(json: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    throw new UsageError(`the tool's arguments are not JSON (${(error as Error).message}): ${json}`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new UsageError(`the tool's arguments must be a JSON object: ${json}`);
  }
  return value as Record<string, unknown>;
}

/** An error as one line for a person: its message and, when it adds something, its cause. */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? error.cause.message : undefined;
  return cause && !error.message.includes(cause) ? `${error.message}: ${cause}` : error.message;
}

/**
 * Runs the command line: lists the server's tools, or calls one and prints its result. Returns the
 * exit code: 0 done, 1 the tool reported an error, 2 a usage mistake, 3 the server or connection
 * failed. Errors are printed as one line, never as a stack trace.
 */
export async function run(argv: readonly string[]): Promise<number> {
  try {
    const line = parseCommandLine(argv);
    const client = await connect(line.target);
    try {
      if (line.call === undefined) {
        for (const name of await listToolNames(client)) console.log(name);
        return 0;
      }
      const result = await client.callTool(line.call.tool, line.call.arguments);
      console.log(JSON.stringify(result.structuredContent ?? result.content, null, 2));
      return result.isError ? 1 : 0;
    } finally {
      await client.close();
    }
  } catch (error) {
    console.error(`error: ${describe(error)}`);
    return error instanceof UsageError ? 2 : 3;
  }
}
