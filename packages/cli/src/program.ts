import { Command, CommanderError } from 'commander';
import { type ServerCommandShape, shellLine, splitArgv } from './argv.js';
import { type CliContext, isServerCommand } from './command.js';
import { commands } from './commands/index.js';
import { ExitCode, Output, type Streams, UsageError } from './output.js';
import { CLI_VERSION } from './version.js';

const PROGRAM_HELP = `
Examples:
  $ mcpkit info http://localhost:3000/mcp
  $ mcpkit tools -- node server.js
  $ mcpkit call add '{"a":1,"b":2}' -- node server.js
  $ mcpkit call http://localhost:3000/mcp add --arg a=1 --arg b=2

Exit codes: 0 ok, 1 the tool reported an error, 2 usage, 3 protocol or transport error.`;

/** `call <tool> [json]`: a command and its arguments, without the `[options]` every command has. */
function commandTerm(command: Command): string {
  const args = command.registeredArguments.map((arg) => {
    const name = `${arg.name()}${arg.variadic ? '...' : ''}`;
    return arg.required ? `<${name}>` : `[${name}]`;
  });
  return [command.name(), ...args].join(' ');
}

/** The program with every command registered. */
function createProgram(context: CliContext): Command {
  const program = new Command('mcpkit')
    .description('Look at any MCP server from the terminal, over stdio or Streamable HTTP.')
    .version(CLI_VERSION, '-V, --version')
    .showHelpAfterError('(add --help for usage)')
    .configureOutput({
      writeOut: (text) => context.streams.stdout.write(text),
      writeErr: (text) => context.streams.stderr.write(text),
    })
    .configureHelp({
      subcommandTerm: (command) => commandTerm(command),
      // A terminal's own width; 100 columns into a pipe or a file.
      helpWidth: (context.streams.stdout as { columns?: number }).columns ?? 100,
    })
    .addHelpText('after', PROGRAM_HELP)
    .exitOverride();
  for (const register of commands) register(program, context);
  for (const command of program.commands) command.exitOverride();
  return program;
}

function shapeOf(command: Command): ServerCommandShape {
  const valueOptions = new Set<string>();
  for (const option of command.options) {
    if (!option.required && !option.optional) continue;
    if (option.short) valueOptions.add(option.short);
    if (option.long) valueOptions.add(option.long);
  }
  const declared = command.registeredArguments;
  return {
    valueOptions,
    operands: {
      required: declared.filter((argument) => argument.required).length,
      max: declared.some((argument) => argument.variadic) ? Number.POSITIVE_INFINITY : declared.length,
    },
  };
}

/**
 * Runs the command line `argv` (without node and the script) and returns the exit code. Nothing
 * here calls `process.exit`, so the program can be driven in-process.
 */
export async function runCli(
  argv: readonly string[],
  streams: Streams = { stdout: process.stdout, stderr: process.stderr },
): Promise<ExitCode> {
  const context: CliContext = { serverCommand: [], streams, exitCode: ExitCode.ok };
  const program = createProgram(context);
  const serverCommands = new Map(
    program.commands.filter(isServerCommand).map((command) => [command.name(), shapeOf(command)]),
  );
  const { args, serverCommand, didYouMean } = splitArgv(argv, serverCommands);
  context.serverCommand = serverCommand;
  if (didYouMean !== undefined) {
    const name = didYouMean.find((word) => serverCommands.has(word));
    return new Output(args.includes('--json'), streams).fail(
      new UsageError(
        `too many arguments for ${name}, and no server named: did you mean \`mcpkit ${shellLine(didYouMean)}\`? ` +
          'The command that starts a stdio server goes after --.',
      ),
    );
  }
  try {
    await program.parseAsync(args, { from: 'user' });
    return context.exitCode;
  } catch (error) {
    if (error instanceof CommanderError && error.exitCode === 0) return ExitCode.ok;
    return new Output(args.includes('--json'), streams).fail(error);
  }
}
