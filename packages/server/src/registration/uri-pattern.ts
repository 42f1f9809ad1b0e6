/**
 * The patterns URI templates compile to, and a matcher that runs them in time linear in the URI.
 * It backtracks as a regular expression does, so it finds the same captures with the same greedy
 * quantifiers, but remembers every (instruction, position) it has tried: with no backreferences,
 * a state that failed once fails again, so none is tried twice. A regular expression took minutes
 * for `{a}.{b}.{c}` against a URI of dots; this takes at most the URI's length times the pattern's
 * size.
 */

/** A piece of a pattern. Every quantifier is greedy, as in a regular expression. */
export type PatternNode =
  | { kind: 'literal'; text: string }
  /** A run of characters not in `excluded`, at least `min` long (`[^…]*` or `[^…]+`). */
  | { kind: 'run'; excluded: string; min: 0 | 1 }
  /** Records where `body` starts and ends in the input as capture `slot`. */
  | { kind: 'capture'; slot: number; body: PatternNode[] }
  /** `(?:body)?` */
  | { kind: 'optional'; body: PatternNode[] }
  /** `(?:body)*`; `body` must never match the empty string. */
  | { kind: 'repeat'; body: PatternNode[] };

/** What a regular expression's `.` does not match. */
export const LINE_TERMINATORS = '\n\r\u2028\u2029';

const LITERAL = 0;
const CLASS = 1;
const SPLIT = 2;
const JUMP = 3;
const SAVE = 4;
const MATCH = 5;

/**
 * One instruction: `LITERAL` matches the string `text`, `CLASS` one character not in `text`;
 * `SPLIT` goes on at `next` and, with lower priority, at `alternative`; `JUMP` goes to `next`;
 * `SAVE` stores the position in capture slot `slot`.
 */
interface Instruction {
  op: number;
  text: string;
  next: number;
  alternative: number;
  slot: number;
}

function emit(program: Instruction[], op: number, fields: Partial<Instruction> = {}): Instruction {
  const instruction: Instruction = { op, text: '', next: program.length + 1, alternative: -1, slot: -1 };
  Object.assign(instruction, fields);
  program.push(instruction);
  return instruction;
}

function compileNodes(program: Instruction[], nodes: readonly PatternNode[]): void {
  for (const node of nodes) {
    switch (node.kind) {
      case 'literal':
        if (node.text !== '') emit(program, LITERAL, { text: node.text });
        break;
      case 'run': {
        if (node.min === 1) emit(program, CLASS, { text: node.excluded });
        const start = program.length;
        const split = emit(program, SPLIT);
        emit(program, CLASS, { text: node.excluded, next: start });
        split.alternative = program.length;
        break;
      }
      case 'capture':
        emit(program, SAVE, { slot: 2 * node.slot });
        compileNodes(program, node.body);
        emit(program, SAVE, { slot: 2 * node.slot + 1 });
        break;
      case 'optional': {
        const split = emit(program, SPLIT);
        compileNodes(program, node.body);
        split.alternative = program.length;
        break;
      }
      case 'repeat': {
        const start = program.length;
        const split = emit(program, SPLIT);
        compileNodes(program, node.body);
        emit(program, JUMP, { next: start });
        split.alternative = program.length;
        break;
      }
    }
  }
}

/** A compiled pattern that must match a whole string. */
export class UriPattern {
  private readonly program: Instruction[] = [];

  constructor(
    nodes: readonly PatternNode[],
    private readonly slots: number,
  ) {
    compileNodes(this.program, nodes);
    emit(this.program, MATCH);
  }

  /**
   * The captured substrings when `input` matches as a whole (`undefined` for a capture that took
   * no part), or `undefined`. Work is at most the input's length times the pattern's size.
   */
  exec(input: string): Array<string | undefined> | undefined {
    const captures = this.run(input);
    if (!captures) return undefined;
    const found: Array<string | undefined> = [];
    for (let slot = 0; slot < this.slots; slot++) {
      const start = captures[2 * slot]!;
      const end = captures[2 * slot + 1]!;
      found.push(start < 0 || end < 0 ? undefined : input.slice(start, end));
    }
    return found;
  }

  /** The capture positions of the match, or `undefined`. */
  private run(input: string): number[] | undefined {
    const program = this.program;
    const width = input.length + 1;
    const tried = new Uint32Array(Math.ceil((program.length * width) / 32));
    const captures = new Array<number>(2 * this.slots).fill(-1);
    // Choice points, three numbers each: [pc, position, -1] to resume at, [slot, old value, -2] to undo.
    const trail: number[] = [];
    let pc = 0;
    let position = 0;
    for (;;) {
      const state = pc * width + position;
      const bit = 1 << (state & 31);
      let ok = (tried[state >>> 5]! & bit) === 0;
      if (ok) {
        tried[state >>> 5]! |= bit;
        const instruction = program[pc]!;
        switch (instruction.op) {
          case LITERAL:
            ok = input.startsWith(instruction.text, position);
            pc = instruction.next;
            position += instruction.text.length;
            break;
          case CLASS: {
            const char = input[position];
            ok = char !== undefined && !instruction.text.includes(char);
            pc = instruction.next;
            position++;
            break;
          }
          case JUMP:
            pc = instruction.next;
            break;
          case SPLIT:
            trail.push(instruction.alternative, position, -1);
            pc = instruction.next;
            break;
          case SAVE:
            trail.push(instruction.slot, captures[instruction.slot]!, -2);
            captures[instruction.slot] = position;
            pc = instruction.next;
            break;
          default:
            if (position === input.length) return captures;
            ok = false;
        }
      }
      if (ok) continue;
      // Back to the latest choice point, undoing the captures made since.
      for (;;) {
        const kind = trail.pop();
        if (kind === undefined) return undefined;
        const second = trail.pop()!;
        const first = trail.pop()!;
        if (kind === -2) {
          captures[first] = second;
          continue;
        }
        pc = first;
        position = second;
        break;
      }
    }
  }
}
