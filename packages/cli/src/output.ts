import type { ClientWarning } from '@mcpkit/client';
import { CommanderError } from 'commander';
import { terminalJson, visible } from './visible.js';

/** What the process exit code means; scripts branch on it. */
export const ExitCode = {
  /** Done. */
  ok: 0,
  /** The tool ran and reported an error (`isError: true`). */
  toolError: 1,
  /** The command line was wrong: unknown option, missing argument, arguments that fail the schema. */
  usage: 2,
  /** The server or the connection failed: an MCP error, a transport error, a timeout. */
  failure: 3,
} as const;

export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

/** A mistake on the command line, reported with exit code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** A failure that already carries the exit code it should end with. */
export class ExitError extends Error {
  override readonly name = 'ExitError';
  constructor(
    message: string,
    readonly exitCode: ExitCode,
  ) {
    super(message);
  }
}

/** The exit code an error thrown by a command ends the process with. */
function exitCodeFor(error: unknown): ExitCode {
  if (error instanceof ExitError) return error.exitCode;
  if (error instanceof UsageError) return ExitCode.usage;
  if (error instanceof CommanderError) return error.exitCode === 0 ? ExitCode.ok : ExitCode.usage;
  return ExitCode.failure;
}

/** The JSON form of an error: its message and, for MCP errors, the code and data. */
function errorJson(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const { code, data } = error as { code?: unknown; data?: unknown };
  return {
    type: error.name,
    message: error.message,
    ...(code === undefined ? {} : { code }),
    ...(data === undefined ? {} : { data }),
    ...(error.cause instanceof Error ? { cause: error.cause.message } : {}),
  };
}

/** Where a command writes: stdout for results, stderr for everything a person reads on the side. */
export interface Streams {
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
}

/**
 * How a command shows what it found. With `--json`, every result is one JSON document on stdout
 * (one per line for streams such as `listen`) and errors are `{"error": {...}}` on stdout too, so a
 * script reads one stream; otherwise results are text for a person and errors go to stderr.
 *
 * This is where the output meets the terminal: human text passes through `visible`, so the control
 * characters a server may put in names, results or errors are shown, never acted on; JSON keeps the
 * exact values, with the characters JSON.stringify leaves raw written as `\u` escapes.
 */
export class Output {
  constructor(
    readonly json: boolean,
    readonly streams: Streams = { stdout: process.stdout, stderr: process.stderr },
  ) {}

  /** Whether a person is watching stderr (progress bars, prompts' surroundings). */
  get interactive(): boolean {
    return !this.json && this.streams.stderr.isTTY === true;
  }

  /** Prints a result: `value` as JSON, or what `human` makes of it. */
  result<T>(value: T, human: (value: T) => string): void {
    if (this.json) this.streams.stdout.write(`${terminalJson(value)}\n`);
    else {
      const text = visible(human(value));
      if (text !== '') this.streams.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
    }
  }

  /** A side note for a person (never on stdout, never in JSON mode). */
  note(text: string): void {
    if (!this.json) this.streams.stderr.write(`${visible(text)}\n`);
  }

  /** Reports an error and returns the exit code it means. */
  fail(error: unknown): ExitCode {
    const code = exitCodeFor(error);
    if (error instanceof CommanderError) return code; // commander has printed it already
    if (this.json) this.streams.stdout.write(`${terminalJson({ error: errorJson(error) })}\n`);
    else this.streams.stderr.write(`mcpkit: ${visible(describeError(error))}\n`);
    return code;
  }
}

/** A client warning as one line for a person. */
export function warningText(warning: ClientWarning): string {
  switch (warning.kind) {
    case 'tool-rejected':
      return `warning: the tool ${warning.tool} is left out: ${warning.reason}`;
    case 'subscription-degraded':
      return `warning: the server does not send ${Object.keys(warning.missing).join(', ')}`;
    case 'cache-failed':
      return `warning: the response cache failed: ${errorText(warning.error)}`;
    case 'hook-failed':
      return warning.notification === undefined
        ? `warning: a client hook failed when the session ended: ${errorText(warning.error)}`
        : `warning: a client hook failed on ${warning.notification}, which was dropped: ${errorText(warning.error)}`;
  }
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const { code } = error as { code?: unknown };
  const prefix = typeof code === 'number' ? `${error.message} (MCP error ${code})` : error.message;
  const cause =
    error.cause instanceof Error && !error.message.includes(error.cause.message)
      ? `: ${error.cause.message}`
      : '';
  return `${prefix}${cause}`;
}
