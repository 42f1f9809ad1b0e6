/*
 * The interpreter of the shape tables `scripts/client-shapes.ts` generates from the zod schemas
 * (`client-shapes.generated.ts`): a client checks results with them without loading zod. A node
 * is an array whose first element names its kind in one character (the table is fetched by
 * browsers); nodes refer to each other by index, so recursive schemas (JSON values) are plain
 * cycles. A reference `~index` (a negative number) is node `index` made optional: `undefined`
 * fits it too.
 *
 *   ['*'] unknown | ['s'] string | ['b'] boolean | ['z'] null
 *   ['n', int, min, minInclusive, max, maxInclusive]        a number; bounds are null when absent
 *   ['l', ...values] a literal | ['e', ...values] an enum
 *   ['0', node]                                             nullable
 *   ['a', element, maxLength]                              an array; maxLength is null when absent
 *   ['r', valueNode]                                        a record with string keys
 *   ['o', key, node, key, node, ...]                        an object; unknown keys pass, as zod's strip and loose do
 *   ['u', ...options]                                       a union
 *   ['t', key, tag, option, tag, option, ...]               a discriminated union
 */

/** One node of a shape table (see the kinds above). */
export type Shape = readonly unknown[];

/** Where a value fails its shape: the path from the root and what was wrong there. */
interface Failure {
  readonly path: Array<string | number>;
  readonly message: string;
}

function fail(message: string): Failure {
  return { path: [], message };
}

function received(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number' && Number.isNaN(value)) return 'NaN';
  return typeof value;
}

function expected(kind: string, value: unknown): Failure {
  return fail(`Invalid input: expected ${kind}, received ${received(value)}`);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function within(failure: Failure | undefined, key: string | number): Failure | undefined {
  failure?.path.push(key);
  return failure;
}

function checkNumber(node: Shape, value: unknown, lenient: boolean): Failure | undefined {
  const [, int, min, minInclusive, max, maxInclusive] = node as [string, boolean, ...unknown[]];
  if (typeof value !== 'number' || !Number.isFinite(value)) return expected('number', value);
  if (int && !Number.isInteger(value)) return expected('int', value);
  if (int && !lenient && !Number.isSafeInteger(value)) {
    return fail(`Too ${value > 0 ? 'big' : 'small'}: expected a safe integer, received ${value}`);
  }
  if (lenient) return undefined;
  if (typeof min === 'number' && (minInclusive ? value < min : value <= min)) {
    return fail(`Too small: expected number to be ${minInclusive ? '>=' : '>'}${min}`);
  }
  if (typeof max === 'number' && (maxInclusive ? value > max : value >= max)) {
    return fail(`Too big: expected number to be ${maxInclusive ? '<=' : '<'}${max}`);
  }
  return undefined;
}

function oneOf(values: readonly unknown[]): string {
  return values.map((v) => JSON.stringify(v)).join('|');
}

function checkObject(
  table: readonly Shape[],
  node: Shape,
  value: unknown,
  lenient: boolean,
): Failure | undefined {
  if (!isObject(value)) return expected('object', value);
  for (let i = 1; i < node.length; i += 2) {
    const key = node[i] as string;
    const failure = check(table, node[i + 1] as number, value[key], lenient);
    if (failure) return within(failure, key);
  }
  return undefined;
}

function checkTagged(
  table: readonly Shape[],
  node: Shape,
  value: unknown,
  lenient: boolean,
): Failure | undefined {
  if (!isObject(value)) return expected('object', value);
  const key = node[1] as string;
  const tags: unknown[] = [];
  for (let i = 2; i < node.length; i += 2) {
    if (node[i] === value[key]) return check(table, node[i + 1] as number, value, lenient);
    tags.push(node[i]);
  }
  return within(fail(`Invalid input: expected one of ${oneOf(tags)}`), key);
}

/**
 * A union fails as zod's does: where exactly one option fails only its refinements (bounds and
 * lengths, which zod does not abort on), with that option's failure; else at the union itself.
 */
function checkUnion(
  table: readonly Shape[],
  node: Shape,
  value: unknown,
  lenient: boolean,
): Failure | undefined {
  for (let i = 1; i < node.length; i++) if (!check(table, node[i] as number, value)) return undefined;
  let near: number | undefined;
  let nearCount = 0;
  for (let i = 1; i < node.length; i++) {
    if (!check(table, node[i] as number, value, true)) {
      near = node[i] as number;
      nearCount++;
    }
  }
  if (nearCount !== 1) return fail('Invalid input');
  return lenient ? undefined : check(table, near!, value);
}

function check(table: readonly Shape[], ref: number, value: unknown, lenient = false): Failure | undefined {
  if (ref < 0) return value === undefined ? undefined : check(table, ~ref, value, lenient);
  const node = table[ref]!;
  switch (node[0]) {
    case '*':
      return undefined;
    case 's':
      return typeof value === 'string' ? undefined : expected('string', value);
    case 'b':
      return typeof value === 'boolean' ? undefined : expected('boolean', value);
    case 'z':
      return value === null ? undefined : expected('null', value);
    case 'n':
      return checkNumber(node, value, lenient);
    case 'l':
    case 'e': {
      for (let i = 1; i < node.length; i++) if (node[i] === value) return undefined;
      const values = node.slice(1);
      return node[0] === 'l' && values.length === 1
        ? fail(`Invalid input: expected ${JSON.stringify(values[0])}`)
        : fail(`Invalid option: expected one of ${oneOf(values)}`);
    }
    case '0':
      return value === null ? undefined : check(table, node[1] as number, value, lenient);
    case 'a': {
      if (!Array.isArray(value)) return expected('array', value);
      for (let i = 0; i < value.length; i++) {
        const failure = check(table, node[1] as number, value[i], lenient);
        if (failure) return within(failure, i);
      }
      const max = node[2];
      return !lenient && typeof max === 'number' && value.length > max
        ? fail(`Too big: expected array to have <=${max} items`)
        : undefined;
    }
    case 'r': {
      if (!isObject(value)) return expected('record', value);
      for (const key in value) {
        const failure = check(table, node[1] as number, value[key], lenient);
        if (failure) return within(failure, key);
      }
      return undefined;
    }
    case 'o':
      return checkObject(table, node, value, lenient);
    case 'u':
      return checkUnion(table, node, value, lenient);
    case 't':
      return checkTagged(table, node, value, lenient);
    default:
      throw new Error(`Unknown shape kind ${String(node[0])}; regenerate the shape table`);
  }
}

/**
 * Checks `value` against node `root` of `table`: `undefined` when it fits, else a one-line
 * description naming the first failing path (prefixed with `label`), as `describeFailure` does.
 *
 * @example
 * ```ts
 * describeShapeFailure(CLIENT_SHAPES, CLIENT_SHAPE_ROOTS['tools/list'], result, 'result');
 * // 'Invalid result.tools[3].inputSchema.type: Invalid input: expected "object"'
 * ```
 */
export function describeShapeFailure(
  table: readonly Shape[],
  root: number,
  value: unknown,
  label: string,
): string | undefined {
  const failure = check(table, root, value);
  if (!failure) return undefined;
  let path = label;
  for (let i = failure.path.length - 1; i >= 0; i--) {
    const key = failure.path[i]!;
    path += typeof key === 'number' ? `[${key}]` : `.${key}`;
  }
  return `Invalid ${path}: ${failure.message}`;
}
