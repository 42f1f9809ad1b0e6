// The subjects and their slots: subject `s` fills workload slot `m` with the file `subjects/<s>/<m>.mjs`.
// A missing file is reported as "not yet available"; adding a subject to a workload is adding that file.
import { existsSync, readFileSync } from 'node:fs';

export const SUBJECTS = [
  { id: 'floor', label: 'floor', apps: { zod: 'stdio-server-zod', json: 'stdio-server' } },
  { id: 'mcpkit', label: 'mcpkit', apps: { zod: 'stdio-server', json: 'stdio-server-json' } },
  { id: 'official', label: 'official SDK', apps: { zod: 'stdio-server', json: 'stdio-server-json' } },
];

/**
 * The two apps the cold-start and memory workloads serve, so that a row compares the same app-level work and
 * its ratio is what the SDK costs: `zod`, an app that declares its tools with zod schemas and has each call's
 * arguments parsed by them (the SDK subjects' standard servers; the floor loads zod too), and `json`, an app
 * with no zod of its own (tools in plain JSON Schema; the floor as it is). `SUBJECTS[i].apps` names the slot
 * holding each subject's server for each app.
 */
export const APPS = [
  { id: 'zod', label: 'app with zod tools' },
  { id: 'json', label: 'app without zod' },
];

/** How to read the rows of `APPS`, printed under the table of a run that has them. */
export const APPS_NOTE =
  'Cold start and server memory: in the rows of one app, every column serves that app, so the ratios are what the SDK costs: "app with zod tools" declares the echo tool with zod and parses each call\'s arguments with it (the floor\'s column is the floor plus zod and the same schemas, the SDK columns their standard servers); "app without zod" declares it in plain JSON Schema (the floor\'s column is the floor as in every other row).';

/** The stdio server script of `subject` serving `app` (an `APPS` id), or null when the subject has none. */
export function appServerUrl(subject, app) {
  const slot = SUBJECTS.find((s) => s.id === subject).apps[app];
  return hasSlots(subject, [slot]) ? slotUrl(subject, slot) : null;
}

export function slotUrl(subject, slot) {
  return new URL(`../subjects/${subject}/${slot}.mjs`, import.meta.url);
}

export function hasSlots(subject, slots) {
  return slots.every((slot) => existsSync(slotUrl(subject, slot)));
}

export function loadSlot(subject, slot) {
  return import(slotUrl(subject, slot).href);
}

/** Versions of what is measured, for the report. */
export function subjectVersions() {
  const version = (url) => {
    try {
      return JSON.parse(readFileSync(url, 'utf8')).version;
    } catch {
      return null;
    }
  };
  const official = (name) =>
    version(new URL(`../node_modules/@modelcontextprotocol/${name}/package.json`, import.meta.url));
  const mcpkit = (dir) => version(new URL(`../../packages/${dir}/package.json`, import.meta.url));
  return {
    node: process.version,
    official: {
      client: official('client'),
      server: official('server'),
      node: official('node'),
      sdk: official('sdk'),
    },
    mcpkit: {
      protocol: mcpkit('protocol'),
      server: mcpkit('server'),
      client: mcpkit('client'),
      'transport-stdio': mcpkit('transport-stdio'),
      'transport-http': mcpkit('transport-http'),
    },
  };
}
