let loading: Promise<typeof import('./lazy-code.js')> | undefined;

/**
 * The run loop of subscriptions, the response cache and the answering of input requests
 * (`lazy-code.ts`), loaded once when the client first needs one of them: a client that never
 * listens, caches nor answers input never loads them. A load that failed is tried again next time.
 */
export function loadLazyCode(): Promise<typeof import('./lazy-code.js')> {
  const load = loading ?? import('./lazy-code.js');
  loading = load;
  load.catch(() => {
    if (loading === load) loading = undefined;
  });
  return load;
}
