import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Many servers ship as one bundled file (npx packages, desktop extensions): esbuild, one file, no
// code splitting, run where there is no node_modules. The protocol's zod schemas, which the server
// loads with `import()` on first need, then travel inside that file, and every path that needs them
// must still find them there. These runs bundle the built package (`turbo run test` builds first).

const run = promisify(execFile);
const fixture = fileURLToPath(new URL('./fixtures/single-file/server.mjs', import.meta.url));

interface Answers {
  badParams: { error: { code: number; message: string } };
  image: { result: { content: unknown[] } };
  initialize: { result: { protocolVersion: string } };
  legacyCall: { result: { content: unknown[] } };
}

describe('a server bundled into one file', () => {
  let dir: string;
  let answers: Answers;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'mcpkit-single-file-'));
    const outfile = join(dir, 'server.mjs');
    await build({
      entryPoints: [fixture],
      outfile,
      bundle: true,
      minify: true,
      platform: 'node',
      format: 'esm',
      logLevel: 'silent',
    });
    const { stdout } = await run(process.execPath, [outfile], { cwd: dir });
    answers = JSON.parse(stdout) as Answers;
  }, 30_000);

  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses params the quick check cannot vouch for with the precise error of their schema', () => {
    expect(answers.badParams.error.code).toBe(-32602);
    expect(answers.badParams.error.message).toMatch(/name/);
  });

  it('checks a result that is not text alone against the result schema, and answers it', () => {
    expect(answers.image.result.content).toEqual([{ type: 'image', data: 'AAAA', mimeType: 'image/png' }]);
  });

  it('serves a 2025-era session', () => {
    expect(answers.initialize.result.protocolVersion).toBe('2025-11-25');
    expect(answers.legacyCall.result.content).toEqual([{ type: 'text', text: 'hello' }]);
  });
});
