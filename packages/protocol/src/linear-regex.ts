import {
  CHAR,
  compileNfa,
  LINE_END,
  LINE_START,
  MATCH,
  type Nfa,
  SPLIT,
  UnsupportedPattern,
} from './regex-nfa.js';

/** A compiled pattern whose `test` takes time linear in the length of its input. */
export interface LinearPattern {
  /** Whether the pattern matches somewhere in `input`, like `RegExp.prototype.test`. */
  test(input: string): boolean;
}

/** Limits on the patterns `compileLinearPattern` accepts and on the memory a matcher keeps. */
export interface LinearPatternLimits {
  /** Longest pattern, in characters. Default 10,000. */
  maxPatternLength?: number;
  /** Most automaton states once counted repetitions (`{n,m}`) are expanded. Default 10,000. */
  maxStates?: number;
}

/** How many DFA states a matcher keeps before it starts over with an empty cache. */
const MAX_CACHED_STATES = 2_000;
const ASCII = 128;

/** A set of NFA positions reached after some input, with its transitions as they are found. */
interface DfaState {
  /** The `CHAR` nodes that may consume the next code point. */
  readonly chars: number[];
  /** A match ended here: the pattern matches whatever follows. */
  readonly matched: boolean;
  /** A match ends here if the input ends here (through `$`). */
  readonly matchedAtEnd: boolean;
  /** No position left and no match: only a new start can revive it. */
  readonly dead: boolean;
  /** Next state by ASCII code point; undefined until seen. */
  readonly ascii: (DfaState | undefined)[];
  other: Map<number, DfaState> | undefined;
}

/**
 * Matches an NFA by simulating it as a DFA built lazily, one state per set of NFA positions, so
 * each input character costs one table look-up once its transition is known, and at most one
 * pass over the NFA otherwise. Memory is bounded: past `MAX_CACHED_STATES` the cache is dropped.
 */
class LazyDfa implements LinearPattern {
  readonly #nfa: Nfa;
  #states = new Map<string, DfaState>();
  #initial: DfaState;
  /** Marks of the closure being computed: `#seen[node] === #generation` once visited. */
  readonly #seen: Uint32Array;
  #generation = 0;
  /** The start cannot be re-entered after the first position: a dead state stays dead. */
  readonly #anchored: boolean;

  constructor(nfa: Nfa) {
    this.#nfa = nfa;
    this.#anchored = nfa.kind[nfa.start] === LINE_START;
    this.#seen = new Uint32Array(nfa.kind.length);
    this.#initial = this.#state([nfa.start], true);
  }

  test(input: string): boolean {
    let state = this.#initial;
    if (state.matched) return true;
    for (let i = 0; i < input.length; i++) {
      let code = input.charCodeAt(i);
      if (code >= 0xd800 && code <= 0xdbff && i + 1 < input.length) {
        const low = input.charCodeAt(i + 1);
        if (low >= 0xdc00 && low <= 0xdfff) {
          code = (code - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000;
          i++;
        }
      }
      const known = code < ASCII ? state.ascii[code] : state.other?.get(code);
      state = known ?? this.#step(state, code);
      if (state.matched) return true;
      if (state.dead && this.#anchored) return false;
    }
    return state.matchedAtEnd;
  }

  #step(from: DfaState, code: number): DfaState {
    const { atom, out1, atoms, start } = this.#nfa;
    const char = String.fromCodePoint(code);
    const seeds: number[] = [];
    for (const node of from.chars) if (atoms[atom[node]!]!(char)) seeds.push(out1[node]!);
    seeds.push(start);
    if (this.#states.size >= MAX_CACHED_STATES) this.#forget();
    const next = this.#state(seeds, false);
    if (code < ASCII) from.ascii[code] = next;
    else {
      from.other ??= new Map();
      from.other.set(code, next);
    }
    return next;
  }

  /** Drops every cached state; the one in use keeps working, uncached. */
  #forget(): void {
    this.#states = new Map();
    this.#initial = this.#state([this.#nfa.start], true);
  }

  /** The state of the NFA positions reachable from `seeds` without consuming input. */
  #state(seeds: number[], atStart: boolean): DfaState {
    const { kind, out1, out2 } = this.#nfa;
    const seen = this.#seen;
    const generation = ++this.#generation;
    const chars: number[] = [];
    let matched = false;
    let matchedAtEnd = false;
    const stack = seeds.slice();
    while (stack.length > 0) {
      const node = stack.pop()!;
      if (seen[node] === generation) continue;
      seen[node] = generation;
      switch (kind[node]) {
        case CHAR:
          chars.push(node);
          break;
        case SPLIT:
          stack.push(out1[node]!);
          if (out2[node]! >= 0) stack.push(out2[node]!);
          break;
        case LINE_START:
          if (atStart) stack.push(out1[node]!);
          break;
        case LINE_END:
          if (this.#matchesAtEnd(out1[node]!)) matchedAtEnd = true;
          break;
        case MATCH:
          matched = true;
          break;
      }
    }
    chars.sort((a, b) => a - b);
    const key = `${atStart ? 's' : ''}${chars.join(',')}${matchedAtEnd ? '$' : ''}${matched ? '!' : ''}`;
    const cached = this.#states.get(key);
    if (cached) return cached;
    const dead = chars.length === 0 && !matched && !matchedAtEnd;
    const state: DfaState = {
      chars,
      matched,
      matchedAtEnd,
      dead,
      ascii: new Array<DfaState | undefined>(ASCII).fill(undefined),
      other: undefined,
    };
    this.#states.set(key, state);
    return state;
  }

  /** Whether `MATCH` is reachable from `node` at the end of the input, without consuming any. */
  #matchesAtEnd(node: number): boolean {
    const { kind, out1, out2 } = this.#nfa;
    const visited = new Set<number>();
    const stack = [node];
    while (stack.length > 0) {
      const at = stack.pop()!;
      if (visited.has(at)) continue;
      visited.add(at);
      const k = kind[at];
      if (k === MATCH) return true;
      if (k === SPLIT) {
        stack.push(out1[at]!);
        if (out2[at]! >= 0) stack.push(out2[at]!);
      } else if (k === LINE_END) stack.push(out1[at]!);
    }
    return false;
  }
}

/**
 * Compiles a regular expression with ECMAScript syntax and the `u` flag (as JSON Schema's
 * `pattern` is read) into a matcher that takes time linear in its input, whatever the pattern:
 * `^((a+)+)+$` on 10,000 characters takes microseconds, not years. Returns the reason instead
 * when the pattern is not valid, needs backtracking (backreferences, lookaround, `\b`) or is
 * past `limits`.
 *
 * @example
 * ```ts
 * const compiled = compileLinearPattern('^[a-z]+(-[a-z]+)*$');
 * if (typeof compiled !== 'string') compiled.test('kebab-case'); // true
 * ```
 */
export function compileLinearPattern(
  source: string,
  limits: LinearPatternLimits = {},
): LinearPattern | string {
  const maxPatternLength = limits.maxPatternLength ?? 10_000;
  if (source.length > maxPatternLength) return `it is longer than ${maxPatternLength} characters`;
  try {
    new RegExp(source, 'u');
  } catch {
    return 'it is not a valid regular expression';
  }
  try {
    const nfa = compileNfa(source, {
      maxPatternLength,
      maxNodes: limits.maxStates ?? 10_000,
    });
    return new LazyDfa(nfa);
  } catch (error) {
    if (error instanceof UnsupportedPattern) return error.message;
    throw error;
  }
}
