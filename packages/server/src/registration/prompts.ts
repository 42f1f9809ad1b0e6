import type { Icon, Prompt, PromptArgument, PromptMessage } from '@mcpkit/protocol';
import { type Check, compileCheck, describeFailure, McpError } from '@mcpkit/protocol/internal';
import { loadSchemas } from '@mcpkit/protocol/schema-loader';
import type * as core from 'zod/v4/core';
import type { AskContext } from '../input/input-spec.js';
import { contentBlockProblem, firstProblem } from './binary-content.js';
import type { Completer } from './completion.js';
import { compileZodSchema, isZod, type SyncCompiledSchema } from './schema-adapter.js';
import { compileScopes } from './scopes.js';

/** A prompt argument declared without zod. */
export interface PromptArgumentConfig {
  title?: string;
  description?: string;
  required?: boolean;
}

/** Prompt arguments: a zod object of strings, or a record of declarations. */
export type PromptArgumentsInput = core.$ZodType | Readonly<Record<string, PromptArgumentConfig>>;

type RequiredNames<A> = { [K in keyof A]: A[K] extends { required: true } ? K : never }[keyof A];

/** The arguments a prompt handler receives. */
export type PromptArgs<A> = A extends core.$ZodType
  ? core.output<A>
  : A extends Readonly<Record<string, PromptArgumentConfig>>
    ? { [K in RequiredNames<A>]: string } & { [K in Exclude<keyof A, RequiredNames<A>>]?: string }
    : Record<string, never>;

export interface PromptConfig<A extends PromptArgumentsInput | undefined = undefined> {
  title?: string;
  description?: string;
  icons?: Icon[];
  _meta?: Record<string, unknown>;
  /** The arguments. A zod schema also validates them; a missing required argument is `-32602` (S-36). */
  arguments?: A;
  /** Completers for the arguments (`completion/complete` with `ref/prompt`). */
  complete?: Readonly<Record<string, Completer>>;
  /** OAuth scopes a `prompts/get` needs, for an authorization layer to enforce (see `ToolConfig.scopes`). */
  scopes?: readonly string[];
}

/** What a prompt handler returns. */
export interface PromptResult {
  description?: string;
  messages: PromptMessage[];
  _meta?: Record<string, unknown>;
}

export type PromptHandler<A> = (args: PromptArgs<A>, ctx: AskContext) => PromptResult | Promise<PromptResult>;

export interface PromptEntry {
  readonly definition: Prompt;
  readonly complete: Readonly<Record<string, Completer>>;
  readonly scopes: readonly string[];
  /** Checks and converts the request's arguments; throws `-32602` when they do not fit. */
  readonly parse: (args: Record<string, string> | undefined) => unknown;
  readonly handler: (args: unknown, ctx: AskContext) => PromptResult | Promise<PromptResult>;
}

let isPromptResult: Check | undefined;

function zodArguments(
  name: string,
  schema: core.$ZodType,
): { list: PromptArgument[]; parse: PromptEntry['parse'] } {
  const compiled: SyncCompiledSchema = compileZodSchema(
    schema,
    'input',
    `prompt ${JSON.stringify(name)} arguments`,
  );
  const { properties = {}, required = [] } = compiled.jsonSchema as {
    properties?: Record<string, { title?: string; description?: string }>;
    required?: string[];
  };
  const list = Object.entries(properties).map(([argName, property]) => {
    const argument: PromptArgument = { name: argName };
    if (property.title !== undefined) argument.title = property.title;
    if (property.description !== undefined) argument.description = property.description;
    if (required.includes(argName)) argument.required = true;
    return argument;
  });
  const parse = (args: Record<string, string> | undefined) => {
    const checked = compiled.validate(args ?? {});
    if (!checked.ok) throw McpError.invalidParams(`Invalid arguments for prompt ${name}: ${checked.message}`);
    return checked.value;
  };
  return { list, parse };
}

function declaredArguments(
  name: string,
  declared: Readonly<Record<string, PromptArgumentConfig>>,
): { list: PromptArgument[]; parse: PromptEntry['parse'] } {
  const list = Object.entries(declared).map(([argName, config]) => ({ name: argName, ...config }));
  const required = list.filter((argument) => argument.required === true).map((argument) => argument.name);
  const parse = (args: Record<string, string> | undefined) => {
    const given = args ?? {};
    const missing = required.filter((argName) => given[argName] === undefined);
    if (missing.length > 0) {
      throw McpError.invalidParams(
        `Missing required argument${missing.length > 1 ? 's' : ''} for prompt ${name}: ${missing.join(', ')}`,
      );
    }
    return given;
  };
  return { list, parse };
}

/** Compiles a prompt registration. */
export function compilePrompt(
  name: string,
  config: PromptConfig<PromptArgumentsInput | undefined>,
  handler: (args: never, ctx: AskContext) => PromptResult | Promise<PromptResult>,
): PromptEntry {
  if (name.length === 0) throw new TypeError('A prompt needs a name');
  const args = config.arguments;
  const { list, parse } =
    args === undefined
      ? { list: [], parse: (given: Record<string, string> | undefined) => given ?? {} }
      : isZod(args)
        ? zodArguments(name, args)
        : declaredArguments(name, args);
  const complete = config.complete ?? {};
  for (const argName of Object.keys(complete)) {
    if (!list.some((argument) => argument.name === argName)) {
      throw new TypeError(`Prompt ${name} has no argument ${JSON.stringify(argName)} to complete`);
    }
  }
  const definition: Prompt = { name };
  if (config.title !== undefined) definition.title = config.title;
  if (config.description !== undefined) definition.description = config.description;
  if (list.length > 0) definition.arguments = list;
  if (config.icons !== undefined) definition.icons = config.icons;
  if (config._meta !== undefined) definition._meta = config._meta;
  const scopes = compileScopes(config.scopes, `prompt ${JSON.stringify(name)}`);
  return { definition, complete, scopes, parse, handler: handler as PromptEntry['handler'] };
}

/** Runs a prompt; a result that breaks the `GetPromptResult` shape or S-38 is `-32603`. */
export async function runPrompt(
  entry: PromptEntry,
  args: unknown,
  ctx: AskContext,
): Promise<Record<string, unknown>> {
  const returned = await entry.handler(args, ctx);
  // The literal's own field first, then the spread, then a store (see `checkToolResult` in tools.ts).
  const result: Record<string, unknown> = { resultType: 'complete', ...returned };
  result.resultType = 'complete';
  const { GetPromptResultSchema } = await loadSchemas();
  isPromptResult ??= compileCheck(GetPromptResultSchema);
  if (!isPromptResult(result)) {
    throw McpError.internalError(
      describeFailure(GetPromptResultSchema, result, `prompt ${entry.definition.name} result`),
    );
  }
  const messages = result.messages as PromptMessage[];
  const problem = firstProblem(messages, (message) => contentBlockProblem(message.content), 'messages');
  if (problem) throw McpError.internalError(`Prompt ${entry.definition.name} returned ${problem}`);
  return result;
}
