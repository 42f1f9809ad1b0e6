import type { CallToolResult, LoggingLevel, McpClient, Tool } from '@mcpkit/client';
import { collect, type RegisterCommand, serverCommand, withInputOptions, withServer } from '../command.js';
import { contentText } from '../content.js';
import { ExitCode, type Output, UsageError } from '../output.js';
import { logLine, progressView } from '../progress.js';
import { argumentsFrom, checkArguments } from '../tool-arguments.js';
import { allTools } from './tools.js';

/** Whether `typed` is probably a misspelling of `name`: a part of it, or at most two edits away. */
function looksLike(typed: string, name: string): boolean {
  if (name.includes(typed) || typed.includes(name)) return true;
  if (Math.abs(typed.length - name.length) > 2) return false;
  let previous = Array.from({ length: name.length + 1 }, (_, at) => at);
  for (let row = 1; row <= typed.length; row++) {
    const current = [row];
    for (let column = 1; column <= name.length; column++) {
      const substitution = previous[column - 1]! + (typed[row - 1] === name[column - 1] ? 0 : 1);
      current.push(Math.min(previous[column]! + 1, current[column - 1]! + 1, substitution));
    }
    previous = current;
  }
  return previous[name.length]! <= 2;
}

/** The tool called `name`, or a usage error naming the tools there are. */
async function findTool(client: McpClient, name: string): Promise<Tool> {
  const tools = await allTools(() => client.iterateTools());
  const tool = tools.find((candidate) => candidate.name === name);
  if (tool) return tool;
  const names = tools.map((candidate) => candidate.name);
  const close = names.filter((candidate) => looksLike(name, candidate));
  const hint =
    close.length > 0 ? `did you mean ${close.join(', ')}?` : `tools: ${names.join(', ') || 'none'}`;
  throw new UsageError(`no tool named ${name}; ${hint}`);
}

/** A tool result for a person: its content, then its structured content when it has some. */
function callResultText(result: CallToolResult): string {
  const parts = [contentText(result.content ?? [])];
  if (result.structuredContent !== undefined) {
    parts.push(`structuredContent: ${JSON.stringify(result.structuredContent, null, 2)}`);
  }
  const text = parts.filter((part) => part !== '').join('\n\n');
  return result.isError ? `Tool error:\n${text}` : text;
}

export interface CallInput {
  name: string;
  json: string | undefined;
  pairs: readonly string[];
  logLevel?: LoggingLevel;
}

/** Calls a tool with arguments from the command line; the exit code is 1 when the tool reports an error. */
export async function callTool(client: McpClient, output: Output, input: CallInput): Promise<ExitCode> {
  const tool = await findTool(client, input.name);
  const args = argumentsFrom(input.json, input.pairs, tool.inputSchema);
  checkArguments(tool.name, args, tool.inputSchema);
  const progress = progressView(output);
  let result: CallToolResult;
  try {
    result = await client.callTool(tool.name, args, {
      onProgress: (update) => progress.update(update),
      ...(input.logLevel === undefined
        ? {}
        : { logLevel: input.logLevel, onLog: (message) => output.note(logLine(message)) }),
    });
  } finally {
    progress.finish();
  }
  output.result(result, callResultText);
  return result.isError ? ExitCode.toolError : ExitCode.ok;
}

export const call: RegisterCommand = (program, context) => {
  withInputOptions(
    serverCommand(program, 'call', 'Call a tool; arguments as a JSON object or --arg key=value.', [
      `mcpkit call add_numbers '{"a":1,"b":2}' -- node server.js`,
      'mcpkit call http://localhost:3000/mcp add_numbers --arg a=1 --arg b=2',
    ]),
  )
    .argument('<tool>', 'the tool name')
    .argument('[json]', 'the arguments as one JSON object')
    .option('-a, --arg <key=value>', "one argument, typed by the tool's schema (repeatable)", collect)
    .option('--log-level <level>', "show the server's log messages at this level and above")
    .action(
      withServer<{ arg?: string[]; logLevel?: LoggingLevel }>(
        context,
        ({ connection, output, options, operands }) =>
          callTool(connection.client, output, {
            name: operands[0] as string,
            json: operands[1] as string | undefined,
            pairs: options.arg ?? [],
            ...(options.logLevel === undefined ? {} : { logLevel: options.logLevel }),
          }),
        { input: true },
      ),
    );
};
