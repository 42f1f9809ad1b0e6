import { encodeHeaderValue } from './header-value.js';
import { isRecord } from './is-record.js';
import { MetaKey } from './meta.js';
import { methodInfo } from './method-info.js';
import { isTaskMethod } from './task-methods.js';

/** The HTTP headers that mirror request fields (H-6). Header names compare case-insensitively (H-17). */
export const McpHeader = {
  protocolVersion: 'MCP-Protocol-Version',
  method: 'Mcp-Method',
  name: 'Mcp-Name',
  paramPrefix: 'Mcp-Param-',
} as const;

/** One tool parameter mirrored into an `Mcp-Param-{header}` header. */
export interface McpHeaderAnnotation {
  /** The `x-mcp-header` value: the name part of `Mcp-Param-{header}`. */
  header: string;
  /** The chain of `properties` keys from the schema root to the parameter. */
  path: string[];
  type: 'string' | 'integer' | 'boolean';
}

export type McpHeaderAnnotations =
  | { ok: true; annotations: McpHeaderAnnotation[] }
  | { ok: false; reason: string };

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const PRIMITIVES = new Set(['string', 'integer', 'boolean']);

/** Keywords whose values are subschemas (maps of them, lists of them, or one). */
const SCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];
const SCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const SCHEMA_SINGLES = [
  'additionalProperties',
  'items',
  'contains',
  'not',
  'if',
  'then',
  'else',
  'propertyNames',
  'unevaluatedItems',
  'unevaluatedProperties',
  'additionalItems',
];

function primitiveType(schema: Record<string, unknown>): McpHeaderAnnotation['type'] | undefined {
  const { type } = schema;
  if (typeof type === 'string')
    return PRIMITIVES.has(type) ? (type as McpHeaderAnnotation['type']) : undefined;
  if (Array.isArray(type)) {
    const nonNull = type.filter((t) => t !== 'null');
    if (nonNull.length === 1 && PRIMITIVES.has(nonNull[0] as string))
      return nonNull[0] as McpHeaderAnnotation['type'];
  }
  return undefined;
}

/**
 * Reads and validates the `x-mcp-header` annotations of a tool's `inputSchema` (H-23): each value
 * a non-empty RFC 9110 token, unique case-insensitively, on an `integer`, `string` or `boolean`
 * property reachable from the root through `properties` keys alone. One bad annotation makes the
 * whole tool invalid; the reason names it.
 *
 * @example
 * ```ts
 * const read = readMcpHeaderAnnotations(tool.inputSchema);
 * if (!read.ok) console.warn(`dropping tool ${tool.name}: ${read.reason}`);
 * ```
 */
export function readMcpHeaderAnnotations(inputSchema: unknown): McpHeaderAnnotations {
  const annotations: McpHeaderAnnotation[] = [];
  const seen = new Set<string>();
  let problem: string | undefined;

  const visit = (schema: unknown, pointer: string, staticPath: string[] | undefined): void => {
    if (problem !== undefined || !isRecord(schema)) return;
    if ('x-mcp-header' in schema) {
      problem = annotationProblem(schema, pointer, staticPath, seen);
      if (problem !== undefined) return;
      const header = schema['x-mcp-header'] as string;
      seen.add(header.toLowerCase());
      annotations.push({ header, path: staticPath!, type: primitiveType(schema)! });
    }
    for (const keyword of SCHEMA_MAPS) {
      const map = schema[keyword];
      if (!isRecord(map)) continue;
      for (const [name, child] of Object.entries(map)) {
        const childPath = keyword === 'properties' && staticPath ? [...staticPath, name] : undefined;
        visit(child, `${pointer}/${keyword}/${name}`, childPath);
      }
    }
    for (const keyword of SCHEMA_LISTS) {
      const list = schema[keyword];
      if (!Array.isArray(list)) continue;
      for (const [i, child] of list.entries()) visit(child, `${pointer}/${keyword}/${i}`, undefined);
    }
    for (const keyword of SCHEMA_SINGLES) {
      if (keyword in schema) visit(schema[keyword], `${pointer}/${keyword}`, undefined);
    }
  };

  visit(inputSchema, '', []);
  return problem === undefined ? { ok: true, annotations } : { ok: false, reason: problem };
}

function annotationProblem(
  schema: Record<string, unknown>,
  pointer: string,
  staticPath: string[] | undefined,
  seen: Set<string>,
): string | undefined {
  const header = schema['x-mcp-header'];
  const where = `x-mcp-header at "${pointer || '/'}"`;
  if (typeof header !== 'string' || header.length === 0) return `${where} must be a non-empty string`;
  if (!TOKEN.test(header)) return `${where} (${JSON.stringify(header)}) is not an HTTP token`;
  if (seen.has(header.toLowerCase())) return `${where} (${JSON.stringify(header)}) is not unique`;
  if (!staticPath || staticPath.length === 0) {
    return `${where} is not on a property reachable through "properties" alone`;
  }
  if (primitiveType(schema) === undefined) {
    return `${where} is on a property whose type is not integer, string or boolean`;
  }
  return undefined;
}

/** The value at `path` in `args`, or `undefined`. */
export function valueAtPath(args: unknown, path: readonly string[]): unknown {
  let value = args;
  for (const key of path) {
    if (!isRecord(value) || !Object.hasOwn(value, key)) return undefined;
    value = value[key];
  }
  return value;
}

/**
 * The annotated argument values to mirror as `Mcp-Param-*` headers, by header name part (H-25):
 * absent and `null` values are left out. A value of another type than the annotation's (`1.5` for
 * an `integer`) is mirrored as it is: the header then matches the body, and the server's argument
 * check answers with a tool error the model can act on, not a `-32020` the caller cannot.
 */
export function extractMcpHeaderValues(
  annotations: readonly McpHeaderAnnotation[],
  args: Record<string, unknown> | undefined,
): Record<string, string | number | boolean> {
  const values: Record<string, string | number | boolean> = {};
  for (const { header, path } of annotations) {
    const value = valueAtPath(args, path);
    if (typeof value === 'string' || typeof value === 'boolean' || Number.isFinite(value))
      values[header] = value as string | number | boolean;
  }
  return values;
}

/**
 * The params field `Mcp-Name` mirrors for `method`: `name` or `uri` for the core methods that have
 * one, `taskId` for the tasks extension's methods, else `undefined`.
 */
export function mirroredNameParam(method: string): string | undefined {
  return methodInfo(method)?.nameParam ?? (isTaskMethod(method) ? 'taskId' : undefined);
}

/**
 * The standard mirror headers of a request (H-6, H-27): `MCP-Protocol-Version`, `Mcp-Method`,
 * `Mcp-Name` where the method has one, and `Mcp-Param-*` for `paramHeaders`, encoded per H-26.
 * A number in `paramHeaders` that is not finite is left out: it has no encoding.
 */
export function requestHeaders(
  request: { method: string; params?: Record<string, unknown> },
  paramHeaders?: Record<string, string | number | boolean>,
): Record<string, string> {
  const headers: Record<string, string> = { [McpHeader.method]: request.method };
  const meta = request.params?._meta as Record<string, unknown> | undefined;
  const version = meta?.[MetaKey.protocolVersion];
  if (typeof version === 'string') headers[McpHeader.protocolVersion] = version;
  const nameParam = mirroredNameParam(request.method);
  const name = nameParam ? request.params?.[nameParam] : undefined;
  if (typeof name === 'string') headers[McpHeader.name] = encodeHeaderValue(name);
  if (paramHeaders === undefined) return headers;
  for (const [header, value] of Object.entries(paramHeaders)) {
    if (typeof value === 'number' && !Number.isFinite(value)) continue;
    headers[`${McpHeader.paramPrefix}${header}`] = encodeHeaderValue(value);
  }
  return headers;
}
