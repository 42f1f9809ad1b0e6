import { readFile } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type {
  CreateMessageRequestParams,
  CreateMessageResult,
  ElicitRequestURLParams,
  ElicitResult,
  FormElicitation,
  InputHandlers,
  Root,
} from '@mcpkit/client';
import { contentBlockText } from '../content.js';
import { openUrl } from '../open-url.js';
import { ExitCode, ExitError, UsageError } from '../output.js';
import { visible } from '../visible.js';
import { askForm } from './form.js';
import type { terminalPrompts } from './terminal.js';

/** The flags that answer the server's questions without asking. */
export interface InputFlags {
  /** Answers to form elicitations, JSON objects used in order. */
  elicit?: string[];
  /** Decline every elicitation. */
  decline?: boolean;
  /** Open URL-mode elicitations in the browser. */
  open?: boolean;
  /** Folders shared as roots. */
  root?: string[];
  /** The model's reply to sampling: the text, or `@file` for a file's contents. */
  samplingResponse?: string;
}

/** Where the handlers talk to a person; `prompts` is absent when stdin is not a terminal. */
export interface InputSurface {
  stderr: NodeJS.WritableStream;
  prompts: ReturnType<typeof terminalPrompts> | undefined;
}

/** What the handlers remember across one run: the first question nobody could answer. */
export interface InputSession {
  unanswered: ExitError | undefined;
}

/** The model name a sampling reply carries: the text came from a person or a flag, not a model. */
const SAMPLING_MODEL = 'mcpkit-cli';

/** The roots for `--root` paths: each folder as a `file://` URI named by its last segment. */
function rootsFrom(paths: readonly string[]): Root[] {
  return paths.map((path) => {
    const absolute = resolve(path);
    return { uri: pathToFileURL(absolute).href, name: basename(absolute) || absolute };
  });
}

function parseElicit(text: string): Record<string, unknown> {
  try {
    const value = JSON.parse(text) as unknown;
    if (typeof value === 'object' && value !== null && !Array.isArray(value))
      return value as Record<string, unknown>;
  } catch {}
  throw new UsageError(`--elicit takes a JSON object, got: ${text}`);
}

/** Whether the person pressed Ctrl-C in a prompt (the prompt library's ExitPromptError). */
function isPromptExit(error: unknown): boolean {
  return error instanceof Error && error.name === 'ExitPromptError';
}

function conversationText(request: CreateMessageRequestParams): string {
  const lines = request.systemPrompt ? [`system: ${request.systemPrompt}`] : [];
  for (const message of request.messages) {
    const blocks = Array.isArray(message.content) ? message.content : [message.content];
    lines.push(`${message.role}: ${blocks.map((block) => contentBlockText(block as never)).join(' ')}`);
  }
  return lines.join('\n');
}

/**
 * The handlers for the server's questions. Each is answered by its flag when given, else by a
 * prompt on the terminal, else (stdin not a terminal) it is refused: the refusal is remembered in
 * `session` so the command ends with exit code 3 and a message naming the flag to pass. URL-mode
 * elicitations are printed and count as accepted unless declined; `--open` opens them.
 * Everything written on `stderr` passes through `visible`: the server's words never steer the terminal.
 */
export function inputHandlers(
  flags: InputFlags,
  surface: InputSurface,
  session: InputSession,
): InputHandlers {
  const answers = (flags.elicit ?? []).map(parseElicit);
  const { stderr, prompts } = surface;
  const tell = (text: string) => stderr.write(visible(text));
  const unanswered = (what: string, flag: string): never => {
    const error = new ExitError(
      `the server asks for ${what}, and stdin is not a terminal to ask on: pass ${flag}`,
      ExitCode.failure,
    );
    session.unanswered ??= error;
    throw error;
  };
  let samplingText: Promise<string> | undefined;

  const form = async (request: FormElicitation): Promise<ElicitResult> => {
    if (flags.decline) return { action: 'decline' };
    const given = answers.shift();
    if (given) return { action: 'accept', content: given as ElicitResult['content'] };
    if (!prompts) return unanswered(`input ("${request.message}")`, "--elicit '<json>' or --decline");
    tell(`\nThe server asks: ${request.message}\n`);
    try {
      const content = await askForm(request.requestedSchema, prompts);
      const send = await prompts.confirm({ message: 'Send these answers?', default: true });
      return send ? { action: 'accept', content: content as ElicitResult['content'] } : { action: 'decline' };
    } catch (error) {
      if (isPromptExit(error)) return { action: 'cancel' };
      throw error;
    }
  };

  const url = async (request: ElicitRequestURLParams): Promise<ElicitResult> => {
    const host = URL.canParse(request.url) ? new URL(request.url).host : 'not a valid URL';
    tell(`\nThe server asks you to open a page (${host}): ${request.message}\n  ${request.url}\n`);
    if (flags.decline) return { action: 'decline' };
    let wanted = flags.open === true;
    if (!wanted && prompts) {
      try {
        const choice = await prompts.select({
          message: 'Open it?',
          choices: [
            { name: 'Open it in the browser', value: 'open' },
            { name: 'I will open it myself', value: 'myself' },
            { name: 'Decline', value: 'decline' },
          ],
        });
        if (choice === 'decline') return { action: 'decline' };
        wanted = choice === 'open';
      } catch (error) {
        if (isPromptExit(error)) return { action: 'cancel' };
        throw error;
      }
    }
    if (wanted) {
      const outcome = await openUrl(request.url);
      if (!outcome.opened) tell(`${outcome.reason}\n`);
    }
    return { action: 'accept' };
  };

  const createMessage = async (request: CreateMessageRequestParams): Promise<CreateMessageResult> => {
    const { samplingResponse } = flags;
    let text: string;
    if (samplingResponse !== undefined) {
      samplingText ??= samplingResponse.startsWith('@')
        ? readFile(samplingResponse.slice(1), 'utf8')
        : Promise.resolve(samplingResponse);
      text = await samplingText;
    } else if (prompts) {
      tell(`\nThe server asks for a model's reply to:\n${conversationText(request)}\n`);
      text = await prompts.line('Reply as the model');
    } else {
      return unanswered('a sampling reply', '--sampling-response <text|@file>');
    }
    return {
      role: 'assistant',
      content: { type: 'text', text },
      model: SAMPLING_MODEL,
      stopReason: 'endTurn',
    };
  };

  const roots = async (): Promise<Root[]> => {
    if (flags.root !== undefined) return rootsFrom(flags.root);
    if (!prompts) return unanswered('roots (folders it may use)', '--root <path>');
    tell('\nThe server asks which folders it may use (roots).\n');
    const answer = await prompts.line('Folders, separated by commas', process.cwd());
    return rootsFrom(
      answer
        .split(',')
        .map((path) => path.trim())
        .filter((path) => path !== ''),
    );
  };

  return { elicitation: { form, url }, sampling: { createMessage }, roots };
}
