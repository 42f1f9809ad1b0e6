import type { ClientCapabilities, InputRequest } from '@mcpkit/protocol';
import { clipForMessage, McpError } from '@mcpkit/protocol/internal';
import { loadedSchemas, loadSchemas } from '@mcpkit/protocol/schema-loader';
import { canonicalJson } from '../encoding/canonical-json.js';
import { checkAnswer } from './answers.js';
import { missingCapabilities } from './capabilities.js';
import { withFormSchema } from './form-from-schema.js';
import { InputRequiredSignal, type InputSpec } from './input-spec.js';
import type { RequestStatePayload } from './request-state.js';
import { checkInputRequest, requireCapabilities } from './required-check.js';
import { askedWith, Question, type QuestionSite } from './unawaited.js';

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
  /** Where each question in `pending` was asked. */
  readonly sites = new Map<string, QuestionSite>();
  /** Questions still waiting for the input request schemas (the first ones a process meets). */
  private loading: Promise<void>[] | undefined;

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
  resolve(
    key: string,
    request: InputRequest,
    via: string,
    trace?: Error,
  ): { answered: true; value: unknown } | { answered: false } {
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
    // Called synchronously from the handler's ask: this stack shows where it asked.
    this.sites.set(key, { via, trace: trace ?? new Error(), questions: [] });
    return { answered: false };
  }

  /**
   * Never throws: every outcome is a promise, so questions asked side by side are all recorded.
   * The first question a process meets waits for the input request schemas it is checked with.
   */
  ask(key: string, request: InputRequest): Promise<unknown> {
    const question = new Question();
    if (loadedSchemas() === undefined) {
      const trace = new Error();
      this.load(
        loadSchemas().then(
          () => this.answer(question, [[key, request]], false, trace),
          (error) => question.fail(error),
        ),
      );
    } else {
      this.answer(question, [[key, request]], false, undefined);
    }
    return question;
  }

  askAll(inputs: Record<string, InputSpec<unknown>>): Promise<Record<string, unknown>> {
    const question = new Question();
    const asked = Object.entries(inputs).map(([key, spec]): [string, InputRequest] => [key, spec.request]);
    if (loadedSchemas() === undefined) {
      const trace = new Error();
      this.load(
        loadSchemas().then(
          () => this.answer(question, asked, true, trace),
          (error) => question.fail(error),
        ),
      );
    } else {
      this.answer(question, asked, true, undefined);
    }
    return question as Promise<Record<string, unknown>>;
  }

  /**
   * Settles `question`: with the answer (by key for `ctx.ask`), with the error a question
   * met, or with the signal that ends the round, recording `question` with each unanswered key.
   */
  private answer(
    question: Question,
    asked: readonly [string, InputRequest][],
    byKey: boolean,
    trace: Error | undefined,
  ): void {
    const out: Array<[string, unknown]> = [];
    const unanswered: string[] = [];
    try {
      for (const [key, request] of asked) {
        const asked = withFormSchema(key, request);
        const found = this.resolve(key, asked, byKey ? 'ctx.ask' : askedWith(asked), trace);
        if (found.answered) out.push([key, found.value]);
        else unanswered.push(key);
      }
    } catch (error) {
      this.failure ??= error;
      question.fail(error);
      return;
    }
    if (unanswered.length > 0) {
      for (const key of unanswered) this.sites.get(key)?.questions?.push(question);
      question.fail(new InputRequiredSignal());
    } else {
      question.settle(byKey ? Object.fromEntries(out) : out[0]![1]);
    }
  }

  /** A question waiting for the schemas: kept, so the round's end waits until it is asked. */
  private load(asking: Promise<void>): void {
    this.loading ??= [];
    this.loading.push(asking);
  }

  /** Resolves once every question started in this run has been asked (recorded, answered or failed). */
  async allAsked(): Promise<void> {
    while (this.loading !== undefined && this.loading.length > 0) {
      const waiting = this.loading;
      this.loading = [];
      await Promise.allSettled(waiting);
    }
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
