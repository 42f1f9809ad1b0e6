// Official SDK v2 footprint: its client and server packages from the registry, at the versions the bench uses.
import { readFileSync } from 'node:fs';

const versionOf = (name) =>
  JSON.parse(
    readFileSync(
      new URL(`../../node_modules/@modelcontextprotocol/${name}/package.json`, import.meta.url),
      'utf8',
    ),
  ).version;

export const clientBundleEntry = new URL('./client-bundle-entry.mjs', import.meta.url);

export async function installSpecs(kind) {
  return [`@modelcontextprotocol/${kind}@${versionOf(kind)}`];
}
