import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { EVERYTHING_STDIO, mcpkit } from './run.js';

const ASK_SERVER = [
  '--',
  process.execPath,
  fileURLToPath(new URL('fixtures/ask-server.mjs', import.meta.url)),
];

import { HAS_SCRIPT, KEY, startInTerminal } from './terminal.js';

const config = mkdtempSync(join(tmpdir(), 'mcpkit-shell-'));
afterAll(() => rmSync(config, { recursive: true, force: true }));
const PROMPT = /mcpkit> $/;

describe.skipIf(!HAS_SCRIPT)('mcpkit shell', () => {
  it('completes names and arguments, runs commands, shows notifications, keeps the history', async () => {
    const term = startInTerminal(['shell', ...EVERYTHING_STDIO], { MCPKIT_CONFIG_DIR: config });
    await term.waitFor(/Connected to mcpkit-everything-server 0\.0\.0 \(2026-07-28\)/);
    await term.waitFor(PROMPT);
    // Tab completes the command, the tool name and the argument names.
    term.type('ca\t');
    await term.waitFor(/call $/);
    term.type('add_n\t');
    await term.waitFor(/add_numbers $/);
    term.type('a\t');
    await term.waitFor(/a=$/);
    term.type(`1 b\t`);
    await term.waitFor(/b=$/);
    term.type(`2${KEY.enter}`);
    await term.waitFor(/1 \+ 2 = 3/);
    await term.waitFor(PROMPT);
    // A change notification shows up as it arrives.
    term.type(`call test_trigger_tool_change${KEY.enter}`);
    await term.waitFor(/\* notifications\/tools\/list_changed/);
    // A mistake is reported and the shell goes on.
    term.type(`call add_numbers a=x b=1${KEY.enter}`);
    await term.waitFor(/do not match its input schema/);
    await term.waitFor(PROMPT);
    // The history: ↑ brings back the last line.
    term.type('\x1b[A');
    await term.waitFor(/call add_numbers a=x b=1$/);
    term.type(`\x15exit${KEY.enter}`);
    const run = await term.ended;
    expect(run.code).toBe(0);
    const history = readFileSync(join(config, 'shell-history'), 'utf8').trim().split('\n');
    expect(history).toEqual([
      'call add_numbers a=1 b=2',
      'call test_trigger_tool_change',
      'call add_numbers a=x b=1',
      'exit',
    ]);
  });

  it('asks the server questions in the terminal, then returns to the prompt', async () => {
    const term = startInTerminal(['shell', ...EVERYTHING_STDIO], { MCPKIT_CONFIG_DIR: config });
    await term.waitFor(PROMPT);
    term.type(`call test_elicitation message=Who?${KEY.enter}`);
    await term.waitFor(/\? username/);
    term.type(`ada${KEY.enter}`);
    await term.waitFor(/\? email/);
    term.type(`ada@example.com${KEY.enter}`);
    await term.waitFor(/Send these answers\?/);
    term.type(KEY.enter);
    await term.waitFor(/"username":"ada","email":"ada@example\.com"/);
    await term.waitFor(PROMPT);
    term.type(KEY.ctrlD);
    expect((await term.ended).code).toBe(0);
  });
});

describe.skipIf(!HAS_SCRIPT)('mcpkit shell on a server with tools only', () => {
  it('watches only what the server has: no warning about prompts or resources it lacks', async () => {
    const term = startInTerminal(['shell', ...ASK_SERVER], { MCPKIT_CONFIG_DIR: config });
    await term.waitFor(PROMPT);
    // A round trip after the listen stream was acknowledged, which is when a warning would show.
    term.type(`tools${KEY.enter}`);
    await term.waitFor(/pick_number/);
    await term.waitFor(PROMPT);
    term.type(`listen${KEY.enter}`);
    await term.waitFor(PROMPT);
    term.type(`tools${KEY.enter}`);
    await term.waitFor(/pick_number/);
    term.type(`exit${KEY.enter}`);
    expect((await term.ended).code).toBe(0);
    expect(term.screen()).not.toMatch(/warning|ListChanged/);
  });
});

describe('mcpkit shell without a terminal', () => {
  it('refuses with exit code 2', async () => {
    const run = await mcpkit(['shell', ...EVERYTHING_STDIO]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/the shell needs a terminal/);
  });
});
