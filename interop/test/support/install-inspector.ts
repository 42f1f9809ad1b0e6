// Vitest global setup: installs the pinned MCP Inspector (interop/inspector) and the pinned Node 22
// it runs on (conformance/node22) with npm ci, when missing or pinned anew.
import { fileURLToPath } from 'node:url';
// @ts-expect-error: a plain ES module of the conformance runner, without types
import { ensureInstalled } from '../../../conformance/lib/install.mjs';

export default function setup(): void {
  ensureInstalled(fileURLToPath(new URL('../../inspector', import.meta.url)));
  ensureInstalled(fileURLToPath(new URL('../../../conformance/node22', import.meta.url)));
}
