import { formatCheck } from './json-schema-formats.js';
import { type Check, type Compiler, countOf, fail, need } from './json-schema-run.js';

type Schema = Record<string, unknown>;

function numberOf(schema: Schema, keyword: string): number | undefined {
  const bound = schema[keyword];
  if (bound === undefined) return undefined;
  need(typeof bound === 'number', keyword, 'a number');
  return bound as number;
}

/** `n` as an integer coefficient and a power of ten: 0.25 is [25, -2], 1e21 is [1, 21]. */
function decimal(n: number): [bigint, number] {
  const [digits = '', exponent = '0'] = String(Math.abs(n)).split('e');
  const point = digits.indexOf('.');
  const fractionDigits = point < 0 ? 0 : digits.length - point - 1;
  return [BigInt(digits.replace('.', '')), Number(exponent) - fractionDigits];
}

/** Whether `n` is a multiple of `divisor`, exactly in decimal (0.3 is a multiple of 0.1). */
function isMultipleOf(n: number, divisor: number): boolean {
  if (!Number.isFinite(n)) return false;
  if (Number.isInteger(n) && Number.isInteger(divisor)) return n % divisor === 0;
  const [coefficient, exponent] = decimal(n);
  const [divisorCoefficient, divisorExponent] = decimal(divisor);
  const shift = exponent - divisorExponent;
  return shift >= 0
    ? (coefficient * 10n ** BigInt(shift)) % divisorCoefficient === 0n
    : coefficient % (divisorCoefficient * 10n ** BigInt(-shift)) === 0n;
}

/** `minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum` (booleans in draft-04) and `multipleOf`. */
export function numberChecks(schema: Schema, c: Compiler, checks: Check[]): void {
  const minimum = numberOf(schema, 'minimum');
  const maximum = numberOf(schema, 'maximum');
  const { exclusiveMinimum, exclusiveMaximum } = schema;
  // Before draft-06 the exclusive keywords were flags on minimum and maximum; later, bounds of their own.
  const above = c.draft04 ? (exclusiveMinimum === true ? minimum : undefined) : exclusiveMinimum;
  const atLeast = c.draft04 && exclusiveMinimum === true ? undefined : minimum;
  const below = c.draft04 ? (exclusiveMaximum === true ? maximum : undefined) : exclusiveMaximum;
  const atMost = c.draft04 && exclusiveMaximum === true ? undefined : maximum;
  const multipleOf = numberOf(schema, 'multipleOf');
  need(multipleOf === undefined || multipleOf > 0, 'multipleOf', 'greater than 0');
  const bounds: [number | undefined, (n: number, bound: number) => boolean, string][] = [
    [atLeast, (n, bound) => n >= bound, 'is less than'],
    [typeof above === 'number' ? above : undefined, (n, bound) => n > bound, 'is less than or equal to'],
    [atMost, (n, bound) => n <= bound, 'is greater than'],
    [typeof below === 'number' ? below : undefined, (n, bound) => n < bound, 'is greater than or equal to'],
  ];
  for (const [bound, holds, wrong] of bounds) {
    if (bound === undefined) continue;
    checks.push(
      (value, run) =>
        typeof value !== 'number' || holds(value, bound) || fail(run, `${value} ${wrong} ${bound}.`),
    );
  }
  if (multipleOf !== undefined) {
    checks.push(
      (value, run) =>
        typeof value !== 'number' ||
        isMultipleOf(value, multipleOf) ||
        fail(run, `${value} is not a multiple of ${multipleOf}.`),
    );
  }
}

/** Length in code points, as JSON Schema counts it (a surrogate pair is one character). */
function codePoints(text: string): number {
  let length = text.length;
  for (let i = 0; i < text.length - 1; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      length--;
      i++;
    }
  }
  return length;
}

/** `minLength`, `maxLength`, `pattern` (matched in linear time) and `format`. */
export function stringChecks(schema: Schema, c: Compiler, checks: Check[]): void {
  const min = countOf(schema, 'minLength');
  const max = countOf(schema, 'maxLength');
  if (min !== undefined || max !== undefined) {
    checks.push((value, run) => {
      if (typeof value !== 'string') return true;
      const length = codePoints(value);
      if (min !== undefined && length < min) return fail(run, `String is too short (${length} < ${min}).`);
      return max === undefined || length <= max || fail(run, `String is too long (${length} > ${max}).`);
    });
  }
  if ('pattern' in schema) {
    need(typeof schema.pattern === 'string', 'pattern', 'a string');
    const pattern = c.pattern(schema.pattern as string);
    checks.push(
      (value, run) =>
        typeof value !== 'string' || pattern.test(value) || fail(run, 'String does not match pattern.'),
    );
  }
  const format = typeof schema.format === 'string' ? formatCheck(schema.format) : undefined;
  if (format) {
    const message = `String does not match format "${schema.format}".`;
    checks.push((value, run) => typeof value !== 'string' || format(value) || fail(run, message));
  }
}
