// Workload 7: footprint. Installed size and package count of a client-only and a server-only install, and
// the minified + gzipped size of a minimal client bundle (esbuild, for the browser and for Node).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
  {
    id: 'bundleBrowser',
    label: 'minimal client bundle, browser, first chunk, min+gz',
    unit: 'KiB',
    better: 'lower',
    floorRatio: false,
  },
  {
    id: 'bundleBrowserTotal',
    label: 'minimal client bundle, browser, all chunks, min+gz',
    unit: 'KiB',
    better: 'lower',
    floorRatio: false,
  },
  {
    id: 'bundleNode',
    label: 'minimal client bundle, Node, first chunk, min+gz',
    unit: 'KiB',
    better: 'lower',
    floorRatio: false,
  },
  {
    id: 'bundleNodeTotal',
    label: 'minimal client bundle, Node, all chunks, min+gz',
    unit: 'KiB',
    better: 'lower',
    floorRatio: false,
  },
  {
    id: 'bundleBrowserModern',
    label: 'same, 2026-only entries, browser, first chunk, min+gz',
    unit: 'KiB',
    better: 'lower',
    floorRatio: false,
  },
  {
    id: 'bundleBrowserModernTotal',
    label: 'same, 2026-only entries, browser, all chunks, min+gz',
    unit: 'KiB',
    better: 'lower',
    floorRatio: false,
  },
  {
    id: 'bundleNodeModern',
    label: 'same, 2026-only entries, Node, first chunk, min+gz',
    unit: 'KiB',
    better: 'lower',
    floorRatio: false,
  },
  {
    id: 'bundleNodeModernTotal',
    label: 'same, 2026-only entries, Node, all chunks, min+gz',
    unit: 'KiB',
    better: 'lower',
    floorRatio: false,
  },
  {
    id: 'bundleBrowserMinimal',
    label:
      'same, 2026-only entry with validation left to the app (validateWith: false), browser, first chunk, min+gz',
    unit: 'KiB',
    better: 'lower',
    floorRatio: false,
  },
  {
    id: 'bundleBrowserMinimalTotal',
    label:
      'same, 2026-only entry with validation left to the app (validateWith: false), browser, all chunks, min+gz',
    unit: 'KiB',
    better: 'lower',
    floorRatio: false,
  },
  {
    id: 'bundleNodeMinimal',
    label:
      'same, 2026-only entry with validation left to the app (validateWith: false), Node, first chunk, min+gz',
    unit: 'KiB',
    better: 'lower',
    floorRatio: false,
  },
  {
    id: 'bundleNodeMinimalTotal',
    label:
      'same, 2026-only entry with validation left to the app (validateWith: false), Node, all chunks, min+gz',
    unit: 'KiB',
    better: 'lower',
    floorRatio: false,
  },
];

/**
 * A slot may leave out a part it cannot offer yet (`installSpecs` returning null, no
 * `clientBundleEntry`). `modernClientBundleEntry` is the same client built from entries that speak
 * MCP 2026-07-28 only, for an SDK that offers them; `minimalClientBundleEntry` that client again from
 * an entry that leaves JSON Schema validation to the app, which chooses none.
 */
export async function sample(subject) {
  const { installSpecs, clientBundleEntry, modernClientBundleEntry, minimalClientBundleEntry } =
    await loadSlot(subject, 'footprint');
  const scratch = await mkdtemp(join(tmpdir(), 'mcpkit-bench-footprint-'));
  try {
    const metrics = {};
    for (const kind of ['client', 'server']) {
      const specs = await installSpecs(kind, scratch);
      if (specs === null) continue;
      const installed = await measureInstall(specs);
      metrics[`${kind}Install`] = installed.bytes / KiB;
      metrics[`${kind}Packages`] = installed.packages;
    }
    const bundles = [
      ['', clientBundleEntry],
      ['Modern', modernClientBundleEntry],
      ['Minimal', minimalClientBundleEntry],
    ];
    for (const [suffix, url] of bundles) {
      if (!url) continue;
      for (const [platform, name] of [
        ['browser', 'Browser'],
        ['node', 'Node'],
      ]) {
        const measured = await measureBundle(fileURLToPath(url), platform);
        metrics[`bundle${name}${suffix}`] = measured.gzipped / KiB;
        metrics[`bundle${name}${suffix}Total`] = measured.totalGzipped / KiB;
      }
    }
    return metrics;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
