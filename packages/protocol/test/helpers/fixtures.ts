import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', 'fixtures', 'spec');

export interface Example {
  type: string;
  file: string;
  text: string;
  value: unknown;
}

/** Every example message of the 2026-07-28 spec, with the `$defs` type its folder names. */
export function loadExamples(): Example[] {
  const dir = join(root, '2026-07-28', 'examples');
  return readdirSync(dir).flatMap((type) =>
    readdirSync(join(dir, type)).map((file) => {
      const text = readFileSync(join(dir, type, file), 'utf8');
      return { type, file, text, value: JSON.parse(text) };
    }),
  );
}

export function loadExample(type: string, file: string): Example {
  const found = loadExamples().find((e) => e.type === type && e.file === file);
  if (!found) throw new Error(`no example ${type}/${file}`);
  return found;
}

export function loadSchemaJson(revision: '2026-07-28' | '2025-11-25'): { $defs: Record<string, unknown> } {
  return JSON.parse(readFileSync(join(root, revision, 'schema.json'), 'utf8'));
}
