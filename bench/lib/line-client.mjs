// A hand-written newline-delimited JSON-RPC client over a child's stdin/stdout: the floor's stdio client, and
// the raw driver that sends identical bytes to every subject's stdio server (memory, response sizes).
import { spawnTracked, stopChild } from './children.mjs';

/** What a waiting exchange resolves with: the response's result, the response, or the response and its size. */
const RESULT = 0;
const MESSAGE = 1;
const MEASURED = 2;

export class LineClient {
  #child;
  #pending = new Map();
  #buffered = '';
  #nextId = 1;
  #exitError;
  /** Requests sent in this tick, joined: one write to the pipe for a burst of calls, not one each. */
  #batch;

  /** Spawns `command args` and speaks newline-delimited JSON to it. */
  static spawn(command, args) {
    return new LineClient(spawnTracked(command, args));
  }

  constructor(child) {
    this.#child = child;
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => this.#receive(chunk));
    child.stdin.on('error', (error) => this.#failAll(error));
    child.once('exit', (code, signal) => this.#failAll(new Error(`server exited (${code ?? signal})`)));
  }

  get pid() {
    return this.#child.pid;
  }

  /** Sends `method` with `params` (a fresh numeric id) and resolves with the response's `result`. */
  call(method, params) {
    return this.#exchange({ jsonrpc: '2.0', id: this.#nextId++, method, params }, RESULT);
  }

  /** Sends a complete request (its id must be unique among those in flight) and resolves with the response. */
  send(request) {
    return this.#exchange(request, MESSAGE);
  }

  /** Like `send`, also reporting the response line's size in bytes (newline included). */
  sendMeasured(request) {
    return this.#exchange(request, MEASURED);
  }

  nextId() {
    return this.#nextId++;
  }

  close() {
    return stopChild(this.#child);
  }

  #exchange(request, want) {
    if (this.#exitError) return Promise.reject(this.#exitError);
    return new Promise((resolve, reject) => {
      this.#pending.set(request.id, { resolve, reject, want, method: request.method });
      this.#queue(`${JSON.stringify(request)}\n`);
    });
  }

  #queue(line) {
    if (this.#batch !== undefined) {
      this.#batch += line;
      return;
    }
    this.#batch = line;
    process.nextTick(this.#flush);
  }

  #flush = () => {
    const batch = this.#batch;
    this.#batch = undefined;
    this.#child.stdin.write(batch);
  };

  /** Hands over each complete line of the text read so far: slices of the chunk, no copies of what follows. */
  #receive(chunk) {
    let newline = chunk.indexOf('\n');
    if (newline === -1) {
      this.#buffered += chunk;
      return;
    }
    let from = 0;
    if (this.#buffered.length > 0) {
      const line = this.#buffered + chunk.slice(0, newline);
      this.#buffered = '';
      this.#deliver(line);
      from = newline + 1;
      newline = chunk.indexOf('\n', from);
    }
    while (newline !== -1) {
      if (newline > from) this.#deliver(chunk.slice(from, newline));
      from = newline + 1;
      newline = chunk.indexOf('\n', from);
    }
    if (from < chunk.length) this.#buffered = chunk.slice(from);
  }

  #deliver(line) {
    let message;
    try {
      message = JSON.parse(line);
    } catch {
      this.#failAll(new Error(`the server wrote a line that is not JSON: ${line.slice(0, 200)}`));
      return;
    }
    if (message.id === undefined) return; // a notification: nothing waits for it
    const waiter = this.#pending.get(message.id);
    if (!waiter) return;
    this.#pending.delete(message.id);
    if (waiter.want === MESSAGE) waiter.resolve(message);
    else if (waiter.want === MEASURED)
      waiter.resolve({ response: message, bytes: Buffer.byteLength(line) + 1 });
    else if (message.error)
      waiter.reject(new Error(`${waiter.method} failed: ${JSON.stringify(message.error)}`));
    else waiter.resolve(message.result);
  }

  #failAll(error) {
    this.#exitError ??= error;
    for (const waiter of this.#pending.values()) waiter.reject(error);
    this.#pending.clear();
  }
}
