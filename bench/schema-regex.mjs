// Cost of validating a regex-heavy JSON Schema: the validator as it was (it compiles each
// `pattern` with the built-in, backtracking RegExp on every value) against compileJsonSchema,
// which matches patterns with linear-time automata. Alternates the two in this process and
// reports medians in ns per validated value. Usage: node schema-regex.mjs [--quick]
import { cpus } from 'node:os';
import { dereference, validate } from '@cfworker/json-schema';
import { compileJsonSchema } from '@mcpkit/protocol';
import { configFor } from './lib/config.mjs';
import { median } from './lib/stats.mjs';

const config = configFor(process.argv.includes('--quick'));

const PATTERNS = {
  id: ['^[a-z0-9_-]{3,32}$', 'user_name-42'],
  date: ['^\\d{4}-\\d{2}-\\d{2}$', '2026-12-03'],
  region: ['^[a-z]{2}-[a-z]+\\d$', 'us-west1'],
  sku: ['^[A-Z]{3}-\\d{4,8}$', 'ABC-123456'],
  email: ['^[^\\s@]+@[^\\s@]+\\.[a-z]{2,}$', 'someone@example.com'],
  hex: ['^#?[0-9a-fA-F]{6}$', '#a1b2c3'],
  semver: ['^\\d+\\.\\d+\\.\\d+(-[0-9A-Za-z.-]+)?$', '1.20.3-beta.1'],
  slug: ['^[a-z0-9]+(?:-[a-z0-9]+)*$', 'a-fairly-long-slug-for-a-page'],
  phone: ['^\\+?[0-9 ()-]{7,20}$', '+1 (555) 123-4567'],
  path: ['^(/[^/]+)+$', '/usr/local/share/doc'],
};

const schema = {
  type: 'object',
  properties: Object.fromEntries(
    Object.entries(PATTERNS).map(([k, [p]]) => [k, { type: 'string', pattern: p }]),
  ),
  patternProperties: { '^x-[a-z]+$': { type: 'string' } },
  required: Object.keys(PATTERNS),
};
const value = {
  ...Object.fromEntries(Object.entries(PATTERNS).map(([k, [, v]]) => [k, v])),
  'x-extra': 'yes',
};

function before() {
  const copy = structuredClone(schema);
  const lookup = dereference(copy);
  return (v) => validate(v, copy, '2020-12', lookup, true).valid;
}

function after() {
  const compiled = compileJsonSchema(schema);
  if (!compiled.ok) throw new Error(compiled.reason);
  return (v) => compiled.schema.validate(v).valid;
}

function nsPerValidation(check, iterations) {
  const started = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) if (!check(value)) throw new Error('the value should be valid');
  return Number(process.hrtime.bigint() - started) / iterations;
}

const iterations = config.mode === 'quick' ? 20_000 : 100_000;
const checks = { before: before(), after: after() };
for (const check of Object.values(checks)) nsPerValidation(check, iterations);
const times = { before: [], after: [] };
for (let round = 0; round < config.rounds; round++) {
  for (const [name, check] of Object.entries(checks)) times[name].push(nsPerValidation(check, iterations));
}
const [was, now] = [median(times.before), median(times.after)];
console.log(`machine: ${cpus().length} cores, ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}`);
console.log(
  `regex-heavy schema (11 patterns)   before ${was.toFixed(0).padStart(7)} ns   after ${now.toFixed(0).padStart(7)} ns   ratio ${(now / was).toFixed(2)}`,
);
