import type { CreateMessageRequestParams, CreateMessageResult, ListRootsResult } from '@mcpkit/protocol';
import { RequestScope } from '../pipeline/context.js';
import type { AnswerOf, AskContext, ElicitAnswer, ElicitParams, InputSpec } from './input-spec.js';
import { InputRound } from './round.js';

/**
 * `AskContext` for the three methods that may answer `input_required` (S-53). A server's
 * extensions add their members to a subclass of it (see `ExtensionSet`), which is `ToolContext`.
 */
export class InputScope extends RequestScope implements AskContext {
  /**
   * Each extension's state for this call, by its index in the server's extensions, when one made
   * some (`ServerExtension.toolCall`); absent (on the prototype chain) otherwise.
   */
  declare extensionStates: unknown[] | undefined;
  private current: InputRound | undefined;
  private answers: ReadonlyMap<string, readonly unknown[]> | undefined;
  private memo: Map<string, unknown> | undefined;

  /** Seeds the round with what earlier rounds and this retry carry. */
  seed(answers: ReadonlyMap<string, readonly unknown[]>, memo: Map<string, unknown>): void {
    this.answers = answers;
    this.memo = memo;
  }

  /** The round, created on first use: a call that never asks for input pays nothing for it. */
  get round(): InputRound {
    this.current ??= new InputRound(
      this.clientCapabilities,
      this.answers ?? new Map(),
      this.memo ?? new Map(),
    );
    return this.current;
  }

  /** Whether the handler used the round at all (asked, or ran `once`). */
  get asked(): boolean {
    return this.current !== undefined;
  }

  /** Whether a question of this round is still unanswered. */
  get inputPending(): boolean {
    return this.current !== undefined && this.current.pending.size > 0;
  }

  /** The protocol error a question of this round met, if any. */
  get inputFailure(): unknown {
    return this.current?.failure;
  }

  elicit<const P extends ElicitParams>(key: string, params: P): Promise<ElicitAnswer<P>> {
    return this.round.ask(key, { method: 'elicitation/create', params: params as never }) as Promise<
      ElicitAnswer<P>
    >;
  }

  sample(key: string, params: CreateMessageRequestParams): Promise<CreateMessageResult> {
    return this.round.ask(key, { method: 'sampling/createMessage', params }) as Promise<CreateMessageResult>;
  }

  listRoots(key: string): Promise<ListRootsResult> {
    return this.round.ask(key, { method: 'roots/list', params: {} }) as Promise<ListRootsResult>;
  }

  ask<const T extends Record<string, InputSpec<unknown>>>(
    inputs: T,
  ): Promise<{ [K in keyof T]: AnswerOf<T[K]> }> {
    return this.round.askAll(inputs) as Promise<{ [K in keyof T]: AnswerOf<T[K]> }>;
  }

  canAsk(input: InputSpec<unknown>): boolean {
    return this.round.canAsk(input);
  }

  once<T>(key: string, compute: () => T | Promise<T>): Promise<T> {
    return this.round.once(key, compute);
  }
}
