/** The demo's output: a heading per part, one aligned line per step. */
export class Transcript {
  private steps = 0;

  constructor(private readonly write: (text: string) => void) {}

  /** How many steps were reported. */
  get count(): number {
    return this.steps;
  }

  heading(text: string): void {
    this.write(`\n${text}\n`);
  }

  /** A step that worked: `label` in a column, then what happened. */
  step(label: string, text: string): void {
    this.steps++;
    this.write(`  ${label.padEnd(12)} ${text}\n`);
  }

  /** A continuation line of the step before. */
  more(text: string): void {
    this.write(`  ${' '.repeat(12)} ${text}\n`);
  }

  line(text: string): void {
    this.write(`${text}\n`);
  }
}

/** Cuts a list of names for one line: the first few, then how many more. */
export function someOf(names: readonly string[], shown = 4): string {
  if (names.length <= shown) return names.join(', ');
  return `${names.slice(0, shown).join(', ')} and ${names.length - shown} more`;
}
