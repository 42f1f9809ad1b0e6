// The subjects and their slots: subject `s` fills workload slot `m` with the file `subjects/<s>/<m>.mjs`.
// A missing file is reported as "not yet available"; adding a subject to a workload is adding that file.
import { existsSync, readFileSync } from 'node:fs';

export const SUBJECTS = [
  { id: 'floor', label: 'floor' },
  { id: 'mcpkit', label: 'mcpkit' },
  { id: 'official', label: 'official SDK' },
];

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
