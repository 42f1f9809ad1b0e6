import { type Command, Option } from 'commander';
import { type InputFlags, type InputSession, inputHandlers } from './input/handlers.js';
import { type ExitCode, Output, type Streams, UsageError, warningText } from './output.js';
import { setOwn } from './pairs.js';
import { type Connection, type ConnectOptions, connect, targetFrom } from './target.js';

/** What every command shares for one run of the program. */
export interface CliContext {
  /** The words after `--`: the command that starts a stdio server. */
  serverCommand: readonly string[];
  streams: Streams;
  /** The exit code the program ends with; a command sets it. */
  exitCode: ExitCode;
}

/**
 * Adds one command to the program. Each command lives in its own file under `commands/` and is
 * listed once in `commands/index.ts`.
 */
export type RegisterCommand = (program: Command, context: CliContext) => void;

/** The options every command that talks to a server takes. */
export interface ServerOptions {
  url?: string;
  json?: boolean;
  header?: string[];
  timeout?: number;
}

/** What a server command's action gets. */
export interface ServerRun<O> {
  connection: Connection;
  output: Output;
  options: O & ServerOptions;
  /** The command's declared arguments, in order (a variadic one as an array). */
  operands: readonly unknown[];
}

/** The name of every command made with `serverCommand`, so the URL after it can be recognised. */
const SERVER_COMMAND = Symbol('mcpkit.serverCommand');

const SERVER_HELP = `
The server: its http(s) URL (Streamable HTTP), or the command that starts it after -- (stdio).`;

function positiveInteger(value: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number <= 0) throw new UsageError(`not a positive whole number: ${value}`);
  return number;
}

export function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

/** Parses `-H "Name: value"` headers. */
export function parseHeaders(headers: readonly string[] | undefined): Record<string, string> | undefined {
  if (headers === undefined) return undefined;
  const parsed: Record<string, string> = {};
  for (const header of headers) {
    const colon = header.indexOf(':');
    if (colon <= 0) throw new UsageError(`a header is "Name: value", got: ${header}`);
    setOwn(parsed, header.slice(0, colon).trim(), header.slice(colon + 1).trim());
  }
  return parsed;
}

/**
 * A command that talks to a server: the shared options (`--url`, `--json`, `-H`, `--timeout`), the
 * help about naming the server, and `example` at the end of its help.
 */
export function serverCommand(program: Command, name: string, summary: string, examples: string[]): Command {
  const command = program
    .command(name)
    .description(summary)
    .addOption(new Option('--url <url>', 'the server URL (or put it right after the command name)'))
    .option('--json', 'print JSON for scripts, one document per line')
    .option('-H, --header <header>', 'an HTTP header for every request, "Name: value" (repeatable)', collect)
    .option('--timeout <ms>', 'idle timeout of each request in milliseconds', positiveInteger)
    .addHelpText('after', `${SERVER_HELP}\n\nExamples:\n${examples.map((line) => `  $ ${line}`).join('\n')}`);
  (command as Command & { [SERVER_COMMAND]?: true })[SERVER_COMMAND] = true;
  return command;
}

/** Whether `command` was made with `serverCommand`. */
export function isServerCommand(command: Command): boolean {
  return (command as Command & { [SERVER_COMMAND]?: true })[SERVER_COMMAND] === true;
}

/**
 * Adds the flags that answer the server's questions (elicitation, sampling, roots) without a
 * prompt, for the commands whose requests may ask them.
 */
export function withInputOptions(command: Command): Command {
  return command
    .option(
      '--elicit <json>',
      'answer a form elicitation with this JSON object (repeatable, in order)',
      collect,
    )
    .option('--decline', 'decline every elicitation')
    .option('--open', 'open URL elicitations in the browser ($BROWSER if set)')
    .option('--root <path>', 'a folder the server may use, answered to roots requests (repeatable)', collect)
    .option('--sampling-response <text>', "the model's reply to sampling requests (@file reads a file)");
}

/** The handlers for a command that answers questions: flags first, a prompt on a terminal, else exit 3. */
async function handlersFor(options: InputFlags, streams: Streams, session: InputSession) {
  // The prompt library loads only when a person can answer: stdin is a terminal.
  const prompts = process.stdin.isTTY
    ? (await import('./input/terminal.js')).terminalPrompts({ input: process.stdin, output: streams.stderr })
    : undefined;
  return inputHandlers(options, { stderr: streams.stderr, prompts }, session);
}

/**
 * The action of a server command: connects to the target the command line names, runs `body`,
 * closes the connection, and records the exit code `body` returns (0 when it returns nothing).
 * With `input`, the server's questions are answered (see `withInputOptions`); a question nobody
 * could answer ends the command with exit code 3 and says which flag answers it.
 */
export function withServer<O>(
  context: CliContext,
  body: (run: ServerRun<O>) => Promise<ExitCode | undefined>,
  settings: { input?: boolean } = {},
): (...args: unknown[]) => Promise<void> {
  return async (...args) => {
    const command = args[args.length - 1] as Command;
    const options = command.opts<O & ServerOptions & InputFlags>();
    const output = new Output(options.json === true, context.streams);
    const target = targetFrom(options.url, context.serverCommand);
    const headers = parseHeaders(options.header);
    const session: InputSession = { unanswered: undefined };
    const connectOptions: ConnectOptions = {
      ...(settings.input ? { handlers: await handlersFor(options, context.streams, session) } : {}),
      ...(headers === undefined ? {} : { headers }),
      ...(options.timeout === undefined ? {} : { timeoutMs: options.timeout }),
      onWarning: (warning) => output.note(warningText(warning)),
    };
    const connection = await connect(target, connectOptions);
    let code: ExitCode;
    try {
      code = (await body({ connection, output, options, operands: command.processedArgs })) ?? 0;
    } catch (error) {
      throw session.unanswered ?? error;
    } finally {
      await connection.client.close();
    }
    if (session.unanswered) throw session.unanswered;
    context.exitCode = code;
  };
}
