import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EVERYTHING_STDIO } from './run.js';
import { HAS_SCRIPT, KEY, startInTerminal } from './terminal.js';

describe.skipIf(!HAS_SCRIPT)('elicitation in a terminal', () => {
  it('asks each field with the prompt of its type, defaults filled in, enums as choices', async () => {
    const term = startInTerminal(['call', 'test_elicitation_sep1034_defaults', ...EVERYTHING_STDIO]);
    await term.waitFor(/The server asks: Confirm or change the defaults/);
    await term.waitFor(/name.*John Doe/);
    term.type(KEY.enter);
    await term.waitFor(/age.*30/);
    term.type(KEY.enter);
    await term.waitFor(/score.*95\.5/);
    term.type(KEY.enter);
    await term.waitFor(/status[\s\S]*active[\s\S]*inactive[\s\S]*pending/);
    term.type(KEY.down);
    term.type(KEY.enter);
    await term.waitFor(/verified.*Y\/n/);
    term.type('n');
    term.type(KEY.enter);
    await term.waitFor(/Send these answers\?/);
    term.type(KEY.enter);
    const run = await term.ended;
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      'Elicitation completed: action=accept, content={"name":"John Doe","age":30,"score":95.5,"status":"inactive","verified":false}',
    );
  });
});

const ASK_SERVER = [
  '--',
  process.execPath,
  fileURLToPath(new URL('./fixtures/ask-server.mjs', import.meta.url)),
];

describe.skipIf(!HAS_SCRIPT)('checks and choices in a terminal', () => {
  it('a number outside its bounds and a malformed email are refused until fixed', async () => {
    const term = startInTerminal(['call', 'pick_number', ...ASK_SERVER]);
    await term.waitFor(/The server asks: Pick a number/);
    await term.waitFor(/\? n/);
    term.type(`11${KEY.enter}`);
    await term.waitFor(/Value must be between 1 and 10/);
    term.type(`\x7f\x7f7${KEY.enter}`);
    await term.waitFor(/\? email/);
    term.type(`nope${KEY.enter}`);
    await term.waitFor(/expected an email address/);
    term.type(`\x7f\x7f\x7f\x7fada@example.com${KEY.enter}`);
    await term.waitFor(/Send these answers\?/);
    term.type(KEY.enter);
    const run = await term.ended;
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('{"action":"accept","content":{"n":7,"email":"ada@example.com"}}');
  });

  it('a URL elicitation shows the URL and its host and offers to open it', async () => {
    const term = startInTerminal(['call', 'sign_in', ...ASK_SERVER]);
    await term.waitFor(
      /open a page \(example\.com\): Sign in to continue\s+https:\/\/example\.com\/sign-in\?state=abc/,
    );
    await term.waitFor(/Open it in the browser[\s\S]*I will open it myself[\s\S]*Decline/);
    term.type(`${KEY.down}${KEY.enter}`);
    const run = await term.ended;
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/action=accept/);
  });

  it('sampling shows the conversation and takes the reply typed', async () => {
    const term = startInTerminal([
      'call',
      'test_sampling',
      '--arg',
      'prompt=Write a haiku',
      ...EVERYTHING_STDIO,
    ]);
    await term.waitFor(/user: Write a haiku/);
    await term.waitFor(/Reply as the model/);
    term.type(`Autumn moon${KEY.enter}`);
    const run = await term.ended;
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('LLM response: Autumn moon');
  });

  it('Ctrl-C in a form cancels the elicitation, and the call goes on', async () => {
    const term = startInTerminal(['call', 'test_elicitation', '--arg', 'message=Who?', ...EVERYTHING_STDIO]);
    await term.waitFor(/\? username/);
    term.type(KEY.ctrlC);
    const run = await term.ended;
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('User response: {"action":"cancel"}');
  });
});

describe.skipIf(!HAS_SCRIPT)('progress on a terminal', () => {
  it('is a bar redrawn in place, cleared when the call is done', async () => {
    const term = startInTerminal(['call', 'test_tool_with_progress', ...EVERYTHING_STDIO]);
    await term.waitFor(/\[#{15}\.{15}\] {2}50% Halfway/);
    const run = await term.ended;
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/Progress test completed/);
    expect(run.stdout).not.toMatch(/^progress /m);
  });
});
