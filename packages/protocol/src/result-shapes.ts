import { isRecord } from './is-record.js';
import {
  isIcon,
  isImplementation,
  isJsonObject,
  isOptionalString,
  isSettingsMap,
  optional,
  withinStack,
} from './shape-checks.js';

/*
 * The complete results a client meets on every connection (server/discover, tools/list,
 * tools/call), checked by hand so reading them loads no schema library. Each predicate gives the
 * verdict `compileCheck` gives for the zod schema of the same name, on a result the receiver's
 * defaults were applied to (test/result-shapes.test.ts compares them on generated and mutated
 * values and on the spec's examples); change both together.
 */

function isOptionalBoolean(value: unknown): boolean {
  return value === undefined || typeof value === 'boolean';
}

function isStringArray(value: unknown): boolean {
  if (!Array.isArray(value)) return false;
  for (let i = 0; i < value.length; i++) if (typeof value[i] !== 'string') return false;
  return true;
}

function isArrayOf(value: unknown, check: (item: unknown) => boolean): boolean {
  if (!Array.isArray(value)) return false;
  for (let i = 0; i < value.length; i++) if (!check(value[i])) return false;
  return true;
}

function isOptionalIcons(value: unknown): boolean {
  return value === undefined || isArrayOf(value, isIcon);
}

/** `ResultMetaObjectSchema`, optional: an object whose `serverInfo`, if any, is an `Implementation`. */
function isOptionalResultMeta(meta: unknown): boolean {
  if (meta === undefined) return true;
  if (!isRecord(meta)) return false;
  return optional(meta['io.modelcontextprotocol/serverInfo'], isImplementation);
}

/** The fields every complete result has (`completeResultShape`). */
function isCompleteResult(result: Record<string, unknown>): boolean {
  return result.resultType === 'complete' && isOptionalResultMeta(result._meta);
}

/** `cacheShape`: a safe integer `ttlMs` ≥ 0 and a `cacheScope`. */
function hasCacheHints(result: Record<string, unknown>): boolean {
  const { ttlMs, cacheScope } = result;
  return (
    Number.isSafeInteger(ttlMs) &&
    (ttlMs as number) >= 0 &&
    (cacheScope === 'public' || cacheScope === 'private')
  );
}

function isListChangedFlags(value: unknown): boolean {
  return isRecord(value) && isOptionalBoolean(value.listChanged);
}

function isServerCapabilities(value: unknown): boolean {
  if (!isRecord(value)) return false;
  const { resources } = value;
  return (
    optional(value.experimental, isSettingsMap) &&
    optional(value.logging, isJsonObject) &&
    optional(value.completions, isJsonObject) &&
    optional(value.prompts, isListChangedFlags) &&
    optional(
      resources,
      () => isRecord(resources) && isOptionalBoolean(resources.subscribe) && isListChangedFlags(resources),
    ) &&
    optional(value.tools, isListChangedFlags) &&
    optional(value.extensions, isSettingsMap)
  );
}

/** `DiscoverResultSchema`'s verdict. */
export function isDiscoverResult(value: unknown): boolean {
  return withinStack(checkDiscoverResult, value);
}
const checkDiscoverResult = (value: unknown): boolean =>
  isRecord(value) &&
  isCompleteResult(value) &&
  hasCacheHints(value) &&
  isStringArray(value.supportedVersions) &&
  isServerCapabilities(value.capabilities) &&
  isOptionalString(value.instructions);

function isToolAnnotations(value: unknown): boolean {
  return (
    isRecord(value) &&
    isOptionalString(value.title) &&
    isOptionalBoolean(value.readOnlyHint) &&
    isOptionalBoolean(value.destructiveHint) &&
    isOptionalBoolean(value.idempotentHint) &&
    isOptionalBoolean(value.openWorldHint)
  );
}

function isTool(value: unknown): boolean {
  if (!isRecord(value) || typeof value.name !== 'string') return false;
  if (!isOptionalString(value.title) || !isOptionalString(value.description)) return false;
  const { inputSchema, outputSchema } = value;
  if (!isRecord(inputSchema) || inputSchema.type !== 'object' || !isOptionalString(inputSchema.$schema)) {
    return false;
  }
  if (outputSchema !== undefined && !(isRecord(outputSchema) && isOptionalString(outputSchema.$schema))) {
    return false;
  }
  return (
    optional(value.annotations, isToolAnnotations) &&
    isOptionalIcons(value.icons) &&
    optional(value._meta, isRecord)
  );
}

/** `ListToolsResultSchema`'s verdict. */
export function isListToolsResult(value: unknown): boolean {
  return withinStack(checkListToolsResult, value);
}
const checkListToolsResult = (value: unknown): boolean =>
  isRecord(value) &&
  isCompleteResult(value) &&
  hasCacheHints(value) &&
  isOptionalString(value.nextCursor) &&
  isArrayOf(value.tools, isTool);

function isRole(value: unknown): boolean {
  return value === 'user' || value === 'assistant';
}

function isAnnotations(value: unknown): boolean {
  if (!isRecord(value)) return false;
  const { audience, priority } = value;
  if (audience !== undefined && !isArrayOf(audience, isRole)) return false;
  if (priority !== undefined && !(typeof priority === 'number' && priority >= 0 && priority <= 1)) {
    return false;
  }
  return isOptionalString(value.lastModified);
}

/** The fields every content block has besides its own: `annotations` and `_meta`. */
function hasBlockExtras(block: Record<string, unknown>): boolean {
  return optional(block.annotations, isAnnotations) && optional(block._meta, isRecord);
}

function isResourceContents(value: unknown): boolean {
  if (!isRecord(value) || typeof value.uri !== 'string') return false;
  if (!isOptionalString(value.mimeType) || !optional(value._meta, isRecord)) return false;
  return typeof value.text === 'string' || typeof value.blob === 'string';
}

function isResourceLink(block: Record<string, unknown>): boolean {
  return (
    typeof block.uri === 'string' &&
    typeof block.name === 'string' &&
    isOptionalString(block.title) &&
    isOptionalString(block.description) &&
    isOptionalString(block.mimeType) &&
    (block.size === undefined || Number.isSafeInteger(block.size)) &&
    isOptionalIcons(block.icons)
  );
}

/** `ContentBlockSchema`'s verdict: text, image, audio, resource link or embedded resource. */
function isContentBlock(value: unknown): boolean {
  if (!isRecord(value)) return false;
  let ownFields: boolean;
  switch (value.type) {
    case 'text':
      ownFields = typeof value.text === 'string';
      break;
    case 'image':
    case 'audio':
      ownFields = typeof value.data === 'string' && typeof value.mimeType === 'string';
      break;
    case 'resource_link':
      ownFields = isResourceLink(value);
      break;
    case 'resource':
      ownFields = isResourceContents(value.resource);
      break;
    default:
      return false;
  }
  return ownFields && hasBlockExtras(value);
}

/** `CallToolResultSchema`'s verdict. */
export function isCallToolResult(value: unknown): boolean {
  return withinStack(checkCallToolResult, value);
}
const checkCallToolResult = (value: unknown): boolean =>
  isRecord(value) &&
  isCompleteResult(value) &&
  isArrayOf(value.content, isContentBlock) &&
  isOptionalBoolean(value.isError);
