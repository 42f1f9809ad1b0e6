import { randomUUID } from 'node:crypto';
import type { InputHandlers } from '@mcpkit/client';
import type { EventHub } from './events.js';

/** A question the server asked that waits for the page's answer. */
interface Pending {
  resolve(answer: unknown): void;
}

/**
 * The server's questions (form and URL elicitation, sampling), asked of the page: each becomes a
 * `question` event and waits until the page posts its answer, or the call ends (`answered` then
 * tells the page to close its dialog).
 */
export class Questions {
  readonly #pending = new Map<string, Pending>();
  readonly #hub: EventHub;

  constructor(hub: EventHub) {
    this.#hub = hub;
  }

  /** Asks the page; its answer resolves, or `{ refused: reason }` rejects (sampling has no decline). */
  #ask<T>(kind: string, request: unknown, signal: AbortSignal): Promise<T> {
    const id = randomUUID();
    return new Promise<T>((resolve, reject) => {
      const finish = () => {
        this.#pending.delete(id);
        signal.removeEventListener('abort', abort);
        this.#hub.emit('answered', { id });
      };
      const abort = () => {
        finish();
        reject(signal.reason);
      };
      signal.addEventListener('abort', abort, { once: true });
      this.#pending.set(id, {
        resolve: (answer) => {
          finish();
          const refused = (answer as { refused?: unknown } | null)?.refused;
          if (typeof refused === 'string') reject(new Error(refused));
          else resolve(answer as T);
        },
      });
      this.#hub.emit('question', { id, kind, request });
    });
  }

  /** Gives the page's answer to question `id`; `false` when no such question waits. */
  answer(id: string, answer: unknown): boolean {
    const pending = this.#pending.get(id);
    pending?.resolve(answer);
    return pending !== undefined;
  }

  /** The client's handlers, each of which asks the page. */
  handlers(): InputHandlers {
    return {
      elicitation: {
        form: (request, context) => this.#ask('elicitation', request, context.signal),
        url: (request, context) => this.#ask('url-elicitation', request, context.signal),
      },
      sampling: {
        createMessage: (request, context) => this.#ask('sampling', request, context.signal),
      },
    };
  }
}
