import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The project templates of `mcpkit create`, each a folder of `templates/`. */
export const TEMPLATES = [
  { name: 'stdio', description: 'a server an MCP host runs as a child process (stdin/stdout)' },
  { name: 'http', description: 'a server over Streamable HTTP on Node' },
  { name: 'worker', description: 'a server on Cloudflare Workers' },
  { name: 'client', description: 'a client that connects to a server by URL or command' },
] as const;

export type TemplateName = (typeof TEMPLATES)[number]['name'];

export function isTemplateName(value: string): value is TemplateName {
  return TEMPLATES.some((template) => template.name === value);
}

/**
 * The `templates/` folder of this package. The code runs from `src/create/` in tests and from one
 * bundled file in `dist/`, so the folder is looked for upwards from here.
 */
export function templatesDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let level = 0; level < 4; level++) {
    const candidate = join(dir, 'templates');
    if (existsSync(join(candidate, 'stdio', 'package.json'))) return candidate;
    dir = dirname(dir);
  }
  throw new Error('the templates folder of @mcpkit/cli is missing');
}
