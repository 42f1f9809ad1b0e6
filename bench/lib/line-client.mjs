// A hand-written newline-delimited JSON-RPC client over a child's stdin/stdout: the floor's stdio client, and
// the raw driver that sends identical bytes to every subject's stdio server (memory, response sizes).
import { spawnTracked, stopChild } from './children.mjs';

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
  async call(method, params) {
    const response = await this.send({ jsonrpc: '2.0', id: this.#nextId++, method, params });
    if (response.error) throw new Error(`${method} failed: ${JSON.stringify(response.error)}`);
    return response.result;
  }

  /** Sends a complete request (its id must be unique among those in flight) and resolves with the response. */
  send(request) {
    return this.#exchange(request, false);
  }

  /** Like `send`, also reporting the response line's size in bytes (newline included). */
  sendMeasured(request) {
    return this.#exchange(request, true);
  }

  nextId() {
    return this.#nextId++;
  }

  close() {
    return stopChild(this.#child);
  }

  #exchange(request, measure) {
    if (this.#exitError) return Promise.reject(this.#exitError);
    return new Promise((resolve, reject) => {
      this.#pending.set(request.id, { resolve, reject, measure });
      this.#queue(`${JSON.stringify(request)}\n`);
    });
  }

  #queue(line) {
    if (this.#batch !== undefined) {
      this.#batch += line;
      return;
    }
    this.#batch = line;
    process.nextTick(() => {
      const batch = this.#batch;
      this.#batch = undefined;
      this.#child.stdin.write(batch);
    });
  }

  #receive(chunk) {
    if (chunk.indexOf('\n') === -1) {
      this.#buffered += chunk;
      return;
    }
    let text = this.#buffered + chunk;
    let newline = text.indexOf('\n');
    while (newline !== -1) {
      const line = text.slice(0, newline);
      text = text.slice(newline + 1);
      if (line.length > 0) this.#deliver(line);
      newline = text.indexOf('\n');
    }
    this.#buffered = text;
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
    waiter.resolve(waiter.measure ? { response: message, bytes: Buffer.byteLength(line) + 1 } : message);
  }

  #failAll(error) {
    this.#exitError ??= error;
    for (const waiter of this.#pending.values()) waiter.reject(error);
    this.#pending.clear();
  }
}
