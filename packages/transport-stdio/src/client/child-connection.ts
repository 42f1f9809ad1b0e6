import type { ChildProcess, spawn as Spawn } from 'node:child_process';
import type { DecodedMessage } from '@mcpkit/protocol';
import { decodeMessage, McpError, Outbox, type PendingExchange, parseJson } from '@mcpkit/protocol/internal';
import { LineSplitter } from '../line-splitter.js';
import { LineWriter } from '../line-writer.js';
import { endProcessGroup, PROCESS_GROUPS, signalGroup } from './process-group.js';
import { StderrTail } from './stderr-tail.js';

/**
 * `node:child_process`, loaded when the first server process is started rather than on import:
 * a stdio server imports this package too, and never spawns.
 */
function spawnOf(): typeof Spawn {
  return (process.getBuiltinModule('node:child_process') as typeof import('node:child_process')).spawn;
}

/** How to start the server process. */
export interface SpawnSpec {
  command: string;
  args?: readonly string[];
  /** The child's whole environment. Default: this process's environment. */
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  /**
   * The child's stderr (T-5): `'inherit'` (default) copies it to this process's stderr, `'ignore'`
   * discards it, a function receives it as text. Never read as an error signal; unless ignored, its
   * last lines are quoted when the server exits before its first answer.
   */
  stderr?: 'inherit' | 'ignore' | ((text: string) => void);
  /**
   * Start the server as the leader of a process group of its own (POSIX; ignored on Windows).
   * Then a terminal's Ctrl-C reaches only this process (the server ends through the EOF on its
   * stdin), SIGTERM and SIGKILL go to the whole group, and what the server started and left in
   * its group is ended once it has exited. The price: Node can only do it with a new session, and
   * Linux schedules each session as a group of its own (autogroup), so on a busy machine each
   * round trip waits for the server to be scheduled apart from this process: two to three times
   * slower. Default `false`: the server stays in this process's group, as a shell runs a pipeline.
   *
   * @example
   * ```ts
   * // An interactive tool: Ctrl-C must stop the tool gracefully, not kill its server mid-call.
   * createStdioClientTransport({ command: 'node', args: ['server.js'], processGroup: true });
   * ```
   */
  processGroup?: boolean;
}

/** How long each step of a shutdown may take (T-14). */
export interface ShutdownTimeouts {
  /** After closing the child's stdin, how long to wait for it to exit. Default 3,000 ms. */
  exitTimeoutMs?: number;
  /** After SIGTERM, how long to wait before SIGKILL. Default 2,000 ms. */
  terminateTimeoutMs?: number;
}

/**
 * How long the pipes of a process that exited may stay open. Long enough to read what it wrote
 * before it died; a grandchild that inherited them may hold them open for much longer.
 */
const EXITED_PIPES_GRACE_MS = 200;

/** How a child process ended. */
export interface ChildExit {
  /** The process id (undefined when it never started). */
  pid: number | undefined;
  /** Whether the process ever started (false: e.g. the command does not exist). */
  spawned: boolean;
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Why it could not start, when `spawned` is false. */
  error: Error | undefined;
}

/** How a process ended, in words: its signal or its exit code. */
export function describeExit(exit: ChildExit): string {
  return exit.signal ? `signal ${exit.signal}` : `exit code ${exit.code}`;
}

/** What a connection reports to its owner. */
export interface ChildEvents {
  spawned(connection: ChildConnection): void;
  message(decoded: DecodedMessage, connection: ChildConnection): void;
  /** A line that is not one JSON-RPC message (T-3 violated by the server). */
  invalid(error: McpError, connection: ChildConnection): void;
  /**
   * The process is gone and its stdout read to the end, or for a moment after the exit when a
   * process it started still holds it.
   */
  closed(exit: ChildExit, connection: ChildConnection): void;
}

/** What a connection needs besides the spawn spec. */
export interface ChildOptions {
  maxMessageBytes: number;
  timeouts: Required<ShutdownTimeouts>;
  events: ChildEvents;
  /** Serializes and writes an exchange's request to `connection.writer`; the outbox calls it once the pipe has room. */
  writeRequest(exchange: PendingExchange, connection: ChildConnection): void;
}

/**
 * One server process and its pipes: newline framing on stdin/stdout, stderr as configured,
 * lifecycle events, and the graceful-then-forceful shutdown of T-14. With `processGroup` (POSIX)
 * the process leads a process group of its own: SIGTERM and SIGKILL go to the whole group, and
 * once the server has exited, for whatever reason, the processes it started and left in its group
 * are ended too.
 */
export class ChildConnection {
  readonly process: ChildProcess;
  readonly writer: LineWriter;
  /** Requests and notifications waiting for room in the process's stdin. */
  readonly outbox: Outbox<string>;
  /** Resolves `true` once the process runs, `false` if it could not be started. */
  readonly started: Promise<boolean>;
  #resolveStarted!: (started: boolean) => void;
  #spawned = false;
  #answered = false;
  /** The end of its stderr until it first answers, unless stderr is ignored. */
  #stderrTail: StderrTail | undefined;
  /** When it started and exited, on the monotonic clock of `performance.now()`. */
  #spawnedAt = 0;
  #exitedAt: number | undefined;
  #exited = false;
  #closed = false;
  #error: Error | undefined;
  readonly #timeouts: Required<ShutdownTimeouts>;
  /** Whether the process leads a process group of its own (`processGroup`, on POSIX). */
  readonly #ownGroup: boolean;
  /** Settles once what the server left in its process group has been ended (after the exit). */
  #groupEnded: Promise<void> = Promise.resolve();
  #pipesGrace: ReturnType<typeof setTimeout> | undefined;
  readonly #exitWaiters: (() => void)[] = [];
  readonly #closeWaiters: (() => void)[] = [];

  constructor(spec: SpawnSpec, options: ChildOptions) {
    const { maxMessageBytes, events, writeRequest } = options;
    const stderr = spec.stderr ?? 'inherit';
    this.#ownGroup = spec.processGroup === true && PROCESS_GROUPS;
    const child = spawnOf()(spec.command, spec.args ?? [], {
      stdio: ['pipe', 'pipe', stderr === 'ignore' ? 'ignore' : 'pipe'],
      env: spec.env ?? process.env,
      ...(spec.cwd === undefined ? {} : { cwd: spec.cwd }),
      // Its own process group: a terminal's Ctrl-C reaches only this process, and the server
      // ends when this process does, through the EOF on its stdin (T-15).
      detached: this.#ownGroup,
      windowsHide: true,
    });
    this.process = child;
    this.#timeouts = options.timeouts;
    this.started = new Promise((resolve) => {
      this.#resolveStarted = resolve;
    });
    this.writer = new LineWriter(child.stdin!, {
      onBlockedChange: (blocked) => {
        if (!blocked) this.outbox.drain();
      },
    });
    this.outbox = new Outbox(this.writer, (exchange) => writeRequest(exchange, this));
    const onLine = (line: string | Buffer) => {
      const parsed = parseJson(line);
      const decoded = parsed.ok ? decodeMessage(parsed.value) : parsed;
      if (!decoded.ok) {
        events.invalid(decoded.error, this);
        return;
      }
      if (!this.#answered) {
        this.#answered = true;
        this.#stderrTail = undefined;
      }
      events.message(decoded, this);
    };
    const splitter = new LineSplitter(maxMessageBytes, {
      text: onLine,
      // Only lines that are not UTF-8 come as bytes; parsing them reports that.
      line: onLine,
      oversized: (limit) => events.invalid(McpError.parseError(`the message exceeds ${limit} bytes`), this),
    });
    child.stdout!.on('data', (chunk: Buffer) => splitter.push(chunk));
    child.stdout!.on('end', () => splitter.end());
    // A dead child's pipes fail with EPIPE/ECONNRESET; the exit path handles it.
    child.stdin!.on('error', () => {});
    child.stdout!.on('error', () => {});
    if (stderr !== 'ignore') {
      this.#stderrTail = new StderrTail();
      child.stderr!.setEncoding('utf8');
      child.stderr!.on('data', (text: string) => {
        this.#stderrTail?.push(text);
        if (stderr === 'inherit') {
          process.stderr.write(text);
          return;
        }
        try {
          stderr(text);
        } catch {
          // A throwing stderr callback must not break the transport.
        }
      });
      child.stderr!.on('error', () => {});
    }
    child.on('spawn', () => {
      this.#spawned = true;
      this.#spawnedAt = performance.now();
      this.#resolveStarted(true);
      events.spawned(this);
    });
    child.on('error', (error) => {
      if (!this.#spawned) this.#error = error;
    });
    child.on('exit', () => {
      this.#exited = true;
      this.#exitedAt = performance.now();
      if (this.#ownGroup) this.#groupEnded = endProcessGroup(child.pid!, this.#timeouts.terminateTimeoutMs);
      this.#stopWriting();
      for (const wake of this.#exitWaiters.splice(0)) wake();
      // `close` waits for every holder of the pipes, and a helper the server started may share its
      // stdout: read what the server wrote, then stop waiting, so `closed` reports the crash (T-17).
      if (!this.#closed) this.#pipesGrace = setTimeout(this.#destroyPipes, EXITED_PIPES_GRACE_MS);
    });
    child.on('close', (code, signal) => {
      clearTimeout(this.#pipesGrace);
      this.#exited = true;
      this.#exitedAt ??= performance.now();
      this.#closed = true;
      this.#stopWriting();
      for (const wake of this.#exitWaiters.splice(0)) wake();
      for (const wake of this.#closeWaiters.splice(0)) wake();
      this.#resolveStarted(false);
      events.closed({ pid: child.pid, spawned: this.#spawned, code, signal, error: this.#error }, this);
    });
  }

  /** Why the process could not be started, once `started` resolved `false`. */
  get startError(): Error | undefined {
    return this.#error;
  }

  /** Whether the process has written at least one JSON-RPC message: it started. */
  get answered(): boolean {
    return this.#answered;
  }

  /** The last lines of its stderr, while it has not answered; `undefined` when stderr is ignored. */
  get stderrTail(): string | undefined {
    return this.#stderrTail?.text();
  }

  /** How long the process has been running, or ran until it exited; 0 when it never started. */
  get uptimeMs(): number {
    if (!this.#spawned) return 0;
    return (this.#exitedAt ?? performance.now()) - this.#spawnedAt;
  }

  /** Whether the process is still there (not yet exited). */
  get alive(): boolean {
    return !this.#exited;
  }

  /** The process id, once spawned. */
  get pid(): number | undefined {
    return this.process.pid;
  }

  /**
   * Ends the process (T-14): close its stdin, wait up to `exitTimeoutMs`, SIGTERM, wait up to
   * `terminateTimeoutMs`, SIGKILL (with `processGroup`, both go to its process group). Resolves
   * once it has exited, what it left in its group has been ended, and its pipes are closed, so no
   * zombie is left behind.
   */
  async shutdown(): Promise<void> {
    const timeouts = this.#timeouts;
    if (!this.#exited) {
      // Lines still waiting for the pipe to drain are dropped: EOF says all the server needs.
      this.writer.flush();
      this.#stopWriting();
      this.process.stdin!.end();
      if (!(await this.#waitForExit(timeouts.exitTimeoutMs))) {
        this.#kill('SIGTERM');
        if (!(await this.#waitForExit(timeouts.terminateTimeoutMs))) {
          this.#kill('SIGKILL');
          await this.#waitForExit(undefined);
        }
      }
    }
    await this.#groupEnded;
    if (this.#closed) return;
    // The process is gone; a grandchild may still hold its stdout open. Do not wait for it.
    this.#destroyPipes();
    await new Promise<void>((resolve) => {
      if (this.#closed) resolve();
      else this.#closeWaiters.push(resolve);
    });
  }

  /** Signals the process, and with `processGroup` every process of its group. */
  #kill(signal: NodeJS.Signals): void {
    const pid = this.process.pid;
    if (this.#ownGroup && pid !== undefined) signalGroup(pid, signal);
    else this.process.kill(signal);
  }

  /** Nothing more will reach the process: what waits to be written is dropped, later writes ignored. */
  #stopWriting(): void {
    this.writer.abandon();
    this.outbox.drop();
  }

  /** Stops reading and writing the pipes, which lets `close` fire once the process has exited. */
  readonly #destroyPipes = (): void => {
    const child = this.process;
    child.stdout!.destroy();
    child.stderr?.destroy();
    child.stdin!.destroy();
  };

  /** Waits for the exit for at most `timeoutMs` (forever when undefined); true when it exited. */
  #waitForExit(timeoutMs: number | undefined): Promise<boolean> {
    if (this.#exited) return Promise.resolve(true);
    return new Promise((resolve) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const wake = () => {
        clearTimeout(timer);
        resolve(true);
      };
      this.#exitWaiters.push(wake);
      if (timeoutMs !== undefined) {
        timer = setTimeout(() => {
          const index = this.#exitWaiters.indexOf(wake);
          if (index !== -1) this.#exitWaiters.splice(index, 1);
          resolve(false);
        }, timeoutMs);
      }
    });
  }
}
