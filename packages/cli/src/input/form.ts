import type { PrimitiveSchemaDefinition } from '@mcpkit/client';
import { isRecord } from '@mcpkit/protocol/internal';
import { visible } from '../visible.js';

/** One choice of a select or checkbox prompt. */
interface Choice {
  name: string;
  value: string;
  checked?: boolean;
}

/**
 * The prompts a form is made of, as the prompt library offers them (injectable for tests). Each
 * resolves with the answer; an optional field left empty resolves with `undefined`.
 */
export interface FormPrompts {
  text(question: {
    message: string;
    default?: string;
    required: boolean;
    validate: (value: string) => true | string;
  }): Promise<string>;
  number(question: {
    message: string;
    default?: number;
    required: boolean;
    min?: number;
    max?: number;
    integer: boolean;
  }): Promise<number | undefined>;
  confirm(question: { message: string; default: boolean }): Promise<boolean>;
  select(question: { message: string; choices: Choice[]; default?: string }): Promise<string>;
  checkbox(question: { message: string; choices: Choice[]; min?: number; max?: number }): Promise<string[]>;
}

/** The choice a select offers for an optional field, to leave it out. */
export const LEAVE_EMPTY = '\u0000leave-empty';

/** The choices of a single-select field (`enum`, `enum` + `enumNames`, or `oneOf` of `const`/`title`). */
function singleChoices(property: Record<string, unknown>): Choice[] | undefined {
  if (Array.isArray(property.enum)) {
    const names = Array.isArray(property.enumNames) ? property.enumNames : [];
    return property.enum.map((value, at) => ({
      value: String(value),
      name: visible(String(names[at] ?? value)),
    }));
  }
  if (Array.isArray(property.oneOf)) return titledChoices(property.oneOf);
  return undefined;
}

function titledChoices(options: unknown[]): Choice[] {
  return options.filter(isRecord).map((option) => ({
    value: String(option.const),
    name: visible(typeof option.title === 'string' ? option.title : String(option.const)),
  }));
}

/** The choices of a multi-select field (`items.enum` or `items.anyOf` of `const`/`title`). */
function multiChoices(property: Record<string, unknown>): Choice[] | undefined {
  const { items } = property;
  if (!isRecord(items)) return undefined;
  if (Array.isArray(items.enum))
    return items.enum.map((value) => ({ value: String(value), name: visible(String(value)) }));
  if (Array.isArray(items.anyOf)) return titledChoices(items.anyOf);
  return undefined;
}

const FORMATS: Record<string, { test: (value: string) => boolean; what: string }> = {
  email: { test: (value) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value), what: 'an email address' },
  uri: { test: (value) => URL.canParse(value), what: 'a URI such as https://example.com' },
  date: {
    test: (value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)),
    what: 'a date, YYYY-MM-DD',
  },
  'date-time': {
    test: (value) => /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value)),
    what: 'a date and time, YYYY-MM-DDTHH:MM:SSZ',
  },
};

/** The check of a string field: its length bounds and format; an empty optional field passes. */
export function stringCheck(
  property: Record<string, unknown>,
  required: boolean,
): (value: string) => true | string {
  const { minLength, maxLength, format } = property;
  return (value) => {
    if (value === '') return required ? 'an answer is required' : true;
    if (typeof minLength === 'number' && value.length < minLength) return `at least ${minLength} characters`;
    if (typeof maxLength === 'number' && value.length > maxLength) return `at most ${maxLength} characters`;
    const known = typeof format === 'string' ? FORMATS[format] : undefined;
    if (known && !known.test(value)) return `expected ${known.what}`;
    return true;
  };
}

/** The question of a field, as the prompt library draws it: the server's words made visible. */
function label(key: string, property: Record<string, unknown>): string {
  const title = typeof property.title === 'string' ? property.title : key;
  return visible(typeof property.description === 'string' ? `${title} (${property.description})` : title);
}

/** Asks for one field; `undefined` leaves it out of the answer. */
async function askField(
  key: string,
  property: Record<string, unknown>,
  required: boolean,
  prompts: FormPrompts,
): Promise<unknown> {
  const message = label(key, property);
  const fallback = property.default;
  if (property.type === 'boolean') {
    return prompts.confirm({ message, default: typeof fallback === 'boolean' ? fallback : false });
  }
  if (property.type === 'number' || property.type === 'integer') {
    return prompts.number({
      message,
      required,
      integer: property.type === 'integer',
      ...(typeof fallback === 'number' ? { default: fallback } : {}),
      ...(typeof property.minimum === 'number' ? { min: property.minimum } : {}),
      ...(typeof property.maximum === 'number' ? { max: property.maximum } : {}),
    });
  }
  const multi = property.type === 'array' ? multiChoices(property) : undefined;
  if (multi) {
    const picked = new Set(Array.isArray(fallback) ? fallback.map(String) : []);
    return prompts.checkbox({
      message,
      choices: multi.map((choice) => ({ ...choice, checked: picked.has(choice.value) })),
      ...(typeof property.minItems === 'number' ? { min: property.minItems } : {}),
      ...(typeof property.maxItems === 'number' ? { max: property.maxItems } : {}),
    });
  }
  const single = singleChoices(property);
  if (single) {
    const choices = required ? single : [...single, { name: '(leave empty)', value: LEAVE_EMPTY }];
    const answer = await prompts.select({
      message,
      choices,
      ...(typeof fallback === 'string' ? { default: fallback } : {}),
    });
    return answer === LEAVE_EMPTY ? undefined : answer;
  }
  const answer = await prompts.text({
    message,
    required,
    validate: stringCheck(property, required),
    // The default is drawn too, and sent as shown when accepted.
    ...(typeof fallback === 'string' ? { default: visible(fallback) } : {}),
  });
  return answer === '' ? undefined : answer;
}

/**
 * Asks for each field of an elicitation form in the order the schema lists them, as the prompt
 * that fits its type: a confirm for a boolean, a number prompt within its bounds, a select for an
 * enum, a checkbox list for a multi-select, a text prompt checked for length and format otherwise.
 * Defaults are filled in; optional fields may be left empty and are then left out.
 */
export async function askForm(
  requestedSchema: { properties: Record<string, PrimitiveSchemaDefinition>; required?: string[] },
  prompts: FormPrompts,
): Promise<Record<string, unknown>> {
  const required = new Set(requestedSchema.required ?? []);
  const content: Record<string, unknown> = {};
  for (const [key, property] of Object.entries(requestedSchema.properties)) {
    if (!isRecord(property)) continue;
    const answer = await askField(key, property, required.has(key), prompts);
    if (answer !== undefined) {
      Object.defineProperty(content, key, {
        value: answer,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
  }
  return content;
}
