import type {
  ClientCapabilities,
  ContentBlock,
  Icon,
  McpHeaderAnnotation,
  Tool,
  ToolAnnotations,
} from '@mcpkit/protocol';
import {
  type Check,
  compileCheck,
  describeFailure,
  isRecord,
  McpError,
  readMcpHeaderAnnotations,
  surelyCallToolResult,
} from '@mcpkit/protocol/internal';
import { loadSchemas } from '@mcpkit/protocol/schema-loader';
import type * as core from 'zod/v4/core';
import { ExtensionResult } from '../extensions/extension-result.js';
import { InputRequiredSignal } from '../input/input-spec.js';
import type { InputScope } from '../input/scope.js';
import type { ServerErrorHandler } from '../pipeline/error-report.js';
import type { ToolContext } from '../tasks/task-context.js';
import { contentBlockProblem, firstProblem } from './binary-content.js';
import {
  compileToolSchema,
  isRawShape,
  type RawShape,
  type ShapeInput,
  type ShapeOutput,
} from './raw-shape.js';
import {
  type CompiledSchema,
  isZod,
  type SchemaInput,
  type SchemaInputType,
  type SchemaOutput,
  type Validation,
} from './schema-adapter.js';
import { compileScopes } from './scopes.js';
import { isStandardSchema, type StandardSchema } from './standard-schema.js';
import { HandleError } from './tool-handles.js';
import type { ToolResult } from './tool-result.js';

/** What `McpServer.tool` takes in place of a config: the input schema alone. */
export type ToolInputSchema = core.$ZodType | StandardSchema | RawShape;

/**
 * A config is no schema: a zod or Standard Schema object passed as the config is the input schema
 * (the other overload of `McpServer.tool`), never a config that happens to share `description`.
 */
export interface NotASchema {
  readonly '~standard'?: never;
  readonly _zod?: never;
}

/**
 * `I` when it can describe a tool's arguments; for a zod schema of something else (a string, an
 * array), a type whose text says what to write instead, so the mistake is a compile error.
 */
export type ObjectInputSchema<I> = I extends core.$ZodType
  ? core.output<I> extends Record<string, unknown>
    ? I
    : 'inputSchema must describe an object of arguments: write z.object({ ... }) or a shape { a: z.number() }'
  : I extends { inputSchema: unknown } | { outputSchema: unknown }
    ? 'a config, not a shape: its inputSchema must describe an object of arguments'
    : I;

/** Whether `value` is a schema given where the config goes: `tool(name, z.object({ ... }), handler)`. */
export function isInputSchemaArgument(value: unknown): value is ToolInputSchema {
  if (isZod(value) || isStandardSchema(value)) return true;
  // A config holding only schemas (`{ inputSchema: z.object(...) }`) looks like a shape: its keys tell.
  return isRawShape(value) && !Object.hasOwn(value, 'inputSchema') && !Object.hasOwn(value, 'outputSchema');
}

/** How a tool is described and checked. */
export interface ToolConfig<
  I extends SchemaInput | undefined = undefined,
  O extends SchemaInput | undefined = undefined,
> {
  title?: string;
  description?: string;
  /**
   * The arguments: a zod object schema or any Standard Schema validator (valibot, ArkType, ...;
   * the handler's `args` are typed and parsed by it), a shape of such fields (`{ a: z.number() }`,
   * as `z.object` of it), or raw JSON Schema with `type: "object"` at the root. Default: no arguments. Annotate a parameter
   * with `x-mcp-header` (zod: `.meta({ 'x-mcp-header': 'Region' })`) to mirror it in an HTTP header.
   */
  inputSchema?: I;
  /** The shape of `structuredContent` (a schema, a shape of fields or JSON Schema); every successful result is checked against it (S-19). */
  outputSchema?: O;
  annotations?: ToolAnnotations;
  icons?: Icon[];
  _meta?: Record<string, unknown>;
  /**
   * Client capabilities a call cannot do without; a call that lacks one is refused with
   * `-32021` before the handler runs (S-3), e.g. `{ sampling: {} }`.
   */
  requiredClientCapabilities?: ClientCapabilities;
  /**
   * OAuth scopes a call needs, for an authorization layer such as `@mcpkit/auth` to enforce
   * (the server itself does not); read them with `McpServer.requiredScopes({ tool })`.
   */
  scopes?: readonly string[];
  /**
   * Whether a call may run as a task (the tasks extension, which the server must turn on with
   * `ServerOptions.tasks`): `'optional'` lets the handler's `ctx.runAsTask` make the call a task
   * when the request declared the extension and run the work inline otherwise; `'required'`
   * refuses a request that did not declare it with `-32021` before the handler runs.
   */
  taskSupport?: 'optional' | 'required';
}

/** The handler's arguments for an input schema. */
export type ToolArgs<I> = I extends core.$ZodType | StandardSchema
  ? SchemaOutput<I>
  : I extends RawShape
    ? ShapeOutput<I>
    : I extends SchemaInput
      ? SchemaOutput<I>
      : Record<string, never>;

/** The structured content a handler produces for an output schema. */
export type ToolStructured<O> = O extends core.$ZodType | StandardSchema
  ? SchemaInputType<O>
  : O extends RawShape
    ? ShapeInput<O>
    : O extends SchemaInput
      ? SchemaInputType<O>
      : unknown;

export type ToolHandler<I, O> = (
  args: ToolArgs<I>,
  ctx: ToolContext,
) => ToolResult<ToolStructured<O>> | Promise<ToolResult<ToolStructured<O>>>;

/** A registered tool, compiled once. */
export interface ToolEntry {
  readonly definition: Tool;
  readonly input: CompiledSchema;
  readonly output: CompiledSchema | undefined;
  readonly headerAnnotations: readonly McpHeaderAnnotation[];
  readonly requiredClientCapabilities: ClientCapabilities | undefined;
  readonly scopes: readonly string[];
  /** The configuration as registered, for extensions (`ToolCallSetup.tool`). */
  readonly config: Readonly<ToolConfig<SchemaInput | undefined, SchemaInput | undefined>>;
  readonly handler: (args: unknown, ctx: ToolContext) => unknown;
}

const TOOL_NAME = /^[A-Za-z0-9_.-]{1,128}$/;
const NO_ARGUMENTS = { type: 'object', additionalProperties: false };
let isCallToolResult: Check | undefined;

/** Compiles a tool registration; throws a `TypeError` for a name or schema the spec does not allow. */
export function compileTool(
  name: string,
  config: ToolConfig<SchemaInput | undefined, SchemaInput | undefined>,
  handler: (args: never, ctx: ToolContext) => unknown,
): ToolEntry {
  if (!TOOL_NAME.test(name)) {
    throw new TypeError(
      `Tool name ${JSON.stringify(name)} must be 1-128 characters of A-Z a-z 0-9 _ . -`, // S-17
    );
  }
  const where = `tool ${JSON.stringify(name)}`;
  const input = compileToolSchema(config.inputSchema ?? NO_ARGUMENTS, 'input', `${where} inputSchema`);
  if (input.jsonSchema.type !== 'object') {
    const root =
      input.jsonSchema.type === undefined ? 'no type' : `type ${JSON.stringify(input.jsonSchema.type)}`;
    throw new TypeError(
      `${where}: inputSchema must describe an object of arguments, and this one has ${root} at its root. ` +
        'Write the arguments as z.object({ a: z.number() }) or as a shape { a: z.number() }, ' +
        'or as JSON Schema with type "object"', // P-84
    );
  }
  const headers = readMcpHeaderAnnotations(input.jsonSchema);
  if (!headers.ok) throw new TypeError(`${where}: ${headers.reason}`); // H-23
  const { taskSupport } = config;
  if (taskSupport !== undefined && taskSupport !== 'optional' && taskSupport !== 'required') {
    throw new TypeError(`${where}: taskSupport must be 'optional' or 'required'`);
  }
  const output =
    config.outputSchema && compileToolSchema(config.outputSchema, 'output', `${where} outputSchema`);
  const definition: Tool = { name, inputSchema: input.jsonSchema as Tool['inputSchema'] };
  if (config.title !== undefined) definition.title = config.title;
  if (config.description !== undefined) definition.description = config.description;
  if (output) definition.outputSchema = output.jsonSchema;
  if (config.annotations !== undefined) definition.annotations = config.annotations;
  if (config.icons !== undefined) definition.icons = config.icons;
  if (config._meta !== undefined) definition._meta = config._meta;
  return {
    definition,
    input,
    output,
    headerAnnotations: headers.annotations,
    requiredClientCapabilities: config.requiredClientCapabilities,
    scopes: compileScopes(config.scopes, where),
    config,
    handler: handler as ToolEntry['handler'],
  };
}

/** A tool execution error result (S-18): a message the model can act on, never a stack trace. */
export function toolError(message: string): Record<string, unknown> {
  return { resultType: 'complete', content: [{ type: 'text', text: message }], isError: true };
}

function messageOf(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return 'The tool failed';
}

/**
 * Starts a tool call (S-18): checks the arguments against the input schema and calls the handler.
 * Gives what the handler returned, for `finishTool`: as it is when the check and the handler are
 * synchronous, as a promise when either is not; a synchronous handler's error is thrown. Arguments
 * that fail the input schema give an `isError` result, which `finishTool` checks as any other.
 */
export function startTool(
  entry: ToolEntry,
  args: Record<string, unknown> | undefined,
  ctx: InputScope,
): unknown {
  const parsed = entry.input.validate(args ?? {});
  return parsed instanceof Promise
    ? parsed.then((checked) => callHandler(entry, checked, ctx))
    : callHandler(entry, parsed, ctx);
}

function callHandler(entry: ToolEntry, parsed: Validation, ctx: InputScope): unknown {
  if (!parsed.ok) return toolError(`Invalid arguments for tool ${entry.definition.name}: ${parsed.message}`);
  // The server's extensions gave `ctx` the members `ToolContext` adds (`ExtensionSet`).
  const returned: unknown = entry.handler(parsed.value, ctx as unknown as ToolContext);
  // Any thenable is adopted, as `await` would; a native promise stays the same object.
  return typeof (returned as { then?: unknown } | null)?.then === 'function'
    ? Promise.resolve(returned)
    : returned;
}

/**
 * What a handler returned, as the call's result: an extension's result as it is, anything else
 * checked (`checkToolResult`); a result that breaks the output schema or the result shape is a
 * server fault, `-32603` (S-19).
 */
export function finishTool(
  entry: ToolEntry,
  value: unknown,
  ownCopy = false,
): Record<string, unknown> | Promise<Record<string, unknown>> {
  return value instanceof ExtensionResult ? value.result : checkToolResult(entry, value, ownCopy);
}

/** Whether `finishTool` gives a copy the server made: anything but an extension's result. */
export function isServerCopy(value: unknown): boolean {
  return !(value instanceof ExtensionResult);
}

/**
 * What a handler's error becomes: an `isError` result, reported to `onError` (the model sees the
 * message, the server's owner the stack), or (protocol errors, MRTR, cancellation) the error itself.
 */
export function failedResult(
  entry: ToolEntry,
  error: unknown,
  ctx: InputScope,
  report: ServerErrorHandler,
): Record<string, unknown> {
  if (
    error instanceof McpError ||
    error instanceof InputRequiredSignal ||
    ctx.inputPending ||
    ctx.signal.aborted
  ) {
    throw error;
  }
  // A handle error is an answer the model acts on (call the opener again), not a fault.
  if (!(error instanceof HandleError)) {
    const tool = entry.definition.name;
    report(error, { level: 'error', method: 'tools/call', requestId: ctx.requestId, tool });
  }
  return toolError(messageOf(error));
}

/**
 * What the error of a tool's work run as a task becomes: an `isError` result (the error goes to
 * `report`), or a protocol error rethrown.
 */
export function toolFailure(error: unknown, report: (error: unknown) => void): Record<string, unknown> {
  if (error instanceof McpError) throw error;
  if (error instanceof InputRequiredSignal) {
    throw McpError.internalError(
      'The task asked a question through the request context: use the task context',
    );
  }
  report(error);
  return toolError(messageOf(error));
}

/**
 * Checks what a handler returned: the result shape and the output schema (S-19); `-32603` when broken.
 * With `ownCopy` (nothing but the server will see the copy), the copy has a `_meta` key first, for the
 * server to set serverInfo in place rather than copy the result again (`checkMethodResult`).
 */
export function checkToolResult(
  entry: ToolEntry,
  returned: unknown,
  ownCopy = false,
): Record<string, unknown> | Promise<Record<string, unknown>> {
  const name = entry.definition.name;
  if (!isRecord(returned)) {
    throw McpError.internalError(`Tool ${name} returned no result object`);
  }
  const resultType = returned.resultType;
  if (resultType !== undefined && resultType !== 'complete') {
    throw McpError.internalError(`Tool ${name} returned resultType ${JSON.stringify(resultType)}`);
  }
  // The fields set here come first in the literal: adding a property to an object made by a
  // spread takes V8's slow path (about 0.4 µs on Node 20), storing to one it already has does not.
  const result: Record<string, unknown> = ownCopy
    ? { _meta: undefined, resultType: 'complete', content: undefined, ...returned }
    : { resultType: 'complete', content: undefined, ...returned };
  result.resultType = 'complete';
  if (entry.output && result.isError !== true) {
    const checked =
      result.structuredContent === undefined
        ? ({ ok: false, message: 'structuredContent is missing' } as const)
        : entry.output.validate(result.structuredContent);
    return checked instanceof Promise
      ? checked.then((verdict) => withStructuredContent(name, result, verdict))
      : withStructuredContent(name, result, checked);
  }
  return completeResult(name, result);
}

/** `result` with its structured content as the output schema parsed it (S-19). */
function withStructuredContent(
  name: string,
  result: Record<string, unknown>,
  checked: Validation,
): Record<string, unknown> | Promise<Record<string, unknown>> {
  if (!checked.ok) {
    throw McpError.internalError(
      `Tool ${name} returned structuredContent that breaks its outputSchema: ${checked.message}`,
    );
  }
  result.structuredContent = checked.value;
  return completeResult(name, result);
}

/**
 * `result` with its default content, checked against the result shape: a result of text blocks
 * at once, any other against `CallToolResultSchema`, loaded the first time one comes.
 */
function completeResult(
  name: string,
  result: Record<string, unknown>,
): Record<string, unknown> | Promise<Record<string, unknown>> {
  if (result.content === undefined) {
    result.content =
      result.structuredContent === undefined
        ? []
        : [{ type: 'text', text: JSON.stringify(result.structuredContent) }];
  }
  // Text blocks alone (what the quick check lets through) carry no binary data to check.
  if (surelyCallToolResult(result)) return result;
  return loadSchemas().then(({ CallToolResultSchema }) => {
    isCallToolResult ??= compileCheck(CallToolResultSchema);
    if (!isCallToolResult(result)) {
      throw McpError.internalError(describeFailure(CallToolResultSchema, result, `tool ${name} result`));
    }
    return checkedContent(name, result);
  });
}

/** `result` once its content blocks are within the rules the schema cannot state (binary data). */
function checkedContent(name: string, result: Record<string, unknown>): Record<string, unknown> {
  const problem = firstProblem(result.content as ContentBlock[], contentBlockProblem, 'content');
  if (problem) throw McpError.internalError(`Tool ${name} returned ${problem}`);
  return result;
}
