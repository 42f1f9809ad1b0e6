// Floor footprint: nothing to install; the bundle is a hand-written fetch call.
export const clientBundleEntry = new URL('./client-bundle-entry.mjs', import.meta.url);

export async function installSpecs() {
  return [];
}
