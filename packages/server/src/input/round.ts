import type { ClientCapabilities, InputRequest } from '@mcpkit/protocol';
import { clipForMessage, loadedSchemas, loadSchemas, McpError } from '@mcpkit/protocol/internal';
import { canonicalJson } from '../encoding/canonical-json.js';
import { checkAnswer } from './answers.js';
import { missingCapabilities } from './capabilities.js';
import { InputRequiredSignal, type InputSpec } from './input-spec.js';
import type { RequestStatePayload } from './request-state.js';
import { checkInputRequest, requireCapabilities } from './required-check.js';

function rejectedSignal(): Promise<never> {
  const rejected = Promise.reject(new InputRequiredSignal());
  // Marked handled: a handler that never awaits its question must not crash the process.
  rejected.catch(() => {});
  return rejected;
}

/**
 * One round of a request that may ask for input: the answers known so far, the questions asked
 * and not yet answered, and the `once` values.
 */
export class InputRound {
  /** Questions asked this round without an answer, in the order asked. */
  readonly pending = new Map<string, InputRequest>();
  /**
   * The first protocol error a question met (a malformed answer, a missing capability). It wins
   * over unanswered questions even when the handler never saw it (e.g. inside `Promise.all`).
   */
  failure: unknown;
  /**
   * The answers this run has used, by key, in the order it asked: the n-th question under a key
   * gets the n-th answer. Maps, not objects: "__proto__" or "constructor" is a key like any other.
   */
  private readonly used = new Map<string, unknown[]>();
  /** The canonical JSON of the question each key was first asked with in this run. */
  private readonly questions = new Map<string, string>();
  /** The `once` computations of this run still running or done, and how many were started. */
  private readonly computing = new Map<string, Promise<unknown>>();
  private started = 0;

  constructor(
    private readonly capabilities: ClientCapabilities,
    private readonly answers: ReadonlyMap<string, readonly unknown[]>,
    private readonly memo: Map<string, unknown>,
  ) {}

  /**
   * The next answer under `key` if known and valid; otherwise records the question (or `-32021`).
   * Asking a key again after its answer was used asks anew (S-59): a handler may loop until an
   * answer suits it, and on the retry every ask replays the answer it got before. A key stands for
   * one question: asking it with another is `-32603`.
   */
  resolve(key: string, request: InputRequest): { answered: true; value: unknown } | { answered: false } {
    checkInputRequest(key, request);
    const question = canonicalJson(request);
    const first = this.questions.get(key);
    if (first === undefined) this.questions.set(key, question);
    else if (first !== question) {
      // Its answers belong to the first question: they would reach this one unchecked (S-54, S-60).
      throw McpError.internalError(
        `Input key ${JSON.stringify(clipForMessage(key))} reused for a different question`,
      );
    }
    // Asked side by side with the same key (Promise.all) while unanswered: one question.
    if (this.pending.has(key)) return { answered: false };
    const used = this.used.get(key) ?? [];
    const given = this.answers.get(key);
    if (given !== undefined && used.length < given.length) {
      const value = checkAnswer(key, request, given[used.length]);
      used.push(value);
      this.used.set(key, used);
      return { answered: true, value };
    }
    requireCapabilities(request, this.capabilities);
    this.pending.set(key, request);
    return { answered: false };
  }

  /**
   * Never throws: every outcome is a promise, so questions asked side by side are all recorded.
   * The first question a process meets waits for the input request schemas it is checked with.
   */
  ask(key: string, request: InputRequest): Promise<unknown> {
    if (loadedSchemas() === undefined) return loadSchemas().then(() => this.ask(key, request));
    try {
      const found = this.resolve(key, request);
      return found.answered ? Promise.resolve(found.value) : rejectedSignal();
    } catch (error) {
      return this.fail(error);
    }
  }

  askAll(inputs: Record<string, InputSpec<unknown>>): Promise<Record<string, unknown>> {
    if (loadedSchemas() === undefined) return loadSchemas().then(() => this.askAll(inputs));
    const out: Array<[string, unknown]> = [];
    let complete = true;
    try {
      for (const [key, spec] of Object.entries(inputs)) {
        const found = this.resolve(key, spec.request);
        if (found.answered) out.push([key, found.value]);
        else complete = false;
      }
    } catch (error) {
      return this.fail(error);
    }
    return complete ? Promise.resolve(Object.fromEntries(out)) : rejectedSignal();
  }

  private fail(error: unknown): Promise<never> {
    this.failure ??= error;
    const rejected = Promise.reject(error);
    rejected.catch(() => {});
    return rejected;
  }

  canAsk(input: InputSpec<unknown>): boolean {
    return missingCapabilities(input.request, this.capabilities) === undefined;
  }

  /** The value of `key` stored earlier, or `compute`'s; a call while one for `key` runs shares it. */
  once<T>(key: string, compute: () => T | Promise<T>): Promise<T> {
    if (this.memo.has(key)) return Promise.resolve(this.memo.get(key) as T);
    let running = this.computing.get(key);
    if (running === undefined) {
      running = this.compute(key, compute);
      this.computing.set(key, running);
      this.started++;
      // A failed computation is not remembered: asking again runs it again.
      running.catch(() => this.computing.delete(key));
    }
    return running as Promise<T>;
  }

  private async compute(key: string, compute: () => unknown): Promise<unknown> {
    // The value as the state will carry it, from the first round on; `undefined` stays itself.
    const text = JSON.stringify(await compute());
    const json: unknown = text === undefined ? undefined : JSON.parse(text);
    this.memo.set(key, json);
    return json;
  }

  /**
   * Resolves once every `once` started in this run has settled, so the state sealed next carries
   * its value: a question beside it in `Promise.all` ends the handler's wait before it finishes.
   */
  async settled(): Promise<void> {
    let seen: number;
    do {
      seen = this.started;
      await Promise.allSettled(this.computing.values());
    } while (this.started !== seen);
  }

  /** What the next round needs, to be sealed into `requestState`. */
  payload(): RequestStatePayload {
    const pending = new Map<string, string>();
    for (const [key, request] of this.pending) pending.set(key, request.method);
    return { answers: this.used, pending, memo: this.memo };
  }
}

/**
 * The answers a round starts from: earlier rounds' (signed), each key's list followed by this
 * retry's answer when the key was asked last round. An answer to anything else was never asked
 * for and is ignored (S-60).
 */
export function roundAnswers(
  state: RequestStatePayload,
  inputResponses: Record<string, unknown> | undefined,
): Map<string, readonly unknown[]> {
  const given = Object.entries(inputResponses ?? {});
  const answers = new Map(state.answers);
  for (const [key, answer] of given) {
    if (state.pending.has(key)) answers.set(key, [...(state.answers.get(key) ?? []), answer]);
  }
  return answers;
}
