import { relative } from 'node:path';
import type { Scaffolded } from './scaffold.js';
import type { TemplateName } from './templates.js';

export type PackageManager = 'npm' | 'pnpm' | 'yarn' | 'bun';

/** The package manager that started this process (`npm_config_user_agent`), npm when unknown. */
export function packageManagerOf(userAgent: string | undefined): PackageManager {
  const name = userAgent?.split('/')[0];
  return name === 'pnpm' || name === 'yarn' || name === 'bun' ? name : 'npm';
}

function runScript(manager: PackageManager, script: string): string {
  if (script === 'test' || script === 'start') return `${manager} ${script}`;
  return manager === 'npm' ? `npm run ${script}` : `${manager} ${script}`;
}

/** How to try the project once built, per template. */
const TRY: Record<TemplateName, (manager: PackageManager) => string[]> = {
  stdio: () => ['npx @mcpkit/cli call add \'{"a":2,"b":3}\' -- node dist/index.js'],
  http: (manager) => [
    `${runScript(manager, 'start')}   # then, in another terminal:`,
    'npx @mcpkit/cli tools http://127.0.0.1:3000/mcp',
  ],
  worker: (manager) => [`${runScript(manager, 'dev')}   # http://localhost:8787/mcp`],
  client: () => ['node dist/index.js http://127.0.0.1:3000/mcp'],
};

/** The lines `mcpkit create` prints after writing the project. */
export function nextSteps(
  project: Scaffolded,
  template: TemplateName,
  manager: PackageManager,
  cwd: string,
): string[] {
  const nearby = relative(cwd, project.dir);
  const path = nearby === '' ? '.' : nearby.startsWith('..') ? project.dir : nearby;
  return [
    `Created ${project.name} (${template} template) in ${path}.`,
    '',
    'Next steps:',
    ...(path === '.' ? [] : [`  cd ${path.includes(' ') ? JSON.stringify(path) : path}`]),
    `  ${manager} install`,
    `  ${runScript(manager, 'build')}`,
    `  ${runScript(manager, 'test')}`,
    ...TRY[template](manager).map((line) => `  ${line}`),
  ];
}
