import { checkbox, confirm, input, number, select } from '@inquirer/prompts';
import type { FormPrompts } from './form.js';

/** Where prompts read and draw: the terminal on stdin, drawn on stderr so stdout keeps only results. */
export interface PromptContext {
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
  signal?: AbortSignal;
}

/** The form prompts, drawn by @inquirer/prompts on the given terminal. */
export function terminalPrompts(context: PromptContext): FormPrompts & {
  /** A free-text answer (sampling replies, root folders). */
  line(message: string, fallback?: string): Promise<string>;
} {
  return {
    text: (question) =>
      input(
        {
          message: question.message,
          required: question.required,
          validate: question.validate,
          ...(question.default === undefined ? {} : { default: question.default }),
        },
        context,
      ),
    number: (question) =>
      number(
        {
          message: question.message,
          required: question.required,
          step: question.integer ? 1 : 'any',
          ...(question.default === undefined ? {} : { default: question.default }),
          ...(question.min === undefined ? {} : { min: question.min }),
          ...(question.max === undefined ? {} : { max: question.max }),
        },
        context,
      ),
    confirm: (question) => confirm(question, context),
    select: (question) =>
      select(
        {
          message: question.message,
          choices: question.choices,
          ...(question.default === undefined ? {} : { default: question.default }),
        },
        context,
      ),
    checkbox: (question) =>
      checkbox(
        {
          message: question.message,
          choices: question.choices,
          validate: (picked) => {
            if (question.min !== undefined && picked.length < question.min)
              return `pick at least ${question.min}`;
            if (question.max !== undefined && picked.length > question.max)
              return `pick at most ${question.max}`;
            return true;
          },
        },
        context,
      ),
    line: (message, fallback) =>
      input({ message, ...(fallback === undefined ? {} : { default: fallback }) }, context),
  };
}
