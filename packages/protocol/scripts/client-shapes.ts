import { legacyMethods } from '../src/legacy/schemas.js';
import { methods } from '../src/methods.js';
import { ElicitResultSchema } from '../src/schemas/elicitation.js';
import { InputRequestSchema, InputRequiredResultSchema } from '../src/schemas/input-required.js';
import { CreateMessageResultSchema } from '../src/schemas/sampling.js';
import type { Shape } from '../src/shape-check.js';
import { CreateTaskResultSchema, DetailedTaskSchema } from '../src/tasks.js';

/*
 * Generates `src/client-shapes.generated.ts`: the shapes of the zod schemas a client checks results
 * and answers with, as a table `shape-check.ts` interprets, so a client needs no zod. Walks each
 * schema's `_zod.def`; a kind or check the table cannot express stops the generator, so a schema
 * change that needs more fails here rather than checking less.
 *
 * Regenerate: `pnpm --filter @mcpkit/protocol run generate:shapes`
 * (`test/client-shapes.test.ts` fails while the committed file differs from what this renders).
 */

interface Def {
  type: string;
  [key: string]: unknown;
}
interface Schema {
  _zod: { def: Def; innerType?: Schema };
}

/** The schemas the client needs, by the name `client-schema-set.ts` looks them up with. */
export function clientShapeRoots(): Record<string, Schema> {
  const roots: Record<string, unknown> = {};
  for (const [method, spec] of Object.entries(methods)) roots[method] = spec.result;
  for (const [method, spec] of Object.entries(legacyMethods)) roots[`legacy:${method}`] = spec.result;
  Object.assign(roots, {
    InputRequiredResult: InputRequiredResultSchema,
    InputRequest: InputRequestSchema,
    ElicitResult: ElicitResultSchema,
    CreateMessageResult: CreateMessageResultSchema,
    CreateTaskResult: CreateTaskResultSchema,
    DetailedTask: DetailedTaskSchema,
  });
  return roots as Record<string, Schema>;
}

function resolve(schema: Schema): Schema {
  return schema._zod.def.type === 'lazy' ? resolve(schema._zod.innerType!) : schema;
}

function checksOf(def: Def): Def[] {
  return ((def.checks as Schema[] | undefined) ?? []).map((check) => check._zod.def);
}

function unsupported(def: Def, what: string): never {
  throw new Error(`client-shapes: ${def.type} with ${what} has no table form; extend shape-check.ts`);
}

/** The shape table of `roots`: nodes in the order first met, and each root's node index. */
export function shapeTable(roots: Record<string, Schema>): { nodes: Shape[]; roots: Record<string, number> } {
  const nodes: Shape[] = [];
  const indexOf = new Map<Schema, number>();

  const add = (input: Schema): number => {
    const schema = resolve(input);
    const known = indexOf.get(schema);
    if (known !== undefined) return known;
    const index = nodes.length;
    indexOf.set(schema, index);
    nodes.push([]);
    nodes[index] = node(schema._zod.def);
    return index;
  };

  const node = (def: Def): Shape => {
    const checks = checksOf(def);
    const noChecks = () => {
      if (checks.length > 0) unsupported(def, `check ${checks[0]!.check}`);
    };
    switch (def.type) {
      case 'unknown':
      case 'string':
      case 'boolean':
      case 'null':
        if (def.type === 'string' && def.format) unsupported(def, `format ${def.format}`);
        noChecks();
        return [def.type];
      case 'number':
        return numberNode(def, checks);
      case 'literal':
        noChecks();
        return ['literal', ...(def.values as unknown[])];
      case 'enum':
        noChecks();
        return ['enum', ...Object.values(def.entries as Record<string, unknown>)];
      case 'optional':
      case 'nullable':
        noChecks();
        return [def.type, add(def.innerType as Schema)];
      case 'array': {
        let max: number | null = null;
        for (const check of checks) {
          if (check.check !== 'max_length') unsupported(def, `check ${check.check}`);
          max = check.maximum as number;
        }
        return ['array', add(def.element as Schema), max];
      }
      case 'record': {
        noChecks();
        const key = resolve(def.keyType as Schema)._zod.def;
        if (key.type !== 'string' || checksOf(key).length > 0) unsupported(def, 'keys other than strings');
        return ['record', add(def.valueType as Schema)];
      }
      case 'object': {
        noChecks();
        const catchall = def.catchall ? resolve(def.catchall as Schema)._zod.def.type : undefined;
        if (catchall !== undefined && catchall !== 'unknown') unsupported(def, `catchall ${catchall}`);
        const fields: Array<string | number> = [];
        for (const [key, value] of Object.entries(def.shape as Record<string, Schema>)) {
          fields.push(key, add(value));
        }
        return ['object', fields];
      }
      case 'union':
        noChecks();
        return def.discriminator ? taggedNode(def) : ['union', ...(def.options as Schema[]).map(add)];
      default:
        return unsupported(def, 'its kind');
    }
  };

  const taggedNode = (def: Def): Shape => {
    const key = def.discriminator as string;
    const options: unknown[] = [];
    for (const option of def.options as Schema[]) {
      const tag = resolve((resolve(option)._zod.def.shape as Record<string, Schema>)[key]!)._zod.def;
      const tags = tag.type === 'literal' ? (tag.values as unknown[]) : Object.values(tag.entries as object);
      const index = add(option);
      for (const value of tags) options.push(value, index);
    }
    return ['tagged', key, options];
  };

  const out: Record<string, number> = {};
  for (const [name, schema] of Object.entries(roots)) out[name] = add(schema);
  const table = merged(nodes, out);
  return compact(table.nodes, table.roots);
}

/** The one-character kind of each node kind in the table `shape-check.ts` reads. */
const KIND: Record<string, string> = {
  unknown: '*',
  string: 's',
  boolean: 'b',
  null: 'z',
  number: 'n',
  literal: 'l',
  enum: 'e',
  nullable: '0',
  array: 'a',
  record: 'r',
  object: 'o',
  union: 'u',
  tagged: 't',
};

/**
 * The table as `shape-check.ts` reads it, which a browser fetches: kinds in one character, the
 * key/node pairs of objects and tagged unions inline, and no `optional` nodes: a reference to one
 * is `~index` of the node it makes optional (a negative number).
 */
function compact(
  nodes: Shape[],
  roots: Record<string, number>,
): { nodes: Shape[]; roots: Record<string, number> } {
  const kept: number[] = [];
  const position = new Map<number, number>();
  nodes.forEach((node, index) => {
    if (node[0] === 'optional') return;
    position.set(index, kept.length);
    kept.push(index);
  });
  const ref = (index: number): number => {
    const node = nodes[index]!;
    if (node[0] !== 'optional') return position.get(index)!;
    const inner = ref(node[1] as number);
    return inner < 0 ? inner : ~inner;
  };
  const out = kept.map((index) => {
    const node = remap(nodes[index]!, ref);
    const kind = KIND[node[0] as string]!;
    if (node[0] === 'object' || node[0] === 'tagged') {
      return [kind, ...node.slice(1, -1), ...(node[node.length - 1] as unknown[])];
    }
    return [kind, ...node.slice(1)];
  });
  const rootRefs = Object.fromEntries(Object.entries(roots).map(([name, root]) => [name, ref(root)]));
  if (Object.values(rootRefs).some((root) => root < 0)) throw new Error('client-shapes: an optional root');
  return { nodes: out, roots: rootRefs };
}

/** `node` with each reference to another node passed through `map`. */
function remap(node: Shape, map: (index: number) => number): Shape {
  switch (node[0]) {
    case 'optional':
    case 'nullable':
    case 'array':
    case 'record':
      return [node[0], map(node[1] as number), ...node.slice(2)];
    case 'union':
      return ['union', ...node.slice(1).map((index) => map(index as number))];
    case 'object':
    case 'tagged': {
      const pairs = node[node.length - 1] as readonly unknown[];
      const mapped = pairs.map((item, i) => (i % 2 === 1 ? map(item as number) : item));
      return [...node.slice(0, -1), mapped];
    }
    default:
      return node;
  }
}

/**
 * The table with identical nodes merged (the schemas repeat `z.string()` and the same `_meta`
 * under many names), repeated until nothing changes, and the nodes no root reaches dropped.
 */
function merged(
  nodes: Shape[],
  roots: Record<string, number>,
): { nodes: Shape[]; roots: Record<string, number> } {
  for (;;) {
    const first = new Map<string, number>();
    const target = nodes.map((node, index) => {
      const key = JSON.stringify(node);
      if (!first.has(key)) first.set(key, index);
      return first.get(key)!;
    });
    const order: number[] = [];
    const position = new Map<number, number>();
    const visit = (index: number) => {
      const at = target[index]!;
      if (position.has(at)) return;
      position.set(at, order.length);
      order.push(at);
      remap(nodes[at]!, (child) => {
        visit(child);
        return child;
      });
    };
    for (const root of Object.values(roots)) visit(root);
    const renumber = (index: number) => position.get(target[index]!)!;
    const next = order.map((index) => remap(nodes[index]!, renumber));
    const nextRoots = Object.fromEntries(Object.entries(roots).map(([name, root]) => [name, renumber(root)]));
    if (next.length === nodes.length) return { nodes: next, roots: nextRoots };
    nodes = next;
    roots = nextRoots;
  }
}

function numberNode(def: Def, checks: Def[]): Shape {
  const format = def.format as string | undefined;
  if (format !== undefined && format !== 'safeint') unsupported(def, `format ${format}`);
  let min: [number, boolean] | [null, null] = [null, null];
  let max: [number, boolean] | [null, null] = [null, null];
  for (const check of checks) {
    if (check.check === 'greater_than') min = [check.value as number, check.inclusive as boolean];
    else if (check.check === 'less_than') max = [check.value as number, check.inclusive as boolean];
    else unsupported(def, `check ${check.check}`);
  }
  return ['number', format === 'safeint', ...min, ...max];
}

/** The source of `src/client-shapes.generated.ts` for `roots`. */
export function renderShapeModule(roots: Record<string, Schema> = clientShapeRoots()): string {
  const table = shapeTable(roots);
  return [
    '// Generated by packages/protocol/scripts/client-shapes.ts from the zod schemas: do not edit.',
    '// Regenerate with `pnpm --filter @mcpkit/protocol run generate:shapes`; its test fails while stale.',
    "import type { Shape } from './shape-check.js';",
    '',
    '/** The shapes of the results and answers a client checks (see `shape-check.ts`). */',
    'export const CLIENT_SHAPES: readonly Shape[] = JSON.parse(',
    `  '${JSON.stringify(table.nodes).replace(/[\\']/g, (c) => `\\${c}`)}',`,
    ');',
    '',
    '/** The node of each schema in `CLIENT_SHAPES`, by method name (`legacy:` for the 2025 era) or schema name. */',
    `export const CLIENT_SHAPE_ROOTS = ${JSON.stringify(table.roots)} as const;`,
    '',
  ].join('\n');
}
