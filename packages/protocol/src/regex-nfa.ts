/**
 * Compiles the part of ECMAScript regular expression syntax (with the `u` flag, as JSON Schema's
 * `pattern` uses it) that a finite automaton can match into a Thompson NFA. Everything else is
 * refused with a reason: backreferences, lookaround and word boundaries need backtracking.
 *
 * Single-character atoms (a literal, `.`, `\d`, `\p{L}`, a class `[…]`) keep their source: the
 * automaton tests one code point against `^(?:atom)$` with the built-in engine, which costs the
 * same whatever the input, so every class, escape and Unicode property keeps its exact meaning.
 */

/** Node kinds of the NFA. */
export const CHAR = 0;
export const SPLIT = 1;
export const LINE_START = 2;
export const LINE_END = 3;
export const MATCH = 4;

/** A Thompson NFA in flat arrays: node `i` has `kind[i]`, an atom index and up to two successors. */
export interface Nfa {
  readonly kind: number[];
  /** For `CHAR`: the index of its atom in `atoms`. */
  readonly atom: number[];
  readonly out1: number[];
  /** For `SPLIT`: the second successor; -1 for a plain jump. */
  readonly out2: number[];
  readonly start: number;
  /** One test per distinct atom: does this code point match it. */
  readonly atoms: ((codePoint: string) => boolean)[];
}

/** Limits that keep a pattern's automaton small. */
export interface NfaLimits {
  /** Longest pattern, in characters. */
  maxPatternLength: number;
  /** Most NFA nodes once counted repetitions (`{n,m}`) are expanded. */
  maxNodes: number;
}

type Ast =
  | { t: 'atom'; source: string }
  | { t: 'seq'; items: Ast[] }
  | { t: 'alt'; options: Ast[] }
  | { t: 'repeat'; node: Ast; min: number; max: number }
  | { t: 'start' }
  | { t: 'end' };

/** Why a pattern cannot be matched by an automaton. */
export class UnsupportedPattern extends Error {}

const ESCAPES_NEEDING_BACKTRACKING: Record<string, string> = {
  b: 'a word boundary (\\b)',
  B: 'a word boundary (\\B)',
  k: 'a named backreference (\\k)',
};

class Parser {
  #at = 0;
  constructor(readonly source: string) {}

  parse(): Ast {
    const ast = this.#alternation();
    if (this.#at < this.source.length) throw new UnsupportedPattern(`unbalanced ")" at ${this.#at}`);
    return ast;
  }

  #alternation(): Ast {
    const options = [this.#sequence()];
    while (this.source[this.#at] === '|') {
      this.#at++;
      options.push(this.#sequence());
    }
    return options.length === 1 ? options[0]! : { t: 'alt', options };
  }

  #sequence(): Ast {
    const items: Ast[] = [];
    for (;;) {
      const c = this.source[this.#at];
      if (c === undefined || c === '|' || c === ')') break;
      items.push(this.#quantified(this.#term()));
    }
    return items.length === 1 ? items[0]! : { t: 'seq', items };
  }

  #term(): Ast {
    const source = this.source;
    const begin = this.#at;
    const c = source[begin]!;
    if (c === '^') {
      this.#at++;
      return { t: 'start' };
    }
    if (c === '$') {
      this.#at++;
      return { t: 'end' };
    }
    if (c === '(') return this.#group();
    if (c === '[') {
      this.#at = classEnd(source, begin);
      return { t: 'atom', source: source.slice(begin, this.#at) };
    }
    if (c === '\\') {
      this.#at = this.#escapeEnd(begin);
      return { t: 'atom', source: source.slice(begin, this.#at) };
    }
    this.#at += (source.codePointAt(begin) ?? 0) > 0xffff ? 2 : 1;
    return { t: 'atom', source: source.slice(begin, this.#at) };
  }

  #group(): Ast {
    const source = this.source;
    this.#at++;
    if (source[this.#at] === '?') {
      const kind = source[this.#at + 1];
      if (kind === ':') this.#at += 2;
      else if (kind === '<' && source[this.#at + 2] !== '=' && source[this.#at + 2] !== '!') {
        const close = source.indexOf('>', this.#at);
        this.#at = close + 1;
      } else throw new UnsupportedPattern('lookaround and group modifiers need backtracking');
    }
    const inner = this.#alternation();
    if (source[this.#at] !== ')') throw new UnsupportedPattern('unbalanced "("');
    this.#at++;
    return inner;
  }

  /** The end of the escape at `begin`, refusing those only a backtracking engine can match. */
  #escapeEnd(begin: number): number {
    const source = this.source;
    const c = source[begin + 1]!;
    const needsBacktracking = ESCAPES_NEEDING_BACKTRACKING[c];
    if (needsBacktracking) throw new UnsupportedPattern(`${needsBacktracking} needs backtracking`);
    if (c >= '1' && c <= '9') throw new UnsupportedPattern('a backreference needs backtracking');
    if (c === 'u') {
      if (source[begin + 2] === '{') return source.indexOf('}', begin) + 1;
      const end = begin + 6;
      const unit = Number.parseInt(source.slice(begin + 2, end), 16);
      // `\uD83D\uDE00` is one code point in a `u` pattern.
      if (unit >= 0xd800 && unit <= 0xdbff && source.startsWith('\\u', end)) {
        const next = Number.parseInt(source.slice(end + 2, end + 6), 16);
        if (next >= 0xdc00 && next <= 0xdfff) return end + 6;
      }
      return end;
    }
    if (c === 'x') return begin + 4;
    if (c === 'c') return begin + 3;
    if (c === 'p' || c === 'P') return source.indexOf('}', begin) + 1;
    return begin + 1 + ((source.codePointAt(begin + 1) ?? 0) > 0xffff ? 2 : 1);
  }

  #quantified(node: Ast): Ast {
    const source = this.source;
    for (;;) {
      const c = source[this.#at];
      let min: number;
      let max: number;
      if (c === '*') [min, max] = [0, Infinity];
      else if (c === '+') [min, max] = [1, Infinity];
      else if (c === '?') [min, max] = [0, 1];
      else if (c === '{') {
        const braces = /^\{(\d+)(,(\d*))?\}/.exec(source.slice(this.#at, this.#at + 64));
        if (!braces) return node;
        min = Number(braces[1]);
        max = braces[2] === undefined ? min : braces[3] === '' ? Infinity : Number(braces[3]);
        this.#at += braces[0].length - 1;
      } else return node;
      this.#at++;
      // Lazy and greedy repetitions accept the same strings.
      if (source[this.#at] === '?') this.#at++;
      node = { t: 'repeat', node, min, max };
    }
  }
}

/** The index just past the class that opens at `begin`. */
function classEnd(source: string, begin: number): number {
  let at = begin + 1;
  if (source[at] === '^') at++;
  while (at < source.length && source[at] !== ']') at += source[at] === '\\' ? 2 : 1;
  return at + 1;
}

class Builder {
  readonly kind: number[] = [];
  readonly atom: number[] = [];
  readonly out1: number[] = [];
  readonly out2: number[] = [];
  readonly atoms: ((codePoint: string) => boolean)[] = [];
  readonly #atomIndex = new Map<string, number>();

  constructor(readonly maxNodes: number) {}

  node(kind: number, out1: number, out2 = -1, atom = -1): number {
    if (this.kind.length >= this.maxNodes) {
      throw new UnsupportedPattern(`its automaton would have more than ${this.maxNodes} states`);
    }
    this.kind.push(kind);
    this.out1.push(out1);
    this.out2.push(out2);
    this.atom.push(atom);
    return this.kind.length - 1;
  }

  /** Emits `ast` so that it continues at `next`; returns its entry node. */
  emit(ast: Ast, next: number): number {
    switch (ast.t) {
      case 'atom':
        return this.node(CHAR, next, -1, this.#atomOf(ast.source));
      case 'start':
        return this.node(LINE_START, next);
      case 'end':
        return this.node(LINE_END, next);
      case 'seq': {
        let entry = next;
        for (let i = ast.items.length - 1; i >= 0; i--) entry = this.emit(ast.items[i]!, entry);
        return entry;
      }
      case 'alt': {
        let entry = this.emit(ast.options[ast.options.length - 1]!, next);
        for (let i = ast.options.length - 2; i >= 0; i--) {
          entry = this.node(SPLIT, this.emit(ast.options[i]!, next), entry);
        }
        return entry;
      }
      case 'repeat':
        return this.#repeat(ast.node, ast.min, ast.max, next);
    }
  }

  #repeat(body: Ast, min: number, max: number, next: number): number {
    let entry = next;
    if (max === Infinity) {
      const loop = this.node(SPLIT, -1, next);
      this.out1[loop] = this.emit(body, loop);
      entry = loop;
    } else {
      for (let i = min; i < max; i++) entry = this.node(SPLIT, this.emit(body, entry), next);
    }
    for (let i = 0; i < min; i++) entry = this.emit(body, entry);
    return entry;
  }

  #atomOf(source: string): number {
    let index = this.#atomIndex.get(source);
    if (index === undefined) {
      const matcher = new RegExp(`^(?:${source})$`, 'u');
      index = this.atoms.length;
      this.atoms.push((codePoint) => matcher.test(codePoint));
      this.#atomIndex.set(source, index);
    }
    return index;
  }
}

/**
 * The NFA of `source`, a pattern already known to be valid ECMAScript with the `u` flag.
 * Throws `UnsupportedPattern` when it needs backtracking or exceeds `limits`.
 */
export function compileNfa(source: string, limits: NfaLimits): Nfa {
  if (source.length > limits.maxPatternLength) {
    throw new UnsupportedPattern(`it is longer than ${limits.maxPatternLength} characters`);
  }
  let ast: Ast;
  const builder = new Builder(limits.maxNodes);
  let start: number;
  try {
    ast = new Parser(source).parse();
    start = builder.emit(ast, builder.node(MATCH, -1));
  } catch (error) {
    if (error instanceof RangeError) throw new UnsupportedPattern('it nests too deeply');
    if (error instanceof SyntaxError)
      throw new UnsupportedPattern(`part of it cannot be read (${error.message})`);
    throw error;
  }
  const { kind, atom, out1, out2, atoms } = builder;
  return { kind, atom, out1, out2, start, atoms };
}
