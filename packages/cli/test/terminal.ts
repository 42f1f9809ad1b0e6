// Runs `mcpkit` in a real pseudo-terminal through util-linux `script`, types keys into it and
// reads the screen output, as a person at a terminal would.
import { spawn, spawnSync } from 'node:child_process';
import { MCPKIT, type Run } from './run.js';

/** Whether `script` (util-linux) is there to make a pseudo-terminal; tests skip without it. */
export const HAS_SCRIPT = spawnSync('script', ['--version'], { stdio: 'ignore' }).status === 0;
if (!HAS_SCRIPT) console.warn('mcpkit terminal tests skipped: util-linux `script` is not installed');

/** Keys as a terminal sends them. */
export const KEY = { enter: '\r', down: '\x1b[B', space: ' ', ctrlC: '\x03', ctrlD: '\x04' } as const;

// biome-ignore lint/suspicious/noControlCharactersInRegex: terminal escape sequences are what it removes
const ESCAPES = /\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b\][^\x07]*\x07|\x1b[()][0-9A-Za-z]|\x1b[=>78]/g;

function shellQuote(word: string): string {
  return `'${word.replaceAll("'", `'\\''`)}'`;
}

/** A program running in a pseudo-terminal of 100 × 40. */
export interface TerminalRun {
  /** Waits until the screen output (escape sequences removed) since the last wait matches `pattern`. */
  waitFor(pattern: RegExp): Promise<string>;
  type(keys: string): void;
  /** Everything shown so far, escape sequences removed. */
  screen(): string;
  /** Everything written so far, escape sequences and all. */
  raw(): string;
  ended: Promise<Run>;
}

export function startInTerminal(args: readonly string[], env: NodeJS.ProcessEnv = {}): TerminalRun {
  const command = `stty cols 100 rows 40; exec ${[process.execPath, MCPKIT, ...args].map(shellQuote).join(' ')}`;
  const child = spawn('script', ['-qefc', command, '/dev/null'], {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  let raw = '';
  let seen = 0;
  let wake: (() => void) | undefined;
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    raw += chunk;
    wake?.();
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const screen = () => raw.replace(ESCAPES, '');
  const ended = new Promise<Run>((resolve) =>
    child.once('close', (code) => {
      wake?.();
      resolve({ code, stdout: screen(), stderr });
    }),
  );
  let done = false;
  void ended.then(() => (done = true));
  return {
    async waitFor(pattern) {
      // A clear failure with what the screen shows, before the test's own limit.
      const giveUp = Date.now() + 20_000;
      for (;;) {
        const text = screen().slice(seen);
        const match = pattern.exec(text);
        if (match) {
          seen += match.index + match[0].length;
          return text;
        }
        if (done) throw new Error(`the program ended before ${pattern}:\n${screen()}`);
        if (Date.now() > giveUp) throw new Error(`no ${pattern} on the screen:\n${screen().slice(-2000)}`);
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, 500);
        });
      }
    },
    type: (keys) => child.stdin.write(keys),
    screen,
    raw: () => raw,
    ended,
  };
}
