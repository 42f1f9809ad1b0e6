import { describe, expect, it } from 'vitest';
import { askForm, type FormPrompts, LEAVE_EMPTY, stringCheck } from '../src/input/form.js';

/** Prompts that record what was asked and answer from a script, in order. */
function scripted(answers: unknown[]) {
  const asked: { kind: string; question: Record<string, unknown> }[] = [];
  const answer =
    (kind: string) =>
    async (question: object): Promise<never> => {
      asked.push({ kind, question: question as Record<string, unknown> });
      return answers.shift() as never;
    };
  const prompts: FormPrompts = {
    text: answer('text'),
    number: answer('number'),
    confirm: answer('confirm'),
    select: answer('select'),
    checkbox: answer('checkbox'),
  };
  return { prompts, asked };
}

describe('an elicitation form as prompts', () => {
  it('picks the prompt by type, fills in defaults and bounds, and lists enum choices with their titles', async () => {
    const { prompts, asked } = scripted(['Ada', 7, true, 'b', 'y', 'value2', ['x', 'z']]);
    const content = await askForm(
      {
        properties: {
          name: { type: 'string', title: 'Name', default: 'John', minLength: 2 },
          age: { type: 'integer', minimum: 1, maximum: 10, default: 5 },
          ok: { type: 'boolean', default: true },
          plain: { type: 'string', enum: ['a', 'b'] },
          legacy: { type: 'string', enum: ['x', 'y'], enumNames: ['Ex', 'Why'] },
          titled: {
            type: 'string',
            oneOf: [
              { const: 'value1', title: 'One' },
              { const: 'value2', title: 'Two' },
            ],
          },
          many: {
            type: 'array',
            items: {
              anyOf: [
                { const: 'x', title: 'X' },
                { const: 'z', title: 'Z' },
              ],
            },
            default: ['z'],
          },
        },
        required: ['name', 'age', 'ok', 'plain', 'legacy', 'titled', 'many'],
      },
      prompts,
    );
    expect(content).toEqual({
      name: 'Ada',
      age: 7,
      ok: true,
      plain: 'b',
      legacy: 'y',
      titled: 'value2',
      many: ['x', 'z'],
    });
    expect(asked.map((entry) => entry.kind)).toEqual([
      'text',
      'number',
      'confirm',
      'select',
      'select',
      'select',
      'checkbox',
    ]);
    expect(asked[0]!.question).toMatchObject({ message: 'Name', default: 'John', required: true });
    expect(asked[1]!.question).toMatchObject({ min: 1, max: 10, default: 5, integer: true });
    expect(asked[2]!.question).toMatchObject({ default: true });
    expect(asked[4]!.question.choices).toEqual([
      { value: 'x', name: 'Ex' },
      { value: 'y', name: 'Why' },
    ]);
    expect(asked[5]!.question.choices).toEqual([
      { value: 'value1', name: 'One' },
      { value: 'value2', name: 'Two' },
    ]);
    expect(asked[6]!.question.choices).toEqual([
      { value: 'x', name: 'X', checked: false },
      { value: 'z', name: 'Z', checked: true },
    ]);
  });

  it('leaves optional fields out when left empty, offering a choice to leave an enum empty', async () => {
    const { prompts, asked } = scripted(['', undefined, LEAVE_EMPTY]);
    const content = await askForm(
      {
        properties: {
          note: { type: 'string' },
          count: { type: 'number' },
          color: { type: 'string', enum: ['red'] },
        },
      },
      prompts,
    );
    expect(content).toEqual({});
    expect(asked[1]!.question).toMatchObject({ required: false, integer: false });
    expect(asked[2]!.question.choices).toContainEqual({ name: '(leave empty)', value: LEAVE_EMPTY });
  });

  it('checks a text answer for its length and format', () => {
    const email = stringCheck({ format: 'email' }, true);
    expect(email('')).toBe('an answer is required');
    expect(email('nope')).toBe('expected an email address');
    expect(email('ada@example.com')).toBe(true);
    expect(stringCheck({ format: 'uri' }, false)('')).toBe(true);
    expect(stringCheck({ format: 'uri' }, false)('not a uri')).toMatch(/URI/);
    expect(stringCheck({ format: 'date' }, true)('2026-13-45')).toMatch(/date/);
    expect(stringCheck({ minLength: 3, maxLength: 4 }, true)('ab')).toBe('at least 3 characters');
    expect(stringCheck({ minLength: 3, maxLength: 4 }, true)('abcde')).toBe('at most 4 characters');
  });

  it("shows the server's titles, descriptions, choices and defaults with control characters made visible", async () => {
    const evil = 'x\x1b]52;c;ZXZpbA==\x07\u009b2J\u202e';
    const shown = 'x\\x1b]52;c;ZXZpbA==\\x07\\x9b2J\\u202e';
    const { prompts, asked } = scripted([shown, 'a', 'c', ['e']]);
    const content = await askForm(
      {
        properties: {
          text: { type: 'string', title: evil, description: evil, default: evil },
          pick: { type: 'string', enum: ['a', 'b'], enumNames: [evil, 'B'] },
          titled: { type: 'string', oneOf: [{ const: 'c', title: evil }] },
          many: { type: 'array', items: { type: 'string', enum: [evil, 'e'] } },
        },
        required: ['text', 'pick', 'titled'],
      },
      prompts,
    );
    const drawn = asked.flatMap(({ question }) => [
      question.message,
      question.default,
      ...((question.choices as { name: string }[] | undefined) ?? []).map((choice) => choice.name),
    ]);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for
    expect(drawn.filter((text) => /[\u0000-\u001f\u009b\u202e]/.test(String(text)))).toEqual([]);
    expect(asked[0]!.question).toMatchObject({ message: `${shown} (${shown})`, default: shown });
    expect(asked[1]!.question.choices).toContainEqual({ name: shown, value: 'a' });
    expect(asked[2]!.question.choices).toContainEqual({ name: shown, value: 'c' });
    expect(asked[3]!.question.choices).toContainEqual({ name: shown, value: evil, checked: false });
    // What is sent back is the choices' values, as the server gave them.
    expect(content).toEqual({ text: shown, pick: 'a', titled: 'c', many: ['e'] });
  });
});
