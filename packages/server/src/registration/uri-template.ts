/**
 * RFC 6570 URI templates, levels 1–4: expansion, and matching a URI back to variable values.
 * Matching is the inverse a resource server needs: `file:///{+path}` against `file:///a/b.txt`
 * gives `{ path: 'a/b.txt' }`. It runs in time linear in the URI (see uri-pattern.ts).
 */

import { LINE_TERMINATORS, type PatternNode, UriPattern } from './uri-pattern.js';

/** A variable value for expansion. */
export type UriTemplateValue =
  | string
  | number
  | boolean
  | readonly string[]
  | Readonly<Record<string, string>>;

/** What `match` found: the decoded value of each variable present in the URI. */
export type UriTemplateMatch = Record<string, string | string[]>;

type Operator = '' | '+' | '#' | '.' | '/' | ';' | '?' | '&';

interface VarSpec {
  name: string;
  explode: boolean;
  prefix: number | undefined;
}

interface Expression {
  operator: Operator;
  vars: VarSpec[];
}

type Part = string | Expression;

interface OperatorRules {
  first: string;
  separator: string;
  named: boolean;
  ifEmpty: string;
  allowReserved: boolean;
}

const RULES: Record<Operator, OperatorRules> = {
  '': { first: '', separator: ',', named: false, ifEmpty: '', allowReserved: false },
  '+': { first: '', separator: ',', named: false, ifEmpty: '', allowReserved: true },
  '#': { first: '#', separator: ',', named: false, ifEmpty: '', allowReserved: true },
  '.': { first: '.', separator: '.', named: false, ifEmpty: '', allowReserved: false },
  '/': { first: '/', separator: '/', named: false, ifEmpty: '', allowReserved: false },
  ';': { first: ';', separator: ';', named: true, ifEmpty: '', allowReserved: false },
  '?': { first: '?', separator: '&', named: true, ifEmpty: '=', allowReserved: false },
  '&': { first: '&', separator: '&', named: true, ifEmpty: '=', allowReserved: false },
};

/** URIs longer than this never match: it bounds the matcher's work. */
const MAX_MATCH_LENGTH = 8192;

const VARNAME = /^(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})(?:\.?(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2}))*$/;
const UNRESERVED = /[A-Za-z0-9\-._~]/;
const RESERVED = /[:/?#[\]@!$&'()*+,;=]/;

function parse(template: string): Part[] {
  const parts: Part[] = [];
  let literal = '';
  for (let i = 0; i < template.length; i++) {
    const char = template[i]!;
    if (char === '}') throw new TypeError(`URI template ${JSON.stringify(template)}: unmatched "}"`);
    if (char !== '{') {
      literal += char;
      continue;
    }
    const end = template.indexOf('}', i);
    if (end < 0) throw new TypeError(`URI template ${JSON.stringify(template)}: unclosed "{"`);
    if (literal) parts.push(literal);
    literal = '';
    parts.push(parseExpression(template.slice(i + 1, end), template));
    i = end;
  }
  if (literal) parts.push(literal);
  return parts;
}

function parseExpression(body: string, template: string): Expression {
  let operator: Operator = '';
  if (body.length > 0 && '+#./;?&'.includes(body[0]!)) {
    operator = body[0] as Operator;
    body = body.slice(1);
  }
  const vars = body.split(',').map((spec): VarSpec => {
    let name = spec;
    let explode = false;
    let prefix: number | undefined;
    if (name.endsWith('*')) {
      explode = true;
      name = name.slice(0, -1);
    } else {
      const colon = name.indexOf(':');
      if (colon >= 0) {
        const digits = name.slice(colon + 1);
        if (!/^[1-9][0-9]{0,3}$/.test(digits)) {
          throw new TypeError(`URI template ${JSON.stringify(template)}: bad prefix in {${body}}`);
        }
        prefix = Number(digits);
        name = name.slice(0, colon);
      }
    }
    if (!VARNAME.test(name)) {
      throw new TypeError(`URI template ${JSON.stringify(template)}: bad variable name in {${body}}`);
    }
    return { name, explode, prefix };
  });
  return { operator, vars };
}

const encoder = new TextEncoder();

function encode(value: string, allowReserved: boolean): string {
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const char = value[i]!;
    if (UNRESERVED.test(char) || (allowReserved && RESERVED.test(char))) {
      out += char;
    } else if (allowReserved && char === '%' && /^[0-9A-Fa-f]{2}$/.test(value.slice(i + 1, i + 3))) {
      out += value.slice(i, i + 3);
      i += 2;
    } else {
      const code = value.codePointAt(i)!;
      const unit = String.fromCodePoint(code);
      if (unit.length === 2) i++;
      for (const byte of encoder.encode(unit)) out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    }
  }
  return out;
}

function isDefined(value: UriTemplateValue | undefined): value is UriTemplateValue {
  if (value === undefined || value === null) return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return true;
}

function expandExpression(
  expression: Expression,
  values: Record<string, UriTemplateValue | undefined>,
): string {
  const rules = RULES[expression.operator];
  const pieces: string[] = [];
  for (const spec of expression.vars) {
    const value = values[spec.name];
    if (!isDefined(value)) continue;
    pieces.push(expandVar(spec, value, rules));
  }
  return pieces.length === 0 ? '' : rules.first + pieces.join(rules.separator);
}

function expandVar(spec: VarSpec, value: UriTemplateValue, rules: OperatorRules): string {
  const enc = (text: string) => encode(text, rules.allowReserved);
  const named = (name: string, text: string) =>
    rules.named ? (text === '' ? `${name}${rules.ifEmpty}` : `${name}=${text}`) : text;
  if (typeof value !== 'object') {
    let text = String(value);
    if (spec.prefix !== undefined) text = Array.from(text).slice(0, spec.prefix).join('');
    return named(spec.name, enc(text));
  }
  const entries: Array<[string, string]> = Array.isArray(value)
    ? (value as readonly string[]).map((item) => ['', item])
    : Object.entries(value as Record<string, string>);
  const isList = Array.isArray(value);
  if (!spec.explode) {
    const joined = entries.flatMap(([key, item]) => (isList ? [enc(item)] : [enc(key), enc(item)])).join(',');
    return named(spec.name, joined);
  }
  return entries
    .map(([key, item]) => {
      if (isList) return rules.named ? named(spec.name, enc(item)) : enc(item);
      return item === '' ? `${enc(key)}${rules.ifEmpty}` : `${enc(key)}=${enc(item)}`;
    })
    .join(rules.separator);
}

const literal = (text: string): PatternNode => ({ kind: 'literal', text });
const run = (excluded: string, min: 0 | 1): PatternNode => ({ kind: 'run', excluded, min });
const capture = (slot: number, ...body: PatternNode[]): PatternNode => ({ kind: 'capture', slot, body });
const optional = (...body: PatternNode[]): PatternNode => ({ kind: 'optional', body });
const repeat = (...body: PatternNode[]): PatternNode => ({ kind: 'repeat', body });

type Capture =
  | { kind: 'value'; spec: VarSpec; leader: string; separator: string }
  | { kind: 'named'; vars: VarSpec[] }
  | { kind: 'query' };

function decode(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

/**
 * The pattern of a simple, reserved, fragment, label or path expression, one capture per
 * variable (in regular expression terms, `[^…]` being the characters a value may hold).
 */
function expressionNodes(part: Expression, captures: Capture[]): PatternNode[] {
  const { operator, vars } = part;
  const rules = RULES[operator];
  const nodes: PatternNode[] = [];
  vars.forEach((spec, index) => {
    const leader = index === 0 ? rules.first : rules.separator;
    const slot = captures.length;
    if (operator === '' || operator === '+') {
      // Reserved expansion keeps "/"; with several variables or a list, "," separates values.
      let excluded = operator === '+' ? '?#' : '/?#';
      if (vars.length > 1 || spec.explode) excluded += ',';
      if (index > 0) nodes.push(literal(','));
      // ([^…]+), or exploded ([^…]+(?:,[^…]+)*)
      const list = spec.explode ? [repeat(literal(','), run(excluded, 1))] : [];
      nodes.push(capture(slot, run(excluded, 1), ...list));
    } else if (spec.explode) {
      const excluded = operator === '#' ? LINE_TERMINATORS : `/?#${rules.separator}`;
      // ((?:leader[^…]*)(?:separator[^…]*)*)?
      const items = [literal(leader), run(excluded, 0), repeat(literal(rules.separator), run(excluded, 0))];
      nodes.push(optional(capture(slot, ...items)));
    } else {
      const single = vars.length > 1 ? ',' : LINE_TERMINATORS;
      const excluded = operator === '#' ? single : `/?#${rules.separator}`;
      // (?:leader([^…]*))?
      nodes.push(optional(literal(leader), capture(slot, run(excluded, 0))));
    }
    captures.push({ kind: 'value', spec, leader, separator: rules.separator });
  });
  return nodes;
}

/**
 * A compiled RFC 6570 template.
 *
 * @example
 * ```ts
 * const template = new UriTemplate('test://template/{id}/data');
 * template.expand({ id: '123' }); // 'test://template/123/data'
 * template.match('test://template/123/data'); // { id: '123' }
 * ```
 */
export class UriTemplate {
  readonly template: string;
  /** Names of every variable, in order of appearance. */
  readonly variableNames: readonly string[];
  private readonly parts: Part[];
  private readonly pattern: UriPattern;
  private readonly captures: Capture[];
  private readonly queryVars: VarSpec[];

  constructor(template: string) {
    this.template = template;
    this.parts = parse(template);
    const names: string[] = [];
    const captures: Capture[] = [];
    const queryVars: VarSpec[] = [];
    const nodes: PatternNode[] = [];
    let queryCaptured = false;
    for (const part of this.parts) {
      if (typeof part === 'string') {
        nodes.push(literal(part));
        continue;
      }
      for (const spec of part.vars) names.push(spec.name);
      const { operator } = part;
      if (operator === '?' || operator === '&') {
        queryVars.push(...part.vars);
        if (!queryCaptured) {
          // (?:\?([^#]*))? — one capture holds every query variable, read as pairs.
          nodes.push(optional(literal(operator), capture(captures.length, run('#', 0))));
          captures.push({ kind: 'query' });
          queryCaptured = true;
        }
        continue;
      }
      if (operator === ';') {
        // ((?:;[^/?#]*)*)
        nodes.push(capture(captures.length, repeat(literal(';'), run('/?#', 0))));
        captures.push({ kind: 'named', vars: part.vars });
        continue;
      }
      nodes.push(...expressionNodes(part, captures));
    }
    this.variableNames = names;
    this.captures = captures;
    this.queryVars = queryVars;
    this.pattern = new UriPattern(nodes, captures.length);
  }

  /** The URI for `values` (RFC 6570, section 3.2). Undefined variables, empty lists and empty maps are left out. */
  expand(values: Record<string, UriTemplateValue | undefined>): string {
    let out = '';
    for (const part of this.parts) out += typeof part === 'string' ? part : expandExpression(part, values);
    return out;
  }

  /**
   * The variables of `uri` when it fits the template, decoded; `undefined` when it does not (or
   * holds malformed percent-encoding). An exploded variable gives a list; a variable absent from
   * the URI is absent from the result.
   */
  match(uri: string): UriTemplateMatch | undefined {
    if (uri.length > MAX_MATCH_LENGTH) return undefined;
    const found = this.pattern.exec(uri);
    if (!found) return undefined;
    const result: UriTemplateMatch = {};
    for (let i = 0; i < this.captures.length; i++) {
      const capture = this.captures[i]!;
      const raw = found[i];
      if (raw === undefined) continue;
      if (capture.kind === 'query') {
        if (!this.readPairs(raw, '&', this.queryVars, result)) return undefined;
      } else if (capture.kind === 'named') {
        if (!this.readPairs(raw.slice(1), ';', capture.vars, result)) return undefined;
      } else if (capture.spec.explode) {
        const body =
          capture.leader && raw.startsWith(capture.leader) ? raw.slice(capture.leader.length) : raw;
        const items = body.split(capture.separator);
        const decoded = items.map(decode);
        if (decoded.some((item) => item === undefined)) return undefined;
        result[capture.spec.name] = decoded as string[];
      } else {
        const value = decode(raw);
        if (value === undefined) return undefined;
        result[capture.spec.name] = value;
      }
    }
    return result;
  }

  private readPairs(raw: string, separator: string, vars: VarSpec[], result: UriTemplateMatch): boolean {
    if (raw === '') return true;
    const wanted = new Map(vars.map((spec) => [spec.name, spec]));
    for (const pair of raw.split(separator)) {
      const equals = pair.indexOf('=');
      const key = decode(equals < 0 ? pair : pair.slice(0, equals));
      const value = decode(equals < 0 ? '' : pair.slice(equals + 1));
      if (key === undefined || value === undefined) return false;
      const spec = wanted.get(key);
      if (!spec) continue;
      if (spec.explode) {
        const list = result[key];
        result[key] = Array.isArray(list) ? [...list, value] : [value];
      } else {
        result[key] = value;
      }
    }
    return true;
  }
}
