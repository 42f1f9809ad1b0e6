import type { InputRequest } from '@mcpkit/protocol';

/** The context method that asks each kind of question, as a handler writes it. */
const ASKED_WITH: Readonly<Record<InputRequest['method'], string>> = {
  'elicitation/create': 'ctx.elicit',
  'sampling/createMessage': 'ctx.sample',
  'roots/list': 'ctx.listRoots',
};

/** The context method that asked `request`. */
export function askedWith(request: InputRequest): string {
  return ASKED_WITH[request.method] ?? 'ctx.ask';
}

/** Where a question was asked, and with which method: kept until its round ends. */
export interface QuestionSite {
  readonly via: string;
  /** Created where the question was asked, for its stack. */
  readonly trace: Error;
  /** The promises handed out for it (one per ask; `Promise.all` may ask a key twice). */
  readonly questions?: Question[];
}

const nativeThen = Promise.prototype.then;
const ignore = (): void => {};

/**
 * The promise a question hands the handler. It knows whether anyone read it: `await`,
 * `Promise.all` and `.catch` all call `then` on a promise of another class, so a handler that
 * awaited its question (and perhaps caught the rejection that ends the round) is told apart from
 * one that forgot `await`. It is marked handled from the start, so an unread rejection never
 * reaches the process's `unhandledRejection`; so are the promises `then` derives from it.
 */
export class Question<T = unknown> extends Promise<T> {
  static override get [Symbol.species](): PromiseConstructor {
    return Promise;
  }

  /** Whether `then` was called: the handler awaited or chained it. */
  read = false;
  declare settle: (value: T) => void;
  declare fail: (reason: unknown) => void;

  constructor(executor?: (resolve: (value: T) => void, reject: (reason: unknown) => void) => void) {
    let settle!: (value: T) => void;
    let fail!: (reason: unknown) => void;
    super((resolve, reject) => {
      settle = resolve;
      fail = reject;
      executor?.(resolve, reject);
    });
    this.settle = settle;
    this.fail = fail;
    nativeThen.call(this, undefined, ignore);
  }

  // biome-ignore lint/suspicious/noThenProperty: being thenable is the point: `then` records that the handler read it.
  override then<A = T, B = never>(
    onfulfilled?: ((value: T) => A | PromiseLike<A>) | null,
    onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    this.read = true;
    const derived = super.then(onfulfilled, onrejected);
    nativeThen.call(derived, undefined, ignore);
    return derived;
  }
}

/**
 * A handler finished while a question it asked was still unanswered: it did not `await` the
 * question, or caught the rejection that ends the round, so the round could not go back to the
 * client. Its stack is the one of the question's call.
 */
export class UnawaitedQuestionError extends Error {
  /**
   * @param handler - what ran, for the message: `Tool "book"`, `Prompt "p"`, `Resource "file:///a"`
   */
  constructor(handler: string, key: string, site: QuestionSite) {
    super(
      `${handler} returned while its question ${JSON.stringify(key)} was unanswered: ${site.via} was not awaited. ` +
        `Write \`await ${site.via}(...)\` and let its rejection propagate: that is how the question reaches the client.`,
    );
    this.name = 'UnawaitedQuestionError';
    const frames = site.trace.stack?.split('\n').slice(1).join('\n');
    if (frames) this.stack = `${this.name}: ${this.message}\n${frames}`;
  }
}
