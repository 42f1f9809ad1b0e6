// Workload 7: footprint. Installed size and package count of a client-only and a server-only install, and
// the minified + gzipped size of a minimal client bundle (esbuild, for the browser and for Node).
import { fileURLToPath } from 'node:url';
import { measureBundle, measureInstall } from '../lib/footprint.mjs';
import { loadSlot } from '../lib/subjects.mjs';

const KiB = 1024;

export const id = 'footprint';
export const title = 'footprint';
export const slots = ['footprint'];
export const rounds = () => 1;
export const timeoutMs = 600_000;
export const metrics = () => [
  { id: 'clientInstall', label: 'client-only install', unit: 'KiB', better: 'lower' },
  { id: 'clientPackages', label: 'client-only install', unit: 'packages', better: 'lower' },
  { id: 'serverInstall', label: 'server-only install', unit: 'KiB', better: 'lower' },
  { id: 'serverPackages', label: 'server-only install', unit: 'packages', better: 'lower' },
  { id: 'bundleBrowser', label: 'minimal client bundle, browser, min+gz', unit: 'KiB', better: 'lower' },
  { id: 'bundleNode', label: 'minimal client bundle, Node, min+gz', unit: 'KiB', better: 'lower' },
];

export async function sample(subject) {
  const { installSpecs, clientBundleEntry } = await loadSlot(subject, 'footprint');
  const client = await measureInstall(await installSpecs('client'));
  const server = await measureInstall(await installSpecs('server'));
  const entry = fileURLToPath(clientBundleEntry);
  const browser = await measureBundle(entry, 'browser');
  const node = await measureBundle(entry, 'node');
  return {
    clientInstall: client.bytes / KiB,
    clientPackages: client.packages,
    serverInstall: server.bytes / KiB,
    serverPackages: server.packages,
    bundleBrowser: browser.gzipped / KiB,
    bundleNode: node.gzipped / KiB,
  };
}
