import { type ChildProcess, spawn } from 'node:child_process';

/** A child process whose output is kept, for messages when it misbehaves. */
export class Child {
  readonly process: ChildProcess;
  output = '';
  readonly exited: Promise<number | null>;

  constructor(command: string, args: readonly string[], env: NodeJS.ProcessEnv = process.env) {
    this.process = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString()).slice(-20_000);
    };
    this.process.stdout?.on('data', keep);
    this.process.stderr?.on('data', keep);
    this.exited = new Promise((resolve) => this.process.once('exit', (code) => resolve(code)));
  }

  /** Resolves with the first match of `pattern` in the output, or rejects when the child exits or time runs out. */
  waitFor(pattern: RegExp, timeoutMs: number, what: string): Promise<RegExpMatchArray> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const match = this.output.match(pattern);
        if (match === null) return;
        done();
        resolve(match);
      };
      const fail = (why: string) => {
        done();
        reject(new Error(`${what} ${why}; its output:\n${this.output}`));
      };
      const onExit = (code: number | null) => fail(`exited (${code})`);
      const timer = setTimeout(() => fail(`did not print ${pattern} within ${timeoutMs} ms`), timeoutMs);
      const done = () => {
        clearTimeout(timer);
        this.process.stdout?.off('data', check);
        this.process.stderr?.off('data', check);
        this.process.off('exit', onExit);
      };
      this.process.stdout?.on('data', check);
      this.process.stderr?.on('data', check);
      this.process.once('exit', onExit);
      check();
    });
  }

  /** Sends `signal` and waits for the exit. */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    if (this.process.exitCode === null && this.process.signalCode === null) this.process.kill(signal);
    await this.exited;
  }
}
