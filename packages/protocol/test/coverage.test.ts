import { describe, expect, it } from 'vitest';
import { wireSchemas } from '../src/index.js';
import { loadSchemaJson } from './helpers/fixtures.js';

describe('schema coverage', () => {
  it('has a zod schema for every $defs type of the 2026-07-28 schema.json', () => {
    const defs = Object.keys(loadSchemaJson('2026-07-28').$defs).sort();
    const missing = defs.filter((name) => !Object.hasOwn(wireSchemas, name));
    expect(missing).toEqual([]);
    expect(defs.length).toBe(155);
  });

  it('names no type that schema.json lacks', () => {
    const defs = new Set(Object.keys(loadSchemaJson('2026-07-28').$defs));
    expect(Object.keys(wireSchemas).filter((name) => !defs.has(name))).toEqual([]);
  });
});
