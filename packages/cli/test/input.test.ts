import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { EVERYTHING_STDIO, jsonLines, mcpkit } from './run.js';

const ASK_SERVER = [
  '--',
  process.execPath,
  fileURLToPath(new URL('./fixtures/ask-server.mjs', import.meta.url)),
];
const scratch = mkdtempSync(join(tmpdir(), 'mcpkit-input-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The text of the first content block of a `--json` call. */
function resultText(run: { stdout: string }): string {
  const [result] = jsonLines(run as never) as [{ content: { text: string }[] }];
  return result.content[0]!.text;
}

describe('questions answered by flags (stdin not a terminal)', () => {
  it('--elicit accepts with the given content, --decline declines', async () => {
    const accepted = await mcpkit([
      'call',
      'test_elicitation',
      '--arg',
      'message=Who?',
      '--elicit',
      '{"username":"ada","email":"ada@example.com"}',
      '--json',
      ...EVERYTHING_STDIO,
    ]);
    expect(accepted.code, accepted.stderr).toBe(0);
    expect(resultText(accepted)).toBe(
      'User response: {"action":"accept","content":{"username":"ada","email":"ada@example.com"}}',
    );
    const declined = await mcpkit([
      'call',
      'test_elicitation',
      '-a',
      'message=Who?',
      '--decline',
      '--json',
      ...EVERYTHING_STDIO,
    ]);
    expect(resultText(declined)).toBe('User response: {"action":"decline"}');
  });

  it('--sampling-response answers sampling with the text, or a file with @', async () => {
    const direct = await mcpkit([
      'call',
      'test_sampling',
      '-a',
      'prompt=Hi',
      '--sampling-response',
      'Roses',
      '--json',
      ...EVERYTHING_STDIO,
    ]);
    expect(resultText(direct)).toBe('LLM response: Roses');
    const file = join(scratch, 'reply.txt');
    writeFileSync(file, 'From a file');
    const fromFile = await mcpkit([
      'call',
      'test_sampling',
      '-a',
      'prompt=Hi',
      '--sampling-response',
      `@${file}`,
      '--json',
      ...EVERYTHING_STDIO,
    ]);
    expect(resultText(fromFile)).toBe('LLM response: From a file');
  });

  it('--root answers roots with file:// URIs of the folders', async () => {
    const run = await mcpkit([
      'call',
      'test_input_required_result_list_roots',
      '--root',
      scratch,
      '--json',
      ...EVERYTHING_STDIO,
    ]);
    expect(resultText(run)).toBe(`The client shares 1 root(s): ${pathToFileURL(scratch).href}`);
  });

  it('a form elicitation without --elicit or --decline is exit 3, naming the flags', async () => {
    const form = await mcpkit(['call', 'test_elicitation', '-a', 'message=Who?', ...EVERYTHING_STDIO]);
    expect(form.code).toBe(3);
    expect(form.stderr).toMatch(
      /the server asks for input \("Who\?"\), and stdin is not a terminal .*--elicit '<json>' or --decline/,
    );
    const sampling = await mcpkit([
      'call',
      'test_sampling',
      '-a',
      'prompt=Hi',
      '--json',
      ...EVERYTHING_STDIO,
    ]);
    expect(sampling.code).toBe(3);
    expect(jsonLines(sampling)).toEqual([
      { error: expect.objectContaining({ message: expect.stringMatching(/--sampling-response/) }) },
    ]);
  });

  it('roots without --root is exit 3', async () => {
    const roots = await mcpkit(['call', 'test_input_required_result_list_roots', ...EVERYTHING_STDIO]);
    expect(roots.code).toBe(3);
    expect(roots.stderr).toMatch(/pass --root <path>/);
  });

  it('a URL elicitation is printed and accepted, or declined with --decline', async () => {
    const printed = await mcpkit(['call', 'sign_in', ...ASK_SERVER]);
    expect(printed.code).toBe(0);
    expect(printed.stderr).toMatch(
      /The server asks you to open a page \(example\.com\): Sign in to continue/,
    );
    expect(printed.stderr).toMatch(/^ {2}https:\/\/example\.com\/sign-in\?state=abc$/m);
    expect(printed.stdout).toMatch(/^action=accept$/m);
    const declined = await mcpkit(['call', 'sign_in', '--decline', ...ASK_SERVER]);
    expect(declined.stdout).toMatch(/^action=decline$/m);
  });

  it('--open starts $BROWSER with the URL and accepts', async () => {
    const opened = join(scratch, 'opened.txt');
    const browser = join(scratch, 'browser.sh');
    writeFileSync(browser, `#!/bin/sh\nprintf '%s' "$1" > '${opened}'\n`, { mode: 0o755 });
    const open = await mcpkit(['call', 'sign_in', '--open', ...ASK_SERVER], '', { BROWSER: browser });
    expect(open.stdout).toMatch(/^action=accept$/m);
    await expect
      .poll(() => readFileSync(opened, 'utf8'), { timeout: 10_000 })
      .toBe('https://example.com/sign-in?state=abc');
  });
});
